#include "app/render/exposure_renderer.h"

#include <algorithm>
#include <cmath>

namespace tsl::app {

Status ExposureRenderer::init() {
    if (Status built = grid_program_.build("grid.vert", "grid.frag"); !built) return built;
    if (Status built = shapes_.init(); !built) return built;
    vao_ = new_vertex_array();
    texture_ = create_texel_texture();
    return {};
}

void ExposureRenderer::upload(const ExposureScene& scene) {
    const OccupancyGrid& grid = scene.grid();
    if (uploaded_grid_ == &grid && uploaded_version_ == scene.exposure_version()) return;  // unchanged
    const std::vector<std::uint8_t>& exposed = scene.exposure();
    cells_.resize(grid.cell_count());
    for (std::size_t i = 0; i < cells_.size(); ++i) cells_[i] = grid.walls[i] ? 2 : exposed[i];
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8UI, grid.width, grid.width, 0, GL_RED_INTEGER, GL_UNSIGNED_BYTE, cells_.data());
    uploaded_grid_ = &grid;
    uploaded_version_ = scene.exposure_version();
    ++uploads_;
}

void ExposureRenderer::draw(const ExposureScene& scene, const ExposureDrawOptions& options, int width, int height,
                            const PixelRect& view_rect) {
    const Palette& p = palette(options.palette);
    const OccupancyGrid& grid = scene.grid();
    const int w = grid.width;
    const ViewTransform view = exposure_view(view_rect, w);
    const double half = w * 0.5;
    auto world = [half](Vec2 cell_units) { return Vec2{cell_units.x - half, cell_units.y - half}; };
    auto centre = [&](Cell c) { return world({c.x + 0.5, c.y + 0.5}); };
    const float px = std::max(1.0f, std::min(view_rect.w, view_rect.h) / 600.0f);
    const double cell_px = view.pixels_per_unit;

    begin_scene_draw(width, height, p.background.r, p.background.g, p.background.b);

    upload(scene);
    use_view(grid_program_, view, width, height);
    glUniform1f(grid_program_.uniform("u_half_width"), static_cast<float>(half));
    glUniform1i(grid_program_.uniform("u_width"), w);
    glUniform1i(grid_program_.uniform("u_map"), 0);
    auto colour = [&](const char* name, Rgba c) { glUniform4f(grid_program_.uniform(name), c.r, c.g, c.b, c.a); };
    colour("u_hidden", p.hidden);
    colour("u_exposed", p.exposed);
    colour("u_wall", p.wall);
    colour("u_line", p.cell_line);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    glBindVertexArray(vao_.id());
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBindTexture(GL_TEXTURE_2D, 0);

    // A sample of rays: from the eye to cells on a coarse lattice.
    const Vec2 eye = centre(scene.eye());
    if (options.rays) {
        const int step = std::max(1, w / 14);
        for (int y = step / 2; y < w; y += step)
            for (int x = step / 2; x < w; x += step) {
                if (grid.wall(x, y)) continue;
                const bool seen = scene.exposure()[grid.index(x, y)] != 0;
                shapes_.add_segment(eye, centre({x, y}), seen ? p.ray_seen : p.ray_blocked);
            }
        shapes_.draw(view, width, height, 0.6f * px, 1.0f);
    }

    // The character's path, then the character.
    const Character& c = scene.character();
    const double body = std::max(0.45, 6.0 * px / cell_px);  // at least a few pixels, whatever the grid size
    Vec2 from = world(c.position);
    for (const Cell& next : c.path) {
        shapes_.add_segment(from, centre(next), p.character.with_alpha(0.8f));
        from = centre(next);
    }
    shapes_.draw(view, width, height, 1.1f * px, 1.0f);
    if (c.phase == CharacterPhase::Walking)
        shapes_.add_disc(centre(c.destination), body * 0.9, p.character.with_alpha(0.0f), p.character);
    shapes_.add_disc(world(c.position), body, p.character, hex(0x0E0E0E));
    shapes_.draw(view, width, height, 1.0f, 2.0f * px);

    // The sentinel: a disc, its facing as a short line, its eye as a dot.
    const Vec2 s = world(scene.sentinel_position());
    const double a = scene.sentinel_heading_deg() / kDegPerRad;
    shapes_.add_segment(s, s + Vec2{std::cos(a), std::sin(a)} * (body * 2.4), p.sentinel);
    shapes_.draw(view, width, height, 2.0f * px, 1.0f);
    shapes_.add_disc(s, body * 1.2, p.sentinel, hex(0x0E0E0E));
    shapes_.add_disc(eye, body * 0.45, hex(0xFFFFFF), hex(0x0E0E0E));
    shapes_.draw(view, width, height, 1.0f, 2.0f * px);
    glBindVertexArray(0);
    glUseProgram(0);
}

}  // namespace tsl::app
