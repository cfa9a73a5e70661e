#include "core/jobs/profiler.h"

#include "core/jobs/job_system.h"

#include <algorithm>
#include <bit>
#include <thread>

namespace tsl {

const char* name_of(ZoneKind kind) {
    switch (kind) {
        case ZoneKind::Step: return "step";
        case ZoneKind::Update: return "timeslicer update";
        case ZoneKind::Wait: return "waiting for jobs";
        case ZoneKind::Job: return "decision job";
        case ZoneKind::Animation: return "animation";
        case ZoneKind::Metrics: return "metrics";
        case ZoneKind::Draw: return "draw submission";
        case ZoneKind::Spawn: return "creating threads";
        case ZoneKind::OtherWork: return "other main-thread work";
        case ZoneKind::AiTask: return "AI system";
        case ZoneKind::PhysicsTask: return "physics system";
        case ZoneKind::AnimationTask: return "animation system";
        case ZoneKind::Distribute: return "distributing changes";
    }
    return "?";
}

// One zone. `sequence` is odd while the cell is being written and 2 * (n + 1)
// once zone number n is in it; readers keep a copy only if it read the same
// even number before and after.
struct Profiler::Cell {
    std::atomic<std::uint64_t> sequence{0};
    std::atomic<std::int64_t> start_ns{0}, end_ns{0};
    std::atomic<std::uint32_t> detail{0};
    std::atomic<std::uint16_t> kind_pane{0};  // the kind in the low byte, the pane in the high one: one store
    std::atomic<const char*> label{""};
};

struct Profiler::Lane {
    std::string name;
    std::atomic<std::uint64_t> claimed{0};  // zones ever written
    std::unique_ptr<Cell[]> cells;
    std::uint64_t mask = 0;
};

namespace {

std::atomic<std::uint64_t> g_next_profiler_id{1};

// The calling thread's lane, cached per profiler.
struct ThreadLane {
    std::uint64_t profiler = 0;
    void* lane = nullptr;
};
thread_local ThreadLane t_lane;

}  // namespace

Profiler::Profiler(std::uint32_t zones_per_lane)
    : capacity_(std::bit_ceil(std::max<std::uint32_t>(zones_per_lane, 16))),
      id_(g_next_profiler_id.fetch_add(1, std::memory_order_relaxed)) {}

Profiler::~Profiler() = default;

Profiler::Lane* Profiler::add_lane(const std::string& name) {
    // Caller holds registration_.
    const int count = lane_count_.load(std::memory_order_relaxed);
    for (int i = 0; i < count; ++i)
        if (lanes_[i]->name == name) return lanes_[i].get();
    if (count == kMaxLanes) return lanes_[kMaxLanes - 1].get();  // out of lanes: share the last
    auto lane = std::make_unique<Lane>();
    lane->name = name;
    lane->cells = std::make_unique<Cell[]>(capacity_);
    lane->mask = capacity_ - 1;
    lanes_[count] = std::move(lane);
    lane_count_.store(count + 1, std::memory_order_release);
    return lanes_[count].get();
}

void Profiler::name_this_thread(const std::string& name) {
    std::lock_guard<std::mutex> lock(registration_);
    t_lane = {id_, add_lane(name)};
}

void Profiler::use_shared_lane(const std::string& name) { name_this_thread(name); }

Profiler::Lane* Profiler::lane_for_this_thread() {
    if (t_lane.profiler == id_) return static_cast<Lane*>(t_lane.lane);
    std::lock_guard<std::mutex> lock(registration_);
    // Pool workers are named by their index, so a new set of workers (after a
    // change of worker count) continues the same lanes; and by their job
    // system when it is not the first one seen, so the workers of two systems
    // never write into one lane ("worker 1", "worker 1 (pool 2)").
    const int worker = JobSystem::current_worker_index();
    std::string name;
    if (worker > 0) {
        const std::uint64_t system = JobSystem::current_worker_system();
        auto seen = std::find(job_systems_.begin(), job_systems_.end(), system);
        if (seen == job_systems_.end()) seen = job_systems_.insert(job_systems_.end(), system);
        const auto pool = seen - job_systems_.begin() + 1;
        name = "worker " + std::to_string(worker) + (pool > 1 ? " (pool " + std::to_string(pool) + ")" : "");
    } else {
        name = "thread " + std::to_string(lane_count_.load(std::memory_order_relaxed));
    }
    t_lane = {id_, add_lane(name)};
    return static_cast<Lane*>(t_lane.lane);
}

void Profiler::record(const Zone& zone) {
    if (!enabled()) return;
    Lane* lane = lane_for_this_thread();
    const std::uint64_t n = lane->claimed.fetch_add(1, std::memory_order_relaxed);
    Cell& cell = lane->cells[n & lane->mask];
    cell.sequence.store(2 * n + 1, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
    cell.start_ns.store(zone.start_ns, std::memory_order_relaxed);
    cell.end_ns.store(zone.end_ns, std::memory_order_relaxed);
    cell.detail.store(zone.detail, std::memory_order_relaxed);
    cell.kind_pane.store(static_cast<std::uint16_t>(static_cast<unsigned>(zone.kind) | static_cast<unsigned>(zone.pane) << 8),
                         std::memory_order_relaxed);
    cell.label.store(zone.label, std::memory_order_relaxed);
    cell.sequence.store(2 * n + 2, std::memory_order_release);
}

std::vector<LaneSnapshot> Profiler::snapshot(std::int64_t since_ns) const {
    std::vector<LaneSnapshot> out;
    const int count = lane_count_.load(std::memory_order_acquire);
    for (int i = 0; i < count; ++i) {
        const Lane& lane = *lanes_[i];
        LaneSnapshot snap{lane.name, {}};
        const std::uint64_t claimed = lane.claimed.load(std::memory_order_acquire);
        const std::uint64_t first = claimed > capacity_ ? claimed - capacity_ : 0;
        for (std::uint64_t n = first; n < claimed; ++n) {
            const Cell& cell = lane.cells[n & lane.mask];
            const std::uint64_t before = cell.sequence.load(std::memory_order_acquire);
            if (before != 2 * n + 2) continue;  // being written, or already overwritten
            const std::uint16_t kind_pane = cell.kind_pane.load(std::memory_order_relaxed);
            Zone z{cell.start_ns.load(std::memory_order_relaxed), cell.end_ns.load(std::memory_order_relaxed),
                   static_cast<ZoneKind>(kind_pane & 0xFF),        cell.detail.load(std::memory_order_relaxed),
                   cell.label.load(std::memory_order_relaxed),     static_cast<std::uint8_t>(kind_pane >> 8)};
            std::atomic_thread_fence(std::memory_order_acquire);
            if (cell.sequence.load(std::memory_order_relaxed) != before) continue;  // torn: skip it
            if (z.end_ns >= since_ns) snap.zones.push_back(z);
        }
        out.push_back(std::move(snap));
    }
    return out;
}

}  // namespace tsl
