// "Which mode is this?" (core/content/quiz.h): a seed makes the same six
// questions everywhere, every mode is asked for, each answer is graded
// against the mode the pane really runs, and a page link names the quiz.
#include "build_paths.h"
#include "core/content/quiz.h"
#include "core/session/lab_session.h"
#include "core/session/launch.h"
#include "core/session/launch_query.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

// The mode a quiz step sets ("SIAO"), from its settings.
std::string mode_set(const LessonStep& step) {
    for (const std::string& s : step.sets)
        if (s.rfind("mode=", 0) == 0) {
            std::string mode = s.substr(5);
            std::transform(mode.begin(), mode.end(), mode.begin(), ::toupper);
            return mode;
        }
    return {};
}

std::string fingerprint(const Lesson& quiz) {
    std::string all = quiz.title;
    for (const LessonStep& s : quiz.steps) {
        all += "|" + s.title + "|" + s.text + "|" + s.question + "|" + s.answer + "|" + s.guess->text;
        for (const std::string& set : s.sets) all += "|" + set;
    }
    return all;
}

}  // namespace

TEST_CASE("A quiz's name carries its seed, and only a plain seed in range reads", "[quiz]") {
    CHECK(quiz_seed("quiz-modes-42") == 42u);
    CHECK(quiz_seed("quiz-modes-0") == 0u);
    CHECK(quiz_seed(quiz_name(kMaxQuizSeed)) == kMaxQuizSeed);
    for (const char* bad : {"quiz-modes-", "quiz-modes-042", "quiz-modes-1000000000", "quiz-modes-4x", "quiz-modes--1", "timeslicing", "quiz-mode-4"})
        CHECK_FALSE(quiz_seed(bad));
}

TEST_CASE("The same seed gives the same questions; over a seed's questions every mode is asked for", "[quiz]") {
    std::set<std::string> quizzes;
    for (std::uint32_t seed = 0; seed < 40; ++seed) {
        const Result<Lesson> quiz = make_mode_quiz(seed, kAssets);
        REQUIRE(quiz);
        CHECK(fingerprint(*quiz) == fingerprint(*make_mode_quiz(seed, kAssets)));
        CHECK(fingerprint(*quiz) == fingerprint(*load_lesson_by_name(kAssets, quiz_name(seed))));
        quizzes.insert(fingerprint(*quiz));
        REQUIRE(quiz->steps.size() == static_cast<std::size_t>(kQuizQuestions));
        std::multiset<std::string> asked;
        int ages = 0;
        for (const LessonStep& step : quiz->steps) {
            REQUIRE(step.guess);
            if (step.guess->kind == LessonGuess::Kind::Mode) {
                asked.insert(mode_set(step));
                // Unlabelled: the caption hides the mode.
                CHECK(std::find(step.sets.begin(), step.sets.end(), "caption=Which mode?") != step.sets.end());
            } else {
                ++ages;
                CHECK(step.guess->measure == "input_age");
            }
        }
        CHECK(asked == std::multiset<std::string>{"AIAO", "AISO", "SIAO", "SISO"});
        CHECK(ages == 2);
    }
    CHECK(quizzes.size() == 40);  // every seed its own quiz
}

TEST_CASE("Each answer is graded against the mode the pane runs, and the board is the score", "[quiz]") {
    SessionOptions options;
    options.assets_dir = kAssets;
    options.profile = false;
    LabSession session({}, options);
    REQUIRE(session.apply(StartLesson{quiz_name(42), 0}));
    const Lesson quiz = *session.lesson();
    int right = 0, asked = 0;
    for (int i = 0; i < kQuizQuestions; ++i) {
        const LessonStep& step = quiz.steps[static_cast<std::size_t>(i)];
        INFO("question " << i + 1 << ": " << step.title);
        CHECK(session.panes().size() == 1);
        const Mode ran = session.settings().npc.panes[0].timeslicing.mode;
        const std::string ran_name = kModeOptions[static_cast<int>(ran) - 1];
        if (step.guess->kind == LessonGuess::Kind::Mode) {
            CHECK(ran_name == mode_set(step));
            CHECK(session.settings().npc.panes[0].caption == "Which mode?");
            CHECK(session.lesson_card().guess.options == std::vector<std::string>{"AIAO", "SIAO", "SISO", "AISO"});
            CHECK_FALSE(session.apply(Guess{"fast"}));
            // Right on the first two mode questions, a wrong mode on the others.
            const bool answer_right = asked++ < 2;
            const std::string answer = answer_right ? ran_name : (ran == Mode::SISO ? "AIAO" : "SISO");
            REQUIRE(session.apply(Guess{answer}));
            session.step(step.frames);
            REQUIRE(session.apply(LessonForward{}));
            const CardGuess card = session.lesson_card().guess;
            CHECK(card.close == answer_right);
            CHECK(card.result == "Guess " + answer + ", measured " + ran_name + ": " + (answer_right ? "right" : "wrong"));
            right += answer_right;
        } else {
            // The mean input age: the model's value (docs/semantics.md section 6) is close to what is measured.
            const double model = 1000.0 * model_input_age_steps(session.pane(0).config()) * session.pane(0).step_s();
            REQUIRE(session.apply(Guess{std::to_string(model)}));
            session.step(step.frames);
            REQUIRE(session.apply(LessonForward{}));
            const CardGuess card = session.lesson_card().guess;
            CHECK(card.close);
            CHECK(card.result_full.find(", model ") != std::string::npos);
            right += card.close;
        }
        REQUIRE(session.apply(LessonForward{}));
    }
    CHECK(session.settings().help == HelpPage::Board);  // Next after the last reveal: the score
    const ResultsBoard board = session.results_board();
    CHECK(board.rows.size() == static_cast<std::size_t>(kQuizQuestions));
    CHECK(board.graded() == kQuizQuestions);
    CHECK(board.close() == right);
    CHECK(right == 4);  // two modes named right, two wrong, two ages close
}

TEST_CASE("A page link opens a quiz by its seed, and the link to the view says so", "[quiz][launch]") {
    const QueryLaunch asked = launch_of_query("?quiz=modes&seed=42");
    CHECK(asked.problem.empty());
    CHECK(asked.request.lesson == "quiz-modes-42");
    CHECK(launch_of_query("?quiz=modes").request.lesson == "quiz-modes-1");
    CHECK(launch_of_query("?quiz=modes&seed=42&step=3").request.step == 3);
    CHECK(launch_of_query("?quiz=lessons").problem == "quiz=lessons: the quiz is quiz=modes");
    CHECK(launch_of_query("?quiz=modes&seed=x").problem == "seed=x: a whole number from 0 to 999999999 is needed");
    CHECK(launch_of_query("?seed=4").problem == "seed=4 is the quiz's: add quiz=modes");

    SessionOptions options;
    options.assets_dir = kAssets;
    options.profile = false;
    LabSession session({}, options);
    REQUIRE(launch(session, asked.request));
    CHECK(session.lesson()->name == "quiz-modes-42");
    REQUIRE(session.apply(GoToStep{2}));
    REQUIRE(session.apply(LessonForward{}));
    const std::string link = query_of(launch_request_for(session));
    CHECK(link == "?quiz=modes&seed=42&step=3&reveal=1");
    CHECK(launch_of_query(link).request.lesson == "quiz-modes-42");
}
