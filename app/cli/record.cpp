#include "app/cli/record.h"

#include "app/cli/assets.h"
#include "app/cli/headless_commands.h"
#include "app/platform/headless_session.h"

#include "core/media/gif_writer.h"
#include "core/session/lab_session.h"
#include "core/settings/settings_schema.h"

#include <cmath>
#include <filesystem>
#include <iostream>

namespace tsl::app {

const std::vector<std::string>& article_presets() {
    static const std::vector<std::string> names = {"update-all", "aiao-10hz", "aiao-30hz", "siao-10hz", "siao-30hz",
                                                   "siso-10hz",  "siso-30hz", "aiso-10hz", "aiso-30hz"};
    return names;
}

Result<std::unique_ptr<LabSession>> recording_session(const RecordOptions& options, const std::string& preset) {
    SessionOptions session_options;
    session_options.assets_dir = assets_directory();
    auto session = std::make_unique<LabSession>(LabSettings{}, std::move(session_options));
    std::vector<Command> commands;
    if (!preset.empty()) commands.emplace_back(LoadPreset{preset});
    if (!options.scene.empty()) commands.emplace_back(SetField{setting::scene, options.scene});
    for (const std::string& assignment : options.sets) {
        const std::optional<Assignment> split = split_assignment(assignment);
        if (!split) return Failed{"'" + assignment + "' is not NAME=VALUE", FailKind::Refused};
        commands.emplace_back(SetField{split->name, split->value});
    }
    commands.emplace_back(SetField{setting::hide_ui, true});
    for (const Command& command : commands)
        if (const CommandResult result = session->apply(command); !result) return result.failure();
    if (!session->startup_problem().empty()) return Failed{session->startup_problem()};
    return session;
}

Result<std::unique_ptr<GifRecording>> GifRecording::start(HeadlessSession& session, std::unique_ptr<LabSession> lab, double seconds,
                                                          const std::string& path, const char* glsl_version) {
    std::unique_ptr<GifRecording> recording(new GifRecording);
    recording->session_ = &session;
    recording->app_ = std::make_unique<LabApp>(std::move(lab), glsl_version);
    LabApp& app = *recording->app_;
    if (Status made = app.init(); !made) return made.failure();
    const double step_s = app.session().step_s();
    recording->frames_ = std::max(1, static_cast<int>(std::lround(seconds / step_s)));
    app.session().step(app.session().settings().recording.from_step);  // where the clip starts
    GifOptions gif;
    gif.frames_per_second = 1.0 / step_s;
    Result<std::unique_ptr<GifWriter>> opened = GifWriter::open(path, session.width(), session.height(), gif);
    if (!opened) return opened.failure();
    recording->writer_ = std::move(*opened);
    return recording;
}

GifRecording::~GifRecording() = default;

Status GifRecording::add_frame() {
    session_->render(*app_, 1);
    if (Status added = writer_->add_frame(session_->read()); !added) return added;  // the writer removes its temporary file
    ++added_;
    return {};
}

Status GifRecording::finish() { return writer_->finish(); }

namespace {

// One GIF of `lab`, `seconds` of simulation long, every step drawn and
// encoded; or why not (no file is left behind).
Status record_one(HeadlessSession& session, std::unique_ptr<LabSession> lab, double seconds, const std::string& path, bool progress) {
    const Result<std::unique_ptr<GifRecording>> started = GifRecording::start(session, std::move(lab), seconds, path);
    if (!started) return started.failure();
    GifRecording* recording = started->get();
    const int frames = recording->frames();
    int reported = 0;
    while (!recording->all_added()) {
        if (Status added = recording->add_frame(); !added) return added;
        const int i = recording->frames_added() - 1;
        const int percent = (i + 1) * 100 / frames;
        if (progress && frames >= 60 && percent >= reported + 25) {
            reported = percent - percent % 25;
            std::cerr << "record: " << path << ": " << (i + 1) << " of " << frames << " frames (" << percent << "%)\n";
        }
    }
    if (Status done = recording->finish(); !done) return done;
    if (progress)
        std::cerr << "record: wrote " << path << " (" << frames << " frames, " << std::filesystem::file_size(path) / 1024 << " KB)\n";
    return {};
}

int fail(const std::string& problem, int status = 1) {
    std::cerr << "timeslice-lab: record: " << problem << '\n';
    return status;
}
int fail(const ResultError& failed) { return fail(failed.error(), CommandResult::failed(failed).status); }

}  // namespace

int run_record(const RecordOptions& options) {
    const auto session = open_headless("record", options.width, options.height);
    if (!session) return 1;

    if (options.preset != "article") {
        Result<std::unique_ptr<LabSession>> lab = recording_session(options, options.preset);
        if (!lab) return fail(lab);
        if (const Status done = record_one(*session, std::move(*lab), options.seconds, options.out, options.progress); !done) return fail(done);
        return 0;
    }
    // The article's nine figures, one file each, in a directory made if needed.
    std::error_code made;
    std::filesystem::create_directories(options.out_dir, made);
    if (made) return fail("cannot make the directory '" + options.out_dir + "': " + made.message());
    for (const std::string& name : article_presets()) {
        Result<std::unique_ptr<LabSession>> lab = recording_session(options, name);
        if (!lab) return fail(lab);
        const std::string path = (std::filesystem::path(options.out_dir) / (name + ".gif")).string();
        if (const Status done = record_one(*session, std::move(*lab), options.seconds, path, options.progress); !done) return fail(done);
    }
    return 0;
}

}  // namespace tsl::app
