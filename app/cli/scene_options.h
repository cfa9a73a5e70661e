// scene_options.h — the command line's view of the settings schema: the
// options `trace` and `metrics` take (every field of
// core/settings/settings_schema.h with a cli_flag), --set, and the
// validators whose one-line errors name the option and what it accepts.
#pragma once

#include "core/session/commands.h"
#include "core/settings/lab_settings.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tsl::app {

// A CLI11 check of text against a field: the schema's own check.
CLI::Validator field_validator(const FieldSpec& field);
// A CLI11 check of NAME=VALUE for --set.
CLI::Validator set_validator();

// One pane of the NPC scene (or of the engine scene), headless (`trace`, `metrics`).
struct NpcRunOptions {
    std::int64_t frames = 90;   // 90 — three seconds at 30 steps/s, one lap of the target
    std::string preset;         // "" — else a preset in assets/presets, the base the other options change
    int pane = 1;               // which of the preset's panes to run
    std::map<std::string, std::string> given;  // option text by field key, as CLI11 parsed it

    // The settings the run uses: the preset's pane (if any) with the options
    // given on the command line on top, one pane; an engine preset sets the
    // engine scene. The problem, if any: a preset that does not exist or does
    // not load, a pane it does not have, an exposure preset.
    CommandResult resolve(const CLI::App& command, LabSettings& settings) const;
};

// Adds every schema option with a command-line flag — the NPC scene's (--mode,
// --npcs, --jobs-per-update, --update-every, --gather, --threading, --workers,
// --turn-speed, --target-period, --job-cost) and the engine scene's (--agents,
// --destinations, ... --subtask-agents: `--scene engine`) — and --frames,
// --preset, --pane.
void add_npc_run_options(CLI::App& command, NpcRunOptions& options);

}  // namespace tsl::app
