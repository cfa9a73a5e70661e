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
    std::vector<std::uint8_t> walls;   // width * width, row-major: 1 = wall, 0 = free (nothing else)
    // Per direction (kRunDx, kRunDy) and cell: how many free cells in a line
    // start there going that way (0 on a wall, at most 65535), direction d's
    // table at free_runs[d * cell_count()], plus one spare entry at the end.
    // Filled by update_free_runs(); empty means unknown. Rays test a run of
    // cells in one load.
    static constexpr int kRunDirections = 8;
    static constexpr int kRunDx[kRunDirections] = {1, -1, 0, 0, 1, -1, -1, 1};
    static constexpr int kRunDy[kRunDirections] = {0, 0, 1, -1, 1, 1, -1, -1};
    static constexpr int run_direction(int dx, int dy) {
        for (int d = 0; d < kRunDirections; ++d)
            if (kRunDx[d] == dx && kRunDy[d] == dy) return d;
        return -1;
    }
    std::vector<std::uint16_t> free_runs;

    OccupancyGrid() = default;
    explicit OccupancyGrid(int w) : width(w), walls(static_cast<std::size_t>(w) * w, 0) {}

    std::size_t index(int x, int y) const { return static_cast<std::size_t>(y) * width + x; }
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < width; }
    bool wall(int x, int y) const { return walls[index(x, y)] != 0; }
    bool free(int x, int y) const { return inside(x, y) && !wall(x, y); }
    std::size_t cell_count() const { return walls.size(); }

    // Recomputes `free_runs` from `walls` (linear time). Call it after
    // changing walls; rays are exact either way, faster with it.
    void update_free_runs();
    bool free_runs_ready() const { return free_runs.size() == kRunDirections * walls.size() + 1; }
    const std::uint16_t* free_run(int direction) const { return free_runs.data() + direction * walls.size(); }
};

}  // namespace tsl
