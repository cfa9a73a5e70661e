// Pathfinding against a plain reference Dijkstra, and the ticketed path
// service: answers on time, shared pending requests, the cache.
#include "core/exposure/level.h"
#include "core/exposure/path_service.h"
#include "core/exposure/pathfinding.h"

#include <catch2/catch.hpp>

#include <queue>
#include <random>

using namespace tsl;

namespace {

// Reference: Dijkstra with a binary heap over the same moves.
std::vector<std::int32_t> reference_distances(const OccupancyGrid& grid, Cell start) {
    std::vector<std::int32_t> dist(grid.cell_count(), kUnreachable);
    using Entry = std::pair<std::int32_t, std::size_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    if (!grid.free(start.x, start.y)) return dist;
    open.push({0, grid.index(start.x, start.y)});
    while (!open.empty()) {
        const auto [d, i] = open.top();
        open.pop();
        if (dist[i] != kUnreachable) continue;
        dist[i] = d;
        const int x = static_cast<int>(i % grid.width), y = static_cast<int>(i / grid.width);
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                if (!dx && !dy) continue;
                if (!grid.free(x + dx, y + dy)) continue;
                if (dx && dy && (!grid.free(x + dx, y) || !grid.free(x, y + dy))) continue;  // no corner cutting
                const std::size_t j = grid.index(x + dx, y + dy);
                if (dist[j] == kUnreachable) open.push({d + (dx && dy ? kDiagonal : kStraight), j});
            }
    }
    return dist;
}

}  // namespace

TEST_CASE("Path lengths to every cell match a reference Dijkstra", "[paths]") {
    std::mt19937 rng(21);
    for (int round = 0; round < 60; ++round) {
        const Level level = random_level(10 + static_cast<int>(rng() % 50), static_cast<std::uint32_t>(round));
        const Cell start = level.character;
        REQUIRE(distance_field(level.grid, start) == reference_distances(level.grid, start));
    }
}

TEST_CASE("A shortest path costs what the distance field says and never cuts a corner", "[paths]") {
    std::mt19937 rng(22);
    for (int round = 0; round < 60; ++round) {
        const Level level = random_level(40, static_cast<std::uint32_t>(round + 100));
        const auto field = distance_field(level.grid, level.character);
        Cell goal{static_cast<int>(rng() % 40), static_cast<int>(rng() % 40)};
        const Path path = find_path(level.grid, level.character, goal);
        const std::int32_t expected = field[level.grid.index(goal.x, goal.y)];
        REQUIRE(path.cost == expected);
        if (expected == kUnreachable) {
            REQUIRE(path.cells.empty());
            continue;
        }
        REQUIRE(path.cells.front() == level.character);
        REQUIRE(path.cells.back() == goal);
        std::int32_t cost = 0;
        for (std::size_t k = 1; k < path.cells.size(); ++k) {
            const Cell a = path.cells[k - 1], b = path.cells[k];
            const int dx = b.x - a.x, dy = b.y - a.y;
            REQUIRE((std::abs(dx) <= 1 && std::abs(dy) <= 1));
            REQUIRE(level.grid.free(b.x, b.y));
            if (dx && dy) REQUIRE((level.grid.free(a.x + dx, a.y) && level.grid.free(a.x, a.y + dy)));
            cost += dx && dy ? kDiagonal : kStraight;
        }
        REQUIRE(cost == path.cost);
    }
}

TEST_CASE("A ticket is answered exactly after the configured steps", "[paths][tickets][threads]") {
    for (int workers : {0, 1}) {
        JobSystem jobs({workers});
        PathService service(jobs, nullptr, {3});
        const Level level = random_level(30, 9);
        service.set_grid(std::make_shared<OccupancyGrid>(level.grid));
        service.step();  // step 1
        const PathTicket t = service.request_path(level.character, level.patrol[0]);
        CHECK(service.check(t) == TicketState::Pending);
        service.step();
        service.step();
        CHECK(service.check(t) == TicketState::Pending);  // steps 2 and 3
        service.step();                                    // step 4 = 1 + 3
        REQUIRE(service.check(t) == TicketState::Ready);
        REQUIRE(service.path(t) != nullptr);
        CHECK(service.path(t)->cells.back() == level.patrol[0]);
        CHECK(service.distances(t) == nullptr);
        service.release(t);
    }
}

TEST_CASE("Identical pending requests share one search and recent answers come from the cache", "[paths][tickets][threads]") {
    JobSystem jobs({1});
    PathService service(jobs);
    const Level level = random_level(30, 10);
    service.set_grid(std::make_shared<OccupancyGrid>(level.grid));
    service.step();
    const PathTicket a = service.request_path(level.character, level.patrol[1]);
    const PathTicket b = service.request_path(level.character, level.patrol[1]);
    const PathTicket c = service.request_path(level.character, level.patrol[2]);
    CHECK(a == b);
    CHECK_FALSE(a == c);
    CHECK(service.stats().searches == 2);
    CHECK(service.stats().shared == 1);
    REQUIRE(service.tickets().size() == 2);
    CHECK(service.tickets()[0].requesters == 2);
    for (int s = 0; s < 3; ++s) service.step();
    REQUIRE(service.check(a) == TicketState::Ready);
    service.release(a);
    service.release(b);
    service.release(c);
    service.step();  // released answers go to the cache
    CHECK(service.tickets().empty());
    const PathTicket again = service.request_path(level.character, level.patrol[1]);
    CHECK(service.check(again) == TicketState::Ready);  // at once
    CHECK(service.stats().cache_hits == 1);
    CHECK(service.stats().searches == 2);
    // A new grid invalidates the cache.
    service.release(again);
    service.step();
    service.set_grid(std::make_shared<OccupancyGrid>(level.grid));
    const PathTicket fresh = service.request_path(level.character, level.patrol[1]);
    CHECK(service.check(fresh) == TicketState::Pending);
    CHECK(service.stats().searches == 3);
}
