// profiler.h — what every thread did, when: zones (thread, start, end, kind,
// label, pane) for the timeline panel and for measuring the main thread's waiting.
//
// Panes: the scenes of a comparison share one profiler (and one job system),
// so each zone carries the pane it worked for (SceneServices::pane: 0 for A,
// 1 for B, ...; kNoPane for work of no pane), and the timeline can tell the
// panes apart inside one thread's lane.
//
// Recording never takes a lock: each thread writes into its own lane, a ring
// of zones; a cell is claimed with one atomic add and published seqlock-style
// (a sequence number around relaxed atomic fields), so the main thread can
// read the rings while workers write, race-free. A ring keeps the newest
// `zones_per_lane` zones; older ones are overwritten. Threads created per job
// (the article's thread-per-job threading) share one lane.
//
// Cost: two clock reads and about ten relaxed stores per zone (`bench` prints
// the measured figure); with no profiler attached (nullptr) a ZoneScope costs
// one branch.
//
// Threading contract: record, ZoneScope, name_this_thread, use_shared_lane:
// any thread. snapshot: any thread (normally the main thread, for drawing).
#pragma once

#include "core/base/steady_ns.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace tsl {

enum class ZoneKind : std::uint8_t {
    Step,       // one fixed simulation step on the main thread
    Update,     // the timeslicer's update (main thread)
    Wait,       // the main thread waiting for jobs in a gather
    Job,        // one decision job (any thread)
    Animation,  // the animation layer (main thread)
    Metrics,    // measuring input age and error (main thread)
    Draw,       // building and submitting draw calls (main thread)
    Spawn,      // creating threads for thread-per-job
    // The parallel engine (core/engine): each system's tasks and sub-tasks on
    // any thread, and the main thread merging and distributing their changes.
    AiTask,
    PhysicsTask,
    AnimationTask,
    Distribute,
    OtherWork,  // the rest of the main thread's step, as busy work (the exposure scene)
};
const char* name_of(ZoneKind kind);

inline constexpr std::uint8_t kNoPane = 0xFF;  // Zone::pane of work done for no pane

struct Zone {
    std::int64_t start_ns = 0, end_ns = 0;  // Profiler::now_ns() clock
    ZoneKind kind = ZoneKind::Step;
    std::uint32_t detail = 0;               // a key for jobs, the frame for steps
    const char* label = "";                 // static text
    std::uint8_t pane = kNoPane;            // the pane (scene) it worked for: 0 for A, 1 for B, ...
};

struct LaneSnapshot {
    std::string name;         // "main", "worker 1", "threads (one per job)"
    std::vector<Zone> zones;  // oldest first
};

class Profiler {
public:
    static constexpr int kMaxLanes = 32;

    explicit Profiler(std::uint32_t zones_per_lane = 1u << 14);
    ~Profiler();
    Profiler(const Profiler&) = delete;
    Profiler& operator=(const Profiler&) = delete;

    // The zones' clock: core/base/steady_ns.h.
    static std::int64_t now_ns() noexcept { return steady_ns(); }

    // Gives the calling thread its own lane with this name (the main thread:
    // "main"). Threads that never call this get one on their first zone:
    // "worker K" for the job system's workers ("worker K (pool N)" for the
    // N-th job system whose workers record here), "thread N" for others.
    void name_this_thread(const std::string& name);
    // The calling thread records into the lane shared by every thread that
    // calls this with the same name (short-lived threads).
    void use_shared_lane(const std::string& name);

    void record(const Zone& zone);

    // Zones that ended at or after `since_ns`, per lane in registration order.
    std::vector<LaneSnapshot> snapshot(std::int64_t since_ns) const;

    // Recording can be switched off (ZoneScope then does nothing).
    void set_enabled(bool on) { enabled_.store(on, std::memory_order_relaxed); }
    bool enabled() const { return enabled_.load(std::memory_order_relaxed); }

private:
    struct Cell;
    struct Lane;
    Lane* lane_for_this_thread();
    Lane* add_lane(const std::string& name);

    std::uint32_t capacity_;
    std::unique_ptr<Lane> lanes_[kMaxLanes];
    std::atomic<int> lane_count_{0};
    mutable std::mutex registration_;  // taken only when a thread gets its lane
    std::vector<std::uint64_t> job_systems_;  // JobSystem::id() of workers' systems, in order seen (under registration_)
    std::atomic<bool> enabled_{true};
    const std::uint64_t id_;           // tells this profiler's lanes from another's in thread caches
};

// Records [construction, destruction) as one zone; nothing with a null profiler.
class ZoneScope {
public:
    ZoneScope(Profiler* profiler, ZoneKind kind, const char* label, std::uint32_t detail = 0, std::uint8_t pane = kNoPane)
        : profiler_(profiler && profiler->enabled() ? profiler : nullptr) {
        if (profiler_) zone_ = {Profiler::now_ns(), 0, kind, detail, label, pane};
    }
    ~ZoneScope() {
        if (!profiler_) return;
        zone_.end_ns = Profiler::now_ns();
        profiler_->record(zone_);
    }
    ZoneScope(const ZoneScope&) = delete;
    ZoneScope& operator=(const ZoneScope&) = delete;

private:
    Profiler* profiler_;
    Zone zone_;
};

}  // namespace tsl
