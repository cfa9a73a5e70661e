// controls.h — every control of the window by name, for `--set NAME=VALUE`
// (teachers' launch scripts, tests): one table that sets, reads back and
// documents each of them.
#pragma once

#include "app/frame/app_state.h"

#include <string>
#include <vector>

namespace tsl::app {

struct Control {
    std::string name;    // "mode"
    std::string values;  // "update-all|aiao|siao|siso|aiso"
    std::string help;    // one sentence
    // Sets the control from text; returns "" or what is wrong with the value.
    std::string (*set)(AppState& state, const std::string& value);
    std::string (*get)(const AppState& state);
};

const std::vector<Control>& controls();

// Applies "NAME=VALUE"; returns "" or a one-line message naming the control
// and the accepted values.
std::string apply_set(AppState& state, const std::string& assignment);

// The table as text for --help.
std::string controls_help();

}  // namespace tsl::app
