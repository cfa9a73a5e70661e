// exposure_scene.h — "Delayed result gathering" as a scene: a sentinel
// patrols a grid, an exposure map says which cells its eye can see, and a shy
// character, standing still until the map shows its cell exposed, then flees
// to the nearest hidden cell.
//
// What to notice: the same exposure work runs four ways.
//   single       every cell on the main thread, every step;
//   same frame   spread over the job system, the main thread waits for it;
//   next frame   spread over the job system into a back buffer, gathered at
//                the start of the next step and swapped in: while the workers
//                finish within a step the main thread only gathers and
//                launches; otherwise the gather waits and helps (one step
//                older map);
//   timesliced   a share of the cells per step (eye read when a pass starts),
//                each slice gathered the next step; the map shown is the last
//                complete pass.
// Around it, the rest of the main thread's step: `other_work_ms` of real busy
// work after the exposure update. Same frame with `gather_late` kicks the
// jobs before that work and gathers them after it (kick early, gather late),
// so the work hides the jobs as long as they finish first.
// The last three are one pattern, the timeslicer's (core/timeslicing): a pass
// over the map's units (cells, or the sweep's octants) is a batch whose input,
// the eye, is read when it begins and whose output, the whole map, is saved
// (swapped in) when its last unit is gathered. Same frame and next frame start
// the whole pass in one step; timesliced starts a slice per step. Where the
// pass stands is a BatchCursor (core/timeslicing/batch_cursor.h), the
// bookkeeping the Timeslicer keeps its batches with.
// The three figures of the article are measured live: main-thread time, the
// average time of the threads that worked, and the total over all threads.
// And the algorithm can change under it: per-cell rays (the article's) or
// the visibility sweep — check the algorithm before you thread it.
//
// Threading: main thread only; exposure and path jobs run on the job system.
#pragma once

#include "core/base/angles.h"
#include "core/base/result.h"
#include "core/base/running_stat.h"
#include "core/base/words.h"
#include "core/exposure/exposure.h"
#include "core/jobs/scene_services.h"
#include "core/exposure/level.h"
#include "core/exposure/path_service.h"
#include "core/jobs/profiler.h"
#include "core/timeslicing/batch_cursor.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tsl {

enum class ExposureMode : std::uint8_t { Single, SameFrame, NextFrame, Timesliced };
inline constexpr ExposureMode kAllExposureModes[] = {ExposureMode::Single, ExposureMode::SameFrame, ExposureMode::NextFrame,
                                                     ExposureMode::Timesliced};
// "single", "same-frame", "next-frame", "timesliced"; labels and help for the panel.
extern const EnumName kExposureModeNames[4];
std::string_view name_of(ExposureMode mode);
std::string_view label_of(ExposureMode mode);  // "Single-threaded", ...
std::optional<ExposureMode> parse_exposure_mode(std::string_view text);

inline constexpr double kMaxJobCostMs = 100;  // the job cost's most per map, whatever the grid

// What every pane of the exposure scene shares: the level, the patrol, the
// shy character, and the rest of the main thread's step.
struct ExposureWorldConfig {
    std::string level = "courtyard";    // a level in <assets>/levels, "random", or a path to a .txt level
    std::uint32_t seed = 1;             // 1 — for "random"
    int grid_size = 100;                // 100 — W: 10,000 cells, the article's figure (10 .. 1000)
    ExposureAlgorithm algorithm = ExposureAlgorithm::Rays;
    RayCaster ray_caster = RayCaster::Lanes;  // lanes — how per-cell rays are cast; the map is the same (exposure.h)
    double sentinel_speed = 0.08;       // 0.08 — grid widths per second
    double character_speed = 0.15;      // 0.15 — grid widths per second
    std::uint32_t steps_per_s = 30;     // 30 — fixed steps per second
    int path_answer_steps = 2;          // 2 — steps before a path ticket is answered
    bool shy_character = true;          // true — the character acts (off: the exposure update alone, for bench)
    double other_work_ms = 0;           // 0 — the rest of the main thread's step, real busy work (0 .. 50)
    double job_cost_us = 0;             // 0 — real busy work added to the exposure work per 1000 cells (0 .. 10,000),
                                        //     at most kMaxJobCostMs a map
    std::string assets_dir;             // where levels/ is; set by the caller

    bool operator==(const ExposureWorldConfig&) const = default;
};

// What each pane has of its own: how its map is computed and gathered.
struct ExposurePaneConfig {
    ExposureMode mode = ExposureMode::Single;
    double slice_percent = 25;          // 25 — timesliced: share of the work per step (cells for rays, octants for the sweep)
    bool gather_late = false;           // false — same frame: kick before the other work, gather after it

    bool operator==(const ExposurePaneConfig&) const = default;
};

// One scene: the world and one pane.
struct ExposureSceneConfig : ExposureWorldConfig, ExposurePaneConfig {
    ExposureSceneConfig() = default;
    ExposureSceneConfig(const ExposureWorldConfig& world, const ExposurePaneConfig& pane) : ExposureWorldConfig(world), ExposurePaneConfig(pane) {}
    const ExposureWorldConfig& world() const { return *this; }
    const ExposurePaneConfig& pane() const { return *this; }
    bool operator==(const ExposureSceneConfig&) const = default;
};

inline constexpr int kMaxExposurePanes = 3;

// The scene in the window: one world, 1 .. kMaxExposurePanes panes side by
// side on one clock, one patrol and one character's start, each with its own
// map and its own character.
struct ExposureComparisonConfig {
    ExposureWorldConfig world;
    std::vector<ExposurePaneConfig> panes{ExposurePaneConfig{}};  // left to right

    ExposureSceneConfig pane_scene(std::size_t index) const { return {world, panes.at(index)}; }
    bool operator==(const ExposureComparisonConfig&) const = default;
};

// The mode's label, and how the jobs are gathered when that is not the
// mode's plain way: "Threads, kicked early, gathered late" (same frame).
std::string title_of(const ExposureSceneConfig& config, const Words& tr = {});

// The article's three figures, for the last step.
struct ExposureMetrics {
    std::int64_t frame = 0;
    double main_ms = 0;        // main thread inside the exposure update (including any waiting)
    double busy_ms = 0;        // average over the threads that did exposure work
    double total_ms = 0;       // exposure work summed over all threads
    int busy_threads = 0;
    std::size_t cells = 0;     // cells whose exposure was computed (gathered) this step
    bool map_changed = false;  // the map shown changed this step
    std::int64_t map_age_steps = 0;  // steps since the eye the map shown was computed from (0: this step's)
    double wait_ms = 0;        // main thread inside the gather while jobs were unfinished (waiting and helping)
    bool waited = false;       // the gather found jobs unfinished
    double other_ms = 0;       // main thread in the other work
    double frame_ms = 0;       // the step's budget: one fixed step
    bool character_seen = false;  // the shy character ended the step in the eye's sight (as the eye is then, not the map)
};

// The three figures averaged over the steps since the last reset or change of
// settings (what a lesson's reveal shows).
struct ExposureMetricsSummary {
    std::int64_t frames = 0;
    RunningStat main_ms, busy_ms, total_ms, wait_ms;
    double cells_sum = 0, map_age_sum = 0;
    std::int64_t map_age_max = 0;
    std::int64_t waited_steps = 0;
    double frame_ms = 0;
    std::int64_t seen_steps = 0;

    void add(const ExposureMetrics& m) {
        ++frames;
        main_ms.add(m.main_ms);
        busy_ms.add(m.busy_ms);
        total_ms.add(m.total_ms);
        cells_sum += static_cast<double>(m.cells);
        map_age_sum += static_cast<double>(m.map_age_steps);
        map_age_max = std::max(map_age_max, m.map_age_steps);
        wait_ms.add(m.wait_ms);
        waited_steps += m.waited;
        frame_ms = m.frame_ms;
        seen_steps += m.character_seen;
    }
    double mean_main_ms() const { return main_ms.mean(); }
    double mean_busy_ms() const { return busy_ms.mean(); }
    double mean_total_ms() const { return total_ms.mean(); }
    double mean_cells() const { return frames ? cells_sum / static_cast<double>(frames) : 0; }
    double mean_map_age() const { return frames ? map_age_sum / static_cast<double>(frames) : 0; }
    double mean_wait_ms() const { return wait_ms.mean(); }
    double waited_percent() const { return frames ? 100.0 * static_cast<double>(waited_steps) / static_cast<double>(frames) : 0; }
    // What an old map costs in play: seconds the character is seen per minute.
    double seen_s_per_minute() const { return frames ? 60.0 * static_cast<double>(seen_steps) / static_cast<double>(frames) : 0; }
};

enum class CharacterPhase : std::uint8_t { Resting, AskingDistances, AskingPath, Walking };
std::string_view name_of(CharacterPhase phase);

struct Character {
    Vec2 position;                  // cell units
    Cell cell;                      // where it stands
    Cell destination;               // where it is going (or rests)
    std::vector<Cell> path;         // cells still to walk, next first
    CharacterPhase phase = CharacterPhase::Resting;
    Cell asked_from;                // where it stood when it asked for path lengths (the path starts there)
    Cell fleeing_to;                // the hidden cell chosen, while asking for the path
    std::uint64_t flights = 0;      // times it had to flee
    std::uint64_t steps = 0, steps_seen = 0;  // steps lived, and those it ended seen by the eye (as it is then)
};

class ExposureScene {
public:
    // The scene, or why not (a level file's error names file and line).
    static Result<std::unique_ptr<ExposureScene>> create(const ExposureSceneConfig& config, const SceneServices& services);
    ~ExposureScene();
    ExposureScene(const ExposureScene&) = delete;
    ExposureScene& operator=(const ExposureScene&) = delete;

    void step();
    void reset();
    // A new level or grid size reloads (and may fail: the scene keeps the old
    // one and returns the reason); everything else applies at once.
    Status set_config(const ExposureSceneConfig& config);
    const ExposureSceneConfig& config() const { return config_; }

    std::int64_t frames_stepped() const { return frame_; }
    double step_s() const { return 1.0 / config_.steps_per_s; }
    const Level& level() const { return level_; }
    const OccupancyGrid& grid() const { return *grid_; }
    // The map shown: 1 = exposed. Its version changes whenever it does.
    const std::vector<std::uint8_t>& exposure() const { return front_; }
    std::uint64_t exposure_version() const { return version_; }
    Cell eye() const { return eye_; }
    Vec2 sentinel_position() const { return sentinel_; }
    double sentinel_heading_deg() const { return heading_deg_; }
    const Character& character() const { return character_; }
    const PathService& paths() const { return *paths_; }
    const ExposureMetrics& metrics() const { return metrics_; }
    // Timesliced: share of the current pass done.
    double pass_progress() const;

    // The scene's whole state as a value, for stepping back in time
    // (core/session/rewind.h). The units of a pass still in flight are not
    // waited for: restore() runs them again on the calling thread (they are
    // pure: the same cells). The configuration, level, job system and
    // profiler are not part of it (restore into the scene it was taken from,
    // with the same settings).
    struct State {
        std::vector<std::uint8_t> front;
        std::vector<std::uint8_t> back_finished;  // rays: the pass's cells gathered so far (the sweep's octants run again)
        std::uint64_t version = 0;
        BatchCursor pass;
        Cell pass_eye;
        std::int64_t pass_frame = 0, front_frame = 0, frame = 0;
        double patrol_distance = 0;
        Vec2 sentinel;
        double heading_deg = 0;
        Cell eye;
        Character character;
        PathTicket ticket;
        ExposureMetrics metrics;
        PathService::State paths;
        std::size_t bytes() const {
            return sizeof(State) + front.capacity() + back_finished.capacity() + character.path.capacity() * sizeof(Cell) + paths.bytes();
        }
    };
    // Main thread, between steps.
    State state() const;
    void restore(const State& state);
    // Steps replayed to show an earlier moment skip the real busy work (the
    // other work, the job cost): it changes no state, only the time taken.
    void set_replaying(bool replaying) { replaying_ = replaying; }

private:
    ExposureScene(const ExposureSceneConfig& config, const SceneServices& services, Level level);
    void place_sentinel();
    void update_exposure();
    struct Gathered {
        std::size_t units = 0;  // units gathered this step
        bool changed = false;   // a whole pass was saved: the map shown changed
    };
    // The threaded modes: one update of the pass; `gather_now` false (kick
    // early, gather late) leaves the units just started to gather_started().
    Gathered gather_and_launch(bool gather_now);
    Gathered gather_started();  // the units in flight, waiting for them if they are unfinished
    void other_work();
    // units: cells or octants; clear_first: a sweep's map, cleared by a job first
    void launch(std::size_t first, std::size_t last, Cell eye, std::uint8_t* out, Wake wake, bool clear_first);
    struct UnitWork {
        ExposureAlgorithm algorithm;
        RayCaster caster;
        double cost_us_per_cell;  // the job cost, spun after the units
    };
    UnitWork unit_work() const;
    void record_work(std::int64_t t0, std::uint32_t first_unit, const char* what);  // into the three figures and the timeline
    std::size_t work_units() const;
    void run_units(std::size_t first, std::size_t last, Cell eye, std::uint8_t* out, UnitWork work);  // any thread
    void update_character();
    void settle_jobs();

    ExposureSceneConfig config_;
    SceneServices services_;
    std::unique_ptr<JobSystem> own_jobs_;
    JobSystem* jobs_ = nullptr;
    Level level_;
    std::shared_ptr<OccupancyGrid> grid_;
    std::unique_ptr<PathService> paths_;

    std::vector<std::uint8_t> front_, back_;
    std::uint64_t version_ = 0;
    JobHandle pending_;   // the units of pass_ in flight
    BatchCursor pass_;    // the threaded modes: the pass's units started, gathered, saved (back_ swapped in)
    Cell pass_eye_;       // the pass's input: the eye when the pass began
    std::int64_t pass_frame_ = 0;   // the frame the pass began (its eye was read)
    std::int64_t front_frame_ = 0;  // the frame whose eye the map shown was computed from

    std::int64_t frame_ = 0;
    double patrol_distance_ = 0;
    Vec2 sentinel_;
    double heading_deg_ = 0;
    Cell eye_;
    Character character_;
    PathTicket ticket_;
    ExposureMetrics metrics_;
    bool replaying_ = false;
    std::int64_t wait_ns_ = 0;  // this step's gathers, while jobs were unfinished
    bool waited_ = false;
    // Exposure work per thread (index: JobSystem worker index, 0 = any other
    // thread), nanoseconds since the last gather.
    std::array<std::atomic<std::int64_t>, JobSystem::kMaxWorkers + 1> work_ns_{};
};

}  // namespace tsl
