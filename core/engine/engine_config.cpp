#include "core/engine/engine_config.h"

#include <algorithm>
#include <cmath>

namespace tsl {

const EnumName kStepModeNames[2] = {
    {"lock-step", static_cast<int>(StepMode::LockStep), "Lock-step",
     "Every system's run starts and finishes within one tick; its changes name what changed and observers read the value from "
     "the system at the end of the tick."},
    {"free-step", static_cast<int>(StepMode::FreeStep), "Free-step",
     "A run's changes are merged several ticks after it starts (the system's ticks setting, or later if runs end when their "
     "work is done and it is not); they carry their values, and changes for a system whose run is not merged yet wait until it is."},
};
const EnumName kConflictRuleNames[2] = {
    {"time", static_cast<int>(ConflictRule::Time), "time (last writer)",
     "Of two changes to one value, the one computed from newer data wins; equally new ones: the higher priority."},
    {"priority", static_cast<int>(ConflictRule::Priority), "priority",
     "Of two changes to one value, the higher-priority system's wins (AI, then physics, then animation)."},
};
const EnumName kQueueKindNames[2] = {
    {"per-thread", static_cast<int>(QueueKind::PerThread), "per-thread",
     "Each thread posts changes into its own queue, with no lock; the queues are merged in order after the run."},
    {"locked", static_cast<int>(QueueKind::Locked), "one locked",
     "Every thread posts into one queue behind one mutex, taken for every change; it is sorted after the run. Kept to measure "
     "what the lock costs."},
};
const EnumName kDecompositionNames[3] = {
    {"both", static_cast<int>(Decomposition::Both), "functional + data",
     "Systems run side by side, and each one's agents are split into pieces that every thread claims."},
    {"functional", static_cast<int>(Decomposition::Functional), "functional only",
     "Systems run side by side, each as one task: at most one core per system, and the slowest system sets the pace."},
    {"data", static_cast<int>(Decomposition::Data), "data only",
     "One system after another, each split into pieces that every thread claims."},
};
const EnumName kEngineThreadingNames[2] = {
    {"inline", static_cast<int>(EngineThreading::Inline), "inline",
     "The main thread runs every system itself, one after another: no tasks, nothing to split or wait for."},
    {"pool", static_cast<int>(EngineThreading::Pool), "job system",
     "Each system is a task on the job system (split into pieces when the decomposition says so): its workers run them, and the "
     "main thread while it waits."},
};

const EnumName kFreeStepEndNames[2] = {
    {"ticks", static_cast<int>(FreeStepEnd::Ticks), "after its ticks",
     "A free-step run's changes are merged its ticks after it starts; if its work has not ended by then, that tick waits for it."},
    {"work-done", static_cast<int>(FreeStepEnd::WorkDone), "when its work is done",
     "Once its ticks are up, a free-step run's changes are merged at the first tick that finds its work ended; no tick waits "
     "for it, so a slow run spans as many ticks as it needs."},
};

std::string_view name_of(StepMode mode) { return name_for(kStepModeNames, static_cast<int>(mode)); }
std::string_view name_of(ConflictRule rule) { return name_for(kConflictRuleNames, static_cast<int>(rule)); }
std::string_view name_of(QueueKind kind) { return name_for(kQueueKindNames, static_cast<int>(kind)); }
std::string_view name_of(Decomposition decomposition) { return name_for(kDecompositionNames, static_cast<int>(decomposition)); }
std::string_view name_of(EngineThreading threading) { return name_for(kEngineThreadingNames, static_cast<int>(threading)); }
std::string_view name_of(FreeStepEnd end) { return name_for(kFreeStepEndNames, static_cast<int>(end)); }
std::string_view label_of(StepMode mode) { return label_for(kStepModeNames, static_cast<int>(mode)); }
std::string_view label_of(Decomposition decomposition) { return label_for(kDecompositionNames, static_cast<int>(decomposition)); }

EngineWorldConfig sanitized(EngineWorldConfig w) {
    w.agents = std::clamp<std::uint32_t>(w.agents, 1, kMaxAgents);
    w.destinations = std::clamp(w.destinations, 1, kMaxDestinations);
    w.agent_speed = std::clamp(w.agent_speed, 0.1, 20.0);
    w.turn_speed = std::clamp(w.turn_speed, 0.0, 3600.0);
    w.route_ticks = std::clamp(w.route_ticks, 0, 300);
    w.ticks_per_s = std::clamp<std::uint32_t>(w.ticks_per_s, 1, 240);
    return w;
}

EnginePaneConfig sanitized(EnginePaneConfig p) {
    p.ai_ticks = std::clamp(p.ai_ticks, 1, kMaxSystemTicks);
    p.physics_ticks = std::clamp(p.physics_ticks, 1, kMaxSystemTicks);
    p.animation_ticks = std::clamp(p.animation_ticks, 1, kMaxSystemTicks);
    p.subtask_agents = std::clamp<std::uint32_t>(p.subtask_agents, 1, kMaxAgents);
    for (double* cost : {&p.ai_cost_ms, &p.physics_cost_ms, &p.animation_cost_ms})
        *cost = std::isfinite(*cost) ? std::clamp(*cost, 0.0, kMaxSystemCostMs) : 0.0;
    p.cost_spread = std::clamp(p.cost_spread, 0, 100);
    return p;
}

}  // namespace tsl
