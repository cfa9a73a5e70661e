// settings_keeper.cpp — the settings a user changes, kept (settings_keeper.h).
#include "app/frame/settings_keeper.h"
#include "app/ui/text.h"
#include "app/ui/ui_text.h"

#include <cstdio>

namespace tsl::app {

void SettingsKeeper::after_frame(LabApp& app, double now_s) {
    unsaved_ = remembered_.observe(app.session().settings()) || unsaved_;
    if (unsaved_ && now_s - last_save_s_ >= kMinIntervalS) save(app, now_s);
}

void SettingsKeeper::at_exit(LabApp& app) {
    if (remembered_.observe(app.session().settings()) || unsaved_) save(app, last_save_s_);
}

void SettingsKeeper::save(LabApp& app, double now_s) {
    last_save_s_ = now_s;
    unsaved_ = false;
    const Status stored = store_(remembered_.to_save());
    if (stored || failed_) return;
    failed_ = true;  // said once, not every half second
    std::fprintf(stderr, "timeslice-lab: settings not saved: %s\n", stored.error().c_str());
    app.post(problem_notice(formatted(tr("Settings not saved: %s"), stored.error().c_str())));
}

std::string joined_lines(const std::vector<std::string>& lines) {
    std::string all;
    for (const std::string& line : lines) all += (all.empty() ? "" : "\n") + line;
    return all;
}

}  // namespace tsl::app
