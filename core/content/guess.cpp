#include "core/content/guess.h"

#include "core/base/formatted.h"
#include "core/content/lesson.h"

#include <cmath>
#include <cstdlib>
#include <sstream>
#include <vector>

namespace tsl {

Result<LessonGuess> parse_guess(std::string_view text) {
    std::vector<std::string> words;
    std::istringstream in{std::string(text)};
    for (std::string w; in >> w;) words.push_back(w);
    LessonGuess guess;
    guess.text = std::string(text);
    const std::string forms =
        " (a guess reads \"A input_age\", \"A input_age in T\", \"lowest input_age\", \"highest input_age\" or \"A mode\")";
    if (words.size() == 2 && words[1] == "mode" && words[0].size() == 1 && words[0][0] >= 'A' && words[0][0] <= 'E') {
        guess.kind = LessonGuess::Kind::Mode;
        guess.pane = words[0][0] - 'A';
        return guess;
    }
    if (words.size() == 2 && (words[0] == "lowest" || words[0] == "highest")) {
        guess.kind = words[0] == "lowest" ? LessonGuess::Kind::Lowest : LessonGuess::Kind::Highest;
        guess.measure = words[1];
    } else if ((words.size() == 2 || (words.size() == 4 && words[2] == "in" && words[3] == "T")) && words[0].size() == 1 &&
               words[0][0] >= 'A' && words[0][0] <= 'E') {
        guess.pane = words[0][0] - 'A';
        guess.measure = words[1];
        guess.of_T = words.size() == 4;
    } else {
        return Failed{"'" + guess.text + "' does not read" + forms, FailKind::Refused};
    }
    const LessonMeasure* m = find_measure(guess.measure);
    if (!m) return Failed{"unknown measure '" + guess.measure + "' in '" + guess.text + "'", FailKind::Refused};
    if (guess.of_T && (m->scene() != SceneKind::Npc || std::string_view(m->unit) != "ms"))
        return Failed{"'" + guess.text + "': only the NPC scene's times (ms) can be guessed in T", FailKind::Refused};
    return guess;
}

std::optional<double> guessed_number(std::string_view text) {
    std::string s(text);
    for (char& c : s)
        if (c == ',') c = '.';
    const std::size_t first = s.find_first_not_of(" \t");
    if (first == std::string::npos) return std::nullopt;
    const std::size_t last = s.find_last_not_of(" \t");
    s = s.substr(first, last - first + 1);
    char* end = nullptr;
    const double value = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

GuessGrade grade_number(double guess, double measured, const Words& tr) {
    if (measured == 0) return {guess == 0, guess == 0 ? tr("exact") : tr("measured 0")};
    const double share = (guess - measured) / std::abs(measured);
    const long percent = std::lround(std::abs(share) * 100);
    if (std::abs(share) <= kCloseShare) return {true, percent == 0 ? std::string(tr("exact")) : formatted(tr("within %ld %%"), percent)};
    return {false, formatted(share > 0 ? tr("%ld %% over") : tr("%ld %% under"), percent)};
}

}  // namespace tsl
