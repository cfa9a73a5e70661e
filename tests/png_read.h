// png_read.h — the picture a command wrote, for the tests that look at it.
#pragma once

#include "core/media/image_io.h"

#include <catch2/catch.hpp>

#include <string>
#include <utility>

namespace tsl::test {

// The PNG at `path`; the test stops there, saying why, when it does not read.
inline Image png_at(const std::string& path) {
    Result<Image> read = read_png(path);
    INFO(read.error());
    REQUIRE(read);
    return std::move(*read);
}

}  // namespace tsl::test
