// repeat_timing.h — timing work shorter than the clock can see: the work is
// repeated until one batch of calls lasts long enough to read, and the time
// per call is the batch's time over its calls. A page's clock is rounded to
// 5 µs (100 µs where the page is not cross-origin isolated): one call of a
// lookup over 100 keys, about 0.1 µs, reads as 0 or 5 µs there, so the number
// of calls must come from batches the clock saw, never from one call's time.
// Work that cannot be repeated (a paced step) is timed once a step, and its
// figure is the mean of the steps, stalls left out (stalls, mean_of_kept below).
#pragma once

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace tsl {

// The middle value of v (the upper middle when the count is even; 0 when empty).
inline double median_of(std::vector<double> v) {
    if (v.empty()) return 0;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v[v.size() / 2];
}

// Calls of `fn` per batch for a batch to last at least min_batch_ms on the
// clock `now_ms` (a function returning milliseconds): batches are timed and
// grown (by what the last one measured, or tenfold when the clock saw none of
// it) until one lasts that long, or max_calls is reached. fn runs once first,
// as a warm-up, outside any batch.
template <class Fn, class Now>
long calls_per_batch(double min_batch_ms, Fn& fn, Now& now_ms, long max_calls = 1'000'000) {
    fn();
    long calls = 1;
    for (;;) {
        const double t0 = now_ms();
        for (long c = 0; c < calls; ++c) fn();
        const double elapsed_ms = now_ms() - t0;
        if (elapsed_ms >= min_batch_ms || calls >= max_calls) return calls;
        const double wanted = elapsed_ms > 0 ? std::ceil(static_cast<double>(calls) * min_batch_ms / elapsed_ms * 1.2) : 10.0 * calls;
        calls = std::min(max_calls, std::clamp(static_cast<long>(wanted), calls * 2, calls * 10));
    }
}

// The median over `samples` batches (each of calls_per_batch calls) of the
// milliseconds per call.
template <class Fn, class Now>
double median_ms_per_call(int samples, double min_batch_ms, Fn& fn, Now& now_ms) {
    const long calls = calls_per_batch(min_batch_ms, fn, now_ms);
    std::vector<double> per_call;
    for (int s = 0; s < std::max(1, samples); ++s) {
        const double t0 = now_ms();
        for (long c = 0; c < calls; ++c) fn();
        per_call.push_back((now_ms() - t0) / static_cast<double>(calls));
    }
    return median_of(std::move(per_call));
}

// The figures that are stalls: over twice the median and more than
// stall_margin over it (a step that waited for a thread the system had put
// aside). A median alone cannot time a step shorter than the clock's step: a
// page's clock, rounded to 5 µs at a random point in each step so that it is
// right on average, reads a 2 µs step as 0 or 5 µs, and the median is one of
// the two; the mean of many steps, stalls left out, comes to 2 µs.
inline std::vector<bool> stalls(const std::vector<double>& figures, double stall_margin) {
    std::vector<bool> stalled(figures.size(), false);
    const double median = median_of(figures);
    const double limit = std::max(2 * median, median + stall_margin);
    for (std::size_t k = 0; k < figures.size(); ++k) stalled[k] = figures[k] > limit;
    return stalled;
}

// The mean of the figures not left out (all of them when every one is); 0 when empty.
inline double mean_of_kept(const std::vector<double>& figures, const std::vector<bool>& left_out) {
    double sum = 0, all = 0;
    int kept = 0;
    for (std::size_t k = 0; k < figures.size(); ++k) {
        all += figures[k];
        if (left_out[k]) continue;
        sum += figures[k];
        ++kept;
    }
    if (kept > 0) return sum / kept;
    return figures.empty() ? 0 : all / static_cast<double>(figures.size());
}

}  // namespace tsl
