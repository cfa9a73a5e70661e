#include "screenshot.h"

#include "headless_session.h"

#include <iostream>

namespace tsl::app {

int run_screenshot(const ScreenshotOptions& options) {
    std::string error;
    const auto session = HeadlessSession::create(options.width, options.height, error);
    if (!session) {
        std::cerr << "timeslice-lab: screenshot: " << error << '\n';
        return 1;
    }
    LabApp app(options.state);
    if (!app.init(error)) {
        std::cerr << "timeslice-lab: " << error << '\n';
        return 1;
    }
    // All but the last step without drawing; then two drawn frames, the
    // second with no step, so that ImGui has laid everything out once.
    if (options.frames > 1) app.simulate_only(options.frames - 1);
    session->render(app, options.frames > 0 ? 1 : 0);
    session->render(app, 0);

    const FileResult written = write_png(options.out, session->read());
    if (!written) {
        std::cerr << "timeslice-lab: " << written.error << '\n';
        return 1;
    }
    return 0;
}

}  // namespace tsl::app
