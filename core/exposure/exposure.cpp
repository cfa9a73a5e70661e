#include "core/exposure/exposure.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace tsl {

const EnumName kAlgorithmNames[4] = {
    {"rays", static_cast<int>(ExposureAlgorithm::Rays), "per-cell rays",
     "The article's: one segment from the eye to every cell, walked through the grid until a wall."},
    {"sweep", static_cast<int>(ExposureAlgorithm::Sweep), "sweep",
     "A visibility sweep (shadowcasting) from the eye: every cell touched about once, the same map. Check the algorithm before you "
     "thread it."},
    {"per-cell-rays", static_cast<int>(ExposureAlgorithm::Rays)},
    {"shadowcasting", static_cast<int>(ExposureAlgorithm::Sweep)},
};

const EnumName kRayCasterNames[3] = {
    {"plain", static_cast<int>(RayCaster::Plain), "plain",
     "One ray per cell, the cells it passes read one by one until a wall: the article's raycast."},
    {"free-runs", static_cast<int>(RayCaster::FreeRuns), "free runs",
     "One ray per cell, each run of cells it passes tested in one load from a table of free runs: the same map."},
#ifdef __wasm_simd128__  // the browser edition: the same lanes in WebAssembly SIMD (exposure_rays.cpp)
    {"lanes", static_cast<int>(RayCaster::Lanes), "SIMD lanes",
     "Free runs, eight rays at a time in WebAssembly SIMD lanes: the same map."},
#else
    {"lanes", static_cast<int>(RayCaster::Lanes), "AVX2 lanes",
     "Free runs, eight rays at a time in AVX2 lanes (free runs where the CPU has no AVX2): the same map."},
#endif
};

std::string_view name_of(RayCaster caster) { return name_for(kRayCasterNames, static_cast<int>(caster)); }

std::string_view name_of(ExposureAlgorithm algorithm) { return name_for(kAlgorithmNames, static_cast<int>(algorithm)); }

std::optional<ExposureAlgorithm> parse_algorithm(std::string_view text) { return parse_enum<ExposureAlgorithm>(kAlgorithmNames, text); }

// --- The rule, directly ---------------------------------------------------------

bool segment_touches_cell(Cell a, Cell b, Cell w) {
    // Doubled coordinates: centres are odd, cell edges even; all exact.
    const std::int64_t ax = 2 * a.x + 1, ay = 2 * a.y + 1, bx = 2 * b.x + 1, by = 2 * b.y + 1;
    const std::int64_t x0 = 2 * w.x, x1 = x0 + 2, y0 = 2 * w.y, y1 = y0 + 2;
    if (std::max(ax, bx) < x0 || std::min(ax, bx) > x1 || std::max(ay, by) < y0 || std::min(ay, by) > y1) return false;
    // The segment's line must not leave all four corners strictly on one side.
    const std::int64_t dx = bx - ax, dy = by - ay;
    int above = 0, below = 0;
    for (auto [px, py] : {std::pair{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}}) {
        const std::int64_t side = dx * (py - ay) - dy * (px - ax);
        above += side > 0;
        below += side < 0;
    }
    return above < 4 && below < 4;
}

void expose_reference(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed) {
    for (int y = 0; y < grid.width; ++y)
        for (int x = 0; x < grid.width; ++x) {
            bool visible = !grid.wall(x, y);
            for (int wy = std::min(y, eye.y); visible && wy <= std::max(y, eye.y); ++wy)
                for (int wx = std::min(x, eye.x); visible && wx <= std::max(x, eye.x); ++wx)
                    if (grid.wall(wx, wy) && segment_touches_cell(eye, {x, y}, {wx, wy})) visible = false;
            exposed[grid.index(x, y)] = visible;
        }
}

// --- Octants ----------------------------------------------------------------------
// Octant k: quadrant k / 2 gives the signs (sx, sy), k % 2 whether the major
// axis is y ("swapped"). Octant coordinates (m, i), 0 <= i <= m, map to the
// world cell eye + (sx * m, sy * i), or eye + (sx * i, sy * m) when swapped.

namespace {

constexpr int kSignX[4] = {1, -1, -1, 1}, kSignY[4] = {1, 1, -1, -1};

struct Octant {
    std::ptrdiff_t step_major = 0, step_minor = 0;  // index steps along m and i
    int major_limit = 0, minor_limit = 0;           // largest m and i still inside the grid
    int quadrant = 0;
    bool swapped = false;
};

Octant octant_of(const OccupancyGrid& grid, Cell eye, int k) {
    Octant o;
    o.quadrant = k / 2;
    o.swapped = k % 2 == 1;
    const int sx = kSignX[o.quadrant], sy = kSignY[o.quadrant];
    const std::ptrdiff_t step_x = sx, step_y = static_cast<std::ptrdiff_t>(sy) * grid.width;
    const int room_x = sx > 0 ? grid.width - 1 - eye.x : eye.x, room_y = sy > 0 ? grid.width - 1 - eye.y : eye.y;
    o.step_major = o.swapped ? step_y : step_x;
    o.step_minor = o.swapped ? step_x : step_y;
    o.major_limit = o.swapped ? room_y : room_x;
    o.minor_limit = o.swapped ? room_x : room_y;
    return o;
}

// The one octant that writes a cell seen from the eye (offset dx, dy != 0):
// half-open quadrants, then the swapped octant takes |dy| >= |dx|.
int owner_of(int dx, int dy) {
    int quadrant;
    if (dx > 0 && dy >= 0) quadrant = 0;
    else if (dx <= 0 && dy > 0) quadrant = 1;
    else if (dx < 0 && dy <= 0) quadrant = 2;
    else quadrant = 3;
    return quadrant * 2 + (std::abs(dy) >= std::abs(dx) ? 1 : 0);
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return -floor_div(-a, b); }

}  // namespace

// --- The sweep -----------------------------------------------------------------------

namespace {

struct Slope {
    std::int64_t num, den;  // den > 0
};
int compare(Slope a, Slope b) {
    const std::int64_t l = a.num * b.den, r = b.num * a.den;
    return (l > r) - (l < r);
}

// Slopes not yet blocked: lo..hi, each end open or closed.
struct Span {
    Slope lo, hi;
    bool lo_open, hi_open;
};

// Removes the closed interval [a, b] from every span.
void subtract(std::vector<Span>& spans, std::vector<Span>& scratch, Slope a, Slope b) {
    scratch.clear();
    for (const Span& s : spans) {
        const int hi_vs_a = compare(s.hi, a), lo_vs_b = compare(s.lo, b);
        if (hi_vs_a < 0 || (hi_vs_a == 0 && s.hi_open) || lo_vs_b > 0 || (lo_vs_b == 0 && s.lo_open)) {
            scratch.push_back(s);  // no overlap
            continue;
        }
        if (compare(s.lo, a) < 0) scratch.push_back({s.lo, a, s.lo_open, true});
        if (compare(b, s.hi) < 0) scratch.push_back({b, s.hi, true, s.hi_open});
    }
    spans.swap(scratch);
}

struct SweepLists {
    std::vector<Span> spans, scratch;
    std::vector<std::pair<int, int>> blockers;
};

}  // namespace

void expose_sweep_octant(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed, int k) {
    if (grid.wall(eye.x, eye.y)) return;  // an eye inside a wall sees nothing
    const Octant o = octant_of(grid, eye, k);
    const std::uint8_t* walls = grid.walls.data();
    const std::ptrdiff_t base = static_cast<std::ptrdiff_t>(grid.index(eye.x, eye.y));
    const std::ptrdiff_t sm = o.step_minor;
    // Ownership is decided once: rows 1 .. m - 1 of every column are this
    // octant's alone; the axis (i = 0) and the diagonal (i = m) are shared
    // with a neighbour, and owner_of gives each to one of them.
    const int sx = kSignX[o.quadrant], sy = kSignY[o.quadrant];
    const bool own_axis = owner_of(o.swapped ? 0 : sx, o.swapped ? sy : 0) == k;
    const bool own_diagonal = owner_of(sx, sy) == k;

    // The lists, kept by the thread from octant to octant and map to map, so
    // that a warm sweep allocates nothing (a page's malloc takes a lock).
    thread_local SweepLists lists;
    std::vector<Span>& spans = lists.spans;
    std::vector<Span>& scratch = lists.scratch;
    std::vector<std::pair<int, int>>& blockers = lists.blockers;  // runs of wall rows, first..last
    spans.assign(1, {{0, 1}, {1, 1}, false, false});
    if (o.major_limit >= 1 && o.minor_limit >= 1 && walls[base + sm])
        subtract(spans, scratch, {1, 1}, {1, 1});  // the diagonal's first corner

    for (int x = 1; x <= o.major_limit && !spans.empty(); ++x) {
        const std::ptrdiff_t column = base + x * o.step_major;
        const std::uint8_t* wall_column = walls + column;
        std::uint8_t* out_column = exposed + column;
        const int last_row = std::min(x, o.minor_limit);
        const int last_blocker_row = std::min(x + 1, o.minor_limit);
        blockers.clear();
        for (const Span& s : spans) {
            // Cells whose centre slope y/x is unblocked: rows y_lo .. y_hi.
            const std::int64_t lo_t = s.lo.num * x, hi_t = s.hi.num * x;
            const int y_lo = static_cast<int>(std::max<std::int64_t>(
                s.lo_open ? floor_div(lo_t, s.lo.den) + 1 : ceil_div(lo_t, s.lo.den), own_axis ? 0 : 1));
            const int y_hi = static_cast<int>(std::min<std::int64_t>(
                s.hi_open ? ceil_div(hi_t, s.hi.den) - 1 : floor_div(hi_t, s.hi.den), last_row));
            // The diagonal cell, and its corner contact beside the target.
            if (y_hi == x && own_diagonal && !wall_column[x * sm] && !wall_column[(x - 1) * sm]) out_column[x * sm] = 1;

            // Walls of this column that block part of what is still open: row i
            // blocks [(2i-1)/(2x+1), (2i+1)/(2x-1)]; rows up to x + 1 can touch
            // slope 1. Their rows i_lo .. i_hi include the marked rows.
            const auto i_lo = static_cast<int>(std::max<std::int64_t>(ceil_div(s.lo.num * (2 * x - 1) - s.lo.den, 2 * s.lo.den), 0));
            const auto i_hi = static_cast<int>(std::min<std::int64_t>(
                floor_div(s.hi.num * (2 * x + 1) + s.hi.den, 2 * s.hi.den), last_blocker_row));
            auto note_wall = [&](int i) {
                if (!blockers.empty() && blockers.back().second >= i - 1) {
                    blockers.back().second = std::max(blockers.back().second, i);
                } else {
                    blockers.emplace_back(i, i);
                }
            };
            // One pass: rows y_lo .. x - 1 are marked alike, exposed unless a
            // wall (cells start cleared, so a wall's 0 changes nothing).
            const int mark_lo = std::max(y_lo, i_lo), mark_hi = std::min(y_hi, x - 1);
            int i = i_lo;
            for (; i < mark_lo && i <= i_hi; ++i)  // (a span wholly past the grid's edge marks nothing)
                if (wall_column[i * sm]) note_wall(i);
            if (sm == 1 || sm == -1) {
                // Rows are contiguous bytes (upward or downward in memory):
                // eight at a time, and a wall's rows only where a word has one.
                constexpr std::uint64_t kOnes = 0x0101010101010101;
                for (; i + 7 <= mark_hi; i += 8) {
                    const std::ptrdiff_t at = sm == 1 ? i : -(i + 7);
                    std::uint64_t w;
                    std::memcpy(&w, wall_column + at, 8);
                    const std::uint64_t seen = w ^ kOnes;
                    std::memcpy(out_column + at, &seen, 8);
                    if (w)
                        for (int r = i; r < i + 8; ++r)
                            if (wall_column[r * sm]) note_wall(r);
                }
            }
            for (; i <= mark_hi; ++i) {
                const std::uint8_t w = wall_column[i * sm];
                out_column[i * sm] = w ^ 1;
                if (w) note_wall(i);
            }
            for (; i <= i_hi; ++i)
                if (wall_column[i * sm]) note_wall(i);
        }
        // A run of walls, rows a .. b, blocks [(2a-1)/(2x+1), (2b+1)/(2x-1)]:
        // the union of its rows' intervals, which overlap.
        for (auto [a, b] : blockers) subtract(spans, scratch, {2 * a - 1, 2 * x + 1}, {2 * b + 1, 2 * x - 1});
    }
}

void expose_sweep(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed) {
    std::fill(exposed, exposed + grid.cell_count(), std::uint8_t{0});
    exposed[grid.index(eye.x, eye.y)] = !grid.wall(eye.x, eye.y);
    for (int k = 0; k < kOctants; ++k) expose_sweep_octant(grid, eye, exposed, k);
}

}  // namespace tsl
