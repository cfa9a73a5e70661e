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

std::unique_ptr<LabSession> recording_session(const RecordOptions& options, const std::string& preset, CommandResult& result) {
    SessionOptions session_options;
    session_options.assets_dir = assets_directory();
    auto session = std::make_unique<LabSession>(LabSettings{}, std::move(session_options));
    std::vector<Command> commands;
    if (!preset.empty()) commands.emplace_back(LoadPreset{preset});
    if (!options.scene.empty()) commands.emplace_back(SetField{setting::scene, options.scene});
    for (const std::string& assignment : options.sets) {
        const std::optional<Assignment> split = split_assignment(assignment);
        if (!split) {
            result = {"'" + assignment + "' is not NAME=VALUE", 2};
            return nullptr;
        }
        commands.emplace_back(SetField{split->name, split->value});
    }
    commands.emplace_back(SetField{setting::hide_ui, true});
    for (const Command& command : commands)
        if (result = session->apply(command); !result) return nullptr;
    if (!session->startup_problem().empty()) result = {session->startup_problem(), 1};
    return result ? std::move(session) : nullptr;
}

std::unique_ptr<GifRecording> GifRecording::start(HeadlessSession& session, std::unique_ptr<LabSession> lab, double seconds,
                                                  const std::string& path, std::string& error, const char* glsl_version) {
    std::unique_ptr<GifRecording> recording(new GifRecording);
    recording->session_ = &session;
    recording->app_ = std::make_unique<LabApp>(std::move(lab), glsl_version);
    LabApp& app = *recording->app_;
    if (!app.init(error)) return nullptr;
    const double step_s = app.session().step_s();
    recording->frames_ = std::max(1, static_cast<int>(std::lround(seconds / step_s)));
    app.session().step(app.session().settings().recording.from_step);  // where the clip starts
    GifOptions gif;
    gif.frames_per_second = 1.0 / step_s;
    recording->writer_ = GifWriter::open(path, session.width(), session.height(), gif, error);
    if (!recording->writer_) return nullptr;
    return recording;
}

GifRecording::~GifRecording() = default;

std::string GifRecording::add_frame() {
    std::string error;
    session_->render(*app_, 1);
    if (!writer_->add_frame(session_->read(), error)) return error;  // the writer removes its temporary file
    ++added_;
    return {};
}

std::string GifRecording::finish() {
    const FileResult done = writer_->finish();
    return done ? std::string() : done.error;
}

namespace {

// One GIF of `lab`, `seconds` of simulation long, every step drawn and
// encoded. "" on success, else the problem (no file is left behind).
std::string record_one(HeadlessSession& session, std::unique_ptr<LabSession> lab, double seconds, const std::string& path, bool progress) {
    std::string error;
    const auto recording = GifRecording::start(session, std::move(lab), seconds, path, error);
    if (!recording) return error;
    const int frames = recording->frames();
    int reported = 0;
    while (!recording->all_added()) {
        if (error = recording->add_frame(); !error.empty()) return error;
        const int i = recording->frames_added() - 1;
        const int percent = (i + 1) * 100 / frames;
        if (progress && frames >= 60 && percent >= reported + 25) {
            reported = percent - percent % 25;
            std::cerr << "record: " << path << ": " << (i + 1) << " of " << frames << " frames (" << percent << "%)\n";
        }
    }
    if (error = recording->finish(); !error.empty()) return error;
    if (progress)
        std::cerr << "record: wrote " << path << " (" << frames << " frames, " << std::filesystem::file_size(path) / 1024 << " KB)\n";
    return {};
}

int fail(const std::string& problem, int status = 1) {
    std::cerr << "timeslice-lab: record: " << problem << '\n';
    return status;
}

}  // namespace

int run_record(const RecordOptions& options) {
    const auto session = open_headless("record", options.width, options.height);
    if (!session) return 1;

    if (options.preset != "article") {
        CommandResult result;
        auto lab = recording_session(options, options.preset, result);
        if (!lab) return fail(result.problem, result.status);
        if (const std::string problem = record_one(*session, std::move(lab), options.seconds, options.out, options.progress); !problem.empty())
            return fail(problem);
        return 0;
    }
    // The article's nine figures, one file each, in a directory made if needed.
    std::error_code made;
    std::filesystem::create_directories(options.out_dir, made);
    if (made) return fail("cannot make the directory '" + options.out_dir + "': " + made.message());
    for (const std::string& name : article_presets()) {
        CommandResult result;
        auto lab = recording_session(options, name, result);
        if (!lab) return fail(result.problem, result.status);
        const std::string path = (std::filesystem::path(options.out_dir) / (name + ".gif")).string();
        if (const std::string problem = record_one(*session, std::move(lab), options.seconds, path, options.progress); !problem.empty())
            return fail(problem);
    }
    return 0;
}

}  // namespace tsl::app
