#include "core/content/settings.h"

#include "core/text/printable.h"

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <type_traits>
#include <toml++/toml.h>

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

// Reads one setting if present; a wrong type or a rejected value is a problem.
template <class T, class Accept>
void read(const toml::table& table, const char* section, const char* key, const std::string& path,
          std::vector<std::string>& problems, Accept&& accept) {
    const toml::node_view<const toml::node> node = section ? table[section][key] : table[key];
    if (!node) return;
    const std::string name = section ? std::string(section) + "." + key : std::string(key);
    const auto line = std::to_string(node.node()->source().begin.line);
    // A whole number must be written as one: toml++ would convert a decimal
    // such as 1e90 with an out-of-range cast.
    std::optional<T> value;
    if constexpr (std::is_integral_v<T>) value = node.value_exact<T>();
    else value = node.value<T>();
    if (!value || !accept(*value))
        problems.push_back(printable("settings file '" + path + "' line " + line + ": bad value for " + name + "; using the default"));
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
        result.problems.push_back(printable(message.str()));
        std::filesystem::rename(path, path + ".bad", ec);
        return result;
    }

    Settings& s = result.settings;
    auto& problems = result.problems;
    read<std::string>(table, nullptr, "scene", path, problems, [&](const std::string& v) {
        if (v != "npc" && v != "exposure") return false;
        s.scene = v;
        return true;
    });
    read<double>(table, nullptr, "ui_scale", path, problems, [&](double v) {
        if (!(v >= 0.5 && v <= 4.0)) return false;
        s.ui_scale = static_cast<float>(v);
        return true;
    });
    read<std::string>(table, nullptr, "palette", path, problems, [&](const std::string& v) {
        if (v != "classic" && v != "colour-blind") return false;
        s.palette = v;
        return true;
    });
    read<std::string>(table, nullptr, "theme", path, problems, [&](const std::string& v) {
        if (v != "light" && v != "high-contrast") return false;
        s.theme = v;
        return true;
    });
    read<std::int64_t>(table, "window", "width", path, problems, [&](std::int64_t v) {
        if (v < 320 || v > 16384) return false;
        s.window_width = static_cast<int>(v);
        return true;
    });
    read<std::int64_t>(table, "window", "height", path, problems, [&](std::int64_t v) {
        if (v < 240 || v > 16384) return false;
        s.window_height = static_cast<int>(v);
        return true;
    });
    read<std::string>(table, "npc", "mode", path, problems, [&](const std::string& v) {
        const auto mode = parse_mode(v);
        if (mode) s.timeslicing.mode = *mode;
        return mode.has_value();
    });
    read<std::string>(table, "npc", "gather", path, problems, [&](const std::string& v) {
        const auto gathering = parse_gathering(v);
        if (gathering) s.timeslicing.gathering = *gathering;
        return gathering.has_value();
    });
    read<std::int64_t>(table, "npc", "jobs_per_update", path, problems, [&](std::int64_t v) {
        if (v < 1 || v > 100000) return false;
        s.timeslicing.jobs_per_update = static_cast<std::uint32_t>(v);
        return true;
    });
    read<std::int64_t>(table, "npc", "update_every", path, problems, [&](std::int64_t v) {
        if (v < 1 || v > 1000) return false;
        s.timeslicing.update_every_frames = static_cast<std::uint32_t>(v);
        return true;
    });
    read<std::int64_t>(table, "npc", "count", path, problems, [&](std::int64_t v) {
        if (v < 1 || v > 100000) return false;
        s.npc_count = static_cast<std::uint32_t>(v);
        return true;
    });
    return result;
}

FileResult save_settings(const std::string& path, const Settings& s) {
    std::error_code ec;
    const auto dir = std::filesystem::path(path).parent_path();
    if (!dir.empty()) std::filesystem::create_directories(dir, ec);

    toml::table table{
        {"scene", s.scene},
        {"ui_scale", static_cast<double>(s.ui_scale)},
        {"palette", s.palette},
        {"theme", s.theme},
        {"window", toml::table{{"width", s.window_width}, {"height", s.window_height}}},
        {"npc", toml::table{{"mode", std::string(name_of(s.timeslicing.mode))},
                            {"jobs_per_update", static_cast<std::int64_t>(s.timeslicing.jobs_per_update)},
                            {"update_every", static_cast<std::int64_t>(s.timeslicing.update_every_frames)},
                            {"gather", std::string(name_of(s.timeslicing.gathering))},
                            {"count", static_cast<std::int64_t>(s.npc_count)}}},
    };
    std::ostringstream out;
    out << "# Timeslice Lab settings, written when the window closes.\n" << table << '\n';
    return write_output_file(path, out.str());
}

}  // namespace tsl
