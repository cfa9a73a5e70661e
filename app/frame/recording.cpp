#include "app/frame/recording.h"

#include <cmath>
#include <ctime>
#include <filesystem>

namespace tsl::app {

namespace {

std::string safe(std::string text) {
    for (char& c : text)
        if (c == '/' || c == '\\' || c == ' ' || c == ':') c = '-';
    return text;
}

std::string absolute_text(const std::string& path) {
    std::error_code ec;
    const auto absolute = std::filesystem::absolute(path, ec);
    return ec ? path : absolute.lexically_normal().string();
}

}  // namespace

std::string expand_name(const std::string& name_template, const std::string& preset, const std::string& mode) {
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
        if (token("preset", preset.empty() ? "custom" : preset) || token("mode", mode) || token("date", date) || token("time", time))
            continue;
        out += name_template[i] == '/' ? '-' : name_template[i];
        ++i;
    }
    return out.empty() ? "timeslice-lab" : out;
}

std::string Recording::start(const RecordingSettings& settings, const std::string& preset, const std::string& mode, int width,
                             int height, double steps_per_s) {
    cancel();
    message_.clear();
    path_ = (std::filesystem::path(settings.folder) / (expand_name(settings.name_template, preset, mode) + ".gif")).string();
    GifOptions options;
    options.frames_per_second = steps_per_s;
    std::string error;
    writer_ = GifWriter::open(path_, width, height, options, error);
    if (!writer_) {
        message_ = error;
        return error;
    }
    frames_ = 0;
    expected_ = settings.seconds > 0 ? std::max(1, static_cast<int>(std::lround(settings.seconds * steps_per_s))) : 0;
    width_ = width;
    height_ = height;
    return {};
}

bool Recording::add(const Image& frame) {
    if (!writer_) return false;
    std::string error;
    if (!writer_->add_frame(frame, error)) {
        writer_.reset();  // the writer leaves no partial file
        message_ = "Recording failed: " + error;
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
    const FileResult done = writer_->finish();
    writer_.reset();
    message_ = done ? "Saved " + absolute_text(path_) + " (" + std::to_string(frames_) + " frames)" : "Recording failed: " + done.error;
}

void Recording::cancel() {
    if (!writer_) return;
    writer_->cancel();
    writer_.reset();
    message_ = "Recording cancelled; nothing was saved.";
}

std::size_t Recording::bytes() const { return writer_ ? writer_->bytes_written() : 0; }

std::size_t Recording::estimated_bytes() const {
    if (frames_ == 0 || expected_ == 0) return bytes();
    return static_cast<std::size_t>(static_cast<double>(bytes()) / frames_ * expected_);
}

std::string save_snapshot(const Image& image, const RecordingSettings& settings, const std::string& preset, const std::string& mode) {
    const std::string path = (std::filesystem::path(settings.folder) / (expand_name(settings.name_template, preset, mode) + ".png")).string();
    const FileResult written = write_png(path, image);
    return written ? "Saved " + absolute_text(path) : written.error;
}

}  // namespace tsl::app
