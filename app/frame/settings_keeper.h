// settings_keeper.h — what every platform does with the settings a user
// changes while the lab runs: it remembers them (RememberedSettings,
// core/settings/settings_file.h: not the launch options, which apply to one
// run), stores them at most twice a second and once more at the end through
// the platform's own store (the desktop's settings.toml, the page's browser
// storage), and says a failure once, not every half second.
//
// Main thread.
#pragma once

#include "app/frame/lab_app.h"

#include "core/settings/settings_file.h"

#include <functional>
#include <string>
#include <vector>

namespace tsl::app {

class SettingsKeeper {
public:
    // Stores the settings to keep, or says why it could not.
    using Store = std::function<Status(const LabSettings& to_save)>;
    static constexpr double kMinIntervalS = 0.5;

    // `from_file`: the defaults with the stored settings applied; `started`:
    // the session's settings once the launch options were applied.
    SettingsKeeper(const LabSettings& from_file, const LabSettings& started, Store store)
        : remembered_(from_file, started), store_(std::move(store)) {}
    // After a frame, at `now_s` seconds on any steady clock.
    void after_frame(LabApp& app, double now_s);
    // When the lab closes: what is still unsaved.
    void at_exit(LabApp& app);

private:
    void save(LabApp& app, double now_s);

    RememberedSettings remembered_;
    Store store_;
    double last_save_s_ = 0;
    bool unsaved_ = false, failed_ = false;
};

// Problems one per line, for one notice ("" — none).
std::string joined_lines(const std::vector<std::string>& lines);

}  // namespace tsl::app
