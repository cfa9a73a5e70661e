#include "core/content/glossary.h"

#include "core/base/printable.h"
#include "core/base/text_file.h"
#include "core/content/toml_reader.h"

#include <algorithm>
#include <cctype>

namespace tsl {

using namespace toml_reading;

const GlossaryTerm* Glossary::term(std::string_view id) const {
    const auto it = std::find_if(terms.begin(), terms.end(), [&](const GlossaryTerm& t) { return t.id == id; });
    return it == terms.end() ? nullptr : &*it;
}

const GlossaryArticle* Glossary::article(std::string_view id) const {
    const auto it = std::find_if(articles.begin(), articles.end(), [&](const GlossaryArticle& a) { return a.id == id; });
    return it == articles.end() ? nullptr : &*it;
}

namespace {

constexpr std::size_t kMaxGlossaryFileBytes = std::size_t{1} << 20;  // the shipped one is about 20 KB

bool valid_id(const std::string& id) {
    return !id.empty() && std::all_of(id.begin(), id.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

std::string language_list() {
    std::string list;
    for (Language l : kAllLanguages) list += (list.empty() ? "" : ", ") + std::string(language_code(l));
    return list;
}

// [X.name]-style table: a text per language; `every`: each language required.
Field languages_field(const Reader& r, const char* key, InLanguages& out, bool every) {
    return {key, [&r, key, &out, every](const toml::node& node, int line) {
                const toml::table* table = node.as_table();
                if (!table) return r.fail(line, std::string(key) + " should be a table of " + language_list() + ", not " + kind_of(node));
                std::vector<Field> fields;
                for (Language l : kAllLanguages) fields.push_back(r.text(language_code(l).data(), out.in(l)));
                r.read_table(*table, fields);
                if (!every) return;
                for (Language l : kAllLanguages)
                    if (out.in(l).empty()) r.fail(line, std::string(key) + ": no " + std::string(language_code(l)) + " (every language is required)");
            }};
}

// A list of texts in quotes; `empty_ok`: may be [].
Field texts_field(const Reader& r, const char* key, std::vector<std::string>& out, bool empty_ok) {
    return {key, [&r, key, &out, empty_ok](const toml::node& node, int line) {
                const toml::array* array = node.as_array();
                if (!array || (!empty_ok && array->empty())) return r.fail(line, std::string(key) + " should be a list of texts in quotes");
                for (const toml::node& item : *array) {
                    if (!item.is_string() || item.as_string()->get().empty())
                        return r.fail(line, std::string(key) + " lists texts in quotes, not " + kind_of(item));
                    out.push_back(item.as_string()->get());
                }
            }};
}

void require(const Reader& r, const toml::table& table, int line, const char* what, std::initializer_list<const char*> keys) {
    for (const char* key : keys)
        if (!table.contains(key)) r.fail(line, std::string(what) + ": no " + key);
}

GlossaryArticle read_article(const Reader& r, const toml::table& table) {
    GlossaryArticle a;
    const int line = line_of(table.source());
    std::vector<std::string> languages;
    r.read_table(table, {r.text("id", a.id), texts_field(r, "written_in", languages, false), languages_field(r, "title", a.title, true)});
    require(r, table, line, "article", {"id", "written_in", "title"});
    for (const std::string& code : languages) {
        const auto known = std::find_if(kAllLanguages.begin(), kAllLanguages.end(), [&](Language l) { return language_code(l) == code; });
        if (known == kAllLanguages.end()) r.fail(line, "article " + a.id + ": unknown language '" + code + "' (known: " + language_list() + ")");
        else a.written_in.push_back(*known);
    }
    return a;
}

GlossaryTerm read_term(const Reader& r, const toml::table& table) {
    GlossaryTerm t;
    t.line = line_of(table.source());
    r.read_table(table, {r.text("id", t.id), texts_field(r, "articles", t.articles, false), texts_field(r, "match", t.match, true),
                         languages_field(r, "name", t.name, true), languages_field(r, "means", t.means, true),
                         languages_field(r, "also", t.also, false)});
    require(r, table, t.line, "term", {"id", "articles", "name", "means"});
    return t;
}

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || (static_cast<unsigned char>(c) & 0x80); }

// `word` in `text` as a whole word, any case.
bool has_word(std::string_view text, std::string_view word) {
    if (word.empty() || word.size() > text.size()) return false;
    for (std::size_t at = 0; at + word.size() <= text.size(); ++at) {
        if (!std::equal(word.begin(), word.end(), text.begin() + static_cast<std::ptrdiff_t>(at), [](char a, char b) { return lower(a) == lower(b); }))
            continue;
        const bool starts = at == 0 || !word_char(text[at - 1]);
        const bool ends = at + word.size() == text.size() || !word_char(text[at + word.size()]);
        if (starts && ends) return true;
    }
    return false;
}

}  // namespace

Result<Glossary> parse_glossary(const std::string& text, const std::string& file_name) {
    toml::table root;
    try {
        root = toml::parse(text, file_name);
    } catch (const toml::parse_error& error) {
        return failure(file_name, line_of(error.source()), std::string(error.description()));
    }
    Glossary g;
    Problems problems;
    const Reader r{problems, ""};
    r.read_table(root, {
        {"article", [&](const toml::node& node, int line) {
             for (const toml::table* t : tables_of(r, node, line, "article")) g.articles.push_back(read_article(r, *t));
         }},
        {"term", [&](const toml::node& node, int line) {
             for (const toml::table* t : tables_of(r, node, line, "term")) g.terms.push_back(read_term(r, *t));
         }},
    });
    if (problems.any()) return failure(file_name, problems.line, problems.what);
    if (g.articles.empty()) return failure(file_name, 1, "no [[article]]; the glossary names the articles its terms come from");
    if (g.terms.empty()) return failure(file_name, 1, "no [[term]]");
    for (std::size_t i = 0; i < g.articles.size(); ++i) {
        const GlossaryArticle& a = g.articles[i];
        if (!valid_id(a.id)) return failure(file_name, 1, "article id '" + a.id + "' should be a-z, 0-9 and '-'");
        if (g.article(a.id) != &a) return failure(file_name, 1, "article id '" + a.id + "' is used twice");
    }
    for (const GlossaryTerm& t : g.terms) {
        if (!valid_id(t.id)) return failure(file_name, t.line, "term id '" + t.id + "' should be a-z, 0-9 and '-'");
        if (g.term(t.id) != &t) return failure(file_name, t.line, "term id '" + t.id + "' is used twice");
        for (const std::string& a : t.articles)
            if (!g.article(a)) return failure(file_name, t.line, "term " + t.id + ": no [[article]] has id '" + a + "'");
    }
    return g;
}

Result<Glossary> load_glossary(const std::string& assets_dir) {
    const std::string path = assets_dir + "/glossary.toml";
    const Result<std::string> read = read_text_file(path, kMaxGlossaryFileBytes, "glossary file");
    if (!read) return Failed{printable(path + ": " + read.error())};
    return parse_glossary(*read, path);
}

std::vector<const GlossaryTerm*> terms_in(const Glossary& glossary, std::string_view text) {
    std::vector<const GlossaryTerm*> found;
    for (const GlossaryTerm& t : glossary.terms)
        if (std::any_of(t.match.begin(), t.match.end(), [&](const std::string& word) { return has_word(text, word); })) found.push_back(&t);
    return found;
}

std::vector<char32_t> code_points(std::string_view utf8) {
    std::vector<char32_t> out;
    for (std::size_t i = 0; i < utf8.size();) {
        const auto b = static_cast<unsigned char>(utf8[i]);
        const int length = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
        if (length == 0 || i + static_cast<std::size_t>(length) > utf8.size()) {
            ++i;
            continue;
        }
        char32_t cp = length == 1 ? b : b & (0xFF >> (length + 1));
        bool valid = true;
        for (int k = 1; k < length; ++k) {
            const auto c = static_cast<unsigned char>(utf8[i + static_cast<std::size_t>(k)]);
            valid &= (c & 0xC0) == 0x80;
            cp = (cp << 6) | (c & 0x3F);
        }
        if (valid) out.push_back(cp);
        i += valid ? static_cast<std::size_t>(length) : 1;
    }
    return out;
}

std::vector<char32_t> wide_characters(const Glossary& glossary, std::string_view extra) {
    std::vector<char32_t> wide;
    auto add = [&](std::string_view text) {
        for (char32_t cp : code_points(text))
            if (cp >= 0x2E80) wide.push_back(cp);
    };
    auto add_all = [&](const InLanguages& texts) {
        for (const std::string& t : texts.text) add(t);
    };
    for (const GlossaryArticle& a : glossary.articles) add_all(a.title);
    for (const GlossaryTerm& t : glossary.terms) {
        add_all(t.name);
        add_all(t.means);
        add_all(t.also);
    }
    for (Language l : kAllLanguages) add(language_name(l));
    add(extra);
    std::sort(wide.begin(), wide.end());
    wide.erase(std::unique(wide.begin(), wide.end()), wide.end());
    return wide;
}

}  // namespace tsl
