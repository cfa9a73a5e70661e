// engine_trace.h — the trace of merged changes (docs/engine.md, section 8):
// its CSV form, and the rules every engine trace obeys — the merge order,
// and exactly one survivor per conflict, the one the rule says.
//
// Threading: plain functions.
#pragma once

#include "core/engine/state_manager.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tsl {

// "tick,data_tick,system,agent,field,outcome,other,rule"
const char* engine_trace_header();
// One row, without a line break: "12,10,AI,341,heading,lost,animation,time".
void write_engine_event(std::ostream& out, const ChangeEvent& event);

// What is wrong with a trace, one line per broken rule (at most `limit`):
//   order     within a tick, changes come by data tick, then priority (higher
//             first), then agent; ticks never go back; no data from the future;
//   conflicts changes to one agent's field in one merge: exactly one won and
//             the rest lost, each naming the other side, and the winner is
//             the one the rule keeps (against its own system's changes: the
//             newer data, under either rule); a change alone was applied.
std::vector<std::string> check_engine_trace(std::span<const ChangeEvent> events, std::size_t limit = 20);

// The same rules, checked while the trace streams: changes go in as they are
// merged, each tick's are checked when the next tick's first change (or
// finish) arrives, and then forgotten. Memory: one tick's changes (bounded by
// the agents and systems of the settings), never the whole trace.
//   every tick:  checker.add(events); events.clear();
//   at the end:  broken = checker.finish();   // == check_engine_trace(all events)
class EngineTraceChecker {
public:
    explicit EngineTraceChecker(std::size_t limit = 20);
    void add(std::span<const ChangeEvent> events);  // the next changes, in trace order
    std::vector<std::string> finish();              // call once, after the last add()
    std::uint64_t events() const noexcept { return events_; }    // added so far
    std::size_t held() const noexcept { return tick_.size(); }   // changes it holds now: the open tick's

private:
    void check_tick();
    std::size_t limit_;
    std::vector<ChangeEvent> tick_;       // the open tick's changes
    std::optional<ChangeEvent> before_;   // the last change of the tick before
    std::vector<std::string> broken_;
    std::uint64_t events_ = 0;
};

}  // namespace tsl
