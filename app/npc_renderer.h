// npc_renderer.h — draws the NPC scene: every NPC's facing (dark) and
// desired (red) orientation in one instanced draw, the debug lines from each
// NPC to the target position its decision saw, halos on NPCs whose job runs
// this update, and the target.
//
// Threading: main thread, with the GL context current. draw() only reads the
// scene (drawing never mutates the simulation).
#pragma once

#include "gl_util.h"
#include "palette.h"

#include "core/npc_scene.h"
#include "core/view.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsl::app {

struct NpcDrawOptions {
    bool debug_lines = true;         // true — a thin line to the target position behind each decision
    bool highlight_running = true;   // true — halo on NPCs whose job the last update started
    PaletteKind palette = PaletteKind::Classic;
};

// The world square every NPC view shows: the ring (radius 1) plus room for arrows.
inline constexpr double kNpcViewHalfExtent = 1.22;
inline ViewTransform npc_view(const PixelRect& view_rect) { return ViewTransform::fit(view_rect, kNpcViewHalfExtent); }

class NpcRenderer {
public:
    NpcRenderer() = default;
    ~NpcRenderer();
    NpcRenderer(const NpcRenderer&) = delete;
    NpcRenderer& operator=(const NpcRenderer&) = delete;

    // Compiles the shaders and creates buffers; false with the reason (naming
    // the shader file) on failure.
    bool init(std::string& error);

    // Draws into the bound framebuffer, whose viewport is width x height
    // pixels: background everywhere, the world fitted into `view_rect`.
    void draw(const NpcScene& scene, const NpcDrawOptions& options, int width, int height, const PixelRect& view_rect);

    // Arrow length in world units for n NPCs, so neighbours never overlap.
    static double arrow_length(std::uint32_t n);

private:
    struct ArrowInstance {
        float x, y, angle, length, width;
        std::uint32_t rgba;
    };
    struct SegmentInstance {
        float x0, y0, x1, y1;
        std::uint32_t rgba;
    };
    struct DiscInstance {
        float x, y, radius;
        std::uint32_t fill, outline;
    };
    struct Batch {
        GLuint vao = 0, shape = 0, instances = 0;
        GLsizei shape_vertices = 0;
        GLenum primitive = GL_TRIANGLES;
    };

    void set_view_uniforms(const ShaderProgram& program, const ViewTransform& view, int width, int height) const;
    void draw_discs(const std::vector<DiscInstance>& discs, const ViewTransform& view, int width, int height, float outline_px);
    template <class Instance>
    void upload(const Batch& batch, const std::vector<Instance>& instances);

    ShaderProgram arrow_program_, segment_program_, disc_program_;
    Batch arrows_, segments_, discs_;
    std::vector<ArrowInstance> arrow_instances_;
    std::vector<SegmentInstance> segment_instances_;
    std::vector<DiscInstance> disc_instances_;
};

}  // namespace tsl::app
