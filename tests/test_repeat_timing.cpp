// Timing work shorter than the clock (core/base/repeat_timing.h), on a clock
// of our own: the calls advance it by a set cost, and it reads rounded down
// to a step as a page's performance.now() is, so nothing here depends on the
// machine's speed.
#include "core/base/repeat_timing.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace {

// A clock in ms that work advances and that reads in steps of `step_ms`.
struct SteppedClock {
    double true_ms = 0, step_ms = 0;
    double operator()() const { return std::floor(true_ms / step_ms) * step_ms; }
};

}  // namespace

TEST_CASE("a call far shorter than the clock's step is timed from batches the clock saw", "[bench][timing]") {
    for (const double step_ms : {0.005, 0.1}) {  // a cross-origin-isolated page's clock, and a page's without isolation
        SteppedClock clock{0, step_ms};
        int calls = 0;
        // A lookup over 100 keys: 0.0001 ms a call, but the first call is cold (0.5 ms).
        auto work = [&] { clock.true_ms += ++calls == 1 ? 0.5 : 0.0001; };
        const double per_call_ms = tsl::median_ms_per_call(5, 1.0, work, clock);
        INFO("clock step " << step_ms << " ms; " << calls << " calls");
        CHECK(per_call_ms == Approx(0.0001).epsilon(0.15));
        // Every batch lasted at least the millisecond asked for.
        CHECK(tsl::calls_per_batch(1.0, work, clock) * 0.0001 >= 1.0 - step_ms);
    }
}

TEST_CASE("work that lasts longer than a batch runs once a batch", "[bench][timing]") {
    SteppedClock clock{0, 0.005};
    auto work = [&] { clock.true_ms += 3.0; };
    CHECK(tsl::calls_per_batch(1.0, work, clock) == 1);
    CHECK(tsl::median_ms_per_call(3, 1.0, work, clock) == Approx(3.0));
}

TEST_CASE("work the clock never sees stops at the most calls a batch may have", "[bench][timing]") {
    SteppedClock clock{0, 0.005};
    auto work = [] {};
    CHECK(tsl::calls_per_batch(1.0, work, clock, 5000) == 5000);
    CHECK(tsl::median_ms_per_call(3, 1.0, work, clock) == 0.0);
}

namespace {

// A page's clock in ms: rounded to 5 µs steps, each step's threshold at a
// point of its own (as a page's performance.now() is, so that it reads right
// on average), from a fixed hash so the test is the same every run.
double jittered_clock_ms(double true_ms) {
    const double step = 0.005;
    const double whole = std::floor(true_ms / step);
    std::uint64_t h = static_cast<std::uint64_t>(whole) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    const double threshold = static_cast<double>(h % 1000) / 1000.0;
    return (true_ms / step - whole >= threshold ? whole + 1 : whole) * step;
}

// The mean of the figures, stalls left out, as the exposure bench gives them.
double steady_mean(const std::vector<double>& figures) { return tsl::mean_of_kept(figures, tsl::stalls(figures, 0.01)); }

std::vector<double> timed_steps(int count, double step_ms, double gap_ms) {
    std::vector<double> figures;
    double now = 0.0001234;
    for (int s = 0; s < count; ++s) {
        figures.push_back(jittered_clock_ms(now + step_ms) - jittered_clock_ms(now));
        now += gap_ms;
    }
    return figures;
}

}  // namespace

TEST_CASE("a step shorter than the clock's step is timed by the mean of many steps, stalls left out", "[bench][timing]") {
    for (const double step_ms : {0.0013, 0.0021, 0.0037}) {
        const std::vector<double> figures = timed_steps(400, step_ms, 16.667);
        INFO("step " << step_ms << " ms");
        for (double f : figures) CHECK((f == Approx(0).margin(1e-9) || f == Approx(0.005) || f == Approx(0.01)));
        CHECK(steady_mean(figures) == Approx(step_ms).margin(0.0004));
    }
}

TEST_CASE("the mean of steps leaves stalled steps out and keeps the rest", "[bench][timing]") {
    std::vector<double> figures(20, 0.1);
    figures[3] = 0.12;
    figures[7] = 2.5;   // a step that waited for a thread put aside
    figures[11] = 0.4;  // over twice the median and more than 0.01 ms over it
    CHECK(steady_mean(figures) == Approx((17 * 0.1 + 0.12) / 18));
    const std::vector<bool> stalled = tsl::stalls(figures, 0.01);
    CHECK(std::count(stalled.begin(), stalled.end(), true) == 2);
    CHECK((stalled[7] && stalled[11] && !stalled[3]));
    // Every figure left out: the mean of them all, not a division by nothing.
    CHECK(tsl::mean_of_kept({1.0, 3.0}, {true, true}) == Approx(2.0));
    // Figures near 0: the margin keeps every reading of the clock's steps.
    CHECK(steady_mean({0, 0, 0.005, 0, 0.005}) == Approx(0.002));
    CHECK(steady_mean({}) == 0.0);
}
