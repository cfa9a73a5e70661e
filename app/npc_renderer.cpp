#include "npc_renderer.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace tsl::app {

namespace {

constexpr std::uint32_t kMaxDebugLines = 400;
constexpr float kRadPerDeg = static_cast<float>(std::numbers::pi / 180.0);

// A dart pointing along +x: tip, back corners, and a notch at the back, so
// it reads as a direction even when small. Pivot (the NPC's position) at 0.
constexpr float kDart[] = {
    0.78f, 0.0f, -0.30f, 0.5f,  -0.08f, 0.0f,   // upper half
    0.78f, 0.0f, -0.08f, 0.0f,  -0.30f, -0.5f,  // lower half
};
constexpr float kQuad[] = {0, -1, 1, -1, 1, 1, 0, -1, 1, 1, 0, 1};          // segment: along x in [0, 1], across y in [-1, 1]
constexpr float kSquare[] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};     // disc: [-1, 1]^2

void float_attribute(GLuint index, GLint size, GLsizei stride, std::size_t offset) {
    glEnableVertexAttribArray(index);
    glVertexAttribPointer(index, size, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offset));
    glVertexAttribDivisor(index, 1);
}
void colour_attribute(GLuint index, GLsizei stride, std::size_t offset) {
    glEnableVertexAttribArray(index);
    glVertexAttribPointer(index, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<const void*>(offset));
    glVertexAttribDivisor(index, 1);
}

}  // namespace

NpcRenderer::~NpcRenderer() {
    for (Batch* b : {&arrows_, &segments_, &discs_}) {
        if (b->vao) glDeleteVertexArrays(1, &b->vao);
        const GLuint buffers[] = {b->shape, b->instances};
        glDeleteBuffers(2, buffers);
    }
}

double NpcRenderer::arrow_length(std::uint32_t n) {
    const double spacing = n <= kMaxRingNpcs ? 2.0 * std::numbers::pi * kRingRadius / std::max(n, 1u)
                                             : 2.0 * kRingRadius / std::ceil(std::sqrt(static_cast<double>(n)));
    return std::min(0.23, 0.9 * spacing);
}

bool NpcRenderer::init(std::string& error) {
    if (!arrow_program_.build("arrow.vert", "solid.frag", error)) return false;
    if (!segment_program_.build("segment.vert", "segment.frag", error)) return false;
    if (!disc_program_.build("disc.vert", "disc.frag", error)) return false;

    auto make = [](Batch& b, const float* shape, std::size_t shape_floats) {
        glGenVertexArrays(1, &b.vao);
        glGenBuffers(1, &b.shape);
        glGenBuffers(1, &b.instances);
        glBindVertexArray(b.vao);
        glBindBuffer(GL_ARRAY_BUFFER, b.shape);
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(shape_floats * sizeof(float)), shape, GL_STATIC_DRAW);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
        b.shape_vertices = static_cast<GLsizei>(shape_floats / 2);
        glBindBuffer(GL_ARRAY_BUFFER, b.instances);
    };

    make(arrows_, kDart, std::size(kDart));
    constexpr GLsizei kArrow = sizeof(ArrowInstance);
    float_attribute(1, 2, kArrow, offsetof(ArrowInstance, x));
    float_attribute(2, 1, kArrow, offsetof(ArrowInstance, angle));
    float_attribute(3, 2, kArrow, offsetof(ArrowInstance, length));
    colour_attribute(4, kArrow, offsetof(ArrowInstance, rgba));

    make(segments_, kQuad, std::size(kQuad));
    constexpr GLsizei kSegment = sizeof(SegmentInstance);
    float_attribute(1, 4, kSegment, offsetof(SegmentInstance, x0));
    colour_attribute(2, kSegment, offsetof(SegmentInstance, rgba));

    make(discs_, kSquare, std::size(kSquare));
    constexpr GLsizei kDisc = sizeof(DiscInstance);
    float_attribute(1, 3, kDisc, offsetof(DiscInstance, x));
    colour_attribute(2, kDisc, offsetof(DiscInstance, fill));
    colour_attribute(3, kDisc, offsetof(DiscInstance, outline));

    glBindVertexArray(0);
    return true;
}

template <class Instance>
void NpcRenderer::upload(const Batch& batch, const std::vector<Instance>& instances) {
    glBindBuffer(GL_ARRAY_BUFFER, batch.instances);
    // Orphan the old storage so the driver need not wait for last frame's draw.
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(instances.size() * sizeof(Instance)), instances.data(), GL_STREAM_DRAW);
}

void NpcRenderer::set_view_uniforms(const ShaderProgram& program, const ViewTransform& view, int width, int height) const {
    glUseProgram(program.id());
    glUniform2f(program.uniform("u_viewport"), static_cast<float>(width), static_cast<float>(height));
    glUniform2f(program.uniform("u_origin"), static_cast<float>(view.origin_px.x), static_cast<float>(view.origin_px.y));
    glUniform1f(program.uniform("u_scale"), static_cast<float>(view.pixels_per_unit));
}

void NpcRenderer::draw_discs(const std::vector<DiscInstance>& discs, const ViewTransform& view, int width, int height,
                             float outline_px) {
    if (discs.empty()) return;
    set_view_uniforms(disc_program_, view, width, height);
    glUniform1f(disc_program_.uniform("u_outline_px"), outline_px);
    upload(discs_, discs);
    glBindVertexArray(discs_.vao);
    glDrawArraysInstanced(GL_TRIANGLES, 0, discs_.shape_vertices, static_cast<GLsizei>(discs.size()));
}

void NpcRenderer::draw(const NpcScene& scene, const NpcDrawOptions& options, int width, int height, const PixelRect& view_rect) {
    const Palette& colours = palette(options.palette);
    const ViewTransform view = npc_view(view_rect);
    const auto npcs = scene.npcs();
    const auto n = static_cast<std::uint32_t>(npcs.size());
    const float length = static_cast<float>(arrow_length(n));
    const float px = std::max(1.0f, std::min(view_rect.w, view_rect.h) / 600.0f);  // one "pixel" at projector scale

    glViewport(0, 0, width, height);
    glClearColor(colours.background.r, colours.background.g, colours.background.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glDisable(GL_SCISSOR_TEST);

    // Halos first, under everything: whose job runs in this update.
    disc_instances_.clear();
    if (options.highlight_running) {
        for (std::uint32_t key : scene.timeslicer().keys_started_in_last_update()) {
            if (key >= n) continue;
            const Npc& npc = npcs[key];
            disc_instances_.push_back({static_cast<float>(npc.position.x), static_cast<float>(npc.position.y), length * 0.42f,
                                       colours.running.with_alpha(0.30f).packed(), colours.running.packed()});
        }
    }
    draw_discs(disc_instances_, view, width, height, 2.0f * px);

    if (options.debug_lines) {
        // In a dense field, lines from every NPC would paint the view solid:
        // draw them for an evenly spread subset.
        segment_instances_.clear();
        const std::uint32_t line = colours.debug_line.packed();
        // (A field is row-major with `columns` per row: keep every k-th row and column.)
        const auto columns = static_cast<std::uint32_t>(std::ceil(std::sqrt(static_cast<double>(n))));
        const std::uint32_t k = n <= kMaxDebugLines ? 1 : static_cast<std::uint32_t>(std::ceil(std::sqrt(double(n) / kMaxDebugLines)));
        for (std::uint32_t i = 0; i < n; ++i) {
            if (k > 1 && ((i / columns) % k != 0 || (i % columns) % k != 0)) continue;
            const Npc& npc = npcs[i];
            segment_instances_.push_back({static_cast<float>(npc.position.x), static_cast<float>(npc.position.y),
                                          static_cast<float>(npc.decision.target_seen.x),
                                          static_cast<float>(npc.decision.target_seen.y), line});
        }
        set_view_uniforms(segment_program_, view, width, height);
        glUniform1f(segment_program_.uniform("u_half_width_px"), 0.7f * px);
        upload(segments_, segment_instances_);
        glBindVertexArray(segments_.vao);
        glDrawArraysInstanced(GL_TRIANGLES, 0, segments_.shape_vertices, static_cast<GLsizei>(segment_instances_.size()));
    }

    // Every NPC's two arrows in one instanced draw: the desired one (red,
    // slimmer, pushed a little forward so its tip shows even when the NPC
    // already faces that way), then the facing one (dark) on top.
    arrow_instances_.resize(2 * static_cast<std::size_t>(n));
    const std::uint32_t desired = colours.desired.packed(), facing = colours.facing.packed();
    const float lead = 0.16f * length;
    for (std::uint32_t i = 0; i < n; ++i) {
        const Npc& npc = npcs[i];
        const auto x = static_cast<float>(npc.position.x), y = static_cast<float>(npc.position.y);
        const float want = static_cast<float>(npc.decision.desired_deg) * kRadPerDeg;
        arrow_instances_[i] = {x + lead * std::cos(want), y + lead * std::sin(want), want, length, length * 0.20f, desired};
        arrow_instances_[n + i] = {x, y, static_cast<float>(npc.facing_deg) * kRadPerDeg, length, length * 0.28f, facing};
    }
    set_view_uniforms(arrow_program_, view, width, height);
    upload(arrows_, arrow_instances_);
    glBindVertexArray(arrows_.vao);
    glDrawArraysInstanced(GL_TRIANGLES, 0, arrows_.shape_vertices, static_cast<GLsizei>(arrow_instances_.size()));

    // The target on top: a grey disc with a dark outline, a fixed size on screen.
    const Vec2 target = scene.target_position();
    disc_instances_.assign(1, {static_cast<float>(target.x), static_cast<float>(target.y), static_cast<float>(0.075 * kRingRadius),
                               colours.target_fill.packed(), colours.target_outline.packed()});
    draw_discs(disc_instances_, view, width, height, 3.0f * px);

    glBindVertexArray(0);
    glUseProgram(0);
}

}  // namespace tsl::app
