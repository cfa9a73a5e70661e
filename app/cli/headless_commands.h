// headless_commands.h — `trace` and `metrics`: run one pane of the NPC scene,
// or of the engine scene (--scene engine), in a LabSession without a window
// and write CSV. Return the process exit status. Also what the commands
// without a window share (screenshot, record and lesson-check open their
// offscreen session here).
#pragma once

#include "core/session/lab_session.h"
#include "core/settings/lab_settings.h"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace tsl::app {

class HeadlessSession;
class LabApp;

// Writes `frame,key,batch,event` rows; "-" writes to stdout. With `check`, the
// trace is also checked against every rule of docs/semantics.md and the
// verdict printed to stderr (exit status 1 when a rule is broken).
int run_trace(const LabSettings& settings, std::int64_t frames, const std::string& out_path, bool check);
// Writes one row of NpcFrameMetrics per frame; "-" writes to stdout.
int run_metrics(const LabSettings& settings, std::int64_t frames, const std::string& out_path);

// The engine scene's first pane: every merged change, header
// `tick,data_tick,system,agent,field,outcome,other,rule` (docs/engine.md,
// section 8); with `check`, also the rules every engine trace obeys.
int run_engine_trace(const LabSettings& settings, std::int64_t ticks, const std::string& out_path, bool check);
// The engine scene's first pane: one row of the live counters per tick (docs/engine.md, section 7).
int run_engine_metrics(const LabSettings& settings, std::int64_t ticks, const std::string& out_path);

// A session for one of these commands: no profiler, no timing diagram.
std::unique_ptr<LabSession> headless_session(const LabSettings& settings);
// An offscreen session of width x height pixels for `command` ("screenshot"):
// nullptr, after printing "timeslice-lab: <command>: <why>", when none can be made.
std::unique_ptr<HeadlessSession> open_headless(const std::string& command, int width, int height);
// `lab` with `commands` applied in turn, as an app whose renderers are made;
// or why not (a command's failure keeps its kind, for the exit status).
Result<std::unique_ptr<LabApp>> ready_app(std::unique_ptr<LabSession> lab, const std::vector<Command>& commands = {});
// "timeslice-lab: <why>" on stderr; the exit status (CommandResult::failed).
int report_failure(const ResultError& failed);
// A trace check's verdict on stderr: each broken rule, or `holds`. The exit status.
int report_verdict(const std::vector<std::string>& broken, const std::string& holds);

// Writes `path` as core/media/output_file.h says ("-": standard output).
// Prints the error and returns false on failure.
bool write_output(const std::string& path, const std::function<bool(std::ostream&)>& write);
// A trace written as it runs: `header`, then after each of `steps` single
// steps of `session` what that step recorded (`write_step` writes it, checks
// it if asked, and forgets it), so a long trace never sits in memory whole.
// False when the output cannot be written.
bool write_trace(LabSession& session, std::int64_t steps, const std::string& out_path, const std::string& header,
                 const std::function<void(std::ostream&)>& write_step);

}  // namespace tsl::app
