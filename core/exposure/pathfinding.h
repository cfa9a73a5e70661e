// pathfinding.h — path lengths over the occupancy grid, for the shy
// character: from one cell to every free cell, and from one cell to another.
//
// Moves: the 8 neighbours; a diagonal move needs both cells beside it free
// (no cutting a wall's corner). Costs are integers, kStraight = 70 per straight
// step and kDiagonal = 99 per diagonal one (99 / 70 = 1.41428..., within
// 0.005% of sqrt 2), so results are exact and the same on every machine.
//
// Threading: pure functions; the path service runs them as jobs.
#pragma once

#include "core/exposure/occupancy_grid.h"

#include <cstdint>
#include <vector>

namespace tsl {

inline constexpr std::int32_t kStraight = 70, kDiagonal = 99;
inline constexpr std::int32_t kUnreachable = -1;

// Cost from `start` to every cell (kUnreachable for walls and cells that
// cannot be reached), by Dijkstra with a bucket queue: linear in the cells.
std::vector<std::int32_t> distance_field(const OccupancyGrid& grid, Cell start);

struct Path {
    std::vector<Cell> cells;  // start .. goal; empty when the goal cannot be reached
    std::int32_t cost = kUnreachable;
};

// A shortest path by A* (octile distance as the heuristic).
Path find_path(const OccupancyGrid& grid, Cell start, Cell goal);

// The cost of the straight-line-free lower bound between two cells: what A*
// aims by, and what tests compare against.
std::int32_t octile_distance(Cell a, Cell b);

}  // namespace tsl
