// GIF writer: what a viewer shows (decoded with giflib and composed here,
// honouring each frame's rectangle, transparency and disposal) is the picture
// that was recorded, on the recorded clock; failures leave no file behind.
#include "core/media/gif_writer.h"
#include "core/npc/npc_scene.h"

#include "run_command.h"

#include <catch2/catch.hpp>
#include <gif_lib.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <numbers>
#include <set>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>
#include <utility>

using namespace tsl;
using tsl::test::TempFolder;
namespace fs = std::filesystem;

namespace {

constexpr std::uint32_t kBackground = 0xFBFAF7, kInk = 0x161616, kRed = 0xD0202E, kBlue = 0x0072B2;

// The app's colours, which must come back exactly.
const std::uint32_t kAppColours[] = {kBackground, kInk,     0xD0202E, 0xD55E00, 0x0072B2, 0x009E73, 0xCC79A7,
                                     0xE69F00,    0x56B4E9, 0xF0E442, 0xF8E3A3, 0x8397AD, 0x34363A, 0xF0A202};

// Any other pixel of an antialiased shape over the background (or of ink)
// comes back within this many levels per channel: the palette's ramps are
// 1/7 (toward the background) and 1/6 (toward ink) of the way apart, at most
// 18 levels to the nearest step, plus a few for the 32³ lookup table's cells.
constexpr int kMaxBlendError = 24;

// ---- Drawing: antialiased shapes, coverage from the distance to the edge ----

Image blank(int width, int height, std::uint32_t rgb = kBackground) {
    Image image{width, height, std::vector<std::uint8_t>(static_cast<std::size_t>(width) * height * 4)};
    for (std::size_t i = 0; i < image.rgba.size(); i += 4) {
        image.rgba[i] = rgb >> 16 & 0xFF;
        image.rgba[i + 1] = rgb >> 8 & 0xFF;
        image.rgba[i + 2] = rgb & 0xFF;
        image.rgba[i + 3] = 255;
    }
    return image;
}

void blend_pixel(Image& image, int x, int y, std::uint32_t rgb, double alpha) {
    if (x < 0 || y < 0 || x >= image.width || y >= image.height || alpha <= 0) return;
    std::uint8_t* p = &image.rgba[(static_cast<std::size_t>(y) * image.width + x) * 4];
    const int source[3] = {static_cast<int>(rgb >> 16 & 0xFF), static_cast<int>(rgb >> 8 & 0xFF), static_cast<int>(rgb & 0xFF)};
    for (int c = 0; c < 3; ++c) p[c] = static_cast<std::uint8_t>(std::lround(alpha * source[c] + (1 - alpha) * p[c]));
}

// Coverage of a pixel whose centre is `distance` from a shape (negative inside).
double coverage(double distance) { return std::clamp(0.5 - distance, 0.0, 1.0); }

void draw_disc(Image& image, double cx, double cy, double radius, std::uint32_t rgb, double alpha = 1) {
    for (int y = static_cast<int>(cy - radius - 1); y <= static_cast<int>(cy + radius + 1); ++y)
        for (int x = static_cast<int>(cx - radius - 1); x <= static_cast<int>(cx + radius + 1); ++x)
            blend_pixel(image, x, y, rgb, alpha * coverage(std::hypot(x + 0.5 - cx, y + 0.5 - cy) - radius));
}

double distance_to_segment(double px, double py, double ax, double ay, double bx, double by) {
    const double dx = bx - ax, dy = by - ay, length2 = dx * dx + dy * dy;
    const double t = length2 > 0 ? std::clamp(((px - ax) * dx + (py - ay) * dy) / length2, 0.0, 1.0) : 0.0;
    return std::hypot(px - (ax + t * dx), py - (ay + t * dy));
}

// A segment with round caps, `half_width` from its axis.
void draw_segment(Image& image, double ax, double ay, double bx, double by, double half_width, std::uint32_t rgb, double alpha = 1) {
    for (int y = static_cast<int>(std::min(ay, by) - half_width - 1); y <= static_cast<int>(std::max(ay, by) + half_width + 1); ++y)
        for (int x = static_cast<int>(std::min(ax, bx) - half_width - 1); x <= static_cast<int>(std::max(ax, bx) + half_width + 1); ++x)
            blend_pixel(image, x, y, rgb, alpha * coverage(distance_to_segment(x + 0.5, y + 0.5, ax, ay, bx, by) - half_width));
}

// The test animation, 120 × 80: a clock hand of ink turning, a red disc
// swinging, a still blue dot and an ink rule; frames 10–14 and 30–39 repeat
// the frame before them (a paused scene).
std::vector<Image> test_animation(int frame_count = 40) {
    std::vector<Image> frames;
    for (int frame = 0; frame < frame_count; ++frame) {
        int t = frame;
        if (t >= 10 && t < 15) t = 9;
        if (t >= 30) t = 29;
        Image image = blank(120, 80);
        const double angle = t * 0.21;
        draw_segment(image, 30, 40, 30 + 24 * std::cos(angle), 40 + 24 * std::sin(angle), 1.3, kInk);
        draw_disc(image, 90 + 15 * std::sin(t * 0.3), 40.3, 9.2, kRed);
        draw_disc(image, 100, 12, 5.5, kBlue);
        draw_segment(image, 4, 72.4, 116, 72.4, 0.6, kInk);
        frames.push_back(std::move(image));
    }
    return frames;
}

std::string write_gif(const std::string& path, const std::vector<Image>& frames, const GifOptions& options = {}) {
    Result<std::unique_ptr<GifWriter>> gif = GifWriter::open(path, frames.at(0).width, frames.at(0).height, options);
    if (!gif) return gif.error();
    for (const Image& frame : frames)
        if (const Status added = (*gif)->add_frame(frame); !added) return added.error();
    const Status done = (*gif)->finish();
    return done ? "" : done.error();
}

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// ---- Decoding: what a viewer shows after each GIF frame ----

struct DecodedFrame {
    Image picture;                     // the whole canvas after this frame is drawn
    int left = 0, top = 0, width = 0, height = 0;
    int delay_cs = 0, disposal = 0, transparent = NO_TRANSPARENT_COLOR;
};

struct DecodedGif {
    std::string error;
    std::string version;               // "GIF89a"
    int width = 0, height = 0;
    bool has_global_palette = false, any_local_palette = false;
    int loop_count = -1;               // from NETSCAPE2.0; -1 if absent
    std::vector<DecodedFrame> frames;
};

DecodedGif decode(const std::string& path) {
    DecodedGif out;
    out.version = read_bytes(path).substr(0, 6);
    int error = 0;
    GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
    if (!gif) {
        out.error = GifErrorString(error);
        return out;
    }
    if (DGifSlurp(gif) == GIF_ERROR) {
        out.error = GifErrorString(gif->Error);
        DGifCloseFile(gif, &error);
        return out;
    }
    out.width = gif->SWidth;
    out.height = gif->SHeight;
    out.has_global_palette = gif->SColorMap != nullptr;

    Image canvas = blank(out.width, out.height, 0);
    if (gif->SColorMap) {
        const GifColorType c = gif->SColorMap->Colors[gif->SBackGroundColor];
        canvas = blank(out.width, out.height, std::uint32_t{c.Red} << 16 | std::uint32_t{c.Green} << 8 | c.Blue);
    }
    for (int i = 0; i < gif->ImageCount; ++i) {
        const SavedImage& image = gif->SavedImages[i];
        for (int b = 0; b + 1 < image.ExtensionBlockCount; ++b) {
            const ExtensionBlock& block = image.ExtensionBlocks[b];
            const ExtensionBlock& data = image.ExtensionBlocks[b + 1];
            if (block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11 &&
                std::memcmp(block.Bytes, "NETSCAPE2.0", 11) == 0 && data.Function == CONTINUE_EXT_FUNC_CODE &&
                data.ByteCount == 3 && data.Bytes[0] == 1)
                out.loop_count = data.Bytes[1] | data.Bytes[2] << 8;
        }
        GraphicsControlBlock control{DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
        DGifSavedExtensionToGCB(gif, i, &control);
        const GifImageDesc& desc = image.ImageDesc;
        const ColorMapObject* map = desc.ColorMap ? desc.ColorMap : gif->SColorMap;
        out.any_local_palette |= desc.ColorMap != nullptr;

        const Image before = canvas;
        for (int y = 0; y < desc.Height; ++y)
            for (int x = 0; x < desc.Width; ++x) {
                const int index = image.RasterBits[static_cast<std::size_t>(y) * desc.Width + x];
                if (index == control.TransparentColor) continue;
                const GifColorType c = map->Colors[index];
                std::uint8_t* p = &canvas.rgba[(static_cast<std::size_t>(desc.Top + y) * out.width + desc.Left + x) * 4];
                p[0] = c.Red, p[1] = c.Green, p[2] = c.Blue;
            }
        out.frames.push_back({canvas, desc.Left, desc.Top, desc.Width, desc.Height, control.DelayTime, control.DisposalMode,
                              control.TransparentColor});
        if (control.DisposalMode == DISPOSE_BACKGROUND) {
            const GifColorType c = gif->SColorMap->Colors[gif->SBackGroundColor];
            for (int y = 0; y < desc.Height; ++y)
                for (int x = 0; x < desc.Width; ++x) {
                    std::uint8_t* p = &canvas.rgba[(static_cast<std::size_t>(desc.Top + y) * out.width + desc.Left + x) * 4];
                    p[0] = c.Red, p[1] = c.Green, p[2] = c.Blue;
                }
        } else if (control.DisposalMode == DISPOSE_PREVIOUS) {
            canvas = before;
        }
    }
    DGifCloseFile(gif, &error);
    return out;
}

// The decoded frame on screen at `time_cs` from the start, or nullptr past the end.
const DecodedFrame* frame_at(const DecodedGif& gif, long time_cs) {
    long start = 0;
    for (const DecodedFrame& frame : gif.frames) {
        if (time_cs >= start && time_cs < start + frame.delay_cs) return &frame;
        start += frame.delay_cs;
    }
    return nullptr;
}

long total_delay_cs(const DecodedGif& gif) {
    long total = 0;
    for (const DecodedFrame& frame : gif.frames) total += frame.delay_cs;
    return total;
}

std::uint32_t rgb_at(const Image& image, int x, int y) {
    const std::uint8_t* p = image.pixel(x, y);
    return std::uint32_t{p[0]} << 16 | std::uint32_t{p[1]} << 8 | p[2];
}

int channel_error(std::uint32_t a, std::uint32_t b) {
    int worst = 0;
    for (int shift : {16, 8, 0}) worst = std::max(worst, std::abs(static_cast<int>(a >> shift & 0xFF) - static_cast<int>(b >> shift & 0xFF)));
    return worst;
}

bool is_app_colour(std::uint32_t rgb) { return std::find(std::begin(kAppColours), std::end(kAppColours), rgb) != std::end(kAppColours); }

// "mismatched pixels" of one recorded frame against what the viewer shows.
struct Comparison {
    int app_colour_mismatches = 0;
    int worst_error = 0;
};

Comparison compare(const Image& recorded, const Image& shown) {
    Comparison result;
    for (int y = 0; y < recorded.height; ++y)
        for (int x = 0; x < recorded.width; ++x) {
            const std::uint32_t want = rgb_at(recorded, x, y), got = rgb_at(shown, x, y);
            if (is_app_colour(want) && got != want) ++result.app_colour_mismatches;
            result.worst_error = std::max(result.worst_error, channel_error(want, got));
        }
    return result;
}

// A stand-in for the article's clip, drawn here from the real NPC scene: two
// 248 × 300 panes (the ring of 10 NPCs at 30 Hz and at 10 Hz, both with
// debug lines), each NPC a dark facing dart and a 70 % red desired dart, the
// grey target circling among them.
std::vector<Image> two_pane_npc_clip(int frame_count) {
    std::vector<std::unique_ptr<NpcScene>> panes;
    for (std::uint32_t update_every : {1u, 3u}) {
        NpcSceneConfig config;
        config.timeslicing.update_every_frames = update_every;
        panes.push_back(std::make_unique<NpcScene>(config));
    }
    std::vector<Image> frames;
    for (int frame = 0; frame < frame_count; ++frame) {
        Image image = blank(496, 300);
        draw_segment(image, 248, 0, 248, 300, 0.5, 0xC9C5BC);
        for (std::size_t pane = 0; pane < panes.size(); ++pane) {
            NpcScene& scene = *panes[pane];
            scene.step();
            const double scale = 248 / (2 * kNpcViewHalfExtent), origin_x = pane * 248 + 124.0, origin_y = 150;
            auto to_pixels = [&](Vec2 p) { return std::pair{origin_x + p.x * scale, origin_y - p.y * scale}; };
            for (const Npc& npc : scene.npcs()) {
                const auto [x0, y0] = to_pixels(npc.position);
                const auto [x1, y1] = to_pixels(npc.decision.target_seen);
                draw_segment(image, x0, y0, x1, y1, 0.6, kRed, 0.7);
            }
            for (const Npc& npc : scene.npcs()) {
                const auto [cx, cy] = to_pixels(npc.position);
                for (auto [deg, rgb, alpha] : {std::tuple{npc.facing_deg, kInk, 1.0}, std::tuple{npc.decision.desired_deg, kRed, 0.7}}) {
                    const double angle = -deg * std::numbers::pi / 180, length = 0.23 * scale;
                    const double tx = cx + length * std::cos(angle), ty = cy + length * std::sin(angle);
                    draw_segment(image, cx, cy, tx, ty, 1.0, rgb, alpha);
                    for (double side : {2.6, -2.6})
                        draw_segment(image, tx, ty, tx + 7 * std::cos(angle + side), ty + 7 * std::sin(angle + side), 1.0, rgb, alpha);
                }
            }
            const auto [tx, ty] = to_pixels(scene.target_position());
            draw_disc(image, tx, ty, 0.075 * scale + 1, kInk);
            draw_disc(image, tx, ty, 0.075 * scale - 0.5, 0xBDBDBD);
        }
        frames.push_back(std::move(image));
    }
    return frames;
}

// A writer of 120x80 frames to `path` that has taken every one of `frames`
// and is not finished yet.
std::unique_ptr<GifWriter> writer_given(const std::string& path, const std::vector<Image>& frames) {
    Result<std::unique_ptr<GifWriter>> writer = GifWriter::open(path, 120, 80, {});
    REQUIRE(writer);
    for (const Image& frame : frames) REQUIRE((*writer)->add_frame(frame));
    return std::move(*writer);
}

// `frames` written to clip.gif in `dir` and read back; both must succeed.
DecodedGif written_and_decoded(const TempFolder& dir, const std::vector<Image>& frames) {
    REQUIRE(write_gif(dir.file("clip.gif"), frames) == "");
    DecodedGif gif = decode(dir.file("clip.gif"));
    REQUIRE(gif.error == "");
    return gif;
}

}  // namespace

TEST_CASE("Every recorded frame is what the viewer shows at its time: app colours exactly and blends within the palette error", "[gif]") {
    TempFolder dir;
    const std::vector<Image> frames = test_animation();
    const DecodedGif gif = written_and_decoded(dir, frames);
    CHECK(gif.version == "GIF89a");
    CHECK(gif.width == 120);
    CHECK(gif.height == 80);
    CHECK(gif.has_global_palette);
    CHECK_FALSE(gif.any_local_palette);  // one palette for every frame: no flicker

    for (std::size_t i = 0; i < frames.size(); ++i) {
        const long time_cs = std::lround(100.0 * i / 30);
        const DecodedFrame* shown = frame_at(gif, time_cs);
        INFO("frame " << i << " at " << time_cs << " cs");
        REQUIRE(shown != nullptr);
        const Comparison result = compare(frames[i], shown->picture);
        CHECK(result.app_colour_mismatches == 0);
        CHECK(result.worst_error <= kMaxBlendError);
    }
}

TEST_CASE("After the first frame only the changed rectangle is stored with unchanged pixels transparent", "[gif]") {
    TempFolder dir;
    const DecodedGif gif = written_and_decoded(dir, test_animation());
    REQUIRE(gif.frames.size() >= 2);

    const DecodedFrame& first = gif.frames[0];
    CHECK(first.left == 0);
    CHECK(first.top == 0);
    CHECK(first.width == 120);
    CHECK(first.height == 80);
    for (std::size_t i = 1; i < gif.frames.size(); ++i) {
        const DecodedFrame& frame = gif.frames[i];
        INFO("GIF frame " << i);
        CHECK(frame.transparent == kGifTransparentIndex);
        CHECK(frame.disposal == DISPOSE_DO_NOT);
        CHECK(frame.width * frame.height < 120 * 80);  // the blue dot and the rule never change
        CHECK(frame.top > 0);                          // the blue dot is above everything that moves
    }
}

TEST_CASE("Identical frames merge and the delays add up to the exact clip length and the GIF loops forever", "[gif]") {
    TempFolder dir;
    auto writer = writer_given(dir.file("clip.gif"), test_animation(40));
    REQUIRE(writer->finish());
    CHECK(writer->frames_added() == 40);
    CHECK(writer->frames_written() == 40 - 5 - 10);  // frames 10–14 repeat frame 9, 30–39 repeat 29
    CHECK(writer->bytes_written() == fs::file_size(dir.file("clip.gif")));

    const DecodedGif gif = decode(dir.file("clip.gif"));
    REQUIRE(gif.error == "");
    CHECK(gif.frames.size() == 25);
    CHECK(total_delay_cs(gif) == std::lround(100.0 * 40 / 30));  // 133 cs
    CHECK(gif.frames[9].delay_cs == std::lround(100.0 * 15 / 30) - std::lround(100.0 * 9 / 30));  // frames 9–14 in one
    CHECK(gif.loop_count == 0);

    // The rule itself, for rates that do and do not divide 100.
    for (double fps : {30.0, 24.0, 25.0, 50.0, 7.5, 29.97}) {
        long sum = 0;
        for (int frame = 0; frame < 1000; ++frame) {
            const int delay = gif_frame_delay_cs(frame, fps);
            CHECK(std::abs(delay - 100.0 / fps) < 1);
            sum += delay;
            if (frame % 97 == 0) CHECK(sum == std::lround(100.0 * (frame + 1) / fps));
        }
        INFO(fps << " fps");
        CHECK(sum == std::lround(100.0 * 1000 / fps));
    }
}

TEST_CASE("Writing the same frames twice gives byte-identical files", "[gif]") {
    TempFolder dir;
    const std::vector<Image> frames = test_animation(20);
    REQUIRE(write_gif(dir.file("a.gif"), frames) == "");
    REQUIRE(write_gif(dir.file("b.gif"), frames) == "");
    const std::string a = read_bytes(dir.file("a.gif"));
    CHECK(a.size() > 100);
    CHECK(a == read_bytes(dir.file("b.gif")));
}

TEST_CASE("The palette holds the app colours exactly and maps their antialiased blends closely", "[gif]") {
    const auto& palette = gif_palette();
    std::set<std::uint32_t> distinct;
    for (int index = 0; index < 256; ++index) {
        if (index == kGifTransparentIndex) continue;
        distinct.insert(std::uint32_t{palette[index].r} << 16 | std::uint32_t{palette[index].g} << 8 | palette[index].b);
    }
    CHECK(distinct.size() == 255);  // no slot wasted on a duplicate

    auto shown = [&](std::uint32_t rgb) {
        const GifColour c = palette[nearest_palette_index(rgb >> 16 & 0xFF, rgb >> 8 & 0xFF, rgb & 0xFF)];
        return std::uint32_t{c.r} << 16 | std::uint32_t{c.g} << 8 | c.b;
    };
    for (std::uint32_t key : kAppColours) {
        INFO(std::hex << key);
        CHECK(shown(key) == key);
        for (std::uint32_t toward : {kBackground, kInk})
            for (int step = 0; step <= 64; ++step) {
                const double weight = step / 64.0;
                std::uint32_t mixed = 0;
                for (int shift : {16, 8, 0})
                    mixed |= static_cast<std::uint32_t>(std::lround(weight * (key >> shift & 0xFF) + (1 - weight) * (toward >> shift & 0xFF))) << shift;
                INFO("blend " << std::hex << mixed);
                CHECK(channel_error(shown(mixed), mixed) <= kMaxBlendError);
            }
    }

    // The transparent slot is never chosen for a real colour.
    for (int r = 0; r < 256; r += 3)
        for (int g = 0; g < 256; g += 3)
            for (int b = 0; b < 256; b += 3)
                if (nearest_palette_index(r, g, b) == kGifTransparentIndex) FAIL("transparent index for " << r << " " << g << " " << b);
}

TEST_CASE("An unwritable path fails with a message naming the path and leaves no file", "[gif]") {
    TempFolder dir;

    SECTION("a directory that does not exist") {
        const std::string path = dir.file("missing/clip.gif");
        const Result<std::unique_ptr<GifWriter>> opened = GifWriter::open(path, 8, 8, {});
        CHECK_FALSE(opened);
        CHECK_THAT(opened.error(), Catch::Contains(path) && Catch::Contains("No such file or directory"));
        CHECK(dir.entries().empty());
    }
    SECTION("a parent path that is a regular file") {
        std::ofstream(dir.file("plain")) << "not a directory";
        const std::string path = dir.file("plain/clip.gif");
        const Result<std::unique_ptr<GifWriter>> opened = GifWriter::open(path, 8, 8, {});
        CHECK_FALSE(opened);
        CHECK_THAT(opened.error(), Catch::Contains(path) && Catch::Contains("Not a directory"));
        CHECK(dir.entries() == std::set<std::string>{"plain"});
    }
    SECTION("a directory without write permission") {
        // As root (CI), the case runs as user nobody: root may write anywhere.
        REQUIRE(::chmod(dir.path.c_str(), 0755) == 0);
        fs::create_directory(dir.file("locked"));
        fs::permissions(dir.file("locked"), fs::perms::owner_read | fs::perms::owner_exec | fs::perms::others_read | fs::perms::others_exec);
        const std::string path = dir.file("locked/clip.gif");
        const std::string said = tsl::test::run_in_child(
            [&] {
                const Result<std::unique_ptr<GifWriter>> opened = GifWriter::open(path, 8, 8, {});
                return opened ? std::string("opened") : opened.error();
            },
            true);
        CHECK_THAT(said, Catch::Contains(path) && Catch::Contains("Permission denied"));
        fs::permissions(dir.file("locked"), fs::perms::owner_all);
        CHECK(fs::is_empty(dir.file("locked")));
    }
    SECTION("a path that is a directory: refused before anything is written") {
        fs::create_directory(dir.file("clip.gif"));
        const Result<std::unique_ptr<GifWriter>> opened = GifWriter::open(dir.file("clip.gif"), 8, 8, {});
        CHECK_FALSE(opened);
        CHECK_THAT(opened.error(), Catch::Contains(dir.file("clip.gif")) && Catch::Contains("Is a directory"));
        CHECK(dir.entries() == std::set<std::string>{"clip.gif"});
        CHECK(fs::is_empty(dir.file("clip.gif")));
    }
}

TEST_CASE("A write failure mid-stream reports the reason and leaves neither the GIF nor a temporary file", "[gif]") {
    TempFolder dir;
    const std::string path = dir.file("clip.gif");
    std::ofstream(path) << "the previous recording";  // must survive a failed one
    const std::vector<Image> frames = test_animation();
    GifOptions options;
    options.fail_after_bytes = 2000;

    Result<std::unique_ptr<GifWriter>> opened = GifWriter::open(path, 120, 80, options);
    REQUIRE(opened);
    const std::unique_ptr<GifWriter>& gif = *opened;
    std::string error;
    bool failed = false;
    for (const Image& frame : frames)
        if (const Status added = gif->add_frame(frame); !added) {
            failed = true;
            error = added.error();
            break;
        }
    if (!failed) {
        const Status result = gif->finish();
        failed = !result;
        error = result.error();
    }
    CHECK(failed);
    CHECK(gif->failed());
    CHECK(gif->bytes_written() == 2000);
    CHECK_THAT(error, Catch::Contains(path) && Catch::Contains("No space left on device"));
    CHECK(dir.entries() == std::set<std::string>{"clip.gif"});
    CHECK(read_bytes(path) == "the previous recording");

    // Later calls keep reporting the failure.
    const Status again = gif->add_frame(frames[0]);
    CHECK_FALSE(again);
    CHECK(again.error() == error);
    CHECK_FALSE(gif->finish());

    SECTION("even in the header or the trailer") {
        REQUIRE(write_gif(dir.file("whole.gif"), {blank(120, 80)}) == "");
        const std::size_t whole = fs::file_size(dir.file("whole.gif"));
        fs::remove(dir.file("whole.gif"));
        for (std::size_t limit : {std::size_t{0}, std::size_t{10}, whole / 2, whole - 1}) {  // whole - 1: all but the trailer
            options.fail_after_bytes = limit;
            INFO("fail after " << limit << " of " << whole << " bytes");
            CHECK_THAT(write_gif(dir.file("other.gif"), {blank(120, 80)}, options), Catch::Contains("No space left on device"));
            CHECK(dir.entries() == std::set<std::string>{"clip.gif"});
        }
        options.fail_after_bytes = whole;  // exactly enough
        CHECK(write_gif(dir.file("other.gif"), {blank(120, 80)}, options) == "");
    }
}

TEST_CASE("Cancel and destruction without finish leave no file", "[gif]") {
    TempFolder dir;
    const std::vector<Image> frames = test_animation(5);
    {
        auto gif = writer_given(dir.file("cancelled.gif"), frames);
        CHECK(dir.entries().size() == 1);  // the temporary file, while recording
        gif->cancel();
        CHECK(dir.entries().empty());
        CHECK_FALSE(gif->finish());
        gif->cancel();  // twice is fine
    }
    {
        const auto gif = writer_given(dir.file("dropped.gif"), frames);
    }
    CHECK(dir.entries().empty());
}

TEST_CASE("A frame of another size is refused and the recording abandoned", "[gif]") {
    TempFolder dir;
    Result<std::unique_ptr<GifWriter>> gif = GifWriter::open(dir.file("clip.gif"), 120, 80, {});
    REQUIRE(gif);
    REQUIRE((*gif)->add_frame(blank(120, 80)));
    const Status refused = (*gif)->add_frame(blank(80, 120));
    CHECK_FALSE(refused);
    CHECK_THAT(refused.error(), Catch::Contains("frame 1 is 80x120") && Catch::Contains("120x80"));
    CHECK(dir.entries().empty());

    const Result<std::unique_ptr<GifWriter>> fast = GifWriter::open(dir.file("fast.gif"), 120, 80, GifOptions{60, {}});
    CHECK_FALSE(fast);
    CHECK_THAT(fast.error(), Catch::Contains("frames_per_second"));
    CHECK_FALSE(GifWriter::open(dir.file("empty.gif"), 0, 80, {}));
    CHECK(dir.entries().empty());
}

TEST_CASE("The finished GIF has the permissions of any new file", "[gif]") {
    TempFolder dir;
    const mode_t previous = umask(022);
    const std::string result = write_gif(dir.file("clip.gif"), test_animation(3));
    umask(previous);
    REQUIRE(result == "");
    struct stat info {};
    REQUIRE(stat(dir.file("clip.gif").c_str(), &info) == 0);
    CHECK((info.st_mode & 0777) == 0644);
}

TEST_CASE("No frame recorded still gives a valid one-frame GIF", "[gif]") {
    TempFolder dir;
    Result<std::unique_ptr<GifWriter>> gif = GifWriter::open(dir.file("empty.gif"), 16, 16, {});
    REQUIRE(gif);
    REQUIRE((*gif)->finish());
    const DecodedGif decoded = decode(dir.file("empty.gif"));
    REQUIRE(decoded.error == "");
    REQUIRE(decoded.frames.size() == 1);
    CHECK(rgb_at(decoded.frames[0].picture, 7, 7) == kBackground);
}

TEST_CASE("The article's clip of two panes at 496x300 for 3.2 s stays under 300 KB", "[gif]") {
    TempFolder dir;
    const std::vector<Image> frames = two_pane_npc_clip(96);
    REQUIRE(write_gif(dir.file("clip.gif"), frames) == "");
    const std::size_t bytes = fs::file_size(dir.file("clip.gif"));
    INFO(bytes << " bytes");
    CHECK(bytes <= 300 * 1024);

    const DecodedGif gif = decode(dir.file("clip.gif"));
    REQUIRE(gif.error == "");
    CHECK(total_delay_cs(gif) == 320);
    const Comparison last = compare(frames.back(), gif.frames.back().picture);
    CHECK(last.app_colour_mismatches == 0);
}
