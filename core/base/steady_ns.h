// steady_ns.h — the monotonic clock in nanoseconds: what the profiler's zones,
// the timeslicer's job times, the scenes' step times and the job system's
// polls read. On the desktop it is std::chrono::steady_clock. In the page it
// is performance.now() on one time origin for the main thread and the
// workers (core/base/page_clock.c; emscripten's clock_gettime put a worker's
// reads behind the main thread's), read without the standard library's way
// there: libc++'s steady_clock calls a function that may throw, so every read
// went through a JavaScript call out and back (an invoke_ wrapper) and a
// 64-bit value split in two.
// Read directly, a read took 0.68x the time on a page's main thread in
// Chromium (medians 242 ns against 356): web/README.md, "The page's clock,
// read directly".
#pragma once

#include <cstdint>

#if defined(__EMSCRIPTEN__)
// core/base/page_clock.c: the page's clock, one for every thread, in nanoseconds.
extern "C" std::int64_t tsl_page_steady_ns(void) noexcept;
#else
#include <chrono>
#endif

namespace tsl {

inline std::int64_t steady_ns() noexcept {
#if defined(__EMSCRIPTEN__)
    return tsl_page_steady_ns();
#else
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
#endif
}

}  // namespace tsl
