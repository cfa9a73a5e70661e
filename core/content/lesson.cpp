#include "core/content/lesson.h"

#include "core/content/preset.h"
#include "core/content/toml_reader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tsl {

using namespace toml_reading;

const std::vector<LessonMeasure>& lesson_measures() {
    static const std::vector<LessonMeasure> measures{
        {"input_age", "mean input age", "ms", false},
        {"max_input_age", "max input age", "ms", false},
        {"facing_error", "facing error", "deg", false},
        {"main_ms", "main thread", "ms", false},
        {"worker_ms", "workers busy", "ms", false},
        {"exposure_main_ms", "main thread", "ms", true},
        {"exposure_busy_ms", "busy threads", "ms", true},
        {"exposure_total_ms", "all threads", "ms", true},
    };
    return measures;
}

const LessonMeasure* find_measure(const std::string& name) {
    for (const LessonMeasure& m : lesson_measures())
        if (name == m.name) return &m;
    return nullptr;
}

std::optional<double> measure_value(const LessonMeasure& measure, const NpcMetricsSummary& npc) {
    const std::string_view name = measure.name;
    if (npc.frames == 0 || measure.exposure_scene) return std::nullopt;
    if (name == "input_age") return npc.mean_input_age_ms();
    if (name == "max_input_age") return npc.input_age_max_ms;
    if (name == "facing_error") return npc.mean_error_deg();
    if (name == "main_ms") return npc.mean_main_update_ms();
    if (name == "worker_ms") return npc.mean_worker_busy_ms();
    return std::nullopt;
}

std::optional<double> measure_value(const LessonMeasure& measure, const ExposureMetricsSummary& exposure) {
    const std::string_view name = measure.name;
    if (exposure.frames == 0 || !measure.exposure_scene) return std::nullopt;
    if (name == "exposure_main_ms") return exposure.mean_main_ms();
    if (name == "exposure_busy_ms") return exposure.mean_busy_ms();
    if (name == "exposure_total_ms") return exposure.mean_total_ms();
    return std::nullopt;
}

std::string measure_text(double value, const char* unit) {
    const double a = std::fabs(value);
    const char* format = a >= 100 ? "%.0f %s" : a >= 10 ? "%.1f %s" : a >= 1 ? "%.2f %s" : a == 0 ? "%.0f %s" : "%.3f %s";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, value, unit);
    return buffer;
}

std::string_view name_of(LessonPlot plot) {
    switch (plot) {
        case LessonPlot::Latency: return "latency";
        case LessonPlot::Cost: return "cost";
        case LessonPlot::Timeline: return "timeline";
    }
    return "latency";
}

namespace {

std::optional<LessonPlot> parse_plot(std::string_view text) {
    for (LessonPlot p : {LessonPlot::Latency, LessonPlot::Cost, LessonPlot::Timeline})
        if (text == name_of(p)) return p;
    return std::nullopt;
}

std::string measure_names() {
    std::string names;
    for (const LessonMeasure& m : lesson_measures()) names += (names.empty() ? "" : ", ") + std::string(m.name);
    return names;
}

// reveal = ["input_age", ...]: known measure names, at least one.
Field measures_field(const Reader& r, std::vector<std::string>& out) {
    return {"reveal", [&r, &out](const toml::node& node, int line) {
                const toml::array* array = node.as_array();
                if (!array || array->empty())
                    return r.fail(line, "reveal should be a list of measures such as [\"input_age\", \"main_ms\"] (known: " +
                                            measure_names() + ")");
                for (const toml::node& item : *array) {
                    if (!item.is_string()) return r.fail(line, "reveal lists measure names in quotes, not " + kind_of(item));
                    const std::string& name = item.as_string()->get();
                    if (!find_measure(name)) return r.fail(line, "unknown measure '" + name + "' (known: " + measure_names() + ")");
                    out.push_back(name);
                }
            }};
}

LessonStep read_step(const toml::table& table, std::size_t number, Problems& problems) {
    LessonStep step;
    step.line = line_of(table.source());
    const Reader r{problems, "step " + std::to_string(number) + ": "};
    auto required_text = [&](const char* key, std::string& out) {
        return Field{key, [&r, key, &out](const toml::node& node, int line) {
                         r.text(key, out).read(node, line);
                         if (node.is_string() && out.empty()) r.fail(line, std::string(key) + " is empty");
                     }};
    };
    r.read_table(table, {
        required_text("title", step.title),
        required_text("preset", step.preset),
        required_text("text", step.text),
        required_text("question", step.question),
        r.text("answer", step.answer),
        measures_field(r, step.reveal),
        r.choice("plot", "plot", parse_plot, "latency, cost, timeline", step.plot),
        r.integer("frames", 1, 100000, [&](std::int64_t v) { step.frames = static_cast<int>(v); }),
    });
    for (const char* key : {"title", "preset", "text", "question", "reveal"})
        if (!table.contains(key)) r.fail(step.line, std::string("no ") + key + " (every step has a title, preset, text, question and reveal)");
    return step;
}

LessonLoad failure(const std::string& file_name, int line, const std::string& what) {
    return {std::nullopt, file_name + ":" + std::to_string(line) + ": " + what};
}

}  // namespace

LessonLoad parse_lesson(const std::string& text, const std::string& file_name) {
    toml::table root;
    try {
        root = toml::parse(text, file_name);
    } catch (const toml::parse_error& error) {
        return failure(file_name, line_of(error.source()), std::string(error.description()));
    }

    Lesson lesson;
    lesson.name = std::filesystem::path(file_name).stem().string();
    Problems problems;
    const Reader r{problems, ""};
    r.read_table(root, {
        {"title", [&](const toml::node& node, int line) {
             r.text("title", lesson.title).read(node, line);
             if (node.is_string() && lesson.title.empty()) r.fail(line, "the title is empty");
         }},
        r.text("description", lesson.description),
        {"step", [&](const toml::node& node, int line) {
             const toml::array* array = node.as_array();
             const bool tables = array && std::all_of(array->begin(), array->end(), [](const toml::node& n) { return n.is_table(); });
             if (!tables) return r.fail(line, "steps are written as [[step]] tables, not " + kind_of(node));
             for (std::size_t i = 0; i < array->size(); ++i)
                 lesson.steps.push_back(read_step(*array->get(i)->as_table(), i + 1, problems));
         }},
    });
    if (problems.any()) return failure(file_name, problems.line, problems.what);
    if (lesson.title.empty()) return failure(file_name, 1, "no title; add a line such as title = \"Timeslicing batched algorithms\"");
    if (lesson.steps.empty()) return failure(file_name, 1, "no [[step]]; a lesson has at least one step");
    return {std::move(lesson), {}};
}

LessonLoad load_lesson(const std::string& path, const std::string& assets_dir) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {std::nullopt, path + ": cannot read the lesson file"};
    std::ostringstream text;
    text << in.rdbuf();
    LessonLoad loaded = parse_lesson(text.str(), path);
    if (!loaded.lesson) return loaded;

    // Each step's preset must exist and load, and its scene must measure what the reveal shows.
    for (std::size_t i = 0; i < loaded.lesson->steps.size(); ++i) {
        LessonStep& step = loaded.lesson->steps[i];
        const std::string where = "step " + std::to_string(i + 1) + ": ";
        const PresetLoad preset = load_preset_by_name(assets_dir, step.preset);
        if (!preset.preset) return failure(path, step.line, where + preset.error);
        step.exposure_scene = preset.preset->exposure_scene;
        for (const std::string& name : step.reveal) {
            if (find_measure(name)->exposure_scene == step.exposure_scene) continue;
            return failure(path, step.line,
                           where + "measure '" + name + "' is not measured by " + (step.exposure_scene ? "the exposure scene" : "the NPC scene") +
                               ", which preset '" + step.preset + "' shows");
        }
        if (step.exposure_scene && step.plot && *step.plot != LessonPlot::Timeline)
            return failure(path, step.line, where + "the exposure scene has no " + std::string(name_of(*step.plot)) + " plot; use plot = \"timeline\"");
    }
    return loaded;
}

std::vector<std::string> list_lessons(const std::string& assets_dir) {
    return toml_stems(std::filesystem::path(assets_dir) / "lessons");
}

LessonLoad load_lesson_by_name(const std::string& assets_dir, const std::string& name) {
    const NamedFile file = find_named(std::filesystem::path(assets_dir) / "lessons", name, "lesson");
    if (file.path.empty()) return {std::nullopt, file.error, true};
    return load_lesson(file.path, assets_dir);
}

int sentence_count(const std::string& text) {
    int count = 0;
    bool words = false;  // something since the last sentence ended
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (!std::isspace(static_cast<unsigned char>(c))) words = true;
        if (c != '.' && c != '?' && c != '!') continue;
        const bool at_break = i + 1 == text.size() || std::isspace(static_cast<unsigned char>(text[i + 1]));
        const bool abbreviation = c == '.' && i >= 3 && (text.compare(i - 3, 3, "e.g") == 0 || text.compare(i - 3, 3, "i.e") == 0);
        if (at_break && !abbreviation && words) {
            ++count;
            words = false;
        }
    }
    return count + (words ? 1 : 0);  // a last sentence without its full stop still counts
}

}  // namespace tsl
