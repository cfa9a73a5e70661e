#include "app/cli/record.h"

#include "app/cli/assets.h"
#include "app/cli/headless_commands.h"
#include "app/platform/headless_session.h"

#include "core/media/gif_writer.h"
#include "core/session/lab_session.h"

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

// A session of `preset` (none: the defaults) with the scene and --set on top,
// the scene area filling the picture (no panels).
std::unique_ptr<LabSession> recording_session(const RecordOptions& options, const std::string& preset, CommandResult& result) {
    SessionOptions session_options;
    session_options.assets_dir = assets_directory();
    auto session = std::make_unique<LabSession>(LabSettings{}, std::move(session_options));
    std::vector<Command> commands;
    if (!preset.empty()) commands.emplace_back(LoadPreset{preset});
    if (!options.scene.empty()) commands.emplace_back(SetField{"scene", options.scene});
    for (const std::string& assignment : options.sets) {
        const std::size_t eq = assignment.find('=');
        commands.emplace_back(SetField{assignment.substr(0, eq), assignment.substr(eq + 1)});
    }
    commands.emplace_back(SetField{"hide_ui", true});
    for (const Command& command : commands)
        if (result = session->apply(command); !result) return nullptr;
    if (!session->startup_problem().empty()) result = {session->startup_problem(), 1};
    return result ? std::move(session) : nullptr;
}

// One GIF of `lab`, `seconds` of simulation long, every step drawn and
// encoded. "" on success, else the problem (no file is left behind).
std::string record_one(HeadlessSession& session, std::unique_ptr<LabSession> lab, double seconds, const std::string& path, bool progress) {
    LabApp app(std::move(lab));
    std::string error;
    if (!app.init(error)) return error;
    const double step_s = app.session().step_s();
    const int frames = std::max(1, static_cast<int>(std::lround(seconds / step_s)));
    app.session().step(app.session().settings().recording.from_step);  // where the clip starts
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
