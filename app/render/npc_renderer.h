// npc_renderer.h — draws the NPC scene: every NPC's facing (dark) and
// desired (red) orientation in one instanced draw of point sprites, the debug
// lines from each NPC to the target position its decision saw, halos on NPCs
// whose job runs this update, and the target.
//
// Cost, measured by `bench` (frame_cpu_ms): a renderer that sets up
// primitives on the CPU (Mesa's llvmpipe) pays on the submitting thread for
// every instance, vertex and triangle, and for every tile a long triangle
// crosses. So: a field of NPCs (a regular grid) is one quad whose fragment
// shader finds the NPC under each pixel — constant submission cost at any
// count, besides one copy of each NPC's two angles (as floats) into a texture
// the shaders read; the ring (at most 64 NPCs) is one point sprite per NPC; lines and
// discs, at most a few hundred, are expanded on the CPU into one draw each.
//
// Threading: main thread, with the GL context current. draw() only reads the
// scene (drawing never mutates the simulation).
#pragma once

#include "app/render/gl_util.h"
#include "app/render/palette.h"
#include "app/render/shape_batch.h"

#include "core/npc/npc_scene.h"
#include "core/base/view.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsl::app {

struct NpcDrawOptions {
    bool debug_lines = true;         // true — a thin line to the target position behind each decision
    bool highlight_running = true;   // true — halo on NPCs whose job the last update started
    PaletteKind palette = PaletteKind::Classic;  // set from the app's palette when drawing
    // The article's demo as its animations drew it (core's NpcLook::Article):
    // its darts, target and colours at `article_px` pixels per pixel of its
    // 500 x 300 stage; without debug lines, no desired darts either.
    bool article = false;
    float article_px = 1.0f;
    std::int64_t follow = -1;  // the NPC followed (its key; -1: none): ringed, with a line to the target as its decision saw it

    bool operator==(const NpcDrawOptions&) const = default;  // PaneState compares its panes
};

inline ViewTransform npc_view(const PixelRect& view_rect) { return ViewTransform::fit(view_rect, kNpcViewHalfExtent); }

class NpcRenderer {
public:
    // Compiles the shaders and creates buffers; false with the reason (naming
    // the shader file) on failure.
    Status init();

    // Draws into the bound framebuffer, whose viewport is width x height
    // pixels: background everywhere, the world fitted into `view_rect`.
    void draw(const NpcScene& scene, const NpcDrawOptions& options, int width, int height, const PixelRect& view_rect);
    // The same with the world's placement given (the article's stage).
    void draw(const NpcScene& scene, const NpcDrawOptions& options, int width, int height, const ViewTransform& view);

    // Arrow length in world units for n NPCs, so neighbours never overlap.
    static double arrow_length(std::uint32_t n);

private:
    struct DartStyle {
        Rgba facing, desired;
        bool article = false;
    };
    void draw_ring(const NpcScene& scene, const DartStyle& style, const ViewTransform& view, float length_px, int width, int height);
    void draw_field(const NpcScene& scene, const DartStyle& style, const ViewTransform& view, int width, int height);
    void set_dart_uniforms(const ShaderProgram& program, const DartStyle& style, float length_px) const;
    void upload_npcs(std::uint32_t count, int channels);

    ShaderProgram ring_program_, field_program_;
    GlVertexArray npc_vao_;
    GlTexture npc_texture_;          // 2D float texture, one texel per NPC; ring: RGBA (x, y, facing, desired), field: RG (facing, desired); radians
    int texture_rows_ = 0, texture_channels_ = 0;  // its current size and format
    std::uint32_t npc_count_ = 0;    // NPCs in it
    std::vector<float> npc_staging_; // what the next upload copies
    ShapeBatch shapes_;
};

}  // namespace tsl::app
