#include "app/cli/lesson_check.h"

#include "app/cli/headless_commands.h"
#include "app/platform/headless_session.h"

#include <iostream>

namespace tsl::app {

int run_lesson_check(std::unique_ptr<LabSession> lab, const LessonCheckOptions& options) {
    const auto session = open_headless("lesson-check", options.width, options.height);
    if (!session) return 1;
    for (const Command& command : {Command{SetField{"presenter", true}}, Command{SetField{"hide_ui", false}},
                                   Command{SetField{"ui_scale", static_cast<double>(options.ui_scale)}}, Command{StartLesson{options.lesson}}})
        if (const CommandResult result = lab->apply(command); !result) {
            std::cerr << "timeslice-lab: " << result.problem << '\n';
            return result.status;
        }
    LabApp app(std::move(lab));
    std::string error;
    if (!app.init(error)) {
        std::cerr << "timeslice-lab: " << error << '\n';
        return 1;
    }
    LabSession& lesson_session = app.session();
    const Lesson& lesson = *lesson_session.lesson();
    std::cout << lesson.name << ": " << lesson.title << " (" << lesson.steps.size() << " steps) at " << options.width << "x"
              << options.height << ", UI scale " << options.ui_scale << '\n';
    int problems = 0;
    for (int i = 0; i < static_cast<int>(lesson.steps.size()); ++i) {
        const LessonStep& step = lesson.steps[static_cast<std::size_t>(i)];
        app.apply(GoToStep{i});
        lesson_session.step(options.frames);
        // A few frames each way: ImGui lays a window out on its first frame,
        // and the card sets its text's size to fit over the next ones.
        auto settled_fit = [&] {
            for (int frame = 0; frame < 6; ++frame) session->render(app, 0);
            return app.lesson_card_fits();
        };
        const bool question_fits = settled_fit();
        app.apply(LessonForward{});  // the reveal
        const bool answer_fits = settled_fit();

        const bool exposure = lesson_session.showing_exposure(), engine = lesson_session.showing_engine();
        const bool scene_ok = exposure == step.exposure_scene && engine == step.engine_scene && lesson_session.preset() == step.preset &&
                              lesson_session.frames_stepped() == options.frames;
        const std::string shown = exposure ? std::string("exposure scene")
                                  : engine ? "engine scene, " + std::to_string(lesson_session.engine()->size()) + " pane(s)"
                                           : std::to_string(lesson_session.panes().size()) + " pane(s)";
        std::cout << "step " << i + 1 << " '" << step.title << "': preset " << lesson_session.preset() << ", " << shown << ", "
                  << lesson_session.frames_stepped() << " frames; text "
                  << (question_fits && answer_fits ? "fits" : !question_fits ? "does NOT fit (question)" : "does NOT fit (revealed)")
                  << (scene_ok ? "" : "; the step's preset did not load as expected") << '\n';
        problems += !(question_fits && answer_fits && scene_ok);
    }
    std::cout << (problems ? std::to_string(problems) + " step(s) with problems" : std::string("every step fits")) << '\n';
    return problems ? 1 : 0;
}

}  // namespace tsl::app
