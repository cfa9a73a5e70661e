// fixed_step_clock.h — turns wall-clock frames into fixed simulation steps.
//
// The simulation always advances in whole steps of 1/steps_per_s, whatever the
// display rate, so runs with the same settings produce the same frames. Real
// time is scaled (slow motion, fast forward), accumulated, and paid out in
// steps; when the simulation cannot keep up, at most max_steps_per_frame are
// paid per frame and the backlog is dropped rather than snowballing.
#pragma once

#include <algorithm>
#include <cmath>

namespace tsl {

struct FixedStepClock {
    double step_s = 1.0 / 30.0;     // 1/30 s — one simulation step
    double time_scale = 1.0;        // 1 — simulated seconds per real second
    bool paused = false;            // false — paused: only single steps advance
    int max_steps_per_frame = 4;    // 4 — catch-up limit per displayed frame

    // Steps to simulate for `real_dt_s` seconds of wall time.
    int advance(double real_dt_s) {
        if (paused) {
            accumulator_s_ = 0;
            const int steps = pending_single_steps_;
            pending_single_steps_ = 0;
            return steps;
        }
        pending_single_steps_ = 0;
        accumulator_s_ += std::max(0.0, real_dt_s) * time_scale;
        // The tolerance keeps rounding from losing a step at exact multiples
        // (sixty frames of 1/60 s add up to a hair under one second).
        int steps = static_cast<int>(std::floor(accumulator_s_ / step_s + 1e-9));
        if (steps > max_steps_per_frame) {
            steps = max_steps_per_frame;
            accumulator_s_ = 0;  // drop the backlog
        } else {
            accumulator_s_ -= steps * step_s;
        }
        return steps;
    }

    // While paused: the next advance() simulates one more step.
    void request_step() { ++pending_single_steps_; }
    void reset() {
        accumulator_s_ = 0;
        pending_single_steps_ = 0;
    }

private:
    double accumulator_s_ = 0;
    int pending_single_steps_ = 0;
};

}  // namespace tsl
