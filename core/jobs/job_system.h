// job_system.h — a task manager in the spirit of "Designing the framework of a
// parallel game engine": one persistent worker per core besides the main
// thread, jobs scheduled from any thread and waited for by handle, jobs that
// wait for other jobs, and data-parallel loops split over every thread.
//
// Usage
//   JobSystem jobs;                                    // workers: cores - 1
//   JobHandle a = jobs.schedule([&] { build_grid(); });
//   JobHandle b = jobs.schedule([&] { trace_rays(); }, {a});   // after a
//   JobHandle c = jobs.parallel_for(cells, 256, [&](std::uint32_t begin, std::uint32_t end) { ... });
//   jobs.complete(b);                                  // waits, helping meanwhile
//
// Design, and why (numbers measured on a 2-core machine):
// - Waking a sleeping thread costs about 25-30 us. A fork-join that puts its
//   workers to sleep every frame pays that twice per frame. So:
//   * the thread that waits in complete() never just waits: it runs queued
//     jobs, and for a parallel_for it claims chunks of the loop itself, so a
//     loop finishes even when every worker sleeps (or there are none);
//   * workers spin for kSpinBeforeSleep (50 us) looking for work before they
//     sleep, so jobs scheduled in quick succession — a frame's worth — find
//     them awake;
//   * schedule() only pays for a wake-up when a worker is actually asleep,
//     and then once, not once per job, until a worker has woken;
//   * work that is not needed until later (gathered next frame) can be
//     scheduled with Wake::Soon: the scheduling thread pays no wake-up at all
//     (a system call, ~10 us here, more than the launch itself), and a
//     sleeping worker finds the job when it next looks, within kPollUs.
//     Workers look every kPollUs only for a second after such a job; then
//     they sleep until woken, and the next Soon job wakes one once.
// - Scheduling allocates nothing: jobs live in a fixed pool of slots named by
//   (slot, generation) handles, callables are stored inline (at most
//   kInlineJobBytes).
// - Every thread that schedules has a work-stealing deque: it pushes and pops
//   its own jobs newest first without contention, idle threads steal the
//   oldest from the other end. (A single shared queue made the main thread
//   and a worker fight over its head: a contended compare-and-swap and a
//   cache line crossing cores per job.) Threads beyond kMaxQueues share a
//   bounded lock-free ring.
// - parallel_for is one job whose range is claimed in grain-sized chunks with
//   one atomic add each, by as many threads as show up. A good grain is about
//   10,000 cycles of work (a few microseconds): smaller chunks spend more on
//   the atomic than on the work, larger ones balance worse.
//
// Threading contract (per call):
//   schedule, parallel_for, complete, is_done: any thread, including jobs.
//   set_worker_count, worker_count: the thread that owns the JobSystem only
//     (not from a job): it joins the old workers.
//   Destructor: owner thread; it completes every queued job first.
// What can deadlock: a job that waits (complete) on a job scheduled after it
// with a dependency on itself; a job that blocks on anything other than
// complete() (a mutex held by the thread waiting for it, a condition variable)
// while all threads are busy. complete() always helps, so waiting on a job —
// even from inside a job, even with zero workers — cannot by itself deadlock.
#pragma once

#include "core/jobs/steal_deque.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <new>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace tsl {

// Names a scheduled job. Default-constructed: an empty handle, always done.
struct JobHandle {
    std::uint32_t slot = 0;
    std::uint32_t generation = 0;  // 0 = no job
    bool valid() const { return generation != 0; }
};

// When a sleeping worker hears of a new job.
enum class Wake : std::uint8_t {
    Now,   // at once: the scheduling thread wakes a sleeping worker (a system call)
    Soon,  // within JobSystem::kPollUs: sleeping workers look for it; the scheduling thread pays nothing
};

struct JobSystemConfig {
    int workers = -1;                      // -1 — one per core besides the calling thread; 0 allowed
    std::uint32_t max_jobs_in_flight = 1u << 14;  // 16384 — slots and queue entries (rounded up to a power of two)
};

class JobSystem {
public:
    static constexpr std::size_t kInlineJobBytes = 64;  // callable storage per job
    static constexpr std::size_t kMaxDependencies = 4;  // handles in `after`; chain jobs for more
    static constexpr int kMaxWorkers = 32;
    static constexpr int kMaxQueues = 64;               // the owner, kMaxWorkers workers, other threads
    static constexpr double kSpinBeforeSleepUs = 50.0;
    static constexpr std::int64_t kPollUs = 1000;          // sleeping workers' look for Wake::Soon jobs
    static constexpr std::int64_t kPollForUs = 1'000'000;  // ... for this long after the last one

    explicit JobSystem(const JobSystemConfig& config = {});
    ~JobSystem();
    JobSystem(const JobSystem&) = delete;
    JobSystem& operator=(const JobSystem&) = delete;

    // Runs fn() on some thread once every job in `after` is done.
    template <class Fn>
    JobHandle schedule(Fn&& fn, std::initializer_list<JobHandle> after = {}, Wake wake = Wake::Now) {
        using F = std::decay_t<Fn>;
        static_assert(sizeof(F) <= kInlineJobBytes, "JobSystem: the callable captures too much; capture a pointer to a struct");
        static_assert(alignof(F) <= alignof(std::max_align_t), "JobSystem: over-aligned callable");
        Slot& s = acquire_slot(false);
        new (s.storage) F(std::forward<Fn>(fn));
        s.run = [](Slot& self) { (*std::launder(reinterpret_cast<F*>(self.storage)))(); };
        s.destroy = [](Slot& self) { std::launder(reinterpret_cast<F*>(self.storage))->~F(); };
        s.range_end = 0;
        return submit(s, after, wake);
    }

    // Runs fn(begin, end) over [0, count) in chunks of at most `grain`, on
    // every thread that joins in (the one waiting in complete() included),
    // once every job in `after` is done.
    template <class Fn>
    JobHandle parallel_for(std::uint32_t count, std::uint32_t grain, Fn&& fn, std::initializer_list<JobHandle> after = {},
                           Wake wake = Wake::Now) {
        using F = std::decay_t<Fn>;
        static_assert(sizeof(F) <= kInlineJobBytes, "JobSystem: the callable captures too much; capture a pointer to a struct");
        Slot& s = acquire_slot(true);
        new (s.storage) F(std::forward<Fn>(fn));
        s.run_range = [](Slot& self, std::uint32_t b, std::uint32_t e) {
            (*std::launder(reinterpret_cast<F*>(self.storage)))(b, e);
        };
        s.destroy = [](Slot& self) { std::launder(reinterpret_cast<F*>(self.storage))->~F(); };
        s.range_end = count;
        s.grain = grain == 0 ? 1 : grain;
        return submit(s, after, wake);
    }

    // Waits until the job is done, running queued jobs (and chunks of its own
    // loop) meanwhile. Returns at once for an empty or finished handle.
    void complete(JobHandle handle);
    bool is_done(JobHandle handle) const;

    // Owner thread only: stops the current workers after their current job
    // and starts `workers` new ones (0: jobs run only in complete()).
    void set_worker_count(int workers);
    int worker_count() const { return worker_count_.load(std::memory_order_relaxed); }
    // Index of the calling thread among the workers (1..count), 0 elsewhere.
    static int current_worker_index();

    // Number of worker wake-ups paid so far (sleeping workers notified).
    std::uint64_t wake_ups() const { return wake_ups_.load(std::memory_order_relaxed); }

private:
    // A job's home. A job that others wait for keeps them in a lock-free
    // list: `continuations` heads it (kOpen: empty, kClosed: finished), each
    // waiting job links in through its own next_continuation[k] for its k-th
    // dependency, and the finishing thread takes the whole list at once.
    static constexpr std::uint32_t kOpen = 0xFFFFFFFFu, kClosed = 0xFFFFFFFEu;
    struct Slot {
        std::atomic<std::uint32_t> generation{0};
        std::atomic<bool> done{true};
        std::atomic<bool> is_range{false};
        std::atomic<std::int32_t> waiting_for{0};      // unfinished dependencies (+1 while being set up)
        std::atomic<std::uint32_t> continuations{kOpen};
        std::uint32_t next_continuation[kMaxDependencies] = {};  // published by the CAS on the dependency's list
        void (*run)(Slot&) = nullptr;
        void (*run_range)(Slot&, std::uint32_t, std::uint32_t) = nullptr;
        void (*destroy)(Slot&) = nullptr;
        std::uint32_t range_end = 0, grain = 1;       // parallel_for only
        Wake wake = Wake::Now;
        std::atomic<std::uint32_t> next_index{0};     // next unclaimed index of the range
        std::atomic<std::uint32_t> items_left{0};     // items not yet finished
        std::atomic<std::uint32_t> refs{0};           // loops only: queue entries naming the slot + threads in the loop
        alignas(std::max_align_t) unsigned char storage[kInlineJobBytes];
    };

    Slot& acquire_slot(bool range);
    JobHandle submit(Slot& slot, std::initializer_list<JobHandle> after, Wake wake);
    void make_ready(std::uint32_t slot);
    bool run_one();                          // finds and runs one queued job; false if none
    bool take(std::uint32_t& slot);          // own deque, then the shared ring, then stealing
    void enqueue(std::uint32_t slot);        // into the calling thread's deque (or the shared ring)
    bool anything_queued() const;
    int queue_of_this_thread();              // -1: none (use the shared ring)
    void execute(std::uint32_t slot);        // runs a popped job
    bool help_with_range(Slot& slot);        // claims and runs chunks; true if it finished the range
    void finish(std::uint32_t slot);
    void worker_main(int index);
    void wake_one();

    // Bounded multi-producer multi-consumer ring of ready slot indices.
    struct QueueCell {
        std::atomic<std::uint32_t> sequence;
        std::uint32_t slot;
    };
    bool push(std::uint32_t slot);
    bool pop(std::uint32_t& slot);

    const std::uint64_t id_;                 // tells this system from another in thread caches
    std::unique_ptr<StealDeque> deques_[kMaxQueues];
    std::atomic<int> next_external_queue_{kMaxWorkers + 1};
    std::atomic<std::uint32_t> steal_start_{0};

    std::uint32_t mask_;
    std::unique_ptr<Slot[]> slots_;
    std::atomic<std::uint32_t> next_slot_{0};
    std::unique_ptr<QueueCell[]> queue_;
    alignas(64) std::atomic<std::uint32_t> enqueue_pos_{0};
    alignas(64) std::atomic<std::uint32_t> dequeue_pos_{0};

    alignas(64) std::atomic<std::uint32_t> work_epoch_{0};  // bumped (and waited on) to wake sleepers
    std::atomic<int> sleepers_{0};
    std::atomic<int> deep_sleepers_{0};             // sleepers that do not look for Wake::Soon jobs
    std::atomic<std::int64_t> poll_until_ns_{0};    // sleepers look every kPollUs until then
    std::atomic<bool> wake_pending_{false};  // a wake-up was sent and no woken worker has taken it yet
    std::atomic<bool> stopping_{false};
    std::atomic<std::uint64_t> wake_ups_{0};
    std::vector<std::thread> workers_;       // owner thread only
    std::atomic<int> worker_count_{0};       // what every thread may read
    std::atomic<int> most_workers_{0};       // deques 1..most_workers_ may hold jobs, even after a shrink
};

}  // namespace tsl
