// recording.h — recording the window's scene area while the app runs: one
// GIF frame per simulation step (while recording, the app takes exactly one
// step per displayed frame, so no step is skipped or doubled whatever the
// display rate; the steps themselves are the same as without recording), for
// a chosen simulated duration or until stopped; and PNG snapshots of the same
// area. File names come from a template: {preset} {mode} {date} {time}.
//
// Threading: main thread (the frames are read from OpenGL).
#pragma once

#include "app/ui/notice.h"

#include "core/media/gif_writer.h"
#include "core/media/image_io.h"
#include "core/settings/lab_settings.h"

#include <cstdint>
#include <memory>
#include <string>

namespace tsl::app {

// Expands {preset} (what is shown: LabSession::shown_name), {mode}, {date}
// (YYYYMMDD), {time} (HHMMSS, local) and {lang} (en, zh-Hant, zh-Hans: the
// UI's language, app/ui/ui_text.h) in `name_template`, and keeps file names
// safe (no '/' from the values). In Chinese a template without {lang} gets
// "-zh-Hant" or "-zh-Hans" at its end: a clip says which language it shows.
std::string expand_name(const std::string& name_template, const std::string& preset, const std::string& mode);

// The folder files go to: settings.folder, or default_output_folder() when it
// is empty; made (with its parents) when missing; or why it cannot be made.
Result<std::string> output_folder(const RecordingSettings& settings);

class Recording {
public:
    // Starts a GIF of width x height at `steps_per_s` in output_folder(), or
    // says why not (also in finished()).
    Status start(const RecordingSettings& settings, const std::string& preset, const std::string& mode, int width, int height,
                 double steps_per_s);
    // One step's picture; false when the recording ended (done or failed): see finished_message().
    bool add(const Image& frame);
    // Ends and saves it; the message names the file (or the reason it failed).
    void stop();
    // Ends and discards it.
    void cancel();

    bool active() const { return writer_ != nullptr; }
    int frames() const { return frames_; }
    int frames_expected() const { return expected_; }          // 0 — until stopped
    std::size_t bytes() const;                                 // written so far
    std::size_t estimated_bytes() const;                       // at the end, from the rate so far
    int width() const { return width_; }
    int height() const { return height_; }
    const std::string& path() const { return path_; }
    // What happened to the last recording: saved (where, how many frames), a
    // problem, or cancelled; empty while none ended.
    const Notice& finished() const { return finished_; }

private:
    std::unique_ptr<GifWriter> writer_;
    std::string path_;
    Notice finished_;
    int frames_ = 0, expected_ = 0, width_ = 0, height_ = 0;
};

// The lesson `lesson`'s results board in output_folder(), as
// results-board-LESSON-DATE-TIME.csv (its CSV text) or .png (its picture).
Notice save_board_csv(const std::string& csv, const RecordingSettings& settings, const std::string& lesson);
Notice save_board_png(const Image& image, const RecordingSettings& settings, const std::string& lesson);

// A PNG of the scene area in output_folder(), named from the template: where it went, or why not.
Notice save_snapshot(const Image& image, const RecordingSettings& settings, const std::string& preset, const std::string& mode);

}  // namespace tsl::app
