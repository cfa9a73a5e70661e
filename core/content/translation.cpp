#include "core/content/translation.h"

#include "core/base/text_file.h"
#include "core/content/toml_reader.h"

#include <filesystem>

namespace tsl {

using namespace toml_reading;

namespace {

constexpr std::size_t kMaxLanguageFileBytes = 1 << 20;

std::string joined(const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : " ") + p;
    return out.empty() ? "none" : out;
}

}  // namespace

std::vector<std::string> conversions(std::string_view text) {
    std::vector<std::string> found;
    for (std::size_t at = text.find('%'); at != std::string_view::npos; at = text.find('%', at)) {
        if (at + 1 < text.size() && text[at + 1] == '%') {
            at += 2;
            continue;
        }
        // Flags, width, precision and length, then the conversion's letter; anything else
        // after a '%' is a percent sign of the text ("(100 - N)% of"), not a conversion.
        std::size_t end = at + 1;
        while (end < text.size() && std::string_view("-+#0123456789.lhz").find(text[end]) != std::string_view::npos) ++end;
        if (end < text.size() && std::string_view("diouxXeEfFgGcsp").find(text[end]) != std::string_view::npos)
            found.emplace_back(text.substr(at, end + 1 - at));
        at = end;
    }
    return found;
}

Result<WordMap> parse_words(const std::string& text, const std::string& file_name) {
    toml::table root;
    try {
        root = toml::parse(text, file_name);
    } catch (const toml::parse_error& error) {
        return failure(file_name, line_of(error.source()), std::string(error.description()));
    }
    WordMap words;
    Problems problems;
    for (const auto& [key, value] : root) {
        const int line = line_of(key.source().begin.line ? key.source() : value.source());
        const std::string english(key.str());
        if (!value.is_string()) {
            problems.add(line, "\"" + english + "\" should be text in quotes, not " + kind_of(value));
            continue;
        }
        const std::string& translated = value.as_string()->get();
        if (conversions(english) != conversions(translated))
            problems.add(line, "\"" + english + "\": the translation's placeholders (" + joined(conversions(translated)) +
                                   ") should be the English's, in its order (" + joined(conversions(english)) + ")");
        else if (translated.empty())
            problems.add(line, "\"" + english + "\" has no text (leave the line out to show the English)");
        else
            words.emplace(english, translated);
    }
    if (problems.any()) return failure(file_name, problems.line, problems.what);
    return words;
}

std::string every_text(const Translation& t) {
    std::string all;
    for (const auto& [english, text] : t.words) all += text;
    return all;
}

Result<Translation> load_translation(const std::string& assets_dir, Language language) {
    Translation t;
    t.language = language;
    const std::filesystem::path path = std::filesystem::path(assets_dir) / "lang" / (std::string(language_code(language)) + ".toml");
    std::error_code ec;
    if (language == Language::En || !std::filesystem::exists(path, ec)) return t;
    const Result<std::string> read = read_text_file(path.string(), kMaxLanguageFileBytes, "language file");
    if (!read) return Failed{printable(path.string() + ": " + read.error())};
    Result<WordMap> words = parse_words(*read, path.string());
    if (!words) return words.failure();
    t.words = std::move(*words);
    return t;
}

}  // namespace tsl
