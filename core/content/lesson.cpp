// lesson.cpp — the lessons: what a reveal can measure, reading a lesson file,
// a step's words in each language, checking its presets, counting sentences.
//
// [SECTION] Measures a reveal shows
// [SECTION] Reading a lesson file
// [SECTION] Terms and a step's words in a language
// [SECTION] Loading: the steps' presets and measures
#include "core/content/lesson.h"

#include "core/content/preset.h"
#include "core/content/quiz.h"
#include "core/content/toml_reader.h"
#include "core/base/printable.h"
#include "core/base/text_file.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>

namespace tsl {

using namespace toml_reading;

// --- [SECTION] Measures a reveal shows -------------------------------------------------

const std::vector<LessonMeasure>& lesson_measures() {
    using NpcSummary = NpcMetricsSummary;
    using ExposureSummary = ExposureMetricsSummary;
    constexpr MeasureKind counted = MeasureKind::Counted, timed = MeasureKind::Timed;
    static const std::vector<LessonMeasure> measures{
        {"input_age", "mean input age", "ms", counted, [](const NpcSummary& s) { return s.mean_input_age_ms(); }},
        {"max_input_age", "max input age", "ms", counted, [](const NpcSummary& s) { return s.input_age_max_ms; }},
        {"facing_error", "facing error", "deg", counted, [](const NpcSummary& s) { return s.mean_error_deg(); }},
        {"jobs_per_step", "jobs per step", "jobs", counted, [](const NpcSummary& s) { return s.mean_jobs_started(); }},
        {"decision_moments", "moments behind the decisions", "moments", counted,
         [](const NpcSummary& s) { return s.mean_decision_moments(); }},
        {"end_to_end_age", "acted-on age", "ms", counted, [](const NpcSummary& s) { return s.mean_end_to_end_age_ms(); }},
        {"map_moments", "moments in the map", "moments", counted, [](const NpcSummary& s) { return s.mean_map_moments(); }},
        {"map_split", "map split", "% of frames", counted, [](const NpcSummary& s) { return s.map_split_percent(); }},
        {"main_ms", "main thread", "ms", timed, [](const NpcSummary& s) { return s.mean_main_update_ms(); },
         [](const NpcSummary& s) { return s.main_update_ms.spread(); }},
        {"worker_ms", "workers busy", "ms", timed, [](const NpcSummary& s) { return s.mean_worker_busy_ms(); },
         [](const NpcSummary& s) { return s.worker_busy_ms.spread(); }},
        {"exposure_main_ms", "main thread", "ms", timed, [](const ExposureSummary& s) { return s.mean_main_ms(); },
         [](const ExposureSummary& s) { return s.main_ms.spread(); }},
        {"exposure_busy_ms", "busy threads", "ms", timed, [](const ExposureSummary& s) { return s.mean_busy_ms(); },
         [](const ExposureSummary& s) { return s.busy_ms.spread(); }},
        {"exposure_total_ms", "all threads", "ms", timed, [](const ExposureSummary& s) { return s.mean_total_ms(); },
         [](const ExposureSummary& s) { return s.total_ms.spread(); }},
        {"exposure_cells", "cells per step", "cells", counted, [](const ExposureSummary& s) { return s.mean_cells(); }},
        {"exposure_map_age", "map age", "steps", counted, [](const ExposureSummary& s) { return s.mean_map_age(); }},
        {"exposure_map_age_max", "oldest map", "steps", counted,
         [](const ExposureSummary& s) { return static_cast<double>(s.map_age_max); }},
        {"exposure_wait_ms", "main thread waiting", "ms", timed, [](const ExposureSummary& s) { return s.mean_wait_ms(); },
         [](const ExposureSummary& s) { return s.wait_ms.spread(); }},
        {"exposure_waited", "steps that waited", "%", timed, [](const ExposureSummary& s) { return s.waited_percent(); }},
        {"exposure_frame_ms", "one step (the budget)", "ms", counted, [](const ExposureSummary& s) { return s.frame_ms; }},
        {"exposure_seen", "character seen", "s a minute", counted, [](const ExposureSummary& s) { return s.seen_s_per_minute(); }},
        {"engine_tick_ms", "main thread per tick", "ms", timed, [](const EngineSummary& s) { return s.mean_tick_ms(); },
         [](const EngineSummary& s) { return s.tick_ms.spread(); }},
        {"engine_wait_ms", "main thread waiting", "ms", timed, [](const EngineSummary& s) { return s.mean_wait_ms(); },
         [](const EngineSummary& s) { return s.wait_ms.spread(); }},
        {"engine_merge_ms", "merge + distribute", "ms", timed, [](const EngineSummary& s) { return s.mean_merge_ms(); },
         [](const EngineSummary& s) { return s.merge_ms.spread(); }},
        {"engine_work_ms", "work, all threads", "ms", timed, [](const EngineSummary& s) { return s.mean_work_ms(); },
         [](const EngineSummary& s) { return s.work_ms.spread(); }},
        {"engine_lock_wait_ms", "lock waits", "ms", timed, [](const EngineSummary& s) { return s.mean_lock_wait_ms(); },
         [](const EngineSummary& s) { return s.lock_wait_ms.spread(); }},
        {"engine_contended", "posts that waited", "%", timed, [](const EngineSummary& s) { return s.contended_percent(); }},
        {"engine_ai_staleness", "AI copy staleness", "ticks", counted,
         [](const EngineSummary& s) { return s.mean_staleness(index_of(SystemId::Ai)); }},
        {"engine_ai_age", "age of AI changes", "ticks", counted, [](const EngineSummary& s) { return s.ai_change_age(); }},
        {"engine_ai_run_ticks", "AI run length", "ticks", timed, [](const EngineSummary& s) { return s.mean_run_ticks(index_of(SystemId::Ai)); }},
        {"engine_conflicts", "conflicts", "per tick", counted, [](const EngineSummary& s) { return s.mean_conflicts(); }},
        {"engine_ai_won", "won by the AI", "%", counted, [](const EngineSummary& s) { return s.ai_won_percent(); }},
        {"engine_subtasks", "work calls", "per tick", timed, [](const EngineSummary& s) { return s.mean_subtasks(); }},
        {"engine_routes_reused", "tickets shared or reused", "%", counted, [](const EngineSummary& s) { return s.shared_percent(); }},
        {"engine_tickets", "tickets", "per tick", counted,
         [](const EngineSummary& s) { return s.per_tick(static_cast<double>(s.routes_asked)); }},
        {"engine_tickets_shared", "shared", "per tick", counted,
         [](const EngineSummary& s) { return s.per_tick(static_cast<double>(s.routes_shared)); }},
        {"engine_tickets_cached", "cached", "per tick", counted,
         [](const EngineSummary& s) { return s.per_tick(static_cast<double>(s.routes_cached)); }},
        {"engine_searches", "searched", "per tick", counted,
         [](const EngineSummary& s) { return s.per_tick(static_cast<double>(s.searches)); }},
        {"engine_search_ms", "search work", "ms per tick", timed, [](const EngineSummary& s) { return s.mean_search_ms(); }},
    };
    return measures;
}

const LessonMeasure* find_measure(const std::string& name) {
    for (const LessonMeasure& m : lesson_measures())
        if (name == m.name) return &m;
    return nullptr;
}

std::optional<double> measure_value(const LessonMeasure& measure, const NpcMetricsSummary& npc) {
    if (npc.frames == 0 || !measure.npc) return std::nullopt;
    return measure.npc(npc);
}

std::optional<double> measure_value(const LessonMeasure& measure, const ExposureMetricsSummary& exposure) {
    if (exposure.frames == 0 || !measure.exposure) return std::nullopt;
    return measure.exposure(exposure);
}

std::optional<double> measure_value(const LessonMeasure& measure, const EngineSummary& engine) {
    if (engine.ticks == 0 || !measure.engine) return std::nullopt;
    return measure.engine(engine);
}

std::optional<double> measure_spread(const LessonMeasure& measure, const NpcMetricsSummary& npc) {
    if (npc.frames < 2 || !measure.npc_spread) return std::nullopt;
    return measure.npc_spread(npc);
}

std::optional<double> measure_spread(const LessonMeasure& measure, const ExposureMetricsSummary& exposure) {
    if (exposure.frames < 2 || !measure.exposure_spread) return std::nullopt;
    return measure.exposure_spread(exposure);
}

std::optional<double> measure_spread(const LessonMeasure& measure, const EngineSummary& engine) {
    if (engine.ticks < 2 || !measure.engine_spread) return std::nullopt;
    return measure.engine_spread(engine);
}

std::string measure_number(double value) {
    const double a = std::fabs(value);
    const char* format = a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : a == 0 ? "%.0f" : "%.3f";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, value);
    return buffer;
}

std::string measure_text(double value, const char* unit, const Words& tr) { return measure_number(value) + " " + std::string(tr.of(unit)); }

std::string_view name_of(LessonPlot plot) {
    switch (plot) {
        case LessonPlot::Latency: return "latency";
        case LessonPlot::Cost: return "cost";
        case LessonPlot::Timeline: return "timeline";
        case LessonPlot::Staleness: return "staleness";
        case LessonPlot::Seen: return "seen";
        case LessonPlot::Timing: return "timing";
    }
    return "latency";
}

// --- [SECTION] Reading a lesson file ---------------------------------------------------

namespace {

std::optional<LessonPlot> parse_plot(std::string_view text) {
    for (LessonPlot p : {LessonPlot::Latency, LessonPlot::Cost, LessonPlot::Timeline, LessonPlot::Staleness, LessonPlot::Seen, LessonPlot::Timing})
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

// expect = ["input_age between 0.45 T and 0.55 T", ...]: expectations that read (expectation.h).
Field expectations_field(const Reader& r, std::vector<Expectation>& out) {
    return {"expect", [&r, &out](const toml::node& node, int line) {
                const toml::array* array = node.as_array();
                if (!array) return r.fail(line, "expect should be a list of checks such as [\"input_age between 0.45 T and 0.55 T\"]");
                for (const toml::node& item : *array) {
                    if (!item.is_string()) return r.fail(line, "expect lists checks in quotes, not " + kind_of(item));
                    Result<Expectation> e = parse_expectation(item.as_string()->get());
                    if (!e) return r.fail(line, "expect: " + e.error() + " in '" + item.as_string()->get() + "'");
                    out.push_back(std::move(*e));
                }
            }};
}

// guess = "A input_age in T": a guess that reads (guess.h), of a measure the step reveals.
Field guess_field(const Reader& r, std::optional<LessonGuess>& out) {
    return {"guess", [&r, &out](const toml::node& node, int line) {
                if (!node.is_string()) return r.fail(line, "guess should be text such as \"A input_age in T\", not " + kind_of(node));
                Result<LessonGuess> g = parse_guess(node.as_string()->get());
                if (!g) return r.fail(line, "guess: " + g.error());
                out = std::move(*g);
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
    std::vector<Field> fields{
        required_text("title", step.title),
        required_text("preset", step.preset),
        required_text("text", step.text),
        required_text("question", step.question),
        r.text("answer", step.answer),
        measures_field(r, step.reveal),
        expectations_field(r, step.expect),
        guess_field(r, step.guess),
        r.choice("plot", "plot", parse_plot, "latency, cost, timeline, staleness, seen, timing", step.plot),
        r.integer("frames", 1, LessonStep::kMaxFrames, [&](std::int64_t v) { step.frames = static_cast<int>(v); }),
    };
    add_language_fields(fields, r, "step.", [&step](Language language, const toml::table& words, const Reader& in) {
        StepText& t = step.in_language[static_cast<std::size_t>(language)];
        in.read_table(words, {in.text("title", t.title), in.text("text", t.text), in.text("question", t.question), in.text("answer", t.answer)});
    });
    r.read_table(table, fields);
    for (const char* key : {"title", "preset", "text", "question", "reveal"})
        if (!table.contains(key)) r.fail(step.line, std::string("no ") + key + " (every step has a title, preset, text, question and reveal)");
    if (step.guess && step.guess->kind != LessonGuess::Kind::Mode && std::find(step.reveal.begin(), step.reveal.end(), step.guess->measure) == step.reveal.end())
        r.fail(step.line, "guess '" + step.guess->text + "' is of " + step.guess->measure + ", which the step does not reveal (add it to reveal)");
    return step;
}

}  // namespace

Result<Lesson> parse_lesson(const std::string& text, const std::string& file_name) {
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
    std::vector<Field> fields{
        {"title", [&](const toml::node& node, int line) {
             r.text("title", lesson.title).read(node, line);
             if (node.is_string() && lesson.title.empty()) r.fail(line, "the title is empty");
         }},
        r.text("description", lesson.description),
        {"terms", [&](const toml::node& node, int line) {
             const toml::table* table = node.as_table();
             if (!table) return r.fail(line, "terms are written as a [terms] table, not " + kind_of(node));
             for (const auto& [key, value] : *table) {
                 const int at = line_of(key.source());
                 if (!value.is_string() || value.as_string()->get().empty())
                     return r.fail(at, "terms: " + std::string(key.str()) + " should be what it means, as text in quotes");
                 lesson.terms.push_back({std::string(key.str()), value.as_string()->get()});
             }
         }},
        {"step", [&](const toml::node& node, int line) {
             const toml::array* array = node.as_array();
             const bool tables = array && std::all_of(array->begin(), array->end(), [](const toml::node& n) { return n.is_table(); });
             if (!tables) return r.fail(line, "steps are written as [[step]] tables, not " + kind_of(node));
             for (std::size_t i = 0; i < array->size(); ++i)
                 lesson.steps.push_back(read_step(*array->get(i)->as_table(), i + 1, problems));
         }},
    };
    struct TranslatedTerm {
        std::string where, name;
        int line;
    };
    std::vector<TranslatedTerm> translated_terms;  // checked once the English [terms] are all read
    add_language_fields(fields, r, "", [&](Language language, const toml::table& words, const Reader& in) {
        LessonWords& w = lesson.in_language[static_cast<std::size_t>(language)];
        in.read_table(words, {
            in.text("title", w.title),
            in.text("description", w.description),
            {"terms", [&](const toml::node& node, int line) {
                 const toml::table* table = node.as_table();
                 if (!table) return in.fail(line, "terms are written as a [" + std::string(language_code(language)) + ".terms] table, not " + kind_of(node));
                 for (const auto& [key, value] : *table) {
                     if (!value.is_string()) return in.fail(line_of(key.source()), "terms: " + std::string(key.str()) + " should be text in quotes");
                     w.terms.emplace(std::string(key.str()), value.as_string()->get());
                     translated_terms.push_back({in.where, std::string(key.str()), line_of(key.source())});
                 }
             }},
        });
    });
    r.read_table(root, fields);
    for (const TranslatedTerm& t : translated_terms)
        if (std::none_of(lesson.terms.begin(), lesson.terms.end(), [&](const LessonTerm& term) { return term.name == t.name; }))
            problems.add(t.line, t.where + "terms: " + t.name + " is not a term of the lesson's [terms]");
    if (problems.any()) return failure(file_name, problems.line, problems.what);
    if (lesson.title.empty()) return failure(file_name, 1, "no title; add a line such as title = \"Timeslicing batched algorithms\"");
    if (lesson.steps.empty()) return failure(file_name, 1, "no [[step]]; a lesson has at least one step");
    for (const LessonTerm& term : lesson.terms) {
        bool used = false;
        for (int i = 0; i < static_cast<int>(lesson.steps.size()) && !used; ++i)
            for (const LessonTerm* t : terms_used(lesson, i, true)) used |= t == &term;
        if (!used) return failure(file_name, 1, "terms: no step uses " + term.name + " (a term is defined where a step uses it)");
    }
    return lesson;
}

// --- [SECTION] Terms and a step's words in a language ------------------------------------

namespace {

bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

// `name` in `text` as a word of its own: no letter before it (a number may
// be: "1.5T"), no letter or digit after it.
bool uses_term(const std::string& text, const std::string& name) {
    for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
        const std::size_t end = at + name.size();
        const bool open_before = at == 0 || !is_letter(text[at - 1]);
        const bool open_after = end == text.size() || !(is_letter(text[end]) || std::isdigit(static_cast<unsigned char>(text[end])));
        if (open_before && open_after) return true;
    }
    return false;
}

}  // namespace

std::vector<const LessonTerm*> terms_used(const Lesson& lesson, int step, bool revealed) {
    std::vector<const LessonTerm*> used;
    if (step < 0 || step >= static_cast<int>(lesson.steps.size())) return used;
    const LessonStep& s = lesson.steps[static_cast<std::size_t>(step)];
    std::vector<const std::string*> texts{&s.text, &s.question};
    if (revealed) texts.push_back(&s.answer);
    for (const LessonTerm& term : lesson.terms)
        if (std::any_of(texts.begin(), texts.end(), [&](const std::string* t) { return uses_term(*t, term.name); })) used.push_back(&term);
    return used;
}

ShownStepText step_text(const LessonStep& step, Language language) {
    ShownStepText shown{{step.title, step.text, step.question, step.answer}, true};
    if (language == Language::En) return shown;
    const StepText& in = step.in_language[static_cast<std::size_t>(language)];
    for (const auto& [mine, english] : {std::pair{&in.title, &shown.text.title}, {&in.text, &shown.text.text},
                                        {&in.question, &shown.text.question}, {&in.answer, &shown.text.answer}}) {
        if (!mine->empty()) *english = *mine;
        else if (!english->empty()) shown.whole = false;
    }
    return shown;
}

const std::string& lesson_title(const Lesson& lesson, Language language) {
    const std::string& title = lesson.in_language[static_cast<std::size_t>(language)].title;
    return language == Language::En || title.empty() ? lesson.title : title;
}

const std::string& term_meaning(const Lesson& lesson, const LessonTerm& term, Language language) {
    const auto& terms = lesson.in_language[static_cast<std::size_t>(language)].terms;
    const auto it = terms.find(term.name);
    return language == Language::En || it == terms.end() ? term.meaning : it->second;
}

// --- [SECTION] Loading: the steps' presets and measures ------------------------------------

Result<Lesson> load_lesson(const std::string& path, const std::string& assets_dir) {
    const Result<std::string> read = read_text_file(path, kMaxLessonFileBytes, "lesson file");
    if (!read) return Failed{printable(path + ": " + read.error())};
    Result<Lesson> loaded = parse_lesson(*read, path);
    if (!loaded) return loaded;

    // Each step's preset must exist and load, and its scene must measure what the reveal shows.
    for (std::size_t i = 0; i < loaded->steps.size(); ++i) {
        LessonStep& step = loaded->steps[i];
        const std::string where = "step " + std::to_string(i + 1) + ": ";
        const Result<Preset> preset = load_preset_by_name(assets_dir, step.preset);
        if (!preset) return failure(path, step.line, where + preset.error());
        step.scene = preset->scene;
        const char* scene = step.scene == SceneKind::Exposure ? "the exposure scene" : step.scene == SceneKind::Engine ? "the engine scene" : "the NPC scene";
        auto measured_here = [&](const std::string& name) {
            const LessonMeasure* m = find_measure(name);
            return m->scene() == step.scene;
        };
        for (const std::string& name : step.reveal) {
            if (measured_here(name)) continue;
            return failure(path, step.line, where + "measure '" + name + "' is not measured by " + scene + ", which preset '" + step.preset + "' shows");
        }
        for (const Expectation& e : step.expect) {
            const int last = expectation_last_step(e);
            if (last >= static_cast<int>(i))
                return failure(path, step.line, where + "expect '" + e.text + "' refers to step " + std::to_string(last + 1) +
                                                    ", which the class has not run yet (only earlier steps can be referred to)");
            if (!measured_here(e.measure) || (!e.value.measure.empty() && e.value.step < 0 && !measured_here(e.value.measure)) ||
                (!e.high.measure.empty() && e.high.step < 0 && !measured_here(e.high.measure)))
                return failure(path, step.line, where + "expect '" + e.text + "' uses a measure that " + scene + " (preset '" + step.preset + "') does not give");
            for (const ExpectOperand* o : {&e.value, &e.high}) {
                if (o->measure.empty() || o->step < 0) continue;
                const LessonStep& then = loaded->steps[static_cast<std::size_t>(o->step)];
                const LessonMeasure* m = find_measure(o->measure);
                if (m->scene() != then.scene)
                    return failure(path, step.line, where + "expect '" + e.text + "': step " + std::to_string(o->step + 1) + " does not measure " + o->measure);
            }
            if ((e.value.of_T || e.high.of_T) && step.scene != SceneKind::Npc)
                return failure(path, step.line, where + "expect '" + e.text + "': T, the batch period, is the NPC scene's");
        }
        if (step.guess) {
            const std::size_t panes = step.scene == SceneKind::Exposure ? preset->exposure.panes.size()
                                      : step.scene == SceneKind::Engine ? preset->engine.panes.size()
                                                                         : preset->npc.panes.size();
            if (step.guess->kind == LessonGuess::Kind::Mode && step.scene != SceneKind::Npc)
                return failure(path, step.line, where + "guess '" + step.guess->text + "': only the NPC scene's panes have a mode to guess");
            if (step.guess->is_choice() && step.guess->kind != LessonGuess::Kind::Mode && panes < 2)
                return failure(path, step.line, where + "guess '" + step.guess->text + "' asks which pane, but preset '" + step.preset + "' has one pane");
            if ((!step.guess->is_choice() || step.guess->kind == LessonGuess::Kind::Mode) && static_cast<std::size_t>(step.guess->pane) >= panes)
                return failure(path, step.line, where + "guess '" + step.guess->text + "' names pane " + std::string(1, static_cast<char>('A' + step.guess->pane)) +
                                                    ", but preset '" + step.preset + "' has " + std::to_string(panes) + " pane" + (panes == 1 ? "" : "s"));
        }
        if (step.scene == SceneKind::Exposure && (step.plot == LessonPlot::Latency || step.plot == LessonPlot::Cost || step.plot == LessonPlot::Timing))
            return failure(path, step.line, where + "the exposure scene has no " + std::string(name_of(*step.plot)) + " plot; use staleness, seen or timeline");
        if (step.scene == SceneKind::Engine && (step.plot == LessonPlot::Latency || step.plot == LessonPlot::Seen || step.plot == LessonPlot::Timing))
            return failure(path, step.line, where + "the engine scene has no " + std::string(name_of(*step.plot)) + " plot; use staleness, cost or timeline");
        if (step.scene == SceneKind::Npc && (step.plot == LessonPlot::Staleness || step.plot == LessonPlot::Seen))
            return failure(path, step.line, where + "the NPC scene has no " + std::string(name_of(*step.plot)) + " plot; use latency, cost or timeline");
    }
    return loaded;
}

std::vector<std::string> list_lessons(const std::string& assets_dir) {
    return toml_stems(std::filesystem::path(assets_dir) / "lessons");
}

Result<Lesson> load_lesson_by_name(const std::string& assets_dir, const std::string& name) {
    if (const std::optional<std::uint32_t> seed = quiz_seed(name)) return make_mode_quiz(*seed, assets_dir);
    const Result<std::string> file = find_named(std::filesystem::path(assets_dir) / "lessons", name, "lesson");
    if (!file) return file.failure();
    return load_lesson(*file, assets_dir);
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
