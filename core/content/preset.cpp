#include "core/content/preset.h"

#include "core/content/toml_reader.h"

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

// Every field of `scope` that presets may set, as the keys of one table.
std::vector<Field> settings_of(const Reader& r, FieldScope scope, LabSettings& target, int pane = -1) {
    std::vector<Field> fields;
    for (const FieldSpec& spec : settings_schema())
        if (spec.scope == scope && spec.in_presets()) fields.push_back(r.setting(spec, target, pane));
    return fields;
}

void read_scene(const toml::node& node, int line, Problems& problems, LabSettings& target) {
    const Reader r{problems, "scene: "};
    const toml::table* table = node.as_table();
    if (!table) return problems.add(line, "scene should be a [scene] table, not " + kind_of(node));
    r.read_table(*table, settings_of(r, FieldScope::World, target));
}

void read_exposure(const toml::node& node, int line, Problems& problems, LabSettings& target) {
    const Reader r{problems, "exposure: "};
    const toml::table* table = node.as_table();
    if (!table) return problems.add(line, "exposure should be an [exposure] table, not " + kind_of(node));
    r.read_table(*table, settings_of(r, FieldScope::Exposure, target));
}

void read_panes(const toml::node& node, int line, Problems& problems, LabSettings& target) {
    const toml::array* array = node.as_array();
    const bool tables = array && std::all_of(array->begin(), array->end(), [](const toml::node& n) { return n.is_table(); });
    if (!tables) return problems.add(line, "panes are written as [[pane]] tables (1 to " + std::to_string(kMaxPresetPanes) + "), not " + kind_of(node));
    target.npc.panes.clear();
    for (std::size_t i = 0; i < array->size(); ++i) {
        const toml::table& table = *array->get(i)->as_table();
        if (i == kMaxPresetPanes) {
            problems.add(line_of(table.source()), "a preset has at most " + std::to_string(kMaxPresetPanes) + " panes; this is pane " +
                                                      std::to_string(i + 1));
            break;
        }
        target.npc.panes.emplace_back();
        const Reader r{problems, "pane " + std::to_string(i + 1) + ": "};
        r.read_table(table, settings_of(r, FieldScope::Pane, target, static_cast<int>(i)));
    }
}

}  // namespace

PresetLoad parse_preset(const std::string& text, const std::string& file_name) {
    auto fail = [&](int line, const std::string& what) { return PresetLoad{std::nullopt, file_name + ":" + std::to_string(line) + ": " + what}; };

    toml::table root;
    try {
        root = toml::parse(text, file_name);
    } catch (const toml::parse_error& error) {
        return fail(line_of(error.source()), std::string(error.description()));
    }

    Preset preset;
    preset.name = std::filesystem::path(file_name).stem().string();
    LabSettings target;  // what the file sets, on the defaults
    target.npc.panes.clear();
    Problems problems;
    const Reader r{problems, ""};
    bool have_title = false;
    int scene_line = 0, pane_line = 0, exposure_line = 0;
    std::vector<Field> top = {
        {"title", [&](const toml::node& node, int line) {
             r.text("title", preset.title).read(node, line);
             have_title = node.is_string();
             if (have_title && preset.title.empty()) r.fail(line, "the title is empty");
         }},
        r.text("description", preset.description),
    };
    for (Field& f : settings_of(r, FieldScope::Threads, target)) top.push_back(std::move(f));
    for (Field& f : settings_of(r, FieldScope::Record, target)) top.push_back(std::move(f));
    top.push_back({"scene", [&](const toml::node& node, int line) {
                       scene_line = line;
                       read_scene(node, line, problems, target);
                   }});
    top.push_back({"pane", [&](const toml::node& node, int line) {
                       pane_line = line;
                       read_panes(node, line, problems, target);
                   }});
    top.push_back({"exposure", [&](const toml::node& node, int line) {
                       exposure_line = line;
                       preset.exposure_scene = true;
                       read_exposure(node, line, problems, target);
                   }});
    r.read_table(root, top);
    if (exposure_line && (scene_line || pane_line))
        problems.add(std::max({scene_line, pane_line, exposure_line}),
                     "a preset is for one scene: either [scene] and [[pane]] (NPCs) or one [exposure] table, not both");
    if (problems.any()) return fail(problems.line, problems.what);
    preset.workers = target.workers;
    preset.npc = std::move(target.npc);
    preset.exposure = std::move(target.exposure);
    preset.show_rays = target.show_rays;
    preset.record_from_step = target.recording.from_step;

    // What is missing has no line of its own: it is reported against the top of the file.
    if (!have_title) return fail(1, "no title; add a line such as title = \"Async In / Async Out at 10 Hz\"");
    if (preset.npc.panes.empty() && !preset.exposure_scene)
        return fail(1, "no [[pane]] (or [exposure] table); an NPC preset shows 1 to " + std::to_string(kMaxPresetPanes) + " panes");
    return {std::move(preset), {}};
}

PresetLoad load_preset(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {std::nullopt, path + ": cannot read the preset file"};
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
    assert(pane < preset.npc.panes.size() && "pane_scene_config: pane index past the preset's panes; check preset.npc.panes.size()");
    return preset.npc.pane_scene(pane);
}

}  // namespace tsl
