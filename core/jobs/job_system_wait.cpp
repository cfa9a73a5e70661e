// job_system_wait.cpp — waiting for a job (job_system.h): complete(), the
// report of a failure, and the search through a job's dependencies for work
// the waiting thread can do itself.
#include "core/jobs/job_system.h"

#include "core/jobs/thread_signal.h"

#include <algorithm>
#include <chrono>
#include <vector>

namespace tsl {

using namespace jobs_detail;

void JobSystem::complete(JobHandle h) {
    if constexpr (kUnwindIsDear) {
        // h's own loop first, as help_with would, but at once and by a
        // direct call: in a page a call that may throw, made where a
        // destructor must run (as in wait_until_finished and help_with), goes
        // out to JavaScript and back, and a worker looking for work got into
        // the loop first while the waiting thread was still on its way there;
        // the two then cut it into many small claims (web/README.md). Even
        // counting this thread in waiting_threads first let the worker in
        // first again, so on this first pass it is not counted (stats()).
        if (!finished(h)) {
            Slot& s = slot(h.slot);
            if (s.control.load(std::memory_order_acquire) == pack(h.generation, kOpen)) work_on_loop(s, h.generation);
        }
    }
    if (!finished(h)) wait_until_finished(h);
    rethrow_if_failed(h);
}

bool JobSystem::help(JobHandle h) {
    while (!finished(h) && help_with(h, true)) {
    }
    return finished(h);
}

// The first complete() to see a failure reports it: it takes the exception
// out of the slot (which may then be reused) and throws it. Taking it rather
// than copying it means a slot never holds a reference to an exception that
// some thread has already caught, so the last reference is dropped by a
// thread that has seen every use of it.
void JobSystem::rethrow_if_failed(JobHandle h) {
    if (!h.valid()) return;
    Slot& s = slot(h.slot);
    std::uint64_t failed = pack(h.generation, kFailed);
    if (s.control.load(std::memory_order_acquire) != failed) return;
    s.refs.fetch_add(1, std::memory_order_seq_cst);  // keeps the slot from reuse until we leave
    std::exception_ptr error;
    if (s.control.compare_exchange_strong(failed, pack(h.generation, kFailedSeen), std::memory_order_seq_cst)) {
        // Threads counted in before our CAS may still be copying the
        // exception to a dependant (inherit_failure): let them finish.
        while (s.refs.load(std::memory_order_acquire) > 1) std::this_thread::yield();
        error = std::move(s.error);
        s.error = nullptr;
    }
    s.refs.fetch_sub(1, std::memory_order_release);
    if (error) std::rethrow_exception(error);
}

void JobSystem::wait_until_finished(JobHandle h) {
    struct Counted {
        std::atomic<int>& n;
        explicit Counted(std::atomic<int>& counter) : n(counter) { n.fetch_add(1, std::memory_order_relaxed); }
        ~Counted() { n.fetch_sub(1, std::memory_order_relaxed); }
    } waiting(waiting_threads_);
    const bool inside_job = jobs_on_stack() > 0;  // then only what h needs (see the header)
    using Clock = std::chrono::steady_clock;
    const auto full_spin = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::micro>(kSpinBeforeSleepUs));
    auto spin = full_spin;
    Clock::time_point spin_until{};
    int idle = 0;
    while (!finished(h)) {
        if (help_with(h, true) || (!inside_job && run_one())) {
            idle = 0;
            spin = full_spin;
            continue;
        }
        // Where the clock is dear, the spin starts at the first read, 64 looks in.
        if (idle++ == (kClockIsCheap ? 0 : 63)) spin_until = Clock::now() + spin;
        if ((idle & 63) != 0 || (!kClockIsCheap && idle == 64) || Clock::now() < spin_until) {
            cpu_relax();
            continue;
        }
        // Sleep until some job finishes or becomes ready (finish() and
        // make_ready() wake every sleeping waiter, once per sleep), then look
        // again. The same handshake as a worker's (see make_ready).
        const std::uint32_t epoch = waiter_epoch_.load(std::memory_order_seq_cst);
        sleeping_waiters_.fetch_add(1, std::memory_order_seq_cst);
        waiter_wake_pending_.store(false, std::memory_order_seq_cst);
        std::atomic_thread_fence(std::memory_order_seq_cst);
        if (!finished(h) && !help_with(h, false) && (inside_job || !anything_queued())) sleep_on(waiter_epoch_, epoch, -1);
        sleeping_waiters_.fetch_sub(1, std::memory_order_seq_cst);
        idle = 0;
        spin = full_spin / 10;  // woken for some other job, likely: look briefly, then sleep again
    }
}

// A step of complete()'s depth-first search: a job, and which of its
// dependencies to look at next.
struct JobSystem::PathStep {
    JobHandle job;
    std::uint32_t next_dependency = 0;
};

// Looks through `root` and the jobs it depends on, directly or not, for work:
// a ready job (claimed with a CAS and run here) or an open loop (pieces
// claimed here). With run == false, only says whether there is some. Running
// one, it goes on from there: the job above it may be ready now, so a chain
// of N jobs costs O(N), not O(N^2). Each job's dependencies are expanded once
// per search (visit_mark), so a diamond-shaped graph is not walked
// exponentially. The path lives in a thread-local vector shared by nested
// searches (a job run here may itself wait): each uses the part above where
// it started.
bool JobSystem::help_with(JobHandle root, bool run) {
    static thread_local std::vector<PathStep> path;
    const std::size_t base = path.size();
    struct Truncate {
        std::vector<PathStep>& steps;
        std::size_t size;
        ~Truncate() { steps.resize(size); }
    } truncate{path, base};
    const std::uint64_t search = next_search_mark();
    bool ran = false;
    path.push_back({root, 0});
    while (path.size() > base) {
        const JobHandle job = path.back().job;
        Slot& s = slot(job.slot);
        std::uint64_t control = s.control.load(std::memory_order_acquire);
        if (generation_of(control) != job.generation) {  // finished, slot reused
            path.pop_back();
            continue;
        }
        switch (low_of(control)) {
            case kReady:
                if (!run) return true;
                if (s.control.compare_exchange_strong(control, pack(job.generation, kRunning), std::memory_order_acq_rel,
                                                      std::memory_order_relaxed)) {
                    run_claimed(job.slot);
                    ran = true;
                }
                continue;  // look again: finished now, or taken by another thread
            case kOpen:
                if (!run) {
                    if (s.next_piece.load(std::memory_order_relaxed) < s.pieces.load(std::memory_order_relaxed))
                        return true;
                    path.pop_back();
                } else if (work_on_loop(s, job.generation)) {
                    ran = true;
                } else {
                    path.pop_back();  // every piece claimed: others are finishing it
                }
                continue;
            case kPending: {
                PathStep& step = path.back();
                if (step.next_dependency == 0) {
                    // relaxed: marks only save work; a mark lost to another
                    // search means a second look, never a missed one.
                    if (s.visit_mark.load(std::memory_order_relaxed) == search) {
                        path.pop_back();
                        continue;
                    }
                    s.visit_mark.store(search, std::memory_order_relaxed);
                }
                const std::uint32_t known = std::min<std::uint32_t>(s.after_count.load(std::memory_order_acquire), kMaxDependencies);
                if (step.next_dependency >= known) {
                    path.pop_back();
                    continue;
                }
                const std::uint64_t dependency = s.after[step.next_dependency].load(std::memory_order_relaxed);
                // Seqlock-style: if the slot was reused while we read, its
                // generation has changed by now (see acquire_slot's fence).
                std::atomic_thread_fence(std::memory_order_acquire);
                if (generation_of(s.control.load(std::memory_order_relaxed)) != job.generation) {
                    path.pop_back();
                    continue;
                }
                ++step.next_dependency;
                path.push_back({JobHandle{low_of(dependency), generation_of(dependency)}, 0});
                continue;
            }
            default:  // running on another thread, or finished
                path.pop_back();
                continue;
        }
    }
    return ran;
}

}  // namespace tsl
