// Lesson expectations (core/content/expectation.h): what a step says its
// reveal will show, as checks. They read as written, are checked against
// what the running scenes measured (every pane, one pane, against another
// pane or an earlier step, in batch periods), and the card says met, not met
// or not yet measured — and why one was missed.
#include "build_paths.h"
#include "core/content/expectation.h"
#include "core/content/lesson.h"
#include "core/session/lab_session.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <tuple>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

Expectation must_parse(const std::string& text) {
    const Result<Expectation> e = parse_expectation(text);
    INFO(text << ": " << e.error());
    REQUIRE(e);
    CHECK(e.error().empty());
    return *e;
}

std::string error_of(const std::string& text) {
    const Result<Expectation> e = parse_expectation(text);
    CHECK_FALSE(e);
    CHECK_FALSE(e.error().empty());
    return e.error();
}

// A scene that measured fixed values: {measure, pane, step} -> value; T = 1000 ms.
struct FakeSource {
    std::map<std::tuple<std::string, int, int>, double> values;
    int panes = 2;
    ExpectationSource source() const {
        ExpectationSource s;
        s.panes = panes;
        s.value = [this](const std::string& m, int pane, int step) -> std::optional<double> {
            const auto it = values.find({m, pane, step});
            if (it == values.end()) return std::nullopt;
            return it->second;
        };
        s.batch_period_ms = [](int) -> std::optional<double> { return 1000.0; };
        return s;
    }
};

}  // namespace

TEST_CASE("An expectation reads as a measure, a comparison and a value: a number, batch periods, or another measure",
          "[lessons][expect]") {
    const Expectation every = must_parse("input_age between 0.45 T and 0.55 T");
    CHECK(every.measure == "input_age");
    CHECK(every.pane == -1);
    CHECK(every.op == ExpectOp::Between);
    CHECK(every.value.of_T);
    CHECK(every.value.number == Approx(0.45));
    CHECK(every.high.number == Approx(0.55));

    const Expectation scaled = must_parse("D main_ms < 0.1 x A main_ms");
    CHECK(scaled.pane == 3);
    CHECK(scaled.op == ExpectOp::Less);
    CHECK(scaled.value.measure == "main_ms");
    CHECK(scaled.value.pane == 0);
    CHECK(scaled.value.number == Approx(0.1));

    const Expectation earlier = must_parse("exposure_total_ms<=0.5*exposure_total_ms of step 1");
    CHECK(earlier.op == ExpectOp::AtMost);
    CHECK(earlier.value.step == 0);
    CHECK(expectation_last_step(earlier) == 0);
    CHECK(must_parse("B engine_ai_won = 100").op == ExpectOp::Equal);
    CHECK(must_parse("B input_age > A input_age").value.pane == 0);
    CHECK(must_parse("B jobs_per_step >= 1").op == ExpectOp::AtLeast);
    // The card writes the factor as a multiplication sign; that reads too.
    CHECK(must_parse("B main_ms < 0.5 \xc3\x97 A main_ms").value.number == Approx(0.5));

    CHECK(expectation_is_timed(scaled));
    CHECK_FALSE(expectation_is_timed(every));
    CHECK(expectation_is_timed(must_parse("B input_age < 0.001 x A main_ms")));  // a time on either side
}

TEST_CASE("An expectation that does not read says what was expected where", "[lessons][expect][errors]") {
    CHECK(error_of("input_aeg < 3").find("unknown measure 'input_aeg' (known: input_age") == 0);
    CHECK(error_of("input_age about 3").find("expected <, <=, >, >=, = or between after 'input_age'") == 0);
    CHECK(error_of("input_age between 1 T 2 T").find("expected 'and'") == 0);
    CHECK(error_of("input_age < 3 4").find("unexpected '4' at the end") == 0);
    CHECK(error_of("input_age < 1.2.3").find("'1.2.3' is not a number") == 0);
    CHECK(error_of("input_age < 2 x").find("expected a measure") == 0);
    CHECK(error_of("engine_ai_won < 0.5 T").find("T (the batch period) measures ages and times in ms") == 0);
    CHECK(error_of("B main_ms < main_ms of step 0").find("expected a step number from 1") == 0);
    CHECK(error_of("B main_ms < main_ms of step 1111111111111111111111111111111111111111").find("expected a step number from 1 to 999") == 0);
    CHECK(error_of("input_age ! 3").find("unexpected '!'") == 0);
    CHECK(error_of("").find("expected a measure") == 0);
}

TEST_CASE("Every pane must meet an expectation without a pane; one pane's miss is a miss, named", "[lessons][expect]") {
    FakeSource fake;
    fake.values = {{{"input_age", 0, -1}, 480}, {{"input_age", 1, -1}, 520}};
    const Expectation e = must_parse("input_age between 0.45 T and 0.55 T");
    ExpectationResult r = check_expectation(e, fake.source());
    CHECK(r.verdict == ExpectVerdict::Met);
    CHECK(r.described == "mean input age between 0.45 T and 0.55 T");
    CHECK(r.measured == "A 0.48 T, B 0.52 T");
    CHECK_FALSE(r.timed);

    fake.values[{"input_age", 1, -1}] = 600;
    r = check_expectation(e, fake.source());
    CHECK(r.verdict == ExpectVerdict::NotMet);
    CHECK(r.measured == "A 0.48 T, B 0.60 T");

    // Not measured yet (a pane still settling): waiting, not missed.
    fake.values.erase({"input_age", 1, -1});
    fake.values[{"input_age", 0, -1}] = 480;
    CHECK(check_expectation(e, fake.source()).verdict == ExpectVerdict::Pending);
}

TEST_CASE("An expectation compares a pane with another pane, and with an earlier step of the lesson", "[lessons][expect]") {
    FakeSource fake;
    fake.values = {{{"main_ms", 0, -1}, 3.3}, {{"main_ms", 3, -1}, 0.004}};
    fake.panes = 4;
    const ExpectationResult r = check_expectation(must_parse("D main_ms < 0.1 x A main_ms"), fake.source());
    CHECK(r.verdict == ExpectVerdict::Met);
    CHECK(r.described == "D main thread < 0.1 \xc3\x97 A main thread");
    CHECK(r.measured == "0.004 ms vs A 3.30 ms");
    CHECK(r.timed);
    fake.values[{"main_ms", 3, -1}] = 0.5;
    CHECK(check_expectation(must_parse("D main_ms < 0.1 x A main_ms"), fake.source()).verdict == ExpectVerdict::NotMet);

    FakeSource one;
    one.panes = 1;
    const Expectation earlier = must_parse("exposure_total_ms < 0.5 x exposure_total_ms of step 1");
    one.values = {{{"exposure_total_ms", 0, -1}, 0.035}};
    const ExpectationResult waiting = check_expectation(earlier, one.source());
    CHECK(waiting.verdict == ExpectVerdict::Pending);
    CHECK(waiting.measured == "step 1 not run in this lesson yet");
    one.values[{"exposure_total_ms", 0, 0}] = 0.128;
    const ExpectationResult swept = check_expectation(earlier, one.source());
    CHECK(swept.verdict == ExpectVerdict::Met);
    CHECK(swept.described == "all threads < 0.5 \xc3\x97 all threads (step 1)");
    one.values[{"exposure_total_ms", 0, 0}] = 0.05;
    CHECK(check_expectation(earlier, one.source()).verdict == ExpectVerdict::NotMet);

    // Exactly: a count or a share that is whole.
    FakeSource won;
    won.values = {{{"engine_ai_won", 1, -1}, 100.0}, {{"engine_ai_won", 0, -1}, 0.0}};
    CHECK(check_expectation(must_parse("B engine_ai_won = 100"), won.source()).verdict == ExpectVerdict::Met);
    CHECK(check_expectation(must_parse("A engine_ai_won = 100"), won.source()).verdict == ExpectVerdict::NotMet);
    CHECK(check_expectation(must_parse("A engine_ai_won = 0"), won.source()).verdict == ExpectVerdict::Met);
}

TEST_CASE("A lesson's expectations are read with its steps, and one that cannot be checked is an error naming the line",
          "[lessons][expect][errors]") {
    const std::string head = "title = \"t\"\n";
    auto step = [](const std::string& preset, const std::string& reveal, const std::string& expect) {
        return "[[step]]\ntitle = \"s\"\npreset = \"" + preset + "\"\ntext = \"One.\"\nquestion = \"What?\"\nreveal = [\"" + reveal +
               "\"]\nexpect = [" + expect + "]\n";
    };
    const Result<Lesson> good = parse_lesson(head + step("aiao-10hz", "input_age", "\"input_age between 0.45 T and 0.55 T\""), "lessons/ok.toml");
    REQUIRE(good);
    REQUIRE(good->steps.front().expect.size() == 1);
    CHECK(good->steps.front().expect.front().measure == "input_age");

    const Result<Lesson> bad = parse_lesson(head + step("aiao-10hz", "input_age", "\"input_age < \""), "lessons/bad.toml");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().find("lessons/bad.toml:8: step 1: expect: expected a measure") == 0);
    const Result<Lesson> not_text = parse_lesson(head + step("aiao-10hz", "input_age", "3"), "lessons/bad.toml");
    CHECK(not_text.error().find("expect lists checks in quotes") != std::string::npos);

    // Checked against the presets: the step's scene must measure it, T is the NPC scene's, and a
    // step referred to must come earlier.
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "tsl-expect-lessons";
    fs::create_directories(dir);
    auto load = [&](const std::string& text) {
        const fs::path file = dir / "l.toml";
        std::ofstream(file) << text;
        return load_lesson(file.string(), kAssets);
    };
    CHECK(load(head + step("aiao-10hz", "input_age", "\"exposure_main_ms < 1\"")).error().find("uses a measure that the NPC scene") !=
          std::string::npos);
    CHECK(load(head + step("exposure-single", "exposure_main_ms", "\"exposure_main_ms < 0.5 T\"")).error().find("T, the batch period, is the NPC scene's") !=
          std::string::npos);
    CHECK(load(head + step("aiao-10hz", "input_age", "\"input_age < input_age of step 2\"") + step("siao-10hz", "input_age", ""))
              .error().find("refers to step 2, which the class has not run yet") != std::string::npos);
    CHECK(load(head + step("exposure-single", "exposure_main_ms", "") + step("aiao-10hz", "input_age", "\"input_age < input_age of step 1\""))
              .error().find("step 1 does not measure input_age") != std::string::npos);
    const Result<Lesson> chained =
        load(head + step("exposure-single", "exposure_total_ms", "") + step("exposure-sweep", "exposure_total_ms", "\"exposure_total_ms < exposure_total_ms of step 1\""));
    INFO(chained.error());
    CHECK(bool(chained));
    fs::remove_all(dir);
}

TEST_CASE("The card checks every expectation of the shipped lessons' frame-based steps against the running scenes", "[lessons][expect]") {
    SessionOptions options;
    options.assets_dir = kAssets;
    options.profile = false;
    LabSession session({}, options);
    int checked = 0;
    for (const char* name : {"timeslicing", "which-mode", "delayed-gathering", "parallel-engine"}) {
        REQUIRE(session.apply(StartLesson{name, 0}));
        const Lesson& lesson = *session.lesson();
        for (int i = 0; i < static_cast<int>(lesson.steps.size()); ++i) {
            const LessonStep& step = lesson.steps[static_cast<std::size_t>(i)];
            REQUIRE(session.apply(GoToStep{i}));
            session.step(step.frames);
            REQUIRE(session.apply(LessonForward{}));
            const LessonCard card = session.lesson_card();
            REQUIRE(card.checks.size() == step.expect.size());
            for (const ExpectationResult& c : card.checks) {
                INFO(name << " step " << i + 1 << ": " << c.described << ": " << c.measured);
                if (c.timed) continue;  // times are lesson-check's, at the real rate
                CHECK(c.verdict == ExpectVerdict::Met);
                ++checked;
            }
        }
    }
    CHECK(checked >= 15);  // most of what the cards say is checked here
}

TEST_CASE("A missed expectation is not met on the card, which says why where the lab can tell", "[lessons][expect]") {
    namespace fs = std::filesystem;
    const fs::path assets = fs::temp_directory_path() / "tsl-expect-assets";
    fs::remove_all(assets);
    fs::create_directories(assets / "lessons");
    fs::create_directory_symlink(fs::path(kAssets) / "presets", assets / "presets");
    fs::create_directory_symlink(fs::path(kAssets) / "levels", assets / "levels");
    std::ofstream(assets / "lessons" / "wrong.toml") << "title = \"t\"\n[[step]]\ntitle = \"s\"\npreset = \"aiao-10hz\"\ntext = \"One.\"\n"
                                                        "question = \"What?\"\nreveal = [\"input_age\"]\n"
                                                        "expect = [\"input_age between 0.9 T and 1 T\"]\n";
    SessionOptions options;
    options.assets_dir = assets.string();
    options.profile = false;
    LabSession session({}, options);
    const CommandResult started = session.apply(StartLesson{"wrong", 0, true});
    INFO(started.problem);
    REQUIRE(started);
    LessonCard card = session.lesson_card();
    REQUIRE(card.checks.size() == 1);
    CHECK(card.checks.front().verdict == ExpectVerdict::Pending);  // nothing measured yet
    CHECK(card.missed.empty());
    session.step(300);
    card = session.lesson_card();
    CHECK(card.checks.front().verdict == ExpectVerdict::NotMet);
    CHECK(card.checks.front().measured == "0.48 T in every pane");
    CHECK(card.missed.find("does not depend on the computer") != std::string::npos);
    // Changed by hand: the card says so instead.
    REQUIRE(session.apply(SetField{"mode", std::string("siao")}));
    session.step(300);
    card = session.lesson_card();
    CHECK(card.checks.front().verdict == ExpectVerdict::Met);
    REQUIRE(session.apply(SetField{"mode", std::string("siso")}));
    session.step(300);
    CHECK(session.lesson_card().missed.find("the settings changed since the step began") != std::string::npos);
    fs::remove_all(assets);
}
