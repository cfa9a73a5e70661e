#include "core/engine/state_manager.h"

#include "core/jobs/profiler.h"

#include <algorithm>

namespace tsl {

std::string_view name_of(ChangeOutcome outcome) {
    switch (outcome) {
        case ChangeOutcome::Applied: return "applied";
        case ChangeOutcome::Won: return "won";
        case ChangeOutcome::Lost: return "lost";
    }
    return "?";
}

namespace {

constexpr std::uint8_t kNoSystem = 0xFF;

// Does change `b` beat change `a` to the same value? (docs/engine.md, section 4)
bool beats(const Change& b, const Change& a, ConflictRule rule) {
    const int pa = kPriority[index_of(a.system)], pb = kPriority[index_of(b.system)];
    if (rule == ConflictRule::Time) {
        if (b.data_tick != a.data_tick) return b.data_tick > a.data_tick;  // the newer data
        if (pb != pa) return pb > pa;                                      // equally new: the higher priority
    } else {
        if (pb != pa) return pb > pa;                                      // the higher priority
        if (b.data_tick != a.data_tick) return b.data_tick > a.data_tick;  // the same system: its newer data
    }
    return b.sequence > a.sequence;  // one system's two changes in one run: the later
}

}  // namespace

void StateManager::reset(std::uint32_t agents) {
    agents_ = agents;
    queues_.clear();
    for (Observer& o : observers_) o = {};
    sources_ = {};
    merged_.clear();
    stamp_.assign(static_cast<std::size_t>(agents) * kFieldCount, 0);
    winner_.assign(stamp_.size(), 0);
    merge_number_ = 0;
}

void StateManager::register_observer(int observer, FieldMask fields, AgentStore* copy) {
    Observer& o = observers_[static_cast<std::size_t>(observer)];
    o.fields = fields;
    o.copy = copy;
    o.held.clear();
}

void StateManager::register_source(SystemId system, const AgentStore* out) { sources_[static_cast<std::size_t>(index_of(system))] = out; }

void StateManager::merge_and_distribute(unsigned systems, std::int64_t tick, ConflictRule rule, const std::array<bool, kObserverCount>& busy,
                                        std::vector<ChangeEvent>* trace, MergeCounts& counts) {
    const std::int64_t t0 = Profiler::now_ns();
    merged_.clear();
    queues_.collect(systems, merged_, counts.posts);
    settle_conflicts(tick, rule, counts);
    const std::int64_t t1 = Profiler::now_ns();
    if (trace) {
        for (std::size_t k = 0; k < merged_.size(); ++k) {
            const Change& c = merged_[k];
            ChangeEvent e{tick, c.data_tick, c.system, c.object, c.field, static_cast<ChangeOutcome>(outcome_[k]), std::nullopt, rule};
            if (other_[k] != kNoSystem) e.other = static_cast<SystemId>(other_[k]);
            trace->push_back(e);
        }
    }
    const std::int64_t t2 = Profiler::now_ns();
    deliver(busy, counts);
    counts.merge_ms += static_cast<double>(t1 - t0) * 1e-6;
    counts.distribute_ms += static_cast<double>(Profiler::now_ns() - t2) * 1e-6;
}

void StateManager::settle_conflicts(std::int64_t tick, ConflictRule rule, MergeCounts& counts) {
    const std::size_t n = merged_.size();
    outcome_.assign(n, static_cast<std::uint8_t>(ChangeOutcome::Applied));
    other_.assign(n, kNoSystem);
    if (++merge_number_ == 0) {  // the stamps wrapped: start them again
        std::fill(stamp_.begin(), stamp_.end(), 0);
        merge_number_ = 1;
    }
    counts.merged += static_cast<std::uint32_t>(n);
    for (std::size_t k = 0; k < n; ++k) {
        const Change& c = merged_[k];
        const std::size_t s = index_of(c.system);
        ++counts.from[s];
        counts.age_sum[s] += static_cast<std::uint64_t>(std::max<std::int64_t>(0, tick - c.data_tick));
        const std::size_t slot = static_cast<std::size_t>(c.object) * kFieldCount + static_cast<std::size_t>(c.field);
        if (stamp_[slot] != merge_number_) {  // the first change to this value in this merge
            stamp_[slot] = merge_number_;
            winner_[slot] = static_cast<std::uint32_t>(k);
            continue;
        }
        const std::uint32_t holder = winner_[slot];
        const bool newcomer_wins = beats(c, merged_[holder], rule);
        const std::size_t keep = newcomer_wins ? k : holder, drop = newcomer_wins ? holder : k;
        outcome_[drop] = static_cast<std::uint8_t>(ChangeOutcome::Lost);
        outcome_[keep] = static_cast<std::uint8_t>(ChangeOutcome::Won);
        other_[drop] = static_cast<std::uint8_t>(merged_[keep].system);
        other_[keep] = static_cast<std::uint8_t>(merged_[drop].system);
        if (newcomer_wins) winner_[slot] = static_cast<std::uint32_t>(k);
        ++counts.dropped;
        ++counts.won[static_cast<std::size_t>(index_of(merged_[keep].system))];
    }
}

void StateManager::deliver(const std::array<bool, kObserverCount>& busy, MergeCounts& counts) {
    // Observers that were running when earlier changes came take them now,
    // oldest first, before this merge's.
    for (int o = 0; o < kObserverCount; ++o) {
        Observer& observer = observers_[static_cast<std::size_t>(o)];
        if (busy[static_cast<std::size_t>(o)] || observer.held.empty()) continue;
        for (const Held& h : observer.held) observer.copy->at(h.field, h.object) = h.value;
        counts.delivered[static_cast<std::size_t>(o)] += static_cast<std::uint32_t>(observer.held.size());
        observer.held.clear();
    }
    // Who is interested in each field.
    std::array<std::array<std::uint8_t, kObserverCount>, kFieldCount> interested{};
    std::array<int, kFieldCount> interested_count{};
    for (int o = 0; o < kObserverCount; ++o)
        for (int f = 0; f < kFieldCount; ++f)
            if ((observers_[static_cast<std::size_t>(o)].fields >> f) & 1u)
                interested[static_cast<std::size_t>(f)][static_cast<std::size_t>(interested_count[static_cast<std::size_t>(f)]++)] =
                    static_cast<std::uint8_t>(o);

    for (std::size_t k = 0; k < merged_.size(); ++k) {
        if (outcome_[k] == static_cast<std::uint8_t>(ChangeOutcome::Lost)) continue;
        const Change& c = merged_[k];
        // Lock-step: read the changed object itself, now that its system has finished.
        const AgentValue value = c.carried ? c.value : sources_[static_cast<std::size_t>(index_of(c.system))]->at(c.field, c.object);
        const std::size_t f = static_cast<std::size_t>(c.field);
        for (int i = 0; i < interested_count[f]; ++i) {
            const std::size_t o = interested[f][static_cast<std::size_t>(i)];
            Observer& observer = observers_[o];
            if (busy[o]) {
                observer.held.push_back({c.object, c.field, value});
                ++counts.held[o];
            } else {
                observer.copy->at(c.field, c.object) = value;
                ++counts.delivered[o];
            }
        }
    }
}

}  // namespace tsl
