// engine_renderer.h — draws one pane of the engine scene: the arena (walls
// from a texture uploaded when the arena changes, the rally points), every
// agent as an instanced point sprite coloured by its route (none, pending,
// ready) with a mark at its heading, and for an even sample of agents the
// line to its goal — thin while its route is pending — or the route it
// follows once ready.
//
// Everything comes from the scene's own copy of the agents' fields (what the
// state manager distributed), never from a system's data: a free-step AI may
// be running while the frame is drawn.
//
// Threading: main thread, with the GL context current; draw() only reads.
#pragma once

#include "app/render/gl_util.h"
#include "app/render/palette.h"
#include "app/render/shape_batch.h"

#include "core/base/view.h"
#include "core/engine/engine_scene.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsl::app {

struct EngineDrawOptions {
    bool routes = true;                          // true — lines to goals and routes for a sample of agents
    PaletteKind palette = PaletteKind::Classic;
};

// The engine scene's colours, in both palettes (Okabe-Ito hues: no meaning
// rests on red against green).
struct EngineColours {
    Rgba floor, wall, rally;
    Rgba resting, pending, ready, outline;
};
const EngineColours& engine_colours(PaletteKind palette);

// World units are cells, with (0, 0) at the arena's centre.
inline ViewTransform engine_view(const PixelRect& view_rect, int arena_width) {
    return ViewTransform::fit(view_rect, arena_width * 0.5 * 1.02);
}

class EngineRenderer {
public:
    static constexpr std::uint32_t kMaxRouteLines = 48;  // agents whose goal or route is drawn, evenly spread


    Status init();
    void draw(const EngineScene& scene, const EngineDrawOptions& options, int width, int height, const PixelRect& view_rect);

private:
    void upload_arena(const EngineScene& scene);
    void draw_routes(const EngineScene& scene, const EngineColours& colours, const ViewTransform& view, int width, int height, float px);
    void draw_agents(const EngineScene& scene, const EngineColours& colours, const ViewTransform& view, int width, int height);

    ShaderProgram grid_program_, agent_program_;
    GlVertexArray grid_vao_;
    GlTexture arena_texture_;
    GlVertexArray agent_vao_;
    GlTexture agent_texture_;
    int agent_rows_ = 0;  // rows of the agent texture's storage (0: none yet)
    ShapeBatch shapes_;
    int uploaded_width_ = 0;           // the arena in the texture: its walls follow from its size and rally points
    std::vector<Cell> uploaded_rally_;
    std::vector<std::uint8_t> cells_;
    std::vector<float> texels_;  // 4 per agent
};

}  // namespace tsl::app
