#include "core/media/image_io.h"

#include <stb/stb_image.h>
#include <stb/stb_image_resize.h>
#include <stb/stb_image_write.h>

#include <algorithm>
#include <cmath>

namespace tsl {

Status write_png(const std::string& path, const Image& image) {
    std::string encoded;
    const int ok = stbi_write_png_to_func(
        [](void* context, void* data, int size) { static_cast<std::string*>(context)->append(static_cast<const char*>(data), size); },
        &encoded, image.width, image.height, 4, image.rgba.data(), image.width * 4);
    if (!ok) return Failed{"cannot encode '" + path + "' as PNG"};
    return write_output_file(path, encoded);
}

Image fit_image(const Image& image, int width, int height, const std::uint8_t background[4]) {
    Image out;
    out.width = width;
    out.height = height;
    out.rgba.resize(static_cast<std::size_t>(width) * height * 4);
    for (std::size_t i = 0; i < out.rgba.size(); i += 4) std::copy(background, background + 4, &out.rgba[i]);
    if (image.width < 1 || image.height < 1 || width < 1 || height < 1) return out;
    const double scale = std::min(static_cast<double>(width) / image.width, static_cast<double>(height) / image.height);
    const int w = std::clamp(static_cast<int>(std::lround(image.width * scale)), 1, width);
    const int h = std::clamp(static_cast<int>(std::lround(image.height * scale)), 1, height);
    const int x0 = (width - w) / 2, y0 = (height - h) / 2;
    stbir_resize_uint8(image.rgba.data(), image.width, image.height, image.width * 4, &out.rgba[(static_cast<std::size_t>(y0) * width + x0) * 4], w,
                       h, width * 4, 4);
    return out;
}

Result<Image> read_png(const std::string& path) {
    Image image;
    int channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 4);
    if (!data) return Failed{"cannot read '" + path + "': " + (stbi_failure_reason() ? stbi_failure_reason() : "unknown error")};
    image.rgba.assign(data, data + static_cast<std::size_t>(image.width) * image.height * 4);
    stbi_image_free(data);
    return image;
}

}  // namespace tsl
