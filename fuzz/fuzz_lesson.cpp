// libFuzzer target: Lesson files (core/content/lesson.h) — any input loads, or fails
// with an error naming the file and a line of it (see format_checks.h).
#include "fuzz/format_checks.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string problem = tsl::fuzz::check_lesson(std::string(reinterpret_cast<const char*>(data), size));
    if (problem.empty()) return 0;
    std::fprintf(stderr, "fuzz: %s\n", problem.c_str());
    std::abort();  // reported by libFuzzer as a crash, with the input
}
