#include "core/engine/change_queue.h"

#include "core/jobs/profiler.h"

#include <algorithm>
#include <cassert>

namespace tsl {

namespace {
thread_local bool t_system_thread = false;
}  // namespace

int queue_index_of_this_thread() { return t_system_thread ? kSystemThreadQueue : JobSystem::current_worker_index(); }

void mark_this_thread_as_a_system_thread() { t_system_thread = true; }

ChangeQueues::ChangeQueues() = default;

void ChangeQueues::clear() {
    for (auto& system : threads_)
        for (ThreadQueue& q : system) q = {};
    std::lock_guard<std::mutex> lock(locked_.mutex);
    locked_.changes.clear();
}

void ChangeQueues::collect(unsigned systems, std::vector<Change>& merged, CollectCounts& counts) {
    assert(merged.empty() && "ChangeQueues::collect: pass an empty vector; the merged list is appended to it");
    auto wanted = [systems](SystemId s) { return (systems >> index_of(s)) & 1u; };

    // Per-thread queues: every run is already in agent order, and the runs of
    // one system and tick cover disjoint ranges of agents, so ordering the runs
    // orders the changes.
    runs_.clear();
    for (SystemId s : kSystems) {
        if (!wanted(s)) continue;
        for (int t = 0; t < kQueueThreads; ++t) {
            ThreadQueue& q = threads_[static_cast<std::size_t>(index_of(s))][static_cast<std::size_t>(t)];
            counts.posted_by_thread[static_cast<std::size_t>(t)] += q.posted;
            counts.posted += q.posted;
            counts.contended += q.contended;
            counts.lock_wait_ns += q.lock_wait_ns;
            q.posted = q.contended = 0;
            q.lock_wait_ns = 0;
            for (const ThreadQueue::Run& run : q.runs) runs_.push_back({&q, run});
        }
    }
    std::sort(runs_.begin(), runs_.end(), [](const RunRef& a, const RunRef& b) {
        if (a.run.data_tick != b.run.data_tick) return a.run.data_tick < b.run.data_tick;
        const int pa = kPriority[index_of(a.run.system)], pb = kPriority[index_of(b.run.system)];
        if (pa != pb) return pa > pb;
        return a.run.first_object < b.run.first_object;
    });
    std::size_t total = 0;
    for (const RunRef& r : runs_) total += r.run.end - r.run.begin;
    merged.reserve(total);
    for (const RunRef& r : runs_)
        merged.insert(merged.end(), r.queue->changes.begin() + r.run.begin, r.queue->changes.begin() + r.run.end);
    for (SystemId s : kSystems)
        if (wanted(s))
            for (ThreadQueue& q : threads_[static_cast<std::size_t>(index_of(s))]) {
                q.changes.clear();
                q.runs.clear();
            }
    assert(std::is_sorted(merged.begin(), merged.end(), merge_before) && "a run posted its changes out of agent order");

    // The locked queue: take this merge's systems out (others may still be
    // posting), then sort them, since threads' posts interleave.
    from_locked_.clear();
    {
        std::lock_guard<std::mutex> lock(locked_.mutex);
        auto keep = std::stable_partition(locked_.changes.begin(), locked_.changes.end(), [&](const Change& c) { return !wanted(c.system); });
        from_locked_.assign(keep, locked_.changes.end());
        locked_.changes.erase(keep, locked_.changes.end());
    }
    if (from_locked_.empty()) return;
    counts.locked_posts += static_cast<std::uint32_t>(from_locked_.size());
    std::sort(from_locked_.begin(), from_locked_.end(), merge_before);
    if (merged.empty()) {
        merged.swap(from_locked_);
        return;
    }
    // Both kinds in one merge (the queue setting changed while a run was in flight).
    combined_.clear();
    std::merge(merged.begin(), merged.end(), from_locked_.begin(), from_locked_.end(), std::back_inserter(combined_), merge_before);
    merged.swap(combined_);
}

ChangeWriter::ChangeWriter(ChangeQueues& queues, SystemId system, QueueKind kind, std::uint32_t data_tick, bool carried,
                           std::uint32_t first_object)
    : queues_(queues),
      mine_(queues.threads_[static_cast<std::size_t>(index_of(system))][static_cast<std::size_t>(queue_index_of_this_thread())]),
      system_(system),
      kind_(kind),
      data_tick_(data_tick),
      carried_(carried),
      thread_(static_cast<std::uint8_t>(queue_index_of_this_thread())),
      first_object_(first_object),
      begin_(static_cast<std::uint32_t>(mine_.changes.size())) {}

ChangeWriter::~ChangeWriter() {
    mine_.posted += posted_;
    if (kind_ == QueueKind::PerThread && posted_ > 0)
        mine_.runs.push_back({data_tick_, first_object_, begin_, static_cast<std::uint32_t>(mine_.changes.size()), system_});
}

void ChangeWriter::post(std::uint32_t object, AgentField field, AgentValue value) {
    assert((posted_ == 0 || object >= last_object_) && "ChangeWriter::post: post a run's changes in agent order");
    sequence_ = posted_ > 0 && object == last_object_ ? static_cast<std::uint16_t>(sequence_ + 1) : 0;
    last_object_ = object;
    ++posted_;
    Change c;
    c.object = object;
    c.data_tick = data_tick_;
    c.value = carried_ ? value : AgentValue{};
    c.sequence = sequence_;
    c.field = field;
    c.system = system_;
    c.carried = carried_;
    c.thread = thread_;
    if (kind_ == QueueKind::PerThread) {
        mine_.changes.push_back(c);
        return;
    }
    // The comparison: one queue, one lock, taken for every change.
    ChangeQueues::Locked& shared = queues_.locked_;
    if (!shared.mutex.try_lock()) {
        ++mine_.contended;
        const std::int64_t t0 = Profiler::now_ns();
        shared.mutex.lock();
        mine_.lock_wait_ns += Profiler::now_ns() - t0;
    }
    shared.changes.push_back(c);
    shared.mutex.unlock();
}

}  // namespace tsl
