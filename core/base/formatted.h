// formatted.h — printf-style formatting into a std::string of any length.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>

namespace tsl {

template <class... Args>
std::string formatted(const char* format, Args... args) {
    const int size = std::snprintf(nullptr, 0, format, args...);
    std::string out(static_cast<std::size_t>(std::max(0, size)), '\0');
    std::snprintf(out.data(), out.size() + 1, format, args...);
    return out;
}

}  // namespace tsl
