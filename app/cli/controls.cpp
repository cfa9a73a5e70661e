#include "app/cli/controls.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace tsl::app {

namespace {

std::string number_text(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", v);
    return buffer;
}

// Parses a whole-string number in [lo, hi]; "" on success, else the complaint.
template <class T>
std::string parse_number(const std::string& text, T lo, T hi, T& out) {
    T value{};
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc{} || ptr != end || text.empty() || !(value >= lo && value <= hi))
        return "'" + text + "' is not a number from " + number_text(static_cast<double>(lo)) + " to " +
               number_text(static_cast<double>(hi));
    out = value;
    return {};
}

std::string parse_bool(const std::string& text, bool& out) {
    if (text == "true" || text == "on" || text == "1" || text == "yes") out = true;
    else if (text == "false" || text == "off" || text == "0" || text == "no") out = false;
    else return "'" + text + "' is not true or false";
    return {};
}

std::string bool_text(bool v) { return v ? "true" : "false"; }

}  // namespace

const std::vector<Control>& controls() {
    static const std::vector<Control> table = {
        {"scene", "npc|exposure", "Scene shown: NPCs facing a target, or the sentinel's exposure grid.",
         [](AppState& s, const std::string& v) -> std::string {
             if (v != "npc" && v != "exposure") return "'" + v + "' is not a scene; accepted: npc, exposure";
             s.scene = v;
             return {};
         },
         [](const AppState& s) { return s.scene; }},
        {"panes", "1..5", "NPC scene panes side by side (2 to 5: the comparison view); new panes copy the last.",
         [](AppState& s, const std::string& v) {
             int count = 1;
             std::string problem = parse_number(v, 1, kMaxPanes, count);
             if (problem.empty()) s.set_pane_count(count);
             return problem;
         },
         [](const AppState& s) { return std::to_string(s.panes.size()); }},
        {"pane", "1..5", "The pane the next mode, J, P, gathering, threading and drawing options set (adds panes up to it).",
         [](AppState& s, const std::string& v) {
             int index = 1;
             std::string problem = parse_number(v, 1, kMaxPanes, index);
             if (!problem.empty()) return problem;
             if (index > static_cast<int>(s.panes.size())) s.set_pane_count(index);
             s.select_pane(index - 1);
             return problem;
         },
         [](const AppState& s) { return std::to_string(s.edited_pane + 1); }},
        {"mode", "update-all|aiao|siao|siso|aiso", "Input/output timing mode of the NPC decisions.",
         [](AppState& s, const std::string& v) -> std::string {
             const auto mode = parse_mode(v);
             if (!mode) return "'" + v + "' is not a mode; accepted: " + accepted_modes();
             s.npc.timeslicing.mode = *mode;
             return {};
         },
         [](const AppState& s) { return std::string(name_of(s.npc.timeslicing.mode)); }},
        {"jobs_per_update", "1..100000", "J: decision jobs started per update.",
         [](AppState& s, const std::string& v) { return parse_number(v, 1u, 100'000u, s.npc.timeslicing.jobs_per_update); },
         [](const AppState& s) { return std::to_string(s.npc.timeslicing.jobs_per_update); }},
        {"update_every", "1..1000", "P: the timeslicer updates on frames that are multiples of P.",
         [](AppState& s, const std::string& v) { return parse_number(v, 1u, 1000u, s.npc.timeslicing.update_every_frames); },
         [](const AppState& s) { return std::to_string(s.npc.timeslicing.update_every_frames); }},
        {"gather", "same-frame|next-frame", "When started jobs are finished: in the same update, or at the start of the next.",
         [](AppState& s, const std::string& v) -> std::string {
             const auto gathering = parse_gathering(v);
             if (!gathering) return "'" + v + "' is not a gathering; accepted: " + accepted_gatherings();
             s.npc.timeslicing.gathering = *gathering;
             return {};
         },
         [](const AppState& s) { return std::string(name_of(s.npc.timeslicing.gathering)); }},
        {"threading", "inline|thread-per-job|pool", "Where jobs run: the main thread, a new thread each, or the job system.",
         [](AppState& s, const std::string& v) -> std::string {
             const auto threading = parse_threading(v);
             if (!threading) return "'" + v + "' is not a threading; accepted: " + accepted_threadings();
             s.npc.timeslicing.threading = *threading;
             return {};
         },
         [](const AppState& s) { return std::string(name_of(s.npc.timeslicing.threading)); }},
        {"workers", "0..64", "Job system worker threads (default: one per core besides the main thread).",
         [](AppState& s, const std::string& v) { return parse_number(v, 0, 64, s.workers); },
         [](const AppState& s) { return std::to_string(s.workers); }},
        {"npcs", "1..100000", "Number of NPCs (a ring up to 64, a field beyond).",
         [](AppState& s, const std::string& v) { return parse_number(v, 1u, kMaxNpcs, s.npc.npc_count); },
         [](const AppState& s) { return std::to_string(s.npc.npc_count); }},
        {"turn_speed", "0..3600", "Animation turn cap, degrees per second.",
         [](AppState& s, const std::string& v) { return parse_number(v, 0.0, 3600.0, s.npc.max_turn_deg_per_s); },
         [](const AppState& s) { return number_text(s.npc.max_turn_deg_per_s); }},
        {"target_period", "0.1..600", "Seconds per lap of the target.",
         [](AppState& s, const std::string& v) { return parse_number(v, 0.1, 600.0, s.npc.target_period_s); },
         [](const AppState& s) { return number_text(s.npc.target_period_s); }},
        {"job_cost_us", "0..100000", "Extra busy work per decision job, microseconds.",
         [](AppState& s, const std::string& v) { return parse_number(v, 0.0, 100'000.0, s.npc.job_cost_us); },
         [](const AppState& s) { return number_text(s.npc.job_cost_us); }},
        {"steps_per_s", "1..240", "Fixed simulation steps per second (resets the scene).",
         [](AppState& s, const std::string& v) { return parse_number(v, 1u, 240u, s.npc.steps_per_s); },
         [](const AppState& s) { return std::to_string(s.npc.steps_per_s); }},
        {"time_scale", "0.05..8", "Simulated seconds per real second.",
         [](AppState& s, const std::string& v) { return parse_number(v, 0.05, 8.0, s.time_scale); },
         [](const AppState& s) { return number_text(s.time_scale); }},
        {"paused", "true|false", "Start paused (space toggles, right arrow steps).",
         [](AppState& s, const std::string& v) { return parse_bool(v, s.paused); },
         [](const AppState& s) { return bool_text(s.paused); }},
        {"debug_lines", "true|false", "Line from each NPC to the target position its decision saw.",
         [](AppState& s, const std::string& v) { return parse_bool(v, s.npc_draw.debug_lines); },
         [](const AppState& s) { return bool_text(s.npc_draw.debug_lines); }},
        {"highlight_running", "true|false", "Halo on NPCs whose job the last update started.",
         [](AppState& s, const std::string& v) { return parse_bool(v, s.npc_draw.highlight_running); },
         [](const AppState& s) { return bool_text(s.npc_draw.highlight_running); }},
        {"palette", "classic|colour-blind", "Colours: the article's, or Okabe-Ito (colour-blind safe).",
         [](AppState& s, const std::string& v) -> std::string {
             const auto kind = parse_palette(v);
             if (!kind) return "'" + v + "' is not a palette; accepted: classic, colour-blind";
             s.palette = *kind;
             return {};
         },
         [](const AppState& s) { return std::string(name_of(s.palette)); }},
        {"level", "courtyard|pillars|rooms|warehouse|random|FILE", "Exposure scene: a level in assets/levels, random, or a level file.",
         [](AppState& s, const std::string& v) -> std::string {
             if (v.empty()) return "the level name is empty";
             s.exposure.level = v;
             return {};
         },
         [](const AppState& s) { return s.exposure.level; }},
        {"seed", "0..4294967295", "Exposure scene: the seed of the random level.",
         [](AppState& s, const std::string& v) { return parse_number(v, 0u, 4'294'967'295u, s.exposure.seed); },
         [](const AppState& s) { return std::to_string(s.exposure.seed); }},
        {"grid_size", "10..1000", "Exposure scene: cells per side (100 = the article's 10,000 cells).",
         [](AppState& s, const std::string& v) { return parse_number(v, 10, 1000, s.exposure.grid_size); },
         [](const AppState& s) { return std::to_string(s.exposure.grid_size); }},
        {"exposure_mode", "single|same-frame|next-frame|timesliced", "Exposure scene: how the exposure map is computed and gathered.",
         [](AppState& s, const std::string& v) -> std::string {
             const auto mode = parse_exposure_mode(v);
             if (!mode) return "'" + v + "' is not an exposure mode; accepted: single, same-frame, next-frame, timesliced";
             s.exposure.mode = *mode;
             return {};
         },
         [](const AppState& s) { return std::string(name_of(s.exposure.mode)); }},
        {"algorithm", "rays|sweep", "Exposure scene: per-cell rays (the article's) or the visibility sweep.",
         [](AppState& s, const std::string& v) -> std::string {
             const auto algorithm = parse_algorithm(v);
             if (!algorithm) return "'" + v + "' is not an algorithm; accepted: rays, sweep";
             s.exposure.algorithm = *algorithm;
             return {};
         },
         [](const AppState& s) { return std::string(name_of(s.exposure.algorithm)); }},
        {"slice_percent", "0.1..100", "Exposure scene, timesliced: share of the work per step.",
         [](AppState& s, const std::string& v) { return parse_number(v, 0.1, 100.0, s.exposure.slice_percent); },
         [](const AppState& s) { return number_text(s.exposure.slice_percent); }},
        {"sentinel_speed", "0..2", "Exposure scene: grid widths per second the sentinel walks.",
         [](AppState& s, const std::string& v) { return parse_number(v, 0.0, 2.0, s.exposure.sentinel_speed); },
         [](const AppState& s) { return number_text(s.exposure.sentinel_speed); }},
        {"show_rays", "true|false", "Exposure scene: draw a sample of the sentinel's rays, coloured by what they reach.",
         [](AppState& s, const std::string& v) { return parse_bool(v, s.exposure_draw.rays); },
         [](const AppState& s) { return bool_text(s.exposure_draw.rays); }},
        {"theme", "light|high-contrast", "The UI's look: light, or high contrast for a washed-out projector.",
         [](AppState& s, const std::string& v) -> std::string {
             const auto theme = parse_theme(v);
             if (!theme) return "'" + v + "' is not a theme; accepted: light, high-contrast";
             s.theme = *theme;
             return {};
         },
         [](const AppState& s) { return std::string(name_of(s.theme)); }},
        {"presenter", "true|false", "Presenter view: only the scene, the lesson step (or preset) text and one plot (P toggles).",
         [](AppState& s, const std::string& v) { return parse_bool(v, s.presenter); },
         [](const AppState& s) { return bool_text(s.presenter); }},
        {"help", "none|keys|about", "A help page over the window: the keyboard shortcuts (?) or About the modes (F1).",
         [](AppState& s, const std::string& v) -> std::string {
             if (v != "none" && v != "keys" && v != "about") return "'" + v + "' is not a help page; accepted: none, keys, about";
             s.overlay = v == "none" ? "" : v;
             return {};
         },
         [](const AppState& s) { return s.overlay.empty() ? std::string("none") : s.overlay; }},
        {"hide_idle_cursor", "true|false", "Hide the mouse pointer after a few seconds without movement.",
         [](AppState& s, const std::string& v) { return parse_bool(v, s.hide_idle_cursor); },
         [](const AppState& s) { return bool_text(s.hide_idle_cursor); }},
        {"ui_scale", "0.5..4", "Size of the UI and its text (1.5 for a 1080p projector, 2 for 4K).",
         [](AppState& s, const std::string& v) { return parse_number(v, 0.5f, 4.0f, s.ui_scale); },
         [](const AppState& s) { return number_text(s.ui_scale); }},
        {"hide_ui", "true|false", "Show only the scene (H toggles).",
         [](AppState& s, const std::string& v) { return parse_bool(v, s.hide_ui); },
         [](const AppState& s) { return bool_text(s.hide_ui); }},
        {"bottom_panel", "true|false", "Show the plots, timing diagram and timeline under the scene.",
         [](AppState& s, const std::string& v) { return parse_bool(v, s.show_bottom_panel); },
         [](const AppState& s) { return bool_text(s.show_bottom_panel); }},
        {"dock", "plots|timing|timeline|tickets", "Tab under the scene: plots, timing diagram, timeline, path tickets (exposure).",
         [](AppState& s, const std::string& v) -> std::string {
             if (v != "plots" && v != "timing" && v != "timeline" && v != "tickets")
                 return "'" + v + "' is not a tab; accepted: plots, timing, timeline, tickets";
             s.dock_tab = v;
             return {};
         },
         [](const AppState& s) { return s.dock_tab; }},
        {"timeline_steps", "1..20", "Simulation steps the timeline's Fit view shows.",
         [](AppState& s, const std::string& v) { return parse_number(v, 1, 20, s.timeline_frames); },
         [](const AppState& s) { return std::to_string(s.timeline_frames); }},
        {"record_seconds", "0..600", "Length of a GIF recording in simulated seconds (0: until stopped with R).",
         [](AppState& s, const std::string& v) { return parse_number(v, 0.0f, 600.0f, s.recording.seconds); },
         [](const AppState& s) { return number_text(s.recording.seconds); }},
        {"record_folder", "DIR", "Where recordings and PNG snapshots are saved (default: the working directory).",
         [](AppState& s, const std::string& v) -> std::string {
             if (v.empty()) return "the folder is empty";
             s.recording.folder = v;
             return {};
         },
         [](const AppState& s) { return s.recording.folder; }},
        {"record_name", "TEMPLATE", "File name of recordings, without extension; {preset} {mode} {date} {time} are filled in.",
         [](AppState& s, const std::string& v) -> std::string {
             if (v.empty()) return "the file name is empty";
             s.recording.name_template = v;
             return {};
         },
         [](const AppState& s) { return s.recording.name_template; }},
        {"fullscreen", "true|false", "Open full screen (F toggles).",
         [](AppState& s, const std::string& v) { return parse_bool(v, s.fullscreen); },
         [](const AppState& s) { return bool_text(s.fullscreen); }},
    };
    return table;
}

std::string apply_set(AppState& state, const std::string& assignment) {
    const auto eq = assignment.find('=');
    std::string names;
    for (const Control& c : controls()) names += (names.empty() ? "" : ", ") + c.name;
    if (eq == std::string::npos) return "'" + assignment + "' is not NAME=VALUE; names: " + names;
    const std::string name = assignment.substr(0, eq), value = assignment.substr(eq + 1);
    for (const Control& c : controls()) {
        if (c.name != name) continue;
        const std::string problem = c.set(state, value);
        return problem.empty() ? std::string{} : name + ": " + problem;
    }
    return "'" + name + "' is not a control; names: " + names;
}

std::string controls_help() {
    std::ostringstream out;
    out << "Controls for --set NAME=VALUE:\n";
    for (const Control& c : controls()) {
        char line[256];
        std::snprintf(line, sizeof line, "  %-18s %-32s %s\n", c.name.c_str(), c.values.c_str(), c.help.c_str());
        out << line;
    }
    return out.str();
}

}  // namespace tsl::app
