#include "app/cli/screenshot.h"

#include "app/cli/headless_commands.h"
#include "app/platform/headless_session.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <thread>

namespace tsl::app {

int run_screenshot(std::unique_ptr<LabSession> lab, const ScreenshotOptions& options) {
    const auto session = open_headless("screenshot", options.width, options.height);
    if (!session) return 1;
    const Result<std::unique_ptr<LabApp>> made = ready_app(std::move(lab));
    if (!made) return report_failure(made);
    LabApp& app = **made;
    // The first steps without drawing; the last few drawn at the real step
    // rate, so that the timeline shows threads as the window would; then a
    // frame with no step, so that ImGui has laid everything out once.
    const int paced = options.pace_all ? options.frames : std::min(options.frames, kPacedSteps);
    app.session().step(options.frames - paced);
    const auto start = std::chrono::steady_clock::now();
    const auto step = std::chrono::duration<double>(app.session().step_s());
    for (int i = 0; i < paced; ++i) {
        std::this_thread::sleep_until(start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(step * i));
        session->render(app, 1);
    }
    for (int i = 0; i < options.back; ++i) {
        const CommandResult back = app.session().apply(StepBack{});
        if (!back) {
            std::cerr << "timeslice-lab: screenshot --back: " << back.problem << '\n';
            return 2;
        }
    }
    session->render(app, 0);

    const Status written = write_png(options.out, session->read());
    if (!written) {
        std::cerr << "timeslice-lab: " << written.error() << '\n';
        return 1;
    }
    return 0;
}

}  // namespace tsl::app
