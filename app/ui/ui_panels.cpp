#include "app/ui/ui_panels.h"

#include "app/render/palette.h"
#include "app/ui/text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <thread>

namespace tsl::app {

namespace {

ImU32 col(Rgba c) { return c.packed(); }

// "10 decisions/s: each NPC every 1.00 s" — what J and P mean in time.
std::string rate_text(const NpcSceneConfig& c) {
    const double per_s = jobs_per_second(c.timeslicing, c.steps_per_s, c.npc_count);
    if (c.timeslicing.mode == Mode::UpdateAll)
        return rate_number(per_s) + " decisions/s: every NPC, every frame";
    return rate_number(per_s) + formatted(" decisions/s: each NPC every %.2f s", c.npc_count / per_s);
}

}  // namespace

// A rate for people: "10", "3.33", "60,000".
std::string rate_number(double per_s) {
    if (per_s < 100) return formatted("%.3g", per_s);
    // Thousands separated by commas, built front to back.
    const std::string digits = formatted("%.0f", per_s);
    std::string grouped;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
        grouped += digits[i];
    }
    return grouped;
}

bool section(const UiFonts& fonts, const char* title) {
    ImGui::PushFont(fonts.bold);
    const bool open = ImGui::CollapsingHeader(title, ImGuiTreeNodeFlags_DefaultOpen);
    ImGui::PopFont();
    return open;
}

int default_worker_count() { return std::max(0, static_cast<int>(std::thread::hardware_concurrency()) - 1); }

namespace {

// Panes side by side are narrow: the scene's height beyond their square views
// is empty, so what is under the scene (dock or plot) gets it, up to half the window.
float spare_height(const AppState& state, const PixelRect& scene, float display_h) {
    const int panes = state.scene == "npc" ? static_cast<int>(state.panes.size()) : 1;
    if (panes < 2) return 0;
    const std::vector<PixelRect> rects = pane_rects(scene, panes);
    const int rows = static_cast<int>(std::lround(scene.h / rects.front().h));
    const SceneBands bands = split_scene_area(rects.front().w, rects.front().h);
    const float needed = rows * (bands.caption.h + bands.footer.h + std::min(bands.view.w, bands.view.h));
    const float under = display_h - scene.h;
    return std::min(std::floor(display_h * 0.5f) - under, std::floor(std::max(0.0f, scene.h - needed)));
}

}  // namespace

Layout compute_layout(const AppState& state, ImVec2 display) {
    Layout layout;
    if (state.hide_ui) {
        layout.scene = {0, 0, display.x, display.y};
        return layout;
    }
    // The lesson card: wide enough for a projector's text, at most 40%.
    const float card_w = std::floor(std::clamp(430.0f * state.ui_scale, std::min(300.0f, display.x * 0.3f), display.x * 0.40f));
    if (state.presenter) {
        const float scene_w = display.x - card_w;
        const float base_h = std::floor(display.y * 0.32f);
        const float plot_h = base_h + spare_height(state, {0, 0, scene_w, display.y - base_h}, display.y);
        layout.scene = {0, 0, scene_w, display.y - plot_h};
        layout.plot = {0, display.y - plot_h, scene_w, plot_h};
        layout.lesson = {scene_w, 0, card_w, display.y};
        return layout;
    }
    const float panel_w = std::clamp(400.0f * state.ui_scale, std::min(300.0f, display.x), display.x * 0.5f);
    layout.panel = {0, 0, panel_w, display.y};
    const float lesson_w = state.lesson.empty() ? 0.0f : std::min(card_w, std::max(0.0f, display.x - panel_w - 200.0f));
    if (lesson_w > 0) layout.lesson = {display.x - lesson_w, 0, lesson_w, display.y};
    const float scene_w = display.x - panel_w - lesson_w;
    float dock_h = 0;
    if (state.show_bottom_panel) {
        const float base_h = std::floor(display.y * 0.36f);
        dock_h = base_h + spare_height(state, {panel_w, 0, scene_w, display.y - base_h}, display.y);
    }
    layout.scene = {panel_w, 0, scene_w, display.y - dock_h};
    layout.dock = {panel_w, display.y - dock_h, scene_w, dock_h};
    return layout;
}

std::vector<PixelRect> pane_rects(const PixelRect& scene, int count) {
    count = std::max(1, count);
    int best_columns = 1;
    float best_side = -1;
    for (int columns = 1; columns <= count; ++columns) {
        const int rows = (count + columns - 1) / columns;
        const float w = scene.w / columns, h = scene.h / rows;
        const SceneBands bands = split_scene_area(w, h);
        const float side = std::min(bands.view.w, bands.view.h);
        if (side > best_side + 0.5f) {
            best_side = side;
            best_columns = columns;
        }
    }
    const int rows = (count + best_columns - 1) / best_columns;
    const float w = std::floor(scene.w / best_columns), h = std::floor(scene.h / rows);
    std::vector<PixelRect> rects;
    for (int i = 0; i < count; ++i)
        rects.push_back({scene.x + (i % best_columns) * w, scene.y + (i / best_columns) * h, w, h});
    return rects;
}

std::vector<std::string> pane_subtitles(const NpcSceneConfig& c, bool with_threading) {
    const TimeslicerConfig& ts = c.timeslicing;
    const std::string gather = ts.gathering == Gathering::SameFrame ? "same frame" : "next frame";
    const std::string threads = std::string(name_of(ts.threading)) + ", " + gather;
    const std::string rate = ts.mode == Mode::UpdateAll
                                 ? std::string("every frame")
                                 : rate_number(jobs_per_second(ts, c.steps_per_s, c.npc_count)) + " Hz";
    const std::string jp = ts.mode == Mode::UpdateAll ? std::string() : formatted("J = %u, P = %u", ts.jobs_per_update, ts.update_every_frames);
    std::vector<std::string> forms;
    if (with_threading) {
        if (!jp.empty()) forms.push_back(rate + "  |  " + jp + "  |  " + threads);
        forms.push_back(rate + "  |  " + threads);
        forms.push_back(rate + " | " + std::string(name_of(ts.threading)) + ", " + (ts.gathering == Gathering::SameFrame ? "same" : "next"));
    } else {
        if (!jp.empty()) forms.push_back(rate + "  |  " + jp + "  |  " + gather + " gathering");
        forms.push_back(rate + "  |  " + gather + " gathering");
    }
    forms.push_back(rate);
    return forms;
}

PanelRequests draw_control_panel(AppState& state, const PanelContext& context, const UiFonts& fonts, const PixelRect& rect) {
    PanelRequests requests;
    begin_fixed_window("Controls", rect);
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 9.5f);  // room for labels on the right

    ImGui::PushFont(fonts.caption);
    ImGui::TextUnformatted("Timeslice Lab");
    ImGui::PopFont();
    if (ImGui::RadioButton("NPCs facing a target", state.scene == "npc")) state.scene = "npc";
    tooltip("Timeslicing batched algorithms: one decision job per NPC, spread over frames in four timing modes.");
    if (ImGui::RadioButton("Sentinel exposure grid", state.scene == "exposure")) state.scene = "exposure";
    tooltip("Delayed result gathering: which cells a sentinel sees, computed on one thread, on many, next frame, or timesliced.");
    if (context.notice && !context.notice->empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.75f, 0.10f, 0.10f, 1.0f));
        ImGui::TextWrapped("%s", context.notice->c_str());
        ImGui::PopStyleColor();
    }

    // --- Simulation --------------------------------------------------------
    if (section(fonts, "Simulation")) {
        if (ImGui::Button(state.paused ? "Play" : "Pause", {ImGui::GetFontSize() * 5.0f, 0})) requests.toggle_pause = true;
        tooltip("Stop or resume the simulation (space).");
        ImGui::SameLine();
        if (ImGui::Button("Step")) requests.step = true;
        tooltip("Pause and advance exactly one fixed step (right arrow).");
        ImGui::SameLine();
        if (ImGui::Button("Reset")) requests.reset = true;
        tooltip("Back to frame 0 with the current settings; every run with the same settings is identical.");
        float time_scale = static_cast<float>(state.time_scale);
        if (ImGui::SliderFloat("time scale", &time_scale, 0.05f, 4.0f, "%.2fx", ImGuiSliderFlags_Logarithmic))
            state.time_scale = time_scale;
        tooltip("Simulated seconds per real second: slow motion below 1. The simulation still advances in fixed steps.");
        ImGui::TextDisabled("frame %lld  |  %.2f s  |  %u steps/s", static_cast<long long>(context.frames), context.frames * context.step_s,
                            static_cast<unsigned>(std::lround(1.0 / context.step_s)));
        if (context.display_frame_ms > 0) {
            ImGui::TextDisabled("display %.0f fps (%.1f ms a frame)", 1000.0 / context.display_frame_ms, context.display_frame_ms);
            tooltip("How fast the window redraws. The simulation keeps its fixed step rate whatever this is.");
        }
    }

    draw_lessons_section(state, context, fonts, requests);
    if (context.exposure && state.scene == "exposure") draw_exposure_sections(state, *context.exposure, fonts);
    else if (context.npc) {
        draw_comparison_section(state, context, fonts);
        draw_npc_sections(state, *context.npc, fonts);
    }
    if (context.recording) draw_record_section(state, *context.recording, fonts, requests);
    draw_view_section(state, fonts, requests);

    ImGui::Spacing();
    ImGui::TextDisabled(state.scene == "exposure" ? "space pause  |  right step  |  1-4 exposure modes" : "space pause  |  right step  |  1-5 modes");
    ImGui::TextDisabled("R record  |  H hide UI  |  F full screen  |  Ctrl+Q quit");
    ImGui::PopItemWidth();
    ImGui::End();
    return requests;
}

void draw_lessons_section(AppState& state, const PanelContext& context, const UiFonts& fonts, PanelRequests& requests) {
    if (!section(fonts, "Lessons and presets")) return;
    // Lessons: a guided path, one preset per step.
    std::string lesson = "(no lesson)";
    if (context.lessons)
        for (const PresetEntry& l : *context.lessons)
            if (l.name == state.lesson) lesson = l.title;
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::BeginCombo("##lesson", lesson.c_str())) {
        if (ImGui::Selectable("(no lesson)", state.lesson.empty())) requests.stop_lesson = true;
        if (context.lessons)
            for (const PresetEntry& l : *context.lessons) {
                if (ImGui::Selectable(l.title.c_str(), l.name == state.lesson)) requests.start_lesson = l.name;
                if (!l.description.empty()) tooltip(l.description.c_str());
            }
        ImGui::EndCombo();
    }
    tooltip("A guided lesson from assets/lessons: each step loads a preset, asks the class to predict, then shows what was measured. "
            "Page Down and Page Up move through it.");
    // The picker: the article's figures and the comparisons, by title.
    std::string current = "(your own settings)";
    if (context.presets)
        for (const PresetEntry& p : *context.presets)
            if (p.name == state.preset) current = p.title;
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::BeginCombo("##preset", current.c_str())) {
        if (context.presets)
            for (const PresetEntry& p : *context.presets) {
                if (ImGui::Selectable(p.title.c_str(), p.name == state.preset)) requests.load_preset = p.name;
                if (!p.description.empty()) tooltip(p.description.c_str());
            }
        ImGui::EndCombo();
    }
    tooltip("Ready-made settings from assets/presets: the article's figures and side-by-side comparisons.");
    if (context.presets)
        for (const PresetEntry& p : *context.presets)
            if (p.name == state.preset && !p.description.empty()) {
                ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
                ImGui::TextWrapped("%s", p.description.c_str());
                ImGui::PopStyleColor();
            }
}

void draw_comparison_section(AppState& state, const PanelContext& context, const UiFonts& fonts) {
    if (!section(fonts, "Panes")) return;

    int count = static_cast<int>(state.panes.size());
    if (ImGui::SliderInt("panes", &count, 1, kMaxPanes)) state.set_pane_count(count);
    tooltip("Panes side by side, each with its own mode, J, P, gathering and threading, all on one clock and one target path. "
            "Changing the number restarts them together.");

    // Summary: one row per pane; click a row to edit that pane.
    if (!context.summaries || context.summaries->size() != state.panes.size()) return;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("summary", 5, flags)) return;
    ImGui::TableSetupColumn("pane", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("age");
    ImGui::TableSetupColumn("max");
    ImGui::TableSetupColumn("error");
    ImGui::TableSetupColumn("main");
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    const char* heads[] = {"pane", "age", "max", "error", "main"};
    const char* head_help[] = {"Click a row to edit that pane with the controls below.",
                               "Mean input age: how old, on average, the target position behind each NPC's decision is.",
                               "The oldest input behind any NPC's decision.",
                               "Mean angle between where the NPCs face and the true direction to the target.",
                               "Mean main-thread time of the timeslicer's update per frame."};
    for (int c = 0; c < 5; ++c) {
        ImGui::TableSetColumnIndex(c);
        ImGui::TextUnformatted(heads[c]);
        tooltip(head_help[c]);
    }
    for (int i = 0; i < static_cast<int>(state.panes.size()); ++i) {
        const NpcMetricsSummary& m = (*context.summaries)[i];
        const NpcSceneConfig config = state.pane_config(i);
        std::string name(name_of(config.timeslicing.mode));
        std::transform(name.begin(), name.end(), name.begin(), ::toupper);
        if (config.timeslicing.mode == Mode::UpdateAll) name = "ALL";
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::PushID(i);
        const ImVec2 chip_at = ImGui::GetCursorScreenPos();
        const float chip = ImGui::GetTextLineHeight();
        ImGui::GetWindowDrawList()->AddRectFilled(chip_at, {chip_at.x + chip, chip_at.y + chip}, pane_colour(i).packed(), chip * 0.2f);
        const char letter[2] = {pane_letter(i), 0};
        ImGui::GetWindowDrawList()->AddText({chip_at.x + chip * 0.22f, chip_at.y}, IM_COL32_WHITE, letter);
        ImGui::Dummy({chip * 1.2f, chip});
        ImGui::SameLine();
        if (ImGui::Selectable(name.c_str(), i == state.edited_pane, ImGuiSelectableFlags_SpanAllColumns)) state.select_pane(i);
        tooltip((std::string(label_of(config.timeslicing.mode)) + ", " + pane_subtitles(config, true).front() +
                 formatted(". Averaged over the %lld frames since the last change.", static_cast<long long>(m.frames)))
                    .c_str());
        ImGui::PopID();
        ImGui::TableSetColumnIndex(1);
        ImGui::Text("%.0f", m.mean_input_age_ms());
        ImGui::TableSetColumnIndex(2);
        ImGui::Text("%.0f", m.input_age_max_ms);
        ImGui::TableSetColumnIndex(3);
        ImGui::Text("%.1f", m.mean_error_deg());
        ImGui::TableSetColumnIndex(4);
        ImGui::Text("%.3f", m.mean_main_update_ms());
    }
    ImGui::EndTable();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Input age mean and max in ms, facing error in degrees, main-thread update in ms: means since the last "
                       "change.%s",
                       state.panes.size() > 1 ? formatted(" Click a row to edit its pane (now %c).", pane_letter(state.edited_pane)).c_str() : "");
    ImGui::PopStyleColor();
}

void draw_npc_sections(AppState& state, const NpcScene& scene, const UiFonts& fonts) {
    const std::uint32_t one = 1;
    // --- Timeslicing ---------------------------------------------------------
    TimeslicerConfig& ts = state.npc.timeslicing;
    if (section(fonts, "Timeslicing")) {
    for (std::size_t i = 0; i < std::size(kAllModes); ++i) {
        const Mode mode = kAllModes[i];
        std::string acronym(name_of(mode));
        std::transform(acronym.begin(), acronym.end(), acronym.begin(), ::toupper);
        const std::string label = mode == Mode::UpdateAll
                                      ? formatted("%zu  Update All", i + 1)
                                      : formatted("%zu  %s  %s", i + 1, acronym.c_str(), std::string(label_of(mode)).c_str());
        if (ImGui::RadioButton(label.c_str(), ts.mode == mode)) ts.mode = mode;
        tooltip(std::string(explain(mode)).c_str());
    }
    ImGui::BeginDisabled(ts.mode == Mode::UpdateAll);
    const std::uint32_t max_jobs = std::max(1u, state.npc.npc_count), max_period = 30;
    ImGui::SliderScalar("jobs per update (J)", ImGuiDataType_U32, &ts.jobs_per_update, &one, &max_jobs, "%u",
                        ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    tooltip("How many decision jobs each update starts. More jobs: fresher decisions, more work per frame.");
    ImGui::SliderScalar("update every (P)", ImGuiDataType_U32, &ts.update_every_frames, &one, &max_period, "%u frames",
                        ImGuiSliderFlags_AlwaysClamp);
    tooltip("The timeslicer runs on frames that are multiples of P. The article's 10 Hz is J = 1, P = 3 at 30 frames/s.");
    ImGui::EndDisabled();
    ImGui::TextWrapped("%s", rate_text(state.npc).c_str());
    ImGui::TextUnformatted("Gathering");
    ImGui::SameLine();
    if (ImGui::RadioButton("same frame", ts.gathering == Gathering::SameFrame)) ts.gathering = Gathering::SameFrame;
    tooltip("Jobs started in an update are finished before it returns: the main thread waits for them.");
    ImGui::SameLine();
    if (ImGui::RadioButton("next frame", ts.gathering == Gathering::NextFrame)) ts.gathering = Gathering::NextFrame;
    tooltip("Jobs are finished at the start of the next update: one update more latency, no waiting.");
    }

    // --- Threading -------------------------------------------------------------
    if (section(fonts, "Threading")) {
        struct Choice {
            Threading threading;
            const char* help;
        };
        const Choice choices[] = {
            {Threading::Inline, "Jobs run on the main thread, inside the update."},
            {Threading::ThreadPerJob, "The article's version: a new thread for every job, joined when the job is gathered. "
                                      "Creating a thread costs tens of microseconds; watch the timeline."},
            {Threading::Pool, "A job system: persistent worker threads, one per core besides the main thread. "
                              "The waiting main thread runs jobs too."},
        };
        for (const Choice& c : choices) {
            if (ImGui::RadioButton(std::string(label_of(c.threading)).c_str(), ts.threading == c.threading)) ts.threading = c.threading;
            tooltip(c.help);
            if (c.threading != Threading::Pool) ImGui::SameLine();
        }
        ImGui::BeginDisabled(ts.threading != Threading::Pool);
        int workers = state.workers < 0 ? default_worker_count() : state.workers;
        if (ImGui::SliderInt("workers", &workers, 0, 8)) state.workers = workers;
        tooltip("Worker threads of the job system. 0 is allowed: jobs then run on the main thread when it waits for them.");
        ImGui::EndDisabled();
    }

    // --- NPCs ---------------------------------------------------------------------
    if (section(fonts, "NPCs")) {
    const std::uint32_t max_npcs = kMaxNpcs;
    ImGui::SliderScalar("NPCs", ImGuiDataType_U32, &state.npc.npc_count, &one, &max_npcs, "%u",
                        ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    tooltip("Number of NPCs. Up to 64 stand on a ring, as in the article; more fill a field. Ctrl+click to type a number.");
    float turn = static_cast<float>(state.npc.max_turn_deg_per_s);
    if (ImGui::SliderFloat("turn speed", &turn, 0.0f, 360.0f, "%.0f deg/s")) state.npc.max_turn_deg_per_s = turn;
    tooltip("The animation layer turns each NPC toward its newest decision at most this fast, every frame.");
    float period = static_cast<float>(state.npc.target_period_s);
    if (ImGui::SliderFloat("target lap", &period, 0.5f, 20.0f, "%.1f s", ImGuiSliderFlags_Logarithmic))
        state.npc.target_period_s = period;
    tooltip("Seconds the target takes to go once round its circle.");
    float cost = static_cast<float>(state.npc.job_cost_us);
    if (ImGui::SliderFloat("job cost", &cost, 0.0f, 5000.0f, "%.0f us", ImGuiSliderFlags_Logarithmic))
        state.npc.job_cost_us = cost;
    tooltip("Real busy work added to every decision job, in microseconds, so its cost shows up in the frame time even "
            "with a handful of NPCs.");
    ImGui::Checkbox("debug lines", &state.npc_draw.debug_lines);
    tooltip("A thin line from each NPC to the target position its current decision was computed from.");
    ImGui::SameLine();
    ImGui::Checkbox("running halo", &state.npc_draw.highlight_running);
    tooltip("A halo around each NPC whose decision job the last update started.");
    }

    // --- This frame ------------------------------------------------------------
    if (section(fonts, "This frame")) {
    const NpcFrameMetrics& m = scene.metrics();
    ImGui::Text("input age    mean %.0f ms, max %.0f ms", m.mean_input_age_ms, m.max_input_age_ms);
    tooltip("How old the target position behind each NPC's current decision is.");
    ImGui::Text("facing error mean %.1f deg, max %.1f deg", m.mean_error_deg, m.max_error_deg);
    tooltip("Angle between where each NPC faces and the true direction to the target.");
    ImGui::Text("main-thread update %.3f ms, %u jobs started", m.main_update_ms, m.jobs_started);
    tooltip("Time the main thread spent inside the timeslicer's update this frame, and how many jobs it started.");
    ImGui::Text("worker busy %.3f ms", m.worker_busy_ms);
    tooltip("Time other threads spent running the jobs gathered this frame.");
    }

}

void draw_record_section(AppState& state, const Recording& recording, const UiFonts& fonts, PanelRequests& requests) {
    if (!section(fonts, "Record")) return;
    RecordingSettings& r = state.recording;
    if (!recording.active()) {
        if (ImGui::Button("Record GIF")) requests.record_start = true;
        tooltip("Records the scene area (every pane, with captions; not the panels) as an animated GIF, one frame per "
                "simulation step (R). While recording the app takes one step per displayed frame.");
        ImGui::SameLine();
        if (ImGui::Button("PNG")) requests.snapshot = true;
        tooltip("Saves the scene area as it is now as a PNG, named like the recordings.");
        bool until_stopped = r.seconds <= 0;
        ImGui::BeginDisabled(until_stopped);
        float seconds = until_stopped ? 3.2f : r.seconds;
        if (ImGui::SliderFloat("seconds", &seconds, 0.5f, 60.0f, "%.1f s", ImGuiSliderFlags_Logarithmic)) r.seconds = seconds;
        tooltip("Simulated seconds to record; the article's clips are 3.2 s.");
        ImGui::EndDisabled();
        if (ImGui::Checkbox("until stopped", &until_stopped)) r.seconds = until_stopped ? 0.0f : 3.2f;
        char folder[512];
        std::snprintf(folder, sizeof folder, "%s", r.folder.c_str());
        if (ImGui::InputText("folder", folder, sizeof folder)) r.folder = folder;
        tooltip("Where GIFs and PNGs go ('.' is the directory the app was started in).");
        char name[256];
        std::snprintf(name, sizeof name, "%s", r.name_template.c_str());
        if (ImGui::InputText("file name", name, sizeof name)) r.name_template = name;
        tooltip("Without extension. {preset}, {mode}, {date} and {time} are filled in.");
    } else {
        const int expected = recording.frames_expected();
        const float done = expected > 0 ? static_cast<float>(recording.frames()) / expected : 0.0f;
        const std::string label = expected > 0 ? formatted("%d / %d frames", recording.frames(), expected)
                                               : formatted("%d frames", recording.frames());
        ImGui::ProgressBar(expected > 0 ? done : 0.0f, {-FLT_MIN, 0}, label.c_str());
        ImGui::Text("%d x %d, about %zu KB", recording.width(), recording.height(), recording.estimated_bytes() / 1024);
        tooltip("The size so far, and at the end at the same rate.");
        if (ImGui::Button("Stop and save")) requests.record_stop = true;
        tooltip("Ends the recording and saves what was recorded (R).");
        ImGui::SameLine();
        if (ImGui::Button("Cancel")) requests.record_cancel = true;
        tooltip("Ends the recording and keeps nothing.");
    }
}

void draw_view_section(AppState& state, const UiFonts& fonts, PanelRequests& requests) {
    if (!section(fonts, "View")) return;
    ImGui::Checkbox("presenter view", &state.presenter);
    tooltip("Only the scene, the lesson step (or the preset's description) and one plot, for the projector (P).");
    ImGui::SameLine();
    bool high_contrast = state.theme == UiTheme::HighContrast;
    if (ImGui::Checkbox("high contrast", &high_contrast)) state.theme = high_contrast ? UiTheme::HighContrast : UiTheme::Light;
    tooltip("Black on white with heavier borders, for a washed-out projector.");
    ImGui::Checkbox("plots and timeline", &state.show_bottom_panel);
    tooltip("The tabs under the scene: plots, the timing diagram, and what every thread did over the last steps.");
    ImGui::SameLine();
    bool colour_blind = state.palette == PaletteKind::ColourBlind;
    if (ImGui::Checkbox("colour-blind palette", &colour_blind)) state.palette = colour_blind ? PaletteKind::ColourBlind : PaletteKind::Classic;
    tooltip("Okabe-Ito colours in every scene: no meaning rests on red against green.");
    ImGui::SliderFloat("UI scale", &state.ui_scale, 0.75f, 3.0f, "%.2fx");
    tooltip("Size of the panels and their text. 1.5 suits a 1080p projector, 2 a 4K one.");
    struct ScalePreset {
        const char* label;
        float scale;
        const char* help;
    };
    static const ScalePreset scales[] = {{"Desk", 1.0f, "1x: a laptop or desktop screen."},
                                         {"1080p projector", 1.5f, "1.5x: read from the back of a room on a 1920 x 1080 projector."},
                                         {"4K", 2.0f, "2x: a 3840 x 2160 projector or screen."}};
    for (const ScalePreset& s : scales) {
        if (&s != scales) ImGui::SameLine();
        if (ImGui::Button(s.label)) state.ui_scale = s.scale;
        tooltip(s.help);
    }
    ImGui::Checkbox("hide idle pointer", &state.hide_idle_cursor);
    tooltip("The mouse pointer disappears after a few seconds without movement, and comes back when it moves.");
    if (ImGui::Button("Keys (?)")) requests.help = "keys";
    tooltip("Every keyboard shortcut on one page.");
    ImGui::SameLine();
    if (ImGui::Button("About the modes (F1)")) requests.help = "about";
    tooltip("What each mode reads and saves, in plain words, and the latency it gives (T/2, T, 1.5T).");
}

void draw_npc_overlay(ImDrawList* list, const UiFonts& fonts, const AppState& state, const NpcScene& scene, const PixelRect& rect,
                      int pane, int panes) {
    if (rect.empty()) return;
    const Palette& p = palette(state.palette);
    const SceneBands bands = split_scene_area(rect.w, rect.h);
    auto at = [&](float x, float y) { return ImVec2{rect.x + x, rect.y + y}; };
    auto centred = [&](ImFont* font, float size, const std::string& text, float y, ImU32 colour) {
        const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str());
        list->AddText(font, size, at((rect.w - extent.x) / 2, y), colour, text.c_str());
    };
    list->PushClipRect(at(0, 0), at(rect.w, rect.h), true);
    if (pane > 0) list->AddLine(at(0.5f, bands.caption.h * 0.25f), at(0.5f, rect.h - bands.footer.h * 0.25f), col(p.pending), 1.0f);

    // Caption band: the mode (or the preset's caption) and its rate, as in the
    // article's figures; in a comparison also the threading, and the pane's
    // letter in the colour of its plot series.
    const TimeslicerConfig& ts = scene.config().timeslicing;
    const float title_px = bands.caption.h * 0.40f, small_px = bands.caption.h * 0.26f;
    const std::string& own_caption = pane < static_cast<int>(state.panes.size()) ? state.panes[pane].caption : std::string();
    std::string title = own_caption.empty() ? std::string(label_of(ts.mode)) : own_caption;
    const float room = rect.w * 0.94f - (panes > 1 ? title_px * 1.6f : 0.0f);
    if (fonts.caption->CalcTextSizeA(title_px, FLT_MAX, 0, title.c_str()).x > room && own_caption.empty() && ts.mode != Mode::UpdateAll) {
        title = std::string(name_of(ts.mode));  // "aiao" → "AIAO" when the full name does not fit
        std::transform(title.begin(), title.end(), title.begin(), ::toupper);
    }
    // A title that still does not fit (a preset's own caption) is set smaller, down to 60%.
    const float title_full_w = fonts.caption->CalcTextSizeA(title_px, FLT_MAX, 0, title.c_str()).x;
    const float title_size = title_full_w > room ? std::max(title_px * 0.6f, title_px * room / title_full_w) : title_px;
    std::string subtitle;
    for (const std::string& form : pane_subtitles(scene.config(), panes > 1)) {
        subtitle = form;
        if (fonts.regular->CalcTextSizeA(small_px, FLT_MAX, 0, form.c_str()).x <= rect.w * 0.94f) break;
    }
    centred(fonts.caption, title_size, title, bands.caption.h * 0.12f + (title_px - title_size) * 0.5f, col(p.ink));
    centred(fonts.regular, small_px, subtitle, bands.caption.h * 0.12f + title_px * 1.12f, col(p.faint_ink));
    if (panes > 1) {
        const float chip = title_px * 1.05f, cx = (rect.w - fonts.caption->CalcTextSizeA(title_size, FLT_MAX, 0, title.c_str()).x) / 2 - chip * 1.35f;
        const ImVec2 a = at(std::max(2.0f, cx), bands.caption.h * 0.12f), b{a.x + chip, a.y + chip};
        list->AddRectFilled(a, b, col(pane_colour(pane)), chip * 0.2f);
        const char letter[2] = {pane_letter(pane), 0};
        const ImVec2 size = fonts.bold->CalcTextSizeA(title_px * 0.8f, FLT_MAX, 0, letter);
        list->AddText(fonts.bold, title_px * 0.8f, {a.x + (chip - size.x) / 2, a.y + (chip - size.y) / 2}, IM_COL32_WHITE, letter);
    }

    // Corners of the caption band: the clock, and PAUSED while paused.
    const float margin = small_px * 0.8f;
    const std::string clock = formatted("frame %lld  |  %.2f s", static_cast<long long>(scene.frames_stepped()),
                                     scene.frames_stepped() * scene.step_s());
    const float title_w = fonts.caption->CalcTextSizeA(title_size, FLT_MAX, 0, title.c_str()).x + (panes > 1 ? title_px * 2.8f : 0.0f);
    const float corner_room = (rect.w - std::max(title_w, fonts.regular->CalcTextSizeA(small_px, FLT_MAX, 0, subtitle.c_str()).x)) / 2;
    if (pane == 0 && fonts.regular->CalcTextSizeA(small_px, FLT_MAX, 0, clock.c_str()).x + 2 * margin < corner_room) {
        list->AddText(fonts.regular, small_px, at(margin, margin), col(p.faint_ink), clock.c_str());
        if (state.paused) list->AddText(fonts.bold, small_px, at(margin, margin + small_px * 1.3f), col(p.desired), "PAUSED");
    }

    // Footer band: batch progress, one cell per job up to 64, a bar beyond.
    const BatchProgress progress = scene.timeslicer().progress();
    const bool holds_outputs = saves_outputs_at_batch_end(ts.mode);
    const float label_px = bands.footer.h * 0.34f, bar_h = bands.footer.h * 0.24f;
    const float bar_w = std::min(rect.w * 0.7f, bands.footer.h * 9.0f);
    const float bar_x = (rect.w - bar_w) / 2, bar_y = bands.footer.y + bands.footer.h * 0.56f;
    // The longest form that fits the pane: narrow comparison panes get a shorter one.
    const std::uint32_t held = holds_outputs && progress.finished > progress.saved ? progress.finished - progress.saved : 0;
    std::vector<std::string> forms;
    if (progress.size == 0) {
        forms.push_back("no batch yet");
    } else {
        forms.push_back(formatted("batch %u  |  %u of %u jobs saved", progress.batch, progress.saved, progress.size) +
                        (held ? formatted(", %u finished and held", held) : std::string()));
        forms.push_back(formatted("batch %u  |  %u of %u saved", progress.batch, progress.saved, progress.size) +
                        (held ? formatted(", %u held", held) : std::string()));
        forms.push_back(formatted("%u/%u saved", progress.saved, progress.size) + (held ? formatted(", %u held", held) : std::string()));
    }
    std::string label = forms.back();
    for (const std::string& form : forms)
        if (fonts.regular->CalcTextSizeA(label_px, FLT_MAX, 0, form.c_str()).x <= rect.w * 0.94f) {
            label = form;
            break;
        }
    centred(fonts.regular, label_px, label, bands.footer.y + bands.footer.h * 0.10f, col(p.ink));
    auto state_colour = [&](std::uint32_t job) {
        if (job < progress.saved) return col(p.saved);
        if (job < progress.finished) return col(p.faint_ink);
        if (job < progress.started) return col(p.running);
        return col(p.pending);
    };
    if (progress.size > 0 && progress.size <= kMaxRingNpcs) {
        const float cell = bar_w / progress.size, gap = std::min(bar_h * 0.25f, cell * 0.2f);
        for (std::uint32_t job = 0; job < progress.size; ++job)
            list->AddRectFilled(at(bar_x + job * cell, bar_y), at(bar_x + (job + 1) * cell - gap, bar_y + bar_h), state_colour(job),
                                bar_h * 0.2f);
    } else if (progress.size > 0) {
        auto span = [&](std::uint32_t from, std::uint32_t to, ImU32 colour) {
            if (to > from)
                list->AddRectFilled(at(bar_x + bar_w * from / progress.size, bar_y), at(bar_x + bar_w * to / progress.size, bar_y + bar_h),
                                    colour);
        };
        list->AddRectFilled(at(bar_x, bar_y), at(bar_x + bar_w, bar_y + bar_h), col(p.pending));
        span(0, progress.saved, col(p.saved));
        span(progress.saved, progress.finished, col(p.faint_ink));
        span(progress.finished, progress.started, col(p.running));
    }

    // Legend, in the view's empty bottom-left corner when there is one.
    const float legend_px = std::clamp(bands.view.h * 0.024f, 12.0f, 22.0f);
    const char* rows[] = {"facing", "desired (decision)", "target the decision saw", "job running"};
    float legend_w = 0;
    for (const char* row : rows) legend_w = std::max(legend_w, fonts.regular->CalcTextSizeA(legend_px, FLT_MAX, 0, row).x);
    legend_w += legend_px * 2.4f;
    // The ring leaves the view's corners empty; in a dense field the backing keeps it readable.
    if (pane == 0 && bands.view.h >= 380.0f && legend_w + 2 * margin <= bands.view.w * 0.4f) {
        const float mark = legend_px, lx = margin;
        float ly = bands.view.y + bands.view.h - margin - 4 * legend_px * 1.4f;
        list->AddRectFilled(at(lx - margin * 0.5f, ly - margin * 0.5f), at(lx + legend_w + margin * 0.5f, ly + 4 * legend_px * 1.4f),
                            col(p.background.with_alpha(0.85f)), legend_px * 0.3f);
        auto row = [&](auto draw_mark, const char* text) {
            draw_mark(at(lx, ly), at(lx + mark * 1.6f, ly + mark));
            list->AddText(fonts.regular, legend_px, at(lx + mark * 2.4f, ly - 1.0f), col(p.ink), text);
            ly += legend_px * 1.4f;
        };
        auto dart = [&](Rgba colour) {
            return [&, colour](ImVec2 a, ImVec2 b) {
                const float cy = (a.y + b.y) / 2, notch = a.x + (b.x - a.x) * 0.25f;
                list->AddTriangleFilled({a.x, a.y + mark * 0.15f}, {b.x, cy}, {notch, cy}, col(colour));
                list->AddTriangleFilled({a.x, b.y - mark * 0.15f}, {notch, cy}, {b.x, cy}, col(colour));
            };
        };
        row(dart(p.facing), rows[0]);
        row(dart(p.desired), rows[1]);
        row([&](ImVec2 a, ImVec2 b) { list->AddLine({a.x, (a.y + b.y) / 2}, {b.x, (a.y + b.y) / 2}, col(p.desired), 1.5f); }, rows[2]);
        row([&](ImVec2 a, ImVec2 b) {
            const ImVec2 c{(a.x + b.x) / 2, (a.y + b.y) / 2};
            list->AddCircleFilled(c, mark * 0.45f, col(p.running.with_alpha(0.3f)));
            list->AddCircle(c, mark * 0.45f, col(p.running), 0, 2.0f);
        }, rows[3]);
    }
    list->PopClipRect();
}

}  // namespace tsl::app
