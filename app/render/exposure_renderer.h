// exposure_renderer.h — draws the exposure scene: the map (exposed, hidden,
// walls) from a texture uploaded only when the map changes, optionally a
// sample of the sentinel's rays coloured by result, the character's path, the
// character, and the sentinel with its eye and facing.
//
// Threading: main thread, with the GL context current; draw() only reads.
#pragma once

#include "app/render/gl_util.h"
#include "app/render/palette.h"
#include "app/render/shape_batch.h"

#include "core/exposure/exposure_scene.h"
#include "core/base/view.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsl::app {

struct ExposureDrawOptions {
    bool rays = false;                 // false — a sample of rays from the eye, coloured by what they reach
    PaletteKind palette = PaletteKind::Classic;
};

// World units are cells, with (0, 0) at the grid's centre.
inline ViewTransform exposure_view(const PixelRect& view_rect, int grid_width) {
    return ViewTransform::fit(view_rect, grid_width * 0.5 * 1.02);
}

class ExposureRenderer {
public:

    Status init();
    void draw(const ExposureScene& scene, const ExposureDrawOptions& options, int width, int height, const PixelRect& view_rect);

    std::uint64_t uploads() const { return uploads_; }  // texture uploads so far

private:
    void upload(const ExposureScene& scene);

    ShaderProgram grid_program_;
    GlVertexArray vao_;
    GlTexture texture_;
    ShapeBatch shapes_;
    std::vector<std::uint8_t> cells_;
    const OccupancyGrid* uploaded_grid_ = nullptr;
    std::uint64_t uploaded_version_ = ~std::uint64_t{0};
    std::uint64_t uploads_ = 0;
};

}  // namespace tsl::app
