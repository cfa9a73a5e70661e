// job_threads.h — the threads of Threading::ThreadPerJob, the article's way
// of running timesliced jobs: a new std::thread per job, joined when the job
// is gathered. A batch may start any number of jobs at once (J up to a
// million), but threads are a system resource: each one costs a stack and
// kernel memory mappings, and a hundred thousand at once exhaust them. So at
// most kMaxInFlight run at once; starting one more first joins the oldest
// (waits for it to finish). What runs, and every trace, is the same; only
// the main thread may wait earlier.
//
// Threading contract: start() and join_all() are called by one thread (the
// timeslicer's main thread); the jobs run on the threads started.
#pragma once

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

private:
    std::vector<std::thread> slots_;  // a ring: slot next_ % size holds the oldest thread
    std::size_t next_ = 0;            // threads started so far
};

}  // namespace tsl
