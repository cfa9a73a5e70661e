// boot.cpp — how every platform starts the lab (boot.h).
#include "app/frame/boot.h"

#include "app/frame/lab_app.h"
#include "app/frame/settings_keeper.h"

#include "core/base/printable.h"

#include <cstdio>

namespace tsl::app {

Boot boot_lab(SessionOptions options, const SettingsLoad* stored, const LaunchRequest& request, Language language) {
    Boot boot;
    boot.from_store.language = language;
    if (stored) {
        for (const std::string& problem : stored->problems) std::fprintf(stderr, "timeslice-lab: %s\n", printable(problem).c_str());
        boot.store_problems = stored->problems;
        apply_settings(boot.from_store, *stored);
    }
    boot.session = std::make_unique<LabSession>(boot.from_store, std::move(options));
    boot.launched = launch(*boot.session, request);
    return boot;
}

std::string post_store_problems(LabApp& app, const Boot& boot) {
    const std::string all = joined_lines(boot.store_problems);
    if (!all.empty()) app.post(problem_notice(all));
    return all;
}

}  // namespace tsl::app
