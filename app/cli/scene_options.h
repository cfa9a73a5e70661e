// scene_options.h — the NPC scene's command-line options, shared by `trace`,
// `metrics` and (later) the window and the image commands.
#pragma once

#include "core/npc/npc_scene.h"
#include "core/content/preset.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace tsl::app {

// What is wrong with something the command line named, and the exit status
// it ends with: 2 for a name or option that does not fit (a usage error), 1
// for a file that exists but is broken. Empty (false) when nothing is.
struct ArgumentProblem {
    std::string message;
    int status = 0;
    explicit operator bool() const { return status != 0; }
};
// The problem of a preset that did not load (no problem when it did).
ArgumentProblem preset_problem(const PresetLoad& loaded);

struct NpcRunOptions {
    NpcSceneConfig scene;
    std::int64_t frames = 90;  // 90 — three seconds at 30 steps/s, one lap of the target
    // Option text, parsed after CLI11 has validated it.
    std::string mode = "aiao";
    std::string gathering = "same-frame";
    std::string threading = "inline";
    int workers = -1;  // -1 — one pool worker per core besides the main thread
    std::string preset;  // "" — else a preset in assets/presets, the base the other options change
    int pane = 1;        // which of the preset's panes to run

    // Applies the text options to `scene`, on top of the preset when one is
    // named (only the options given on the command line override it). Call
    // after a successful parse; the problem, if any: a preset that does not
    // exist or does not load, a pane it does not have.
    ArgumentProblem resolve(const CLI::App& command);
};

// Adds --mode, --npcs, --jobs-per-update, --update-every, --frames,
// --gather, --threading, --workers, --turn-speed, --target-period, --job-cost,
// --preset, --pane.
void add_npc_run_options(CLI::App& command, NpcRunOptions& options);

// Validators whose failure message names the accepted values.
CLI::Validator mode_validator();
CLI::Validator gathering_validator();
CLI::Validator threading_validator();

}  // namespace tsl::app
