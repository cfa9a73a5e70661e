// headless_commands.h — `trace` and `metrics`: run the NPC scene without a
// window and write CSV (SPEC §3.2). Return the process exit status.
#pragma once

#include "app/cli/scene_options.h"

#include <functional>
#include <iosfwd>
#include <string>

namespace tsl::app {

// Writes `frame,key,batch,event` rows; "-" writes to stdout. With `check`, the
// trace is also checked against every rule of SPEC §1 and the verdict printed
// to stderr (exit status 1 when a rule is broken).
int run_trace(const NpcRunOptions& options, const std::string& out_path, bool check);

// Writes one row of NpcFrameMetrics per frame; "-" writes to stdout.
int run_metrics(const NpcRunOptions& options, const std::string& out_path);

// Writes `path` as core/media/output_file.h says ("-": standard output).
// Prints the error and returns false on failure.
bool write_output(const std::string& path, const std::function<bool(std::ostream&)>& write);

}  // namespace tsl::app
