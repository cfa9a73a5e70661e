// soak.h — a long, seeded, random run of the whole lab (the README,
// "Command line"): every few steps a random command through LabSession::apply,
// the same path as keys, the panel, presets and lessons — any setting of the
// schema (settings_schema.h) set to a value drawn across its range, bounds
// and every choice included, panes selected, added and removed, shipped
// presets loaded, lesson steps gone to, scenes switched, resets; now and then
// a value just outside a field's range, which must be refused with nothing
// changed. Checked as it goes:
//   trace rules   every stretch of the NPC scene's first pane that starts at
//                 frame 0 and runs with fixed settings obeys docs/semantics.md
//                 (TraceChecker); every stretch of the engine scene's first
//                 pane obeys docs/engine.md (EngineTraceChecker); no pane ever
//                 loses a key's newest output (lost_outputs);
//   jobs          after a step of the NPC scene in which a pane that gathers
//                 in the same frame updated, it has gathered every job it
//                 started; when every pane gathers in the same frame, none has
//                 a job running, and no other scene can hold work in flight by design (the
//                 exposure scene, once made, answers path tickets steps later;
//                 a free-step engine system runs across ticks), no job of the
//                 session's job system is unfinished (JobSystem::unfinished_jobs);
//   commands      a shipped preset or lesson always loads, a value in range is
//                 always taken, one out of range always refused;
//   memory        the most resident memory sampled (every 64 steps) in the
//                 last stretch of the run exceeds the most sampled in the
//                 warm-up (the first tenth of the steps, at least 1000; the
//                 last stretch is as long) by no more than rss_growth_mb (a
//                 leak of 1 KB a step over 100,000 steps is about 100 MB).
// The first failure stops it and is reported with the seed, the step and the
// last commands: the same seed and steps replay the same commands.
//
// Threading: main thread; the session's job system runs the scenes' jobs.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tsl {

struct SoakOptions {
    std::string assets_dir;           // presets, lessons and levels
    std::int64_t steps = 100'000;     // fixed steps of the scene shown
    std::uint64_t seed = 1;
    int most_steps_between = 8;       // a command every 1 .. this many steps
    // Only these settings are set (empty: every one of the schema); presets,
    // lessons, panes, scenes and resets still come.
    std::vector<std::string> fields;
    double rss_growth_mb = 64;        // 0: memory not checked (under sanitizers, which hold freed memory back)
    std::function<void(const std::string&)> progress;  // a line every tenth of the run (null: quiet)
};

struct SoakResult {
    std::string failure;              // "" — every check held; else what failed, the seed, the step and the last commands
    std::int64_t steps = 0;           // steps taken
    std::int64_t commands = 0;        // commands applied (refused ones included)
    std::int64_t refused = 0;         // of those, refused as they should be
    std::int64_t trace_stretches = 0; // NPC stretches checked against the rules
    std::uint64_t trace_events = 0;   //   and their events
    std::uint64_t engine_changes = 0; // engine changes checked
    std::int64_t pane_checks = 0;     // same-frame updates of a pane checked for jobs left running
    std::int64_t job_checks = 0;      //   and of those, the ones after which no job of the system may be unfinished
    double warm_rss_mb = 0;           // the most resident memory sampled in the warm-up, MB
    double end_rss_mb = 0;            // and in the last stretch as long
    double peak_rss_mb = 0;           // the most the process held (getrusage)
    double seconds = 0;               // wall time
    explicit operator bool() const { return failure.empty(); }
};

SoakResult run_soak(const SoakOptions& options);

}  // namespace tsl
