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
    const Result<std::unique_ptr<HeadlessSession>> made = HeadlessSession::create(kWidth, kHeight);
    if (!made) {
        group_unavailable(options, "gif", made.error(), table);
        return {};
    }
    const std::unique_ptr<HeadlessSession>& session = *made;
    // The frames first, so that only the encoder is timed.
    SessionOptions session_options;
    session_options.assets_dir = assets_directory();
    auto lab = std::make_unique<LabSession>(LabSettings{}, std::move(session_options));
    for (const Command& command : {Command{LoadPreset{"aiao-10hz"}}, Command{SetField{setting::hide_ui, true}}})
        if (const CommandResult r = lab->apply(command); !r) throw std::runtime_error(r.problem);
    std::vector<Image> frames;
    {
        LabApp app(std::move(lab));
        if (const Status ready = app.init(); !ready) throw std::runtime_error(ready.error());
        for (int i = 0; i < kFrames; ++i) {
            session->render(app, 1);
            frames.push_back(session->read());
        }
    }
    // Each run writes the clip twice, in turn: to /dev/null (a character
    // device, written directly: the encoder alone) and to a file (temporary
    // file, flush to disk, rename: the whole write).
    const std::string path = (std::filesystem::temp_directory_path() / ("tsl-bench-" + std::to_string(::getpid()) + ".gif")).string();
    const auto write_ms_per_frame = [&](const std::string& to) {
        const auto start = std::chrono::steady_clock::now();
        Result<std::unique_ptr<GifWriter>> opened = GifWriter::open(to, kWidth, kHeight, {});
        if (!opened) throw std::runtime_error(opened.error());
        const std::unique_ptr<GifWriter>& writer = *opened;
        for (const Image& frame : frames)
            if (const Status added = writer->add_frame(frame); !added) throw std::runtime_error(added.error());
        const Status done = writer->finish();
        if (!done) throw std::runtime_error(done.error());
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / kFrames;
    };
    const int runs = options.quick ? 3 : 9;
    std::vector<double> encode_ms, write_ms;
    for (int run = 0; run < runs; ++run) {
        encode_ms.push_back(write_ms_per_frame("/dev/null"));
        write_ms.push_back(write_ms_per_frame(path));
    }
    const std::size_t bytes = std::filesystem::file_size(path);
    std::filesystem::remove(path);
    const Spread encode = spread_of(encode_ms), write = spread_of(write_ms);
    const std::string clip = "aiao-10hz 496x300 3.2s";
    table += format("\nGIF of the article's clip (AIAO 10 Hz, 2 panes, %d x %d, %d frames; the article's GIFs are about 1.18 MB),\n"
                    "  ms per frame, median [quartiles] of %d runs, the two writes in turn\n",
                    kWidth, kHeight, kFrames, runs);
    table += format("  encode (to /dev/null: no file, no disk)        %s  (target <= 2)\n", with_spread(encode, 3).c_str());
    table += format("  whole write (temporary file, flush, rename)    %s\n", with_spread(write, 3).c_str());
    table += format("  %zu bytes = %.0f KB (target <= 300 KB)\n", bytes, bytes / 1024.0);
    return {{"gif_encode_ms_per_frame", {{"clip", clip}}, encode.median, "ms", spread_json(encode)},
            {"gif_write_ms_per_frame", {{"clip", clip}}, write.median, "ms", spread_json(write)},
            {"gif_bytes", {{"clip", clip}}, static_cast<double>(bytes), "bytes"}};
}

}  // namespace tsl::app
