// thread_signal.h — what the job system's files share about threads:
// sleeping on a word until it changes and waking its sleepers (futexes where
// there are), spinning politely, a monotonic clock, and the calling thread's
// jobs and searches (job_system.cpp keeps those). Internal to core/jobs.
#pragma once

#include "core/base/steady_ns.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#elif defined(__EMSCRIPTEN_PTHREADS__)
#include <emscripten/threading.h>
#endif

namespace tsl::jobs_detail {

using tsl::steady_ns;  // core/base/steady_ns.h

// Where the job system is built the page's way: in a page, and with
// TSL_DEAR_CLOCK on the desktop, for its tests (tests/CMakeLists.txt:
// tsl_jobs_dear_clock).
#if defined(__EMSCRIPTEN__) || defined(TSL_DEAR_CLOCK)
inline constexpr bool kPageWay = true;
#else
inline constexpr bool kPageWay = false;
#endif

// Whether a read of the steady clock costs next to nothing. The desktop's is
// a vDSO call of about 20 ns; a page's (a call out to performance.now(),
// core/base/steady_ns.h) took 170-450 ns in Chromium even read directly, as
// long as dozens of jobs' dispatch, so there the job system reads it less
// often: web/README.md.
inline constexpr bool kClockIsCheap = !kPageWay;

// Whether a call that may throw costs more where a destructor must run. A
// page's C++ exceptions are JavaScript's: there such a call goes out to a
// JavaScript trampoline and back (web/README.md).
inline constexpr bool kUnwindIsDear = kPageWay;

// One pause of a spin-wait: the CPU's hint where it has one, else a yield.
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#elif defined(__EMSCRIPTEN_PTHREADS__)
    // WebAssembly has no pause: a worker just spins. (A yield, emscripten's
    // sched_yield, looks through the thread's queue of calls proxied to it,
    // which a worker never gets here; in the page that made a parallel-for
    // over the pool about 1.2x slower: web/README.md.) The main thread
    // does look, so that a worker waiting on a call proxied to the main
    // thread (output, say) goes on while the main thread spins.
    if (emscripten_is_main_runtime_thread()) emscripten_current_thread_process_queued_calls();
    else __asm__ __volatile__("" ::: "memory");
#else
    std::this_thread::yield();
#endif
}

// Whether sleep_on keeps its timeout (the workers' short polls rely on it).
#if defined(__linux__) || defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kCanPoll = true;
#else
inline constexpr bool kCanPoll = false;
#endif

// Sleeps while `word` holds `expected`, at most timeout_us (< 0: no limit);
// may return early. wake() ends such sleeps. Linux: futexes (std::atomic's
// wait has no timeout); a page with threads: emscripten's futexes
// (Atomics.wait and notify; the page's main thread, which may not block,
// spins); elsewhere: the standard wait, so timeouts are not kept and
// Wake::Soon jobs wake a worker as Wake::Now ones do. (In a page, the
// standard wait is never woken: it polls, sleeping up to 8 ms between looks,
// so a sleeping worker came too late for a frame's jobs.)
void sleep_on(std::atomic<std::uint32_t>& word, std::uint32_t expected, std::int64_t timeout_us);
// Ends sleeps on `word`: one sleeper's, or every sleeper's.
void wake(std::atomic<std::uint32_t>& word, bool everyone);

// Jobs (of any system) the calling thread is running now.
int jobs_on_stack();
// A mark no other search of any thread has used: complete()'s visit marks.
std::uint64_t next_search_mark();

}  // namespace tsl::jobs_detail
