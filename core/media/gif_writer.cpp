// gif_writer.cpp — the palette, the colour lookup, frame differencing and the
// file handling behind GifWriter (see gif_writer.h for the contract).
//
// [SECTION] Palette: design and lookup tables
// [SECTION] Timing
// [SECTION] Output: giflib's write callback, onto the output file
// [SECTION] GifWriter
#include "core/media/gif_writer.h"

#include <gif_lib.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace tsl {

// -----------------------------------------------------------------------------
// [SECTION] Palette: design and lookup tables
// -----------------------------------------------------------------------------
// One palette for every frame of every GIF, built for what the app draws:
// flat shapes in a few known colours, antialiased against the light scene
// background or against dark ink. Slots, in order (duplicates dropped):
//   1. the app's own colours, exact (34): background 0xFBFAF7 and the UI
//      greys, ink 0x161616 / 0x1E1E1E / 0x0E0E0E, the reds 0xD0202E and
//      0xD55E00, the Okabe–Ito hues, the exposure map's cells, walls and rays
//      in both palettes, white and black; and the composites the scenes
//      always draw (6): the 70 % desired arrow over the background, the 12 %
//      cell lines over exposed and hidden cells;
//   2. 32 neutral greys, 0 to 255: ink on the background antialiases along
//      an almost neutral line (the background's tint is 4 levels), and so do
//      text and grid lines;
//   3. each of the 14 chromatic key colours blended toward the background in
//      6 steps (1/7 … 6/7) and toward ink in 5 steps (1/6 … 5/6): the edges of
//      discs, arrows and lines stay on their own hue instead of snapping to
//      some unrelated colour, so edges look clean and stay put;
//   4. a coarse 3 × 3 × 3 RGB cube (0, 128, 255) for anything else;
//   5. the slots left (9): more steps from the background toward ink;
//   6. slot 255: transparent ("unchanged since the previous frame").
// What that buys: the app colours map exactly; any blend of a key colour with
// the background or ink is within 22 levels per channel (half a ramp step plus
// the lookup table's cell); colours far from all of these (a green over a
// red, say) can be off by up to ~80 — the app does not draw them.
// Lookup: palette colours themselves through a small exact hash, every other
// colour through a 32 × 32 × 32 table of the nearest palette colour (squared
// RGB distance) to the centre of its 8 × 8 × 8 cell, built on first use
// (~10 ms). No dithering: it would move from frame to frame (flicker) and
// defeat both differencing and LZW.
namespace {

constexpr std::uint32_t kBackground = 0xFBFAF7, kInk = 0x161616;

constexpr std::uint32_t kExactColours[] = {
    kBackground, kInk, 0x1E1E1E, 0x0E0E0E, 0x2B2B2B, 0x333333, 0x3A3A3A, 0x6B6B6B, 0x7A7A7A, 0x999999, 0xBDBDBD,
    0xC9C5BC, 0xDDDAD3, 0xE3DFD6, 0xE4E0D7, 0xEDEBE5, 0xF2F0EB, 0xFFFFFF, 0x000000,            // inks, greys, UI
    0xD0202E, 0xD55E00,                                                                          // the reds
    0x0072B2, 0x009E73, 0xCC79A7, 0xE69F00, 0x56B4E9, 0xF0E442,                                  // Okabe–Ito
    0xF8E3A3, 0x8397AD, 0x34363A, 0xF0A202, 0xE09A00, 0x2C4A6E, 0x128A5C,                        // exposure, running
};

// Hues that get ramps toward the background and toward ink.
constexpr std::uint32_t kRampColours[] = {
    0xD0202E, 0xD55E00, 0x0072B2, 0x009E73, 0xCC79A7, 0xE69F00, 0x56B4E9,
    0xF0E442, 0xF8E3A3, 0x8397AD, 0xF0A202, 0xE09A00, 0x2C4A6E, 0x128A5C,
};

constexpr int kStepsTowardBackground = 6, kStepsTowardInk = 5;
constexpr int kUsableSlots = 255;  // all but kGifTransparentIndex

GifColour colour_of(std::uint32_t rgb) {
    return {static_cast<std::uint8_t>(rgb >> 16), static_cast<std::uint8_t>(rgb >> 8), static_cast<std::uint8_t>(rgb)};
}
std::uint32_t rgb_of(GifColour c) { return std::uint32_t{c.r} << 16 | std::uint32_t{c.g} << 8 | c.b; }

// `weight` of `a` over (1 − weight) of `b`, rounded per channel.
GifColour blend(std::uint32_t a, std::uint32_t b, double weight) {
    const GifColour ca = colour_of(a), cb = colour_of(b);
    auto mix = [&](std::uint8_t x, std::uint8_t y) { return static_cast<std::uint8_t>(std::lround(weight * x + (1 - weight) * y)); };
    return {mix(ca.r, cb.r), mix(ca.g, cb.g), mix(ca.b, cb.b)};
}

struct PaletteTables {
    std::array<GifColour, 256> colours{};
    std::array<std::uint8_t, 32 * 32 * 32> nearest{};  // by (r >> 3, g >> 3, b >> 3)
    // Open addressing, 4× the palette: key = rgb | kUsed, 0 = empty slot.
    static constexpr std::uint32_t kUsed = 1u << 24;
    std::array<std::uint32_t, 1024> exact_key{};
    std::array<std::uint8_t, 1024> exact_index{};

    static std::uint32_t slot_of(std::uint32_t rgb) { return (rgb * 0x9E3779B1u) >> 22; }

    int find_exact(std::uint32_t rgb) const {
        for (std::uint32_t slot = slot_of(rgb);; slot = (slot + 1) & 1023) {
            if (exact_key[slot] == (rgb | kUsed)) return exact_index[slot];
            if (exact_key[slot] == 0) return -1;
        }
    }

    std::uint8_t lookup(std::uint32_t rgb) const {
        const int exact = find_exact(rgb);
        if (exact >= 0) return static_cast<std::uint8_t>(exact);
        return nearest[(rgb >> 9 & 0x7C00) | (rgb >> 6 & 0x03E0) | (rgb >> 3 & 0x001F)];
    }
};

PaletteTables build_palette_tables() {
    PaletteTables tables;
    std::vector<GifColour> colours;
    auto add = [&](GifColour c) {
        if (std::find(colours.begin(), colours.end(), c) == colours.end()) colours.push_back(c);
    };

    for (std::uint32_t rgb : kExactColours) add(colour_of(rgb));
    add(blend(0xD0202E, kBackground, 0.70));  // the desired arrow, 70 % over the background
    add(blend(0xD55E00, kBackground, 0.70));
    for (std::uint32_t cell : {0xF8E3A3u, 0x8397ADu, 0xF0E442u, 0x56B4E9u}) add(blend(0x000000, cell, 0.12));  // cell lines
    for (int level = 0; level < 32; ++level) {
        const auto v = static_cast<std::uint8_t>(std::lround(level * 255.0 / 31));
        add({v, v, v});
    }
    for (std::uint32_t rgb : kRampColours) {
        for (int step = 1; step <= kStepsTowardBackground; ++step) add(blend(rgb, kBackground, step / (kStepsTowardBackground + 1.0)));
        for (int step = 1; step <= kStepsTowardInk; ++step) add(blend(rgb, kInk, step / (kStepsTowardInk + 1.0)));
    }
    for (std::uint8_t r : {0, 128, 255})
        for (std::uint8_t g : {0, 128, 255})
            for (std::uint8_t b : {0, 128, 255}) add({r, g, b});
    const int free_slots = kUsableSlots - static_cast<int>(colours.size());
    assert(free_slots >= 0 && "the fixed part of the GIF palette outgrew 255 colours: drop a ramp step");
    for (int step = 1; step <= free_slots; ++step) add(blend(kInk, kBackground, step / (free_slots + 1.0)));
    assert(colours.size() == kUsableSlots && "GIF palette: background-to-ink steps collided; change their count");
    while (colours.size() < kUsableSlots) colours.push_back(colour_of(kBackground));  // release builds: still 255

    std::copy(colours.begin(), colours.begin() + kUsableSlots, tables.colours.begin());
    tables.colours[kGifTransparentIndex] = colour_of(kBackground);

    for (int index = kUsableSlots - 1; index >= 0; --index) {  // the first of equal colours wins
        const std::uint32_t rgb = rgb_of(tables.colours[index]);
        std::uint32_t slot = PaletteTables::slot_of(rgb);
        while (tables.exact_key[slot] != 0 && tables.exact_key[slot] != (rgb | PaletteTables::kUsed)) slot = (slot + 1) & 1023;
        tables.exact_key[slot] = rgb | PaletteTables::kUsed;
        tables.exact_index[slot] = static_cast<std::uint8_t>(index);
    }

    for (int cell = 0; cell < 32 * 32 * 32; ++cell) {
        const int r = (cell >> 10) * 8 + 4, g = (cell >> 5 & 31) * 8 + 4, b = (cell & 31) * 8 + 4;
        int best = 0, best_distance = 1 << 30;
        for (int index = 0; index < kUsableSlots; ++index) {
            const GifColour c = tables.colours[index];
            const int dr = c.r - r, dg = c.g - g, db = c.b - b;
            const int distance = dr * dr + dg * dg + db * db;
            if (distance < best_distance) best_distance = distance, best = index;
        }
        tables.nearest[cell] = static_cast<std::uint8_t>(best);
    }
    return tables;
}

const PaletteTables& palette_tables() {
    static const PaletteTables tables = build_palette_tables();  // built once; thread-safe since C++11
    return tables;
}

}  // namespace

const std::array<GifColour, 256>& gif_palette() { return palette_tables().colours; }

std::uint8_t nearest_palette_index(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
    return palette_tables().lookup(std::uint32_t{r} << 16 | std::uint32_t{g} << 8 | b);
}

// -----------------------------------------------------------------------------
// [SECTION] Timing
// -----------------------------------------------------------------------------
// Each frame's delay is the difference of two rounded cumulative times, so the
// rounding errors never add up: after n frames the clip has lasted exactly
// round(100·n/fps) centiseconds.
int gif_frame_delay_cs(int frame_index, double frames_per_second) {
    auto elapsed_cs = [&](int frames) { return std::llround(100.0 * frames / frames_per_second); };
    return static_cast<int>(elapsed_cs(frame_index + 1) - elapsed_cs(frame_index));
}

// -----------------------------------------------------------------------------
// [SECTION] Output: giflib's write callback, onto the output file
// -----------------------------------------------------------------------------
// giflib writes in pieces of 1 to 256 bytes; the OutputFile buffers them and
// writes its temporary file 64 KB at a time. The callback is the one place
// bytes leave, so it is also where a write error is seen (and where the test
// hook fails).
struct GifWriter::Encoder {
    GifFileType* gif = nullptr;
    std::unique_ptr<OutputFile> file;
    std::size_t* bytes_written = nullptr;          // the writer's counter
    std::optional<std::size_t> fail_after_bytes;
    int hook_errno = 0;                            // the test hook's failure; a real one is the file's own error
    bool discarding = false;                       // cancelling: accept and drop everything

    bool write_failed() const { return hook_errno != 0 || !file->ok(); }

    static int write_callback(GifFileType* gif_file, const GifByteType* data, int length) {
        Encoder& encoder = *static_cast<Encoder*>(gif_file->UserData);
        if (encoder.discarding) return length;
        if (encoder.write_failed()) return 0;
        std::size_t accepted = static_cast<std::size_t>(length);
        if (encoder.fail_after_bytes && *encoder.bytes_written + accepted > *encoder.fail_after_bytes) {
            accepted = *encoder.fail_after_bytes - std::min(*encoder.fail_after_bytes, *encoder.bytes_written);
            encoder.hook_errno = ENOSPC;  // as a full disk reports it
        }
        if (accepted > 0 && !encoder.file->write(data, accepted)) return 0;
        *encoder.bytes_written += accepted;
        return static_cast<int>(accepted);
    }
};

// -----------------------------------------------------------------------------
// [SECTION] GifWriter
// -----------------------------------------------------------------------------
namespace {

std::string cannot_write(const std::string& path, const std::string& reason) { return "cannot write '" + path + "': " + reason; }

}  // namespace

Result<std::unique_ptr<GifWriter>> GifWriter::open(const std::string& path, int width, int height, const GifOptions& options) {
    if (!(options.frames_per_second > 0 && options.frames_per_second <= 50))
        return Failed{cannot_write(path, "frames_per_second must be in (0, 50], not " + std::to_string(options.frames_per_second))};
    if (width < 1 || height < 1 || width > 65535 || height > 65535)
        return Failed{
            cannot_write(path, "a GIF is 1 to 65535 pixels wide and high, not " + std::to_string(width) + "x" + std::to_string(height))};

    std::unique_ptr<GifWriter> writer(new GifWriter);
    writer->path_ = path;
    writer->width_ = width;
    writer->height_ = height;
    writer->options_ = options;
    const std::size_t pixels = static_cast<std::size_t>(width) * height;
    writer->shown_.resize(pixels);
    writer->held_.resize(pixels);
    writer->incoming_.resize(pixels);
    writer->rect_.reserve(pixels);

    auto file = std::make_unique<OutputFile>(path);
    if (!file->ok()) return Failed{file->error()};
    writer->encoder_ = std::make_unique<Encoder>();
    Encoder& encoder = *writer->encoder_;
    encoder.file = std::move(file);
    encoder.bytes_written = &writer->bytes_written_;
    encoder.fail_after_bytes = options.fail_after_bytes;

    int gif_error = 0;
    encoder.gif = EGifOpen(&encoder, &Encoder::write_callback, &gif_error);
    if (!encoder.gif) {
        writer->fail_gif(gif_error);
        return Failed{writer->error_};
    }
    EGifSetGifVersion(encoder.gif, true);  // GIF89a: delays, transparency, looping

    const auto& colours = gif_palette();
    GifColorType map[256];
    for (int index = 0; index < 256; ++index) map[index] = {colours[index].r, colours[index].g, colours[index].b};
    ColorMapObject* colour_map = GifMakeMapObject(256, map);
    if (!colour_map) {
        writer->fail_gif(E_GIF_ERR_NOT_ENOUGH_MEM);
        return Failed{writer->error_};
    }
    const std::uint8_t background = nearest_palette_index(0xFB, 0xFA, 0xF7);
    const int screen = EGifPutScreenDesc(encoder.gif, width, height, 8, background, colour_map);
    GifFreeMapObject(colour_map);  // giflib keeps its own copy
    // Loop forever: NETSCAPE2.0, sub-block 1, loop count 0 (little-endian).
    static const GifByteType kNetscape[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
    static const GifByteType kLoopForever[] = {1, 0, 0};
    if (screen == GIF_ERROR || EGifPutExtensionLeader(encoder.gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(encoder.gif, sizeof kNetscape, kNetscape) == GIF_ERROR ||
        EGifPutExtensionBlock(encoder.gif, sizeof kLoopForever, kLoopForever) == GIF_ERROR ||
        EGifPutExtensionTrailer(encoder.gif) == GIF_ERROR) {
        writer->fail_gif(encoder.gif->Error);
        return Failed{writer->error_};
    }
    return writer;
}

Status GifWriter::add_frame(const Image& rgba) {
    if (finished_) return Failed{cannot_write(path_, "add_frame() after finish()")};
    if (failed()) return Failed{error_};
    if (rgba.width != width_ || rgba.height != height_ || rgba.rgba.size() != incoming_.size() * 4) {
        close_and_remove();
        error_ = cannot_write(path_, "frame " + std::to_string(frames_added_) + " is " + std::to_string(rgba.width) + "x" +
                                         std::to_string(rgba.height) + ", the GIF is " + std::to_string(width_) + "x" +
                                         std::to_string(height_));
        return Failed{error_};
    }

    // Map to palette indices. Most pixels repeat their left neighbour (flat
    // background, filled shapes), so remember the last colour looked up.
    // (Local pointers: stores through a uint8_t* may alias anything, which
    // would make the compiler reload the vectors' members every pixel.)
    const PaletteTables& tables = palette_tables();
    const std::uint8_t* source = rgba.rgba.data();
    std::uint8_t* out = incoming_.data();
    const std::size_t pixel_count = incoming_.size();
    std::uint32_t last_raw = 0;
    std::uint8_t last_index = tables.lookup(0);
    for (std::size_t pixel = 0; pixel < pixel_count; ++pixel) {
        std::uint32_t raw;
        std::memcpy(&raw, source + pixel * 4, 4);
        if (raw != last_raw) {
            last_raw = raw;
            const std::uint8_t* p = source + pixel * 4;
            last_index = tables.lookup(std::uint32_t{p[0]} << 16 | std::uint32_t{p[1]} << 8 | p[2]);
        }
        out[pixel] = last_index;
    }

    const int delay_cs = gif_frame_delay_cs(frames_added_, options_.frames_per_second);
    ++frames_added_;
    if (!holding_) {
        held_.swap(incoming_);
        held_delay_cs_ = delay_cs;
        holding_ = true;
        return {};
    }
    if (held_ == incoming_ && held_delay_cs_ + delay_cs <= 0xFFFF) {  // the same picture: show the held one longer
        held_delay_cs_ += delay_cs;
        return {};
    }
    if (!write_held_frame()) return Failed{error_};
    held_.swap(incoming_);
    held_delay_cs_ = delay_cs;
    holding_ = true;
    return {};
}

bool GifWriter::write_held_frame() {
    GifFileType* gif = encoder_->gif;
    const bool first = frames_written_ == 0;

    // The rectangle to store: everything for the first frame, else the
    // bounding box of the pixels that differ from what the viewer shows.
    int left = 0, top = 0, right = width_, bottom = height_;  // right, bottom exclusive
    if (!first) {
        auto row_differs = [&](int y) {
            const std::size_t at = static_cast<std::size_t>(y) * width_;
            return std::memcmp(&held_[at], &shown_[at], width_) != 0;
        };
        top = 0;
        while (top < height_ && !row_differs(top)) ++top;
        if (top == height_) {  // nothing changed (a delay too long for one frame): one transparent pixel
            left = top = 0;
            right = bottom = 1;
        } else {
            bottom = height_;
            while (!row_differs(bottom - 1)) --bottom;
            left = width_;
            right = 0;
            for (int y = top; y < bottom; ++y) {
                const std::uint8_t* now = &held_[static_cast<std::size_t>(y) * width_];
                const std::uint8_t* before = &shown_[static_cast<std::size_t>(y) * width_];
                int x = 0;
                while (x < left && now[x] == before[x]) ++x;
                left = std::min(left, x);
                int end = width_;
                while (end > right && now[end - 1] == before[end - 1]) --end;
                right = std::max(right, end);
            }
        }
    }

    const int rect_width = right - left, rect_height = bottom - top;
    rect_.resize(static_cast<std::size_t>(rect_width) * rect_height);
    // Unchanged pixels are transparent: the viewer keeps what it shows there.
    // (Letting an unchanged pixel keep its colour when that continues a run
    // made the article's clip 2 % larger, not smaller: it breaks transparent runs.)
    for (int y = 0; y < rect_height; ++y) {
        const std::size_t row = static_cast<std::size_t>(top + y) * width_ + left;
        const std::uint8_t* now = held_.data() + row;
        const std::uint8_t* before = shown_.data() + row;
        std::uint8_t* out = rect_.data() + static_cast<std::size_t>(y) * rect_width;
        for (int x = 0; x < rect_width; ++x) out[x] = first || now[x] != before[x] ? now[x] : kGifTransparentIndex;
    }

    GraphicsControlBlock control{};
    control.DisposalMode = DISPOSE_DO_NOT;
    control.UserInputFlag = false;
    control.DelayTime = held_delay_cs_;
    control.TransparentColor = first ? NO_TRANSPARENT_COLOR : kGifTransparentIndex;
    GifByteType extension[4];
    EGifGCBToExtension(&control, extension);
    if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, sizeof extension, extension) == GIF_ERROR ||
        EGifPutImageDesc(gif, left, top, rect_width, rect_height, false, nullptr) == GIF_ERROR)
        return fail_gif(gif->Error);
    for (int y = 0; y < rect_height; ++y)
        if (EGifPutLine(gif, &rect_[static_cast<std::size_t>(y) * rect_width], rect_width) == GIF_ERROR) return fail_gif(gif->Error);

    shown_.swap(held_);  // held_ is now scratch until the next frame is swapped in
    holding_ = false;
    ++frames_written_;
    return true;
}

Status GifWriter::finish() {
    if (failed()) return Failed{error_};
    if (finished_) return {};
    if (!holding_) {  // nothing recorded: one background frame, one frame long
        std::fill(held_.begin(), held_.end(), nearest_palette_index(0xFB, 0xFA, 0xF7));
        held_delay_cs_ = gif_frame_delay_cs(0, options_.frames_per_second);
        holding_ = true;
    }
    if (!write_held_frame()) return Failed{error_};

    Encoder& encoder = *encoder_;
    int gif_error = 0;
    const int closed = EGifCloseFile(encoder.gif, &gif_error);  // writes the trailer, frees giflib's state
    encoder.gif = nullptr;
    if (closed == GIF_ERROR || encoder.write_failed()) {  // giflib does not check the trailer's write
        fail_gif(gif_error);
        return Failed{error_};
    }
    if (const Status done = encoder.file->commit(); !done) {
        error_ = done.error();
        close_and_remove();
        return done;
    }
    encoder_.reset();
    finished_ = true;
    return {};
}

void GifWriter::cancel() {
    if (finished_ || !encoder_) return;
    close_and_remove();
    if (error_.empty()) error_ = cannot_write(path_, "cancelled");
}

GifWriter::~GifWriter() { close_and_remove(); }

bool GifWriter::fail(int error_number) {
    close_and_remove();
    error_ = cannot_write(path_, std::strerror(error_number));
    return false;
}

bool GifWriter::fail_gif(int gif_error) {
    // A failed write shows in giflib as E_GIF_ERR_WRITE_FAILED; the errno
    // behind it ("No space left on device") says more.
    if (encoder_ && encoder_->hook_errno != 0) return fail(encoder_->hook_errno);
    if (encoder_ && !encoder_->file->ok()) {
        error_ = encoder_->file->error();
        close_and_remove();
        return false;
    }
    close_and_remove();
    const char* reason = GifErrorString(gif_error);
    error_ = cannot_write(path_, reason ? reason : "GIF encoder error " + std::to_string(gif_error));
    return false;
}

void GifWriter::close_and_remove() {
    if (!encoder_) return;
    encoder_->discarding = true;  // EGifCloseFile still writes the trailer; it goes nowhere
    if (encoder_->gif) {
        int ignored = 0;
        EGifCloseFile(encoder_->gif, &ignored);
        encoder_->gif = nullptr;
    }
    encoder_.reset();  // the OutputFile, never committed, removes its temporary file
    holding_ = false;
}

}  // namespace tsl
