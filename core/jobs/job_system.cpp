#include "core/jobs/job_system.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <chrono>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define TSL_CPU_RELAX() _mm_pause()
#else
#define TSL_CPU_RELAX() std::this_thread::yield()
#endif

#ifdef __linux__
#include <climits>
#include <ctime>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace tsl {

namespace {

thread_local int t_worker_index = 0;

std::int64_t steady_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Sleeps while `word` holds `expected`, at most timeout_us (< 0: no limit);
// may return early. wake() ends such sleeps. Linux: futexes (std::atomic's
// wait has no timeout); elsewhere: the standard wait, so timeouts are not
// kept and Wake::Soon jobs wake a worker as Wake::Now ones do.
void sleep_on(std::atomic<std::uint32_t>& word, std::uint32_t expected, std::int64_t timeout_us) {
#ifdef __linux__
    static_assert(sizeof(std::atomic<std::uint32_t>) == sizeof(std::uint32_t));
    timespec timeout{static_cast<time_t>(timeout_us / 1'000'000), static_cast<long>(timeout_us % 1'000'000 * 1000)};
    syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAIT_PRIVATE, expected, timeout_us < 0 ? nullptr : &timeout,
            nullptr, 0);
#else
    (void)timeout_us;
    word.wait(expected, std::memory_order_acquire);
#endif
}

void wake(std::atomic<std::uint32_t>& word, bool everyone) {
#ifdef __linux__
    syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAKE_PRIVATE, everyone ? INT_MAX : 1, nullptr, nullptr, 0);
#else
    if (everyone) word.notify_all();
    else word.notify_one();
#endif
}

#ifdef __linux__
constexpr bool kCanPoll = true;
#else
constexpr bool kCanPoll = false;
#endif

// The calling thread's deque in one job system (cached by system id).
struct ThreadQueue {
    std::uint64_t system = 0;
    int queue = -1;
};
thread_local ThreadQueue t_queue;
std::atomic<std::uint64_t> g_next_system_id{1};

}  // namespace

// A plain job's slot is reused once the job is done: its single queue entry
// was consumed by running it. A loop's slot is named by several queue entries
// (one per worker that may join) and entered by several threads, so it is
// reused only once none is left (refs), and a stale entry never runs someone
// else's job.
JobSystem::JobSystem(const JobSystemConfig& config) : id_(g_next_system_id.fetch_add(1, std::memory_order_relaxed)) {
    const std::uint32_t slots = std::bit_ceil(std::max<std::uint32_t>(config.max_jobs_in_flight, 64));
    for (auto& deque : deques_) deque = std::make_unique<StealDeque>(slots);
    t_queue = {id_, 0};  // the owner thread: deque 0
    mask_ = slots - 1;
    slots_ = std::make_unique<Slot[]>(slots);
    const std::uint32_t queue_size = 2 * slots;  // a loop is queued once per worker that may join it
    queue_ = std::make_unique<QueueCell[]>(queue_size);
    for (std::uint32_t i = 0; i < queue_size; ++i) queue_[i].sequence.store(i, std::memory_order_relaxed);
    const int workers = config.workers >= 0 ? config.workers : std::max(0, static_cast<int>(std::thread::hardware_concurrency()) - 1);
    assert(workers <= kMaxWorkers && "JobSystem: at most kMaxWorkers workers");
    set_worker_count(workers);
}

JobSystem::~JobSystem() {
    set_worker_count(0);
    while (run_one()) {
    }
}

int JobSystem::current_worker_index() { return t_worker_index; }

// --- The run queue (D. Vyukov's bounded MPMC ring) ---------------------------

bool JobSystem::push(std::uint32_t slot) {
    const std::uint32_t queue_mask = 2 * (mask_ + 1) - 1;
    std::uint32_t pos = enqueue_pos_.load(std::memory_order_relaxed);
    for (;;) {
        QueueCell& cell = queue_[pos & queue_mask];
        const std::uint32_t seq = cell.sequence.load(std::memory_order_acquire);
        const auto diff = static_cast<std::int32_t>(seq - pos);
        if (diff == 0) {
            if (enqueue_pos_.compare_exchange_weak(pos, pos + 1, std::memory_order_seq_cst, std::memory_order_relaxed)) {
                cell.slot = slot;
                cell.sequence.store(pos + 1, std::memory_order_release);
                return true;
            }
        } else if (diff < 0) {
            return false;  // full
        } else {
            pos = enqueue_pos_.load(std::memory_order_relaxed);
        }
    }
}

bool JobSystem::pop(std::uint32_t& slot) {
    const std::uint32_t queue_mask = 2 * (mask_ + 1) - 1;
    std::uint32_t pos = dequeue_pos_.load(std::memory_order_relaxed);
    for (;;) {
        QueueCell& cell = queue_[pos & queue_mask];
        const std::uint32_t seq = cell.sequence.load(std::memory_order_acquire);
        const auto diff = static_cast<std::int32_t>(seq - (pos + 1));
        if (diff == 0) {
            if (dequeue_pos_.compare_exchange_weak(pos, pos + 1, std::memory_order_relaxed)) {
                slot = cell.slot;
                cell.sequence.store(pos + queue_mask + 1, std::memory_order_release);
                return true;
            }
        } else if (diff < 0) {
            return false;  // empty
        } else {
            pos = dequeue_pos_.load(std::memory_order_relaxed);
        }
    }
}

// --- Scheduling -----------------------------------------------------------------

JobSystem::Slot& JobSystem::acquire_slot(bool range) {
    for (;;) {
        const std::uint32_t index = next_slot_.fetch_add(1, std::memory_order_relaxed) & mask_;
        Slot& s = slots_[index];
        if (!s.done.load(std::memory_order_acquire) ||
            (s.is_range.load(std::memory_order_relaxed) && s.refs.load(std::memory_order_acquire) != 0)) {
            run_one();  // every slot busy here: help until one frees up
            continue;
        }
        // Claim it: a stale handle sees the new generation before `done` turns false.
        std::uint32_t generation = s.generation.load(std::memory_order_relaxed) + 1;
        if (generation == 0) generation = 1;
        s.generation.store(generation, std::memory_order_release);
        s.done.store(false, std::memory_order_release);
        s.is_range.store(range, std::memory_order_release);
        s.continuations.store(kOpen, std::memory_order_relaxed);
        s.run = nullptr;
        s.run_range = nullptr;
        return s;
    }
}

JobHandle JobSystem::submit(Slot& s, std::initializer_list<JobHandle> after, Wake wake) {
    assert(after.size() <= kMaxDependencies && "JobSystem: at most kMaxDependencies handles in `after`; chain jobs for more");
    const auto index = static_cast<std::uint32_t>(&s - slots_.get());
    const JobHandle handle{index, s.generation.load(std::memory_order_relaxed)};
    s.wake = kCanPoll ? wake : Wake::Now;
    if (s.wake == Wake::Soon) {  // keep sleepers looking for a while (before the job can be seen)
        const std::int64_t until = steady_ns() + kPollForUs * 1000;
        if (poll_until_ns_.load(std::memory_order_relaxed) < until - kPollForUs * 500)  // refreshed every half period
            poll_until_ns_.store(until, std::memory_order_seq_cst);
    }
    s.next_index.store(0, std::memory_order_relaxed);
    s.items_left.store(s.range_end, std::memory_order_relaxed);
    s.waiting_for.store(1, std::memory_order_relaxed);  // held until every dependency is recorded
    std::uint32_t k = 0;
    for (const JobHandle& dep : after) {
        if (!dep.valid() || k == kMaxDependencies) continue;
        Slot& d = slots_[dep.slot];
        if (d.generation.load(std::memory_order_acquire) != dep.generation) continue;  // finished long ago
        s.waiting_for.fetch_add(1, std::memory_order_relaxed);
        const std::uint32_t node = index * kMaxDependencies + k;
        std::uint32_t head = d.continuations.load(std::memory_order_acquire);
        bool linked = false;
        while (head != kClosed) {
            s.next_continuation[k] = head;
            if (d.continuations.compare_exchange_weak(head, node, std::memory_order_acq_rel, std::memory_order_acquire)) {
                linked = true;
                break;
            }
        }
        if (linked) ++k;
        else s.waiting_for.fetch_sub(1, std::memory_order_relaxed);  // it finished meanwhile
    }
    if (s.waiting_for.fetch_sub(1, std::memory_order_acq_rel) == 1) make_ready(index);
    return handle;
}

void JobSystem::make_ready(std::uint32_t index) {
    Slot& s = slots_[index];
    if (s.run_range && s.range_end == 0) {  // an empty loop is done as soon as it may start
        finish(index);
        return;
    }
    const Wake wake = s.wake;  // read before the job is visible: once queued, it may run and be reused
    std::uint32_t copies = 1;
    if (s.run_range) {  // one entry per worker that may join the loop
        const std::uint32_t chunks = (s.range_end + s.grain - 1) / s.grain;
        copies = std::max<std::uint32_t>(1, std::min<std::uint32_t>(static_cast<std::uint32_t>(worker_count()), chunks));
    }
    if (s.run_range) s.refs.fetch_add(copies, std::memory_order_relaxed);
    for (std::uint32_t i = 0; i < copies; ++i) enqueue(index);
    // The entry is published (a release store, or the ring's seq_cst CAS);
    // this fence orders it before reading `sleepers_`. A worker going to sleep
    // counts itself (seq_cst) before it looks at every queue (seq_cst): either
    // it sees the new entry, or we see it asleep and wake it.
    // Wake::Soon: only a worker that does not look on its own (the same
    // handshake, on deep_sleepers_).
    std::atomic_thread_fence(std::memory_order_seq_cst);
    if ((wake == Wake::Now ? sleepers_ : deep_sleepers_).load(std::memory_order_relaxed) > 0) wake_one();
}

int JobSystem::queue_of_this_thread() {
    if (t_queue.system == id_) return t_queue.queue;
    const int claimed = next_external_queue_.fetch_add(1, std::memory_order_relaxed);
    t_queue = {id_, claimed < kMaxQueues ? claimed : -1};
    return t_queue.queue;
}

void JobSystem::enqueue(std::uint32_t slot) {
    const int q = queue_of_this_thread();
    if (q >= 0 && deques_[q]->push(slot)) return;
    while (!push(slot)) run_one();  // the shared ring; when full, make room by helping
}

bool JobSystem::take(std::uint32_t& slot) {
    const int own = queue_of_this_thread();
    if (own >= 0 && deques_[own]->pop(slot)) return true;
    if (pop(slot)) return true;
    // Steal, starting somewhere else each time so thieves spread out.
    const int externals = std::min(next_external_queue_.load(std::memory_order_relaxed), kMaxQueues);
    const int in_use[2][2] = {{0, most_workers_.load(std::memory_order_relaxed) + 1}, {kMaxWorkers + 1, externals}};
    const std::uint32_t start = steal_start_.fetch_add(1, std::memory_order_relaxed);
    for (const auto& range : in_use) {
        const int n = range[1] - range[0];
        for (int i = 0; i < n; ++i) {
            const int victim = range[0] + static_cast<int>((start + i) % static_cast<std::uint32_t>(n));
            if (victim != own && deques_[victim]->steal(slot)) return true;
        }
    }
    return false;
}

bool JobSystem::anything_queued() const {
    if (enqueue_pos_.load(std::memory_order_seq_cst) != dequeue_pos_.load(std::memory_order_seq_cst)) return true;
    const int externals = std::min(next_external_queue_.load(std::memory_order_seq_cst), kMaxQueues);
    for (int q = 0; q < kMaxQueues; ++q) {
        if (q > kMaxWorkers && q >= externals) break;
        if (!deques_[q]->looks_empty()) return true;
    }
    return false;
}

// One wake-up per sleep: until a woken worker has taken it, further pushes
// do not pay for another (a futex wake is a system call).
void JobSystem::wake_one() {
    if (wake_pending_.exchange(true, std::memory_order_acq_rel)) return;
    work_epoch_.fetch_add(1, std::memory_order_release);
    wake(work_epoch_, false);
    wake_ups_.fetch_add(1, std::memory_order_relaxed);
}

// --- Running -------------------------------------------------------------------

bool JobSystem::run_one() {
    std::uint32_t index;
    if (!take(index)) return false;
    execute(index);
    return true;
}

void JobSystem::execute(std::uint32_t index) {
    Slot& s = slots_[index];
    if (s.run_range) {
        help_with_range(s);
        s.refs.fetch_sub(1, std::memory_order_release);  // the queue entry we ran
    } else {
        s.run(s);
        finish(index);  // the last touch: the slot may be reused at once
    }
}

bool JobSystem::help_with_range(Slot& s) {
    bool finished_it = false;
    for (;;) {
        const std::uint32_t begin = s.next_index.fetch_add(s.grain, std::memory_order_relaxed);
        if (begin >= s.range_end) break;
        const std::uint32_t end = std::min(begin + s.grain, s.range_end);
        s.run_range(s, begin, end);
        if (s.items_left.fetch_sub(end - begin, std::memory_order_acq_rel) == end - begin) {
            finish(static_cast<std::uint32_t>(&s - slots_.get()));
            finished_it = true;
        }
    }
    return finished_it;
}

void JobSystem::finish(std::uint32_t index) {
    Slot& s = slots_[index];
    s.destroy(s);
    std::uint32_t node = s.continuations.exchange(kClosed, std::memory_order_acq_rel);
    s.done.store(true, std::memory_order_release);
    s.done.notify_all();
    while (node != kOpen) {
        Slot& dependent = slots_[node / kMaxDependencies];
        const std::uint32_t next = dependent.next_continuation[node % kMaxDependencies];
        if (dependent.waiting_for.fetch_sub(1, std::memory_order_acq_rel) == 1) make_ready(node / kMaxDependencies);
        node = next;
    }
}

bool JobSystem::is_done(JobHandle h) const {
    if (!h.valid()) return true;
    const Slot& s = slots_[h.slot];
    if (s.generation.load(std::memory_order_acquire) != h.generation) return true;
    const bool done = s.done.load(std::memory_order_acquire);
    return done || s.generation.load(std::memory_order_acquire) != h.generation;
}

void JobSystem::complete(JobHandle h) {
    if (is_done(h)) return;
    Slot& s = slots_[h.slot];
    // Our own loop first: claim its chunks rather than wait for a worker to wake.
    if (s.is_range.load(std::memory_order_acquire)) {
        s.refs.fetch_add(1, std::memory_order_acq_rel);
        if (s.generation.load(std::memory_order_acquire) == h.generation && s.waiting_for.load(std::memory_order_acquire) == 0)
            help_with_range(s);
        s.refs.fetch_sub(1, std::memory_order_release);
    }

    int idle_spins = 0;
    while (!is_done(h)) {
        if (run_one()) {
            idle_spins = 0;
            continue;
        }
        if (++idle_spins < 2000) {
            TSL_CPU_RELAX();
        } else if (s.generation.load(std::memory_order_acquire) == h.generation) {
            s.done.wait(false, std::memory_order_acquire);  // the job runs elsewhere: sleep until it finishes
        }
    }
}

// --- Workers -------------------------------------------------------------------

void JobSystem::worker_main(int index) {
    t_worker_index = index;
    t_queue = {id_, index};
    using Clock = std::chrono::steady_clock;
    bool polled = false;  // the last sleep was a poll that ran out: sleep again without spinning
    while (!stopping_.load(std::memory_order_acquire)) {
        if (run_one()) {
            polled = false;
            continue;
        }
        if (!polled) {
            // Spin a little: in a frame, more work usually follows within microseconds.
            const auto spin_until = Clock::now() + std::chrono::duration<double, std::micro>(kSpinBeforeSleepUs);
            bool found = false;
            while (!found && Clock::now() < spin_until && !stopping_.load(std::memory_order_relaxed)) {
                for (int i = 0; i < 64 && !found; ++i) {
                    found = run_one();
                    TSL_CPU_RELAX();
                }
            }
            if (found) continue;
        }
        const std::uint32_t epoch = work_epoch_.load(std::memory_order_acquire);
        // Look again within kPollUs while Wake::Soon jobs are about; else
        // sleep until woken, counted as a deep sleeper (see make_ready).
        const bool poll = kCanPoll && steady_ns() < poll_until_ns_.load(std::memory_order_seq_cst);
        if (!poll) deep_sleepers_.fetch_add(1, std::memory_order_seq_cst);
        sleepers_.fetch_add(1, std::memory_order_seq_cst);  // see make_ready
        // A wake-up sent before this point was for an earlier sleep: from now
        // on, the next producer that sees us asleep must send a new one.
        wake_pending_.store(false, std::memory_order_seq_cst);
        if (!anything_queued() && !stopping_.load(std::memory_order_acquire)) sleep_on(work_epoch_, epoch, poll ? kPollUs : -1);
        sleepers_.fetch_sub(1, std::memory_order_seq_cst);
        if (!poll) deep_sleepers_.fetch_sub(1, std::memory_order_seq_cst);
        polled = poll && work_epoch_.load(std::memory_order_acquire) == epoch;
        // Work left and others asleep: pass the wake-up on.
        if (anything_queued() && sleepers_.load(std::memory_order_seq_cst) > 0) {
            wake_pending_.store(false, std::memory_order_seq_cst);
            wake_one();
        }
    }
}

void JobSystem::set_worker_count(int workers) {
    assert(t_worker_index == 0 && "JobSystem::set_worker_count: call it from the owner thread, not from a job");
    workers = std::clamp(workers, 0, kMaxWorkers);
    stopping_.store(true, std::memory_order_release);
    work_epoch_.fetch_add(1, std::memory_order_release);
    wake(work_epoch_, true);
    for (std::thread& t : workers_) t.join();
    workers_.clear();
    stopping_.store(false, std::memory_order_release);
    worker_count_.store(workers, std::memory_order_relaxed);
    if (workers > most_workers_.load(std::memory_order_relaxed)) most_workers_.store(workers, std::memory_order_relaxed);
    for (int i = 0; i < workers; ++i) workers_.emplace_back([this, i] { worker_main(i + 1); });
}

}  // namespace tsl
