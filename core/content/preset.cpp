#include "core/content/preset.h"

#include "core/content/toml_reader.h"
#include "core/text/printable.h"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <sstream>
#include <toml++/toml.h>

namespace tsl {

namespace {

using namespace toml_reading;

void read_scene(const toml::node& node, int line, Problems& problems, NpcSceneConfig& scene) {
    const Reader r{problems, "scene: "};
    const toml::table* table = node.as_table();
    if (!table) return problems.add(line, "scene should be a [scene] table, not " + kind_of(node));
    r.read_table(*table, {
        r.integer("npcs", 1, kMaxNpcs, [&](std::int64_t v) { scene.npc_count = static_cast<std::uint32_t>(v); }),
        r.number("target_period", 0.1, 600.0, [&](double v) { scene.target_period_s = v; }),
        r.number("turn_speed", 0.0, 3600.0, [&](double v) { scene.max_turn_deg_per_s = v; }),
        r.integer("steps_per_s", 1, 240, [&](std::int64_t v) { scene.steps_per_s = static_cast<std::uint32_t>(v); }),
        r.number("job_cost_us", 0.0, 100000.0, [&](double v) { scene.job_cost_us = v; }),
    });
}

void read_exposure(const toml::node& node, int line, Problems& problems, Preset& preset) {
    const Reader r{problems, "exposure: "};
    const toml::table* table = node.as_table();
    if (!table) return problems.add(line, "exposure should be an [exposure] table, not " + kind_of(node));
    ExposureSceneConfig& e = preset.exposure;
    r.read_table(*table, {
        {"level", [&](const toml::node& value, int at) {
             r.text("level", e.level).read(value, at);
             if (value.is_string() && e.level.empty()) r.fail(at, "the level name is empty");
         }},
        r.integer("seed", 0, 4294967295LL, [&](std::int64_t v) { e.seed = static_cast<std::uint32_t>(v); }),
        r.integer("grid_size", 10, 1000, [&](std::int64_t v) { e.grid_size = static_cast<int>(v); }),
        r.choice("mode", "exposure mode", parse_exposure_mode, "single, same-frame, next-frame, timesliced", e.mode),
        r.choice("algorithm", "algorithm", parse_algorithm, "rays, sweep", e.algorithm),
        r.number("slice_percent", 0.1, 100.0, [&](double v) { e.slice_percent = v; }),
        r.number("sentinel_speed", 0.0, 2.0, [&](double v) { e.sentinel_speed = v; }),
        r.number("character_speed", 0.0, 2.0, [&](double v) { e.character_speed = v; }),
        r.integer("steps_per_s", 1, 240, [&](std::int64_t v) { e.steps_per_s = static_cast<std::uint32_t>(v); }),
        r.boolean("show_rays", preset.show_rays),
    });
}

PanePreset read_pane(const toml::table& table, std::size_t number, Problems& problems) {
    PanePreset pane;
    TimeslicerConfig& ts = pane.timeslicing;
    const Reader r{problems, "pane " + std::to_string(number) + ": "};
    r.read_table(table, {
        r.choice("mode", "mode", parse_mode, accepted_modes(), ts.mode),
        r.integer("jobs_per_update", 1, 100000, [&](std::int64_t v) { ts.jobs_per_update = static_cast<std::uint32_t>(v); }),
        r.integer("update_every", 1, 1000, [&](std::int64_t v) { ts.update_every_frames = static_cast<std::uint32_t>(v); }),
        r.choice("gather", "gathering", parse_gathering, accepted_gatherings(), ts.gathering),
        r.choice("threading", "threading", parse_threading, accepted_threadings(), ts.threading),
        r.boolean("debug_lines", pane.debug_lines),
        r.boolean("highlight_running", pane.highlight_running),
        r.text("caption", pane.caption),
    });
    return pane;
}

void read_panes(const toml::node& node, int line, Problems& problems, std::vector<PanePreset>& panes) {
    const toml::array* array = node.as_array();
    const bool tables = array && std::all_of(array->begin(), array->end(), [](const toml::node& n) { return n.is_table(); });
    if (!tables) return problems.add(line, "panes are written as [[pane]] tables (1 to " + std::to_string(kMaxPresetPanes) + "), not " + kind_of(node));
    for (std::size_t i = 0; i < array->size(); ++i) {
        const toml::table& table = *array->get(i)->as_table();
        if (i == kMaxPresetPanes) {
            problems.add(line_of(table.source()), "a preset has at most " + std::to_string(kMaxPresetPanes) + " panes; this is pane " +
                                                      std::to_string(i + 1));
            break;
        }
        panes.push_back(read_pane(table, i + 1, problems));
    }
}

}  // namespace

PresetLoad parse_preset(const std::string& text, const std::string& file_name) {
    auto fail = [&](int line, const std::string& what) {
        return PresetLoad{std::nullopt, printable(file_name + ":" + std::to_string(line) + ": " + what)};
    };

    toml::table root;
    try {
        root = toml::parse(text, file_name);
    } catch (const toml::parse_error& error) {
        return fail(line_of(error.source()), std::string(error.description()));
    }

    Preset preset;
    preset.name = std::filesystem::path(file_name).stem().string();
    Problems problems;
    const Reader r{problems, ""};
    bool have_title = false;
    int scene_line = 0, pane_line = 0, exposure_line = 0;
    r.read_table(root, {
        {"title", [&](const toml::node& node, int line) {
             r.text("title", preset.title).read(node, line);
             have_title = node.is_string();
             if (have_title && preset.title.empty()) r.fail(line, "the title is empty");
         }},
        r.text("description", preset.description),
        r.integer("workers", -1, 64, [&](std::int64_t v) { preset.workers = static_cast<int>(v); }),
        {"scene", [&](const toml::node& node, int line) {
             scene_line = line;
             read_scene(node, line, problems, preset.scene);
         }},
        {"pane", [&](const toml::node& node, int line) {
             pane_line = line;
             read_panes(node, line, problems, preset.panes);
         }},
        {"exposure", [&](const toml::node& node, int line) {
             exposure_line = line;
             preset.exposure_scene = true;
             read_exposure(node, line, problems, preset);
         }},
    });
    if (exposure_line && (scene_line || pane_line))
        problems.add(std::max({scene_line, pane_line, exposure_line}),
                     "a preset is for one scene: either [scene] and [[pane]] (NPCs) or one [exposure] table, not both");
    if (problems.any()) return fail(problems.line, problems.what);

    // What is missing has no line of its own: it is reported against the top of the file.
    if (!have_title) return fail(1, "no title; add a line such as title = \"Async In / Async Out at 10 Hz\"");
    if (preset.panes.empty() && !preset.exposure_scene)
        return fail(1, "no [[pane]] (or [exposure] table); an NPC preset shows 1 to " + std::to_string(kMaxPresetPanes) + " panes");
    return {std::move(preset), {}};
}

PresetLoad load_preset(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {std::nullopt, printable(path) + ": cannot read the preset file"};
    std::ostringstream text;
    text << in.rdbuf();
    return parse_preset(text.str(), path);
}

std::vector<std::string> list_presets(const std::string& assets_dir) {
    return toml_stems(std::filesystem::path(assets_dir) / "presets");
}

PresetLoad load_preset_by_name(const std::string& assets_dir, const std::string& name) {
    const NamedFile file = find_named(std::filesystem::path(assets_dir) / "presets", name, "preset");
    if (file.path.empty()) return {std::nullopt, file.error, true};
    return load_preset(file.path);
}

NpcSceneConfig pane_scene_config(const Preset& preset, std::size_t pane) {
    assert(pane < preset.panes.size() && "pane_scene_config: pane index past the preset's panes; check preset.panes.size()");
    NpcSceneConfig config = preset.scene;
    config.timeslicing = preset.panes[pane].timeslicing;
    return config;
}

}  // namespace tsl
