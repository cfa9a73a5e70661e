#include "npc_renderer.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace tsl::app {

namespace {

constexpr float kRadPerDeg = static_cast<float>(std::numbers::pi / 180.0);
constexpr int kNpcsPerInstance = 1024;         // see shaders/npc_point.vert
constexpr std::uint32_t kMaxDebugLines = 150;  // beyond this, lines for an even subset of NPCs

// How far from an NPC its darts reach, in arrow lengths: kDartReach in
// shaders/npc_darts.glsl.
constexpr double kDartReach = 0.94;

constexpr float kQuadAlong[6] = {0, 1, 1, 0, 1, 0}, kQuadAcross[6] = {-1, -1, 1, -1, 1, 1};

void attribute(GLuint index, GLint size, GLenum type, GLsizei stride, std::size_t offset) {
    glEnableVertexAttribArray(index);
    glVertexAttribPointer(index, size, type, type == GL_UNSIGNED_BYTE ? GL_TRUE : GL_FALSE, stride,
                          reinterpret_cast<const void*>(offset));
}

template <class T>
void upload(GLuint buffer, const std::vector<T>& data) {
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    // Orphan last frame's storage: the driver need not wait for its draw.
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(T)), data.data(), GL_STREAM_DRAW);
}

}  // namespace

NpcRenderer::~NpcRenderer() {
    if (npc_texture_) glDeleteTextures(1, &npc_texture_);
    for (Mesh* mesh : {&npcs_, &segments_, &discs_}) {
        if (mesh->vao) glDeleteVertexArrays(1, &mesh->vao);
        if (mesh->buffer) glDeleteBuffers(1, &mesh->buffer);
    }
}

double NpcRenderer::arrow_length(std::uint32_t n) {
    if (n <= kMaxRingNpcs) return std::min(0.23, 0.9 * 2.0 * std::numbers::pi * kRingRadius / std::max(n, 1u));
    // In a field both darts must stay inside the NPC's own cell (npc_field.frag).
    const double spacing = 2.0 * kRingRadius / std::ceil(std::sqrt(static_cast<double>(n)));
    return std::min(0.23, 0.96 * 0.5 * spacing / kDartReach);
}

bool NpcRenderer::init(std::string& error) {
    if (!ring_program_.build("npc_point.vert", "npc_point.frag", error, "npc_darts.glsl")) return false;
    if (!field_program_.build("npc_field.vert", "npc_field.frag", error, "npc_darts.glsl")) return false;
    if (!segment_program_.build("segment.vert", "segment.frag", error)) return false;
    if (!disc_program_.build("disc.vert", "disc.frag", error)) return false;

    for (Mesh* mesh : {&npcs_, &segments_, &discs_}) {
        glGenVertexArrays(1, &mesh->vao);
        glGenBuffers(1, &mesh->buffer);
    }
    glGenTextures(1, &npc_texture_);  // NPCs need no attributes: the shader pulls them

    glBindVertexArray(segments_.vao);
    glBindBuffer(GL_ARRAY_BUFFER, segments_.buffer);
    constexpr GLsizei kSegment = sizeof(SegmentVertex);
    attribute(0, 4, GL_FLOAT, kSegment, offsetof(SegmentVertex, x0));
    attribute(1, 2, GL_FLOAT, kSegment, offsetof(SegmentVertex, along));
    attribute(2, 4, GL_UNSIGNED_BYTE, kSegment, offsetof(SegmentVertex, rgba));

    glBindVertexArray(discs_.vao);
    glBindBuffer(GL_ARRAY_BUFFER, discs_.buffer);
    constexpr GLsizei kDisc = sizeof(DiscVertex);
    attribute(0, 3, GL_FLOAT, kDisc, offsetof(DiscVertex, x));
    attribute(1, 2, GL_FLOAT, kDisc, offsetof(DiscVertex, cx));
    attribute(2, 4, GL_UNSIGNED_BYTE, kDisc, offsetof(DiscVertex, fill));
    attribute(3, 4, GL_UNSIGNED_BYTE, kDisc, offsetof(DiscVertex, outline));

    glBindVertexArray(0);
    return true;
}

void NpcRenderer::use_view(const ShaderProgram& program, const ViewTransform& view, int width, int height) const {
    glUseProgram(program.id());
    glUniform2f(program.uniform("u_viewport"), static_cast<float>(width), static_cast<float>(height));
    glUniform2f(program.uniform("u_origin"), static_cast<float>(view.origin_px.x), static_cast<float>(view.origin_px.y));
    glUniform1f(program.uniform("u_scale"), static_cast<float>(view.pixels_per_unit));
}

void NpcRenderer::add_disc(Vec2 centre, float radius, Rgba fill, Rgba outline) {
    for (int corner = 0; corner < 6; ++corner)
        disc_vertices_.push_back({static_cast<float>(centre.x), static_cast<float>(centre.y), radius, 2 * kQuadAlong[corner] - 1,
                                  kQuadAcross[corner], fill.packed(), outline.packed()});
}

void NpcRenderer::draw_discs(const ViewTransform& view, int width, int height, float outline_px) {
    if (disc_vertices_.empty()) return;
    use_view(disc_program_, view, width, height);
    glUniform1f(disc_program_.uniform("u_outline_px"), outline_px);
    upload(discs_.buffer, disc_vertices_);
    glBindVertexArray(discs_.vao);
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(disc_vertices_.size()));
}

void NpcRenderer::draw_segments(const ViewTransform& view, int width, int height, float half_width_px) {
    if (segment_vertices_.empty()) return;
    use_view(segment_program_, view, width, height);
    glUniform1f(segment_program_.uniform("u_half_width_px"), half_width_px);
    upload(segments_.buffer, segment_vertices_);
    glBindVertexArray(segments_.vao);
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(segment_vertices_.size()));
}

void NpcRenderer::set_dart_uniforms(const ShaderProgram& program, const Palette& colours, float length_px) const {
    glUniform1i(program.uniform("u_npcs"), 0);
    glUniform1f(program.uniform("u_length_px"), length_px);
    const Rgba f = colours.facing, d = colours.desired;
    glUniform4f(program.uniform("u_facing_color"), f.r, f.g, f.b, f.a);
    glUniform4f(program.uniform("u_desired_color"), d.r, d.g, d.b, d.a);
    glUniform1i(program.uniform("u_count"), static_cast<GLint>(npc_texels_.size()));
    upload(npcs_.buffer, npc_texels_);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_BUFFER, npc_texture_);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, npcs_.buffer);
    glBindVertexArray(npcs_.vao);
}

void NpcRenderer::draw_ring(const NpcScene& scene, const Palette& colours, const ViewTransform& view, float length, int width,
                            int height) {
    const auto npcs = scene.npcs();
    npc_texels_.resize(npcs.size());
    for (std::size_t i = 0; i < npcs.size(); ++i) {
        const Npc& npc = npcs[i];
        npc_texels_[i] = {static_cast<float>(npc.position.x), static_cast<float>(npc.position.y),
                          static_cast<float>(npc.facing_deg) * kRadPerDeg, static_cast<float>(npc.decision.desired_deg) * kRadPerDeg};
    }
    const float length_px = static_cast<float>(length * view.pixels_per_unit);
    use_view(ring_program_, view, width, height);
    set_dart_uniforms(ring_program_, colours, length_px);
    glUniform1i(ring_program_.uniform("u_per_instance"), kNpcsPerInstance);
    glUniform1f(ring_program_.uniform("u_sprite_px"), 2.0f * (static_cast<float>(kDartReach) * length_px + 1.5f));
    glEnable(GL_PROGRAM_POINT_SIZE);
    const auto count = static_cast<GLsizei>(npc_texels_.size());
    glDrawArraysInstanced(GL_POINTS, 0, kNpcsPerInstance, (count + kNpcsPerInstance - 1) / kNpcsPerInstance);
    glBindTexture(GL_TEXTURE_BUFFER, 0);
}

void NpcRenderer::draw_field(const NpcScene& scene, const Palette& colours, const ViewTransform& view, int width, int height) {
    const auto npcs = scene.npcs();
    const auto n = static_cast<std::uint32_t>(npcs.size());
    npc_texels_.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        const double facing = npcs[i].facing_deg / kDegPerRad, desired = npcs[i].decision.desired_deg / kDegPerRad;
        npc_texels_[i] = {static_cast<float>(std::cos(facing)), static_cast<float>(std::sin(facing)),
                          static_cast<float>(std::cos(desired)), static_cast<float>(std::sin(desired))};
    }
    // The field's grid, as NpcScene::layout_position lays it out.
    const auto columns = static_cast<std::uint32_t>(std::ceil(std::sqrt(static_cast<double>(n))));
    const auto rows = (n + columns - 1) / columns;
    const double spacing = 2.0 * kRingRadius / columns;
    const float length_px = static_cast<float>(arrow_length(n) * view.pixels_per_unit);
    use_view(field_program_, view, width, height);
    set_dart_uniforms(field_program_, colours, length_px);
    glUniform1i(field_program_.uniform("u_columns"), static_cast<GLint>(columns));
    glUniform1f(field_program_.uniform("u_spacing"), static_cast<float>(spacing));
    glUniform4f(field_program_.uniform("u_bounds"), static_cast<float>(-kRingRadius), static_cast<float>(-kRingRadius),
                static_cast<float>(kRingRadius), static_cast<float>(-kRingRadius + rows * spacing));
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBindTexture(GL_TEXTURE_BUFFER, 0);
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
    disc_vertices_.clear();
    if (options.highlight_running)
        for (std::uint32_t key : scene.timeslicer().keys_started_in_last_update())
            if (key < n) add_disc(npcs[key].position, length * 0.42f, colours.running.with_alpha(0.30f), colours.running);
    draw_discs(view, width, height, 2.0f * px);

    // Debug lines. In a dense field, lines from every NPC would paint the view
    // solid: keep every k-th row and column of the (row-major) field.
    segment_vertices_.clear();
    if (options.debug_lines) {
        const std::uint32_t rgba = colours.debug_line.packed();
        const auto columns = static_cast<std::uint32_t>(std::ceil(std::sqrt(static_cast<double>(n))));
        const std::uint32_t k =
            n <= kMaxDebugLines ? 1 : static_cast<std::uint32_t>(std::ceil(std::sqrt(static_cast<double>(n) / kMaxDebugLines)));
        for (std::uint32_t i = 0; i < n; ++i) {
            if (k > 1 && ((i / columns) % k != 0 || (i % columns) % k != 0)) continue;
            const Npc& npc = npcs[i];
            for (int corner = 0; corner < 6; ++corner)
                segment_vertices_.push_back({static_cast<float>(npc.position.x), static_cast<float>(npc.position.y),
                                             static_cast<float>(npc.decision.target_seen.x),
                                             static_cast<float>(npc.decision.target_seen.y), kQuadAlong[corner], kQuadAcross[corner], rgba});
        }
    }
    draw_segments(view, width, height, 0.7f * px);

    // Every NPC's two arrows, in one draw.
    if (n <= kMaxRingNpcs) draw_ring(scene, colours, view, length, width, height);
    else draw_field(scene, colours, view, width, height);

    // The target on top: a grey disc with a dark outline.
    disc_vertices_.clear();
    add_disc(scene.target_position(), static_cast<float>(0.075 * kRingRadius), colours.target_fill, colours.target_outline);
    draw_discs(view, width, height, 3.0f * px);

    glBindVertexArray(0);
    glUseProgram(0);
}

}  // namespace tsl::app
