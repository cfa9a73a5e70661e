#include "core/engine/engine_trace.h"

#include <algorithm>
#include <map>
#include <ostream>
#include <tuple>

namespace tsl {

const char* engine_trace_header() { return "tick,data_tick,system,agent,field,outcome,other,rule"; }

void write_engine_event(std::ostream& out, const ChangeEvent& e) {
    out << e.tick << ',' << e.data_tick << ',' << name_of(e.system) << ',' << e.object << ',' << name_of(e.field) << ',' << name_of(e.outcome)
        << ',';
    if (e.other) out << name_of(*e.other);
    out << ',';
    if (e.outcome != ChangeOutcome::Applied) out << name_of(e.rule);
}

namespace {

std::string where(const ChangeEvent& e) {
    return "tick " + std::to_string(e.tick) + ", " + name_of(e.system) + " " + name_of(e.field) + " of agent " + std::to_string(e.object);
}

// The rule's order between two changes to one value: does `b` beat `a`?
bool rule_keeps(const ChangeEvent& b, const ChangeEvent& a, ConflictRule rule) {
    const int pa = priority_of(a.system), pb = priority_of(b.system);
    if (rule == ConflictRule::Time) {
        if (b.data_tick != a.data_tick) return b.data_tick > a.data_tick;
        return pb > pa;
    }
    if (pb != pa) return pb > pa;
    return b.data_tick > a.data_tick;
}

}  // namespace

EngineTraceChecker::EngineTraceChecker(std::size_t limit) : limit_(limit) {}

void EngineTraceChecker::add(std::span<const ChangeEvent> events) {
    for (const ChangeEvent& e : events) {
        if (!tick_.empty() && e.tick != tick_.front().tick) check_tick();
        tick_.push_back(e);
        ++events_;
    }
}

std::vector<std::string> EngineTraceChecker::finish() {
    if (!tick_.empty()) check_tick();
    return std::move(broken_);
}

// The changes of one tick (a run of equal ticks), then forgotten but for the last.
void EngineTraceChecker::check_tick() {
    auto fail = [&](const std::string& what) {
        if (broken_.size() < limit_) broken_.push_back(what);
    };
    const std::span<const ChangeEvent> events = tick_;
    if (before_ && events.front().tick < before_->tick) fail("order: " + where(events.front()) + " comes after tick " + std::to_string(before_->tick));
    std::map<std::tuple<std::uint32_t, AgentField>, std::vector<const ChangeEvent*>> values;
    for (std::size_t k = 0; k < events.size(); ++k) {
        const ChangeEvent& e = events[k];
        if (e.data_tick > e.tick) fail("order: " + where(e) + " was computed from tick " + std::to_string(e.data_tick) + ", after its merge");
        if (k > 0) {
            const ChangeEvent& p = events[k - 1];
            const auto key = [](const ChangeEvent& x) { return std::tuple(x.data_tick, -priority_of(x.system), x.object); };
            if (key(e) < key(p)) fail("order: " + where(e) + " is merged after " + where(p));
        }
        values[{e.object, e.field}].push_back(&e);
    }
    for (const auto& [value, changes] : values) {
        const ChangeEvent& first = *changes.front();
        if (changes.size() == 1) {
            if (first.outcome != ChangeOutcome::Applied) fail("conflicts: " + where(first) + " had no rival but " + std::string(name_of(first.outcome)));
            continue;
        }
        const auto winners = std::count_if(changes.begin(), changes.end(), [](const ChangeEvent* c) { return c->outcome == ChangeOutcome::Won; });
        const auto losers = std::count_if(changes.begin(), changes.end(), [](const ChangeEvent* c) { return c->outcome == ChangeOutcome::Lost; });
        if (winners != 1 || losers + 1 != static_cast<long>(changes.size())) {
            fail("conflicts: " + where(first) + ": " + std::to_string(winners) + " won and " + std::to_string(losers) + " lost of " +
                 std::to_string(changes.size()));
            continue;
        }
        const ChangeEvent& winner = **std::find_if(changes.begin(), changes.end(), [](const ChangeEvent* c) { return c->outcome == ChangeOutcome::Won; });
        for (const ChangeEvent* c : changes) {
            if (!c->other) fail("conflicts: " + where(*c) + " names no other side");
            if (c == &winner) continue;
            if (c->system == winner.system) {  // one system's two changes: its newer data (equally new: its later one)
                if (c->data_tick > winner.data_tick)
                    fail("conflicts: " + where(winner) + " from tick " + std::to_string(winner.data_tick) + " won against its own newer change from tick " +
                         std::to_string(c->data_tick));
                continue;
            }
            if (!rule_keeps(winner, *c, winner.rule)) fail("conflicts: " + where(winner) + " won against " + where(*c) + " by " + std::string(name_of(winner.rule)));
        }
    }
    before_ = tick_.back();
    tick_.clear();
}

std::vector<std::string> check_engine_trace(std::span<const ChangeEvent> events, std::size_t limit) {
    EngineTraceChecker checker(limit);
    checker.add(events);
    return checker.finish();
}

}  // namespace tsl
