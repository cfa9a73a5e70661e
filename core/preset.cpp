#include "preset.h"

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

// Keeps the problem nearest the top of the file, so that the first thing a
// teacher is told to fix is the first thing they meet reading down.
struct Problems {
    int line = 0;
    std::string what;

    void add(int at_line, std::string message) {
        if (line == 0 || at_line < line) {
            line = at_line;
            what = std::move(message);
        }
    }
    bool any() const { return line != 0; }
};

int line_of(const toml::source_region& region) { return std::max<int>(1, static_cast<int>(region.begin.line)); }

// How a TOML value's type reads in a message for someone who edits the file by hand.
std::string kind_of(const toml::node& node) {
    switch (node.type()) {
        case toml::node_type::integer: return "a whole number";
        case toml::node_type::floating_point: return "a decimal number";
        case toml::node_type::boolean: return "true/false";
        case toml::node_type::string: return "text";
        case toml::node_type::table: return "a table";
        case toml::node_type::array: return "an array";
        default: return "a date or time";
    }
}

std::string number_text(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

// One known key of a table and what to do with its value.
struct Field {
    const char* key;
    std::function<void(const toml::node& value, int line)> read;
};

// The reading context: the file's problems and the prefix naming where we are
// ("", "scene: ", "pane 2: ").
struct Reader {
    Problems& problems;
    std::string where;

    void fail(int line, const std::string& what) const { problems.add(line, where + what); }

    // Every key of `table` must be one of `fields`; a typo is an error, not a silent default.
    void read_table(const toml::table& table, std::initializer_list<Field> fields) const {
        for (auto&& [key, value] : table) {
            const int line = key.source().begin.line ? line_of(key.source()) : line_of(value.source());
            const auto field = std::find_if(fields.begin(), fields.end(), [&](const Field& f) { return key.str() == f.key; });
            if (field != fields.end()) {
                field->read(value, line);
                continue;
            }
            std::string known;
            for (const Field& f : fields) known += (known.empty() ? "" : ", ") + std::string(f.key);
            fail(line, "unknown key '" + std::string(key.str()) + "' (known: " + known + ")");
        }
    }

    Field integer(const char* key, std::int64_t lo, std::int64_t hi, std::function<void(std::int64_t)> set) const {
        return {key, [this, key, lo, hi, set](const toml::node& node, int line) {
                    const std::string range = std::to_string(lo) + " .. " + std::to_string(hi);
                    if (!node.is_integer())
                        return fail(line, std::string(key) + " should be a whole number (" + range + "), not " + kind_of(node));
                    const std::int64_t v = node.as_integer()->get();
                    if (v < lo || v > hi)
                        return fail(line, std::string(key) + " = " + std::to_string(v) + " is out of range (" + range + ")");
                    set(v);
                }};
    }

    Field number(const char* key, double lo, double hi, std::function<void(double)> set) const {
        return {key, [this, key, lo, hi, set](const toml::node& node, int line) {
                    const std::string range = number_text(lo) + " .. " + number_text(hi);
                    if (!node.is_number())
                        return fail(line, std::string(key) + " should be a number (" + range + "), not " + kind_of(node));
                    const double v = node.value<double>().value_or(0.0);
                    if (!(v >= lo && v <= hi))  // also rejects nan
                        return fail(line, std::string(key) + " = " + number_text(v) + " is out of range (" + range + ")");
                    set(v);
                }};
    }

    Field boolean(const char* key, bool& out) const {
        return {key, [this, key, &out](const toml::node& node, int line) {
                    if (!node.is_boolean()) return fail(line, std::string(key) + " should be true or false, not " + kind_of(node));
                    out = node.as_boolean()->get();
                }};
    }

    Field text(const char* key, std::string& out) const {
        return {key, [this, key, &out](const toml::node& node, int line) {
                    if (!node.is_string()) return fail(line, std::string(key) + " should be text in quotes, not " + kind_of(node));
                    out = node.as_string()->get();
                }};
    }

    // A name such as a mode: text that `parse` accepts, else the accepted names are listed.
    template <class T, class Parse>
    Field choice(const char* key, const char* what, Parse parse, const std::string& accepted, T& out) const {
        return {key, [this, key, what, parse, accepted, &out](const toml::node& node, int line) {
                    if (!node.is_string())
                        return fail(line, std::string(key) + " should be text in quotes (" + accepted + "), not " + kind_of(node));
                    const std::string& name = node.as_string()->get();
                    const auto parsed = parse(name);
                    if (!parsed) return fail(line, std::string("unknown ") + what + " '" + name + "' (accepted: " + accepted + ")");
                    out = *parsed;
                }};
    }
};

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
    auto fail = [&](int line, const std::string& what) { return PresetLoad{std::nullopt, file_name + ":" + std::to_string(line) + ": " + what}; };

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
    r.read_table(root, {
        {"title", [&](const toml::node& node, int line) {
             r.text("title", preset.title).read(node, line);
             have_title = node.is_string();
             if (have_title && preset.title.empty()) r.fail(line, "the title is empty");
         }},
        r.text("description", preset.description),
        r.integer("workers", -1, 64, [&](std::int64_t v) { preset.workers = static_cast<int>(v); }),
        {"scene", [&](const toml::node& node, int line) { read_scene(node, line, problems, preset.scene); }},
        {"pane", [&](const toml::node& node, int line) { read_panes(node, line, problems, preset.panes); }},
    });
    if (problems.any()) return fail(problems.line, problems.what);

    // What is missing has no line of its own: it is reported against the top of the file.
    if (!have_title) return fail(1, "no title; add a line such as title = \"Async In / Async Out at 10 Hz\"");
    if (preset.panes.empty()) return fail(1, "no [[pane]]; a preset shows 1 to " + std::to_string(kMaxPresetPanes) + " panes");
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
    namespace fs = std::filesystem;
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(fs::path(assets_dir) / "presets", ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".toml" && it->is_regular_file(ec)) names.push_back(it->path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

PresetLoad load_preset_by_name(const std::string& assets_dir, const std::string& name) {
    std::string stem = name;
    if (stem.size() > 5 && stem.ends_with(".toml")) stem.resize(stem.size() - 5);
    const std::vector<std::string> names = list_presets(assets_dir);
    if (std::find(names.begin(), names.end(), stem) == names.end()) {
        std::string available;
        for (const std::string& n : names) available += (available.empty() ? "" : ", ") + n;
        if (available.empty()) available = "none found in " + (std::filesystem::path(assets_dir) / "presets").string();
        return {std::nullopt, "unknown preset '" + name + "' (available: " + available + ")", true};
    }
    return load_preset((std::filesystem::path(assets_dir) / "presets" / (stem + ".toml")).string());
}

NpcSceneConfig pane_scene_config(const Preset& preset, std::size_t pane) {
    assert(pane < preset.panes.size() && "pane_scene_config: pane index past the preset's panes; check preset.panes.size()");
    NpcSceneConfig config = preset.scene;
    config.timeslicing = preset.panes[pane].timeslicing;
    return config;
}

}  // namespace tsl
