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
// Threading contract, call by call
//   schedule, parallel_for
//       Any thread, including a job of this system or of another one, any
//       number of threads at once. Never waits for a job and never runs one:
//       it claims a slot with one compare-and-swap and queues the job on the
//       calling thread's own queue. When every slot is taken the pool grows
//       (a lock and an allocation, once per doubling; slots are never given
//       back before the destructor), so scheduling cannot fail or block for
//       want of slots, whatever the jobs do.
//   complete(h)
//       Any thread, including jobs. Returns once h is finished (at once for an
//       empty handle or a job long finished). While it waits it runs jobs:
//       - h itself, and the jobs h depends on (directly or not), and chunks of
//         those loops, always;
//       - any queued job as well, but only when the calling thread is not
//         itself running a job (main thread, a worker between jobs). Inside a
//         job it never takes unrelated work: a job picked up there could wait
//         for the job under it on the same stack and never finish.
//       When there is nothing it may run, it spins for kSpinBeforeSleepUs and
//       then sleeps until a job finishes or becomes ready, and looks again.
//       Rethrows h's exception if h failed (see Exceptions). With no workers,
//       jobs run only inside complete(): a job nobody waits for (directly or
//       through a job that depends on it) runs when some thread waits outside
//       a job, or in the destructor.
//   is_done(h)
//       Any thread; never waits, never runs anything.
//   help(h)
//       Any thread. Runs what complete(h) always may — h and the jobs it
//       depends on, chunks of those loops — while any of it is queued, then
//       returns whether h is done, without waiting for the parts other threads
//       are running and without taking unrelated work. A failure is left for
//       complete(h) to report.
//   set_worker_count, destructor
//       The thread that owns the system, never from inside a job (asserted):
//       they join the workers, which first finish the job they are running.
//       The destructor then runs every job still queued on the calling thread.
//   worker_count, wake_ups, stats, jobs_run, unfinished_jobs, current_worker_index, current_worker_system, id
//       Any thread; a snapshot.
//
// What cannot deadlock: waiting. If the waits of your jobs form no cycle, every
// complete() returns, with any number of workers (none included), from any
// thread, at any depth of jobs waiting for jobs, whatever was queued meanwhile.
// A cycle is yours to avoid: a job that waits (complete) for itself, for a job
// that depends on it, or for a job that waits for it.
// What can deadlock: a job that blocks on anything but complete() — a mutex
// held by a thread that waits for that job, a condition variable, a spin on a
// flag — until some other job has run: the job it needs may be queued behind
// it with no thread free to take it (with no workers, always).
//
// Exceptions
//   A job (or a chunk of a loop) that throws fails; the exception is caught on
//   whatever thread ran it and stored with the job. A loop stops handing out
//   chunks once one has thrown; chunks already running finish. Dependants of a
//   failed job do not run: they fail with the same exception (their callables
//   are destroyed unrun), and so on down the chain. The first complete() on a
//   failed job reports the failure: it takes the exception and rethrows it.
//   From then on the slot may be reused and the handle counts as done, like
//   any job finished long ago: a later complete() on it returns normally and
//   a job scheduled after it runs. Until then the failed job keeps its slot,
//   so complete() every job that may throw (a failure never reported keeps
//   its slot until the destructor), and let one owner wait for it and pass
//   the outcome on: another thread waiting for the same job, or scheduling
//   after it, hears of the failure only if it comes before that report.
//   An exception never escapes into the thread that merely helped run a job:
//   complete(h) throws h's exception only, never one of the jobs it ran while
//   waiting, and workers never terminate the process.
//
// Design, and why (numbers from this 2-core kind of machine: waking a
// sleeping thread costs 25-30 us, a thread create + join about 31 us):
// - A fork-join that puts its workers to sleep every frame pays a wake-up
//   twice per frame. So the thread that waits in complete() works on its own
//   batch first (it claims chunks of its own loop), and workers spin for
//   kSpinBeforeSleepUs looking for work before they sleep: jobs scheduled in
//   quick succession — a frame's worth — find them awake.
// - schedule() only pays for a wake-up when a worker is actually asleep, and
//   then once, not once per job, until a worker has woken.
// - A woken worker that finds itself on the core of the thread that woke it
//   moves to another core (its affinity narrowed for a moment, then put
//   back). Linux often wakes a thread on its waker's core; the waker goes on
//   working there, so the two would share one core while another idles, and
//   each sleep and wake-up of the pair lands them together again. Measured
//   here: back-to-back loops over the 100 x 100 map took 0.10-0.16 ms instead
//   of 0.04-0.06 in most 10 ms runs once other thread pools had run in the
//   process (bench --only threads).
// - Work not needed until later (gathered next frame) can be scheduled with
//   Wake::Soon: the scheduling thread pays no wake-up (a system call, about
//   10 us here, more than the launch itself), and a sleeping worker finds the
//   job when it next looks, within kPollUs. Workers look every kPollUs only
//   for JobSystemConfig::soon_poll_window_us after such a job (from the
//   first time a worker goes to sleep after it: the worker reads the clock,
//   not the scheduling thread); then they sleep until woken, and the next
//   Soon job wakes one once.
// - Scheduling allocates nothing once the pool is big enough: jobs live in
//   slots named by (slot, generation) handles, callables are stored inline (at
//   most kInlineJobBytes). A queue entry names the generation too, so an entry
//   left behind by a job that complete() ran directly is recognised and
//   dropped, never runs the slot's next job.
// - Every thread that schedules has a work-stealing deque: it pushes and pops
//   its own jobs newest first without contention, idle threads steal the
//   oldest from the other end. Threads beyond kMaxQueues share a locked queue.
// - parallel_for is one job whose range is cut into pieces of at most `grain`
//   indices, and at least one: count / 2^k (or single indices), so they come
//   out equal as halving the range would make them. Every thread that joins
//   claims pieces with one atomic add per claim: one piece at first, then as
//   many as take about kClaimUs by the last claim's time per piece, and no
//   more than its share of what is left unless that is too quick to be worth
//   sharing (under kClaimUs / 4). Where the clock is dear (a page:
//   kClockIsCheap in thread_signal.h) no claim reads it: after the first, each
//   is 4x the one before while the thread is alone in the loop, else its
//   share of what is left, growing at most 4x a claim. fn is
//   called once per claim, on neighbouring pieces, so it may receive more
//   than `grain` indices when they are quick:
//   `grain` bounds how finely the loop balances, not the size of a call. A good
//   grain is about 10,000 cycles of work (a few microseconds); much smaller
//   costs nothing more, much larger balances worse.
#pragma once

#include "core/jobs/steal_deque.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <initializer_list>
#include <memory>
#include <mutex>
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
    int workers = -1;                          // -1 — one per core besides the calling thread; 0 allowed
    std::uint32_t slots = 1024;                // 1024 — jobs in flight before the pool grows (rounded up to a power of two, at least 64)
    std::int64_t soon_poll_window_us = 1'000'000;  // 1 s — how long after a Wake::Soon job sleeping workers keep looking every kPollUs
};

// What the system is doing, for tests and the UI. A snapshot: every figure
// may have changed by the time it is read.
struct JobSystemStats {
    std::uint64_t wake_ups = 0;       // sleeping workers woken by a thread that made a job ready
    std::uint64_t moves_off_waker = 0;  // woken workers that found themselves on their waker's core and moved
    std::uint64_t worker_sleeps = 0;  // times a worker went to sleep (a wake-up is paid at most once per sleep)
    int sleeping_workers = 0;         // workers asleep, or committed to sleep: the next Wake::Now job pays a wake-up
    int polling_workers = 0;          // of those, the ones that look for Wake::Soon jobs on their own
    int waiting_threads = 0;          // threads inside complete() for a job not finished when they called (in a page, not on their first pass over the job's own loop: complete())
    int sleeping_waiters = 0;         // of those, the ones asleep until a job finishes or becomes ready
    std::uint32_t slots = 0;          // slots now (the pool grows when every one is taken)
    int external_queues = 0;          // queues claimed by threads that are neither the owner nor workers
    std::uint64_t runs_on_workers = 0;  // jobs_run(1..kMaxWorkers) summed: plain jobs and loop claims run by workers
    std::uint64_t runs_elsewhere = 0;   // jobs_run(0): run by the owner or another thread that is not a worker
};

class JobSystem {
public:
    static constexpr std::size_t kInlineJobBytes = 64;  // callable storage per job
    static constexpr std::size_t kMaxDependencies = 4;  // handles in `after`; chain jobs for more
    static constexpr int kMaxWorkers = 32;
    static constexpr int kMaxQueues = 64;               // the owner, kMaxWorkers workers, other threads
    static constexpr double kSpinBeforeSleepUs = 200.0;  // workers and waiters look this long before sleeping
    static constexpr std::int64_t kPollUs = 1000;       // sleeping workers' look for Wake::Soon jobs
    static constexpr std::int64_t kClaimUs = 10;        // a loop claim grows until it takes about this long

    // The workers of a config asking for -1: one per core besides the main thread.
    static int default_workers();

    explicit JobSystem(const JobSystemConfig& config = {});
    ~JobSystem();
    JobSystem(const JobSystem&) = delete;
    JobSystem& operator=(const JobSystem&) = delete;

    // Runs fn() on some thread once every job in `after` is done (and has not
    // failed: see Exceptions). Any thread.
    template <class Fn>
    JobHandle schedule(Fn&& fn, std::initializer_list<JobHandle> after = {}, Wake wake = Wake::Now) {
        using F = std::decay_t<Fn>;
        Slot& s = slot_holding(std::forward<Fn>(fn));
        s.run = [](Slot& self) { (*std::launder(reinterpret_cast<F*>(self.storage)))(); };
        s.run_range = nullptr;
        return submit(s, after, wake);
    }

    // Runs fn(begin, end) over [0, count), on every thread that joins in (the
    // one waiting in complete() included), once every job in `after` is done.
    // Each index is passed exactly once; see the header comment for `grain`.
    // Any thread.
    template <class Fn>
    JobHandle parallel_for(std::uint32_t count, std::uint32_t grain, Fn&& fn, std::initializer_list<JobHandle> after = {},
                           Wake wake = Wake::Now) {
        using F = std::decay_t<Fn>;
        Slot& s = slot_holding(std::forward<Fn>(fn));
        s.run = nullptr;
        s.run_range = [](Slot& self, std::uint32_t b, std::uint32_t e) { (*std::launder(reinterpret_cast<F*>(self.storage)))(b, e); };
        set_range(s, count, grain);
        return submit(s, after, wake);
    }

    // Waits until the job is finished; see the contract above for what it runs
    // meanwhile. Rethrows the job's exception if it failed. Any thread.
    void complete(JobHandle handle);
    // True once the job has finished (or failed). Any thread.
    bool is_done(JobHandle handle) const;
    // Runs what is queued of the job and what it depends on, waits for
    // nothing, and says whether the job is done (see the contract). Any thread.
    bool help(JobHandle handle);

    // Owner thread, not from a job: finishes the current workers (each after
    // its current job) and starts `workers` new ones (0: jobs run only in
    // complete()). Queued jobs stay queued.
    void set_worker_count(int workers);
    int worker_count() const { return worker_count_.load(std::memory_order_relaxed); }
    // Index of the calling thread among the workers of the system it works for
    // (1..count), 0 on any other thread; and that system's id() (0 elsewhere).
    static int current_worker_index();
    static std::uint64_t current_worker_system();
    // Tells this system from every other one made in this process.
    std::uint64_t id() const { return id_; }

    // Number of worker wake-ups paid so far (sleeping workers notified).
    std::uint64_t wake_ups() const { return wake_ups_.load(std::memory_order_relaxed); }
    JobSystemStats stats() const;
    // CPU time the current workers have used since they started, summed, ms
    // (their spin before sleeping included); owner thread only. Negative where
    // the platform has no per-thread CPU clock (the browser). Differences of
    // two calls measure the workers' CPU over a stretch of work, as long as
    // set_worker_count is not called between them.
    double workers_cpu_ms() const;
    // Runs so far by one thread: a plain job counts once, a loop once per
    // claim (each call of its fn). `thread` 1..kMaxWorkers: the worker of that
    // index (current_worker_index; a worker started by set_worker_count adds
    // to the count of the index it takes); 0: every other thread together
    // (the owner, jobs' waiters elsewhere). Counted before the job or claim
    // finishes: once complete(h) has returned, h's runs are in. Any thread; a snapshot.
    std::uint64_t jobs_run(int thread) const;
    // Jobs scheduled and not yet finished (waiting for dependencies, queued,
    // running, or a loop still open). Looks at every slot: for tests and the
    // soak (core/session/soak.h), not for every frame. Any thread; a snapshot.
    std::uint32_t unfinished_jobs() const;

private:
    // A slot's state, in the low half of Slot::control (the generation is in
    // the high half, so one compare-and-swap checks both).
    enum State : std::uint32_t {
        kFree = 0,    // never used
        kPending,     // being set up, or waiting for dependencies
        kReady,       // a plain job, queued: the thread that moves it to kRunning runs it
        kRunning,     // a plain job being run
        kOpen,        // a loop whose dependencies are done: threads claim its pieces
        kDone,        // finished; reusable once no thread is looking at it (refs)
        kFailed,      // finished by an exception nobody has been told of yet: kept
        kFailedSeen,  // finished by an exception that complete() has taken and rethrown; reusable
    };
    // Ends of a continuation list (in the low half of Slot::continuations).
    static constexpr std::uint32_t kListOpen = 0xFFFFFFFFu, kListClosed = 0xFFFFFFFEu;
    static constexpr std::uint32_t kNoSlot = 0xFFFFFFFFu;

    // A job's home. A job that others wait for keeps them in a lock-free
    // list: `continuations` heads it, each waiting job links in through its
    // own next_continuation[k] for its k-th dependency, and the finishing
    // thread takes the whole list at once.
    struct alignas(64) Slot {
        std::atomic<std::uint64_t> control{0};         // generation << 32 | State
        std::atomic<std::uint64_t> continuations{0};   // generation << 32 | first node (or kListOpen / kListClosed)
        std::atomic<std::int32_t> waiting_for{0};      // unfinished dependencies (+1 while being set up)
        std::atomic<std::uint32_t> refs{0};            // threads inside the loop, or reading the exception
        std::uint32_t next_continuation[kMaxDependencies] = {};  // published by the CAS on the dependency's list
        std::atomic<std::uint64_t> after[kMaxDependencies] = {};  // the dependencies (packed handles), for waiters' searches
        std::atomic<std::uint32_t> after_count{0};     // how many of `after` are set (release: they are written first)
        std::atomic<std::uint64_t> visit_mark{0};      // the last search that looked at this job's dependencies
        std::uint32_t self = 0;                        // this slot's index
        void (*run)(Slot&) = nullptr;
        void (*run_range)(Slot&, std::uint32_t, std::uint32_t) = nullptr;
        void (*destroy)(Slot&) = nullptr;
        Wake wake = Wake::Now;
        std::atomic<bool> failing{false};              // `error` is set: the job failed or will not run
        std::exception_ptr error;                      // written by the first to set `failing`
        std::uint32_t next_failed = kNoSlot;           // finish(): dependants failed in turn, as a list
        // parallel_for only
        // count and pieces are atomics (relaxed) only because a search may
        // peek at a loop it does not hold (a hint, checked afterwards).
        std::atomic<std::uint32_t> count{0};           // indices
        std::atomic<std::uint64_t> pieces{1};          // piece i is [count * i / pieces, count * (i + 1) / pieces)
        std::atomic<std::uint64_t> next_piece{0};      // 64 bits: claims past the end never wrap
        std::atomic<std::uint64_t> pieces_left{0};     // pieces not yet finished
        alignas(std::max_align_t) unsigned char storage[kInlineJobBytes];
    };
    struct PathStep;  // complete()'s search through dependencies

    static std::uint64_t pack(std::uint32_t generation, std::uint32_t low) { return std::uint64_t{generation} << 32 | low; }
    static std::uint32_t generation_of(std::uint64_t word) { return static_cast<std::uint32_t>(word >> 32); }
    static std::uint32_t low_of(std::uint64_t word) { return static_cast<std::uint32_t>(word); }

    Slot& slot(std::uint32_t index) const;
    Slot& acquire_slot();
    void abandon_slot(Slot& slot);
    // A claimed slot holding a copy of fn, with the destroy that ends it
    // (the slot goes back if the copy throws).
    template <class Fn>
    Slot& slot_holding(Fn&& fn) {
        using F = std::decay_t<Fn>;
        static_assert(sizeof(F) <= kInlineJobBytes, "JobSystem: the callable captures too much; capture a pointer to a struct");
        static_assert(alignof(F) <= alignof(std::max_align_t), "JobSystem: over-aligned callable");
        Slot& s = acquire_slot();
        try {
            new (s.storage) F(std::forward<Fn>(fn));
        } catch (...) {
            abandon_slot(s);
            throw;
        }
        s.destroy = [](Slot& self) { std::launder(reinterpret_cast<F*>(self.storage))->~F(); };
        return s;
    }
    void grow(std::uint32_t seen_capacity);
    static void set_range(Slot& slot, std::uint32_t count, std::uint32_t grain);
    JobHandle submit(Slot& slot, std::initializer_list<JobHandle> after, Wake wake);
    void inherit_failure(Slot& dependant, Slot& dependency, std::uint32_t generation);
    void dependencies_met(std::uint32_t index);
    void make_ready(std::uint32_t index);
    void finish(std::uint32_t index);

    bool run_one();                              // finds and runs one queued job; false if none
    bool take(std::uint64_t& entry);             // own deque, then the shared queue, then stealing
    void enqueue(std::uint64_t entry);           // into the calling thread's deque (or the shared queue)
    bool anything_queued() const;
    int queue_of_this_thread();                  // -1: none (use the shared queue)
    void execute(std::uint64_t entry);           // runs a popped entry, unless it is stale
    void run_claimed(std::uint32_t index);       // runs a plain job this thread moved to kRunning
    void count_run();                            // one more run by the calling thread (jobs_run)
    bool work_on_loop(Slot& slot, std::uint32_t generation);  // claims and runs pieces; true if it ran any
    bool help_with(JobHandle root, bool run);    // runs (or, with !run, finds) a job root needs; true if it did
    bool finished(JobHandle handle) const;
    void wait_until_finished(JobHandle handle);
    void rethrow_if_failed(JobHandle handle);
    void worker_main(int index);
    void wake_one();
    void wake_waiters();                         // after a job became ready or finished

    const std::uint64_t id_;                     // tells this system from another in thread caches
    const std::int64_t soon_poll_window_ns_;

    // Slots: block 0 holds initial_slots_, block k > 0 holds initial_slots_ << (k - 1).
    static constexpr int kMaxBlocks = 20;
    std::uint32_t initial_slots_;
    int initial_shift_;
    std::atomic<Slot*> blocks_[kMaxBlocks] = {};   // release/acquire: a block is whole before its slots are named
    std::atomic<std::uint32_t> capacity_{0};       // published after the block it adds
    std::mutex grow_mutex_;
    alignas(64) std::atomic<std::uint32_t> next_slot_{0};  // where the next search for a free slot starts (relaxed: only spreads threads out)

    // Queues. queue_owner_[q] is the token of the thread that pushes into
    // deques_[q] (0: none yet), so a thread that alternates between systems
    // finds its queue again instead of claiming a new one.
    std::unique_ptr<StealDeque> deques_[kMaxQueues];
    std::atomic<std::uint64_t> queue_owner_[kMaxQueues] = {};
    std::atomic<int> external_end_{kMaxWorkers + 1};  // external queues in use: [kMaxWorkers + 1, external_end_)
    std::atomic<std::uint32_t> steal_start_{0};    // relaxed: only spreads thieves over the deques
    mutable std::mutex shared_mutex_;                  // the queue of threads beyond kMaxQueues
    std::deque<std::uint64_t> shared_queue_;
    std::atomic<std::size_t> shared_size_{0};      // lets take() skip the lock; seq_cst for the sleep handshake

    alignas(64) std::atomic<std::uint32_t> work_epoch_{0};  // bumped (and waited on) to wake sleeping workers
    std::atomic<int> sleepers_{0};                  // workers asleep or about to be (seq_cst: the handshake in make_ready)
    std::atomic<int> deep_sleepers_{0};             // sleepers that do not look for Wake::Soon jobs
    std::atomic<std::int64_t> poll_until_ns_{0};    // sleepers look every kPollUs until then
    std::atomic<bool> soon_scheduled_{false};       // a Wake::Soon job since a worker last opened the window
    std::atomic<bool> wake_pending_{false};  // a wake-up was sent and no woken worker has taken it yet
    std::atomic<bool> stopping_{false};             // set_worker_count: workers leave after their current job
    std::atomic<std::uint64_t> wake_ups_{0};        // counters for stats() (relaxed)
    std::atomic<std::uint64_t> moves_off_waker_{0};
    std::atomic<int> waker_cpu_{-1};                // the CPU of the thread that last woke a worker (a hint)
    std::atomic<std::uint64_t> worker_sleeps_{0};
    // jobs_run(): [0] every thread that is not a worker (fetch_add), [i] worker i
    // alone (it writes, others read: a relaxed load and store), a line each.
    struct alignas(64) RunCount {
        std::atomic<std::uint64_t> runs{0};
    };
    RunCount runs_[kMaxWorkers + 1];

    alignas(64) std::atomic<std::uint32_t> waiter_epoch_{0};  // bumped (and waited on) to wake sleeping waiters
    std::atomic<int> sleeping_waiters_{0};          // threads asleep in complete() (seq_cst: the same handshake as sleepers_)
    std::atomic<bool> waiter_wake_pending_{false};   // as wake_pending_, for waiters
    std::atomic<int> waiting_threads_{0};           // for stats() (relaxed)

    std::vector<std::thread> workers_;       // owner thread only
    std::atomic<int> worker_count_{0};       // what every thread may read
    std::atomic<int> most_workers_{0};       // deques 1..most_workers_ may hold jobs, even after a shrink
};

}  // namespace tsl
