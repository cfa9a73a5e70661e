// thread_fallback.cpp — where no worker thread can start (a browser page that
// is not cross-origin isolated): the choices that need one, and each changed
// to its main-thread counterpart (settings_schema.h).
#include "core/settings/settings_schema.h"

#include <string>

namespace tsl {

bool needs_worker_threads(std::string_view key, std::int64_t value) {
    if (key == setting::threading) return value != static_cast<std::int64_t>(Threading::Inline);
    if (key == setting::exposure_mode)
        return value == static_cast<std::int64_t>(ExposureMode::SameFrame) || value == static_cast<std::int64_t>(ExposureMode::NextFrame);
    if (key == setting::engine_threading) return value == static_cast<std::int64_t>(EngineThreading::Pool);
    if (key == setting::workers) return value > 0;
    return false;
}

std::string fall_back_to_main_thread(LabSettings& settings) {
    std::string changed;
    const auto note = [&](std::string_view key, std::string_view from, std::string_view to) {
        const std::string item = std::string(key) + " " + std::string(from) + " \xe2\x86\x92 " + std::string(to);
        if (changed.find(item) == std::string::npos) changed += (changed.empty() ? "" : ", ") + item;
    };
    const auto name = [](std::string_view key, std::int64_t value) { return name_for(find_field(key)->names, static_cast<int>(value)); };
    for (NpcPaneSettings& pane : settings.npc.panes) {
        Threading& t = pane.timeslicing.threading;
        if (!needs_worker_threads(setting::threading, static_cast<std::int64_t>(t))) continue;
        note(setting::threading, name(setting::threading, static_cast<std::int64_t>(t)), "inline");
        t = Threading::Inline;
    }
    for (ExposurePaneConfig& pane : settings.exposure.panes) {
        if (!needs_worker_threads(setting::exposure_mode, static_cast<std::int64_t>(pane.mode))) continue;
        note(setting::exposure_mode, name(setting::exposure_mode, static_cast<std::int64_t>(pane.mode)), "single");
        pane.mode = ExposureMode::Single;
    }
    for (EnginePaneConfig& pane : settings.engine.panes) {
        if (!needs_worker_threads(setting::engine_threading, static_cast<std::int64_t>(pane.threading))) continue;
        note(setting::engine_threading, "pool", "inline");
        pane.threading = EngineThreading::Inline;
    }
    if (settings.workers > 0) {
        note(setting::workers, std::to_string(settings.workers), "0");
        settings.workers = 0;
    }
    return changed;
}

}  // namespace tsl
