// settings_file.h — what Timeslice Lab remembers between runs (the scene, the
// mode, J, P, gathering and NPC count of the edited pane, UI scale, palette,
// theme, window size: every field of settings_schema.h with a settings_key),
// as a TOML file in the user's config directory. Written atomically; a
// malformed file is reported, set aside as `<file>.bad` and replaced by
// defaults — never a crash.
#pragma once

#include "core/media/atomic_file.h"
#include "core/settings/settings_schema.h"

#include <string>
#include <utility>
#include <vector>

namespace tsl {

struct SettingsLoad {
    std::vector<std::pair<const FieldSpec*, FieldValue>> values;  // what the file sets, each checked
    bool found = false;                   // the file existed
    std::vector<std::string> problems;    // what was wrong with it, in words (file and line named)
};

// $XDG_CONFIG_HOME/timeslice-lab/settings.toml, else ~/.config/timeslice-lab/settings.toml.
std::string default_settings_path();

// Missing file: nothing set, no problem. Malformed file: nothing set, a
// problem that names file and line, and the file renamed to `<path>.bad`. A
// bad value: that setting is left out, a problem names it.
SettingsLoad load_settings(const std::string& path);

// The loaded values onto `settings` (pane settings go to the edited pane).
void apply_settings(LabSettings& settings, const SettingsLoad& loaded);

// Every remembered field of `settings`. Creates the directory if needed;
// atomic (temporary file + rename).
FileResult save_settings(const std::string& path, const LabSettings& settings);

}  // namespace tsl
