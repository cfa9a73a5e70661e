#include "app/cli/lesson_check.h"

#include "app/platform/headless_session.h"

#include <iostream>

namespace tsl::app {

int run_lesson_check(const LessonCheckOptions& options) {
    std::string error;
    const auto session = HeadlessSession::create(options.width, options.height, error);
    if (!session) {
        std::cerr << "timeslice-lab: lesson-check: " << error << '\n';
        return 1;
    }
    AppState state = options.state;
    state.lesson = options.lesson;
    state.lesson_step = 0;
    state.presenter = true;
    state.hide_ui = false;
    state.ui_scale = options.ui_scale;
    LabApp app(state);
    if (!app.init(error)) {
        std::cerr << "timeslice-lab: " << error << '\n';
        return 1;
    }
    const Lesson& lesson = *app.lesson();
    std::cout << lesson.name << ": " << lesson.title << " (" << lesson.steps.size() << " steps) at " << options.width << "x"
              << options.height << ", UI scale " << options.ui_scale << '\n';
    int problems = 0;
    for (int i = 0; i < static_cast<int>(lesson.steps.size()); ++i) {
        const LessonStep& step = lesson.steps[i];
        app.go_to_step(i);
        app.simulate_only(options.frames);
        // Two frames each way: ImGui lays a window out on its first frame.
        session->render(app, 0);
        session->render(app, 0);
        const bool question_fits = app.lesson_card_fits();
        app.state().lesson_revealed = true;
        session->render(app, 0);
        session->render(app, 0);
        const bool answer_fits = app.lesson_card_fits();

        const bool exposure = app.showing_exposure();
        const bool scene_ok = exposure == step.exposure_scene && app.state().preset == step.preset && app.frames_stepped() == options.frames;
        const std::string shown = exposure ? std::string("exposure scene") : std::to_string(app.pane_count()) + " pane(s)";
        std::cout << "step " << i + 1 << " '" << step.title << "': preset " << app.state().preset << ", " << shown << ", "
                  << app.frames_stepped() << " frames; text "
                  << (question_fits && answer_fits ? "fits" : !question_fits ? "does NOT fit (question)" : "does NOT fit (revealed)")
                  << (scene_ok ? "" : "; the step's preset did not load as expected") << '\n';
        problems += !(question_fits && answer_fits && scene_ok);
    }
    std::cout << (problems ? std::to_string(problems) + " step(s) with problems" : std::string("every step fits")) << '\n';
    return problems ? 1 : 0;
}

}  // namespace tsl::app
