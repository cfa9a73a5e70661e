// format_checks.h — what the fuzz targets demand of each file format a user
// edits, one function per format, shared with the test suite
// (tests/test_fuzz_inputs.cpp replays the seeds and every input a fuzzer
// once failed on). Each reads one input as the app would and returns "" when
// the input loads, or fails with an error that names the file and a line
// inside it (from 1 to the number of lines of the input) on one printable
// line (no raw control character); else what is wrong. Crashes, leaks and
// undefined behaviour are the sanitizers' to catch.
#pragma once

#include "core/content/lesson.h"
#include "core/content/preset.h"
#include "core/settings/settings_file.h"
#include "core/exposure/level.h"
#include "core/base/printable.h"

#include <cstdio>
#include <string>
#include <string_view>
#include <unistd.h>

namespace tsl::fuzz {

// Lines a reader can point at: an empty input still has line 1; a last line
// without its newline counts.
inline long lines_of(std::string_view text) {
    long lines = 0;
    for (char c : text) lines += c == '\n';
    if (!text.empty() && text.back() != '\n') ++lines;
    return lines == 0 ? 1 : lines;
}

// "" when `message` contains `before` + LINE + `after`, LINE a line of `text`,
// and no raw control character; else what is wrong.
inline std::string line_problem(const std::string& message, std::string_view text, const std::string& before, const std::string& after) {
    const std::string quoted = " in the error \"" + printable(message) + "\"";
    if (!is_printable(message)) return "a raw control character" + quoted;
    const std::size_t at = message.find(before);
    if (at == std::string::npos) return "no file name" + quoted;
    std::size_t end = at + before.size();
    long line = 0;
    while (end < message.size() && message[end] >= '0' && message[end] <= '9' && line < 1'000'000'000)
        line = line * 10 + (message[end++] - '0');
    if (end == at + before.size() || message.compare(end, after.size(), after) != 0) return "no line number" + quoted;
    if (line < 1 || line > lines_of(text))
        return "line " + std::to_string(line) + " outside the input's " + std::to_string(lines_of(text)) + quoted;
    return {};
}

// Preset, lesson and level errors: "FILE:LINE: what", from the start.
inline std::string located_problem(const std::string& message, std::string_view text, const std::string& file) {
    if (message.rfind(file + ":", 0) != 0) return "no file name at the start of the error \"" + printable(message) + "\"";
    return line_problem(message, text, file + ":", ": ");
}

inline std::string check_preset(const std::string& text) {
    const Result<Preset> loaded = parse_preset(text, "fuzz.toml");
    if (!loaded) return located_problem(loaded.error(), text, "fuzz.toml");
    for (std::size_t pane = 0; pane < loaded->npc.panes.size(); ++pane) pane_scene_config(*loaded, pane);
    return {};
}

inline std::string check_lesson(const std::string& text) {
    const Result<Lesson> loaded = parse_lesson(text, "fuzz.toml");
    if (!loaded) return located_problem(loaded.error(), text, "fuzz.toml");
    for (const LessonStep& step : loaded->steps)
        if (step.line < 1 || step.line > lines_of(text)) return "step '" + printable(step.title) + "' at a line outside the input";
    return {};
}

// A level that loads is also stretched to another size, as the scene does.
inline std::string check_level(const std::string& text) {
    const Result<Level> loaded = parse_level(text, "fuzz.txt");
    if (!loaded) return located_problem(loaded.error(), text, "fuzz.txt");
    resize_level(*loaded, 37);
    return {};
}

// The settings loader reads a path: the input is written to a private file
// first, and that file and the ".bad" copy a malformed one is moved to are
// removed after. Every problem must name the file and a line of it.
inline std::string check_settings(const std::string& text) {
    static const std::string path = "/tmp/tsl-fuzz-settings-" + std::to_string(::getpid()) + ".toml";
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file) return "cannot write " + path;
    const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
    if (std::fclose(file) != 0 || !written) return "cannot write " + path;
    const SettingsLoad loaded = load_settings(path);
    std::remove(path.c_str());
    std::remove((path + ".bad").c_str());
    for (const std::string& problem : loaded.problems)
        if (std::string wrong = line_problem(problem, text, "settings file '" + path + "' line ", ": "); !wrong.empty()) return wrong;
    return {};
}

}  // namespace tsl::fuzz
