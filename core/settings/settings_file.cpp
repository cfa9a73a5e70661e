#include "core/settings/settings_file.h"

#include "core/base/printable.h"
#include "core/base/text_file.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <toml++/toml.h>
#include <utility>

namespace tsl {

std::string default_settings_path() {
    namespace fs = std::filesystem;
    fs::path base;
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) base = xdg;
    else if (const char* home = std::getenv("HOME"); home && *home) base = fs::path(home) / ".config";
    else base = fs::temp_directory_path();
    return (base / "timeslice-lab" / "settings.toml").string();
}

namespace {

// An XDG user folder ("PICTURES", "DOCUMENTS"): the environment's
// XDG_<name>_DIR, else user-dirs.dirs' line for it ($HOME expanded); "" — neither says.
std::string xdg_user_dir(const std::string& name, const std::string& home) {
    const std::string key = "XDG_" + name + "_DIR";
    if (const char* v = std::getenv(key.c_str()); v && *v) return v;
    const std::filesystem::path config = std::filesystem::path(default_settings_path()).parent_path().parent_path();
    std::ifstream in(config / "user-dirs.dirs");
    for (std::string line; std::getline(in, line);) {
        if (line.rfind(key + "=", 0) != 0) continue;
        std::string value = line.substr(key.size() + 1);
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
        if (value.rfind("$HOME", 0) == 0) value = home + value.substr(5);
        if (value.empty() || value == home || value == home + "/") return {};  // "unset", as the spec has it
        return value;
    }
    return {};
}

}  // namespace

std::string default_output_folder() {
    namespace fs = std::filesystem;
    const char* h = std::getenv("HOME");
    const std::string home = h && *h ? h : fs::temp_directory_path().string();
    std::error_code error;
    std::string base = xdg_user_dir("PICTURES", home);
    if (base.empty() && fs::is_directory(fs::path(home) / "Pictures", error)) base = (fs::path(home) / "Pictures").string();
    if (base.empty()) base = xdg_user_dir("DOCUMENTS", home);
    if (base.empty() && fs::is_directory(fs::path(home) / "Documents", error)) base = (fs::path(home) / "Documents").string();
    if (base.empty()) base = (fs::path(home) / "Pictures").string();
    return (fs::path(base) / "Timeslice Lab").string();
}

namespace {

// "npc.mode" -> ("npc", "mode"); "scene" -> ("", "scene").
std::pair<std::string, std::string> split_key(std::string_view path) {
    const std::size_t dot = path.find('.');
    if (dot == std::string_view::npos) return {"", std::string(path)};
    return {std::string(path.substr(0, dot)), std::string(path.substr(dot + 1))};
}

// A TOML value as the field's value: numbers and booleans as they are, text parsed.
std::optional<FieldValue> value_of(const toml::node& node) {
    if (const auto* i = node.as_integer()) return FieldValue(i->get());
    if (const auto* d = node.as_floating_point()) return FieldValue(d->get());
    if (const auto* b = node.as_boolean()) return FieldValue(b->get());
    if (const auto* s = node.as_string()) return FieldValue(s->get());
    return std::nullopt;
}

}  // namespace

SettingsLoad load_settings(const std::string& path) {
    SettingsLoad result;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return result;
    result.found = true;
    // Read here rather than by the TOML parser, which cannot tell a file it
    // may not open from a malformed one: a file that cannot be read (a
    // folder, a device, one too large) is named with the reason and left where it is.
    Result<std::string> read = read_text_file(path, kMaxSettingsFileBytes, "settings file");
    if (!read) {
        result.problems.push_back(printable("settings file '" + path + "' " + read.error() + "; using defaults (it is left as it is)"));
        return result;
    }
    const std::string text = std::move(*read);

    toml::table table;
    try {
        table = toml::parse(text, path);
    } catch (const toml::parse_error& error) {
        // Set aside under a name not yet taken: an older .bad file is kept too.
        std::string aside = path + ".bad";
        for (int n = 2; std::filesystem::symlink_status(aside, ec).type() != std::filesystem::file_type::not_found && n < 1000; ++n)
            aside = path + ".bad-" + std::to_string(n);
        std::filesystem::rename(path, aside, ec);
        std::ostringstream message;
        message << "settings file '" << path << "' line " << error.source().begin.line << ": " << error.description() << "; ";
        if (ec) message << "could not be moved aside (" << ec.message() << "), ";
        else message << "moved to '" << aside << "', ";
        message << "using defaults";
        result.problems.push_back(printable(message.str()));
        return result;
    }

    // A section written as a value (`window = 7`): its settings cannot be read.
    std::vector<std::string> reported;
    for (const FieldSpec& field : settings_schema()) {
        const auto [section, key] = split_key(field.settings_key);
        if (section.empty() || std::find(reported.begin(), reported.end(), section) != reported.end()) continue;
        const toml::node* node = table.get(section);
        if (!node || node->is_table()) continue;
        reported.emplace_back(section);
        result.problems.push_back(printable("settings file '" + path + "' line " + std::to_string(node->source().begin.line) + ": " +
                                            std::string(section) + " must be a section [" + std::string(section) + "]; using its defaults"));
    }

    for (const FieldSpec& field : settings_schema()) {
        if (field.settings_key.empty()) continue;
        const auto [section, key] = split_key(field.settings_key);
        const toml::node_view<const toml::node> node = section.empty() ? std::as_const(table)[key] : std::as_const(table)[section][key];
        if (!node) continue;
        const auto line = std::to_string(node.node()->source().begin.line);
        std::optional<FieldValue> value = value_of(*node.node());
        // Text in the file is only ever a name or a path: a number for an enum is not accepted.
        const bool wrong_type = !value || (field.kind == FieldKind::Enum && !std::holds_alternative<std::string>(*value));
        Result<FieldValue> checked = wrong_type ? Failed{"wrong type"} : check_value(field, *value);
        if (!checked) {
            result.problems.push_back(printable("settings file '" + path + "' line " + line + ": bad value for " +
                                                std::string(field.settings_key) + "; using the default"));
            continue;
        }
        result.values.emplace_back(&field, std::move(*checked));
    }
    return result;
}

void apply_settings(LabSettings& settings, const SettingsLoad& loaded) {
    for (const auto& [field, value] : loaded.values) (void)set_field(settings, *field, value);  // each checked as it was read
}

Status save_settings(const std::string& path, const LabSettings& settings) {
    std::error_code ec;
    const auto dir = std::filesystem::path(path).parent_path();
    if (!dir.empty()) std::filesystem::create_directories(dir, ec);

    toml::table table;
    std::map<std::string, toml::table> sections;
    for (const FieldSpec& field : settings_schema()) {
        if (field.settings_key.empty()) continue;
        const auto [section, key] = split_key(field.settings_key);
        toml::table& into = section.empty() ? table : sections[section];
        const FieldValue value = get_field(settings, field);
        switch (field.kind) {
            case FieldKind::Int: into.insert_or_assign(key, int_value(value)); break;
            case FieldKind::Float: into.insert_or_assign(key, number_value(value)); break;
            case FieldKind::Bool: into.insert_or_assign(key, bool_value(value)); break;
            case FieldKind::Enum:
            case FieldKind::Text: into.insert_or_assign(key, format_value(field, value)); break;
        }
    }
    for (auto& [name, section] : sections) table.insert_or_assign(name, std::move(section));
    std::ostringstream out;
    out << "# Timeslice Lab settings, written when they change in the window.\n" << table << '\n';
    return write_output_file(path, out.str());
}

RememberedSettings::RememberedSettings(const LabSettings& from_file, const LabSettings& started) : to_save_(from_file), last_(started) {}

bool RememberedSettings::observe(const LabSettings& now) {
    bool changed = false;
    for (const FieldSpec& field : settings_schema()) {
        if (field.settings_key.empty()) continue;
        const FieldValue value = get_field(now, field);
        if (value == get_field(last_, field)) continue;
        (void)set_field(to_save_, field, value);  // a value the settings hold is one the field accepts
        changed = true;
    }
    last_ = now;
    return changed;
}

}  // namespace tsl
