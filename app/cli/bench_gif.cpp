// bench_gif.cpp — the GIF writer on the article's clip: the AIAO 10 Hz preset
// (two panes, debug lines on and off) at 496 x 300 for 3.2 s, 96 frames.
#include "app/cli/assets.h"
#include "app/cli/bench.h"
#include "app/platform/headless_session.h"
#include "app/cli/record.h"

#include "core/media/gif_writer.h"
#include "core/content/preset.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <unistd.h>

namespace tsl::app {

std::vector<BenchRecord> bench_gif(const BenchOptions& options, std::string& table) {
    constexpr int kWidth = 496, kHeight = 300, kFrames = 96;
    std::string error;
    const auto session = HeadlessSession::create(kWidth, kHeight, error);
    if (!session) {
        table += "\nGIF: skipped, " + error + "\n";
        return {};
    }
    // The frames first, so that only the encoder is timed.
    SessionOptions session_options;
    session_options.assets_dir = assets_directory();
    auto lab = std::make_unique<LabSession>(LabSettings{}, std::move(session_options));
    for (const Command& command : {Command{LoadPreset{"aiao-10hz"}}, Command{SetField{"hide_ui", true}}})
        if (const CommandResult r = lab->apply(command); !r) throw std::runtime_error(r.problem);
    std::vector<Image> frames;
    {
        LabApp app(std::move(lab));
        if (!app.init(error)) throw std::runtime_error(error);
        for (int i = 0; i < kFrames; ++i) {
            session->render(app, 1);
            frames.push_back(session->read());
        }
    }
    const std::string path = (std::filesystem::temp_directory_path() / ("tsl-bench-" + std::to_string(::getpid()) + ".gif")).string();
    const int runs = options.quick ? 3 : 9;
    std::vector<double> per_frame_ms;
    std::size_t bytes = 0;
    for (int run = 0; run < runs; ++run) {
        const auto start = std::chrono::steady_clock::now();
        auto writer = GifWriter::open(path, kWidth, kHeight, {}, error);
        if (!writer) throw std::runtime_error(error);
        for (const Image& frame : frames)
            if (!writer->add_frame(frame, error)) throw std::runtime_error(error);
        const FileResult done = writer->finish();
        if (!done) throw std::runtime_error(done.error);
        per_frame_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / kFrames);
        bytes = std::filesystem::file_size(path);
    }
    std::filesystem::remove(path);
    std::nth_element(per_frame_ms.begin(), per_frame_ms.begin() + runs / 2, per_frame_ms.end());
    const double ms = per_frame_ms[runs / 2];
    const std::string clip = "aiao-10hz 496x300 3.2s";
    char line[256];
    std::snprintf(line, sizeof line,
                  "\nGIF of the article's clip (AIAO 10 Hz, 2 panes, %d x %d, %d frames; the article's GIFs are about 1.18 MB)\n"
                  "  encode %.3f ms per frame (target <= 2), %zu bytes = %.0f KB (target <= 300 KB); median of %d runs\n",
                  kWidth, kHeight, kFrames, ms, bytes, bytes / 1024.0, runs);
    table += line;
    return {{"gif_encode_ms_per_frame", {{"clip", clip}}, ms, "ms"}, {"gif_bytes", {{"clip", clip}}, static_cast<double>(bytes), "bytes"}};
}

}  // namespace tsl::app
