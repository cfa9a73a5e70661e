// busy_work.h — real CPU work of a chosen length: the NPC scene's "job cost",
// so that the cost of decisions (and what timeslicing saves) is visible even
// with ten NPCs, the exposure scene's other work, and the engine systems' cost. It spins on the clock rather than sleeping: a sleeping job
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
