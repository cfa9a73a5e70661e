#include "core/media/image_io.h"

#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

namespace tsl {

FileResult write_png(const std::string& path, const Image& image) {
    std::string encoded;
    const int ok = stbi_write_png_to_func(
        [](void* context, void* data, int size) { static_cast<std::string*>(context)->append(static_cast<const char*>(data), size); },
        &encoded, image.width, image.height, 4, image.rgba.data(), image.width * 4);
    if (!ok) return {false, "cannot encode '" + path + "' as PNG"};
    return write_output_file(path, encoded);
}

Image read_png(const std::string& path, std::string* error) {
    Image image;
    int channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 4);
    if (!data) {
        if (error) *error = "cannot read '" + path + "': " + (stbi_failure_reason() ? stbi_failure_reason() : "unknown error");
        image.width = image.height = 0;
        return image;
    }
    image.rgba.assign(data, data + static_cast<std::size_t>(image.width) * image.height * 4);
    stbi_image_free(data);
    return image;
}

}  // namespace tsl
