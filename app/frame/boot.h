// boot.h — how every platform starts the lab, in one order:
//   1. the settings the platform's store kept (the desktop's settings.toml,
//      the page's browser storage; none for --no-settings), their problems
//      said on stderr;
//   2. the session, made from them with the platform's options (its assets,
//      clocks and workers: SessionOptions);
//   3. the launch: the command line's --scene/--preset/--lesson/--step/
//      --reveal/--set, or the page's address (core/session/launch.h).
// The platform then makes and initialises its LabApp from the session, shows
// the stored settings' problems as one notice (post_store_problems), and
// keeps what the user changes from then on with a SettingsKeeper made from
// `from_store` (settings_keeper.h). What a launch problem or note does is the
// platform's: the desktop stops with its exit status, the page says it on
// its status line and starts with what applied.
//
// Main thread.
#pragma once

#include "core/session/lab_session.h"
#include "core/session/launch.h"
#include "core/settings/settings_file.h"

#include <memory>
#include <string>
#include <vector>

namespace tsl::app {

class LabApp;

struct Boot {
    std::unique_ptr<LabSession> session;
    LabSettings from_store;                   // the defaults with the stored settings applied (before the launch)
    std::vector<std::string> store_problems;  // what was wrong with the stored settings, a line each
    CommandResult launched;                   // the launch's problem (nothing more applied) or note
};

// Steps 1 to 3. `stored`: what the platform's store read (nullptr: no store).
// `language`: the one the system or the browser asks for, before the store
// (English for the headless commands, whose output does not depend on it).
Boot boot_lab(SessionOptions options, const SettingsLoad* stored, const LaunchRequest& request, Language language = Language::En);

// The stored settings' problems as one notice over the scene; their text, one
// per line ("" — none), for a platform that says it elsewhere too.
std::string post_store_problems(LabApp& app, const Boot& boot);

}  // namespace tsl::app
