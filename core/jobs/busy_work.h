// busy_work.h — the NPC scene's "job cost": real CPU work of a chosen length,
// so that the cost of decisions (and what timeslicing saves) is visible even
// with ten NPCs. It spins on the clock rather than sleeping: a sleeping job
// would free the core and hide exactly the cost we want to show.
#pragma once

#include <chrono>

namespace tsl {

inline void busy_work_us(double microseconds) {
    if (microseconds <= 0) return;
    using Clock = std::chrono::steady_clock;
    const auto until = Clock::now() + std::chrono::duration<double, std::micro>(microseconds);
    while (Clock::now() < until) {
    }
}

}  // namespace tsl
