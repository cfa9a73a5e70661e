// toml_reader.h — reading a hand-edited TOML file (presets, lessons) into a
// struct with errors a teacher can act on: every key must be known (a typo is
// an error, not a silent default), every value of the right type and range,
// and each problem names its line. Internal to core/.
#pragma once

#include "core/base/language.h"
#include "core/base/printable.h"
#include "core/base/result.h"
#include "core/settings/settings_schema.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <toml++/toml.h>
#include <vector>

namespace tsl::toml_reading {

// Keeps the problem nearest the top of the file, so that the first thing a
// teacher is told to fix is the first thing they meet reading down.
struct Problems {
    int line = 0;
    std::string what;

    void add(int at_line, std::string message) {
        if (line == 0 || at_line < line) {
            line = at_line;
            what = std::move(message);
        }
    }
    bool any() const { return line != 0; }
};

inline int line_of(const toml::source_region& region) { return std::max<int>(1, static_cast<int>(region.begin.line)); }

// How a TOML value's type reads in a message for someone who edits the file by hand.
inline std::string kind_of(const toml::node& node) {
    switch (node.type()) {
        case toml::node_type::integer: return "a whole number";
        case toml::node_type::floating_point: return "a decimal number";
        case toml::node_type::boolean: return "true/false";
        case toml::node_type::string: return "text";
        case toml::node_type::table: return "a table";
        case toml::node_type::array: return "an array";
        default: return "a date or time";
    }
}

inline std::string number_text(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

// One known key of a table and what to do with its value.
struct Field {
    std::string_view key;
    std::function<void(const toml::node& value, int line)> read;
};

// The reading context: the file's problems and the prefix naming where we are
// ("", "scene: ", "pane 2: ").
struct Reader {
    Problems& problems;
    std::string where;

    void fail(int line, const std::string& what) const { problems.add(line, where + what); }

    // Every key of `table` must be one of `fields`; a typo is an error, not a silent default.
    void read_table(const toml::table& table, std::initializer_list<Field> fields) const {
        read_table(table, std::span<const Field>(fields.begin(), fields.size()));
    }
    void read_table(const toml::table& table, std::span<const Field> fields) const {
        for (const auto& entry : table) {
            const toml::key& key = entry.first;
            const toml::node& value = entry.second;
            const int line = key.source().begin.line ? line_of(key.source()) : line_of(value.source());
            const auto field = std::find_if(fields.begin(), fields.end(), [&](const Field& f) { return key.str() == f.key; });
            if (field != fields.end()) {
                field->read(value, line);
                continue;
            }
            std::string known;
            for (const Field& f : fields) known += (known.empty() ? "" : ", ") + std::string(f.key);
            fail(line, "unknown key '" + std::string(key.str()) + "' (known: " + known + ")");
        }
    }

    Field integer(const char* key, std::int64_t lo, std::int64_t hi, std::function<void(std::int64_t)> set) const {
        return {key, [this, key, lo, hi, set](const toml::node& node, int line) {
                    const std::string range = std::to_string(lo) + " .. " + std::to_string(hi);
                    if (!node.is_integer())
                        return fail(line, std::string(key) + " should be a whole number (" + range + "), not " + kind_of(node));
                    const std::int64_t v = node.as_integer()->get();
                    if (v < lo || v > hi)
                        return fail(line, std::string(key) + " = " + std::to_string(v) + " is out of range (" + range + ")");
                    set(v);
                }};
    }

    Field number(const char* key, double lo, double hi, std::function<void(double)> set) const {
        return {key, [this, key, lo, hi, set](const toml::node& node, int line) {
                    const std::string range = number_text(lo) + " .. " + number_text(hi);
                    if (!node.is_number())
                        return fail(line, std::string(key) + " should be a number (" + range + "), not " + kind_of(node));
                    const double v = node.value<double>().value_or(0.0);
                    if (!(v >= lo && v <= hi))  // also rejects nan
                        return fail(line, std::string(key) + " = " + number_text(v) + " is out of range (" + range + ")");
                    set(v);
                }};
    }

    Field boolean(const char* key, bool& out) const {
        return {key, [this, key, &out](const toml::node& node, int line) {
                    if (!node.is_boolean()) return fail(line, std::string(key) + " should be true or false, not " + kind_of(node));
                    out = node.as_boolean()->get();
                }};
    }

    Field text(const char* key, std::string& out) const {
        return {key, [this, key, &out](const toml::node& node, int line) {
                    if (!node.is_string()) return fail(line, std::string(key) + " should be text in quotes, not " + kind_of(node));
                    out = node.as_string()->get();
                }};
    }

    // A setting of settings_schema.h, read into `target` (pane: which pane, for
    // pane settings): the TOML type must fit the field's kind, then the value
    // is checked by the schema, whose one-line problem is reported as it is.
    Field setting(const FieldSpec& spec, LabSettings& target, int pane = -1) const {
        return {spec.file_key(), [this, &spec, &target, pane](const toml::node& node, int line) {
                    const std::string key(spec.file_key());
                    FieldValue value;
                    // "<key> should be <what> (<accepted values>), not <what the file has>"
                    auto wrong = [&](const std::string& what, bool with_range) {
                        return fail(line, key + " should be " + what + (with_range ? " (" + accepted_values(spec) + ")" : "") + ", not " +
                                              kind_of(node));
                    };
                    switch (spec.kind) {
                        case FieldKind::Int:
                            if (!node.is_integer()) return wrong("a whole number", true);
                            value = node.as_integer()->get();
                            break;
                        case FieldKind::Float:
                            if (!node.is_number()) return wrong("a number", true);
                            value = node.value<double>().value_or(0.0);
                            break;
                        case FieldKind::Bool:
                            if (!node.is_boolean()) return wrong("true or false", false);
                            value = node.as_boolean()->get();
                            break;
                        case FieldKind::Enum:
                        case FieldKind::Text:
                            if (!node.is_string()) return wrong("text in quotes", spec.kind == FieldKind::Enum);
                            value = node.as_string()->get();
                            break;
                    }
                    const Result<FieldValue> checked = check_value(spec, value);
                    if (!checked) return fail(line, key + ": " + checked.error());
                    spec.set(target, pane, *checked);
                }};
    }

    // A name such as a mode: text that `parse` accepts, else the accepted names are listed.
    template <class T, class Parse>
    Field choice(const char* key, const char* what, Parse parse, const std::string& accepted, T& out) const {
        return {key, [this, key, what, parse, accepted, &out](const toml::node& node, int line) {
                    if (!node.is_string())
                        return fail(line, std::string(key) + " should be text in quotes (" + accepted + "), not " + kind_of(node));
                    const std::string& name = node.as_string()->get();
                    const auto parsed = parse(name);
                    if (!parsed) return fail(line, std::string("unknown ") + what + " '" + name + "' (accepted: " + accepted + ")");
                    out = *parsed;
                }};
    }
};

// "file:line: what", the one way a file's problem is told.
inline Failed failure(const std::string& file_name, int line, const std::string& what) {
    return {printable(file_name + ":" + std::to_string(line) + ": " + what)};
}

// The tables of a [[what]] array; anything else is a problem at `line`.
inline std::vector<const toml::table*> tables_of(const Reader& r, const toml::node& node, int line, const char* what) {
    std::vector<const toml::table*> tables;
    const toml::array* array = node.as_array();
    if (!array || !std::all_of(array->begin(), array->end(), [](const toml::node& n) { return n.is_table(); })) {
        r.fail(line, std::string(what) + "s are written as [[" + what + "]] tables, not " + kind_of(node));
        return tables;
    }
    for (const toml::node& n : *array) tables.push_back(n.as_table());
    return tables;
}

// A content file's text in the lab's other languages (core/base/language.h):
// a table per language, "zh-Hant" and "zh-Hans", as fields of the table that
// holds the English (`header`: how its own header reads, "step." for
// [step.zh-Hant]); each is read by `read` with a reader that names it.
inline void add_language_fields(std::vector<Field>& fields, const Reader& r, std::string header,
                                std::function<void(Language, const toml::table&, const Reader&)> read) {
    for (Language language : kAllLanguages) {
        if (language == Language::En) continue;
        fields.push_back({language_code(language), [&r, header, language, read](const toml::node& node, int line) {
                              const std::string code(language_code(language));
                              if (!node.is_table())
                                  return r.fail(line, code + " should be a [" + header + code + "] table of the text in " +
                                                          std::string(language_name(language)) + ", not " + kind_of(node));
                              read(language, *node.as_table(), Reader{r.problems, r.where + code + ": "});
                          }});
    }
}

// Stems of the .toml files in `dir`, sorted; empty when there is none.
inline std::vector<std::string> toml_stems(const std::filesystem::path& dir) {
    std::vector<std::string> names;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".toml" && it->is_regular_file(ec)) names.push_back(it->path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

// The path of the file `dir`/NAME.toml (a trailing ".toml" on the name is
// accepted), or, when there is none, the failure "unknown WHAT 'NAME'
// (available: a, b)" of kind Refused.
inline Result<std::string> find_named(const std::filesystem::path& dir, const std::string& name, const char* what) {
    std::string stem = name;
    if (stem.size() > 5 && stem.ends_with(".toml")) stem.resize(stem.size() - 5);
    const std::vector<std::string> names = toml_stems(dir);
    if (std::find(names.begin(), names.end(), stem) != names.end()) return (dir / (stem + ".toml")).string();
    std::string available;
    for (const std::string& n : names) available += (available.empty() ? "" : ", ") + n;
    if (available.empty()) available = "none found in " + dir.string();
    return Failed{printable("unknown " + std::string(what) + " '" + name + "' (available: " + available + ")"), FailKind::Refused};
}

}  // namespace tsl::toml_reading
