/* page_clock.c — the page's monotonic clock for core/base/steady_ns.h (built
 * by emscripten only, core/CMakeLists.txt). A C function cannot throw, so a
 * C++ caller declaring it noexcept calls it directly, with no invoke_ call
 * out to JavaScript around it.
 *
 * One clock for every thread: the time origin of the page's context (its
 * performance.timeOrigin) plus performance.now(). Each web worker has a time
 * origin of its own, and emscripten's emscripten_get_now() (what its
 * clock_gettime(CLOCK_MONOTONIC) reads) puts a worker on the main thread's
 * by an offset taken when the thread's start message arrives, so a worker's
 * clock read behind the main thread's by that message's delay: a job on a
 * worker seemed to start 0.16-1.36 ms before the main thread scheduled it
 * (web/README.md, "One clock for the main thread and the workers"). The time
 * origins are on one clock, so their sum with now() is.
 *
 * The origin is taken less 1.6e12 ms (about 2020), exactly (the two are
 * within a factor of two of each other until about 2070), so that the sum
 * keeps steps of a few tens of nanoseconds where the origin's whole size
 * (about 1.8e12 ms) would leave a quarter of a microsecond; the browser's
 * own steps are 5 us and more. Each context keeps its origin in its Module. */
#include <emscripten/emscripten.h>
#include <stdint.h>

EM_JS(double, tsl_page_clock_ms, (void), {
    var origin = Module["tslClockOrigin"];
    if (origin === undefined) origin = Module["tslClockOrigin"] = performance.timeOrigin - 1.6e12;
    return origin + performance.now();
});

int64_t tsl_page_steady_ns(void) {
    return (int64_t)(tsl_page_clock_ms() * 1e6);
}
