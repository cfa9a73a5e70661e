// headless_commands.h — `trace` and `metrics`: run one pane of the NPC scene
// in a LabSession without a window and write CSV. Return the process exit
// status.
#pragma once

#include "core/settings/lab_settings.h"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>

namespace tsl::app {

// Writes `frame,key,batch,event` rows; "-" writes to stdout. With `check`, the
// trace is also checked against every rule of docs/semantics.md and the
// verdict printed to stderr (exit status 1 when a rule is broken).
int run_trace(const LabSettings& settings, std::int64_t frames, const std::string& out_path, bool check);
// Writes one row of NpcFrameMetrics per frame; "-" writes to stdout.
int run_metrics(const LabSettings& settings, std::int64_t frames, const std::string& out_path);

// Writes through a temporary file renamed on success, or to stdout for "-".
// Prints the error and returns false on failure.
bool write_output(const std::string& path, const std::function<bool(std::ostream&)>& write);

}  // namespace tsl::app
