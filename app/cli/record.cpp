#include "app/cli/record.h"

#include "app/cli/controls.h"
#include "app/platform/headless_session.h"

#include "core/media/gif_writer.h"
#include "core/content/preset.h"

#include <cmath>
#include <filesystem>
#include <iostream>

namespace tsl::app {

const std::vector<std::string>& article_presets() {
    static const std::vector<std::string> names = {"update-all", "aiao-10hz", "aiao-30hz", "siao-10hz", "siao-30hz",
                                                   "siso-10hz",  "siso-30hz", "aiso-10hz", "aiso-30hz"};
    return names;
}

namespace {

// One GIF of `state`: `frames` steps, each drawn and encoded. "" on success.
// One GIF of `state`, `seconds` of simulation long, every step drawn and
// encoded. "" on success, else the problem (no file is left behind).
std::string record_one(HeadlessSession& session, const AppState& state, double seconds, const std::string& path, bool progress) {
    LabApp app(state);
    std::string error;
    if (!app.init(error)) return error;
    const double step_s = app.showing_exposure() ? app.exposure_scene()->step_s() : app.npc_scene().step_s();
    const int frames = std::max(1, static_cast<int>(std::lround(seconds / step_s)));
    GifOptions gif;
    gif.frames_per_second = 1.0 / step_s;
    auto writer = GifWriter::open(path, session.width(), session.height(), gif, error);
    if (!writer) return error;
    int reported = 0;
    for (int i = 0; i < frames; ++i) {
        session.render(app, 1);
        if (!writer->add_frame(session.read(), error)) return error;  // the writer removes its temporary file
        const int percent = (i + 1) * 100 / frames;
        if (progress && frames >= 60 && percent >= reported + 25) {
            reported = percent - percent % 25;
            std::cerr << "record: " << path << ": " << (i + 1) << " of " << frames << " frames (" << percent << "%)\n";
        }
    }
    const FileResult done = writer->finish();
    if (!done) return done.error;
    if (progress)
        std::cerr << "record: wrote " << path << " (" << frames << " frames, " << std::filesystem::file_size(path) / 1024 << " KB)\n";
    return {};
}

}  // namespace

int run_record(const RecordOptions& options) {
    std::string error;
    const auto session = HeadlessSession::create(options.width, options.height, error);
    if (!session) {
        std::cerr << "timeslice-lab: record: " << error << '\n';
        return 1;
    }
    // The scene area only: the whole picture, no panels.
    auto prepared = [&](AppState state) {
        for (const std::string& assignment : options.sets) apply_set(state, assignment);
        state.hide_ui = true;
        return state;
    };

    if (options.preset != "article") {
        const AppState state = prepared(options.state);
        if (const std::string problem = record_one(*session, state, options.seconds, options.out, options.progress); !problem.empty()) {
            std::cerr << "timeslice-lab: record: " << problem << '\n';
            return 1;
        }
        return 0;
    }
    // The article's nine figures, one file each, in a directory made if needed.
    std::error_code made;
    std::filesystem::create_directories(options.out_dir, made);
    if (made) {
        std::cerr << "timeslice-lab: record: cannot make the directory '" << options.out_dir << "': " << made.message() << '\n';
        return 1;
    }
    for (const std::string& name : article_presets()) {
        const PresetLoad loaded = load_preset_by_name(assets_directory(), name);
        if (!loaded.preset) {
            std::cerr << "timeslice-lab: record: " << loaded.error << '\n';
            return 1;
        }
        AppState state = options.state;
        state.apply_preset(*loaded.preset);
        state = prepared(state);
        const std::string path = (std::filesystem::path(options.out_dir) / (name + ".gif")).string();
        if (const std::string problem = record_one(*session, state, options.seconds, path, options.progress); !problem.empty()) {
            std::cerr << "timeslice-lab: record: " << problem << '\n';
            return 1;
        }
    }
    return 0;
}

}  // namespace tsl::app
