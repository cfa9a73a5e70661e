// exposure.h — which cells of the grid the sentinel's eye can see, by two
// algorithms that must agree exactly.
//
// The rule
//   The eye is the centre of the sentinel's cell. A free cell is exposed
//   when the closed segment from the eye to the cell's centre touches no wall
//   cell at all: not its interior, not an edge, not a corner. So a ray that
//   exactly grazes the corner where two walls meet diagonally is blocked, and
//   the sentinel cannot see through diagonal walls. Walls are never exposed;
//   the eye's own cell always is (an eye inside a wall sees nothing).
//
// Why it can be exact: all the points involved are multiples of half a cell,
// so every test is integer arithmetic. Seen from the eye, with cells in
// "octant" coordinates (m along the major axis, i along the minor one, the
// target at (x, y) with 0 <= y <= x), a wall at (m, i), 1 <= m < x, touches
// the segment exactly when the target's slope y/x lies in the closed interval
// [(2i - 1) / (2m + 1), (2i + 1) / (2m - 1)]. Two more contacts exist, both
// on the exact diagonal y = x: the wall at (0, 1) beside the eye and the wall
// at (x, x - 1) beside the target, each touched at a corner.
//
// Per-cell rays (the article's algorithm): for every cell, its own segment
// test. The segment touches one run of consecutive cells in each row across
// its minor axis. Three ray casters do that test (RayCaster below); they give
// the same map bit for bit, since every test is the integer rule above:
//   plain      reads each run's cells one by one, stopping at the first wall —
//              one ray per cell, as the article casts them; the one to read;
//   free-runs  tests each run in one load from the grid's free-run table;
//              cost: about the sum over cells of their minor-axis distance;
//   lanes      free runs, eight rays at a time in AVX2 lanes (free-runs on
//              CPUs without AVX2; in the browser edition, the same code on
//              WebAssembly SIMD). The scene's default; `bench` measures the
//              three side by side.
//
// Visibility sweep (recursive shadowcasting, exact): per octant, walk the
// columns outward keeping the set of slopes not yet blocked, as intervals
// with rational ends; mark the cells whose centre slope is unblocked, then
// remove each wall's interval. Every visible cell is touched about once.
//
// Threading: all functions are pure; callers may run them on disjoint output
// ranges (rays) or octants (sweep) on different threads.
#pragma once

#include "core/base/names.h"

#include "core/exposure/occupancy_grid.h"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <optional>

namespace tsl {

enum class ExposureAlgorithm : std::uint8_t {
    Rays,   // one segment test per cell, the article's raycasts
    Sweep,  // shadowcasting from the eye
};
// "rays" (also "per-cell-rays"), "sweep" (also "shadowcasting"), with labels and help.
extern const EnumName kAlgorithmNames[4];
std::string_view name_of(ExposureAlgorithm algorithm);
std::optional<ExposureAlgorithm> parse_algorithm(std::string_view text);

// How per-cell rays are cast: an optimisation only, the map is the same.
enum class RayCaster : std::uint8_t {
    Plain,     // one ray per cell, its cells read one by one (the article's way; the taught version)
    FreeRuns,  // one ray per cell, a run of cells per load from the free-run tables
    Lanes,     // free runs, eight rays at a time in AVX2 lanes where the CPU has them (WebAssembly SIMD in the page)
};
inline constexpr RayCaster kAllRayCasters[] = {RayCaster::Plain, RayCaster::FreeRuns, RayCaster::Lanes};
// "plain", "free-runs", "lanes", with labels and help.
extern const EnumName kRayCasterNames[3];
std::string_view name_of(RayCaster caster);

// Per-cell rays for the cells with row-major index in [first, last):
// exposed[index] = 1 or 0.
// With the default caster, uses the grid's free-run tables when they are
// ready, and on CPUs with AVX2 (and in the browser edition, in WebAssembly
// SIMD) walks eight rays at a time. Free-runs and
// lanes fall back to plain while the tables are not ready. The map is the
// same whichever way.
void expose_rays(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed, std::size_t first, std::size_t last,
                 RayCaster caster = RayCaster::Lanes);
// One cell's exposure from the eye, by its ray.
bool cell_exposed(const OccupancyGrid& grid, Cell eye, Cell cell);
// The same map, one ray at a time (what expose_rays does without AVX2 or
// WebAssembly SIMD).
void expose_rays_portable(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed, std::size_t first, std::size_t last);
#ifdef __wasm__
// The browser edition: true where the lanes walk eight rays at a time in
// WebAssembly SIMD (a build with -msimd128), false where they take the
// portable path.
bool lanes_use_wasm_simd();
#endif

// The whole map by the sweep. Octants 0..7 may run on different threads:
// each writes only the cells it owns (and `clear` must have been done).
inline constexpr int kOctants = 8;
void expose_sweep_octant(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed, int octant);
void expose_sweep(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed);  // clears, then all octants

// Brute force, for tests: every free cell against every wall.
void expose_reference(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed);

// The rule itself: does the closed segment between the centres of cells a and
// b touch the closed square of cell w?
bool segment_touches_cell(Cell a, Cell b, Cell w);

}  // namespace tsl
