// engine_config.h — what the parallel-engine scene can be set to: the world
// every pane shares (agents, rally points, speeds, the path service's delay)
// and what one pane sets (lock-step or free-step, the conflict rule, the
// change queues, the decomposition, inline or the job system, each system's
// ticks, the size of a sub-task). docs/engine.md says what each one does.
#pragma once

#include "core/base/names.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tsl {

// When systems start and finish (docs/engine.md, section 2).
enum class StepMode : std::uint8_t {
    LockStep,  // every run starts and finishes within one tick; observers read the changed system's data at its end
    FreeStep,  // a run may span ticks; its changes carry their values, held for observers still running
};
// Which of two changes to one value in one merge survives (docs/engine.md, section 4).
enum class ConflictRule : std::uint8_t {
    Time,      // the change computed from the newer data; equal ticks: the higher priority
    Priority,  // the change of the higher-priority system; equal priority: the newer data
};
// Where sub-tasks post their changes (docs/engine.md, section 3).
enum class QueueKind : std::uint8_t {
    PerThread,  // one queue per thread and system, no lock; merged in order after the run
    Locked,     // one queue for everyone behind one mutex (the comparison); sorted after the run
};
// How the systems' work is split into tasks (docs/engine.md, section 5).
enum class Decomposition : std::uint8_t {
    Both,        // systems side by side, each split into sub-tasks over its agents
    Functional,  // systems side by side, each one task over all its agents
    Data,        // one system after another, each split into sub-tasks
};
// When a free-step run's changes are merged (docs/engine.md, section 2).
enum class FreeStepEnd : std::uint8_t {
    Ticks,     // its ticks after it starts; that tick waits for its work if it has not ended (a fixed length, as scheduled)
    WorkDone,  // once its ticks are up, at the first tick that finds its work ended: the tick never waits for it (a measured length)
};
// Where the tasks run.
enum class EngineThreading : std::uint8_t {
    Inline,  // the main thread runs every task itself, one after another
    Pool,    // the job system's workers (and the main thread while it waits)
};

extern const EnumName kStepModeNames[2];      // "lock-step", "free-step"
extern const EnumName kConflictRuleNames[2];  // "time", "priority"
extern const EnumName kQueueKindNames[2];     // "per-thread", "locked"
extern const EnumName kDecompositionNames[3]; // "both", "functional", "data"
extern const EnumName kEngineThreadingNames[2];  // "inline", "pool"
extern const EnumName kFreeStepEndNames[2];   // "ticks", "work-done"
std::string_view name_of(StepMode mode);
std::string_view name_of(ConflictRule rule);
std::string_view name_of(QueueKind kind);
std::string_view name_of(Decomposition decomposition);
std::string_view name_of(EngineThreading threading);
std::string_view name_of(FreeStepEnd end);
std::string_view label_of(StepMode mode);            // "Lock-step"
std::string_view label_of(Decomposition decomposition);  // "functional + data"

inline constexpr std::uint32_t kMaxAgents = 10'000;
inline constexpr int kMaxEnginePanes = 2;
inline constexpr int kMaxSystemTicks = 30;
inline constexpr int kMaxDestinations = 32;
inline constexpr double kMaxSystemCostMs = 200;

// Shared by every pane: the same agents, arena and choices of rally point.
struct EngineWorldConfig {
    std::uint32_t agents = 1000;     // 1000 — agents in the arena (1 .. 10,000); the arena grows with them
    int destinations = 8;            // 8 — rally points the agents walk between (1 .. 32): they share routes
    double agent_speed = 4.0;        // 4 — cells per second
    double turn_speed = 270.0;       // 270 — deg/s: the animation system turns an agent at most this fast
    int route_ticks = 2;             // 2 — ticks between asking the path service for a route and its answer
    std::uint32_t seed = 1;          // 1 — where agents start and which rally points they pick
    std::uint32_t ticks_per_s = 30;  // 30 — the scheduler's clock

    bool operator==(const EngineWorldConfig&) const = default;
};

// What one pane sets.
struct EnginePaneConfig {
    StepMode step_mode = StepMode::LockStep;
    ConflictRule conflicts = ConflictRule::Priority;
    QueueKind queues = QueueKind::PerThread;
    Decomposition decomposition = Decomposition::Both;
    EngineThreading threading = EngineThreading::Pool;
    int ai_ticks = 3;                     // 3 — lock-step: AI runs every N ticks; free-step: an AI run takes N ticks
    int physics_ticks = 1;                // 1 — the same for physics
    int animation_ticks = 1;              // 1 — the same for animation
    std::uint32_t subtask_agents = 256;   // 256 — agents per sub-task when a system's work is split (1 .. 10,000)
    FreeStepEnd free_step_end = FreeStepEnd::Ticks;  // ticks — when a free-step run's changes are merged
    bool ai_thread = false;               // false — with the job system: the AI's runs go to a thread of its own, whole, fed by the main thread
    double ai_cost_ms = 0;                // 0 — real work (spinning on the clock) added to each AI run (0 .. 200 ms)
    double physics_cost_ms = 0;           // 0 — the same for physics
    double animation_cost_ms = 0;         // 0 — the same for animation
    int cost_spread = 0;                  // 0 — % each run's cost varies by, drawn per system and tick (0 .. 100)
    bool share_routes = true;             // true — the path service shares identical requests and keeps answers
    std::string caption;                  // "" — the app builds one from the settings

    bool operator==(const EnginePaneConfig&) const = default;
};

// One pane's whole configuration.
struct EngineSceneConfig {
    EngineWorldConfig world;
    EnginePaneConfig pane;

    bool operator==(const EngineSceneConfig&) const = default;
};

// The scene in the window: one world, one or two panes side by side on one clock.
struct EngineComparisonConfig {
    EngineWorldConfig world;
    std::vector<EnginePaneConfig> panes{EnginePaneConfig{}};  // 1 .. kMaxEnginePanes, left to right

    EngineSceneConfig pane_scene(std::size_t index) const { return {world, panes.at(index)}; }
    bool operator==(const EngineComparisonConfig&) const = default;
};

// Clamped to the ranges above (what a scene runs with).
EngineWorldConfig sanitized(EngineWorldConfig world);
EnginePaneConfig sanitized(EnginePaneConfig pane);

}  // namespace tsl
