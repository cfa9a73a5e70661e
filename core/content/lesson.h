// lesson.h — guided lessons for the classroom, as TOML files in
// assets/lessons/ (the same family as presets): a list of steps, each of which
// loads a preset, says what it shows in a few sentences, asks the class to
// predict what they will see, and on reveal shows numbers measured from the
// running simulation (never written in the file).
//
// File format (`#` starts a comment):
//
//   title = "Timeslicing batched algorithms"   # required
//   description = "One line on what the lesson covers."
//
//   [terms]                  # optional: symbols the steps use, and what each means
//   T = "one batch: ..."     # shown on the card of the first step the class meets it on
//                            # (in its text, question, or once revealed its answer), so
//                            # that a step opened by a link defines it too
//
//   [[step]]                 # 1 or more, in order
//   title = "Update all"     # required, short
//   preset = "update-all"    # required: a preset in assets/presets
//   text = "..."             # required: two to four sentences
//   question = "..."         # required: what should the class predict?
//   answer = "..."           # optional: a sentence shown with the numbers (no numbers in it)
//   reveal = ["input_age", "main_ms"]   # required: what to measure (see lesson_measures())
//   expect = ["input_age between 0.45 T and 0.55 T", "B main_ms < 0.1 x A main_ms"]
//                            # what the reveal will show, as checks (expectation.h): the card
//                            # shows each met or not; lesson-check fails on one not met
//   guess = "A input_age in T"   # optional: what the class may guess before the reveal, in the step's
//                            # own terms — a number ("A input_age", "A input_age in T") or a choice
//                            # of pane ("lowest input_age", "highest map_split") or of mode ("A mode");
//                            # the measure is one of `reveal` (core/content/guess.h). The reveal sets the guess beside the
//                            # measured value and the model's, and the results board keeps it.
//   plot = "latency"         # the presenter view's plot: latency | cost | timeline | staleness | seen | timing
//                            # (default: latency for NPC presets, timeline for exposure and engine;
//                            # NPC: latency, cost, timing (the timing diagram once revealed: it
//                            # names the mode); engine: staleness, cost; exposure: staleness
//                            # (the map's age), seen (time the character is seen))
//   frames = 150             # steps a screenshot runs before its picture, 1 .. 100000
//
// The lesson in the articles' languages (core/base/language.h): a table per
// language beside the English it translates, every key optional (what one
// leaves out shows in English, and the card says so):
//
//   [zh-Hant]                # after the lesson's title (and [zh-Hans] likewise)
//   title = "批次演算法的時域切割"
//   description = "..."
//   [zh-Hant.terms]          # a term's meaning, by the [terms] name
//   T = "..."
//
//   [[step]]
//   title = "..."            # the step's English, as above
//   ...
//   [step.zh-Hant]           # after its step: the step's text in that language
//   title = "..."
//   text = "..."
//   question = "..."
//   answer = "..."
//
// Errors: loading never throws; a failed load (core/base/result.h) says
// "file:line: what is wrong" (syntax, unknown keys, wrong types, a preset that
// does not exist or does not load, a measure the preset's scene cannot give,
// an expectation that does not read or refers to a later step, a guess that
// does not read, is not of a revealed measure or names a pane the preset lacks).
//
// Threading: plain functions, safe to call from any thread.
#pragma once

#include "core/base/language.h"
#include "core/base/result.h"
#include "core/content/expectation.h"
#include "core/content/guess.h"
#include "core/engine/engine_scene.h"
#include "core/exposure/exposure_scene.h"
#include "core/npc/npc_scene.h"
#include "core/settings/scene_kind.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tsl {

// A number a reveal can show, and the scene that measures it: exactly one of
// the three readings is set, and reads the number from that scene's summary.
// A measure of time has a spread too (its standard deviation over the steps).
enum class MeasureKind : std::uint8_t {
    Counted,  // frames, jobs, cells, shares of counts: the same on every machine for the same settings
    Timed,    // times, and what threads racing decide (lock contention, merged sub-tasks): machine-dependent
};
struct LessonMeasure {
    using NpcReading = double (*)(const NpcMetricsSummary&);
    using ExposureReading = double (*)(const ExposureMetricsSummary&);
    using EngineReading = double (*)(const EngineSummary&);

    LessonMeasure(const char* measure, const char* text, const char* units, MeasureKind kind, NpcReading read, NpcReading spread_of = nullptr)
        : name(measure), label(text), unit(units), timed(kind == MeasureKind::Timed), npc(read), npc_spread(spread_of) {}
    LessonMeasure(const char* measure, const char* text, const char* units, MeasureKind kind, ExposureReading read,
                  ExposureReading spread_of = nullptr)
        : name(measure), label(text), unit(units), timed(kind == MeasureKind::Timed), exposure(read), exposure_spread(spread_of) {}
    LessonMeasure(const char* measure, const char* text, const char* units, MeasureKind kind, EngineReading read,
                  EngineReading spread_of = nullptr)
        : name(measure), label(text), unit(units), timed(kind == MeasureKind::Timed), engine(read), engine_spread(spread_of) {}

    // The scene that measures it: the one whose summary it reads.
    SceneKind scene() const { return exposure ? SceneKind::Exposure : engine ? SceneKind::Engine : SceneKind::Npc; }

    const char* name;   // "input_age"
    const char* label;  // "mean input age"
    const char* unit;   // "ms"
    bool timed;         // MeasureKind::Timed
    NpcReading npc = nullptr, npc_spread = nullptr;  // measured by the NPC scene's panes
    ExposureReading exposure = nullptr, exposure_spread = nullptr;
    EngineReading engine = nullptr, engine_spread = nullptr;
};
// Every measure: NPC scene — input_age, max_input_age, facing_error,
// jobs_per_step, decision_moments (distinct frames behind the decisions in
// use, on a ring), end_to_end_age (the age of what the NPCs act on, through
// the danger map if on), map_moments (distinct frames behind the map's
// cells), map_split (% of frames the map shows the target in other than one
// cell), main_ms, worker_ms; exposure scene — exposure_main_ms,
// exposure_busy_ms, exposure_total_ms, exposure_cells, exposure_map_age,
// exposure_map_age_max, exposure_wait_ms, exposure_waited (% of steps whose
// gather found jobs unfinished), exposure_frame_ms (one step), exposure_seen
// (seconds a minute the shy character ends a step in the eye's sight);
// engine scene (docs/engine.md, section 7) —
// engine_tick_ms, engine_wait_ms, engine_merge_ms, engine_work_ms,
// engine_lock_wait_ms, engine_contended, engine_ai_staleness, engine_ai_age,
// engine_ai_run_ticks (the AI's runs, ticks from start to merge),
// engine_conflicts, engine_ai_won, engine_subtasks, engine_routes_reused,
// engine_tickets (asked), engine_tickets_shared (a search still pending),
// engine_tickets_cached (a route found already), engine_searches (new), each
// per tick, and engine_search_ms (the searches' work, every thread's).
const std::vector<LessonMeasure>& lesson_measures();
const LessonMeasure* find_measure(const std::string& name);

// The averages behind a reveal, since the step started (or its settings last
// changed): a pane's NPC summary, or the exposure scene's.
std::optional<double> measure_value(const LessonMeasure& measure, const NpcMetricsSummary& npc);
std::optional<double> measure_value(const LessonMeasure& measure, const ExposureMetricsSummary& exposure);
std::optional<double> measure_value(const LessonMeasure& measure, const EngineSummary& engine);
// The spread of a measure of time over the steps averaged (nullopt: not a time, or nothing yet).
std::optional<double> measure_spread(const LessonMeasure& measure, const NpcMetricsSummary& npc);
std::optional<double> measure_spread(const LessonMeasure& measure, const ExposureMetricsSummary& exposure);
std::optional<double> measure_spread(const LessonMeasure& measure, const EngineSummary& engine);

// "483 ms", "0.168 ms", "12.4 deg": as many digits as a slide needs.
std::string measure_text(double value, const char* unit, const Words& tr = {});  // the unit in `tr`'s language ("10.0 件工作")
std::string measure_number(double value);  // the same without the unit: "483", "0.168"

// latency, cost: the NPC scene's (cost: the engine's too); staleness: the
// engine's copies, or the exposure map's age; seen: the exposure scene's time
// the character is seen; timeline: every scene's.
// timing: the NPC scene's timing diagram once the step is revealed (it names
// the mode), the latency plot before.
enum class LessonPlot : std::uint8_t { Latency, Cost, Timeline, Staleness, Seen, Timing };
std::string_view name_of(LessonPlot plot);  // "latency", "cost", "timeline", "staleness", "seen", "timing"

// A step's words in one language ("" — that part shows in English).
struct StepText {
    std::string title, text, question, answer;
};

struct LessonStep {
    std::string title;
    std::string preset;                 // a preset name in assets/presets
    std::string text;                   // two to four sentences
    std::string question;               // the prediction the class is asked for
    std::string answer;                 // "" — shown with the measured numbers
    std::vector<std::string> reveal;    // measure names, in the order shown
    std::vector<Expectation> expect;    // what the reveal will show, as checks (none — nothing checked)
    std::optional<LessonGuess> guess;   // none — the class is not asked for a guess it can type in
    std::vector<std::string> sets;      // NAME=VALUE applied after the preset, as --set (the quiz's steps; not in files)
    std::optional<LessonPlot> plot;     // empty — latency for NPC presets, timeline for exposure
    static constexpr int kMaxFrames = 100'000;
    int frames = 150;                   // 150 — steps a screenshot of this step runs first, 1 .. kMaxFrames
    std::array<StepText, kLanguages> in_language;  // [zh-Hant], [zh-Hans]: its [step.<code>] table ([en] unused)
    int line = 0;                       // line of the step's [[step]] header in its file
    SceneKind scene = SceneKind::Npc;   // its preset's scene (set by load_lesson)

    LessonPlot shown_plot() const {
        return plot.value_or(scene == SceneKind::Npc ? LessonPlot::Latency : LessonPlot::Timeline);
    }
};

// A symbol the steps use ("T") and what it means, in a sentence.
struct LessonTerm {
    std::string name, meaning;
};

// The lesson's own words in one language ("" — English; a term it lacks: English).
struct LessonWords {
    std::string title, description;
    std::map<std::string, std::string, std::less<>> terms;  // a [terms] name -> its meaning
};

struct Lesson {
    std::string name;                   // file stem, e.g. "timeslicing"
    std::string title;
    std::string description;
    std::vector<LessonTerm> terms;      // in the file's order; each used by some step
    std::vector<LessonStep> steps;      // at least one
    std::array<LessonWords, kLanguages> in_language;  // [zh-Hant], [zh-Hans]: its [<code>] table ([en] unused)
};

// A step's words as a card in `language` shows them: each part the lesson
// gives in it, else the English. `whole`: no part fell back to English.
struct ShownStepText {
    StepText text;
    bool whole = true;
};
ShownStepText step_text(const LessonStep& step, Language language);
// The lesson's title and a term's meaning in `language` (else the English).
const std::string& lesson_title(const Lesson& lesson, Language language);
const std::string& term_meaning(const Lesson& lesson, const LessonTerm& term, Language language);

// The lesson's terms that step `step` uses, as a whole word ("T", "1.5T",
// "T/2"; not the T of "Timeslicing"): in its text and question, and when
// `revealed` in its answer too. (Not in its expectations: the reveal gives
// their figures beside T's value, and the card has no room for more.)
std::vector<const LessonTerm*> terms_used(const Lesson& lesson, int step, bool revealed);

// Parses a lesson's text; checks what the text alone can show. `file_name`
// names it in errors and its stem becomes the lesson's name.
Result<Lesson> parse_lesson(const std::string& text, const std::string& file_name);

// Reads and parses a file, then checks every step's preset against
// assets_dir/presets (it must load, and give the step's measures).
Result<Lesson> load_lesson(const std::string& path, const std::string& assets_dir);

// assets_dir/lessons/NAME.toml; an unknown name lists the lessons there.
// "quiz-modes-SEED" is the quiz made from that seed (core/content/quiz.h).
Result<Lesson> load_lesson_by_name(const std::string& assets_dir, const std::string& name);

// Stems of the .toml files in assets_dir/lessons, sorted.
std::vector<std::string> list_lessons(const std::string& assets_dir);

// Sentences in `text`: runs ending in '.', '?' or '!' followed by a space or
// the end (so "0.5 ms" and "e.g." inside a word do not end one).
int sentence_count(const std::string& text);

}  // namespace tsl
