// thread_clock.h — the CPU time the calling thread has used: what "main-thread
// time" means in the lab's figures, since time the thread spent descheduled
// (another process on its core) is not work it did.
#pragma once

#include <ctime>

namespace tsl {

// Milliseconds of CPU time used by the calling thread so far.
inline double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

}  // namespace tsl
