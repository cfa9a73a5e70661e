#include "app/render/npc_renderer.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <cstddef>

namespace tsl::app {

namespace {

constexpr float kRadPerDeg = static_cast<float>(std::numbers::pi / 180.0);
constexpr int kNpcsPerInstance = 1024;         // see shaders/npc_point.vert
constexpr int kNpcsPerRow = 1024;              // texels per row of the NPC texture: kNpcsPerRow in shaders/npc_*.vert/frag
constexpr std::uint32_t kMaxDebugLines = 150;  // beyond this, lines for an even subset of NPCs

// How far from an NPC its darts reach, in arrow lengths: kDartReach in
// shaders/npc_darts.glsl.
constexpr double kDartReach = 0.94;

}  // namespace

double NpcRenderer::arrow_length(std::uint32_t n) {
    if (n <= kMaxRingNpcs) return std::min(0.23, 0.9 * 2.0 * std::numbers::pi * kRingRadius / std::max(n, 1u));
    // In a field both darts must stay inside the NPC's own cell (npc_field.frag).
    const double spacing = 2.0 * kRingRadius / std::ceil(std::sqrt(static_cast<double>(n)));
    return std::min(0.23, 0.96 * 0.5 * spacing / kDartReach);
}

Status NpcRenderer::init() {
    if (Status built = ring_program_.build("npc_point.vert", "npc_point.frag", "npc_darts.glsl"); !built) return built;
    if (Status built = field_program_.build("npc_field.vert", "npc_field.frag", "npc_darts.glsl"); !built) return built;
    if (Status built = shapes_.init(); !built) return built;
    // NPCs need no vertex attributes: the shaders pull them from a texture
    // (texelFetch only: float textures are not filterable in OpenGL ES 3.0).
    npc_vao_ = new_vertex_array();
    npc_texture_ = create_texel_texture();
    return {};
}

// The staged NPC data into the NPC texture (kNpcsPerRow texels a row), with
// `channels` floats per NPC. The texture is made again only when its size or
// format changes; otherwise one copy replaces its contents.
void NpcRenderer::upload_npcs(std::uint32_t count, int channels) {
    const int rows = std::max(1, static_cast<int>((count + kNpcsPerRow - 1) / kNpcsPerRow));
    npc_staging_.resize(static_cast<std::size_t>(rows) * kNpcsPerRow * channels);  // the last row's tail: never read
    const GLenum format = channels == 4 ? GL_RGBA : GL_RG;
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, npc_texture_.id());
    if (rows != texture_rows_ || channels != texture_channels_) {
        glTexImage2D(GL_TEXTURE_2D, 0, channels == 4 ? GL_RGBA32F : GL_RG32F, kNpcsPerRow, rows, 0, format, GL_FLOAT, npc_staging_.data());
        texture_rows_ = rows;
        texture_channels_ = channels;
    } else {
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kNpcsPerRow, rows, format, GL_FLOAT, npc_staging_.data());
    }
    npc_count_ = count;
}

void NpcRenderer::set_dart_uniforms(const ShaderProgram& program, const DartStyle& style, float length_px) const {
    glUniform1i(program.uniform("u_npcs"), 0);
    glUniform1f(program.uniform("u_length_px"), length_px);
    glUniform1i(program.uniform("u_article_darts"), style.article ? 1 : 0);
    const Rgba f = style.facing, d = style.desired;
    glUniform4f(program.uniform("u_facing_color"), f.r, f.g, f.b, f.a);
    glUniform4f(program.uniform("u_desired_color"), d.r, d.g, d.b, d.a);
    glUniform1i(program.uniform("u_count"), static_cast<GLint>(npc_count_));
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, npc_texture_.id());
    glBindVertexArray(npc_vao_.id());
}

void NpcRenderer::draw_ring(const NpcScene& scene, const DartStyle& style, const ViewTransform& view, float length_px, int width,
                            int height) {
    const auto npcs = scene.npcs();
    const auto n = static_cast<std::uint32_t>(npcs.size());
    npc_staging_.resize(std::size_t{n} * 4);
    for (std::uint32_t i = 0; i < n; ++i) {  // x, y, facing, desired (radians)
        const Npc& npc = npcs[i];
        float* texel = &npc_staging_[std::size_t{i} * 4];
        texel[0] = static_cast<float>(npc.position.x);
        texel[1] = static_cast<float>(npc.position.y);
        texel[2] = static_cast<float>(npc.facing_deg) * kRadPerDeg;
        texel[3] = static_cast<float>(npc.decision.desired_deg) * kRadPerDeg;
    }
    upload_npcs(n, 4);
    use_view(ring_program_, view, width, height);
    set_dart_uniforms(ring_program_, style, length_px);
    glUniform1i(ring_program_.uniform("u_per_instance"), kNpcsPerInstance);
    const float reach = style.article ? 1.0f : static_cast<float>(kDartReach);
    glUniform1f(ring_program_.uniform("u_sprite_px"), 2.0f * (reach * length_px + 1.5f));
    enable_point_size();
    const auto count = static_cast<GLsizei>(n);
    glDrawArraysInstanced(GL_POINTS, 0, kNpcsPerInstance, (count + kNpcsPerInstance - 1) / kNpcsPerInstance);
    glBindTexture(GL_TEXTURE_2D, 0);
}

void NpcRenderer::draw_field(const NpcScene& scene, const DartStyle& style, const ViewTransform& view, int width, int height) {
    const auto npcs = scene.npcs();
    const auto n = static_cast<std::uint32_t>(npcs.size());
    // The raw state only, a multiply per angle (as on the ring; a division
    // here cost 0.2 ms at 100,000 NPCs): the fragment shader finds the
    // arrows' directions (npc_field.frag).
    npc_staging_.resize(std::size_t{n} * 2);
    for (std::uint32_t i = 0; i < n; ++i) {
        npc_staging_[std::size_t{i} * 2] = static_cast<float>(npcs[i].facing_deg) * kRadPerDeg;
        npc_staging_[std::size_t{i} * 2 + 1] = static_cast<float>(npcs[i].decision.desired_deg) * kRadPerDeg;
    }
    upload_npcs(n, 2);
    // The field's grid, as NpcScene::layout_position lays it out.
    const auto columns = static_cast<std::uint32_t>(std::ceil(std::sqrt(static_cast<double>(n))));
    const auto rows = (n + columns - 1) / columns;
    const double spacing = 2.0 * kRingRadius / columns;
    const float length_px = static_cast<float>(arrow_length(n) * view.pixels_per_unit);
    use_view(field_program_, view, width, height);
    set_dart_uniforms(field_program_, style, length_px);
    glUniform1i(field_program_.uniform("u_columns"), static_cast<GLint>(columns));
    glUniform1f(field_program_.uniform("u_spacing"), static_cast<float>(spacing));
    glUniform4f(field_program_.uniform("u_bounds"), static_cast<float>(-kRingRadius), static_cast<float>(-kRingRadius),
                static_cast<float>(kRingRadius), static_cast<float>(-kRingRadius + rows * spacing));
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBindTexture(GL_TEXTURE_2D, 0);
}

void NpcRenderer::draw(const NpcScene& scene, const NpcDrawOptions& options, int width, int height, const PixelRect& view_rect) {
    draw(scene, options, width, height, npc_view(view_rect));
}

void NpcRenderer::draw(const NpcScene& scene, const NpcDrawOptions& options, int width, int height, const ViewTransform& view) {
    const Palette& colours = palette(options.palette);
    const auto npcs = scene.npcs();
    const auto n = static_cast<std::uint32_t>(npcs.size());
    const float length = static_cast<float>(arrow_length(n));
    const float side = static_cast<float>(2.0 * kNpcViewHalfExtent * view.pixels_per_unit);  // the view's square, pixels
    const float px = options.article ? 1.0f : std::max(1.0f, side / 600.0f);  // one "pixel" at projector scale
    const Rgba paper = options.article ? hex(kArticlePaper) : colours.background;
    // The article's demo: its darts 36 px long (tip 30), lines and darts in its red.
    DartStyle darts{colours.facing, colours.desired, false};
    Rgba line_colour = colours.debug_line;
    if (options.article) {
        darts = {hex(kArticleInk), options.debug_lines ? hex(kArticleRed) : hex(kArticleRed, 0.0f), true};
        line_colour = hex(kArticleRed);
    }

    glViewport(0, 0, width, height);
    glClearColor(paper.r, paper.g, paper.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glDisable(GL_SCISSOR_TEST);

    // The danger map's twelve cells on the target's circle, under everything:
    // a hot cell filled, the others outlined.
    if (scene.config().map.on) {
        const double r = scene.target_orbit_radius();
        const double cell_radius = 0.48 * 2.0 * std::numbers::pi * r / kMapCells;
        for (std::uint32_t k = 0; k < kMapCells; ++k) {
            const bool hot = scene.danger_map().cell(k).hot;
            shapes_.add_disc(DangerMap::cell_direction(k) * r, cell_radius, hot ? colours.desired.with_alpha(0.55f) : paper.with_alpha(0.0f),
                             hot ? colours.desired : colours.faint_ink);
        }
        shapes_.draw(view, width, height, 0.7f * px, 1.5f * px);
    }

    // Halos first, under everything: whose job runs in this update.
    if (options.highlight_running)
        for (std::uint32_t key : scene.timeslicer().keys_started_in_last_update())
            if (key < n) shapes_.add_disc(npcs[key].position, length * 0.42, colours.running.with_alpha(0.30f), colours.running);
    shapes_.draw(view, width, height, 0.7f * px, 2.0f * px);

    // The NPC followed: a ring, and a line to where its decision saw the target, with a disc there.
    if (options.follow >= 0 && options.follow < static_cast<std::int64_t>(n)) {
        const Npc& followed = npcs[static_cast<std::size_t>(options.follow)];
        const Rgba colour = options.article ? hex(kArticleRed) : colours.desired;
        shapes_.add_segment(followed.position, followed.decision.target_seen, colour);
        shapes_.draw(view, width, height, 1.6f * px, 2.0f * px);
        const double least = 10.0 * px / view.pixels_per_unit;  // visible in a dense field too
        shapes_.add_disc(followed.decision.target_seen, std::max(0.05 * kRingRadius, least), colour.with_alpha(0.25f), colour);
        shapes_.add_disc(followed.position, std::max(length * 0.62, least), paper.with_alpha(0.0f), colour);
        shapes_.draw(view, width, height, 0.7f * px, 3.0f * px);
    }

    // Debug lines. In a dense field, lines from every NPC would paint the view
    // solid: keep every k-th row and column of the (row-major) field, visiting
    // only those NPCs (a test of every NPC cost 0.5 ms at 100,000).
    if (options.debug_lines) {
        const auto columns = static_cast<std::uint32_t>(std::ceil(std::sqrt(static_cast<double>(n))));
        const std::uint32_t k =
            n <= kMaxDebugLines ? 1 : static_cast<std::uint32_t>(std::ceil(std::sqrt(static_cast<double>(n) / kMaxDebugLines)));
        for (std::uint32_t row_start = 0; row_start < n; row_start += k * columns)
            for (std::uint32_t i = row_start; i < std::min(n, row_start + columns); i += k)
                shapes_.add_segment(npcs[i].position, npcs[i].decision.target_seen, line_colour);
    }
    shapes_.draw(view, width, height, options.article ? 0.5f * options.article_px : 0.7f * px, 2.0f * px);

    // Every NPC's two arrows, in one draw.
    if (n <= kMaxRingNpcs) {
        const float length_px = options.article ? 30.0f * options.article_px : static_cast<float>(length * view.pixels_per_unit);
        draw_ring(scene, darts, view, length_px, width, height);
    } else {
        draw_field(scene, darts, view, width, height);
    }

    // The target on top: a grey disc with a dark outline (the demo's: radius 8 with a 4 px stroke on it).
    if (options.article) {
        shapes_.add_disc(scene.target_position(), 10.0 * options.article_px / view.pixels_per_unit, hex(kArticleTargetFill), hex(kArticleInk));
        shapes_.draw(view, width, height, 0.7f, 4.0f * options.article_px);
    } else {
        shapes_.add_disc(scene.target_position(), 0.075 * kRingRadius, colours.target_fill, colours.target_outline);
        shapes_.draw(view, width, height, 0.7f * px, 3.0f * px);
    }

    glBindVertexArray(0);
    glUseProgram(0);
}

}  // namespace tsl::app
