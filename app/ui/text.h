// text.h — printf-style formatting into a std::string, for labels and tables.
#pragma once

#include <cstdio>
#include <string>

namespace tsl::app {

template <class... Args>
std::string formatted(const char* fmt, Args... args) {
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, fmt, args...);
    return buffer;
}

}  // namespace tsl::app
