#include "app/cli/scene_options.h"

#include "app/cli/assets.h"

#include "core/content/preset.h"
#include "core/settings/settings_schema.h"

namespace tsl::app {

CLI::Validator field_validator(const FieldSpec& field) {
    return CLI::Validator(
        [&field](std::string& text) { return parse_value(field, text).error(); },
        std::string(accepted_short(field)), std::string(field.key));
}

CLI::Validator set_validator() {
    return CLI::Validator(
        [](std::string& assignment) {
            LabSettings scratch;
            return apply_assignment(scratch, assignment).error();
        },
        "NAME=VALUE", "control");
}

void add_npc_run_options(CLI::App& command, NpcRunOptions& options) {
    const LabSettings defaults;
    for (const FieldSpec& field : settings_schema()) {
        if (field.cli_flag.empty()) continue;
        std::string help(field.help);
        if (field.kind == FieldKind::Enum) help += " (" + accepted_values(field) + ")";
        command.add_option(std::string(field.cli_flag), options.given[std::string(field.key)], help)
            ->check(field_validator(field))
            ->default_str(format_value(field, get_field(defaults, field)));
    }
    command.add_option("--frames", options.frames, "Frames (fixed steps) to simulate")
        ->check(CLI::Range(std::int64_t{0}, std::int64_t{100'000'000}))
        ->capture_default_str();
    command.add_option("--preset", options.preset, "A preset in assets/presets as the base (options given here override it)");
    command.add_option("--pane", options.pane, "Which pane of the preset to run, from 1")->check(CLI::Range(1, kMaxPanes))->capture_default_str();
}

CommandResult NpcRunOptions::resolve(const CLI::App& command, LabSettings& settings) const {
    settings = LabSettings{};
    if (!preset.empty()) {
        const Result<Preset> loaded = load_preset_by_name(assets_directory(), preset);
        if (!loaded) return CommandResult::failed(loaded);
        if (loaded->scene == SceneKind::Exposure)
            return {"preset '" + preset + "' is for the exposure scene; this command runs the NPC scene (try screenshot or record)", 2};
        const bool engine = loaded->scene == SceneKind::Engine;
        const std::size_t panes = engine ? loaded->engine.panes.size() : loaded->npc.panes.size();
        if (static_cast<std::size_t>(pane) > panes)
            return {"--pane " + std::to_string(pane) + ": preset '" + preset + "' has " + std::to_string(panes) + " pane(s) (1 to " +
                        std::to_string(panes) + ")",
                    2};
        settings.workers = loaded->workers;
        if (engine) {
            settings.engine.world = loaded->engine.world;
            settings.engine.panes = {loaded->engine.panes[static_cast<std::size_t>(pane - 1)]};
            settings.scene = SceneKind::Engine;
        } else {
            settings.npc.world = loaded->npc.world;
            settings.npc.panes = {loaded->npc.panes[static_cast<std::size_t>(pane - 1)]};
        }
    }
    for (const FieldSpec& field : settings_schema()) {
        if (field.cli_flag.empty() || command.get_option(std::string(field.cli_flag))->count() == 0) continue;
        if (const Status set = set_field(settings, field, given.at(std::string(field.key))); !set) return CommandResult::failed(set);
    }
    return {};
}

}  // namespace tsl::app
