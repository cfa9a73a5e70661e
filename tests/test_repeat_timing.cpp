// Timing work shorter than the clock (core/base/repeat_timing.h), on a clock
// of our own: the calls advance it by a set cost, and it reads rounded down
// to a step as a page's performance.now() is, so nothing here depends on the
// machine's speed.
#include "core/base/repeat_timing.h"

#include <catch2/catch.hpp>

#include <cmath>

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
