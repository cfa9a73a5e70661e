// record.h — `timeslice-lab record`: the scene area (every pane with its
// caption, no panels) rendered offscreen at the fixed step and written as an
// animated GIF, one frame per simulation step. No display needed.
// Deterministic: the same options give a byte-identical file; user settings
// are not read. A failed or interrupted recording leaves no file behind.
#pragma once

#include "core/session/commands.h"
#include "core/settings/lab_settings.h"

#include <string>
#include <vector>

namespace tsl::app {

struct RecordOptions {
    std::string out;           // GIF path (one recording)
    std::string out_dir;       // with preset "article": the directory for the article's nine GIFs
    std::string preset;        // "" — else a preset; "article" — the nine figures of the timeslicing article
    double seconds = 3.2;      // 3.2 s — the length of the article's clips
    int width = 496;           // 496 x 300 — the article's GIFs
    int height = 300;
    std::string scene;         // "" — else --scene, applied after the preset
    std::vector<std::string> sets;  // --set assignments, applied after the preset (each preset of "article")
    bool progress = true;      // progress lines on stderr
};

// The nine presets `record --preset article` writes, as NAME.gif each.
const std::vector<std::string>& article_presets();

int run_record(const RecordOptions& options);

}  // namespace tsl::app
