#include "core/settings/settings_file.h"

#include <cstdlib>
#include <filesystem>
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

    toml::table table;
    try {
        table = toml::parse_file(path);
    } catch (const toml::parse_error& error) {
        std::ostringstream message;
        message << "settings file '" << path << "' line " << error.source().begin.line << ": " << error.description()
                << "; moved to '" << path << ".bad', using defaults";
        result.problems.push_back(message.str());
        std::filesystem::rename(path, path + ".bad", ec);
        return result;
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
        if (wrong_type || !check_value(field, *value).empty()) {
            result.problems.push_back("settings file '" + path + "' line " + line + ": bad value for " + std::string(field.settings_key) +
                                      "; using the default");
            continue;
        }
        result.values.emplace_back(&field, std::move(*value));
    }
    return result;
}

void apply_settings(LabSettings& settings, const SettingsLoad& loaded) {
    for (const auto& [field, value] : loaded.values) set_field(settings, *field, value);
}

FileResult save_settings(const std::string& path, const LabSettings& settings) {
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
    out << "# Timeslice Lab settings, written when the window closes.\n" << table << '\n';
    return write_file_atomically(path, out.str());
}

}  // namespace tsl
