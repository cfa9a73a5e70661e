// settings_file.h — what Timeslice Lab remembers between runs (the scene, the
// mode, J, P, gathering and NPC count of the edited pane, UI scale, palette,
// theme, window size: every field of settings_schema.h with a settings_key),
// as a TOML file in the user's config directory. Written as every output is
// (core/media/output_file.h: atomically, a symbolic link's target replaced); a
// malformed file is reported, set aside as `<file>.bad` and replaced by
// defaults — never a crash.
#pragma once

#include "core/media/output_file.h"
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

// Where recordings, PNG snapshots and CSV exports go unless a folder is
// chosen: "Timeslice Lab" in the user's pictures folder (XDG_PICTURES_DIR from
// the environment or user-dirs.dirs, else ~/Pictures when it exists), else in
// the documents folder found the same way, else ~/Pictures. Not created here.
std::string default_output_folder();

// Missing file: nothing set, no problem. Malformed file: nothing set, a
// problem that names file and line, and the file renamed to `<path>.bad`. A
// file that cannot be opened or read (no permission): nothing set, a problem
// with the reason, the file left where it is. A bad value: that setting is
// left out, a problem names it.
SettingsLoad load_settings(const std::string& path);

// The loaded values onto `settings` (pane settings go to the edited pane).
void apply_settings(LabSettings& settings, const SettingsLoad& loaded);

// Every remembered field of `settings`. Creates the directory if needed;
// atomic (temporary file + rename).
Status save_settings(const std::string& path, const LabSettings& settings);

// What the window remembers: the settings file's values, changed only by what
// the user changes while the window runs — not by the options it was started
// with (--preset, --set, --lesson apply to that run alone). The window calls
// observe() after every frame and writes to_save() when it returns true.
class RememberedSettings {
public:
    // `from_file`: the defaults with the settings file applied; `started`:
    // the session's settings once the launch options were applied.
    RememberedSettings(const LabSettings& from_file, const LabSettings& started);
    // Takes in the remembered fields that changed since the last call; true
    // when any did (to_save() is then new).
    bool observe(const LabSettings& now);
    const LabSettings& to_save() const { return to_save_; }

private:
    LabSettings to_save_, last_;
};

}  // namespace tsl
