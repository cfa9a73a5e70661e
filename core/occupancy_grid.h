// occupancy_grid.h — a W x W grid of cells that are free or walls, the
// ground the exposure scene stands on. Cell (x, y): x grows right, y grows
// up; its centre is (x + 0.5, y + 0.5) in cell units.
#pragma once

#include <cstdint>
#include <vector>

namespace tsl {

struct Cell {
    int x = 0, y = 0;
    bool operator==(const Cell&) const = default;
};

struct OccupancyGrid {
    int width = 0;                     // cells per side (the grid is square)
    std::vector<std::uint8_t> walls;   // width * width, row-major: 1 = wall
    // Per cell, the distance to the nearest wall counting diagonal steps as
    // one (0 on a wall, at most 255): how far a ray may skip without testing.
    // Filled by update_clearance(); empty means unknown.
    std::vector<std::uint8_t> clearance;

    OccupancyGrid() = default;
    explicit OccupancyGrid(int w) : width(w), walls(static_cast<std::size_t>(w) * w, 0) {}

    std::size_t index(int x, int y) const { return static_cast<std::size_t>(y) * width + x; }
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < width; }
    bool wall(int x, int y) const { return walls[index(x, y)] != 0; }
    bool free(int x, int y) const { return inside(x, y) && !wall(x, y); }
    std::size_t cell_count() const { return walls.size(); }

    // Recomputes `clearance` from `walls` (two passes, linear time). Call it
    // after changing walls; rays are exact either way, faster with it.
    void update_clearance();
};

}  // namespace tsl
