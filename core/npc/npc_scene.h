// npc_scene.h — the timeslicing article's demo: NPCs turning to face a target
// that circles among them.
//
// What to notice: two layers. The decision layer (one job per NPC, run by the
// timeslicer) computes where an NPC *wants* to face from a snapshot of the
// target's position; the animation layer runs every frame for every NPC and
// turns it toward its newest decision at a capped angular speed. The animation
// hides most of the decision layer's latency — until the mode or the rate
// makes the decisions too stale, which the metrics (input age, tracking
// error) show in numbers. With the danger map on (danger_map.h), the
// decisions read the target from a second timesliced system, by key, and what
// an NPC acts on is as old as the map's cells plus its own decision.
//
// Deterministic: a fixed step, a target driven by the step count, and jobs that
// are pure functions of their input; the same config gives the same states.
//
// Threading: main thread only; decision jobs may run elsewhere (timeslicer.h).
// From kNpcSplitFromNpcs NPCs on, step() splits its per-NPC pass (animation
// and each NPC's facing error) over the job system's workers and waits for it
// before it returns; the metrics' sums stay on the main thread, in NPC order,
// so every state and metric is bit for bit that of the single-threaded step.
#pragma once

#include "core/base/angles.h"
#include "core/base/running_stat.h"
#include "core/jobs/scene_services.h"
#include "core/npc/danger_map.h"
#include "core/timeslicing/timeslicer.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <shared_mutex>
#include <span>
#include <vector>

namespace tsl {

// Where the NPCs stand and how the target moves.
enum class NpcLook : std::uint8_t {
    Lab,      // NPC i at angle 360° i/n from east, the target from east, anticlockwise
    Article,  // the article's demo: NPC i at (i + ½) 360°/n clockwise from east (screen), the target
              // from 12 o'clock, clockwise, on a circle 0.2/0.45 of the ring, one step ahead
};
extern const EnumName kLookNames[2];  // "lab", "article"

// The world every pane of a comparison shares (one clock, one target path):
// what the NPCs are and how the target moves, not how their decisions are timed.
struct NpcWorldConfig {
    std::uint32_t npc_count = 10;        // 10 — the article's demo; 1 .. kMaxNpcs
    double target_period_s = 3.0;        // 3 s — one lap of the target's circle
    double max_turn_deg_per_s = 50.0;    // 50 deg/s — the animation layer's turn cap
    std::uint32_t steps_per_s = 30;      // 30 — fixed simulation steps per second (as the article's animations)
    double job_cost_us = 0.0;            // 0 — extra work per decision, microseconds of busy loop
    NpcLook look = NpcLook::Lab;         // lab — or the article's demo, as its animations show it

    bool operator==(const NpcWorldConfig&) const = default;
};

// One scene: the world and the timing of its decisions.
struct NpcSceneConfig : NpcWorldConfig {
    TimeslicerConfig timeslicing;        // mode, J, P, gathering, threading
    bool article_lock = false;           // false — the timeslicing article's threaded version (NpcScene::step): a read/write
                                         // lock, the write lock held through the update, decisions read on a worker meanwhile
    DangerMapConfig map;                 // off — the decisions read the target where it is; on: where a timesliced map says
                                         // it is (danger_map.h), the map with its own mode, J and P

    bool operator==(const NpcSceneConfig&) const = default;
};

// T, the batch period: the simulated time one batch takes, every NPC decided
// once — ceil(N / J) updates of P steps (one step for Update All). The timing
// model of docs/semantics.md measures input ages in it (T/2, T, 1.5T).
std::int64_t batch_period_steps(const NpcSceneConfig& config);
double batch_period_s(const NpcSceneConfig& config);

// The mean input age, in steps, that the timeslicer's schedule gives once it
// has settled (docs/semantics.md, section 6): each key's decision is replaced
// every T steps, so its age runs from its save delay d (save frame minus input
// frame) to d + T - 1; the mean is the keys' mean d plus (T - 1) / 2. Exact for
// every mode, J, P, gathering and save timing — the continuous model's T/2, T,
// T and 1.5T less the whole steps decisions land on.
double model_input_age_steps(const NpcSceneConfig& config);

inline constexpr std::uint32_t kMaxNpcs = 100'000;
// From this many NPCs on, a step splits its per-NPC pass over the job
// system's workers. Measured, not guessed: `timeslice-lab bench --only frame`
// steps scenes of 500 to 100,000 NPCs with the pass split and not, and prints
// the count from which the split step is faster at every larger count ("the
// split pays from ... NPCs on"). On the 2-core development machine, idle,
// two runs found it from 500 and from 1,000 NPCs on (split / one thread 0.60
// and 0.72 at 5,000, 0.67 and 0.62 at 100,000); with other builds running,
// four runs of five found no count at which it paid (the worker rarely got a
// core). 5,000 gained in every idle run; below it the whole pass takes under
// 0.09 ms, so splitting saves at most a few hundredths of a millisecond.
inline constexpr std::uint32_t kNpcSplitFromNpcs = 5'000;
// Indices per piece of the split pass: a few microseconds of work each.
inline constexpr std::uint32_t kNpcSplitGrain = 256;
// Up to this many NPCs stand on a ring, as in the article; more fill a field.
inline constexpr std::uint32_t kMaxRingNpcs = 64;
// World layout: the ring has radius 1, the target circles at this radius.
inline constexpr double kRingRadius = 1.0;
inline constexpr double kTargetOrbitRadius = 0.45;
// The article's demo: the ring at 0.45 of a pane's width, the target at 0.2.
inline constexpr double kArticleTargetOrbitRadius = kRingRadius * 0.2 / 0.45;
// A view of the scene shows the square [-h, h]^2 with this h: the ring plus
// room for the arrows.
inline constexpr double kNpcViewHalfExtent = 1.22;

// A decision job's input: read from the world when the mode says.
struct NpcJobInput {
    Vec2 npc_position;
    Vec2 target_position;
    std::int64_t frame = 0;   // scene frame the input was read on
    double job_cost_us = 0;
    std::int64_t source_frame = 0;  // the frame target_position was true on: `frame`, or the map's (oldest hot cell)
};

// A decision job's output: what the NPC should face, and what it was based on.
struct NpcDecision {
    double desired_deg = 0;
    Vec2 target_seen;               // the target position the decision was computed from
    std::int64_t input_frame = 0;   // when that position was read
    std::int64_t source_frame = 0;  // the frame that position was true on: input_frame, or older through the danger map
};

struct Npc {
    Vec2 position;
    double facing_deg = 0;   // animation layer: current orientation
    NpcDecision decision;    // newest decision in use (the red arrow and debug line)
};

// The numbers the plots and `metrics` show, for one frame.
struct NpcFrameMetrics {
    std::int64_t frame = 0;
    double mean_input_age_ms = 0;  // age of the input behind the decision each NPC uses
    double max_input_age_ms = 0;
    double mean_error_deg = 0;     // angle between each NPC's facing and the true direction to the target
    double max_error_deg = 0;
    double main_update_ms = 0;     // main-thread time inside the timeslicer's update
    double worker_busy_ms = 0;     // time worker threads spent running this frame's jobs
    double step_ms = 0;            // main-thread time of the whole step: update, lookups, animation, metrics
    std::uint32_t jobs_started = 0;
    double mean_end_to_end_age_ms = 0;  // age of what each NPC acts on: its decision's source frame, through the map if on
    // Set by NpcScene::step (measure_npcs leaves them at zero):
    std::uint32_t decision_moments = 0; // distinct frames behind the NPCs' decisions (on a ring of up to kMaxRingNpcs; 0 in a field)
    std::uint32_t map_hot_cells = 0;    // the danger map's hot cells, as the NPCs read them this step (map off: 0)
    std::uint32_t map_moments = 0;      // distinct frames the map's cells were computed from (map off: 0)
};

// The latency half of the metrics, by definition: at frame `frame`, an NPC's
// input age is (frame - the frame its decision's input was read) x the step
// in ms; its error is the unsigned angle between its facing and the direction
// from it to `target`. Means are over all NPCs, maxima the largest. The cost
// fields are left at zero.
NpcFrameMetrics measure_npcs(std::span<const Npc> npcs, Vec2 target, std::int64_t frame, double step_s);

// Frame metrics accumulated over a run: what the comparison view's summary
// table shows for each pane (means over the frames added, maxima of maxima).
struct NpcMetricsSummary {
    std::int64_t frames = 0;
    double input_age_sum_ms = 0, input_age_max_ms = 0;
    double error_sum_deg = 0, error_max_deg = 0;
    RunningStat main_update_ms, worker_busy_ms;
    double jobs_started_sum = 0;
    double end_to_end_sum_ms = 0, decision_moments_sum = 0;
    std::int64_t map_frames = 0, map_split_frames = 0;  // frames with the map on, and of those, with other than one hot cell
    double map_moments_sum = 0;

    void add(const NpcFrameMetrics& m);
    double mean_input_age_ms() const { return frames ? input_age_sum_ms / frames : 0; }
    double mean_error_deg() const { return frames ? error_sum_deg / frames : 0; }
    double mean_main_update_ms() const { return main_update_ms.mean(); }
    double mean_worker_busy_ms() const { return worker_busy_ms.mean(); }
    double mean_jobs_started() const { return frames ? jobs_started_sum / static_cast<double>(frames) : 0; }
    double mean_end_to_end_age_ms() const { return frames ? end_to_end_sum_ms / static_cast<double>(frames) : 0; }
    double mean_decision_moments() const { return frames ? decision_moments_sum / static_cast<double>(frames) : 0; }
    double mean_map_moments() const { return map_frames ? map_moments_sum / static_cast<double>(map_frames) : 0; }
    double map_split_percent() const { return map_frames ? 100.0 * static_cast<double>(map_split_frames) / static_cast<double>(map_frames) : 0; }
};

// The article's read/write lock, counted (NpcSceneConfig::article_lock).
struct ArticleLockStats {
    std::uint64_t reads = 0;         // decisions looked up under the read lock, since the last reset
    std::uint64_t reads_waited = 0;  // ... that found the write lock held and waited for it
    double wait_ms = 0;              // the readers' time waiting, summed
};

// The decision job: face the target position in the input.
void run_npc_decision(const NpcJobInput& input, NpcDecision& decision);

class NpcScene {
public:
    // NPC ids number the NPCs 0 .. N-1, and animate() looks them up in that
    // order: a dense index reads its array in order (key_index.h).
    using Slicer = Timeslicer<std::uint32_t, NpcJobInput, NpcDecision, DenseKeyIndex<std::uint32_t>>;

    explicit NpcScene(const NpcSceneConfig& config = {}, const SceneServices& services = {});
    NpcScene(const NpcScene&) = delete;
    NpcScene& operator=(const NpcScene&) = delete;

    // One fixed step: timeslicer update (decisions), lookups of the newest
    // decisions, animation of every NPC, metrics.
    void step();

    // Live change. A new NPC count relays the NPCs out and restarts the batch
    // (new NPCs start facing the target); a new step rate or look resets the scene;
    // everything else applies from the next step.
    void set_config(const NpcSceneConfig& config);
    const NpcSceneConfig& config() const noexcept { return config_; }

    // Back to frame 0 with the current config; forgets every decision.
    void reset();

    // Frames stepped since the last reset; the state shown is that of frame
    // frames_stepped() - 1 (or the initial state when 0).
    std::int64_t frames_stepped() const noexcept { return frame_; }
    double step_s() const noexcept { return 1.0 / config_.steps_per_s; }
    Vec2 target_position() const noexcept { return target_; }
    std::span<const Npc> npcs() const noexcept { return npcs_; }
    const NpcFrameMetrics& metrics() const noexcept { return metrics_; }
    const Slicer& timeslicer() const noexcept { return slicer_; }
    // The danger map (config().map): made afresh when the scene resets or the map is turned on, updated while on.
    const DangerMap& danger_map() const noexcept { return map_; }
    const MapReading& map_reading() const noexcept { return map_reading_; }
    // Where the target's circle is, for the look: the map's cells sit on it.
    double target_orbit_radius() const noexcept;
    void set_trace(TraceLog* trace) { slicer_.set_trace(trace); }

    // Everything the next steps depend on, as a value: stepping back in time
    // replays from one (core/session/rewind.h). Decision jobs in flight are
    // not waited for: Timeslicer::Snapshot keeps their inputs. The config is
    // not part of it (restore into a scene with the config it was taken with).
    struct State {
        Slicer::Snapshot slicer;
        std::vector<Npc> npcs;
        DangerMap::State map;
        MapReading map_reading;
        std::int64_t frame = 0;
        double target_phase_turns = 0;
        Vec2 target;
        NpcFrameMetrics metrics;
        ArticleLockStats lock_stats;
        std::size_t bytes() const {  // about what it holds in memory
            return sizeof(State) + npcs.capacity() * sizeof(Npc) + slicer.jobs.capacity() * sizeof(Slicer::JobSlot) +
                   slicer.batch_keys.capacity() * sizeof(std::uint32_t) + slicer.history.capacity() * (sizeof(NpcDecision) + 16) +
                   map.slicer.jobs.capacity() * sizeof(DangerMap::Slicer::JobSlot);
        }
    };
    // Main thread, between steps.
    State state() const;
    void restore(const State& state);
    // From how many NPCs step() splits its per-NPC pass over the job system
    // (kNpcSplitFromNpcs by default; 0: always, UINT32_MAX: never). Without
    // a job system, or with no workers in it, the pass never splits. The
    // outputs are the same either way; tests and `bench` compare the two.
    void set_split_from_npcs(std::uint32_t npcs) noexcept { split_from_npcs_ = npcs; }

    // The article's version runs here: article_lock is set, the threading is
    // not the pool (whose waits could run a reader under the write lock), and
    // a worker is there to read while the main thread updates.
    bool article_lock_in_use() const;
    // Main thread, between steps.
    const ArticleLockStats& article_lock_stats() const noexcept { return lock_stats_; }
    // Any thread: readers waiting for the read lock now.
    int article_readers_waiting() const noexcept { return readers_waiting_.load(std::memory_order_acquire); }
    // Tests: called with the NPC at the start of every decision job, on the
    // thread that runs it. Set it only between steps.
    using JobHook = void (*)(void* user, std::uint32_t npc);
    void set_job_hook(JobHook hook, void* user) { job_hook_ = hook; job_hook_user_ = user; }
    // Tests: called at the start of the article's reader job, before its first
    // lookup, on the worker that runs it (npc is 0). Set it only between steps.
    void set_reader_hook(JobHook hook, void* user) { reader_hook_ = hook; reader_hook_user_ = user; }
    std::uint32_t split_from_npcs() const noexcept { return split_from_npcs_; }

    // Where NPC i of n stands: a ring up to kMaxRingNpcs, a square field beyond.
    static Vec2 layout_position(std::uint32_t i, std::uint32_t n, NpcLook look = NpcLook::Lab);
    // Where the target is at `phase_turns` of its lap.
    static Vec2 target_at_phase(double phase_turns, NpcLook look);

private:
    void use_threading(Threading threading);
    // The job system the scene's work goes to: the one given, or the scene's own (made for the pool), or none.
    JobSystem* job_system() const noexcept { return services_.jobs ? services_.jobs : own_jobs_.get(); }
    void lay_out(std::uint32_t first_new);
    double start_phase() const;
    void animate(std::uint32_t begin, std::uint32_t end, double max_turn_deg);
    void read_under_lock(double max_turn_deg);  // the article's version: animate() with a read lock per lookup, on a worker
    void measure(double main_update_ms);
    void read_input(std::uint32_t npc, NpcJobInput& input) const;
    std::uint32_t count_decision_moments();
    void finish_step(double main_update_ms, std::int64_t t0_ns);  // metrics, the next frame; t0_ns: Profiler::now_ns() at the step's start

    NpcSceneConfig config_;
    SceneServices services_;
    std::unique_ptr<JobSystem> own_jobs_;  // made on first use of the pool when none was given
    Slicer slicer_;
    std::vector<Npc> npcs_;
    DangerMap map_;
    MapReading map_reading_;        // what the NPCs' decisions read of the map this step
    std::vector<std::uint8_t> moment_seen_;  // count_decision_moments()'s scratch
    std::int64_t frame_ = 0;
    double target_phase_turns_ = 0;  // integrated, so a new period never makes the target jump
    Vec2 target_;
    NpcFrameMetrics metrics_;
    std::vector<double> error_deg_;  // per NPC: this step's facing error, written by animate(), summed by measure()
    std::uint32_t split_from_npcs_ = kNpcSplitFromNpcs;
    std::shared_mutex lock_;        // the article's read/write lock
    ArticleLockStats lock_stats_;   // written by the reader while it runs, read by the main thread after it
    std::atomic<int> readers_waiting_{0};
    JobHook job_hook_ = nullptr;
    void* job_hook_user_ = nullptr;
    JobHook reader_hook_ = nullptr;
    void* reader_hook_user_ = nullptr;
};

}  // namespace tsl
