// engine_trace.h — the trace of merged changes (docs/engine.md, section 8):
// its CSV form, and the rules every engine trace obeys — the merge order,
// and exactly one survivor per conflict, the one the rule says.
//
// Threading: plain functions.
#pragma once

#include "core/engine/state_manager.h"

#include <iosfwd>
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
//             the one the rule keeps; a change alone was applied.
std::vector<std::string> check_engine_trace(std::span<const ChangeEvent> events, std::size_t limit = 20);

}  // namespace tsl
