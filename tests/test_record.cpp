// `timeslice-lab record`: GIFs of the scene as a user gets them with no
// display — the article's clip within its size budget, exact timing, looping,
// byte-identical twice, the same frames a screenshot shows, and no file left
// behind when the output cannot be written.
#include "png_read.h"
#include "run_command.h"

#include <catch2/catch.hpp>
#include <gif_lib.h>

#include <cmath>
#include <cstring>
#include <fstream>

using namespace tsl;
using namespace tsl::test;

namespace {

const std::string kNoDisplay = "env -u DISPLAY -u WAYLAND_DISPLAY ";

// A decoded GIF: every frame composed onto the canvas as a viewer shows it,
// with the delay it is shown for.
struct DecodedGif {
    int width = 0, height = 0;
    std::vector<Image> frames;
    std::vector<int> delays_cs;
    bool loops_forever = false;
};

DecodedGif decode(const std::string& path) {
    int error = 0;
    GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
    REQUIRE(gif != nullptr);
    REQUIRE(DGifSlurp(gif) == GIF_OK);
    DecodedGif out;
    out.width = gif->SWidth;
    out.height = gif->SHeight;
    std::vector<std::uint8_t> canvas(static_cast<std::size_t>(out.width) * out.height * 4, 0);
    for (int i = 0; i < gif->ImageCount; ++i) {
        const SavedImage& image = gif->SavedImages[i];
        GraphicsControlBlock gcb{};
        gcb.TransparentColor = NO_TRANSPARENT_COLOR;
        DGifSavedExtensionToGCB(gif, i, &gcb);
        for (int e = 0; e < image.ExtensionBlockCount; ++e) {
            const ExtensionBlock& block = image.ExtensionBlocks[e];
            if (block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11 && std::memcmp(block.Bytes, "NETSCAPE2.0", 11) == 0 &&
                e + 1 < image.ExtensionBlockCount) {
                const ExtensionBlock& sub = image.ExtensionBlocks[e + 1];
                out.loops_forever = sub.ByteCount >= 3 && sub.Bytes[1] == 0 && sub.Bytes[2] == 0;
            }
        }
        const ColorMapObject* map = image.ImageDesc.ColorMap ? image.ImageDesc.ColorMap : gif->SColorMap;
        REQUIRE(map != nullptr);
        const GifImageDesc& d = image.ImageDesc;
        for (int y = 0; y < d.Height; ++y)
            for (int x = 0; x < d.Width; ++x) {
                const int index = image.RasterBits[y * d.Width + x];
                if (index == gcb.TransparentColor) continue;
                std::uint8_t* p = &canvas[(static_cast<std::size_t>(d.Top + y) * out.width + d.Left + x) * 4];
                p[0] = map->Colors[index].Red, p[1] = map->Colors[index].Green, p[2] = map->Colors[index].Blue, p[3] = 255;
            }
        out.frames.push_back({out.width, out.height, canvas});
        out.delays_cs.push_back(gcb.DelayTime);
    }
    DGifCloseFile(gif, &error);
    return out;
}

// The composed frame a viewer shows at time t (centiseconds from the start).
const Image& frame_at(const DecodedGif& gif, int t_cs) {
    int start = 0;
    for (std::size_t i = 0; i < gif.frames.size(); ++i) {
        if (t_cs < start + gif.delays_cs[i]) return gif.frames[i];
        start += gif.delays_cs[i];
    }
    return gif.frames.back();
}

int sum(const std::vector<int>& v) {
    int s = 0;
    for (int x : v) s += x;
    return s;
}

}  // namespace

TEST_CASE("record writes the article's clip: 3.2 s at 30 steps a second looping and small and the same twice", "[record][gif]") {
    const auto dir = scratch_dir("record");
    const std::string a = (dir / "a.gif").string(), b = (dir / "b.gif").string();
    for (const std::string& path : {a, b}) {
        const CommandResult r = run_command(tsl::test::kApp, {"record", "--preset", "aiao-10hz", "--out", path, "--no-progress"}, kNoDisplay);
        INFO(r.err);
        REQUIRE(r.status == 0);
    }
    const DecodedGif gif = decode(a);
    CHECK(gif.width == 496);
    CHECK(gif.height == 300);
    CHECK(sum(gif.delays_cs) == 320);  // 96 steps at 30 a second, exactly 3.2 s
    CHECK(gif.frames.size() <= 96);    // identical steps may share one frame
    CHECK(gif.frames.size() >= 60);
    CHECK(gif.loops_forever);
    CHECK(std::filesystem::file_size(a) <= 300u * 1024u);
    CHECK(slurp(a) == slurp(b));
    std::filesystem::remove_all(dir);
}

TEST_CASE("A recorded frame is the picture a screenshot of the same step shows", "[record][gif]") {
    const auto dir = scratch_dir("record-vs-shot");
    const std::string gif_path = (dir / "r.gif").string();
    const CommandResult r = run_command(tsl::test::kApp, {"record", "--preset", "siso-10hz", "--out", gif_path, "--seconds", "2", "--no-progress", "--set", "record_from_step=0"},
                                        kNoDisplay);
    INFO(r.err);
    REQUIRE(r.status == 0);
    const DecodedGif gif = decode(gif_path);
    for (int step : {1, 31, 60}) {  // frame i of the GIF shows the state after i + 1 steps
        std::filesystem::path png_path = dir / "step";
        png_path += std::to_string(step);
        png_path += ".png";
        const std::string png = png_path.string();
        const CommandResult shot = run_command(tsl::test::kApp,
                                               {"screenshot", "--preset", "siso-10hz", "--out", png, "--size", "496x300", "--frames",
                                                std::to_string(step), "--set", "hide_ui=true"},
                                               kNoDisplay);
        REQUIRE(shot.status == 0);
        const Image expected = tsl::test::png_at(png);
        REQUIRE(expected.width == 496);
        const int t_cs = static_cast<int>(std::lround(100.0 * (step - 1) / 30.0));
        const Image& got = frame_at(gif, t_cs);
        // The palette's error: small everywhere, and few pixels off by more than a shade.
        int worst = 0, off = 0;
        for (std::size_t i = 0; i < got.rgba.size(); i += 4) {
            int e = 0;
            for (int c = 0; c < 3; ++c) e = std::max(e, std::abs(got.rgba[i + c] - expected.rgba[i + c]));
            worst = std::max(worst, e);
            off += e > 24;
        }
        INFO("step " << step << ": worst channel error " << worst << ", pixels off by more than 24: " << off);
        CHECK(worst <= 64);
        CHECK(off < 496 * 300 / 200);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("record --preset article writes the nine figures", "[record][gif]") {
    const auto dir = scratch_dir("record-article");
    const auto out = dir / "slides";  // made when it does not exist
    const CommandResult r = run_command(tsl::test::kApp, {"record", "--preset", "article", "--out-dir", out.string(), "--seconds", "0.4"}, kNoDisplay);
    INFO(r.err);
    REQUIRE(r.status == 0);
    for (const char* name : {"update-all", "aiao-10hz", "aiao-30hz", "siao-10hz", "siao-30hz", "siso-10hz", "siso-30hz", "aiso-10hz",
                             "aiso-30hz"}) {
        std::string file = name;
        file += ".gif";
        const auto path = out / file;
        INFO(path);
        REQUIRE(std::filesystem::exists(path));
        CHECK(sum(decode(path.string()).delays_cs) == 40);  // 12 steps: 0.4 s
        CHECK(r.err.find(file) != std::string::npos);  // progress names each file
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("An unwritable GIF path fails with its name and leaves no file", "[record][gif][errors]") {
    const auto dir = scratch_dir("record-bad");
    std::ofstream(dir / "plain-file") << "not a directory";
    for (const std::string& path : {(dir / "missing" / "x.gif").string(), (dir / "plain-file" / "x.gif").string()}) {
        const CommandResult r = run_command(tsl::test::kApp, {"record", "--preset", "aiao-10hz", "--out", path, "--seconds", "0.2"}, kNoDisplay);
        INFO(r.err);
        CHECK(r.status == 1);
        CHECK(r.err.find(path) != std::string::npos);
    }
    // Nothing was created: no GIF, no temporary file.
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) names.push_back(entry.path().filename().string());
    CHECK(names == std::vector<std::string>{"plain-file"});
    // Without an output: a usage error.
    const CommandResult none = run_command(tsl::test::kApp, {"record", "--preset", "aiao-10hz"}, kNoDisplay);
    CHECK(none.status == 2);
    CHECK(none.err.find("--out") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("A picture of another size is fitted whole into a recording's frame, centred, the rest background", "[record][image]") {
    Image wide;
    wide.width = 4;
    wide.height = 2;
    wide.rgba.assign(4 * 2 * 4, 0);
    for (std::size_t i = 0; i < wide.rgba.size(); i += 4) {
        wide.rgba[i] = 200;
        wide.rgba[i + 3] = 255;
    }
    const std::uint8_t white[4] = {255, 255, 255, 255};
    const Image fitted = fit_image(wide, 4, 4, white);
    REQUIRE(fitted.width == 4);
    REQUIRE(fitted.height == 4);
    for (int x = 0; x < 4; ++x) {
        CHECK(fitted.pixel(x, 0)[1] == 255);  // background above
        CHECK(fitted.pixel(x, 3)[1] == 255);  // and below
        CHECK(fitted.pixel(x, 1)[0] == 200);  // the picture, whole width
        CHECK(fitted.pixel(x, 2)[1] == 0);
    }
}
