#include "core/engine/systems.h"

#include "core/base/angles.h"
#include "core/exposure/pathfinding.h"
#include "core/jobs/job_system.h"

#include <algorithm>
#include <cmath>

namespace tsl {

namespace {

constexpr float kArrive = 0.4f;        // cells from the goal that count as there
constexpr float kSlowDown = 1.0f;      // cells from the goal where an agent starts to slow down
constexpr int kGiveUpTicks = 45;       // ticks close to a crowded goal after which it counts as reached
constexpr float kAcceleration = 10.0f; // per second: how fast velocity follows steering

AgentValue centre(Cell c) { return {static_cast<float>(c.x) + 0.5f, static_cast<float>(c.y) + 0.5f}; }

float heading_to(AgentValue from, AgentValue to) {
    return static_cast<float>(std::atan2(to.y - from.y, to.x - from.x) * kDegPerRad);
}

}  // namespace

AgentValue initial_value(const Arena& arena, AgentField field, std::uint32_t agent, std::uint32_t seed) {
    switch (field) {
        case AgentField::Position:
        case AgentField::Goal: return arena.spawn[agent];
        case AgentField::Heading: return {360.0f * unit_from(hash3(seed, agent, 0x4EAD)) - 180.0f, 0.0f};
        default: return {};
    }
}

void EngineSystem::reset(const Arena& arena, std::uint32_t agents, std::uint32_t seed) {
    arena_ = &arena;
    copy_.reset(agents, observes_);
    out_.reset(agents, writes_);
    for (int f = 0; f < kFieldCount; ++f) {
        const auto field = static_cast<AgentField>(f);
        for (std::uint32_t i = 0; i < agents; ++i) {
            if (copy_.has(field)) copy_.at(field, i) = initial_value(arena, field, i, seed);
            if (out_.has(field)) out_.at(field, i) = initial_value(arena, field, i, seed);
        }
    }
}

void EngineSystem::save(SystemData& data) const {
    data.copy = copy_;
    data.out = out_;
}

void EngineSystem::load(const SystemData& data) {
    copy_ = data.copy;  // in place: the state manager holds its address
    out_ = data.out;
}

// --- AI --------------------------------------------------------------------------

AiSystem::AiSystem()
    : EngineSystem(SystemId::Ai, field_bit(AgentField::Position),
                   field_bit(AgentField::Heading) | field_bit(AgentField::Goal) | field_bit(AgentField::Steering) |
                       field_bit(AgentField::Route)) {}

void AiSystem::reset(const Arena& arena, std::uint32_t agents, std::uint32_t seed) {
    EngineSystem::reset(arena, agents, seed);
    minds_.assign(agents, Mind{});
    for (std::uint32_t i = 0; i < agents; ++i) {
        Mind& m = minds_[i];
        m.rest_until = hash3(seed, i, 0x5747) % 45;  // not everyone asks at tick 0
        m.goal = initial_value(arena, AgentField::Goal, i, seed);
    }
    routes_.assign(agents, nullptr);
    for (auto& r : requests_) r.clear();
    newest_ticket_.assign(arena.rally.size(), PathTicket{});
}

void AiSystem::take_answers(const PathService& paths) {
    // Few distinct tickets (about one per rally point): look each up once.
    std::vector<std::pair<std::uint32_t, const std::vector<std::int32_t>*>> known;
    for (std::size_t i = 0; i < minds_.size(); ++i) {
        const PathTicket ticket = minds_[i].ticket;
        if (!ticket.valid()) {
            routes_[i] = nullptr;
            continue;
        }
        auto it = std::find_if(known.begin(), known.end(), [&](const auto& k) { return k.first == ticket.id; });
        if (it == known.end()) it = known.insert(known.end(), {ticket.id, paths.distances(ticket)});
        routes_[i] = it->second;
    }
}

TicketRequests AiSystem::hand_requests(PathService& paths) {
    gathered_.clear();
    for (auto& r : requests_) {
        gathered_.insert(gathered_.end(), r.begin(), r.end());
        r.clear();
    }
    // In agent order, whichever threads made them: the tickets come out the same.
    std::sort(gathered_.begin(), gathered_.end(), [](const Request& a, const Request& b) { return a.agent < b.agent; });
    TicketRequests counts;
    for (const Request& r : gathered_) {
        Mind& m = minds_[r.agent];
        if (m.ticket.valid()) {
            paths.release(m.ticket);
            m.ticket = {};
            ++counts.releases;
        }
        if (r.release) continue;
        m.ticket = paths.request_distances(arena_->rally[r.destination]);
        newest_ticket_[r.destination] = m.ticket;
        ++counts.routes;
    }
    return counts;
}

void AiSystem::save(SystemData& data) const {
    EngineSystem::save(data);
    data.minds = minds_;
    data.newest_ticket = newest_ticket_;
    // What take_answers() gave a run: a route where the agent's ticket was answered.
    data.routes.assign(minds_.size(), 0);
    for (std::size_t i = 0; i < minds_.size(); ++i)
        if (routes_[i]) data.routes[i] = minds_[i].ticket.id;
}

void AiSystem::load(const SystemData& data) {
    EngineSystem::load(data);
    minds_ = data.minds;
    newest_ticket_ = data.newest_ticket;
    loaded_routes_ = data.routes;
    for (auto& r : requests_) r.clear();
}

void AiSystem::take_loaded_routes(const PathService& paths) {
    for (std::size_t i = 0; i < routes_.size() && i < loaded_routes_.size(); ++i)
        routes_[i] = loaded_routes_[i] ? paths.distances({loaded_routes_[i]}) : nullptr;
}

void AiSystem::release_all(PathService& paths) {
    for (Mind& m : minds_)
        if (m.ticket.valid()) {
            paths.release(m.ticket);
            m.ticket = {};
        }
    for (auto& r : requests_) r.clear();
    std::fill(routes_.begin(), routes_.end(), nullptr);
}

// Where to go from `position`: down the route's path lengths to the rally
// point, then straight at the goal; straight at it (slower) while the route
// is not answered yet.
AgentValue AiSystem::steer(const RunContext& context, const Mind& mind, AgentValue position, std::uint32_t agent) const {
    const float dx = mind.goal.x - position.x, dy = mind.goal.y - position.y;
    const float distance = std::sqrt(dx * dx + dy * dy);
    if (distance < 1e-6f) return {};
    AgentValue direction{dx / distance, dy / distance};
    float speed = context.agent_speed * std::min(1.0f, distance / kSlowDown);
    const std::vector<std::int32_t>* route = routes_[agent];
    const OccupancyGrid& grid = arena_->grid;
    const int cx = static_cast<int>(position.x), cy = static_cast<int>(position.y);
    if (!route) {
        speed *= 0.5f;
    } else if (grid.inside(cx, cy)) {
        const std::int32_t here = (*route)[grid.index(cx, cy)];
        const std::int32_t near = (arena_->rally_radius + 1) * kStraight;
        if (here > near) {
            // The neighbour with the shortest way left, no corner cut (as pathfinding.h moves).
            Cell best{cx, cy};
            std::int32_t best_cost = here;
            for (int oy = -1; oy <= 1; ++oy)
                for (int ox = -1; ox <= 1; ++ox) {
                    if ((ox == 0 && oy == 0) || !grid.free(cx + ox, cy + oy)) continue;
                    if (ox != 0 && oy != 0 && (!grid.free(cx + ox, cy) || !grid.free(cx, cy + oy))) continue;
                    const std::int32_t cost = (*route)[grid.index(cx + ox, cy + oy)];
                    if (cost >= 0 && cost < best_cost) {
                        best_cost = cost;
                        best = {cx + ox, cy + oy};
                    }
                }
            if (best_cost < here) {
                const AgentValue next = centre(best);
                const float nx = next.x - position.x, ny = next.y - position.y, length = std::sqrt(nx * nx + ny * ny);
                if (length > 1e-6f) direction = {nx / length, ny / length};
            }
        }
    }
    return {direction.x * speed, direction.y * speed};
}

void AiSystem::run(const RunContext& context, std::uint32_t first, std::uint32_t last, ChangeWriter& writer) {
    const AgentValue* position = copy_.data(AgentField::Position);
    const auto destinations = static_cast<std::uint32_t>(arena_->rally.size());
    std::vector<Request>& requests = requests_[static_cast<std::size_t>(queue_index_of_this_thread())];
    for (std::uint32_t i = first; i < last; ++i) {
        Mind& m = minds_[i];
        const AgentValue p = position[i];
        AgentValue steering = m.steering, route = m.route;
        switch (m.phase) {
            case Phase::Resting: {
                if (context.data_tick < m.rest_until) break;
                // The coarse goal: a rally point (another one than last time), and a ticket for the route there.
                std::uint32_t d = hash3(context.seed, i, m.trip) % destinations;
                if (destinations > 1 && d == m.destination) d = (d + 1) % destinations;
                m.destination = static_cast<std::uint8_t>(d);
                ++m.trip;
                m.goal = centre(arena_->rally[d]);
                m.near_ticks = 0;
                emit(writer, i, AgentField::Heading, {heading_to(p, m.goal), 0.0f});
                emit(writer, i, AgentField::Goal, m.goal);
                requests.push_back({i, false, m.destination});
                route = {static_cast<float>(RouteState::Pending), static_cast<float>(d)};
                m.phase = Phase::Coarse;
                break;
            }
            case Phase::Coarse: {
                // A later run refines the goal: a free spot near the rally point.
                const std::vector<Cell>& spots = arena_->spots[m.destination];
                const std::uint32_t h = hash3(context.seed ^ 0x0F1Eu, i, m.trip);
                const Cell spot = spots[h % spots.size()];
                m.goal = {static_cast<float>(spot.x) + 0.25f + 0.5f * unit_from(hash3(h, 1, 2)),
                          static_cast<float>(spot.y) + 0.25f + 0.5f * unit_from(hash3(h, 3, 4))};
                emit(writer, i, AgentField::Heading, {heading_to(p, m.goal), 0.0f});
                emit(writer, i, AgentField::Goal, m.goal);
                m.phase = Phase::Moving;
                [[fallthrough]];
            }
            case Phase::Moving: {
                const float dx = m.goal.x - p.x, dy = m.goal.y - p.y;
                const float distance = std::sqrt(dx * dx + dy * dy);
                if (distance < 2.0f) m.near_ticks = static_cast<std::uint16_t>(std::min(60000, m.near_ticks + context.ticks));
                if (distance < kArrive || m.near_ticks >= kGiveUpTicks) {
                    // There: rest a while, and give the ticket back.
                    m.phase = Phase::Resting;
                    m.rest_until = context.data_tick + 20 + hash3(context.seed, i, m.trip ^ 0xA11Au) % 60;
                    requests.push_back({i, true, m.destination});
                    steering = {};
                    route = {static_cast<float>(RouteState::None), static_cast<float>(m.destination)};
                    break;
                }
                steering = steer(context, m, p, i);
                route = {static_cast<float>(routes_[i] ? RouteState::Ready : RouteState::Pending), static_cast<float>(m.destination)};
                break;
            }
        }
        if (!(steering == m.steering)) {
            m.steering = steering;
            emit(writer, i, AgentField::Steering, steering);
        }
        if (!(route == m.route)) {
            m.route = route;
            emit(writer, i, AgentField::Route, route);
        }
    }
}

// --- Physics --------------------------------------------------------------------------

PhysicsSystem::PhysicsSystem()
    : EngineSystem(SystemId::Physics, field_bit(AgentField::Position) | field_bit(AgentField::Velocity) | field_bit(AgentField::Steering),
                   field_bit(AgentField::Position) | field_bit(AgentField::Velocity)) {}

void PhysicsSystem::reset(const Arena& arena, std::uint32_t agents, std::uint32_t seed) {
    EngineSystem::reset(arena, agents, seed);
    cell_start_.assign(arena.grid.cell_count() + 1, 0);
    cell_agents_.assign(agents, 0);
    cell_of_.assign(agents, 0);
}

void PhysicsSystem::prelude(const RunContext&) {
    // A counting sort of the agents by cell: serial, and linear in agents + cells.
    const int w = arena_->width();
    const AgentValue* position = copy_.data(AgentField::Position);
    const auto n = static_cast<std::uint32_t>(cell_agents_.size());
    std::fill(cell_start_.begin(), cell_start_.end(), 0);
    for (std::uint32_t i = 0; i < n; ++i) {
        const int x = std::clamp(static_cast<int>(position[i].x), 0, w - 1), y = std::clamp(static_cast<int>(position[i].y), 0, w - 1);
        cell_of_[i] = static_cast<std::uint32_t>(y * w + x);
        ++cell_start_[cell_of_[i] + 1];
    }
    for (std::size_t c = 1; c < cell_start_.size(); ++c) cell_start_[c] += cell_start_[c - 1];
    std::vector<std::uint32_t> fill(cell_start_.begin(), cell_start_.end() - 1);
    for (std::uint32_t i = 0; i < n; ++i) cell_agents_[fill[cell_of_[i]]++] = i;
}

void PhysicsSystem::run(const RunContext& context, std::uint32_t first, std::uint32_t last, ChangeWriter& writer) {
    const AgentValue* position = copy_.data(AgentField::Position);
    const AgentValue* velocity = copy_.data(AgentField::Velocity);
    const AgentValue* steering = copy_.data(AgentField::Steering);
    const int w = arena_->width();
    const float dt = context.dt * static_cast<float>(context.ticks), follow = std::min(1.0f, kAcceleration * dt);
    constexpr float kMin = 2.0f * kRadius;
    for (std::uint32_t i = first; i < last; ++i) {
        const AgentValue p = position[i], v = velocity[i], s = steering[i];
        const AgentValue v2{v.x + (s.x - v.x) * follow, v.y + (s.y - v.y) * follow};
        AgentValue q{p.x + v2.x * dt, p.y + v2.y * dt};
        // Part overlapping neighbours, each pair half the overlap, from where
        // everyone stood before this tick (the copy).
        float push_x = 0, push_y = 0;
        const int cx = static_cast<int>(cell_of_[i] % static_cast<std::uint32_t>(w)), cy = static_cast<int>(cell_of_[i] / static_cast<std::uint32_t>(w));
        for (int y = std::max(0, cy - 1); y <= std::min(w - 1, cy + 1); ++y)
            for (int x = std::max(0, cx - 1); x <= std::min(w - 1, cx + 1); ++x) {
                const std::size_t cell = static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x);
                for (std::uint32_t k = cell_start_[cell]; k < cell_start_[cell + 1]; ++k) {
                    const std::uint32_t j = cell_agents_[k];
                    if (j == i) continue;
                    const float dx = p.x - position[j].x, dy = p.y - position[j].y, d2 = dx * dx + dy * dy;
                    if (d2 >= kMin * kMin) continue;
                    if (d2 > 1e-10f) {
                        const float d = std::sqrt(d2), share = 0.5f * (kMin - d) / d;
                        push_x += dx * share;
                        push_y += dy * share;
                    } else {  // on top of each other: apart along a direction both compute alike
                        const float a = 6.2831853f * unit_from(hash3(std::min(i, j), std::max(i, j), 0x5E9));
                        const float sign = i < j ? 1.0f : -1.0f;
                        push_x += sign * 0.5f * kMin * std::cos(a);
                        push_y += sign * 0.5f * kMin * std::sin(a);
                    }
                }
            }
        const float push = std::sqrt(push_x * push_x + push_y * push_y);
        if (push > kRadius) {  // a crowd pushes at most a radius a tick
            push_x *= kRadius / push;
            push_y *= kRadius / push;
        }
        q.x += push_x;
        q.y += push_y;
        // Walls: slide along them, or stay.
        if (!arena_->free_at(q.x, q.y)) {
            if (arena_->free_at(q.x, p.y)) q.y = p.y;
            else if (arena_->free_at(p.x, q.y)) q.x = p.x;
            else q = p;
        }
        const AgentValue moved{(q.x - p.x) / dt, (q.y - p.y) / dt};
        if (!(q == p)) emit(writer, i, AgentField::Position, q);
        if (!(moved == v)) emit(writer, i, AgentField::Velocity, moved);
    }
}

// --- Animation ----------------------------------------------------------------------

AnimationSystem::AnimationSystem()
    : EngineSystem(SystemId::Animation, field_bit(AgentField::Velocity) | field_bit(AgentField::Heading), field_bit(AgentField::Heading)) {}

void AnimationSystem::run(const RunContext& context, std::uint32_t first, std::uint32_t last, ChangeWriter& writer) {
    const AgentValue* velocity = copy_.data(AgentField::Velocity);
    const AgentValue* heading = copy_.data(AgentField::Heading);
    const double step = static_cast<double>(context.turn_speed) * context.dt * context.ticks;
    for (std::uint32_t i = first; i < last; ++i) {
        const AgentValue v = velocity[i];
        if (v.x * v.x + v.y * v.y < 0.04f) continue;  // standing (under 0.2 cells/s): keeps its heading
        const double want = std::atan2(v.y, v.x) * kDegPerRad;
        const auto turned = static_cast<float>(turn_toward_deg(heading[i].x, want, step));
        if (turned != heading[i].x) emit(writer, i, AgentField::Heading, {turned, 0.0f});
    }
}

}  // namespace tsl
