// image_io.h — RGBA8 images to and from PNG files (stb), written as
// output_file.h says, and scaled to another size.
#pragma once

#include "core/media/output_file.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tsl {

struct Image {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;  // row 0 is the top row

    const std::uint8_t* pixel(int x, int y) const { return &rgba[(static_cast<std::size_t>(y) * width + x) * 4]; }
};

Status write_png(const std::string& path, const Image& image);

// `image` scaled to fit width x height whole, centred, keeping its shape;
// the rest filled with `background` (RGBA).
Image fit_image(const Image& image, int width, int height, const std::uint8_t background[4]);

// The picture, or why the file cannot be read.
Result<Image> read_png(const std::string& path);

}  // namespace tsl
