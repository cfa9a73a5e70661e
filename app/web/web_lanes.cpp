// web_lanes.cpp — the page's own check of its lanes ray caster: in the
// browser edition, RayCaster::Lanes walks eight rays at a time in WebAssembly
// SIMD (core/exposure/exposure_rays.cpp, built with -msimd128), and the map
// must be the plain caster's, cell for cell, as on the desktop. The browser
// test (web/test_lanes.py) calls these; the desktop's unit tests check its
// AVX2 path the same way (tests/test_exposure.cpp).
//
//   tsl_web_lanes_simd()         1 where the lanes are the SIMD path, else 0
//   tsl_web_lanes_check(seed, n) n random grids, their maps by lanes and by
//                                plain compared: {"grids":..,"eyes":..,
//                                "cells":..,"differ":..} as JSON
//   tsl_web_lanes_check_wide(seed)
//                                the same on three grids 1447 cells a side
//                                (about the widest a level file holds), where
//                                rays are longest, against free-runs
//
// Threading: the browser's main thread (or node, for a quick run by hand).
#include "core/exposure/exposure.h"

#include <emscripten/emscripten.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

struct Comparison {
    long long grids = 0, eyes = 0, cells = 0, differ = 0;
};

// The cells of [first, last) whose exposure differs between the lanes and
// the other caster.
long long differing(const tsl::OccupancyGrid& grid, tsl::Cell eye, std::size_t first, std::size_t last,
                    tsl::RayCaster other = tsl::RayCaster::Plain) {
    std::vector<std::uint8_t> lanes(grid.cell_count(), 7), reference(grid.cell_count(), 9);
    tsl::expose_rays(grid, eye, lanes.data(), first, last, tsl::RayCaster::Lanes);
    tsl::expose_rays(grid, eye, reference.data(), first, last, other);
    long long count = 0;
    for (std::size_t i = first; i < last; ++i) count += lanes[i] != reference[i];
    return count;
}

// Random square grids of 1 to 130 cells a side (mostly not a multiple of the
// eight lanes), walls from none to 60 % of the cells, and on each: an eye
// anywhere, one on or beside an edge or corner, one in a wall where there is
// one; every map whole, then over a random range of cells.
Comparison compare(unsigned seed, int grids) {
    std::mt19937 rng(seed);
    auto below = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    Comparison result;
    for (int g = 0; g < grids; ++g) {
        const int width = 1 + below(130), wall_percent = below(61);
        tsl::OccupancyGrid grid(width);
        for (auto& cell : grid.walls) cell = below(100) < wall_percent;
        grid.update_free_runs();
        std::vector<tsl::Cell> eyes = {{below(width), below(width)}};
        const int edge[] = {0, std::min(1, width - 1), std::max(0, width - 2), width - 1};
        eyes.push_back(below(2) ? tsl::Cell{edge[below(4)], below(width)} : tsl::Cell{below(width), edge[below(4)]});
        std::vector<tsl::Cell> walls;
        for (int y = 0; y < width; ++y)
            for (int x = 0; x < width; ++x)
                if (grid.wall(x, y)) walls.push_back({x, y});
        if (!walls.empty()) eyes.push_back(walls[static_cast<std::size_t>(below(static_cast<int>(walls.size())))]);
        for (const tsl::Cell eye : eyes) {
            const std::size_t n = grid.cell_count();
            const std::size_t first = static_cast<std::size_t>(below(static_cast<int>(n)));
            const std::size_t last = first + static_cast<std::size_t>(below(static_cast<int>(n - first) + 1));
            result.differ += differing(grid, eye, 0, n) + differing(grid, eye, first, last);
            result.cells += static_cast<long long>(n + (last - first));
            ++result.eyes;
        }
        ++result.grids;
    }
    return result;
}

// Three grids 1447 cells a side, with no wall, 0.02 % and 0.2 % of the cells
// walls, so that rays run most of the width before a wall stops them: the
// lanes keep their bounds in 16 bits in the page, and this is where they are
// largest. Eyes at
// a corner and anywhere; the cells compared are the two rows farthest from
// the eye and a random range of 20,000 (a whole map by plain would take
// minutes, so the reference is free-runs, which the desktop's tests check
// against plain and against every wall).
Comparison compare_wide(unsigned seed) {
    std::mt19937 rng(seed);
    auto below = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    constexpr int kWidth = 1447;
    Comparison result;
    for (const int walls_in_10000 : {0, 2, 20}) {
        tsl::OccupancyGrid grid(kWidth);
        for (auto& cell : grid.walls) cell = below(10'000) < walls_in_10000;
        for (const tsl::Cell eye : {tsl::Cell{0, 0}, tsl::Cell{below(kWidth), below(kWidth)}}) {
            grid.walls[grid.index(eye.x, eye.y)] = 0;
            grid.update_free_runs();
            const std::size_t row = static_cast<std::size_t>(kWidth);
            const std::size_t far = eye.y < kWidth / 2 ? grid.cell_count() - 2 * row : 0;
            const std::size_t first = static_cast<std::size_t>(below(static_cast<int>(grid.cell_count()) - 20'000));
            result.differ += differing(grid, eye, far, far + 2 * row, tsl::RayCaster::FreeRuns) +
                             differing(grid, eye, first, first + 20'000, tsl::RayCaster::FreeRuns);
            result.cells += static_cast<long long>(2 * row + 20'000);
            ++result.eyes;
        }
        ++result.grids;
    }
    return result;
}

const char* as_json(const Comparison& c) {
    static std::string text;
    text = "{\"grids\":" + std::to_string(c.grids) + ",\"eyes\":" + std::to_string(c.eyes) +
           ",\"cells\":" + std::to_string(c.cells) + ",\"differ\":" + std::to_string(c.differ) + "}";
    return text.c_str();
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE int tsl_web_lanes_simd() { return tsl::lanes_use_wasm_simd() ? 1 : 0; }

EMSCRIPTEN_KEEPALIVE const char* tsl_web_lanes_check(int seed, int grids) {
    return as_json(compare(static_cast<unsigned>(seed), grids));
}

EMSCRIPTEN_KEEPALIVE const char* tsl_web_lanes_check_wide(int seed) { return as_json(compare_wide(static_cast<unsigned>(seed))); }

}  // extern "C"
