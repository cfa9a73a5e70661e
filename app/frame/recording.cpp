#include "app/frame/recording.h"
#include "app/ui/text.h"
#include "app/ui/ui_text.h"

#include "core/settings/settings_file.h"

#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>

namespace tsl::app {

namespace {

std::string safe(std::string text) {
    for (char& c : text)
        if (c == '/' || c == '\\' || c == ' ' || c == ':') c = '-';
    return text;
}

// "(96 frames)".
std::string formatted_frames(int frames) { return formatted(tr("(%d frames)"), frames); }

}  // namespace

Result<std::string> output_folder(const RecordingSettings& settings) {
    const std::string folder = settings.folder.empty() ? default_output_folder() : settings.folder;
    std::error_code error;
    if (std::filesystem::is_directory(folder, error)) return folder;
    std::filesystem::create_directories(folder, error);
    if (error) return Failed{"cannot make the folder '" + folder + "': " + error.message()};
    return folder;
}

std::string expand_name(const std::string& name_template, const std::string& preset, const std::string& mode) {
    const Language language = ui_words().language();
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char date[16], time[16];
    std::strftime(date, sizeof date, "%Y%m%d", &local);
    std::strftime(time, sizeof time, "%H%M%S", &local);
    std::string out;
    for (std::size_t i = 0; i < name_template.size();) {
        auto token = [&](const char* name, const std::string& value) {
            const std::string t = std::string("{") + name + "}";
            if (name_template.compare(i, t.size(), t) != 0) return false;
            out += safe(value);
            i += t.size();
            return true;
        };
        if (token("preset", preset.empty() ? "custom" : preset) || token("mode", mode) || token("date", date) || token("time", time) ||
            token("lang", std::string(language_code(language))))
            continue;
        out += name_template[i] == '/' ? '-' : name_template[i];
        ++i;
    }
    // A recording in Chinese says so in its name (ASCII: "-zh-Hant"), unless the template places {lang} itself.
    if (language != Language::En && name_template.find("{lang}") == std::string::npos) out += "-" + std::string(language_code(language));
    return out.empty() ? "timeslice-lab" : out;
}

Status Recording::start(const RecordingSettings& settings, const std::string& preset, const std::string& mode, int width,
                        int height, double steps_per_s) {
    cancel();
    finished_ = {};
    const Status started = [&]() -> Status {
        const Result<std::string> folder = output_folder(settings);
        if (!folder) return folder.failure();
        path_ = (std::filesystem::path(*folder) / (expand_name(settings.name_template, preset, mode) + ".gif")).string();
        GifOptions options;
        options.frames_per_second = steps_per_s;
        Result<std::unique_ptr<GifWriter>> opened = GifWriter::open(path_, width, height, options);
        if (!opened) return opened.failure();
        writer_ = std::move(*opened);
        return {};
    }();
    if (!started) {
        finished_ = problem_notice(formatted(tr("Recording not started: %s"), started.error().c_str()));
        return started;
    }
    frames_ = 0;
    expected_ = settings.seconds > 0 ? std::max(1, static_cast<int>(std::lround(settings.seconds * steps_per_s))) : 0;
    width_ = width;
    height_ = height;
    return {};
}

bool Recording::add(const Image& frame) {
    if (!writer_) return false;
    if (const Status added = writer_->add_frame(frame); !added) {
        writer_.reset();  // the writer leaves no partial file
        finished_ = problem_notice(formatted(tr("Recording failed: %s"), added.error().c_str()));
        return false;
    }
    ++frames_;
    if (expected_ > 0 && frames_ >= expected_) {
        stop();
        return false;
    }
    return true;
}

void Recording::stop() {
    if (!writer_) return;
    const Status done = writer_->finish();
    writer_.reset();
    finished_ = done ? saved_notice(path_, formatted_frames(frames_)) : problem_notice(formatted(tr("Recording failed: %s"), done.error().c_str()));
}

void Recording::cancel() {
    if (!writer_) return;
    writer_->cancel();
    writer_.reset();
    finished_ = info_notice(tr("Recording cancelled; nothing was saved."));
}

std::size_t Recording::bytes() const { return writer_ ? writer_->bytes_written() : 0; }

std::size_t Recording::estimated_bytes() const {
    if (frames_ == 0 || expected_ == 0) return bytes();
    return static_cast<std::size_t>(static_cast<double>(bytes()) / frames_ * expected_);
}

Notice save_snapshot(const Image& image, const RecordingSettings& settings, const std::string& preset, const std::string& mode) {
    const Result<std::string> folder = output_folder(settings);
    if (!folder) return problem_notice(formatted(tr("PNG not saved: %s"), folder.error().c_str()));
    const std::string path = (std::filesystem::path(*folder) / (expand_name(settings.name_template, preset, mode) + ".png")).string();
    const Status written = write_png(path, image);
    return written ? saved_notice(path) : problem_notice(formatted(tr("PNG not saved: %s"), written.error().c_str()));
}

namespace {

Result<std::string> board_path(const RecordingSettings& settings, const std::string& lesson, const char* extension) {
    const Result<std::string> folder = output_folder(settings);
    if (!folder) return folder;
    return (std::filesystem::path(*folder) / (expand_name("results-board-{preset}-{date}-{time}", lesson, "") + extension)).string();
}

}  // namespace

Notice save_board_csv(const std::string& csv, const RecordingSettings& settings, const std::string& lesson) {
    const Result<std::string> path = board_path(settings, lesson, ".csv");
    if (!path) return problem_notice(formatted(tr("CSV not saved: %s"), path.error().c_str()));
    const Status written = write_output_file(*path, csv);
    return written ? saved_notice(*path, tr("(the results board)")) : problem_notice(formatted(tr("CSV not saved: %s"), written.error().c_str()));
}

Notice save_board_png(const Image& image, const RecordingSettings& settings, const std::string& lesson) {
    const Result<std::string> path = board_path(settings, lesson, ".png");
    if (!path) return problem_notice(formatted(tr("PNG not saved: %s"), path.error().c_str()));
    const Status written = write_png(*path, image);
    return written ? saved_notice(*path, tr("(the results board)")) : problem_notice(formatted(tr("PNG not saved: %s"), written.error().c_str()));
}

}  // namespace tsl::app
