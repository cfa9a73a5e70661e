#include "core/engine/arena.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tsl {

std::uint32_t hash3(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    // Three rounds of a multiply-xorshift finaliser (as in MurmurHash3's).
    std::uint32_t h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u ^ (c + 0x165667B1u) * 0xC2B2AE3Du;
    for (int round = 0; round < 3; ++round) {
        h ^= h >> 16;
        h *= 0x85EBCA6Bu;
        h ^= h >> 13;
        h *= 0xC2B2AE35u;
        h ^= h >> 16;
    }
    return h;
}

int arena_width(std::uint32_t agents) {
    // About four cells per agent: crowds at the rally points, room between them.
    return std::clamp(static_cast<int>(std::lround(2.0 * std::sqrt(static_cast<double>(agents)))), 24, 200);
}

bool Arena::free_at(float x, float y) const {
    if (!(x >= 0.0f && y >= 0.0f)) return false;  // also refuses NaN
    const int cx = static_cast<int>(x), cy = static_cast<int>(y);
    return grid.free(cx, cy);
}

Arena make_arena(const EngineWorldConfig& world) {
    Arena arena;
    const int w = arena_width(world.agents);
    OccupancyGrid& g = arena.grid;
    g = OccupancyGrid(w);
    for (int k = 0; k < w; ++k) {
        g.walls[g.index(k, 0)] = g.walls[g.index(k, w - 1)] = 1;
        g.walls[g.index(0, k)] = g.walls[g.index(w - 1, k)] = 1;
    }
    // Short bars on a 5 x 5 lattice, turned alternately, so that routes bend.
    const int length = std::max(2, w / 7), thick = std::max(1, w / 40);
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) {
            if (i == 2 && j == 2) continue;
            const int cx = (2 * i + 1) * w / 10, cy = (2 * j + 1) * w / 10;
            const bool across = (i + j) % 2 == 0;
            const int half_x = (across ? length : thick) / 2, half_y = (across ? thick : length) / 2;
            for (int y = cy - half_y; y <= cy + half_y; ++y)
                for (int x = cx - half_x; x <= cx + half_x; ++x)
                    if (g.inside(x, y)) g.walls[g.index(x, y)] = 1;
        }
    // Rally points on a ring round the centre, each with a clear disc to wait in.
    arena.rally_radius = std::max(2, w / 12);
    const int r = arena.rally_radius;
    const double ring = 0.34 * w, centre = 0.5 * w;
    const int count = std::clamp(world.destinations, 1, kMaxDestinations);
    for (int k = 0; k < count; ++k) {
        const double angle = 2.0 * std::numbers::pi * (k + 0.25) / count;
        const Cell c{std::clamp(static_cast<int>(centre + ring * std::cos(angle)), r + 1, w - r - 2),
                     std::clamp(static_cast<int>(centre + ring * std::sin(angle)), r + 1, w - r - 2)};
        arena.rally.push_back(c);
        for (int y = c.y - r; y <= c.y + r; ++y)
            for (int x = c.x - r; x <= c.x + r; ++x)
                if ((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y) <= r * r) g.walls[g.index(x, y)] = 0;
    }
    for (const Cell& c : arena.rally) {
        std::vector<Cell>& spots = arena.spots.emplace_back();
        for (int y = c.y - r; y <= c.y + r; ++y)
            for (int x = c.x - r; x <= c.x + r; ++x)
                if ((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y) <= r * r && g.free(x, y)) spots.push_back({x, y});
    }
    // Each agent in a free cell picked by the seed (a few may share one: physics parts them).
    arena.spawn.resize(world.agents);
    for (std::uint32_t i = 0; i < world.agents; ++i) {
        for (std::uint32_t attempt = 0;; ++attempt) {
            const std::uint32_t h = hash3(world.seed, i, attempt);
            const int x = static_cast<int>(h % static_cast<std::uint32_t>(w)), y = static_cast<int>((h / static_cast<std::uint32_t>(w)) % static_cast<std::uint32_t>(w));
            if (!g.free(x, y)) continue;
            const std::uint32_t j = hash3(h, i, 7);
            arena.spawn[i] = {static_cast<float>(x) + 0.2f + 0.6f * unit_from(j), static_cast<float>(y) + 0.2f + 0.6f * unit_from(j * 2654435761u)};
            break;
        }
    }
    return arena;
}

}  // namespace tsl
