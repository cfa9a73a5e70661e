// exposure_rays.cpp — the per-cell rays of exposure.h: the free-run tables,
// the one-ray test, and the loop over a range of cells (with an AVX2 path
// that walks eight rays in lockstep where the CPU has it, and in the browser
// edition the same rays on WebAssembly SIMD), by the three ray casters of
// exposure.h: plain, free-runs, lanes.
//
// [SECTION] Free runs
// [SECTION] Per-cell rays: the one-ray test and the loop over a range
// [SECTION] WebAssembly SIMD: the AVX2 operations the lanes use, on two v128
// [SECTION] AVX2 lanes: eight rays in lockstep (and their walk on 16-bit lanes in the page)
// [SECTION] Entry points: expose_rays by caster, cell_exposed
#include "core/exposure/exposure.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define TSL_EXPOSURE_AVX2 1
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>

#include <cstdint>
#define TSL_EXPOSURE_WASM_SIMD 1
#endif

namespace tsl {

// --- [SECTION] Free runs -------------------------------------------------------------

void OccupancyGrid::update_free_runs() {
    // One pass per direction, starting from the far end: a cell's run is 0 on
    // a wall, else one more than the next cell's (outside the grid counts as
    // a wall).
    const int w = width;
    const std::size_t n = walls.size();
    free_runs.assign(kRunDirections * n + 1, 0);
    for (int d = 0; d < kRunDirections; ++d) {
        std::uint16_t* run = free_runs.data() + d * n;
        const int dx = kRunDx[d], dy = kRunDy[d];
        // Visit cells so that (x + dx, y + dy) is always done before (x, y).
        for (int j = 0; j < w; ++j) {
            const int y = dy > 0 ? w - 1 - j : j;
            for (int k = 0; k < w; ++k) {
                const int x = dx > 0 ? w - 1 - k : k;
                if (walls[index(x, y)]) continue;
                const unsigned next = inside(x + dx, y + dy) ? run[index(x + dx, y + dy)] : 0;
                run[index(x, y)] = static_cast<std::uint16_t>(std::min(next + 1, 0xffffu));
            }
        }
    }
}

// --- [SECTION] Per-cell rays: the one-ray test and the loop over a range -------------

namespace {

// floor(N / D) for a number N that grows by a fixed step, kept as quotient
// and remainder so that it advances without a division (0 <= r < d).
struct Quotient {
    int q, r;
    void advance(int q_step, int r_step, int d) {
        q += q_step;
        r += r_step;
        if (r >= d) {
            r -= d;
            ++q;
        }
    }
    int ceil() const { return q + (r > 0); }
};

// Is the segment from the eye to the cell at octant coordinates (x, y),
// 0 <= y <= x, clear? `base` is the eye's index; steps as in Octant.
//
// By the rule, the walls that touch the segment are the cells (m, i),
// 1 <= m <= x - 1, with y(2m + 1) >= x(2i - 1) and y(2m - 1) <= x(2i + 1).
// Both are linear, so on any straight line of cells they hold for one run of
// consecutive cells. Two families of lines cover the candidates:
//   rows i = 0 .. y:              m in [N(i) / 2y, N(i + 1) / 2y + 1],
//                                 N(i) = x(2i - 1) - y;
//   diagonals u = m - i = 0 .. b: i in [N(u) / 2b, N(u + 2) / 2b + 1],
//   (b = x - y, when y < x)       N(u) = y(2u - 1) - x;
// (lower bounds rounded up, upper ones down). The ray walks whichever family
// has fewer lines (at most x / 2 + 1) and tests each run in one load: `along`
// and `diagonal` hold, per cell, how many free cells start there going along
// the major axis and along the diagonal. Without them (null) the run's cells
// are read one by one. N grows by a constant per line, so a ray needs one
// division, whatever its length.
template <bool kRuns>
[[gnu::always_inline]] inline bool ray_clear(const std::uint8_t* walls, const std::uint16_t* along, const std::uint16_t* diagonal,
                                             std::ptrdiff_t base, std::ptrdiff_t step_major, std::ptrdiff_t step_minor, int x,
                                             int y) {
    if (y == x && (walls[base + step_minor] || walls[base + x * step_major + (x - 1) * step_minor]))
        return false;  // the two corner contacts on the diagonal
    if (x <= 1) return true;  // no column between the eye and the target
    auto free_run = [&](const std::uint16_t* run, std::ptrdiff_t at, std::ptrdiff_t step, int length) {
        if constexpr (kRuns) {
            return run[at] >= static_cast<std::uint16_t>(length);
        } else {
            for (int k = 0; k < length; ++k)
                if (walls[at + k * step]) return false;
            return true;
        }
    };
    if (2 * y <= x) {  // rows
        if (y == 0) return free_run(along, base + step_major, step_major, x - 1);
        // x = whole * y + part; N(1) = x - y = (whole - 1) y + part; N grows by 2x.
        const int d = 2 * y, whole = x / y, part = x - whole * y;
        Quotient n{(whole - 1) / 2, (whole - 1) % 2 * y + part};
        if (!free_run(along, base + step_major, step_major, std::min(x - 1, n.q + 1))) return false;  // row 0
        std::ptrdiff_t row = base;
        for (int i = 1; i <= y; ++i) {
            row += step_minor;
            const int lo = std::max(1, n.ceil());
            n.advance(whole, 2 * part, d);
            const int hi = std::min(x - 1, n.q + 1);
            if (lo <= hi && !free_run(along, row + lo * step_major, step_major, hi - lo + 1)) return false;
        }
        return true;
    }
    const std::ptrdiff_t step_diagonal = step_major + step_minor;
    const int b = x - y;
    if (b == 0) {
        // The exact diagonal: cells (m, m - 1), (m, m) and (m, m + 1) for
        // 1 <= m <= x - 1, three diagonal runs (the corners beside the eye
        // and the target were tested above).
        return free_run(diagonal, base + step_major, step_diagonal, x - 1) &&
               free_run(diagonal, base + step_diagonal, step_diagonal, x - 1) &&
               free_run(diagonal, base + step_major + 2 * step_minor, step_diagonal, x - 1);
    }
    // y = whole * b + part; N(2) = 2y - b = (2 whole - 1) b + 2 part; N grows by 2y.
    const int d = 2 * b, whole = y / b, part = y - whole * b;
    Quotient lag{whole - 1, b + 2 * part};  // N(u), from u = 2
    if (lag.r >= d) {
        lag.r -= d;
        ++lag.q;
    }
    Quotient ahead = lag;  // N(u + 2)
    // u = 0: i from 1 (m >= 1); u = 1: from 0 (N(1) = -b rounds up to 0).
    if (!free_run(diagonal, base + step_diagonal, step_diagonal, std::min(x - 1, ahead.q + 1))) return false;
    ahead.advance(whole, 2 * part, d);
    if (!free_run(diagonal, base + step_major, step_diagonal, std::min(x - 2, ahead.q + 1) + 1)) return false;
    std::ptrdiff_t start = base + step_major;
    for (int u = 2; u <= b; ++u) {
        start += step_major;
        ahead.advance(whole, 2 * part, d);
        const int lo = lag.ceil(), hi = std::min(x - 1 - u, ahead.q + 1);
        lag.advance(whole, 2 * part, d);
        if (lo <= hi && !free_run(diagonal, start + lo * step_diagonal, step_diagonal, hi - lo + 1)) return false;
    }
    return true;
}

template <bool kRuns>
void expose_rays_with(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed, std::size_t first, std::size_t last) {
    const std::uint8_t* walls = grid.walls.data();
    const std::ptrdiff_t base = static_cast<std::ptrdiff_t>(grid.index(eye.x, eye.y));
    const int w = grid.width;
    auto run = [&](int dx, int dy) { return kRuns ? grid.free_run(OccupancyGrid::run_direction(dx, dy)) : nullptr; };
    // Row by row, so that no division is needed per cell.
    std::size_t index = first;
    while (index < last) {
        const int y = static_cast<int>(index / w), dy = y - eye.y;
        const int ay = std::abs(dy), sy = dy < 0 ? -1 : 1;
        const std::ptrdiff_t step_y = sy * w;
        const std::uint16_t* const run_y = run(0, sy);
        const std::uint16_t* const runs_x[2] = {run(-1, 0), run(1, 0)};
        const std::uint16_t* const runs_diagonal[2] = {run(-1, sy), run(1, sy)};
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
            const int east = dx >= 0;
            const std::ptrdiff_t step_x = east ? 1 : -1;
            exposed[index] = ay > ax
                                 ? ray_clear<kRuns>(walls, run_y, runs_diagonal[east], base, step_y, step_x, ay, ax)
                                 : ray_clear<kRuns>(walls, runs_x[east], runs_diagonal[east], base, step_x, step_y, ax, ay);
        }
    }
}

// --- [SECTION] WebAssembly SIMD: the AVX2 operations the lanes use, on two v128 -----

#ifdef TSL_EXPOSURE_WASM_SIMD

// The browser edition has no AVX2 (and emscripten no AVX headers), but
// WebAssembly's 128-bit SIMD: eight 32-bit lanes are a pair of v128, lanes
// 0-3 and 4-7, and each AVX2 operation the lockstep code below uses is the
// same operation on both halves, with Intel's result for every input the code
// can give it, so that the eight rays' set-up (EightRays::start) is the
// desktop's, unchanged. Their walk is not: the page walks them on eight 16-bit
// lanes of one v128 (NarrowWalk, below), with no gather to emulate.
struct I32x8 {
    v128_t lo, hi;
};
struct F32x8 {
    v128_t lo, hi;
};

inline I32x8 _mm256_setzero_si256() { return {wasm_i32x4_splat(0), wasm_i32x4_splat(0)}; }
inline I32x8 _mm256_set1_epi32(int a) { return {wasm_i32x4_splat(a), wasm_i32x4_splat(a)}; }
inline I32x8 _mm256_setr_epi32(int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7) {
    return {wasm_i32x4_make(a0, a1, a2, a3), wasm_i32x4_make(a4, a5, a6, a7)};
}
inline I32x8 _mm256_add_epi32(I32x8 a, I32x8 b) { return {wasm_i32x4_add(a.lo, b.lo), wasm_i32x4_add(a.hi, b.hi)}; }
inline I32x8 _mm256_sub_epi32(I32x8 a, I32x8 b) { return {wasm_i32x4_sub(a.lo, b.lo), wasm_i32x4_sub(a.hi, b.hi)}; }
// The low 32 bits of the product, as i32x4.mul.
inline I32x8 _mm256_mullo_epi32(I32x8 a, I32x8 b) { return {wasm_i32x4_mul(a.lo, b.lo), wasm_i32x4_mul(a.hi, b.hi)}; }
// Both leave INT_MIN as it is.
inline I32x8 _mm256_abs_epi32(I32x8 a) { return {wasm_i32x4_abs(a.lo), wasm_i32x4_abs(a.hi)}; }
// Signed, as Intel's.
inline I32x8 _mm256_max_epi32(I32x8 a, I32x8 b) { return {wasm_i32x4_max(a.lo, b.lo), wasm_i32x4_max(a.hi, b.hi)}; }
inline I32x8 _mm256_min_epi32(I32x8 a, I32x8 b) { return {wasm_i32x4_min(a.lo, b.lo), wasm_i32x4_min(a.hi, b.hi)}; }
// Signed; a lane of all ones where true, else 0.
inline I32x8 _mm256_cmpgt_epi32(I32x8 a, I32x8 b) { return {wasm_i32x4_gt(a.lo, b.lo), wasm_i32x4_gt(a.hi, b.hi)}; }
inline I32x8 _mm256_cmpeq_epi32(I32x8 a, I32x8 b) { return {wasm_i32x4_eq(a.lo, b.lo), wasm_i32x4_eq(a.hi, b.hi)}; }
inline I32x8 _mm256_and_si256(I32x8 a, I32x8 b) { return {wasm_v128_and(a.lo, b.lo), wasm_v128_and(a.hi, b.hi)}; }
inline I32x8 _mm256_or_si256(I32x8 a, I32x8 b) { return {wasm_v128_or(a.lo, b.lo), wasm_v128_or(a.hi, b.hi)}; }
// Intel's andnot is (~a) & b; WebAssembly's v128.andnot(x, y) is x & ~y.
inline I32x8 _mm256_andnot_si256(I32x8 a, I32x8 b) { return {wasm_v128_andnot(b.lo, a.lo), wasm_v128_andnot(b.hi, a.hi)}; }
// Arithmetic shift; the code shifts by 1 (WebAssembly takes the count modulo
// 32, Intel fills with the sign from 32 on).
inline I32x8 _mm256_srai_epi32(I32x8 a, int count) { return {wasm_i32x4_shr(a.lo, count), wasm_i32x4_shr(a.hi, count)}; }
// Intel's picks per byte by the byte's top bit; a bit select is the same
// where every byte of the mask is 0 or 0xff, and every mask the code passes
// is a comparison's result (whole lanes of 0 or -1).
inline I32x8 _mm256_blendv_epi8(I32x8 a, I32x8 b, I32x8 mask) {
    return {wasm_v128_bitselect(b.lo, a.lo, mask.lo), wasm_v128_bitselect(b.hi, a.hi, mask.hi)};
}
inline F32x8 _mm256_castsi256_ps(I32x8 a) { return {a.lo, a.hi}; }
// Bit i is the top bit of lane i, lanes 0-3 in bits 0-3 as in i32x4.bitmask.
inline int _mm256_movemask_ps(F32x8 a) {
    return static_cast<int>(wasm_i32x4_bitmask(a.lo)) | static_cast<int>(wasm_i32x4_bitmask(a.hi)) << 4;
}
// The 64 bits in the low half, the high half 0.
inline v128_t _mm_cvtsi64_si128(long long a) { return wasm_i64x2_make(a, 0); }
// The low eight bytes, each widened to a lane without its sign.
inline I32x8 _mm256_cvtepu8_epi32(v128_t a) {
    const v128_t halves = wasm_u16x8_extend_low_u8x16(a);
    return {wasm_u32x4_extend_low_u16x8(halves), wasm_u32x4_extend_high_u16x8(halves)};
}
// Rounded to nearest even where not exact, as both do.
inline F32x8 _mm256_cvtepi32_ps(I32x8 a) { return {wasm_f32x4_convert_i32x4(a.lo), wasm_f32x4_convert_i32x4(a.hi)}; }
inline F32x8 _mm256_div_ps(F32x8 a, F32x8 b) { return {wasm_f32x4_div(a.lo, b.lo), wasm_f32x4_div(a.hi, b.hi)}; }
// Toward zero. Out of range (or NaN) Intel's gives INT_MIN where
// WebAssembly's saturates; the code's quotients are at most the grid's width.
inline v128_t truncate(v128_t a) { return wasm_i32x4_trunc_sat_f32x4(a); }
inline I32x8 _mm256_cvttps_epi32(F32x8 a) { return {truncate(a.lo), truncate(a.hi)}; }

#endif  // TSL_EXPOSURE_WASM_SIMD

// --- [SECTION] AVX2 lanes: eight rays in lockstep ----------------------------------

#if defined(TSL_EXPOSURE_AVX2) || defined(TSL_EXPOSURE_WASM_SIMD)

#ifdef TSL_EXPOSURE_AVX2
using I32x8 = __m256i;
#define TSL_AVX2 __attribute__((target("avx2")))
#else
#define TSL_AVX2  // SIMD128 is on for the whole WebAssembly build (-msimd128)
#endif

TSL_AVX2 inline I32x8 blend(I32x8 if_false, I32x8 if_true, I32x8 mask) {
    return _mm256_blendv_epi8(if_false, if_true, mask);
}
TSL_AVX2 inline int lane_bits(I32x8 mask) { return _mm256_movemask_ps(_mm256_castsi256_ps(mask)); }
#ifdef TSL_EXPOSURE_AVX2
// q, r += the step of N, carrying r into q (0 <= r < d), in every lane.
TSL_AVX2 inline void advance(I32x8& q, I32x8& r, I32x8 q_step, I32x8 r_step, I32x8 d) {
    q = _mm256_add_epi32(q, q_step);
    r = _mm256_add_epi32(r, r_step);
    const I32x8 carry = _mm256_cmpgt_epi32(r, _mm256_sub_epi32(d, _mm256_set1_epi32(1)));
    r = _mm256_sub_epi32(r, _mm256_and_si256(carry, d));
    q = _mm256_sub_epi32(q, carry);
}
#endif

// Eight rays in lockstep: the cells index .. index + count - 1 (count <= 8)
// of one grid row, one AVX2 lane each. Every lane walks its own lines exactly
// as ray_clear does (same families, same bounds, same run test, through a
// gather from the free-run tables); a lane stops when its lines are done or a
// run is blocked, the group when every lane has. Walls, the eye and cells on
// the exact diagonal (its three runs and two corners) are left to the scalar
// path. Two groups walk side by side so that one's gathers fill the other's
// wait.
struct EightRays {
    std::size_t index = 0;
    int count = 0, line_number = 0;
    I32x8 special, wall, active, lines, whole, r_step, d, diag, run_step, line_step;
    I32x8 lo, slack, end, end_r, clip_end, line_start, blocked, line;

    // Sets the group up; false when no lane has a ray to walk.
    TSL_AVX2 bool start(const OccupancyGrid& grid, Cell eye, std::size_t first_index, int lanes) {
        index = first_index;
        count = lanes;
        line_number = 0;
        const int w = grid.width, n = static_cast<int>(grid.cell_count());
        const int row = static_cast<int>(index / w), dy = row - eye.y, ay = std::abs(dy), sy = dy < 0 ? -1 : 1;
        const I32x8 zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1), all = _mm256_set1_epi32(-1);
        const I32x8 lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);

        const I32x8 dx = _mm256_add_epi32(_mm256_set1_epi32(static_cast<int>(index % w) - eye.x), lane);
        const I32x8 ax = _mm256_abs_epi32(dx), vay = _mm256_set1_epi32(ay);
        const I32x8 major = _mm256_max_epi32(ax, vay), minor = _mm256_min_epi32(ax, vay);
        std::uint64_t wall_bytes = 0;
        std::memcpy(&wall_bytes, grid.walls.data() + index, static_cast<std::size_t>(count));
        wall = _mm256_cmpgt_epi32(_mm256_cvtepu8_epi32(_mm_cvtsi64_si128(static_cast<long long>(wall_bytes))), zero);
        special = _mm256_or_si256(_mm256_cmpeq_epi32(major, minor), wall);
        active = _mm256_andnot_si256(special, _mm256_cmpgt_epi32(_mm256_set1_epi32(count), lane));
        blocked = zero;
        if (lane_bits(active) == 0) return false;

        const I32x8 swapped = _mm256_cmpgt_epi32(vay, ax);  // the major axis is y
        const I32x8 east = _mm256_cmpgt_epi32(dx, all);     // dx >= 0
        diag = _mm256_cmpgt_epi32(_mm256_add_epi32(minor, minor), major);  // the diagonal family
        const I32x8 step_x = blend(all, one, east), step_y = _mm256_set1_epi32(sy * w);
        const I32x8 step_major = blend(step_x, step_y, swapped), step_minor = blend(step_y, step_x, swapped);
        run_step = blend(step_major, _mm256_add_epi32(step_x, step_y), diag);
        line_step = blend(step_minor, step_major, diag);
        // Which table: along the major axis (+x, -x, +y, -y) or the diagonal (sx, sy).
        const I32x8 along = blend(blend(_mm256_set1_epi32(OccupancyGrid::run_direction(-1, 0)),
                                          _mm256_set1_epi32(OccupancyGrid::run_direction(1, 0)), east),
                                    _mm256_set1_epi32(OccupancyGrid::run_direction(0, sy)), swapped);
        const I32x8 diagonal = blend(_mm256_set1_epi32(OccupancyGrid::run_direction(-1, sy)),
                                       _mm256_set1_epi32(OccupancyGrid::run_direction(1, sy)), east);
        const I32x8 offset = _mm256_mullo_epi32(blend(along, diagonal, diag), _mm256_set1_epi32(n));
        line_start = _mm256_add_epi32(offset, _mm256_set1_epi32(static_cast<int>(grid.index(eye.x, eye.y))));

        // rows: N grows by 2x over D = 2y, lines 0 .. y; diagonals: by 2y over D = 2b, lines 0 .. b.
        const I32x8 b = _mm256_sub_epi32(major, minor);
        const I32x8 num = blend(major, minor, diag), den = blend(minor, b, diag);
        const I32x8 den_safe = _mm256_max_epi32(den, one);  // y = 0: a single line, bounds set below
        // Exact: both below 2^11, so the float quotient truncates to the integer one.
        whole = _mm256_cvttps_epi32(_mm256_div_ps(_mm256_cvtepi32_ps(num), _mm256_cvtepi32_ps(den_safe)));
        const I32x8 part = _mm256_sub_epi32(num, _mm256_mullo_epi32(whole, den_safe));
        d = _mm256_add_epi32(den_safe, den_safe);
        r_step = _mm256_add_epi32(part, part);
        lines = _mm256_add_epi32(den, one);
        // rows: N(1) = (whole - 1) y + part; diagonals: N(1) = -b, N(2) = (2 whole - 1) b + 2 part.
        const I32x8 whole_less = _mm256_sub_epi32(whole, one);
        const I32x8 odd = _mm256_cmpeq_epi32(_mm256_and_si256(whole_less, one), one);
        const I32x8 rows_q = _mm256_srai_epi32(whole_less, 1);
        const I32x8 rows_r = _mm256_add_epi32(part, _mm256_and_si256(odd, den_safe));
        I32x8 diag_r = _mm256_add_epi32(b, r_step);
        const I32x8 diag_carry = _mm256_cmpgt_epi32(diag_r, _mm256_sub_epi32(d, one));
        diag_r = _mm256_sub_epi32(diag_r, _mm256_and_si256(diag_carry, d));
        const I32x8 diag_q = _mm256_sub_epi32(whole_less, diag_carry);
        // The low bound of line 1 on, kept rounded up: N = lo * D - slack,
        // 0 <= slack < D (rows: N(1); diagonals: N(1) = -b, which rounds up to 0).
        lo = blend(_mm256_sub_epi32(rows_q, _mm256_cmpgt_epi32(rows_r, zero)), zero, diag);
        slack = blend(_mm256_and_si256(_mm256_cmpgt_epi32(rows_r, zero), _mm256_sub_epi32(d, rows_r)), b, diag);
        // One past the run's last cell: N(1) or N(2) rounded down, plus 2 (see ray_clear).
        I32x8 end_q = blend(rows_q, diag_q, diag);
        end_q = blend(end_q, _mm256_sub_epi32(major, one), _mm256_cmpeq_epi32(minor, zero));  // y = 0: columns 1 .. x - 1
        end = _mm256_add_epi32(end_q, _mm256_set1_epi32(2));
        end_r = blend(rows_r, diag_r, diag);
        clip_end = major;  // one past the last column; diagonals lose one per line
        line = zero;
        return true;
    }

#ifdef TSL_EXPOSURE_AVX2
    // Tests every lane's run on the next line; false when the group is done.
    // (The page walks the group with NarrowWalk instead.)
    TSL_AVX2 bool step(const int* table) {
        const I32x8 zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1);
        // Lanes still walking. A lane that is blocked keeps gathering until
        // the group stops: masking it out would make every gather wait for
        // the one before.
        const I32x8 live = _mm256_and_si256(active, _mm256_cmpgt_epi32(lines, line));
        if (lane_bits(_mm256_andnot_si256(blocked, live)) == 0) return false;
        const I32x8 first = line_number == 0 ? one : lo;  // line 0 starts at column 1
        const I32x8 length = _mm256_sub_epi32(_mm256_min_epi32(clip_end, end), first);
        const I32x8 test = _mm256_and_si256(live, _mm256_cmpgt_epi32(length, zero));
        const I32x8 at = _mm256_add_epi32(line_start, _mm256_mullo_epi32(first, run_step));
        const I32x8 longest = _mm256_set1_epi32(0xffff);  // what lanes not tested read: no run is longer
        const I32x8 run = _mm256_and_si256(_mm256_mask_i32gather_epi32(longest, table, at, test, 2), longest);
        blocked = _mm256_or_si256(blocked, _mm256_cmpgt_epi32(length, run));
        if (line_number > 0) {  // lo += whole (+ 1 when the slack runs out)
            lo = _mm256_add_epi32(lo, whole);
            slack = _mm256_sub_epi32(slack, r_step);
            const I32x8 borrow = _mm256_cmpgt_epi32(zero, slack);
            slack = _mm256_add_epi32(slack, _mm256_and_si256(borrow, d));
            lo = _mm256_sub_epi32(lo, borrow);
        }
        advance(end, end_r, whole, r_step, d);
        clip_end = _mm256_add_epi32(clip_end, diag);
        line_start = _mm256_add_epi32(line_start, line_step);
        line = _mm256_add_epi32(line, one);
        ++line_number;
        return true;
    }
#endif

    TSL_AVX2 void store(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed) const {
        const int special_bits = lane_bits(special), wall_bits = lane_bits(wall), blocked_bits = lane_bits(blocked);
        for (int lane = 0; lane < count; ++lane) {
            if (wall_bits >> lane & 1) {
                exposed[index + lane] = 0;
            } else if (special_bits >> lane & 1) {
                expose_rays_with<true>(grid, eye, exposed, index + lane, index + lane + 1);
            } else {
                exposed[index + lane] = !(blocked_bits >> lane & 1);
            }
        }
    }
};

#ifdef TSL_EXPOSURE_WASM_SIMD

// The widest grid NarrowWalk takes: every value it keeps in a 16-bit lane
// (line counts, bounds, remainders below 2D = 4 * width) stays below 2^15.
// Level files hold at most about 1447 cells a side and the scene 1000.
constexpr int kNarrowWalkMaxWidth = 8191;

// The page's walk of a group EightRays::start set up: the same lines, bounds
// and run test as EightRays::step, on eight 16-bit lanes of one v128 instead
// of eight 32-bit lanes on two, so each operation is one WebAssembly SIMD
// instruction, not two. Only the table index needs 32 bits (two i32x4), and
// it moves from line to line by additions alone (no multiplication past the
// first line). WebAssembly has no gather: the runs are read lane by lane,
// every lane at every line, without a branch per lane; a lane not walking
// reads at an index clamped into the table, and what it reads is ignored.
// Measured in the page: see web/README.md, "The lanes ray caster in the page".
struct NarrowWalk {
    v128_t remaining;  // lines still to walk (0 for a lane not walking)
    v128_t blocked, lo, slack, whole, r_step, d, end, end_r, clip_end, diag;
    v128_t at_lo, at_hi;                          // the index of the run the line tests, from the line's first column
    v128_t run_step_lo, run_step_hi, line_step_lo, line_step_hi;

    static v128_t narrow(I32x8 a) { return wasm_i16x8_narrow_i32x4(a.lo, a.hi); }  // every value fits: no saturation

    explicit NarrowWalk(const EightRays& group)
        : remaining(narrow(_mm256_and_si256(group.active, group.lines))),
          blocked(wasm_i16x8_splat(0)),
          lo(narrow(group.lo)),
          slack(narrow(group.slack)),
          whole(narrow(group.whole)),
          r_step(narrow(group.r_step)),
          d(narrow(group.d)),
          end(narrow(group.end)),
          end_r(wasm_i16x8_sub(narrow(group.end_r), narrow(group.d))),  // kept less d, in [-d, 0): it reaches d at 0
          clip_end(narrow(group.clip_end)),
          diag(narrow(group.diag)),
          at_lo(wasm_i32x4_add(group.line_start.lo, group.run_step.lo)),  // line 0 starts at column 1
          at_hi(wasm_i32x4_add(group.line_start.hi, group.run_step.hi)),
          run_step_lo(group.run_step.lo),
          run_step_hi(group.run_step.hi),
          line_step_lo(group.line_step.lo),
          line_step_hi(group.line_step.hi) {}

    // Walks every lane's lines until each is done or blocked.
    void walk(const std::uint16_t* table, std::uint32_t last_index) {
        if (!step<true>(table, last_index)) return;
        while (step<false>(table, last_index)) {
        }
    }

    // Tests every walking lane's run on the next line; false when the group is done.
    template <bool kFirstLine>
    [[gnu::always_inline]] bool step(const std::uint16_t* table, std::uint32_t last_index) {
        const v128_t zero = wasm_i16x8_splat(0);
        const v128_t walking = wasm_v128_andnot(wasm_i16x8_gt(remaining, zero), blocked);
        if (!wasm_i16x8_bitmask(walking)) return false;
        const v128_t first = kFirstLine ? wasm_i16x8_splat(1) : lo;  // line 0 starts at column 1
        const v128_t length = wasm_i16x8_sub(wasm_i16x8_min(clip_end, end), first);
        const v128_t tested = wasm_v128_and(walking, wasm_i16x8_gt(length, zero));
        const v128_t top = wasm_i32x4_splat(static_cast<std::int32_t>(last_index));
        const v128_t read_lo = wasm_u32x4_min(at_lo, top), read_hi = wasm_u32x4_min(at_hi, top);
        const v128_t runs = wasm_i16x8_make(static_cast<std::int16_t>(table[wasm_i32x4_extract_lane(read_lo, 0)]),
                                            static_cast<std::int16_t>(table[wasm_i32x4_extract_lane(read_lo, 1)]),
                                            static_cast<std::int16_t>(table[wasm_i32x4_extract_lane(read_lo, 2)]),
                                            static_cast<std::int16_t>(table[wasm_i32x4_extract_lane(read_lo, 3)]),
                                            static_cast<std::int16_t>(table[wasm_i32x4_extract_lane(read_hi, 0)]),
                                            static_cast<std::int16_t>(table[wasm_i32x4_extract_lane(read_hi, 1)]),
                                            static_cast<std::int16_t>(table[wasm_i32x4_extract_lane(read_hi, 2)]),
                                            static_cast<std::int16_t>(table[wasm_i32x4_extract_lane(read_hi, 3)]));
        // Unsigned: a run is up to 0xffff.
        blocked = wasm_v128_or(blocked, wasm_v128_and(tested, wasm_u16x8_gt(length, runs)));
        if (kFirstLine) {
            // Line 1 starts at column lo: at = start + line_step + lo * run_step.
            const v128_t lo_less = wasm_i16x8_sub(lo, wasm_i16x8_splat(1));
            at_lo = wasm_i32x4_add(wasm_i32x4_add(at_lo, line_step_lo), wasm_i32x4_mul(wasm_i32x4_extend_low_i16x8(lo_less), run_step_lo));
            at_hi = wasm_i32x4_add(wasm_i32x4_add(at_hi, line_step_hi), wasm_i32x4_mul(wasm_i32x4_extend_high_i16x8(lo_less), run_step_hi));
            // From there a line's first column moves on by whole (+ 1 when the
            // slack runs out), so at by line_step + whole * run_step (+ run_step).
            line_step_lo = wasm_i32x4_add(line_step_lo, wasm_i32x4_mul(wasm_i32x4_extend_low_i16x8(whole), run_step_lo));
            line_step_hi = wasm_i32x4_add(line_step_hi, wasm_i32x4_mul(wasm_i32x4_extend_high_i16x8(whole), run_step_hi));
        } else {  // lo += whole (+ 1 when the slack runs out)
            lo = wasm_i16x8_add(lo, whole);
            slack = wasm_i16x8_sub(slack, r_step);
            const v128_t borrow = wasm_i16x8_gt(zero, slack);
            slack = wasm_i16x8_add(slack, wasm_v128_and(borrow, d));
            lo = wasm_i16x8_sub(lo, borrow);
            at_lo = wasm_i32x4_add(at_lo, wasm_i32x4_add(line_step_lo, wasm_v128_and(wasm_i32x4_extend_low_i16x8(borrow), run_step_lo)));
            at_hi = wasm_i32x4_add(at_hi, wasm_i32x4_add(line_step_hi, wasm_v128_and(wasm_i32x4_extend_high_i16x8(borrow), run_step_hi)));
        }
        end = wasm_i16x8_add(end, whole);  // as advance(), with end_r less d
        end_r = wasm_i16x8_add(end_r, r_step);
        const v128_t carry = wasm_i16x8_gt(end_r, wasm_i16x8_splat(-1));
        end_r = wasm_i16x8_sub(end_r, wasm_v128_and(carry, d));
        end = wasm_i16x8_sub(end, carry);
        clip_end = wasm_i16x8_add(clip_end, diag);
        remaining = wasm_i16x8_sub(remaining, wasm_i16x8_splat(1));
        return true;
    }

    // The lanes found blocked, as EightRays::step leaves them, for store().
    void give_blocked(EightRays& group) const {
        group.blocked = {wasm_i32x4_extend_low_i16x8(blocked), wasm_i32x4_extend_high_i16x8(blocked)};
    }
};

#endif  // TSL_EXPOSURE_WASM_SIMD

#ifdef TSL_EXPOSURE_AVX2
bool cpu_has_avx2() {
    static const bool yes = __builtin_cpu_supports("avx2");
    return yes;
}
#else
bool cpu_has_avx2() { return true; }  // the page's lanes are the WebAssembly SIMD above, always there
#endif

TSL_AVX2 void expose_rays_lockstep(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed, std::size_t first, std::size_t last) {
    const std::size_t w = static_cast<std::size_t>(grid.width);
#ifdef TSL_EXPOSURE_WASM_SIMD
    if (grid.width > kNarrowWalkMaxWidth) {
        expose_rays_with<true>(grid, eye, exposed, first, last);
        return;
    }
    EightRays a{};
#else
    const auto* table = reinterpret_cast<const int*>(grid.free_runs.data());  // 32-bit gathers at 16-bit steps
    EightRays a{}, b{};
#endif
    std::size_t index = first;
    while (index < last) {
        const std::size_t row_end = std::min(last, (index / w + 1) * w);
#ifdef TSL_EXPOSURE_WASM_SIMD
        // One group at a time: the runs are read lane by lane, with no
        // gather's wait for a second group to hide.
        for (std::size_t group = index; group < row_end; group += 8) {
            if (a.start(grid, eye, group, static_cast<int>(std::min<std::size_t>(8, row_end - group)))) {
                NarrowWalk walk(a);
                walk.walk(grid.free_runs.data(), static_cast<std::uint32_t>(grid.free_runs.size() - 1));
                walk.give_blocked(a);
            }
            a.store(grid, eye, exposed);
        }
#else
        for (std::size_t group = index; group < row_end; group += 16) {
            const int in_first = static_cast<int>(std::min<std::size_t>(8, row_end - group));
            const int in_second = static_cast<int>(std::min<std::size_t>(8, row_end - group - in_first));
            bool first_live = a.start(grid, eye, group, in_first);
            bool second_live = in_second > 0 && b.start(grid, eye, group + 8, in_second);
            while (first_live || second_live) {
                if (first_live) first_live = a.step(table);
                if (second_live) second_live = b.step(table);
            }
            a.store(grid, eye, exposed);
            if (in_second > 0) b.store(grid, eye, exposed);
        }
#endif
        index = row_end;
    }
}

#endif  // TSL_EXPOSURE_AVX2 || TSL_EXPOSURE_WASM_SIMD

}  // namespace

// --- [SECTION] Entry points: expose_rays by caster, cell_exposed --------------------

void expose_rays(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed, std::size_t first, std::size_t last,
                 RayCaster caster) {
    if (caster == RayCaster::Plain) {
        if (grid.walls[grid.index(eye.x, eye.y)]) {  // an eye inside a wall sees nothing (every segment starts in it)
            std::fill(exposed + first, exposed + last, std::uint8_t{0});
            return;
        }
        expose_rays_with<false>(grid, eye, exposed, first, last);
        return;
    }
#if defined(TSL_EXPOSURE_AVX2) || defined(TSL_EXPOSURE_WASM_SIMD)
    if (caster == RayCaster::Lanes && grid.free_runs_ready() && cpu_has_avx2() && !grid.walls[grid.index(eye.x, eye.y)]) {
        expose_rays_lockstep(grid, eye, exposed, first, last);
        return;
    }
#endif
    expose_rays_portable(grid, eye, exposed, first, last);
}

void expose_rays_portable(const OccupancyGrid& grid, Cell eye, std::uint8_t* exposed, std::size_t first, std::size_t last) {
    if (grid.walls[grid.index(eye.x, eye.y)]) {  // an eye inside a wall sees nothing (every segment starts in it)
        std::fill(exposed + first, exposed + last, std::uint8_t{0});
        return;
    }
    if (grid.free_runs_ready()) {
        expose_rays_with<true>(grid, eye, exposed, first, last);
    } else {
        expose_rays_with<false>(grid, eye, exposed, first, last);
    }
}

#ifdef __wasm__
bool lanes_use_wasm_simd() {
#ifdef TSL_EXPOSURE_WASM_SIMD
    return true;
#else
    return false;
#endif
}
#endif

bool cell_exposed(const OccupancyGrid& grid, Cell eye, Cell cell) {
    if (grid.wall(eye.x, eye.y) || grid.wall(cell.x, cell.y)) return false;
    const int dx = cell.x - eye.x, dy = cell.y - eye.y, ax = std::abs(dx), ay = std::abs(dy);
    if (ax == 0 && ay == 0) return true;
    const std::ptrdiff_t base = static_cast<std::ptrdiff_t>(grid.index(eye.x, eye.y));
    const int sx = dx < 0 ? -1 : 1, sy = dy < 0 ? -1 : 1;
    const std::ptrdiff_t step_x = sx, step_y = static_cast<std::ptrdiff_t>(sy) * grid.width;
    const std::uint8_t* walls = grid.walls.data();
    if (!grid.free_runs_ready())
        return ay > ax ? ray_clear<false>(walls, nullptr, nullptr, base, step_y, step_x, ay, ax)
                       : ray_clear<false>(walls, nullptr, nullptr, base, step_x, step_y, ax, ay);
    const std::uint16_t* diagonal = grid.free_run(OccupancyGrid::run_direction(sx, sy));
    return ay > ax ? ray_clear<true>(walls, grid.free_run(OccupancyGrid::run_direction(0, sy)), diagonal, base, step_y, step_x, ay, ax)
                   : ray_clear<true>(walls, grid.free_run(OccupancyGrid::run_direction(sx, 0)), diagonal, base, step_x, step_y, ax, ay);
}

}  // namespace tsl
