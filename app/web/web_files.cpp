// web_files.cpp — see web_files.h.
#include "app/web/web_files.h"

#include "app/cli/assets.h"
#include "app/frame/lab_app.h"
#include "app/frame/settings_keeper.h"
#include "app/ui/text.h"
#include "app/ui/ui_text.h"

#include "core/base/printable.h"
#include "core/base/text_file.h"
#include "core/session/launch.h"

#include <emscripten.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>

namespace tsl::app {

namespace {

constexpr const char* kStoredSettings = "timeslice-lab/settings.toml";
constexpr const char* kStoredSettingsAside = "timeslice-lab/settings.toml.bad";

// A pointer JavaScript returned (allocateUTF8; 0 — none).
char* to_text(int pointer) { return reinterpret_cast<char*>(static_cast<std::uintptr_t>(pointer)); }

bool write_text(const std::string& path, const std::string& text) {
    std::error_code error;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), error);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    return static_cast<bool>(out.flush());
}

// localStorage's item ("" and false when there is none or the storage is refused).
bool stored_item(const char* key, std::string& text) {
    char* value = to_text(EM_ASM_INT(
        {
            try {
                const value = window.localStorage.getItem(UTF8ToString($0));
                return value === null ? 0 : allocateUTF8(value);
            } catch (e) {
                console.warn('timeslice-lab: the browser refuses its storage: ' + e);
                return 0;
            }
        },
        key));
    if (!value) return false;
    text = value;
    std::free(value);
    return true;
}

// Stores (or with `text` nullptr removes) an item, or says why not.
Status store_item(const char* key, const char* text) {
    char* problem = to_text(EM_ASM_INT(
        {
            try {
                if ($1) window.localStorage.setItem(UTF8ToString($0), UTF8ToString($1));
                else window.localStorage.removeItem(UTF8ToString($0));
                return 0;
            } catch (e) {
                return allocateUTF8('the browser refuses to store it (' + e + ')');
            }
        },
        key, text));
    if (!problem) return {};
    Failed failed{problem};
    std::free(problem);
    return failed;
}

// The page's status line for what an opened file did (index.html's fileStatus).
void file_status(const std::string& text, bool problem) {
    EM_ASM({ if (Module.fileStatus) Module.fileStatus(UTF8ToString($0), $1); }, text.c_str(), problem ? 1 : 0);
}

std::unique_ptr<SettingsKeeper> g_storing;

// "a/b\\c.toml" → "c.toml".
std::string base_name(const std::string& name) {
    const std::size_t slash = name.find_last_of("/\\");
    return slash == std::string::npos ? name : name.substr(slash + 1);
}

// A lesson file has steps ([[step]]); anything else is taken for a preset.
bool is_lesson(const std::string& text) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        std::string bare;
        for (const char c : line)
            if (c != ' ' && c != '\t') bare += c;
        if (bare.rfind("[[step]]", 0) == 0) return true;
    }
    return false;
}

// Every `from` in `text` as `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) text.replace(at, from.size(), to);
    return text;
}

}  // namespace

std::string download_file(const std::string& path) {
    const std::string name = std::filesystem::path(path).filename().string();
    // (No comma outside parentheses in the script: EM_ASM is a macro.)
    char* problem = to_text(EM_ASM_INT(
        {
            try {
                const path = UTF8ToString($0);
                const name = UTF8ToString($1);
                const bytes = new Uint8Array(FS.readFile(path));  // a copy, outside the program's memory
                const type = name.endsWith('.gif') ? 'image/gif' : name.endsWith('.png') ? 'image/png' : name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream';
                const url = URL.createObjectURL(new Blob([bytes], {type : type}));
                const link = document.createElement('a');
                link.href = url;
                link.download = name;
                link.style.display = 'none';
                document.body.appendChild(link);
                link.click();
                link.remove();
                setTimeout(() => URL.revokeObjectURL(url), 60000);
                FS.unlink(path);
                console.log('timeslice-lab: downloaded ' + name + ' (' + bytes.length + ' bytes)');
                return 0;
            } catch (e) {
                return allocateUTF8(String(e));
            }
        },
        path.c_str(), name.c_str()));
    if (!problem) return formatted(tr("Downloaded %s"), name.c_str());
    const std::string said = formatted(tr("Could not download %s: %s"), name.c_str(), problem);
    std::free(problem);
    return said;
}

SettingsLoad load_stored_settings() {
    const std::string path = default_settings_path();
    std::string text;
    if (!stored_item(kStoredSettings, text)) return {};
    if (!write_text(path, text)) return {};
    SettingsLoad loaded = load_settings(path);
    // The desktop sets a malformed file aside as <file>.bad: so does the page, in its storage.
    std::error_code error;
    if (!std::filesystem::exists(path, error)) {
        (void)store_item(kStoredSettingsAside, text.c_str());  // a page whose storage refuses keeps neither
        (void)store_item(kStoredSettings, nullptr);
    }
    return loaded;
}

void start_storing_settings(const LabSettings& from_file, const LabSettings& started) {
    // The file the desktop would write, then its text into the browser's storage.
    g_storing = std::make_unique<SettingsKeeper>(from_file, started, [path = default_settings_path()](const LabSettings& to_save) -> Status {
        if (Status saved = save_settings(path, to_save); !saved) return saved;
        const Result<std::string> back = read_text_file(path, kMaxSettingsFileBytes, "settings file");
        if (!back) return Failed{"cannot read back " + path + ": " + back.error()};
        return store_item(kStoredSettings, back->c_str());
    });
}

void store_changed_settings(LabApp& app) {
    if (g_storing) g_storing->after_frame(app, emscripten_get_now() / 1000.0);
}

void pick_file() {
    EM_ASM({
        const input = document.getElementById('file');
        if (input) input.click();
    });
}

}  // namespace tsl::app

// For the page (its file picker and drops) and its tests (called from JavaScript).
extern "C" {

// Opens a preset or lesson file the user gave the page: `name` (its file
// name, "my-preset.toml") and its text. As on the desktop, presets and
// lessons are named files in assets/: the text goes to the page's
// assets/presets/STEM.toml, or assets/lessons/STEM.toml when it has
// [[step]]s, and is launched as --preset STEM or --lesson STEM are. A file that
// does not load leaves the lab as it was (a file of that name it had is put
// back) and its problem, `NAME:LINE: what`, is the notice and the status line.
// Returns what the status line says.
EMSCRIPTEN_KEEPALIVE const char* tsl_web_open_file(const char* name_text, const char* text) {
    static std::string said;
    using namespace tsl;
    app::LabApp* app = app::web_app();
    const std::string name = app::base_name(name_text ? name_text : "");
    const bool problem_found = [&] {
        if (!app) {
            said = formatted(app::tr("the lab is still loading; open %s again once it runs"), name.c_str());
            return true;
        }
        if (name.size() <= 5 || !name.ends_with(".toml")) {
            said = formatted(app::tr("%s: not a preset or lesson file (a .toml file is needed)"), name.c_str());
            return true;
        }
        return false;
    }();
    if (problem_found) {
        if (app) app->post(app::problem_notice(said));
        app::file_status(said, true);
        return said.c_str();
    }
    const std::string stem = name.substr(0, name.size() - 5);
    const bool lesson = app::is_lesson(text);
    const std::string path = app::assets_directory() + (lesson ? "/lessons/" : "/presets/") + name;
    const std::optional<std::string> before = read_text_file(path, lesson ? kMaxLessonFileBytes : kMaxPresetFileBytes, "file").value();
    if (!app::write_text(path, text)) {
        said = formatted(app::tr("%s: cannot be written to the page's memory (%s)"), name.c_str(), path.c_str());
        app->post(app::problem_notice(said));
        app::file_status(said, true);
        return said.c_str();
    }
    LaunchRequest request;
    (lesson ? request.lesson : request.preset) = stem;
    LabSession& session = app->session();
    const CommandResult result = launch(session, request);
    if (!result) {
        // The page's own path of the file is the user's file name.
        said = printable(app::replaced(result.problem, path, name));
        if (before) app::write_text(path, *before);
        else std::filesystem::remove(path);
        std::fprintf(stderr, "timeslice-lab: %s\n", said.c_str());
        app->post(app::problem_notice(said));
        app::file_status(said, true);
        return said.c_str();
    }
    if (!lesson && session.lesson()) session.apply(StopLesson{});
    const std::string fitted = result.fitted.empty() ? std::string() : "; " + result.note();  // what runs on the main thread instead
    said = formatted(lesson ? app::tr("opened lesson '%s' from %s") : app::tr("opened preset '%s' from %s"), stem.c_str(), name.c_str()) + fitted;
    app->post(app::info_notice(formatted(lesson ? app::tr("Opened lesson '%s' from %s") : app::tr("Opened preset '%s' from %s"), stem.c_str(), name.c_str()) + fitted));
    if (app->on_action) app->on_action(said);
    app::file_status(said, false);
    return said.c_str();
}

// The notice the app shows ("" — none).
EMSCRIPTEN_KEEPALIVE const char* tsl_web_notice() {
    tsl::app::LabApp* app = tsl::app::web_app();
    return app ? app->notice().text.c_str() : "";
}

// What the panel's "PNG" button does: a PNG of the next frame's scene, downloaded.
EMSCRIPTEN_KEEPALIVE void tsl_web_snapshot() {
    if (tsl::app::LabApp* app = tsl::app::web_app()) app->request_snapshot();
}

// What the latency plot's "Export CSV" does: its visible series, downloaded.
EMSCRIPTEN_KEEPALIVE void tsl_web_export_csv() {
    if (tsl::app::LabApp* app = tsl::app::web_app()) app->export_plot_csv();
}

}  // extern "C"
