// The class's guesses and the lesson's results board (core/content/guess.h,
// core/session/results_board.h): a guess reads as written, is given before a
// reveal and refused after it, the reveal grades it against what was
// measured, and the board keeps one row per step — through a whole lesson,
// across a change of lesson and across a restart (the settings keep it).
#include "build_paths.h"
#include "core/content/guess.h"
#include "core/content/lesson.h"
#include "core/session/lab_session.h"
#include "core/session/results_board.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

LabSession& walked(LabSession& session, int frames) {
    session.step(frames);
    REQUIRE(session.apply(LessonForward{}));  // the reveal
    return session;
}

}  // namespace

TEST_CASE("A guess reads as a pane's number, in the measure's unit or in T, or as a choice of pane", "[lessons][guess]") {
    const Result<LessonGuess> number = parse_guess("B input_age in T");
    REQUIRE(number);
    CHECK(number->kind == LessonGuess::Kind::Number);
    CHECK(number->pane == 1);
    CHECK(number->of_T);
    CHECK(number->measure == "input_age");
    const Result<LessonGuess> plain = parse_guess("A exposure_cells");
    REQUIRE(plain);
    CHECK_FALSE(plain->of_T);
    const Result<LessonGuess> lowest = parse_guess("lowest engine_tick_ms");
    REQUIRE(lowest);
    CHECK(lowest->kind == LessonGuess::Kind::Lowest);
    CHECK(lowest->is_choice());
    CHECK(parse_guess("highest map_split")->kind == LessonGuess::Kind::Highest);

    CHECK(parse_guess("A no_such_measure").error().find("unknown measure 'no_such_measure'") != std::string::npos);
    CHECK(parse_guess("A exposure_cells in T").error().find("only the NPC scene's times") != std::string::npos);
    CHECK(parse_guess("input_age").error().find("does not read") != std::string::npos);
    CHECK(parse_guess("F input_age").error().find("does not read") != std::string::npos);
    CHECK(parse_guess("A input_age in ms").error().find("does not read") != std::string::npos);
}

TEST_CASE("A number typed is read with a point or a comma, and graded against the measurement", "[lessons][guess]") {
    CHECK(guessed_number(" 0.5 ") == 0.5);
    CHECK(guessed_number("0,5") == 0.5);
    CHECK(guessed_number("483") == 483.0);
    CHECK_FALSE(guessed_number(""));
    CHECK_FALSE(guessed_number("half"));
    CHECK_FALSE(guessed_number("0.5 T"));
    CHECK_FALSE(guessed_number("inf"));

    CHECK(grade_number(0.5, 0.483).close);
    CHECK(grade_number(0.5, 0.483).said == "within 4 %");
    CHECK_FALSE(grade_number(0.4, 0.483).close);
    CHECK(grade_number(0.4, 0.483).said == "17 % under");
    CHECK(grade_number(2, 1).said == "100 % over");
    CHECK(grade_number(0, 0).close);
    CHECK_FALSE(grade_number(1, 0).close);
    CHECK(choice_right("A", "AB"));
    CHECK_FALSE(choice_right("C", "AB"));
    CHECK_FALSE(choice_right("", "A"));
}

TEST_CASE("The board's text reads back as written, and entries that do not read are left out", "[lessons][guess]") {
    const std::vector<BoardEntry> entries{{"timeslicing", 2, "0.5", "0.483", "0.483"}, {"which-mode", 1, "B", "A", ""}, {"which-mode", 3, "", "", ""}};
    const std::string text = board_text(entries);
    CHECK(text == "timeslicing:3:0.5:0.483:0.483;which-mode:2:B:A:;which-mode:4:::");
    CHECK(parse_board(text) == entries);
    // Broken entries (a missing field, a step that is no number, a stray character) are skipped, the rest kept.
    const std::vector<BoardEntry> kept = parse_board("x:1:2:3;timeslicing:zero:1::;a:0:1::;b:2:1\":1:;which-mode:2:B:A:;;");
    REQUIRE(kept.size() == 1);
    CHECK(kept[0] == BoardEntry{"which-mode", 1, "B", "A", ""});
}

TEST_CASE("Walking a lesson with guesses: each reveal grades the guess, and the end shows the board", "[lessons][guess][board]") {
    SessionOptions options;
    options.assets_dir = kAssets;
    options.profile = false;
    LabSession session({}, options);
    REQUIRE(session.apply(StartLesson{"which-mode", 0}));
    CHECK(session.lesson_card().guess.asked);
    CHECK_FALSE(session.lesson_card().guess.choice);
    CHECK(session.lesson_card().guess.unit == "moments");

    // Step 1: B's moments behind the decisions (1.90 measured).
    CHECK_FALSE(session.apply(Guess{"two"}));
    REQUIRE(session.apply(Guess{"2"}));
    CHECK(session.lesson_card().guess.value == "2");
    walked(session, 300);
    CHECK_FALSE(session.apply(Guess{"1"}));  // after the reveal: refused
    LessonCard card = session.lesson_card();
    CHECK(card.guess.result == "Guess 2 moments, measured 1.90 moments: within 5 %");
    CHECK(card.guess.close);
    REQUIRE(session.apply(LessonForward{}));

    // Step 2: the pane whose map splits most (A); the class says B.
    CHECK(session.lesson_card().guess.choice);
    CHECK(session.lesson_card().guess.options == std::vector<std::string>{"A", "B"});
    CHECK_FALSE(session.apply(Guess{"C"}));
    REQUIRE(session.apply(Guess{"b"}));
    walked(session, 300);
    card = session.lesson_card();
    CHECK(card.guess.result == "Guess B, measured A: wrong");
    CHECK_FALSE(card.guess.close);
    REQUIRE(session.apply(LessonForward{}));

    // Step 3: the youngest input of four modes (A, AIAO), as the model says too.
    REQUIRE(session.apply(Guess{"A"}));
    walked(session, 300);
    CHECK(session.lesson_card().guess.result_full == "Guess A, measured A, model A: right");
    REQUIRE(session.apply(LessonForward{}));

    // Step 4: no guess given.
    walked(session, 300);
    card = session.lesson_card();
    CHECK(card.guess.result.empty());
    CHECK(card.board_next);
    CHECK(card.can_go_forward);
    REQUIRE(session.apply(LessonForward{}));  // Next at the end: the board
    CHECK(session.settings().help == HelpPage::Board);

    const ResultsBoard board = session.results_board();
    REQUIRE(board.rows.size() == 4);
    CHECK(board.guessed() == 3);
    CHECK(board.graded() == 3);
    CHECK(board.close() == 2);
    const auto row = [&](int i) { return board.rows[static_cast<std::size_t>(i)]; };
    CHECK(row(0).asked == "B: moments behind the decisions");
    CHECK((row(0).guess == "2" && row(0).measured == "1.90" && row(0).model.empty() && row(0).closeness == "within 5 %"));
    CHECK((row(1).guess == "B" && row(1).measured == "A" && row(1).closeness == "wrong"));
    CHECK((row(2).guess == "A" && row(2).measured == "A" && row(2).model == "A" && row(2).closeness == "right"));
    CHECK((row(3).guess.empty() && row(3).measured == "A" && row(3).model == "A" && row(3).closeness.empty()));

    const std::string csv = board_csv(board);
    CHECK(csv ==
          "lesson,step,title,asked,unit,guess,measured,model,closeness,close\n"
          "which-mode,1,Staggered decisions: SIAO,B: moments behind the decisions,moments,2,1.90,,within 5 %,yes\n"
          "which-mode,2,A map whose cells must agree: SISO,the pane with the highest map split,,B,A,,wrong,no\n"
          "which-mode,3,Independent decisions: AIAO,the pane with the lowest mean input age,,A,A,A,right,yes\n"
          "which-mode,4,Your turn: a case for AISO?,the pane with the lowest mean input age,,,A,A,,\n");

    // A restart: a new session from the settings kept has the same board.
    LabSettings kept;
    kept.results_board = session.settings().results_board;
    LabSession again(kept, options);
    REQUIRE(again.apply(StartLesson{"which-mode", 0}));
    CHECK(board_csv(again.results_board()) == csv);

    // Back to step 1 and a new guess: the board keeps the measurement, grades the new guess.
    REQUIRE(again.apply(Guess{"1"}));
    CHECK(again.results_board().rows[0].closeness == "47 % under");

    // Cleared: this lesson's rows lose their guesses and figures; other lessons' stay.
    REQUIRE(again.apply(StartLesson{"timeslicing", 2}));
    REQUIRE(again.apply(Guess{"0.5"}));
    REQUIRE(again.apply(StartLesson{"which-mode", 0}));
    REQUIRE(again.apply(ClearBoard{}));
    CHECK(again.results_board().guessed() == 0);
    CHECK(again.settings().results_board == "timeslicing:3:0.5::");
}

TEST_CASE("A guess in T is graded in T, with the model beside it", "[lessons][guess][board]") {
    SessionOptions options;
    options.assets_dir = kAssets;
    options.profile = false;
    LabSession session({}, options);
    REQUIRE(session.apply(StartLesson{"timeslicing", 2}));  // AIAO: about T/2
    const LessonCard before = session.lesson_card();
    CHECK(before.guess.prompt == "Your guess: A's mean input age");
    CHECK(before.guess.unit == "T");
    CHECK_FALSE(session.apply(Guess{"B"}));
    REQUIRE(session.apply(Guess{"0,4"}));
    walked(session, 300);
    const LessonCard card = session.lesson_card();
    CHECK(card.guess.result == "Guess 0.4 T, measured 0.483 T: 17 % under");
    CHECK(card.guess.result_short == "Guess 0.4 T: 17 % under");
    CHECK(card.guess.result_full == "Guess 0.4 T, measured 0.483 T, model 0.483 T: 17 % under");
    // A step that asks for no guess refuses one.
    REQUIRE(session.apply(GoToStep{6}));
    CHECK_FALSE(session.lesson_card().guess.asked);
    CHECK(session.apply(Guess{"1"}).problem == "this step asks for no guess");
}

TEST_CASE("Changing lesson from a late step revealed keeps each lesson's board its own", "[lessons][guess][board]") {
    // Before, the step index of the lesson left was read in the new, shorter lesson.
    SessionOptions options;
    options.assets_dir = kAssets;
    options.profile = false;
    LabSession session({}, options);
    REQUIRE(session.apply(StartLesson{"timeslicing", 7}));  // step 8 of 8
    REQUIRE(session.apply(Guess{"1"}));
    walked(session, 300);
    REQUIRE(session.apply(StartLesson{"which-mode", 0}));  // 4 steps
    CHECK(session.lesson_step() == 0);
    const std::vector<BoardEntry> entries = parse_board(session.settings().results_board);
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].lesson == "timeslicing");
    CHECK(entries[0].step == 7);
    CHECK_FALSE(entries[0].measured.empty());
    CHECK(session.results_board().guessed() == 0);
}

TEST_CASE("A lesson's guess must be of a revealed measure and name panes its preset has", "[lessons][guess]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "tsl-guess-lessons";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const auto load = [&](const std::string& preset, const std::string& guess, const std::string& reveal = "input_age") {
        const fs::path file = dir / "g.toml";
        std::ofstream(file) << "title = \"t\"\n[[step]]\ntitle = \"s\"\npreset = \"" << preset << "\"\ntext = \"One.\"\nquestion = \"What?\"\nreveal = [\""
                            << reveal << "\"]\nguess = \"" << guess << "\"\n";
        return load_lesson(file.string(), kAssets);
    };
    CHECK(load("aiao-10hz", "A input_age in T"));
    CHECK(load("aiao-10hz", "A main_ms").error().find("which the step does not reveal") != std::string::npos);
    CHECK(load("exposure-single", "lowest exposure_cells", "exposure_cells").error().find("has one pane") != std::string::npos);
    CHECK(load("exposure-single", "A exposure_cells", "exposure_cells"));
    CHECK(load("rudimentary-slicing", "C input_age").error().find("names pane C") != std::string::npos);
    CHECK(load("rudimentary-slicing", "lowest input_age"));
    CHECK(load("aiao-10hz", "A input_age in X").error().find("does not read") != std::string::npos);
    fs::remove_all(dir);
}
