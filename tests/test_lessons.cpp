// Lessons: the three shipped lessons load, every step names a preset that loads
// and a question to predict; what a reveal shows is measured from the running
// scenes; a malformed lesson file is an error that names the file and line.
#include "build_paths.h"
#include "core/content/lesson.h"
#include "core/content/preset.h"
#include "core/session/lab_session.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using namespace tsl;

namespace {
const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

const std::string kHead = "title = \"t\"\n";  // line 1
// A complete step (lines 2-7 after kHead).
const std::string kStep =
    "[[step]]\n"
    "title = \"s\"\n"
    "preset = \"aiao-10hz\"\n"
    "text = \"One. Two.\"\n"
    "question = \"What?\"\n"
    "reveal = [\"input_age\"]\n";

std::string error_of(const std::string& text) {
    const Result<Lesson> r = parse_lesson(text, "lessons/bad.toml");
    REQUIRE_FALSE(bool(r));
    return r.error();
}

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

Lesson must_load(const std::string& name) {
    const Result<Lesson> r = load_lesson_by_name(kAssets, name);
    INFO(r.error());
    REQUIRE(bool(r));
    return *r;
}

// The lesson `name`, after checking its title and the preset of each step, in order.
Lesson must_load_with(const std::string& name, const std::string& title, const std::vector<std::string>& step_presets) {
    const Lesson lesson = must_load(name);
    CHECK(lesson.title == title);
    REQUIRE(lesson.steps.size() == step_presets.size());
    for (std::size_t i = 0; i < step_presets.size(); ++i) CHECK(lesson.steps[i].preset == step_presets[i]);
    return lesson;
}

// The mean of `measure` over `frames` steps of a preset's scene, pane by pane,
// as the window's reveal computes it: the lab's own session, headless.
std::vector<double> measured(const std::string& preset_name, const std::string& measure_name, int frames) {
    const LessonMeasure* measure = find_measure(measure_name);
    REQUIRE(measure != nullptr);
    SessionOptions options;
    options.assets_dir = kAssets;
    options.profile = false;
    const LabSettings defaults;
    LabSession session(defaults, options);
    const CommandResult loaded = session.apply(LoadPreset{preset_name});
    INFO(loaded.problem);
    REQUIRE(loaded);
    session.step(frames);
    std::vector<double> values;
    if (session.showing_engine()) {
        for (const EngineSummary& s : session.engine_summaries()) values.push_back(measure_value(*measure, s).value());
        return values;
    }
    if (session.showing_exposure()) {
        values.push_back(measure_value(*measure, session.exposure_summary()).value());
        CHECK_FALSE(measure_value(*find_measure("input_age"), session.exposure_summary()).has_value());  // not this scene's number
        return values;
    }
    for (const NpcMetricsSummary& s : session.summaries()) values.push_back(measure_value(*measure, s).value());
    return values;
}
}  // namespace

TEST_CASE("The four lessons load and every step loads its preset", "[lessons]") {
    const std::vector<std::string> names = list_lessons(kAssets);
    CHECK(names == std::vector<std::string>{"delayed-gathering", "parallel-engine", "timeslicing", "which-mode"});

    must_load_with("timeslicing", "Timeslicing batched algorithms",
                   {"update-all", "rudimentary-slicing", "aiao-10hz", "siao-10hz", "siso-10hz", "aiso-10hz", "threading",
                    "next-frame-jobs"});
    must_load_with("which-mode", "Choosing a mode", {"choose-siao", "choose-map", "four-modes-10hz", "choose-aiso"});

    const Lesson gathering = must_load_with("delayed-gathering", "Delayed result gathering",
                                            {"exposure-single", "exposure-same-frame", "exposure-other-work",
                                             "exposure-gather-late", "exposure-gather-late-big", "exposure-next-frame",
                                             "exposure-next-frame-outgrown", "exposure-timesliced", "exposure-three-maps",
                                             "exposure-three-maps-fast", "exposure-sweep"});
    for (const LessonStep& step : gathering.steps) {
        CHECK(step.scene == SceneKind::Exposure);
        // The steps that score staleness show the time seen; the others the timeline.
        CHECK(step.shown_plot() == (step.preset.starts_with("exposure-three-maps") ? LessonPlot::Seen : LessonPlot::Timeline));
    }

    const Lesson engine = must_load_with("parallel-engine", "The parallel engine",
                                         {"engine-lock-vs-free", "engine-slow-ai", "engine-decomposition", "engine-queues",
                                          "engine-conflicts", "engine-tickets", "engine-tiny-tasks"});
    for (const LessonStep& step : engine.steps) {
        CHECK(step.scene == SceneKind::Engine);
    }
    CHECK(engine.steps[0].shown_plot() == LessonPlot::Staleness);
    CHECK(engine.steps[1].shown_plot() == LessonPlot::Cost);
    CHECK(engine.steps[4].shown_plot() == LessonPlot::Timeline);
}

TEST_CASE("Every step says two to four sentences and asks one question", "[lessons]") {
    for (const char* name : {"timeslicing", "which-mode", "delayed-gathering", "parallel-engine"}) {
        const Lesson lesson = must_load(name);
        for (const LessonStep& step : lesson.steps) {
            INFO(name << ": " << step.title);
            CHECK(sentence_count(step.text) >= 2);
            CHECK(sentence_count(step.text) <= 4);
            CHECK(sentence_count(step.question) <= 2);  // a question, perhaps after one sentence leading to it
            CHECK(step.question.back() == '?');
            CHECK_FALSE(step.answer.empty());
            CHECK_FALSE(step.reveal.empty());
            // The numbers are measured, not written: no digit in what the reveal
            // says, except in the timing model's T/2, 1.5T and 2T.
            std::string words = step.answer;
            for (const std::string model : {"T/2", "1.5T", "2T"})
                for (std::size_t at; (at = words.find(model)) != std::string::npos;) words.erase(at, model.size());
            CHECK(words.find_first_of("0123456789") == std::string::npos);
        }
    }
}

TEST_CASE("Sentences end at a full stop or question or exclamation mark before a space", "[lessons]") {
    CHECK(sentence_count("") == 0);
    CHECK(sentence_count("One.") == 1);
    CHECK(sentence_count("One. Two? Three!") == 3);
    CHECK(sentence_count("It costs 0.5 ms per frame. Then it stops.") == 2);
    CHECK(sentence_count("Use a cursor, e.g. one NPC per frame.") == 1);
    CHECK(sentence_count("No full stop at the end") == 1);
}

TEST_CASE("A reveal's numbers are the running scene's averages", "[lessons][model]") {
    // The timing model of the articles (T = one batch = 1000 ms at 10 Hz with
    // ten NPCs), measured over the frames a step runs: each mode lands in its
    // own place, so the reveal answers the question it follows.
    const int frames = 330;  // eleven batches
    const double aiao = measured("aiao-10hz", "input_age", frames)[0];
    const double siao = measured("siao-10hz", "input_age", frames)[0];
    const double siso = measured("siso-10hz", "input_age", frames)[0];
    const double aiso = measured("aiso-10hz", "input_age", frames)[0];
    INFO("AIAO " << aiao << ", SIAO " << siao << ", SISO " << siso << ", AISO " << aiso);
    CHECK(aiao == Approx(500).epsilon(0.15));
    CHECK(siao == Approx(1000).epsilon(0.15));
    CHECK(aiso == Approx(1000).epsilon(0.15));
    CHECK(siso == Approx(1500).epsilon(0.15));
    CHECK(aiao < siao);
    CHECK(siao < siso);

    const std::vector<double> rudimentary = measured("rudimentary-slicing", "input_age", frames);
    REQUIRE(rudimentary.size() == 2);
    CHECK(rudimentary[0] == 0);  // every NPC every frame
    CHECK(rudimentary[1] == Approx(aiao).epsilon(0.01));

    // Next-frame gathering: one update more of input age than the same frame.
    const std::vector<double> gathered = measured("next-frame-jobs", "input_age", 90);
    REQUIRE(gathered.size() == 2);
    CHECK(gathered[1] > gathered[0]);

    // The exposure scene measures its own three figures.
    const double single_main = measured("exposure-single", "exposure_main_ms", 10)[0];
    const double single_total = measured("exposure-single", "exposure_total_ms", 10)[0];
    CHECK(single_main > 0);
    CHECK(single_total > 0);

    // The engine's reveals: counts of what the scene did, the same on every
    // machine. Free-step leaves the running AI's copy behind and merges its
    // changes from older data; lock-step does neither.
    const std::vector<double> staleness = measured("engine-lock-vs-free", "engine_ai_staleness", 60);
    const std::vector<double> age = measured("engine-lock-vs-free", "engine_ai_age", 60);
    REQUIRE(staleness.size() == 2);
    REQUIRE(age.size() == 2);
    CHECK(staleness[0] == 0);
    CHECK(staleness[1] > 0);
    CHECK(age[0] == 0);
    CHECK(age[1] > 0);
    // In free-step the AI's headings come from older data: by time it loses
    // every conflict, by priority it wins every one.
    const std::vector<double> won = measured("engine-conflicts", "engine_ai_won", 60);
    const std::vector<double> conflicts = measured("engine-conflicts", "engine_conflicts", 60);
    REQUIRE(won.size() == 2);
    REQUIRE(conflicts.size() == 2);
    CHECK(conflicts[0] > 0);
    CHECK(conflicts[1] > 0);
    CHECK(won[0] == 0);
    CHECK(won[1] == 100);
    // The split: a task per system, or sub-tasks over the agents.
    const std::vector<double> subtasks = measured("engine-decomposition", "engine_subtasks", 30);
    REQUIRE(subtasks.size() == 2);
    CHECK(subtasks[0] < subtasks[1]);
    // The locked queue counts its posts' waits; the per-thread queues have no lock.
    const std::vector<double> lock_wait = measured("engine-queues", "engine_lock_wait_ms", 20);
    REQUIRE(lock_wait.size() == 2);
    CHECK(lock_wait[0] == 0);
}

TEST_CASE("A lesson TOML syntax error names the file and its line", "[lessons][errors]") {
    CHECK(starts_with(error_of(kHead + kStep + "frames = = 3\n"), "lessons/bad.toml:8: "));
}

TEST_CASE("An unknown key in a step is an error naming the file and the line", "[lessons][errors]") {
    const std::string e = error_of(kHead + kStep + "questoin = \"?\"\n");
    CHECK(starts_with(e, "lessons/bad.toml:8: step 1: unknown key 'questoin'"));
    CHECK(e.find("question") != std::string::npos);
}

TEST_CASE("A step without its question is an error at its header line", "[lessons][errors]") {
    std::string step = kStep;
    step.erase(step.find("question"), std::string("question = \"What?\"\n").size());
    CHECK(starts_with(error_of(kHead + kStep + step), "lessons/bad.toml:8: step 2: no question"));
}

TEST_CASE("An unknown measure or plot is an error listing the known ones", "[lessons][errors]") {
    std::string step = kStep;
    step.replace(step.find("input_age"), 9, "speed");
    const std::string e = error_of(kHead + kStep + step);
    CHECK(starts_with(e, "lessons/bad.toml:13: step 2: unknown measure 'speed' (known: input_age, "));
    CHECK(starts_with(error_of(kHead + kStep + "plot = \"pie\"\n"), "lessons/bad.toml:8: step 1: unknown plot 'pie' (accepted: latency, cost, timeline, staleness, seen, timing)"));
    CHECK(starts_with(error_of(kHead + kStep + "frames = 0\n"), "lessons/bad.toml:8: step 1: frames = 0 is out of range"));
}

TEST_CASE("A lesson needs a title and at least one step", "[lessons][errors]") {
    CHECK(starts_with(error_of(kStep), "lessons/bad.toml:1: no title"));
    CHECK(starts_with(error_of(kHead), "lessons/bad.toml:1: no [[step]]"));
}

TEST_CASE("A lesson's terms are words of their own in a step's text, question, and once revealed its answer", "[lessons]") {
    std::string second = kStep;
    second.replace(second.find("What?"), 5, "What share of T?");
    std::string third = kStep;
    third.replace(third.find("One. Two."), 9, "Timeslicing. Two T.");  // "T." is the term; "Timeslicing" is not
    std::string fourth = kStep + "answer = \"About 1.5T.\"\nexpect = [\"input_age <= 2 T\"]\n";
    std::string fifth = kStep + "expect = [\"input_age <= 2 T\"]\n";
    const Result<Lesson> r = parse_lesson(kHead + "[terms]\nT = \"one batch.\"\n" + kStep + second + third + fourth + fifth, "lessons/t.toml");
    INFO(r.error());
    REQUIRE(bool(r));
    const Lesson& lesson = *r;
    REQUIRE(lesson.terms.size() == 1);
    CHECK((lesson.terms[0].name == "T" && lesson.terms[0].meaning == "one batch."));
    auto uses = [&](int step, bool revealed) { return terms_used(lesson, step, revealed).size() == 1; };
    CHECK_FALSE(uses(0, true));                 // "One. Two.", "What?": no T of its own
    CHECK((uses(1, false) && uses(2, false)));  // the question; the text
    CHECK((!uses(3, false) && uses(3, true)));  // "1.5T" in the answer, shown once revealed
    CHECK_FALSE(uses(4, true));                 // an expectation's "2 T": the reveal shows T's value beside it
    CHECK(terms_used(lesson, 9, true).empty());
}

TEST_CASE("A term no step uses, or one without its meaning, is an error", "[lessons][errors]") {
    CHECK(starts_with(error_of(kHead + "[terms]\nT = \"one batch.\"\n" + kStep), "lessons/bad.toml:1: terms: no step uses T"));
    CHECK(starts_with(error_of(kHead + "[terms]\nT = \"one batch.\"\n" + kStep + "expect = [\"input_age <= 2 T\"]\n"),
                      "lessons/bad.toml:1: terms: no step uses T"));  // an expectation is not where a term is met
    CHECK(starts_with(error_of(kHead + "[terms]\nT = 3\n" + kStep), "lessons/bad.toml:3: terms: T should be what it means"));
    CHECK(starts_with(error_of(kHead + "terms = 3\n" + kStep), "lessons/bad.toml:2: terms are written as a [terms] table"));
}

TEST_CASE("A step's preset must exist and measure what the reveal shows", "[lessons][errors]") {
    const auto dir = std::filesystem::temp_directory_path() / "tsl-lesson-test";
    std::filesystem::create_directories(dir);
    auto load_text = [&](const std::string& text) {
        std::filesystem::path path = dir;
        path /= "lesson.toml";
        std::ofstream(path) << text;
        const Result<Lesson> r = load_lesson(path.string(), kAssets);
        REQUIRE_FALSE(bool(r));
        return r.error();
    };
    std::string missing = kStep;
    missing.replace(missing.find("aiao-10hz"), 9, "aiao-11hz");
    const std::string e1 = load_text(kHead + kStep + missing);
    CHECK(e1.find("lesson.toml:8: step 2: unknown preset 'aiao-11hz' (available: ") != std::string::npos);

    std::string wrong_scene = kStep;
    wrong_scene.replace(wrong_scene.find("aiao-10hz"), 9, "exposure-single");
    const std::string e2 = load_text(kHead + wrong_scene);
    CHECK(e2.find("lesson.toml:2: step 1: measure 'input_age' is not measured by the exposure scene") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("An unknown lesson name lists the lessons there are", "[lessons][errors]") {
    const Result<Lesson> r = load_lesson_by_name(kAssets, "timeslcing");
    CHECK(r.kind() == FailKind::Refused);
    CHECK(r.error() == "unknown lesson 'timeslcing' (available: delayed-gathering, parallel-engine, timeslicing, which-mode)");
}
