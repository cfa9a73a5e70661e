// gif_writer.h — animated GIFs of the app's scenes, written frame by frame as
// they are rendered: one fixed palette, only the changed rectangle of each
// frame, delays that keep the clip's clock exact, and a file that appears at
// its path only when it is complete.
//
// Usage
//   Result<std::unique_ptr<GifWriter>> gif = GifWriter::open("out/clip.gif", 496, 300, {});   // 30 fps
//   if (!gif) { report(gif.error()); return; }   // "cannot write 'out/clip.gif': No such file or directory"
//   for (const Image& frame : frames)
//       if (Status added = (*gif)->add_frame(frame); !added) { report(added.error()); return; }   // the partial file is already gone
//   Status done = (*gif)->finish();              // trailer, flush, rename over 'out/clip.gif'
//   if (!done) report(done.error());
//
// What the file contains, and why
// - GIF89a, LZW by giflib, looping forever (NETSCAPE2.0 extension, count 0).
// - One global palette of 256 colours designed for the app (gif_palette(),
//   design in gif_writer.cpp): every frame uses the same colours, so nothing
//   flickers between frames, and there is no dithering (dither patterns move
//   from frame to frame and compress badly). Each pixel goes to its nearest
//   palette colour; the app's own colours map exactly. Alpha is ignored:
//   frames are screen captures, opaque.
// - Frame differencing: after the first frame, each frame stores only the
//   bounding rectangle of the pixels whose palette index changed, with the
//   unchanged pixels inside it transparent (index kGifTransparentIndex) and
//   disposal "do not dispose", so the viewer paints it over the previous one.
// - Identical frames are merged: a frame is held back until the next one
//   arrives (or finish()), and a next frame with the same indices only adds
//   its time to the held frame's delay. A still scene costs no bytes.
// - Exact timing: GIF delays are whole centiseconds. Frame i (from 0) lasts
//   round(100·(i+1)/fps) − round(100·i/fps) cs, so after n frames the clip has
//   lasted round(100·n/fps) cs, never drifting: 30 fps gives 3, 4, 3, 3, 4, 3…
//
// Failures
// - The GIF goes where core/media/output_file.h says: for a file, a temporary
//   file beside it ("<path>.tmp-<pid>-<n>", created 0666 minus the umask, as
//   any new file) renamed over it by finish() (a symbolic link's target is
//   replaced); a FIFO or character device is written directly; a directory or
//   socket is refused by open(). Every failure — a missing directory, a parent
//   that is a file, no permission, a full disk, a write error — gives "cannot
//   write '<path>': <reason>", removes the temporary file at once, and leaves
//   the writer failed: later calls return the same error. A file at `path` is
//   never touched unless the whole GIF was written.
// - cancel(), or destroying the writer without finish(), removes the
//   temporary file: a GIF is only ever at `path` when complete.
//
// Threading: one writer is used by one thread at a time; writers on different
// threads are independent. gif_palette() and nearest_palette_index() may be
// called from any thread (their tables are built once, on first use).
//
// Cost, on this 2-core machine, for a 496 × 300 clip of two NPC panes at
// 30 fps (the stand-in in tests/test_gif.cpp): 96 frames (3.2 s) ≈ 237 KB,
// ≈ 0.6–0.9 ms per frame — ≈ 0.2 ms to map the colours, the rest to find
// the changed rectangle and LZW it. A still scene costs ≈ 0.2 ms and no bytes.
// The palette is built on first use (≈ 10 ms, once per process).
#pragma once

#include "core/media/output_file.h"
#include "core/media/image_io.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tsl {

struct GifColour {
    std::uint8_t r = 0, g = 0, b = 0;
    friend bool operator==(const GifColour&, const GifColour&) = default;
};

// The palette index that means "unchanged since the previous frame". The
// nearest-colour lookup never returns it.
inline constexpr std::uint8_t kGifTransparentIndex = 255;

struct GifOptions {
    double frames_per_second = 30;                  // 30 — the rate frames are added at; (0, 50]: browsers slow down delays under 2 cs
    std::optional<std::size_t> fail_after_bytes;    // none — test hook: writes fail (ENOSPC) once this many bytes are written, as on a full disk
};

class GifWriter {
public:
    // Creates the temporary file and writes the header, palette and loop
    // extension; on failure, why (nothing is left on disk).
    static Result<std::unique_ptr<GifWriter>> open(const std::string& path, int width, int height, const GifOptions& options);

    // Adds the next frame: width × height RGBA8, row 0 on top, the same size as
    // given to open(). On failure the writer is failed and its temporary file gone.
    Status add_frame(const Image& rgba);

    // Writes the held frame and the trailer, flushes to disk and renames the
    // temporary file to the path. With no frame added the GIF is still valid
    // (one background frame of one frame's length) — an empty recording is a
    // caller's choice, not an error.
    Status finish();

    // Abandons the GIF: closes and removes the temporary file. Idempotent.
    void cancel();

    ~GifWriter();  // without finish(): cancel()
    GifWriter(const GifWriter&) = delete;
    GifWriter& operator=(const GifWriter&) = delete;

    std::size_t bytes_written() const { return bytes_written_; }  // encoded bytes so far (header included)
    int frames_added() const { return frames_added_; }
    int frames_written() const { return frames_written_; }        // GIF frames after merging identical ones
    bool failed() const { return !error_.empty(); }
    const std::string& error() const { return error_; }           // empty unless failed()

    struct Encoder;  // giflib state and the output buffer, in gif_writer.cpp

private:
    GifWriter() = default;
    bool write_held_frame();               // the held frame, as a rectangle over the shown canvas
    bool fail(int error_number);           // records "cannot write '<path>': <strerror>", removes the file
    bool fail_gif(int gif_error);          // the same with giflib's reason (or the write's errno)
    void close_and_remove();

    std::string path_;
    int width_ = 0, height_ = 0;
    GifOptions options_;
    std::unique_ptr<Encoder> encoder_;
    std::vector<std::uint8_t> shown_;      // palette indices the viewer shows after the frames written so far
    std::vector<std::uint8_t> held_;       // indices of the frame held back (written when a different one arrives)
    std::vector<std::uint8_t> incoming_;   // the frame being added, mapped
    std::vector<std::uint8_t> rect_;       // scratch: the rectangle being written
    bool holding_ = false;
    int held_delay_cs_ = 0;
    int frames_added_ = 0, frames_written_ = 0;
    std::size_t bytes_written_ = 0;
    std::string error_;
    bool finished_ = false;
};

// The palette every GIF uses (index kGifTransparentIndex is the transparent
// slot; its colour is the background's, for viewers that ignore transparency).
const std::array<GifColour, 256>& gif_palette();

// The palette index nearest to (r, g, b): exact for every palette colour, else
// the nearest palette colour to the centre of the colour's 8×8×8 cell (a
// 32×32×32 table) — within a few levels of the true nearest.
std::uint8_t nearest_palette_index(std::uint8_t r, std::uint8_t g, std::uint8_t b);

// Centiseconds that frame `frame_index` (from 0) lasts at `frames_per_second`.
int gif_frame_delay_cs(int frame_index, double frames_per_second);

}  // namespace tsl
