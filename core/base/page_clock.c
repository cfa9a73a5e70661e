/* page_clock.c — the page's monotonic clock for core/base/steady_ns.h (built
 * by emscripten only, core/CMakeLists.txt). A C function cannot throw, so a
 * C++ caller declaring it noexcept calls it directly, with no invoke_ call
 * out to JavaScript around it. emscripten_get_now() is what emscripten's
 * clock_gettime(CLOCK_MONOTONIC) reads (performance.now(), in milliseconds,
 * on one time origin for the main thread and the workers). */
#include <emscripten/emscripten.h>
#include <stdint.h>

int64_t tsl_page_steady_ns(void) {
    return (int64_t)(emscripten_get_now() * 1e6);
}
