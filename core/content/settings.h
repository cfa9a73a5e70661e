// settings.h — what Timeslice Lab remembers between runs (last scene, mode,
// J, P, UI scale, window size...), as a TOML file in the user's config
// directory. Written atomically; a malformed file is reported, set aside as
// `<file>.bad` and replaced by defaults — never a crash.
#pragma once

#include "core/media/output_file.h"
#include "core/timeslicing/timeslice_config.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsl {

struct Settings {
    std::string scene = "npc";           // npc — the scene the window opens with
    TimeslicerConfig timeslicing;        // mode, J, P, gathering of the NPC scene
    std::uint32_t npc_count = 10;        // 10 — the article's demo
    float ui_scale = 1.0f;               // 1 — UI and font scale (1.5 suits a 1080p projector)
    std::string palette = "classic";     // classic | colour-blind
    std::string theme = "light";         // light | high-contrast
    int window_width = 1600;             // window size in screen coordinates
    int window_height = 900;

    bool operator==(const Settings&) const = default;
};

struct SettingsLoad {
    Settings settings;
    bool found = false;                   // the file existed
    std::vector<std::string> problems;    // what was wrong with it, in words (file and line named)
};

// $XDG_CONFIG_HOME/timeslice-lab/settings.toml, else ~/.config/timeslice-lab/settings.toml.
std::string default_settings_path();

// Missing file: defaults, no problem. Malformed file: defaults, a problem that
// names file and line, and the file renamed to `<path>.bad`. A bad value: that
// setting keeps its default, a problem names it.
SettingsLoad load_settings(const std::string& path);

// Creates the directory if needed; atomic (temporary file + rename).
FileResult save_settings(const std::string& path, const Settings& settings);

}  // namespace tsl
