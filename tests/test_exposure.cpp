// Exposure: the documented rule on hand-made cases, then both algorithms
// against a brute-force check of every wall on random grids.
#include "core/exposure/exposure.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <utility>

using namespace tsl;

namespace {

OccupancyGrid random_grid(int width, int wall_percent, std::mt19937& rng) {
    OccupancyGrid grid(width);
    for (auto& cell : grid.walls) cell = static_cast<int>(rng() % 100) < wall_percent;
    return grid;
}

// A random square grid and an eye on it: the width is `min_width` plus a draw
// below `width_spread`, the walls' share of the cells a draw below
// `max_wall_percent` %.
struct RandomCase {
    int width;
    OccupancyGrid grid;
    Cell eye;
};
RandomCase random_case(std::mt19937& rng, int min_width, int width_spread, int max_wall_percent) {
    const int width = min_width + static_cast<int>(rng() % width_spread);
    OccupancyGrid grid = random_grid(width, static_cast<int>(rng() % max_wall_percent), rng);
    const Cell eye{static_cast<int>(rng() % width), static_cast<int>(rng() % width)};
    return {width, std::move(grid), eye};
}

std::vector<std::uint8_t> by(ExposureAlgorithm algorithm, const OccupancyGrid& grid, Cell eye) {
    std::vector<std::uint8_t> out(grid.cell_count(), 7);
    if (algorithm == ExposureAlgorithm::Rays) expose_rays(grid, eye, out.data(), 0, grid.cell_count());
    else expose_sweep(grid, eye, out.data());
    return out;
}

std::vector<std::uint8_t> reference(const OccupancyGrid& grid, Cell eye) {
    std::vector<std::uint8_t> out(grid.cell_count(), 7);
    expose_reference(grid, eye, out.data());
    return out;
}

}  // namespace

TEST_CASE("A segment touches a cell through its interior or along its edge or at a corner", "[exposure]") {
    CHECK(segment_touches_cell({0, 0}, {4, 0}, {2, 0}));   // straight through
    CHECK_FALSE(segment_touches_cell({0, 0}, {4, 0}, {2, 1}));
    CHECK(segment_touches_cell({0, 0}, {3, 3}, {1, 2}));   // grazes the corner at (2, 2)
    CHECK(segment_touches_cell({0, 0}, {3, 3}, {2, 1}));
    CHECK_FALSE(segment_touches_cell({0, 0}, {3, 3}, {0, 3}));
    CHECK(segment_touches_cell({0, 0}, {2, 1}, {1, 0}));   // slope 1/2 crosses x = 1 at y = 0.5+0.5 ... inside (1, 0)
    CHECK(segment_touches_cell({0, 0}, {2, 1}, {1, 1}));
    CHECK_FALSE(segment_touches_cell({0, 0}, {2, 1}, {0, 1}));
}

TEST_CASE("Rule: a diagonal between two walls that meet at a corner is blocked", "[exposure]") {
    OccupancyGrid grid(6);
    grid.walls[grid.index(1, 2)] = 1;
    grid.walls[grid.index(2, 1)] = 1;
    for (ExposureAlgorithm algorithm : {ExposureAlgorithm::Rays, ExposureAlgorithm::Sweep}) {
        const auto seen = by(algorithm, grid, {0, 0});
        INFO(name_of(algorithm));
        CHECK(seen[grid.index(0, 0)] == 1);     // the eye's own cell
        CHECK(seen[grid.index(1, 1)] == 1);     // before the corner
        CHECK(seen[grid.index(3, 3)] == 0);     // behind it: the view does not leak through
        CHECK(seen[grid.index(1, 2)] == 0);     // walls are never exposed
        CHECK(seen[grid.index(5, 0)] == 1);
    }
    CHECK(reference(grid, {0, 0}) == by(ExposureAlgorithm::Rays, grid, {0, 0}));
}

TEST_CASE("Per-cell rays match the brute-force rule on random grids with and without free-run tables", "[exposure]") {
    std::mt19937 rng(11);
    for (int round = 0; round < 400; ++round) {
        const auto [width, grid, eye] = random_case(rng, 1, 40, 45);
        INFO("round " << round << " width " << width << " eye " << eye.x << "," << eye.y);
        const auto expected = reference(grid, eye);
        REQUIRE(by(ExposureAlgorithm::Rays, grid, eye) == expected);  // cell by cell
        OccupancyGrid with_runs = grid;
        with_runs.update_free_runs();
        REQUIRE(by(ExposureAlgorithm::Rays, with_runs, eye) == expected);  // a load per run, eight rays at a time
        std::vector<std::uint8_t> one_at_a_time(grid.cell_count(), 7);
        expose_rays_portable(with_runs, eye, one_at_a_time.data(), 0, grid.cell_count());
        REQUIRE(one_at_a_time == expected);
    }
}

TEST_CASE("Every ray caster gives the brute-force rule's map bit for bit, over any range of cells", "[exposure]") {
    // The plain caster (the article's one ray per cell) is the taught version;
    // free runs and AVX2 lanes are optimisations of the same integer test, so
    // equality is exact, not within a tolerance.
    std::mt19937 rng(14);
    for (int round = 0; round < 300; ++round) {
        auto [width, grid, eye] = random_case(rng, 1, 48, 45);
        grid.update_free_runs();
        const std::size_t first = rng() % grid.cell_count();
        const std::size_t last = first + rng() % (grid.cell_count() - first + 1);
        INFO("round " << round << " width " << width << " eye " << eye.x << "," << eye.y << " cells " << first << ".." << last);
        auto expected = reference(grid, eye);
        std::fill(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(first), std::uint8_t{7});
        std::fill(expected.begin() + static_cast<std::ptrdiff_t>(last), expected.end(), std::uint8_t{7});
        for (RayCaster caster : kAllRayCasters) {
            INFO("caster " << name_of(caster));
            std::vector<std::uint8_t> out(grid.cell_count(), 7);
            expose_rays(grid, eye, out.data(), first, last, caster);
            REQUIRE(out == expected);
        }
    }
}

TEST_CASE("The sweep gives exactly the per-cell rays' map on random grids", "[exposure]") {
    std::mt19937 rng(12);
    for (int round = 0; round < 300; ++round) {
        const auto [width, grid, eye] = random_case(rng, 1, 48, 45);
        INFO("round " << round << " width " << width << " eye " << eye.x << "," << eye.y);
        const auto rays = by(ExposureAlgorithm::Rays, grid, eye);
        REQUIRE(by(ExposureAlgorithm::Sweep, grid, eye) == rays);
        if (round % 5 == 0) REQUIRE(rays == reference(grid, eye));
    }
}

TEST_CASE("Rays over a range touch only that range", "[exposure]") {
    std::mt19937 rng(13);
    const OccupancyGrid grid = random_grid(30, 20, rng);
    std::vector<std::uint8_t> out(grid.cell_count(), 9);
    expose_rays(grid, {15, 15}, out.data(), 100, 250);
    for (std::size_t i = 0; i < out.size(); ++i)
        if (i < 100 || i >= 250) REQUIRE(out[i] == 9);
        else REQUIRE(out[i] <= 1);
}

TEST_CASE("Each sweep octant writes only cells no other octant writes", "[exposure]") {
    // What lets the octants run on different threads: a cell any octant
    // writes (its exposure, or the 0 of a wall it passed) is written by one.
    std::mt19937 rng(14);
    for (int round = 0; round < 40; ++round) {
        const auto [width, grid, eye] = random_case(rng, 8, 120, 12);
        if (grid.wall(eye.x, eye.y)) continue;
        INFO("round " << round << " width " << width << " eye " << eye.x << "," << eye.y);
        std::vector<int> writers(grid.cell_count(), 0);
        for (int k = 0; k < kOctants; ++k) {
            std::vector<std::uint8_t> out(grid.cell_count(), 7);
            expose_sweep_octant(grid, eye, out.data(), k);
            for (std::size_t i = 0; i < out.size(); ++i) writers[i] += out[i] != 7;
        }
        REQUIRE(*std::max_element(writers.begin(), writers.end()) <= 1);
    }
}

TEST_CASE("Free runs count the free cells in a line from each cell in all eight directions", "[exposure]") {
    std::mt19937 rng(15);
    OccupancyGrid grid = random_grid(23, 25, rng);
    grid.update_free_runs();
    REQUIRE(grid.free_runs_ready());
    for (int d = 0; d < OccupancyGrid::kRunDirections; ++d)
        for (int y = 0; y < grid.width; ++y)
            for (int x = 0; x < grid.width; ++x) {
                int expected = 0;
                for (int cx = x, cy = y; grid.free(cx, cy); cx += OccupancyGrid::kRunDx[d], cy += OccupancyGrid::kRunDy[d]) ++expected;
                INFO("direction " << d << " cell " << x << "," << y);
                REQUIRE(grid.free_run(d)[grid.index(x, y)] == static_cast<std::uint16_t>(expected));
            }
}

TEST_CASE("One cell's exposure agrees with the whole map", "[exposure]") {
    std::mt19937 rng(16);
    for (int round = 0; round < 60; ++round) {
        auto [width, grid, eye] = random_case(rng, 2, 30, 40);
        if (round % 2) grid.update_free_runs();
        const auto map = reference(grid, eye);
        for (int y = 0; y < width; ++y)
            for (int x = 0; x < width; ++x) {
                INFO("round " << round << " eye " << eye.x << "," << eye.y << " cell " << x << "," << y);
                REQUIRE(cell_exposed(grid, eye, {x, y}) == (map[grid.index(x, y)] != 0));
            }
    }
}
