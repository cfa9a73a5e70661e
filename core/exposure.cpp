#include "exposure.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <vector>

namespace tsl {

std::string_view name_of(ExposureAlgorithm algorithm) { return algorithm == ExposureAlgorithm::Rays ? "rays" : "sweep"; }

std::optional<ExposureAlgorithm> parse_algorithm(std::string_view text) {
    if (text == "rays" || text == "per-cell-rays") return ExposureAlgorithm::Rays;
    if (text == "sweep" || text == "shadowcasting") return ExposureAlgorithm::Sweep;
    return std::nullopt;
}

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

// --- Clearance --------------------------------------------------------------------

void OccupancyGrid::update_clearance() {
    // Chebyshev distance transform: a forward and a backward pass over the
    // 8-neighbourhood. Cells outside the grid are not walls.
    const int w = width;
    clearance.assign(walls.size(), 255);
    for (std::size_t i = 0; i < walls.size(); ++i)
        if (walls[i]) clearance[i] = 0;
    auto relax = [&](int x, int y, int nx, int ny) {
        if (nx < 0 || ny < 0 || nx >= w || ny >= w) return;
        const int via = clearance[index(nx, ny)] + 1;
        std::uint8_t& c = clearance[index(x, y)];
        if (via < c) c = static_cast<std::uint8_t>(via);
    };
    for (int y = 0; y < w; ++y)
        for (int x = 0; x < w; ++x) {
            relax(x, y, x - 1, y);
            relax(x, y, x - 1, y - 1);
            relax(x, y, x, y - 1);
            relax(x, y, x + 1, y - 1);
        }
    for (int y = w - 1; y >= 0; --y)
        for (int x = w - 1; x >= 0; --x) {
            relax(x, y, x + 1, y);
            relax(x, y, x + 1, y + 1);
            relax(x, y, x, y + 1);
            relax(x, y, x - 1, y + 1);
        }
}

// --- Per-cell rays ------------------------------------------------------------------

namespace {

// Is the segment from the eye to the cell at octant coordinates (x, y),
// 0 <= y <= x, clear? `base` is the eye's index; steps as in Octant.
//
// `clear`, when not null, is the grid's clearance map. Where the lowest
// touched cell of column m has clearance c, no wall lies within c - 1 cells of
// it; the touched rows of columns m .. m + c - 3 stay within that distance
// (rows advance at most one per column and span at most three), so those
// columns need no test: the ray skips ahead — or, when they reach the
// target's column, is known to be clear.
bool ray_clear(const std::uint8_t* walls, const std::uint8_t* clear, std::ptrdiff_t base, std::ptrdiff_t step_major,
               std::ptrdiff_t step_minor, int x, int y) {
    if (y == x && (walls[base + step_minor] || walls[base + x * step_major + (x - 1) * step_minor]))
        return false;  // the two corner contacts on the diagonal
    // Column m (1 <= m < x) holds walls at rows i_min..i_max that touch the
    // segment: i_max = floor((y(2m+1) + x) / 2x), i_min = ceil((y(2m-1) - x) / 2x),
    // kept as quotient and remainder while m advances (each grows by 2y <= 2x).
    // At m = 1, i_max is 0, 1 or 2 and i_min is 0: no division needed.
    const int d = 2 * x;
    int hi_q = ((3 * y + x) >= d) + ((3 * y + x) >= 2 * d);
    int hi_r = 3 * y + x - hi_q * d;
    int lo_q = 0, lo_r = y + x - 1;
    // What 2^k columns add to a row bound, as quotient and remainder of
    // 2y * 2^k by d, made by doubling on first use (never by division).
    int skip_q[8], skip_r[8], skips_known = 0;
    const std::uint8_t* lo_p = walls + base + step_major;
    const std::uint8_t* hi_p = lo_p + hi_q * step_minor;
    for (int m = 1; m < x;) {
        const int c = clear ? clear[lo_p - walls] : 0;
        if (c >= 6) {
            if (m + c - 3 >= x - 1) return true;  // every column left is free
            int k = 0;
            while (k < 7 && (2 << k) <= c - 2) ++k;  // 2^k <= c - 2 columns
            for (; skips_known <= k; ++skips_known) {
                if (skips_known == 0) {
                    skip_q[0] = 2 * y >= d;
                    skip_r[0] = 2 * y - skip_q[0] * d;
                } else {
                    skip_q[skips_known] = 2 * skip_q[skips_known - 1];
                    skip_r[skips_known] = 2 * skip_r[skips_known - 1];
                    if (skip_r[skips_known] >= d) {
                        skip_r[skips_known] -= d;
                        ++skip_q[skips_known];
                    }
                }
            }
            m += 1 << k;
            hi_r += skip_r[k];
            hi_q += skip_q[k] + (hi_r >= d);
            hi_r -= hi_r >= d ? d : 0;
            lo_r += skip_r[k];
            lo_q += skip_q[k] + (lo_r >= d);
            lo_r -= lo_r >= d ? d : 0;
            lo_p = walls + base + m * step_major + lo_q * step_minor;
            hi_p = walls + base + m * step_major + hi_q * step_minor;
            continue;
        }
        // Testing three cells (the middle one may repeat the lowest) keeps the
        // loop free of unpredictable branches; a clearance of 3 or more
        // already says all three are free.
        if (c < 3) {
            const std::uint8_t* mid_p = lo_p + ((hi_q - lo_q) >> 1) * step_minor;
            if (*lo_p | *mid_p | *hi_p) return false;
        }
        ++m;
        hi_r += 2 * y;
        const bool hi_carry = hi_r >= d;
        hi_q += hi_carry;
        hi_r -= hi_carry ? d : 0;
        hi_p += step_major + (hi_carry ? step_minor : 0);
        lo_r += 2 * y;
        const bool lo_carry = lo_r >= d;
        lo_q += lo_carry;
        lo_r -= lo_carry ? d : 0;
        lo_p += step_major + (lo_carry ? step_minor : 0);
    }
    return true;
}

}  // namespace

void expose_rays(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed, std::size_t first, std::size_t last) {
    const std::uint8_t* walls = grid.walls.data();
    const std::uint8_t* clear = grid.clearance.size() == grid.walls.size() ? grid.clearance.data() : nullptr;
    const std::ptrdiff_t base = static_cast<std::ptrdiff_t>(grid.index(eye.x, eye.y));
    const int w = grid.width;
    if (walls[base]) {  // an eye inside a wall sees nothing (every segment starts in it)
        std::fill(exposed + first, exposed + last, std::uint8_t{0});
        return;
    }
    // Row by row, so that no division is needed per cell.
    std::size_t index = first;
    while (index < last) {
        const int y = static_cast<int>(index / w), dy = y - eye.y;
        const int ay = std::abs(dy);
        const std::ptrdiff_t step_y = dy < 0 ? -w : w;
        const std::size_t row_end = std::min(last, static_cast<std::size_t>(y + 1) * w);
        for (int x = static_cast<int>(index % w); index < row_end; ++index, ++x) {
            if (walls[index]) {
                exposed[index] = 0;
                continue;
            }
            const int dx = x - eye.x, ax = std::abs(dx);
            if (ax == 0 && ay == 0) {
                exposed[index] = 1;
                continue;
            }
            const std::ptrdiff_t step_x = dx < 0 ? -1 : 1;
            exposed[index] = ay > ax ? ray_clear(walls, clear, base, step_y, step_x, ay, ax)
                                     : ray_clear(walls, clear, base, step_x, step_y, ax, ay);
        }
    }
}

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

}  // namespace

void expose_sweep_octant(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed, int k) {
    if (grid.wall(eye.x, eye.y)) return;  // an eye inside a wall sees nothing
    const Octant o = octant_of(grid, eye, k);
    const std::uint8_t* walls = grid.walls.data();
    const std::ptrdiff_t base = static_cast<std::ptrdiff_t>(grid.index(eye.x, eye.y));
    auto index_of = [&](int m, int i) { return base + m * o.step_major + i * o.step_minor; };
    auto wall = [&](int m, int i) { return i <= o.minor_limit && walls[index_of(m, i)] != 0; };
    const int sx = kSignX[o.quadrant], sy = kSignY[o.quadrant];
    auto owned = [&](int m, int i) {
        const int dx = sx * (o.swapped ? i : m), dy = sy * (o.swapped ? m : i);
        return owner_of(dx, dy) == k;
    };

    std::vector<Span> spans{{{0, 1}, {1, 1}, false, false}}, scratch;
    std::vector<int> blockers;
    if (o.major_limit >= 1 && wall(0, 1)) subtract(spans, scratch, {1, 1}, {1, 1});  // the diagonal's first corner

    for (int x = 1; x <= o.major_limit && !spans.empty(); ++x) {
        const int last_row = std::min(x, o.minor_limit);
        // Cells whose centre slope y/x is still unblocked.
        for (const Span& s : spans) {
            const std::int64_t lo_t = s.lo.num * x, hi_t = s.hi.num * x;
            const std::int64_t y_lo = s.lo_open ? floor_div(lo_t, s.lo.den) + 1 : ceil_div(lo_t, s.lo.den);
            const std::int64_t y_hi = s.hi_open ? ceil_div(hi_t, s.hi.den) - 1 : floor_div(hi_t, s.hi.den);
            for (auto y = static_cast<int>(std::max<std::int64_t>(y_lo, 0)); y <= std::min<std::int64_t>(y_hi, last_row); ++y) {
                if (walls[index_of(x, y)]) continue;
                if (y == x && wall(x, x - 1)) continue;  // the diagonal's corner beside the target
                if (owned(x, y)) exposed[index_of(x, y)] = 1;
            }
        }
        // Walls of this column that block part of what is still open: row i
        // blocks [(2i-1)/(2x+1), (2i+1)/(2x-1)]; rows up to x + 1 can touch slope 1.
        blockers.clear();
        for (const Span& s : spans) {
            const std::int64_t i_hi = floor_div(s.hi.num * (2 * x + 1) + s.hi.den, 2 * s.hi.den);
            const std::int64_t i_lo = ceil_div(s.lo.num * (2 * x - 1) - s.lo.den, 2 * s.lo.den);
            for (auto i = static_cast<int>(std::max<std::int64_t>(i_lo, 0)); i <= std::min<std::int64_t>(i_hi, std::min(x + 1, o.minor_limit));
                 ++i)
                if (walls[index_of(x, i)] && (blockers.empty() || blockers.back() < i)) blockers.push_back(i);
        }
        for (int i : blockers) subtract(spans, scratch, {2 * i - 1, 2 * x + 1}, {2 * i + 1, 2 * x - 1});
    }
}

void expose_sweep(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed) {
    std::fill(exposed, exposed + grid.cell_count(), std::uint8_t{0});
    exposed[grid.index(eye.x, eye.y)] = !grid.wall(eye.x, eye.y);
    for (int k = 0; k < kOctants; ++k) expose_sweep_octant(grid, eye, exposed, k);
}

}  // namespace tsl
