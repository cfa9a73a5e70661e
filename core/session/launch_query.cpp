#include "core/session/launch_query.h"

#include "core/content/quiz.h"

#include <cctype>
#include <cstdlib>
#include <optional>

namespace tsl {

namespace {

// "%41" → "A", "+" → " " (a query's encoding).
std::string url_decoded(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '+') {
            out += ' ';
        } else if (text[i] == '%' && i + 2 < text.size() && std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
                   std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
            out += static_cast<char>(std::strtol(std::string(text.substr(i + 1, 2)).c_str(), nullptr, 16));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

// Everything but letters, digits and -._~ as %XX.
std::string url_encoded(std::string_view text) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '-' || c == '.' || c == '_' || c == '~') {
            out += c;
        } else {
            out += '%';
            out += hex[u >> 4];
            out += hex[u & 15];
        }
    }
    return out;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> query_items(std::string_view query) {
    std::vector<std::pair<std::string, std::string>> items;
    if (!query.empty() && query.front() == '?') query.remove_prefix(1);
    while (!query.empty()) {
        const std::size_t amp = query.find('&');
        const std::string_view item = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        if (item.empty()) continue;
        const std::size_t eq = item.find('=');
        items.emplace_back(url_decoded(item.substr(0, eq)), eq == std::string_view::npos ? std::string() : url_decoded(item.substr(eq + 1)));
    }
    return items;
}

QueryLaunch launch_of_query(std::string_view query) {
    QueryLaunch out;
    std::optional<std::string> quiz, seed;
    for (const auto& [key, value] : query_items(query)) {
        if (key == "quiz") {
            if (value != "modes") {
                out.problem = "quiz=" + value + ": the quiz is quiz=modes";
                return out;
            }
            quiz = value;
        } else if (key == "seed") {
            if (!quiz_seed("quiz-modes-" + value)) {
                out.problem = "seed=" + value + ": a whole number from 0 to " + std::to_string(kMaxQuizSeed) + " is needed";
                return out;
            }
            seed = value;
        } else if (key == "scene") {
            out.request.scene = value;
        } else if (key == "preset") {
            out.request.preset = value;
        } else if (key == "lesson") {
            out.request.lesson = value;
        } else if (key == "step") {
            char* end = nullptr;
            const long step = std::strtol(value.c_str(), &end, 10);
            if (value.empty() || *end != 0 || step < 1 || step > 1000) {
                out.problem = "step=" + value + ": a whole number from 1 to 1000 is needed";
                return out;
            }
            out.request.step = static_cast<int>(step);
            out.request.step_given = true;
        } else if (key == "reveal") {
            out.request.reveal = value.empty() || value == "true" || value == "1";
        } else if (key == "set") {
            out.request.sets.push_back(value);
        } else if (key == "lang") {
            out.request.sets.push_back("language=" + value);
        } else {
            out.problem = "'" + key + "' is not a parameter of this page (scene, preset, lesson, step, reveal, set, lang, quiz, seed)";
            return out;
        }
    }
    if (seed && !quiz) out.problem = "seed=" + *seed + " is the quiz's: add quiz=modes";
    // The quiz is the lesson its seed makes (core/content/quiz.h); without a seed, seed 1.
    else if (quiz) out.request.lesson = quiz_name(seed ? *quiz_seed("quiz-modes-" + *seed) : 1);
    return out;
}

std::string query_of(const LaunchRequest& request) {
    std::string query;
    const auto add = [&](std::string_view key, const std::string& value) {
        query += query.empty() ? '?' : '&';
        query += key;
        query += '=';
        query += url_encoded(value);
    };
    if (const std::optional<std::uint32_t> seed = quiz_seed(request.lesson)) {
        add("quiz", "modes");
        add("seed", std::to_string(*seed));
        add("step", std::to_string(request.step));
        if (request.reveal) add("reveal", "1");
    } else if (!request.lesson.empty()) {
        add("lesson", request.lesson);
        add("step", std::to_string(request.step));
        if (request.reveal) add("reveal", "1");
    }
    if (!request.preset.empty()) add("preset", request.preset);
    if (!request.scene.empty()) add("scene", request.scene);
    for (const std::string& assignment : request.sets) {
        if (assignment.starts_with("language=")) add("lang", assignment.substr(9));
        else add("set", assignment);
    }
    return query;
}

}  // namespace tsl
