#include "core/content/preset.h"

#include "core/content/toml_reader.h"
#include "core/base/printable.h"
#include "core/base/text_file.h"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <initializer_list>
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

// One table of `scope`'s settings, e.g. [scene]; `written_as` names it in the
// message when the key holds something else ("a [scene] table").
void read_settings_table(const toml::node& node, int line, Problems& problems, LabSettings& target, FieldScope scope,
                         const std::string& key, const std::string& written_as) {
    const Reader r{problems, key + ": "};
    const toml::table* table = node.as_table();
    if (!table) return problems.add(line, key + " should be " + written_as + ", not " + kind_of(node));
    r.read_table(*table, settings_of(r, scope, target));
}

// How one scene's array of pane tables is written and named in messages.
struct PaneArray {
    FieldScope scope;
    std::size_t max;
    std::string plural;    // "panes"
    std::string table;     // "[[pane]]"
    std::string holder;    // "a preset": "<holder> has at most <max> panes"
    std::string one_pane;  // "pane": its settings' messages start "pane 2: "
};

// An array of pane tables into `panes` (one pane each, its settings read by `kind.scope`).
template <class Pane>
void read_pane_array(const toml::node& node, int line, Problems& problems, LabSettings& target, std::vector<Pane>& panes,
                     const PaneArray& kind) {
    const toml::array* array = node.as_array();
    const bool tables = array && std::all_of(array->begin(), array->end(), [](const toml::node& n) { return n.is_table(); });
    if (!tables)
        return problems.add(line, kind.plural + " are written as " + kind.table + " tables (1 to " + std::to_string(kind.max) + "), not " +
                                      kind_of(node));
    panes.clear();
    for (std::size_t i = 0; i < array->size(); ++i) {
        const toml::table& table = *array->get(i)->as_table();
        if (i == kind.max) {
            problems.add(line_of(table.source()),
                         kind.holder + " has at most " + std::to_string(kind.max) + " panes; this is pane " + std::to_string(i + 1));
            break;
        }
        panes.emplace_back();
        const Reader r{problems, kind.one_pane + " " + std::to_string(i + 1) + ": "};
        r.read_table(table, settings_of(r, kind.scope, target, static_cast<int>(i)));
    }
}

}  // namespace

Result<Preset> parse_preset(const std::string& text, const std::string& file_name) {
    auto fail = [&](int line, const std::string& what) {
        return Failed{printable(file_name + ":" + std::to_string(line) + ": " + what)};
    };

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
    int scene_line = 0, pane_line = 0, exposure_line = 0, engine_line = 0, engine_pane_line = 0;
    std::vector<Field> top = {
        {"title", [&](const toml::node& node, int line) {
             r.text("title", preset.title).read(node, line);
             have_title = node.is_string();
             if (have_title && preset.title.empty()) r.fail(line, "the title is empty");
         }},
        r.text("description", preset.description),
    };
    add_language_fields(top, r, "", [&preset](Language language, const toml::table& words, const Reader& in) {
        PresetWords& w = preset.in_language[static_cast<std::size_t>(language)];
        in.read_table(words, {in.text("title", w.title), in.text("description", w.description)});
    });
    for (Field& f : settings_of(r, FieldScope::Threads, target)) top.push_back(std::move(f));
    for (Field& f : settings_of(r, FieldScope::Record, target)) top.push_back(std::move(f));
    top.push_back({"scene", [&](const toml::node& node, int line) {
                       scene_line = line;
                       read_settings_table(node, line, problems, target, FieldScope::World, "scene", "a [scene] table");
                   }});
    top.push_back({"pane", [&](const toml::node& node, int line) {
                       pane_line = line;
                       read_pane_array(node, line, problems, target, target.npc.panes,
                                       {FieldScope::Pane, kMaxPresetPanes, "panes", "[[pane]]", "a preset", "pane"});
                   }});
    top.push_back({"exposure", [&](const toml::node& node, int line) {
                       exposure_line = line;
                       preset.scene = SceneKind::Exposure;
                       const toml::table* table = node.as_table();
                       if (!table) return problems.add(line, "exposure should be an [exposure] table, not " + kind_of(node));
                       // One pane's settings (mode, slice) may sit in [exposure] itself, unless [[exposure_pane]]s give them.
                       const Reader er{problems, "exposure: "};
                       std::vector<Field> fields = settings_of(er, FieldScope::Exposure, target);
                       if (!root.contains("exposure_pane"))
                           for (Field& f : settings_of(er, FieldScope::ExposurePane, target, 0)) fields.push_back(std::move(f));
                       er.read_table(*table, fields);
                   }});
    top.push_back({"exposure_pane", [&](const toml::node& node, int line) {
                       exposure_line = std::max(exposure_line, line);
                       preset.scene = SceneKind::Exposure;
                       read_pane_array(node, line, problems, target, target.exposure.panes,
                                       {FieldScope::ExposurePane, std::size_t{kMaxExposurePanes}, "exposure panes", "[[exposure_pane]]",
                                        "the exposure scene", "exposure pane"});
                   }});
    top.push_back({"engine", [&](const toml::node& node, int line) {
                       engine_line = line;
                       preset.scene = SceneKind::Engine;
                       read_settings_table(node, line, problems, target, FieldScope::EngineWorld, "engine", "an [engine] table");
                   }});
    top.push_back({"engine_pane", [&](const toml::node& node, int line) {
                       engine_pane_line = line;
                       preset.scene = SceneKind::Engine;
                       read_pane_array(node, line, problems, target, target.engine.panes,
                                       {FieldScope::EnginePane, std::size_t{kMaxEnginePanes}, "engine panes", "[[engine_pane]]",
                                        "the engine scene", "engine pane"});
                   }});
    r.read_table(root, top);
    const int npc_tables = std::max(scene_line, pane_line), engine_tables = std::max(engine_line, engine_pane_line);
    if (int(npc_tables > 0) + int(exposure_line > 0) + int(engine_tables > 0) > 1)
        problems.add(std::max({npc_tables, exposure_line, engine_tables}),
                     "a preset is for one scene: either [scene] and [[pane]] (NPCs), [exposure] and [[exposure_pane]], or [engine] "
                     "and [[engine_pane]], not two of them");
    if (problems.any()) return fail(problems.line, problems.what);
    preset.workers = target.workers;
    preset.npc = std::move(target.npc);
    preset.exposure = std::move(target.exposure);
    preset.show_rays = target.show_rays;
    preset.engine = std::move(target.engine);
    preset.show_routes = target.show_routes;
    preset.record_from_step = target.recording.from_step;

    // What is missing has no line of its own: it is reported against the top of the file.
    if (!have_title) return fail(1, "no title; add a line such as title = \"Async In / Async Out at 10 Hz\"");
    if (preset.scene == SceneKind::Engine && preset.engine.panes.empty()) preset.engine.panes.emplace_back();  // [engine] alone: one default pane
    if (preset.exposure.panes.empty()) preset.exposure.panes.emplace_back();
    if (preset.npc.panes.empty() && preset.scene == SceneKind::Npc)
        return fail(1, "no [[pane]] (or [exposure] table); an NPC preset shows 1 to " + std::to_string(kMaxPresetPanes) + " panes");
    return preset;
}

Result<Preset> load_preset(const std::string& path) {
    const Result<std::string> read = read_text_file(path, kMaxPresetFileBytes, "preset file");
    if (!read) return Failed{printable(path + ": " + read.error())};
    return parse_preset(*read, path);
}

std::vector<std::string> list_presets(const std::string& assets_dir) {
    return toml_stems(std::filesystem::path(assets_dir) / "presets");
}

Result<Preset> load_preset_by_name(const std::string& assets_dir, const std::string& name) {
    const Result<std::string> file = find_named(std::filesystem::path(assets_dir) / "presets", name, "preset");
    if (!file) return file.failure();
    return load_preset(*file);
}

NpcSceneConfig pane_scene_config(const Preset& preset, std::size_t pane) {
    assert(pane < preset.npc.panes.size() && "pane_scene_config: pane index past the preset's panes; check preset.npc.panes.size()");
    return preset.npc.pane_scene(pane);
}

}  // namespace tsl
