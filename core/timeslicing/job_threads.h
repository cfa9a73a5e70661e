// job_threads.h — the threads of Threading::ThreadPerJob, the article's way
// of running timesliced jobs: a new std::thread per job, joined when the job
// is gathered. A batch may start any number of jobs at once (J up to a
// million), but threads are a system resource: each one costs a stack and
// kernel memory mappings, and a hundred thousand at once exhaust them. So at
// most kMaxInFlight run at once; starting one more first joins the oldest
// (waits for it to finish). What runs, and every trace, is the same; only
// the main thread may wait earlier.
//
// In a browser page (emscripten with threads) a thread is a web worker taken
// from a pool started with the page; when the pool is empty, a new worker
// starts only after the main thread returns to the browser, so joining it in
// the same frame would wait forever. There start() takes a thread only while
// the pool has one to give (after joining this ring's oldest, if need be),
// and otherwise returns false: the caller runs the job itself.
//
// Threading contract: start() and join_all() are called by one thread (the
// timeslicer's main thread); the jobs run on the threads started.
#pragma once

#ifdef __EMSCRIPTEN_PTHREADS__
#include <emscripten/em_asm.h>
#endif

#include <cstddef>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace tsl {

class JobThreads {
public:
    // Threads running at once. 64 keeps a batch of any size within the
    // system's limits (even under sanitizers, which give each thread more
    // mappings) and still spreads work over every core of a large machine.
    static constexpr std::size_t kMaxInFlight = 64;

    explicit JobThreads(std::size_t max_in_flight = kMaxInFlight) : slots_(max_in_flight ? max_in_flight : 1) {}
    ~JobThreads() { join_all(); }
    JobThreads(const JobThreads&) = delete;
    JobThreads& operator=(const JobThreads&) = delete;

    // Runs `job` on a new thread, first joining the oldest thread when
    // max_in_flight are running. false when the system gives no thread (the
    // caller then runs the job itself).
    template <class Job>
    bool start(Job&& job) {
        std::thread& slot = slots_[next_ % slots_.size()];  // the oldest thread's slot, once they are all in use
        if (slot.joinable()) slot.join();
        if (!pool_has_thread()) {
            join_all();  // returns this ring's threads to the page's pool
            if (!pool_has_thread()) return false;
        }
        try {
            slot = std::thread(std::forward<Job>(job));
        } catch (const std::system_error&) {
            return false;
        }
        ++next_;
        return true;
    }

    // Waits for every thread started, oldest first.
    void join_all() {
        for (std::size_t i = 0; i < slots_.size(); ++i) {
            std::thread& slot = slots_[(next_ + i) % slots_.size()];
            if (slot.joinable()) slot.join();
        }
    }

    std::size_t max_in_flight() const noexcept { return slots_.size(); }

    // A thread can start now, not only once the main thread has returned to
    // the browser (see the top of this file); always, outside a page.
    static bool pool_has_thread() {
#ifdef __EMSCRIPTEN_PTHREADS__
        return EM_ASM_INT({ return typeof PThread !== 'undefined' && PThread.unusedWorkers.length > 0 ? 1 : 0; }) != 0;
#else
        return true;
#endif
    }

private:
    std::vector<std::thread> slots_;  // a ring: slot next_ % size holds the oldest thread
    std::size_t next_ = 0;            // threads started so far
};

}  // namespace tsl
