// job_system.cpp — see job_system.h for the contract. (Waiting, complete()
// and its search: job_system_wait.cpp; sleeping and waking: thread_signal.h.)
//
// [SECTION] The thread's identity
// [SECTION] Construction, slots and growth
// [SECTION] Queues
// [SECTION] Scheduling: dependencies, readiness, finishing
// [SECTION] Running jobs and loops
// [SECTION] Workers
#include "core/jobs/job_system.h"

#include "core/jobs/thread_placement.h"
#include "core/jobs/thread_signal.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <chrono>
#include <stdexcept>

#ifdef __linux__
#include <ctime>
#include <pthread.h>
#endif

namespace tsl {

using namespace jobs_detail;  // sleeping, waking, spinning (thread_signal.h)

// --- [SECTION] The thread's identity ------------------------------------------------

namespace {

thread_local int t_worker_index = 0;           // 1.. on a worker, 0 elsewhere
thread_local std::uint64_t t_worker_system = 0;  // the system the worker works for
// Jobs (of any system) this thread is running now. complete() called with
// one or more under it runs only what the awaited job needs (see the header).
thread_local int t_jobs_on_stack = 0;

struct JobScope {
    JobScope() { ++t_jobs_on_stack; }
    ~JobScope() { --t_jobs_on_stack; }
    JobScope(const JobScope&) = delete;
    JobScope& operator=(const JobScope&) = delete;
};

// A number no other thread of this process ever has (never 0).
std::atomic<std::uint64_t> g_next_thread_token{1};
thread_local std::uint64_t t_thread_token = 0;
std::uint64_t this_thread_token() {
    if (t_thread_token == 0) t_thread_token = g_next_thread_token.fetch_add(1, std::memory_order_relaxed);
    return t_thread_token;
}

// The calling thread's deque in the system it used last (cached by system id).
struct ThreadQueue {
    std::uint64_t system = 0;
    int queue = -1;
};
thread_local ThreadQueue t_queue;
thread_local std::uint32_t t_searches = 0;  // complete()'s searches, for unique visit marks
std::atomic<std::uint64_t> g_next_system_id{1};

}  // namespace

namespace jobs_detail {
int jobs_on_stack() { return t_jobs_on_stack; }
std::uint64_t next_search_mark() { return this_thread_token() << 32 | ++t_searches; }
}  // namespace jobs_detail

int JobSystem::current_worker_index() { return t_worker_index; }
std::uint64_t JobSystem::current_worker_system() { return t_worker_system; }

// --- [SECTION] Construction, slots and growth ----------------------------------------

int JobSystem::default_workers() { return std::max(0, static_cast<int>(std::thread::hardware_concurrency()) - 1); }

JobSystem::JobSystem(const JobSystemConfig& config)
    : id_(g_next_system_id.fetch_add(1, std::memory_order_relaxed)),
      soon_poll_window_ns_(std::max<std::int64_t>(0, config.soon_poll_window_us) * 1000) {
    initial_slots_ = std::bit_ceil(std::clamp<std::uint32_t>(config.slots, 64, 1u << 24));
    initial_shift_ = std::countr_zero(initial_slots_);
    Slot* first = new Slot[initial_slots_];
    for (std::uint32_t i = 0; i < initial_slots_; ++i) first[i].self = i;
    blocks_[0].store(first, std::memory_order_relaxed);
    capacity_.store(initial_slots_, std::memory_order_release);
    for (auto& deque : deques_) deque = std::make_unique<StealDeque>();
    queue_owner_[0].store(this_thread_token(), std::memory_order_relaxed);  // the owner thread: deque 0
    t_queue = {id_, 0};
    const int workers = config.workers >= 0 ? config.workers : default_workers();
    assert(workers <= kMaxWorkers && "JobSystem: at most kMaxWorkers workers");
    set_worker_count(workers);
}

JobSystem::~JobSystem() {
    set_worker_count(0);
    while (run_one()) {
    }
    for (auto& block : blocks_) delete[] block.load(std::memory_order_relaxed);
}

JobSystem::Slot& JobSystem::slot(std::uint32_t index) const {
    if (index < initial_slots_) return blocks_[0].load(std::memory_order_relaxed)[index];
    const int block = std::bit_width(index >> initial_shift_);
    return blocks_[block].load(std::memory_order_acquire)[index - (initial_slots_ << (block - 1))];
}

// Claims a free slot with one compare-and-swap on its control word, so two
// threads can never claim the same one. A slot is free when its job has
// finished (and a failure has been reported) and no thread is looking into
// it (refs). Every slot taken: the pool doubles.
JobSystem::Slot& JobSystem::acquire_slot() {
    for (;;) {
        const std::uint32_t capacity = capacity_.load(std::memory_order_acquire);
        for (std::uint32_t probe = 0; probe < capacity; ++probe) {
            const std::uint32_t index = next_slot_.fetch_add(1, std::memory_order_relaxed) & (capacity - 1);
            Slot& s = slot(index);
            std::uint64_t control = s.control.load(std::memory_order_seq_cst);
            const std::uint32_t state = low_of(control);
            if (state != kFree && state != kDone && state != kFailedSeen) continue;
            if (s.refs.load(std::memory_order_seq_cst) != 0) continue;
            std::uint32_t generation = generation_of(control) + 1;
            if (generation == 0) generation = 1;  // 0 names no job
            if (!s.control.compare_exchange_strong(control, pack(generation, kPending), std::memory_order_seq_cst,
                                                   std::memory_order_relaxed))
                continue;
            // A thread that counted itself in just before the claim may still
            // be reading the old job (a loop's range, a failure's exception);
            // it sees the new generation next and leaves.
            while (s.refs.load(std::memory_order_acquire) != 0) std::this_thread::yield();
            // Orders the claim before the writes below: a search that reads the
            // new `after` and then the generation sees the new generation (see
            // help_with).
            std::atomic_thread_fence(std::memory_order_release);
            s.continuations.store(pack(generation, kListOpen), std::memory_order_relaxed);
            s.after_count.store(0, std::memory_order_relaxed);
            s.failing.store(false, std::memory_order_relaxed);
            s.error = nullptr;
            s.count.store(0, std::memory_order_relaxed);
            return s;
        }
        grow(capacity);
    }
}

void JobSystem::grow(std::uint32_t seen_capacity) {
    std::lock_guard<std::mutex> lock(grow_mutex_);
    if (capacity_.load(std::memory_order_relaxed) != seen_capacity) return;  // another thread grew it
    const int block = std::bit_width(seen_capacity >> initial_shift_);
    // A node of a continuation list is slot * kMaxDependencies + k in 32 bits.
    if (block >= kMaxBlocks || seen_capacity >= (1u << 29)) throw std::length_error("JobSystem: too many jobs in flight");
    Slot* added = new Slot[seen_capacity];
    for (std::uint32_t i = 0; i < seen_capacity; ++i) added[i].self = seen_capacity + i;
    blocks_[block].store(added, std::memory_order_release);
    capacity_.store(2 * seen_capacity, std::memory_order_release);
}

// The callable could not be stored: give the slot back as a finished job
// nobody was told of.
void JobSystem::abandon_slot(Slot& s) {
    s.control.store(pack(generation_of(s.control.load(std::memory_order_relaxed)), kDone), std::memory_order_seq_cst);
}

// Pieces: count / 2^k indices each (the smallest k that makes that at most
// `grain`), so they come out equal, as halving the range would; but never
// more pieces than indices (no piece is empty), so with grain 1 and a count
// that is not a power of two every piece is one index.
void JobSystem::set_range(Slot& s, std::uint32_t count, std::uint32_t grain) {
    grain = std::max<std::uint32_t>(grain, 1);
    const std::uint64_t chunks = (std::uint64_t{count} + grain - 1) / grain;
    const std::uint64_t pieces = std::clamp<std::uint64_t>(std::bit_ceil(chunks), 1, std::max<std::uint64_t>(count, 1));
    s.count.store(count, std::memory_order_relaxed);
    s.pieces.store(pieces, std::memory_order_relaxed);
    s.next_piece.store(0, std::memory_order_relaxed);
    s.pieces_left.store(pieces, std::memory_order_relaxed);
}

// --- [SECTION] Queues --------------------------------------------------------------

// Entries are pack(generation, slot): one that names an older generation than
// the slot's is stale (its job was run directly by complete(), or finished and
// the slot reused) and is dropped.
void JobSystem::enqueue(std::uint64_t entry) {
    const int q = queue_of_this_thread();
    if (q >= 0) {
        deques_[q]->push(entry);
        return;
    }
    std::lock_guard<std::mutex> lock(shared_mutex_);
    shared_queue_.push_back(entry);
    shared_size_.fetch_add(1, std::memory_order_seq_cst);
}

// Found again by the thread's token when it comes back from another system;
// a new external queue only for a thread that never pushed here.
int JobSystem::queue_of_this_thread() {
    if (t_queue.system == id_) return t_queue.queue;
    const std::uint64_t me = this_thread_token();
    int found = -1;
    for (int q = 0; q < kMaxQueues && found < 0; ++q)
        if (queue_owner_[q].load(std::memory_order_acquire) == me) found = q;
    for (int q = kMaxWorkers + 1; q < kMaxQueues && found < 0; ++q) {
        std::uint64_t nobody = 0;
        if (queue_owner_[q].compare_exchange_strong(nobody, me, std::memory_order_acq_rel)) {
            found = q;
            // Thieves look at [kMaxWorkers + 1, external_end_): raise it before the first push.
            int end = external_end_.load(std::memory_order_relaxed);
            while (end < q + 1 && !external_end_.compare_exchange_weak(end, q + 1, std::memory_order_seq_cst)) {
            }
        }
    }
    t_queue = {id_, found};
    return found;
}

bool JobSystem::take(std::uint64_t& entry) {
    const int own = queue_of_this_thread();
    if (own >= 0 && deques_[own]->pop(entry)) return true;
    if (shared_size_.load(std::memory_order_relaxed) > 0) {
        std::lock_guard<std::mutex> lock(shared_mutex_);
        if (!shared_queue_.empty()) {
            entry = shared_queue_.front();
            shared_queue_.pop_front();
            shared_size_.fetch_sub(1, std::memory_order_relaxed);
            return true;
        }
    }
    // Steal, starting somewhere else each time so thieves spread out.
    const int in_use[2][2] = {{0, most_workers_.load(std::memory_order_relaxed) + 1},
                              {kMaxWorkers + 1, external_end_.load(std::memory_order_relaxed)}};
    const std::uint32_t start = steal_start_.fetch_add(1, std::memory_order_relaxed);
    for (const auto& range : in_use) {
        const int n = range[1] - range[0];
        for (int i = 0; i < n; ++i) {
            const int victim = range[0] + static_cast<int>((start + static_cast<std::uint32_t>(i)) % static_cast<std::uint32_t>(n));
            if (victim != own && deques_[victim]->steal(entry)) return true;
        }
    }
    return false;
}

bool JobSystem::anything_queued() const {
    if (shared_size_.load(std::memory_order_seq_cst) > 0) return true;
    const int workers_end = most_workers_.load(std::memory_order_seq_cst) + 1;
    const int externals_end = external_end_.load(std::memory_order_seq_cst);
    for (int q = 0; q < workers_end; ++q)
        if (!deques_[q]->looks_empty()) return true;
    for (int q = kMaxWorkers + 1; q < externals_end; ++q)
        if (!deques_[q]->looks_empty()) return true;
    return false;
}

// --- [SECTION] Scheduling: dependencies, readiness, finishing -------------------------

JobHandle JobSystem::submit(Slot& s, std::initializer_list<JobHandle> after, Wake wake) {
    assert(after.size() <= kMaxDependencies && "JobSystem: at most kMaxDependencies handles in `after`; chain jobs for more");
    const std::uint32_t index = s.self;
    const std::uint32_t generation = generation_of(s.control.load(std::memory_order_relaxed));
    s.wake = kCanPoll ? wake : Wake::Now;
    // Keep sleepers looking for a while: noted before the job is published,
    // so a worker that runs it and then goes to sleep opens the window (the
    // worker reads the clock, not the scheduling thread; written only when
    // a worker has taken the last note, so a frame's jobs write it about once).
    // The flag shares its cache line with deep_sleepers_, which make_ready
    // reads for a Wake::Soon job (at the end here, for one with nothing to
    // wait for), so the load fetches no line the kick would not fetch anyway.
    if (s.wake == Wake::Soon && soon_poll_window_ns_ > 0 && !soon_scheduled_.load(std::memory_order_relaxed))
        soon_scheduled_.store(true, std::memory_order_seq_cst);
    s.waiting_for.store(1, std::memory_order_relaxed);  // held until every dependency is recorded
    std::uint32_t k = 0;
    for (const JobHandle& dep : after) {
        if (!dep.valid() || k == kMaxDependencies) continue;
        Slot& d = slot(dep.slot);
        s.after[k].store(pack(dep.generation, dep.slot), std::memory_order_relaxed);
        s.waiting_for.fetch_add(1, std::memory_order_relaxed);
        const std::uint32_t node = index * kMaxDependencies + k;
        // The list head carries the generation: a dependency that finished and
        // whose slot was reused meanwhile has a new one, and the CAS fails.
        std::uint64_t head = d.continuations.load(std::memory_order_acquire);
        bool linked = false;
        while (generation_of(head) == dep.generation && low_of(head) != kListClosed) {
            s.next_continuation[k] = low_of(head);
            if (d.continuations.compare_exchange_weak(head, pack(dep.generation, node), std::memory_order_acq_rel,
                                                      std::memory_order_acquire)) {
                linked = true;
                break;
            }
        }
        if (linked) {
            ++k;
        } else {  // it finished before we could wait for it
            s.waiting_for.fetch_sub(1, std::memory_order_relaxed);
            inherit_failure(s, d, dep.generation);
        }
    }
    s.after_count.store(k, std::memory_order_release);
    if (s.waiting_for.fetch_sub(1, std::memory_order_acq_rel) == 1) dependencies_met(index);
    return {index, generation};
}

// `dependency` has finished (its list is closed, or its slot reused); if it
// failed and its failure has not been reported yet, `dependant` fails with its
// exception instead of running.
// Its state is no guide here: finish() closes the list first and publishes
// kFailed last, after walking the dependants that linked in time, so a
// dependency seen closed may still read kRunning (or kOpen, kPending). Its
// `failing` flag is final by then (set before finish() starts, which read it
// before closing the list; our acquire of the closed head sees it).
void JobSystem::inherit_failure(Slot& dependant, Slot& dependency, std::uint32_t generation) {
    if (!dependency.failing.load(std::memory_order_acquire)) return;  // a hint; checked below
    // Counted in, then checked (seq_cst, as in work_on_loop): while the slot
    // still holds this generation and the failure is unreported, neither the
    // thread that reports it (it waits for refs before it moves the exception
    // out) nor one that reuses the slot (it waits for refs before resetting
    // `failing` and `error`) can change them under us.
    dependency.refs.fetch_add(1, std::memory_order_seq_cst);
    const std::uint64_t control = dependency.control.load(std::memory_order_seq_cst);
    if (generation_of(control) == generation && low_of(control) != kFailedSeen && dependency.failing.load(std::memory_order_acquire)) {
        std::exception_ptr error = dependency.error;
        if (!dependant.failing.exchange(true, std::memory_order_acq_rel)) dependant.error = std::move(error);
    }
    dependency.refs.fetch_sub(1, std::memory_order_release);
}

void JobSystem::dependencies_met(std::uint32_t index) {
    if (slot(index).failing.load(std::memory_order_acquire)) finish(index);  // a dependency failed: fail too, unrun
    else make_ready(index);
}

void JobSystem::make_ready(std::uint32_t index) {
    Slot& s = slot(index);
    const std::uint32_t generation = generation_of(s.control.load(std::memory_order_relaxed));
    // Everything read from the slot is read before the job is visible: from
    // then on another thread may run it, finish it and reuse the slot.
    const Wake wake = s.wake;
    const std::uint64_t entry = pack(generation, index);
    if (s.run_range) {
        if (s.count.load(std::memory_order_relaxed) == 0) {  // an empty loop is done as soon as it may start
            finish(index);
            return;
        }
        // One entry per worker that may join; the waiting thread finds the loop by its handle.
        const std::uint64_t pieces = s.pieces.load(std::memory_order_relaxed);
        const auto copies = std::max<std::uint64_t>(1, std::min<std::uint64_t>(static_cast<std::uint64_t>(worker_count()), pieces));
        s.control.store(pack(generation, kOpen), std::memory_order_release);
        for (std::uint64_t i = 0; i < copies; ++i) enqueue(entry);
    } else {
        s.control.store(pack(generation, kReady), std::memory_order_release);
        enqueue(entry);
    }
    // The job is published (release stores above); this fence orders that
    // before reading the sleeper counts. A worker or waiter going to sleep
    // counts itself, then (after a fence of its own) looks for work: either it
    // sees this job, or we see it asleep and wake it.
    // Wake::Soon: only a worker that does not look on its own (the same
    // handshake, on deep_sleepers_).
    std::atomic_thread_fence(std::memory_order_seq_cst);
    if ((wake == Wake::Now ? sleepers_ : deep_sleepers_).load(std::memory_order_relaxed) > 0) wake_one();
    if (sleeping_waiters_.load(std::memory_order_relaxed) > 0) wake_waiters();
}

// Finishes a job that ran (or will not run: a dependency failed), then the
// jobs waiting for it whose last dependency it was. Dependants that fail in
// turn are finished here too, from a list rather than by recursion, so a long
// chain cannot overflow the stack.
void JobSystem::finish(std::uint32_t index) {
    std::uint32_t failed_list = kNoSlot;
    for (std::uint32_t current = index;;) {
        Slot& s = slot(current);
        const std::uint32_t generation = generation_of(s.control.load(std::memory_order_relaxed));
        s.destroy(s);
        const bool failed = s.failing.load(std::memory_order_acquire);
        // Closed first: a job scheduled after this sees it finished and does not
        // wait for it; it learns of a failure from `failing` (inherit_failure),
        // since kFailed is published only at the end.
        const std::uint64_t head = s.continuations.exchange(pack(generation, kListClosed), std::memory_order_acq_rel);
        {
            // The dependants, before this job is published as finished: our
            // copy of the exception is let go before anyone can take the
            // job's (complete() moves it out), so the thread that drops the
            // last reference has seen every other thread's use of it.
            const std::exception_ptr error = failed ? s.error : nullptr;
            for (std::uint32_t node = low_of(head); node != kListOpen;) {
                const std::uint32_t dependant = node / kMaxDependencies;
                Slot& d = slot(dependant);
                // Read before our count goes down: after that d may run and be reused.
                const std::uint32_t next = d.next_continuation[node % kMaxDependencies];
                if (failed && !d.failing.exchange(true, std::memory_order_acq_rel)) d.error = error;
                if (d.waiting_for.fetch_sub(1, std::memory_order_acq_rel) == 1) {
                    if (d.failing.load(std::memory_order_acquire)) {
                        d.next_failed = failed_list;
                        failed_list = dependant;
                    } else {
                        make_ready(dependant);
                    }
                }
                node = next;
            }
        }
        // The last touch of the slot: from here it may be reused. seq_cst:
        // see work_on_loop() and acquire_slot() (refs).
        s.control.store(pack(generation, failed ? kFailed : kDone), std::memory_order_seq_cst);
        if (failed_list == kNoSlot) break;
        current = failed_list;
        failed_list = slot(current).next_failed;
    }
    // Waiters sleep until a job finishes or becomes ready (see wait_until_finished).
    std::atomic_thread_fence(std::memory_order_seq_cst);
    if (sleeping_waiters_.load(std::memory_order_relaxed) > 0) wake_waiters();
}

bool JobSystem::finished(JobHandle h) const {
    if (!h.valid()) return true;
    const std::uint64_t control = slot(h.slot).control.load(std::memory_order_acquire);
    if (generation_of(control) != h.generation) return true;  // finished, and the slot reused
    const std::uint32_t state = low_of(control);
    return state == kDone || state == kFailed || state == kFailedSeen;
}

bool JobSystem::is_done(JobHandle h) const { return finished(h); }

// --- [SECTION] Running jobs and loops -------------------------------------------------

bool JobSystem::run_one() {
    std::uint64_t entry;
    if (!take(entry)) return false;
    execute(entry);
    return true;
}

void JobSystem::execute(std::uint64_t entry) {
    const std::uint32_t index = low_of(entry), generation = generation_of(entry);
    Slot& s = slot(index);
    std::uint64_t control = s.control.load(std::memory_order_acquire);
    if (generation_of(control) != generation) return;  // stale: run elsewhere, the slot reused
    if (low_of(control) == kOpen) {
        work_on_loop(s, generation);
    } else if (low_of(control) == kReady && s.control.compare_exchange_strong(control, pack(generation, kRunning),
                                                                               std::memory_order_acq_rel, std::memory_order_relaxed)) {
        run_claimed(index);
    }
}

void JobSystem::run_claimed(std::uint32_t index) {
    Slot& s = slot(index);
    {
        JobScope on_stack;
        try {
            s.run(s);
        } catch (...) {  // kept for whoever waits on this job; never thrown at the thread that ran it
            s.error = std::current_exception();
            s.failing.store(true, std::memory_order_relaxed);
        }
    }
    count_run();
    finish(index);
}

// Claims pieces of an open loop until none is left. The first claim is one
// piece; each next one is sized by the time the last took per piece: about
// kClaimUs of work (growing at most 4x a step), but no more than this
// thread's share of what is left — unless that much takes under a quarter of
// kClaimUs, too little to be worth sharing. So quick pieces go in a few big
// claims (few atomics), slow ones one by one, and the last claims are small
// enough for the threads to finish together. True if it ran any piece.
bool JobSystem::work_on_loop(Slot& s, std::uint32_t generation) {
    const std::uint64_t pieces = s.pieces.load(std::memory_order_relaxed);
    if (s.next_piece.load(std::memory_order_relaxed) >= pieces) return false;  // a hint: nothing left to claim
    // Counted in, then checked: a slot is not reused while refs > 0 (see
    // acquire_slot), so once the check passes the loop stays this one. The
    // seq_cst pair against finish()'s store and acquire_slot()'s loads means
    // a thread never enters a loop that has finished and been reused.
    s.refs.fetch_add(1, std::memory_order_seq_cst);
    if (s.control.load(std::memory_order_seq_cst) != pack(generation, kOpen)) {
        s.refs.fetch_sub(1, std::memory_order_release);
        return false;
    }
    const std::uint64_t count = s.count.load(std::memory_order_relaxed);
    const std::uint64_t threads = static_cast<std::uint64_t>(worker_count()) + 1;
    std::uint64_t claim = 1;
    bool ran = false;
    std::int64_t claim_start = kClockIsCheap ? steady_ns() : 0;
    for (;;) {
        // relaxed: the claim only divides the work; the job itself was
        // published by the acquire load of `control` above.
        const std::uint64_t first = s.next_piece.fetch_add(claim, std::memory_order_relaxed);
        if (first >= pieces) break;
        const std::uint64_t last = std::min(first + claim, pieces);
        if (!s.failing.load(std::memory_order_relaxed)) {  // a piece threw: skip the rest
            JobScope on_stack;
            try {
                // count * piece < 2^64: count < 2^32 and pieces <= count.
                s.run_range(s, static_cast<std::uint32_t>(count * first / pieces), static_cast<std::uint32_t>(count * last / pieces));
            } catch (...) {
                if (!s.failing.exchange(true, std::memory_order_acq_rel)) s.error = std::current_exception();
            }
            count_run();
        }
        ran = true;
        // acq_rel: the thread that finishes the last piece sees every other
        // piece's writes (and a failure's exception) before it finishes the job.
        if (s.pieces_left.fetch_sub(last - first, std::memory_order_acq_rel) == last - first) {
            finish(s.self);
            break;
        }
        if constexpr (!kClockIsCheap) {
            // A dear clock is not read at all (a read cost as much as dozens
            // of quick pieces; web/README.md). While no other thread is in
            // the loop, each claim is 4x the one before: a thread alone
            // leaves nothing to share, and each claim costs its atomics.
            // Once others are in, it is the thread's share of what is left,
            // still at most 4x a claim, so the last ones come out small.
            // (refs counts the threads in the loop; relaxed: only a size.)
            if (last >= pieces) break;  // none left to claim
            const bool alone = s.refs.load(std::memory_order_relaxed) == 1;
            claim = std::clamp<std::uint64_t>(alone ? pieces - last : (pieces - last) / (2 * threads), 1, 4 * claim);
            continue;
        }
        const std::int64_t now = steady_ns();
        const double piece_ns = std::max(1.0, static_cast<double>(now - claim_start) / static_cast<double>(last - first));
        claim_start = now;
        const auto worth_a_claim = static_cast<std::uint64_t>(kClaimUs * 1000 / piece_ns);
        const auto not_worth_sharing = static_cast<std::uint64_t>(kClaimUs * 1000 / 4 / piece_ns);
        const std::uint64_t share = (pieces - last) / (2 * threads);
        claim = std::clamp<std::uint64_t>(std::min(worth_a_claim, std::max(share, not_worth_sharing)), 1, 4 * claim);
    }
    s.refs.fetch_sub(1, std::memory_order_release);
    return ran;
}

void JobSystem::wake_waiters() {
    // Once per sleep: until a sleeping waiter has looked again, further jobs
    // do not pay for another system call.
    if (waiter_wake_pending_.exchange(true, std::memory_order_seq_cst)) return;
    waiter_epoch_.fetch_add(1, std::memory_order_seq_cst);
    wake(waiter_epoch_, true);
}

// --- [SECTION] Workers ---------------------------------------------------------------

// One wake-up per sleep: until a woken worker has taken it, further pushes
// do not pay for another (a futex wake is a system call).
void JobSystem::wake_one() {
    if (wake_pending_.exchange(true, std::memory_order_acq_rel)) return;
    waker_cpu_.store(current_cpu(), std::memory_order_relaxed);
    work_epoch_.fetch_add(1, std::memory_order_release);
    wake(work_epoch_, false);
    wake_ups_.fetch_add(1, std::memory_order_relaxed);
}

void JobSystem::worker_main(int index) {
    t_worker_index = index;
    t_worker_system = id_;
    queue_owner_[index].store(this_thread_token(), std::memory_order_release);
    t_queue = {id_, index};
    using Clock = std::chrono::steady_clock;
    bool polled = false;  // the last sleep was a poll that ran out: sleep again without spinning
    // Up to 64 looks for work, a pause after each: whether one found a job (and ran it).
    const auto look_a_while = [this] {
        for (int i = 0; i < 64; ++i) {
            const bool found = run_one();
            cpu_relax();
            if (found) return true;
        }
        return false;
    };
    while (!stopping_.load(std::memory_order_acquire)) {
        if (run_one()) {
            polled = false;
            continue;
        }
        if (!polled) {
            // Spin a little: in a frame, more work usually follows within microseconds.
            if constexpr (!kClockIsCheap) {  // a dear clock: look a while before reading it
                if (look_a_while()) continue;
            }
            bool found = false;
            const auto spin_until = Clock::now() + std::chrono::duration<double, std::micro>(kSpinBeforeSleepUs);
            while (!found && Clock::now() < spin_until && !stopping_.load(std::memory_order_relaxed)) found = look_a_while();
            if (found) continue;
        }
        const std::uint32_t epoch = work_epoch_.load(std::memory_order_acquire);
        // Look again within kPollUs while Wake::Soon jobs are about; else
        // sleep until woken, counted as a deep sleeper (see make_ready).
        bool poll = false;
        if constexpr (kCanPoll) {
            const std::int64_t now = steady_ns();
            // A Wake::Soon job scheduled since a worker last looked here: look for the window from now.
            if (soon_scheduled_.load(std::memory_order_relaxed) && soon_scheduled_.exchange(false, std::memory_order_acq_rel))
                poll_until_ns_.store(now + soon_poll_window_ns_, std::memory_order_seq_cst);
            poll = now < poll_until_ns_.load(std::memory_order_seq_cst);
        }
        // Counted before a producer can pay for waking us (it reads
        // wake_pending_ below): wake_ups never runs ahead of worker_sleeps.
        worker_sleeps_.fetch_add(1, std::memory_order_relaxed);
        // A wake-up sent before this point was for an earlier sleep: from now
        // on, the next producer that sees us asleep must send a new one.
        // Cleared before we count ourselves asleep, so that a worker counted
        // in sleeping_workers is one the next Wake::Now job pays to wake
        // (stats(): "committed to sleep").
        wake_pending_.store(false, std::memory_order_seq_cst);
        if (!poll) deep_sleepers_.fetch_add(1, std::memory_order_seq_cst);
        sleepers_.fetch_add(1, std::memory_order_seq_cst);  // see make_ready
        if (!anything_queued() && !stopping_.load(std::memory_order_acquire)) sleep_on(work_epoch_, epoch, poll ? kPollUs : -1);
        sleepers_.fetch_sub(1, std::memory_order_seq_cst);
        if (!poll) deep_sleepers_.fetch_sub(1, std::memory_order_seq_cst);
        // Woken onto the core of the thread that woke us, which goes on
        // working there: move to another (see the header). Counted awake
        // first, so that no producer pays a wake-up for us meanwhile.
        if (work_epoch_.load(std::memory_order_relaxed) != epoch && move_off_cpu(waker_cpu_.load(std::memory_order_relaxed)))
            moves_off_waker_.fetch_add(1, std::memory_order_relaxed);
        polled = poll && work_epoch_.load(std::memory_order_acquire) == epoch;
        // Work left and others asleep: pass the wake-up on.
        if (anything_queued() && sleepers_.load(std::memory_order_seq_cst) > 0) {
            wake_pending_.store(false, std::memory_order_seq_cst);
            wake_one();
        }
    }
}

void JobSystem::set_worker_count(int workers) {
    assert(t_worker_system != id_ && t_jobs_on_stack == 0 &&
           "JobSystem::set_worker_count: call it from the owner thread, not from a job (it joins the workers)");
    workers = std::clamp(workers, 0, kMaxWorkers);
    stopping_.store(true, std::memory_order_release);
    work_epoch_.fetch_add(1, std::memory_order_release);
    wake(work_epoch_, true);
    for (std::thread& t : workers_) t.join();
    workers_.clear();
    stopping_.store(false, std::memory_order_release);
    worker_count_.store(workers, std::memory_order_relaxed);
    if (workers > most_workers_.load(std::memory_order_relaxed)) most_workers_.store(workers, std::memory_order_seq_cst);
    for (int i = 0; i < workers; ++i) workers_.emplace_back([this, i] { worker_main(i + 1); });
}

std::uint32_t JobSystem::unfinished_jobs() const {
    const std::uint32_t capacity = capacity_.load(std::memory_order_acquire);
    std::uint32_t unfinished = 0;
    for (std::uint32_t i = 0; i < capacity; ++i) {
        const auto state = static_cast<State>(low_of(slot(i).control.load(std::memory_order_acquire)));
        unfinished += state == kPending || state == kReady || state == kRunning || state == kOpen;
    }
    return unfinished;
}

void JobSystem::count_run() {
    const int worker = t_worker_system == id_ ? t_worker_index : 0;
    std::atomic<std::uint64_t>& runs = runs_[worker].runs;
    if (worker > 0) runs.store(runs.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);  // its own line: no lock prefix
    else runs.fetch_add(1, std::memory_order_relaxed);
}

std::uint64_t JobSystem::jobs_run(int thread) const {
    return thread >= 0 && thread <= kMaxWorkers ? runs_[thread].runs.load(std::memory_order_relaxed) : 0;
}

double JobSystem::workers_cpu_ms() const {
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
    double sum = 0;
    for (const std::thread& worker : workers_) {
        clockid_t clock{};
        timespec t{};
        if (pthread_getcpuclockid(const_cast<std::thread&>(worker).native_handle(), &clock) != 0 || clock_gettime(clock, &t) != 0) return -1;
        sum += static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
    }
    return sum;
#else
    return -1;
#endif
}

JobSystemStats JobSystem::stats() const {
    JobSystemStats s;
    s.wake_ups = wake_ups_.load(std::memory_order_relaxed);
    s.moves_off_waker = moves_off_waker_.load(std::memory_order_relaxed);
    s.worker_sleeps = worker_sleeps_.load(std::memory_order_relaxed);
    s.sleeping_workers = sleepers_.load(std::memory_order_seq_cst);
    s.polling_workers = std::max(0, s.sleeping_workers - deep_sleepers_.load(std::memory_order_seq_cst));
    s.waiting_threads = waiting_threads_.load(std::memory_order_relaxed);
    s.sleeping_waiters = sleeping_waiters_.load(std::memory_order_seq_cst);
    s.slots = capacity_.load(std::memory_order_relaxed);
    for (int q = kMaxWorkers + 1; q < kMaxQueues; ++q) s.external_queues += queue_owner_[q].load(std::memory_order_relaxed) != 0;
    for (int w = 1; w <= kMaxWorkers; ++w) s.runs_on_workers += jobs_run(w);
    s.runs_elsewhere = jobs_run(0);
    return s;
}

}  // namespace tsl
