// record.h — `timeslice-lab record`: the scene area (every pane with its
// caption, no panels) rendered offscreen at the fixed step and written as an
// animated GIF, one frame per simulation step. No display needed.
// Deterministic: the same options give a byte-identical file; user settings
// are not read. A failed or interrupted recording leaves no file behind.
#pragma once

#include "core/media/gif_writer.h"
#include "core/session/commands.h"
#include "core/session/lab_session.h"
#include "core/settings/lab_settings.h"

#include <memory>
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

// A session of `preset` (none: the defaults) with options.scene and
// options.sets on top and the scene area filling the picture (no panels), as
// `record` records it; or why not (a name or value that does not fit is Refused).
Result<std::unique_ptr<LabSession>> recording_session(const RecordOptions& options, const std::string& preset);

class HeadlessSession;
class LabApp;

// One GIF of a session, frame by frame: `seconds` of simulation from the
// recording's first step, every step drawn into `session` and encoded.
// `record` runs it to the end at once; a platform that must return between
// frames (the browser page) calls add_frame() once per frame of its own.
class GifRecording {
public:
    // The recording, or why the app or the file cannot start. `glsl_version`
    // as LabApp's ("#version 300 es" in the page).
    static Result<std::unique_ptr<GifRecording>> start(HeadlessSession& session, std::unique_ptr<LabSession> lab, double seconds,
                                                       const std::string& path, const char* glsl_version = "#version 330 core");
    ~GifRecording();
    GifRecording(const GifRecording&) = delete;
    GifRecording& operator=(const GifRecording&) = delete;

    int frames() const { return frames_; }       // frames the GIF will have
    int frames_added() const { return added_; }
    bool all_added() const { return added_ >= frames_; }
    // Draws and encodes the next frame, or says why not (the temporary file is removed).
    Status add_frame();
    // After the last frame: closes the file under its name, or says why not.
    Status finish();

private:
    GifRecording() = default;
    HeadlessSession* session_ = nullptr;
    std::unique_ptr<LabApp> app_;
    std::unique_ptr<GifWriter> writer_;
    int frames_ = 0, added_ = 0;
};

}  // namespace tsl::app
