// state_manager.h — the change controller: after systems finish, it merges
// their change notifications in one documented order, settles conflicts, and
// distributes each surviving change to the observers that registered for
// its field (the observer pattern of "Designing the framework of a parallel
// game engine"; docs/engine.md, sections 3 and 4).
//
// What to notice:
// - Observers register interest by field; a change reaches only them.
// - Two changes to one agent's field in one merge are a conflict: the rule
//   (time or priority) keeps one and drops the other.
// - Lock-step: a notification names the agent and the field, and the
//   observer reads the value from the system that changed it, which has
//   finished. Free-step: the notification carries the value, because that
//   system may already be running again.
// - An observer still running (free-step) cannot take changes into the copy
//   it is reading: its deliveries are held, and applied when it finishes.
//
// Threading: main thread only, between runs of the systems concerned.
#pragma once

#include "core/engine/agent_data.h"
#include "core/engine/change_queue.h"
#include "core/engine/engine_config.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace tsl {

enum class ChangeOutcome : std::uint8_t {
    Applied,  // no other change to that agent's field in the merge
    Won,      // it beat another change to the same value
    Lost,     // dropped: another change to the same value beat it
};
std::string_view name_of(ChangeOutcome outcome);  // "applied", "won", "lost"

// One merged change, as `timeslice-lab trace --scene engine` writes it.
struct ChangeEvent {
    std::int64_t tick = 0;           // the tick whose merge it was in
    std::uint32_t data_tick = 0;     // the tick whose data it was computed from
    SystemId system = SystemId::Ai;
    std::uint32_t object = 0;
    AgentField field = AgentField::Position;
    ChangeOutcome outcome = ChangeOutcome::Applied;
    std::optional<SystemId> other;   // Won or Lost: the system of the change it beat or lost to
    ConflictRule rule = ConflictRule::Priority;  // the rule that decided (Won and Lost only)
};

// What one merge did.
struct MergeCounts {
    CollectCounts posts;                                  // posted per thread, lock contention
    std::uint32_t merged = 0;                             // changes merged
    std::uint32_t dropped = 0;                            // lost a conflict
    std::array<std::uint32_t, kSystemCount> won{};        // conflicts won, by system
    std::array<std::uint32_t, kObserverCount> delivered{};  // applied to each observer's copy (held ones included when applied)
    std::array<std::uint32_t, kObserverCount> held{};     // kept for an observer still running
    std::array<std::uint64_t, kSystemCount> age_sum{};    // sum over merged changes of (merge tick - data tick), by system
    std::array<std::uint32_t, kSystemCount> from{};       // merged changes, by system
    double merge_ms = 0;                                  // ordering and conflicts
    double distribute_ms = 0;                             // deliveries (held ones included)
};

class StateManager {
public:
    // Back to nothing registered, no change queued, for `agents` agents.
    void reset(std::uint32_t agents);

    // An observer's interest: changes to `fields` go into `copy` (which has them).
    void register_observer(int observer, FieldMask fields, AgentStore* copy);
    // Where a system's lock-step changes are read from: its output store.
    void register_source(SystemId system, const AgentStore* out);
    FieldMask interest(int observer) const { return observers_[static_cast<std::size_t>(observer)].fields; }

    ChangeQueues& queues() { return queues_; }

    // Merges the queued changes of the systems in `systems` (bit k: kSystems[k],
    // whose runs must be complete) at tick `tick`, settles conflicts by `rule`,
    // appends one event per change to `trace` (when given), applies the held
    // changes of observers not `busy` any more, then delivers every surviving
    // change to each interested observer, or holds it for a busy one.
    void merge_and_distribute(unsigned systems, std::int64_t tick, ConflictRule rule, const std::array<bool, kObserverCount>& busy,
                              std::vector<ChangeEvent>* trace, MergeCounts& counts);

    // Changes held for an observer, not yet applied.
    std::size_t held(int observer) const { return observers_[static_cast<std::size_t>(observer)].held.size(); }

    // Ordering + conflicts, per change, of the last merge (for the bench).
    const std::vector<Change>& last_merged() const { return merged_; }

    // What it holds between ticks, as a value, for stepping back in time: the
    // changes held for each observer and the last merge. The queues are not
    // part of it (between ticks only running systems have changes queued).
    struct State;
    State state() const;
    void restore(const State& state);

private:
    struct Held {
        std::uint32_t object;
        AgentField field;
        AgentValue value;
    };
    struct Observer {
        FieldMask fields = 0;
        AgentStore* copy = nullptr;
        std::vector<Held> held;
    };
    void settle_conflicts(std::int64_t tick, ConflictRule rule, MergeCounts& counts);
    void deliver(const std::array<bool, kObserverCount>& busy, MergeCounts& counts);

    std::uint32_t agents_ = 0;
    ChangeQueues queues_;
    std::array<Observer, kObserverCount> observers_;
    std::array<const AgentStore*, kSystemCount> sources_{};
    std::vector<Change> merged_;
    std::vector<std::uint8_t> outcome_;  // ChangeOutcome per merged change
    std::vector<std::uint8_t> other_;    // the other system's index per merged change (0xFF: none)
    // Per agent and field: the merge that last touched it, and its winner there.
    std::vector<std::uint32_t> stamp_, winner_;
    std::uint32_t merge_number_ = 0;  // never restored: a stamp of a later merge must not match an earlier one
};

struct StateManager::State {
    std::array<std::vector<Held>, kObserverCount> held;
    std::vector<Change> merged;
    std::vector<std::uint8_t> outcome, other;
    std::size_t bytes() const {
        std::size_t sum = sizeof(State) + merged.capacity() * sizeof(Change) + outcome.capacity() + other.capacity();
        for (const auto& h : held) sum += h.capacity() * sizeof(Held);
        return sum;
    }
};

inline StateManager::State StateManager::state() const {
    State s{{}, merged_, outcome_, other_};
    for (int o = 0; o < kObserverCount; ++o) s.held[static_cast<std::size_t>(o)] = observers_[static_cast<std::size_t>(o)].held;
    return s;
}

inline void StateManager::restore(const State& s) {
    for (int o = 0; o < kObserverCount; ++o) observers_[static_cast<std::size_t>(o)].held = s.held[static_cast<std::size_t>(o)];
    merged_ = s.merged;
    outcome_ = s.outcome;
    other_ = s.other;
}

}  // namespace tsl
