// shape_batch.h — antialiased line segments and discs in world units, batched
// into one draw each: debug lines and halos in the NPC view, rays, paths,
// the sentinel and the character in the exposure view.
//
// Threading: main thread, with the GL context current.
#pragma once

#include "app/render/gl_util.h"
#include "app/render/palette.h"

#include "core/base/view.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsl::app {

class ShapeBatch {
public:
    Status init();  // compiles shaders/segment.* and shaders/disc.*

    void add_segment(Vec2 a, Vec2 b, Rgba colour);
    void add_disc(Vec2 centre, double radius, Rgba fill, Rgba outline);

    // Draws what was added (segments first, then discs) and empties the batch.
    // The framebuffer is width x height pixels; widths are in pixels.
    void draw(const ViewTransform& view, int width, int height, float line_half_width_px, float outline_px);
    bool empty() const { return segments_.empty() && discs_.empty(); }

private:
    struct SegmentVertex {
        glm::vec2 a, b;        // the segment, world units
        glm::vec2 corner;      // this corner: 0 or 1 along, -1 or +1 across
        std::uint32_t rgba;
    };
    struct DiscVertex {
        glm::vec2 centre;      // the disc, world units
        float radius;
        glm::vec2 corner;      // this corner of its square, in [-1, 1]^2
        std::uint32_t fill, outline;
    };
    // One kind of shape: its program, and its vertices' array and buffer.
    struct Mesh {
        ShaderProgram program;
        GlVertexArray vao;
        GlBuffer buffer;
        // Draws `vertices` (triangles) with the view and the program's width
        // uniform `width_uniform` set, then empties them; none, no draw.
        template <class Vertex>
        void draw(std::vector<Vertex>& vertices, const char* width_uniform, float width_px, const ViewTransform& view, int width,
                  int height) const;
    };
    Mesh segment_mesh_, disc_mesh_;
    std::vector<SegmentVertex> segments_;
    std::vector<DiscVertex> discs_;
};

// Sets u_viewport, u_origin and u_scale of `program` (and makes it current).
void use_view(const ShaderProgram& program, const ViewTransform& view, int width, int height);

}  // namespace tsl::app
