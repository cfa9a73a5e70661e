// arena.h — where the engine's agents walk: a square of cells with a wall
// round it and blocks inside, rally points the agents walk between, the free
// cells round each rally point where they wait, and where each agent starts.
// It grows with the number of agents so that crowds stay about as dense.
// Built from the world settings alone: the same settings, the same arena.
#pragma once

#include "core/engine/agent_data.h"
#include "core/engine/engine_config.h"
#include "core/exposure/occupancy_grid.h"

#include <cstdint>
#include <vector>

namespace tsl {

struct Arena {
    OccupancyGrid grid;                    // width x width; the border and the blocks are walls
    std::vector<Cell> rally;               // the destinations, free cells
    int rally_radius = 2;                  // cells round a rally point where its agents wait
    std::vector<std::vector<Cell>> spots;  // per rally point: the free cells within rally_radius, row by row
    std::vector<AgentValue> spawn;         // each agent's first position (cell units, a free cell's inside)

    int width() const { return grid.width; }
    bool free_at(float x, float y) const;  // the point lies in a free cell inside the arena
};

// Cells a side for this many agents: 24 .. 200.
int arena_width(std::uint32_t agents);

Arena make_arena(const EngineWorldConfig& world);

// A well-mixed 32-bit hash of (a, b, c): the scene's only source of chance,
// the same on every machine and thread.
std::uint32_t hash3(std::uint32_t a, std::uint32_t b, std::uint32_t c);
// In [0, 1), from a hash.
inline float unit_from(std::uint32_t hash) { return static_cast<float>(hash >> 8) * (1.0f / 16777216.0f); }

}  // namespace tsl
