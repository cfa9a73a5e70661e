#include "app/cli/lesson_check.h"

#include "app/cli/headless_commands.h"
#include "app/platform/headless_session.h"

#include "core/media/image_io.h"

#include <chrono>
#include <iostream>
#include <thread>

namespace tsl::app {

namespace {

// "met", "NOT MET", ... and what the expectation says and what was measured.
std::string check_line(const ExpectationResult& c, bool fast, int& problems) {
    std::string verdict;
    if (fast && c.timed) {
        verdict = "not checked (a time: needs the real step rate, without --fast)";
    } else if (c.verdict == ExpectVerdict::Met) {
        verdict = "met";
    } else if (c.verdict == ExpectVerdict::NotMet) {
        verdict = "NOT MET";
        ++problems;
    } else {
        verdict = "NOT MEASURED (run the step longer: its frames)";
        ++problems;
    }
    return "  expect " + c.described + ": " + verdict + (c.measured.empty() ? std::string() : " (measured " + c.measured + ")");
}

}  // namespace

int run_lesson_check(std::unique_ptr<LabSession> lab, const LessonCheckOptions& options) {
    const auto display = open_headless("lesson-check", options.width, options.height);
    if (!display) return 1;
    const Result<std::unique_ptr<LabApp>> made =
        ready_app(std::move(lab), {SetField{setting::presenter, true}, SetField{setting::hide_ui, false},
                                   SetField{setting::ui_scale, static_cast<double>(options.ui_scale)}, StartLesson{options.lesson}});
    if (!made) return report_failure(made);
    LabApp& app = **made;
    LabSession& session = app.session();
    session.set_check_times(!options.fast);
    const Lesson& lesson = *session.lesson();
    std::cout << lesson.name << ": " << lesson.title << " (" << lesson.steps.size() << " steps) at " << options.width << "x"
              << options.height << ", UI scale " << options.ui_scale
              << (session.settings().language == Language::En ? std::string() : ", in " + std::string(language_name(session.settings().language)))
              << (options.fast ? ", steps back to back (times not checked)" : ", at the real step rate") << '\n';
    int problem_steps = 0;
    for (int i = 0; i < static_cast<int>(lesson.steps.size()); ++i) {
        const LessonStep& step = lesson.steps[static_cast<std::size_t>(i)];
        app.apply(GoToStep{i});
        const int frames = options.frames > 0 ? options.frames : step.frames;
        if (options.fast) {
            session.step(frames);
        } else {  // as the window runs it: a frame drawn for every step, at the step rate
            const auto start = std::chrono::steady_clock::now();
            const auto step_time = std::chrono::duration<double>(session.step_s());
            for (int f = 0; f < frames; ++f) {
                std::this_thread::sleep_until(start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(step_time * f));
                display->render(app, 1);
            }
        }
        // A few frames without a step: ImGui lays a window out on its first frame.
        auto settled_fit = [&] {
            for (int frame = 0; frame < 3; ++frame) display->render(app, 0);
            return app.lesson_card_fits();
        };
        const bool question_fits = settled_fit();
        app.apply(LessonForward{});  // the reveal
        const bool answer_fits = settled_fit();

        const bool exposure = session.showing_exposure(), engine = session.showing_engine();
        const bool scene_ok = session.settings().scene == step.scene && session.preset() == step.preset &&
                              session.frames_stepped() == frames;
        const std::string shown = exposure ? std::string("exposure scene")
                                  : engine ? "engine scene, " + std::to_string(session.engine()->size()) + " pane(s)"
                                           : std::to_string(session.panes().size()) + " pane(s)";
        const LessonCard card = session.lesson_card();
        std::cout << "step " << i + 1 << " '" << card.title << "': preset " << session.preset() << ", " << shown << ", "
                  << session.frames_stepped() << " frames; text "
                  << (question_fits && answer_fits ? "fits" : !question_fits ? "does NOT fit (question)" : "does NOT fit (revealed)")
                  << (scene_ok ? "" : "; the step's preset did not load as expected")
                  << (card.untranslated.empty() ? "" : "; in English: no " + std::string(language_name(session.settings().language)) + " text")
                  << '\n';
        int problems = !(question_fits && answer_fits && scene_ok);
        for (const ExpectationResult& c : card.checks) std::cout << check_line(c, options.fast, problems) << '\n';
        if (!options.pictures.empty()) {
            const std::string file = options.pictures + "/" + lesson.name + "-step-" + std::to_string(i + 1) + ".png";
            if (const Status written = write_png(file, display->read()); !written) {
                std::cerr << "timeslice-lab: " << written.error() << '\n';
                return 1;
            }
        }
        problem_steps += problems > 0;
    }
    std::cout << (problem_steps ? std::to_string(problem_steps) + " step(s) with problems" : std::string("every step fits and meets its expectations"))
              << '\n';
    return problem_steps ? 1 : 0;
}

}  // namespace tsl::app
