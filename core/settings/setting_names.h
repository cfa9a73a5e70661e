// setting_names.h — every setting's name as code writes it: setting::jobs_per_update,
// not the text "jobs_per_update", so a misspelt name does not compile. The list
// below is the one place a name is spelt: the table (settings_schema.cpp) takes
// each row's key from it, and tests/test_settings.cpp checks that the table has
// a row for every name and no row without one.
//
// A SettingName reads as the name's text where text is wanted (a SetField's
// key, find_field, a comparison with a key). Names that come from people (--set,
// presets, the settings file, a link) stay text and are looked up with
// find_field.
//
// Adding a setting: its name in TSL_SETTING_NAMES, in panel order, beside its
// row in the table.
#pragma once

#include <string>
#include <string_view>

namespace tsl {

struct SettingName {
    std::string_view key;  // "jobs_per_update": the --set name
    constexpr operator std::string_view() const { return key; }
    operator std::string() const { return std::string(key); }
};

// X(name) for every setting, in the table's order.
#define TSL_SETTING_NAMES(X) \
    X(scene) X(panes) X(pane) X(link_panes) X(mode_keys_restart) X(mode) X(jobs_per_update) \
    X(update_every) X(gather) X(threading) X(sync_save) X(debug_lines) X(highlight_running) X(caption) X(article_lock) \
    X(danger_map) X(map_mode) X(map_jobs) X(map_every) X(npcs) X(target_period) X(turn_speed) X(steps_per_s) X(job_cost_us) X(look) X(workers) \
    X(exposure_panes) X(exposure_pane) X(exposure_mode) X(slice_percent) X(algorithm) X(ray_caster) X(level) X(seed) X(grid_size) \
    X(sentinel_speed) X(character_speed) X(exposure_steps_per_s) X(other_work_ms) X(gather_late) \
    X(exposure_job_cost_us) X(show_rays) X(engine_panes) \
    X(engine_pane) X(agents) X(destinations) X(agent_speed) X(agent_turn_speed) X(route_ticks) \
    X(engine_seed) X(engine_ticks_per_s) X(show_routes) X(step_mode) X(conflict_rule) X(change_queues) \
    X(decomposition) X(engine_threading) X(ai_ticks) X(physics_ticks) X(animation_ticks) \
    X(free_step_end) X(ai_thread) X(ai_cost_ms) X(physics_cost_ms) X(animation_cost_ms) X(cost_spread) \
    X(subtask_agents) X(share_routes) X(engine_caption) X(time_scale) X(paused) X(presenter) X(theme) X(language) X(bottom_panel) \
    X(palette) X(ui_scale) X(hide_idle_cursor) X(help) X(hide_ui) X(panel_open) X(dock) X(follow_npc) \
    X(timeline_steps) X(fullscreen) X(window_width) X(window_height) X(record_seconds) \
    X(record_from_step) X(record_folder) X(record_name) X(results_board)

namespace setting {
#define TSL_SETTING_NAME_CONSTANT(name) inline constexpr SettingName name{#name};
TSL_SETTING_NAMES(TSL_SETTING_NAME_CONSTANT)
#undef TSL_SETTING_NAME_CONSTANT
}  // namespace setting

// Every name, in the table's order.
#define TSL_SETTING_NAME_ENTRY(name) setting::name,
inline constexpr SettingName kSettingNames[] = {TSL_SETTING_NAMES(TSL_SETTING_NAME_ENTRY)};
#undef TSL_SETTING_NAME_ENTRY

}  // namespace tsl
