// change_queue.h — change notifications, and the queues systems post them to
// while they run.
//
// A sub-task that changes a shared field posts a Change. Where it goes:
//   per-thread  every thread has its own queue for each system: posting is a
//               push_back with no lock and no shared cache line. A sub-task's
//               changes form a run, in agent order; after the run the runs
//               are put in order (tick, priority, first agent) and copied out
//               one after another, which gives the merge order at the cost
//               of a copy (docs/engine.md, section 3).
//   locked      one queue for every thread and system, behind one mutex: the
//               design the per-thread queues replace, kept to measure what it
//               costs. Every post takes the lock (the time spent waiting for
//               it is counted), and after the run the queue must be sorted
//               into the merge order, because threads' posts interleave.
// Both give the same merged list, change for change.
//
// The merge order, which every result depends on: data tick (older first),
// then priority (higher first), then agent, then sequence (the order one
// system posted its changes to one agent).
//
// Threading: post() from any thread running a sub-task (a ChangeWriter is
// used by one thread); collect() on the main thread, only for systems whose
// runs are complete (other systems may be posting meanwhile).
#pragma once

#include "core/engine/agent_data.h"
#include "core/engine/engine_config.h"
#include "core/jobs/job_system.h"

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace tsl {

// Queues are indexed by queue_index_of_this_thread(): 0 for the main thread
// (and any thread that is neither a worker nor a system's own), 1 ..
// kMaxWorkers for workers (JobSystem::current_worker_index()), and
// kSystemThreadQueue for a system's own thread (system_thread.h; one per
// engine scene: the AI's, so no two threads ever post to one queue).
inline constexpr int kSystemThreadQueue = JobSystem::kMaxWorkers + 1;
inline constexpr int kQueueThreads = JobSystem::kMaxWorkers + 2;
int queue_index_of_this_thread();
// Called once, first thing, by a SystemThread's thread.
void mark_this_thread_as_a_system_thread();

struct Change {
    std::uint32_t object = 0;     // the agent
    std::uint32_t data_tick = 0;  // the tick whose copy it was computed from: its time
    AgentValue value;             // the new value when carried (free-step); else read from the system at distribution
    std::uint16_t sequence = 0;   // order of one system's changes to one agent within a run
    AgentField field = AgentField::Position;
    SystemId system = SystemId::Ai;
    bool carried = false;
    std::uint8_t thread = 0;      // the queue index of the thread that posted it
};

// The merge order (see above).
inline bool merge_before(const Change& a, const Change& b) {
    if (a.data_tick != b.data_tick) return a.data_tick < b.data_tick;
    const int pa = kPriority[index_of(a.system)], pb = kPriority[index_of(b.system)];
    if (pa != pb) return pa > pb;
    if (a.object != b.object) return a.object < b.object;
    return a.sequence < b.sequence;
}

// What one thread posted for one system since the last collect.
struct ThreadQueue {
    struct Run {
        std::uint32_t data_tick = 0, first_object = 0;
        std::uint32_t begin = 0, end = 0;  // in `changes`
        SystemId system = SystemId::Ai;
    };
    std::vector<Change> changes;   // per-thread queues only
    std::vector<Run> runs;
    std::uint32_t posted = 0;      // changes posted, either kind of queue
    std::uint32_t contended = 0;   // locked queue: posts that found the lock taken
    std::int64_t lock_wait_ns = 0; // locked queue: time spent waiting for it
};

// What a collect gathered besides the changes.
struct CollectCounts {
    std::array<std::uint32_t, kQueueThreads> posted_by_thread{};
    std::uint32_t posted = 0, locked_posts = 0, contended = 0;
    std::int64_t lock_wait_ns = 0;
};

class ChangeQueues {
public:
    ChangeQueues();

    // Empties everything (no run may be in flight).
    void clear();

    // Appends the changes of every system in `systems` (bit k: kSystems[k])
    // to `merged`, which must be empty, in the merge order; empties their queues.
    void collect(unsigned systems, std::vector<Change>& merged, CollectCounts& counts);

private:
    friend class ChangeWriter;
    struct Locked {
        std::mutex mutex;
        std::vector<Change> changes;  // every system's, in the order posted
    };
    std::array<std::array<ThreadQueue, kQueueThreads>, kSystemCount> threads_;
    Locked locked_;
    // collect()'s scratch, kept to avoid allocating every tick.
    struct RunRef {
        const ThreadQueue* queue;
        ThreadQueue::Run run;
    };
    std::vector<RunRef> runs_;
    std::vector<Change> from_locked_, combined_;
};

// One sub-task's changes: a run of one system from one data tick, on the
// calling thread. Post changes in agent order.
class ChangeWriter {
public:
    ChangeWriter(ChangeQueues& queues, SystemId system, QueueKind kind, std::uint32_t data_tick, bool carried,
                 std::uint32_t first_object);
    ~ChangeWriter();
    ChangeWriter(const ChangeWriter&) = delete;
    ChangeWriter& operator=(const ChangeWriter&) = delete;

    void post(std::uint32_t object, AgentField field, AgentValue value);
    std::uint32_t posted() const { return posted_; }

private:
    ChangeQueues& queues_;
    ThreadQueue& mine_;
    const SystemId system_;
    const QueueKind kind_;
    const std::uint32_t data_tick_;
    const bool carried_;
    const std::uint8_t thread_;
    std::uint32_t first_object_, begin_;
    std::uint32_t last_object_ = 0;
    std::uint16_t sequence_ = 0;
    std::uint32_t posted_ = 0;
};

}  // namespace tsl
