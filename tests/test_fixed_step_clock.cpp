// The fixed-step clock: whole steps only, scaled, paused, single-stepped, and
// never snowballing when the simulation falls behind.
#include "core/session/fixed_step_clock.h"

#include <catch2/catch.hpp>

using tsl::FixedStepClock;

namespace {

int steps_over(FixedStepClock& clock, double seconds, double frame_s) {
    int steps = 0;
    for (double t = 0; t < seconds - 1e-9; t += frame_s) steps += clock.advance(frame_s);
    return steps;
}

}  // namespace

TEST_CASE("One real second at any display rate gives the step rate's number of steps", "[clock]") {
    for (double fps : {24.0, 60.0, 144.0}) {
        FixedStepClock clock;
        CHECK(steps_over(clock, 1.0, 1.0 / fps) == 30);
    }
}

TEST_CASE("Time scale slows the simulation down and speeds it up", "[clock]") {
    FixedStepClock slow;
    slow.time_scale = 0.5;
    CHECK(steps_over(slow, 2.0, 1.0 / 60) == 30);
    FixedStepClock fast;
    fast.time_scale = 2.0;
    CHECK(steps_over(fast, 1.0, 1.0 / 60) == 60);
}

TEST_CASE("Paused: no steps, except one per requested single step", "[clock]") {
    FixedStepClock clock;
    clock.paused = true;
    CHECK(steps_over(clock, 1.0, 1.0 / 60) == 0);
    clock.request_step();
    clock.request_step();
    CHECK(clock.advance(1.0 / 60) == 2);
    CHECK(clock.advance(1.0 / 60) == 0);
}

TEST_CASE("A long frame pays at most the catch-up limit and drops the backlog", "[clock]") {
    FixedStepClock clock;
    clock.max_steps_per_frame = 4;
    CHECK(clock.advance(2.0) == 4);
    CHECK(clock.advance(1.0 / 60) == 0);  // the backlog did not carry over
    CHECK(clock.advance(1.0 / 60) == 1);
}
