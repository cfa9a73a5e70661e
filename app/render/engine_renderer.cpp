#include "app/render/engine_renderer.h"

#include "core/exposure/pathfinding.h"

#include <algorithm>
#include <cmath>

namespace tsl::app {

namespace {

constexpr int kAgentsPerInstance = 1024;  // see shaders/agent.vert
constexpr int kAgentsPerRow = 1024;       // texels per row of the agent texture: kAgentsPerRow in shaders/agent.vert
constexpr int kRouteSteps = 80;           // cells of a route drawn at most

}  // namespace

const EngineColours& engine_colours(PaletteKind palette) {
    static const EngineColours classic{hex(0xF4F1EA), hex(0x34363A), hex(0xE4DCC8),
                                       hex(0xA7A7A7), hex(0xE09A00), hex(0x1F6FB2), hex(0x161616)};
    static const EngineColours colour_blind{hex(0xF4F1EA), hex(0x333333), hex(0xE8E1CF),
                                            hex(0xBBBBBB), hex(0xE69F00), hex(0x0072B2), hex(0x161616)};
    return palette == PaletteKind::Classic ? classic : colour_blind;
}

Status EngineRenderer::init() {
    if (Status built = grid_program_.build("grid.vert", "grid.frag"); !built) return built;
    if (Status built = agent_program_.build("agent.vert", "agent.frag"); !built) return built;
    if (Status built = shapes_.init(); !built) return built;
    grid_vao_ = new_vertex_array();
    arena_texture_ = create_texel_texture();
    // Agents need no vertex attributes: the shader pulls them from a texture
    // (a 2D one, which OpenGL ES 3.0 has; it has no buffer textures).
    agent_vao_ = new_vertex_array();
    agent_texture_ = create_texel_texture();
    return {};
}

// The arena as the exposure map's grid shader reads it: 2 wall, 1 a rally
// point's waiting area, 0 floor. Its walls depend only on its size and the
// number of rally points, so panes of one world share an upload.
void EngineRenderer::upload_arena(const EngineScene& scene) {
    const Arena& arena = scene.arena();
    if (arena.width() == uploaded_width_ && arena.rally == uploaded_rally_) return;
    const OccupancyGrid& grid = arena.grid;
    cells_.assign(grid.cell_count(), 0);
    for (std::size_t i = 0; i < cells_.size(); ++i) cells_[i] = grid.walls[i] ? 2 : 0;
    for (const auto& spots : arena.spots)
        for (const Cell& c : spots) cells_[grid.index(c.x, c.y)] = 1;
    glBindTexture(GL_TEXTURE_2D, arena_texture_.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8UI, grid.width, grid.width, 0, GL_RED_INTEGER, GL_UNSIGNED_BYTE, cells_.data());
    uploaded_width_ = arena.width();
    uploaded_rally_ = arena.rally;
}

void EngineRenderer::draw(const EngineScene& scene, const EngineDrawOptions& options, int width, int height, const PixelRect& view_rect) {
    const EngineColours& colours = engine_colours(options.palette);
    const Palette& p = palette(options.palette);
    const int w = scene.arena().width();
    const ViewTransform view = engine_view(view_rect, w);
    const float px = std::max(1.0f, std::min(view_rect.w, view_rect.h) / 600.0f);

    begin_scene_draw(width, height, p.background.r, p.background.g, p.background.b);

    upload_arena(scene);
    use_view(grid_program_, view, width, height);
    glUniform1f(grid_program_.uniform("u_half_width"), static_cast<float>(w * 0.5));
    glUniform1i(grid_program_.uniform("u_width"), w);
    glUniform1i(grid_program_.uniform("u_map"), 0);
    auto colour = [&](const ShaderProgram& program, const char* name, Rgba c) { glUniform4f(program.uniform(name), c.r, c.g, c.b, c.a); };
    colour(grid_program_, "u_hidden", colours.floor);
    colour(grid_program_, "u_exposed", colours.rally);
    colour(grid_program_, "u_wall", colours.wall);
    colour(grid_program_, "u_line", p.cell_line);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, arena_texture_.id());
    glBindVertexArray(grid_vao_.id());
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBindTexture(GL_TEXTURE_2D, 0);

    // Rally points: a ring round each waiting area.
    const double half = w * 0.5;
    for (const Cell& c : scene.arena().rally)
        shapes_.add_disc({c.x + 0.5 - half, c.y + 0.5 - half}, scene.arena().rally_radius + 0.5, colours.rally.with_alpha(0.0f), p.faint_ink);
    shapes_.draw(view, width, height, 1.0f, 1.5f * px);

    if (options.routes) draw_routes(scene, colours, view, width, height, px);
    draw_agents(scene, colours, view, width, height);
    glBindVertexArray(0);
    glUseProgram(0);
}

// For an even sample of agents: a thin line to the goal while the route is
// pending (the agent walks straight at it meanwhile), the route itself once
// ready — downhill on the path lengths to the rally point, then to the goal.
void EngineRenderer::draw_routes(const EngineScene& scene, const EngineColours& colours, const ViewTransform& view, int width, int height,
                                 float px) {
    const AgentStore& state = scene.state();
    const OccupancyGrid& grid = scene.arena().grid;
    const std::uint32_t n = state.size();
    const std::uint32_t stride = std::max<std::uint32_t>(1, (n + kMaxRouteLines - 1) / kMaxRouteLines);
    const double half = grid.width * 0.5;
    auto world = [half](float x, float y) { return Vec2{x - half, y - half}; };
    const std::int32_t near = (scene.arena().rally_radius + 1) * kStraight;
    for (std::uint32_t i = 0; i < n; i += stride) {
        const AgentValue route = state.at(AgentField::Route, i), goal = state.at(AgentField::Goal, i), at = state.at(AgentField::Position, i);
        const auto kind = static_cast<RouteState>(static_cast<int>(route.x));
        if (kind == RouteState::Pending) {
            shapes_.add_segment(world(at.x, at.y), world(goal.x, goal.y), colours.pending.with_alpha(0.75f));
            continue;
        }
        if (kind != RouteState::Ready) continue;
        const std::vector<std::int32_t>* field = scene.route_field(static_cast<int>(route.y));
        Vec2 from = world(at.x, at.y);
        int cx = static_cast<int>(at.x), cy = static_cast<int>(at.y);
        for (int step = 0; field && step < kRouteSteps && grid.inside(cx, cy); ++step) {
            const std::int32_t here = (*field)[grid.index(cx, cy)];
            if (here < 0 || here <= near) break;
            int bx = cx, by = cy;
            std::int32_t best = here;
            for (int oy = -1; oy <= 1; ++oy)
                for (int ox = -1; ox <= 1; ++ox) {
                    if (!grid.free(cx + ox, cy + oy) || (ox != 0 && oy != 0 && (!grid.free(cx + ox, cy) || !grid.free(cx, cy + oy)))) continue;
                    const std::int32_t cost = (*field)[grid.index(cx + ox, cy + oy)];
                    if (cost >= 0 && cost < best) {
                        best = cost;
                        bx = cx + ox;
                        by = cy + oy;
                    }
                }
            if (best == here) break;
            const Vec2 next = world(static_cast<float>(bx) + 0.5f, static_cast<float>(by) + 0.5f);
            shapes_.add_segment(from, next, colours.ready.with_alpha(0.6f));
            from = next;
            cx = bx;
            cy = by;
        }
        shapes_.add_segment(from, world(goal.x, goal.y), colours.ready.with_alpha(0.6f));
    }
    shapes_.draw(view, width, height, 0.8f * px, 1.0f);
}

void EngineRenderer::draw_agents(const EngineScene& scene, const EngineColours& colours, const ViewTransform& view, int width, int height) {
    const AgentStore& state = scene.state();
    const std::uint32_t n = state.size();
    const int rows = std::max(1, static_cast<int>((n + kAgentsPerRow - 1) / kAgentsPerRow));
    texels_.resize(static_cast<std::size_t>(rows) * kAgentsPerRow * 4);  // the last row's tail: never read
    for (std::uint32_t i = 0; i < n; ++i) {
        const AgentValue at = state.at(AgentField::Position, i);
        texels_[4 * i + 0] = at.x;
        texels_[4 * i + 1] = at.y;
        texels_[4 * i + 2] = state.at(AgentField::Heading, i).x / static_cast<float>(kDegPerRad);
        texels_[4 * i + 3] = state.at(AgentField::Route, i).x;
    }
    use_view(agent_program_, view, width, height);
    const ShaderProgram& prog = agent_program_;
    glUniform1i(prog.uniform("u_agents"), 0);
    glUniform1i(prog.uniform("u_count"), static_cast<GLint>(n));
    glUniform1i(prog.uniform("u_per_instance"), kAgentsPerInstance);
    glUniform1f(prog.uniform("u_half_width"), static_cast<float>(scene.arena().width() * 0.5));
    // Two radii, at least a few pixels: dense crowds stay readable.
    const float sprite = std::max(3.0f, static_cast<float>(2.0 * PhysicsSystem::kRadius * view.pixels_per_unit) + 2.0f);
    glUniform1f(prog.uniform("u_sprite_px"), sprite);
    for (auto [name, c] : {std::pair{"u_resting", colours.resting}, {"u_pending", colours.pending}, {"u_ready", colours.ready},
                           {"u_outline", colours.outline}})
        glUniform4f(prog.uniform(name), c.r, c.g, c.b, c.a);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, agent_texture_.id());
    if (rows != agent_rows_) {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, kAgentsPerRow, rows, 0, GL_RGBA, GL_FLOAT, texels_.data());
        agent_rows_ = rows;
    } else {
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kAgentsPerRow, rows, GL_RGBA, GL_FLOAT, texels_.data());
    }
    glBindVertexArray(agent_vao_.id());
    enable_point_size();
    glDrawArraysInstanced(GL_POINTS, 0, kAgentsPerInstance, (static_cast<GLsizei>(n) + kAgentsPerInstance - 1) / kAgentsPerInstance);
    glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace tsl::app
