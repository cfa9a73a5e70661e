#include "core/exposure/pathfinding.h"

#include <algorithm>
#include <cstdlib>
#include <queue>
#include <tuple>

namespace tsl {

namespace {

struct Move {
    int dx, dy;
    std::int32_t cost;
};
constexpr Move kMoves[8] = {{1, 0, kStraight},  {-1, 0, kStraight}, {0, 1, kStraight},  {0, -1, kStraight},
                            {1, 1, kDiagonal},  {-1, 1, kDiagonal}, {1, -1, kDiagonal}, {-1, -1, kDiagonal}};

// May one step from (x, y) by `m`? Into a free cell, and diagonally only
// when both cells beside the step are free.
bool can_step(const OccupancyGrid& grid, int x, int y, const Move& m) {
    if (!grid.free(x + m.dx, y + m.dy)) return false;
    if (m.dx != 0 && m.dy != 0) return grid.free(x + m.dx, y) && grid.free(x, y + m.dy);
    return true;
}

// Calls relax(next index, next cell, step cost) for every step out of cell
// `index` that can_step allows, in the order of kMoves.
template <class Relax>
void for_each_step(const OccupancyGrid& grid, std::uint32_t index, Relax&& relax) {
    const int x = static_cast<int>(index % grid.width), y = static_cast<int>(index / grid.width);
    for (const Move& m : kMoves) {
        if (!can_step(grid, x, y, m)) continue;
        const Cell next{x + m.dx, y + m.dy};
        relax(static_cast<std::uint32_t>(grid.index(next.x, next.y)), next, m.cost);
    }
}

}  // namespace

std::int32_t octile_distance(Cell a, Cell b) {
    const int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
    return kDiagonal * std::min(dx, dy) + kStraight * (std::max(dx, dy) - std::min(dx, dy));
}

std::vector<std::int32_t> distance_field(const OccupancyGrid& grid, Cell start) {
    std::vector<std::int32_t> cost(grid.cell_count(), kUnreachable);
    if (!grid.free(start.x, start.y)) return cost;
    // Dial's algorithm: edge costs are at most kDiagonal, so kDiagonal + 1
    // buckets in a ring hold every tentative cost in play.
    constexpr int kBuckets = kDiagonal + 1;
    std::vector<std::vector<std::uint32_t>> buckets(kBuckets);
    std::vector<std::int32_t> best(grid.cell_count(), INT32_MAX);
    const auto start_index = static_cast<std::uint32_t>(grid.index(start.x, start.y));
    best[start_index] = 0;
    buckets[0].push_back(start_index);
    std::size_t pending = 1;
    for (std::int32_t d = 0; pending > 0; ++d) {
        auto& bucket = buckets[d % kBuckets];
        // Steps cost 70 or 99, so nothing lands in this bucket while it is read.
        for (std::size_t k = 0; k < bucket.size(); ++k) {
            const std::uint32_t index = bucket[k];
            if (best[index] != d || cost[index] != kUnreachable) continue;  // stale entry
            cost[index] = d;
            for_each_step(grid, index, [&](std::uint32_t next, Cell, std::int32_t step) {
                const std::int32_t via = d + step;
                if (via < best[next]) {
                    best[next] = via;
                    buckets[via % kBuckets].push_back(next);
                    ++pending;
                }
            });
        }
        pending -= bucket.size();
        bucket.clear();
    }
    return cost;
}

Path find_path(const OccupancyGrid& grid, Cell start, Cell goal) {
    Path path;
    if (!grid.free(start.x, start.y) || !grid.free(goal.x, goal.y)) return path;
    const auto goal_index = grid.index(goal.x, goal.y);
    std::vector<std::int32_t> best(grid.cell_count(), INT32_MAX);
    std::vector<std::uint32_t> came_from(grid.cell_count(), UINT32_MAX);
    // (f, h, index): ties broken toward the goal, then by index — deterministic.
    using Entry = std::tuple<std::int32_t, std::int32_t, std::uint32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    const auto start_index = static_cast<std::uint32_t>(grid.index(start.x, start.y));
    best[start_index] = 0;
    open.push({octile_distance(start, goal), octile_distance(start, goal), start_index});
    while (!open.empty()) {
        const auto [f, h, top] = open.top();
        open.pop();
        const std::uint32_t index = top;
        const std::int32_t g = f - h;
        if (g != best[index]) continue;  // stale
        if (index == goal_index) break;
        for_each_step(grid, index, [&](std::uint32_t next, Cell cell, std::int32_t step) {
            const std::int32_t via = g + step;
            if (via < best[next]) {
                best[next] = via;
                came_from[next] = index;
                const std::int32_t nh = octile_distance(cell, goal);
                open.push({via + nh, nh, next});
            }
        });
    }
    if (best[goal_index] == INT32_MAX) return path;
    path.cost = best[goal_index];
    for (auto index = static_cast<std::uint32_t>(goal_index); index != UINT32_MAX; index = came_from[index]) {
        path.cells.push_back({static_cast<int>(index % grid.width), static_cast<int>(index / grid.width)});
        if (index == start_index) break;
    }
    std::reverse(path.cells.begin(), path.cells.end());
    return path;
}

}  // namespace tsl
