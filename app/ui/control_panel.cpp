// control_panel.cpp — the panel on the left: the scene switch, the
// simulation's controls, lessons and presets, then the scene's own sections
// (npc_panels.cpp, exposure_panels.cpp), recording and the view.
#include "app/render/palette.h"
#include "app/ui/text.h"
#include "app/ui/ui_panels.h"
#include "app/ui/ui_text.h"

#include "core/content/quiz.h"

#include "core/session/key_bindings.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <random>

namespace tsl::app {

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

namespace {

// The next button on this row if it fits there, else on the next row (a
// narrow panel at a projector's scale).
void same_line_if_fits(const char* label) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::CalcTextSize(label).x + 2 * style.FramePadding.x;
    const float right = ImGui::GetItemRectMax().x + style.ItemSpacing.x + width;
    if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

// A picker's entry: its title in `language`, its ID the English title (as
// tr_label's), so the entry keeps its ID across a change of language.
std::string entry_label(const CatalogEntry& entry, Language language) {
    const std::string& shown = entry.title_in(language);
    return shown == entry.title ? entry.title : shown + "###" + entry.title;
}

void draw_simulation_section(FieldSection& fields, const PanelContext& context, const UiFonts& fonts, UiRequests& requests) {
    if (!section(fonts, tr_label("Simulation"))) return;
    const LabSession& session = context.session;
    if (ImGui::Button(fields.settings().paused ? tr_label("Play") : tr_label("Pause"), {ImGui::GetFontSize() * 5.0f, 0})) requests.commands.emplace_back(TogglePause{});
    tooltip(tr("Stop or resume the simulation (space)."));
    same_line_if_fits(tr("Back"));
    if (ImGui::Button(tr_label("Back"))) requests.commands.emplace_back(StepBack{});
    tooltip(tr("Pause and step back one fixed step, replayed from the states kept over the last 30 s (left arrow)."));
    same_line_if_fits(tr("Step"));
    if (ImGui::Button(tr_label("Step"))) requests.commands.emplace_back(StepOnce{});
    tooltip(tr("Pause and advance exactly one fixed step (right arrow); stepped back, the next step again."));
    same_line_if_fits(tr("Reset"));
    if (ImGui::Button(tr_label("Reset"))) requests.commands.emplace_back(ResetScene{});
    tooltip(tr("Back to frame 0 with the current settings; every run with the same settings is identical."));
    fields.control(setting::time_scale);
    const std::int64_t frames = session.frames_stepped();
    ImGui::TextDisabled(tr("frame %lld  |  %.2f s  |  %u steps/s"), static_cast<long long>(frames), static_cast<double>(frames) * session.step_s(),
                        static_cast<unsigned>(std::lround(1.0 / session.step_s())));
    if (session.viewing_past()) {
        const double back_s = static_cast<double>(session.live_frame() - frames) * session.step_s();
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_PlotHistogram]);
        wrapped_in_language(formatted(tr("stepped back %.2f s from the live moment"), back_s));
        ImGui::PopStyleColor();
        tooltip(tr("A moment replayed from the states kept (docs/semantics.md, section 10). The plots stop at it, and the timeline "
                   "shows the steps that led to it as the live run took them; the averages and reveals stay the live run's. Play "
                   "(space) returns to the live moment and runs on from there."));
    }
    if (context.display_frame_ms > 0) {
        ImGui::TextDisabled(tr("display %.0f fps (%.1f ms a frame)"), 1000.0 / context.display_frame_ms, context.display_frame_ms);
        tooltip(tr("How fast the window redraws. The simulation keeps its fixed step rate whatever this is."));
    }
    fields.finish(FieldScope::Clock);
}

}  // namespace

void draw_control_panel(const PanelContext& context, const UiFonts& fonts, const PixelRect& rect, UiRequests& requests) {
    const LabSession& session = context.session;
    const LabSettings& settings = session.settings();
    FieldSection fields(settings, requests.commands);
    // Where no worker thread can start (a browser page that is not
    // cross-origin isolated), the choices that need one are shown disabled.
    if (!session.threads_unavailable().empty())
        fields.set_unavailable([&session](const FieldSpec& field, std::int64_t value) {
            return needs_worker_threads(field.key, value) ? session.threads_unavailable() : std::string();
        });
    begin_fixed_window("Controls", rect);
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 9.5f);  // room for labels on the right

    ImGui::PushFont(fonts.caption);
    ImGui::TextUnformatted("Timeslice Lab");
    ImGui::PopFont();
    // Fold the panel away (Tab): the scene and plots get its width.
    ImGui::SameLine();
    const float fold_w = ImGui::CalcTextSize("\xc2\xab").x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - fold_w));
    if (ImGui::Button("\xc2\xab##fold panel")) requests.commands.emplace_back(SetField{setting::panel_open, false});
    tooltip(tr("Fold the panel to a narrow strip, so the scene and the plots get its width (Tab)."));
    fields.control(setting::scene);

    draw_simulation_section(fields, context, fonts, requests);
    draw_lessons_section(context, fonts, requests);
    if (context.scene_sections) context.scene_sections(fields);
    draw_record_section(fields, context.recording, fonts, requests);
    draw_view_section(fields, fonts, requests);

    ImGui::Spacing();
    ImGui::TextDisabled("%s", key_footer(settings.scene, ui_words()).c_str());
    ImGui::TextDisabled("%s", tr("R record  |  H hide UI  |  F full screen  |  Ctrl+Q quit"));
    ImGui::PopItemWidth();
    ImGui::End();
}

void draw_folded_panel(const PixelRect& rect, UiRequests& requests) {
    begin_fixed_window("Controls (folded)", rect, ImGuiWindowFlags_NoScrollbar);
    if (ImGui::Button("\xc2\xbb##open panel", {-FLT_MIN, 0})) requests.commands.emplace_back(SetField{setting::panel_open, true});
    tooltip(tr("Open the control panel (Tab)."));
    ImGui::End();
}

void draw_lessons_section(const PanelContext& context, const UiFonts& fonts, UiRequests& requests) {
    if (!section(fonts, tr_label("Lessons and presets"))) return;
    const LabSession& session = context.session;
    const Catalog& catalog = session.catalog();
    const Language language = session.settings().language;  // the lessons' and presets' titles in it, where their files have them
    // Lessons: a guided path, one preset per step.
    std::string lesson = tr("(no lesson)");
    for (const CatalogEntry& l : catalog.lessons)
        if (session.lesson() && l.name == session.lesson()->name) lesson = l.title_in(language);
    const bool quiz = session.lesson() && quiz_seed(session.lesson()->name);
    if (quiz) lesson = session.lesson()->title;
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::BeginCombo("##lesson", lesson.c_str())) {
        if (ImGui::Selectable(tr_label("(no lesson)"), !session.lesson())) requests.commands.emplace_back(StopLesson{});
        for (const CatalogEntry& l : catalog.lessons) {
            if (ImGui::Selectable(entry_label(l, language).c_str(), session.lesson() && l.name == session.lesson()->name))
                requests.commands.emplace_back(StartLesson{l.name});
            if (!l.description.empty()) tooltip(l.description_in(language).c_str());
        }
        // A quiz of its own each time (core/content/quiz.h): a new seed.
        if (ImGui::Selectable(tr_label("Quiz: which mode is this?"), false))
            requests.commands.emplace_back(StartLesson{quiz_name(std::random_device{}() % (kMaxQuizSeed + 1))});
        tooltip(tr("Six questions drawn at random: name the mode of an unlabelled pane, predict a mean input age. The results board (B) is "
                   "the score; its seed, in the title, gives anyone the same questions (--lesson quiz-modes-SEED)."));
        ImGui::EndCombo();
    }
    tooltip(tr("A guided lesson from assets/lessons: each step loads a preset, asks the class to predict, then shows what was measured. "
               "Page Down and Page Up move through it."));
    // The picker: by scene, in the order the lessons use them; a preset
    // changed since it loaded says so.
    std::string current = tr("(your own settings)");
    for (const CatalogEntry& p : catalog.presets)
        if (p.name == session.preset() && !session.step_sets_more()) current = p.title_in(language) + (session.preset_modified() ? tr(" (modified)") : "");
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::BeginCombo("##preset", current.c_str())) {
        for (std::size_t i = 0; i < catalog.presets.size(); ++i) {
            const CatalogEntry& p = catalog.presets[i];
            // A heading per scene: the catalog lists the NPC scene's presets, then the exposure scene's, then the engine's.
            if (i == 0 || p.scene != catalog.presets[i - 1].scene) {
                if (i > 0) ImGui::Separator();
                const std::string heading = tr_of(kSceneNames[static_cast<int>(p.scene)].label);
                ImGui::TextDisabled("%s", heading.c_str());
            }
            if (ImGui::Selectable(entry_label(p, language).c_str(), p.name == session.preset())) requests.commands.emplace_back(LoadPreset{p.name});
            if (!p.description.empty()) tooltip(p.description_in(language).c_str());
        }
        ImGui::EndCombo();
    }
    tooltip(session.preset_modified() ? tr("Changed since the preset loaded: pick it again to go back to it. Recordings are named after what is shown.")
                                      : tr("Ready-made settings from assets/presets: the article's figures and side-by-side comparisons."));
    for (const CatalogEntry& p : catalog.presets)
        if (p.name == session.preset() && !session.step_sets_more() && !p.description.empty()) {
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            text_wrapped(p.description_in(language));
            ImGui::PopStyleColor();
        }
    if (context.can_copy_link) {
        if (ImGui::Button(tr_label("Copy link to this view"))) requests.copy_link = true;
        tooltip(tr("A link to this page that opens this lesson step, or this preset, or this scene, with the settings changed "
                   "since: for a slide or a message (web/README.md lists its parameters)."));
    }
    if (context.can_open_file) {
        if (context.can_copy_link) ImGui::SameLine();
        if (ImGui::Button(tr_label("Open a file..."))) requests.open_file = true;
        tooltip(tr("Opens a preset or lesson file (.toml) from this computer, as --preset or --lesson would from assets/; "
                   "a file dropped on the page opens the same way."));
    }
}

void draw_record_section(FieldSection& fields, const RecordingProgress& recording, const UiFonts& fonts, UiRequests& requests) {
    if (!section(fonts, tr_label("Record"))) return;
    const RecordingSettings& r = fields.settings().recording;
    if (recording.active) {
        const int expected = recording.frames_expected;
        const float done = expected > 0 ? static_cast<float>(recording.frames) / static_cast<float>(expected) : 0.0f;
        const std::string label = expected > 0 ? formatted(tr("%d / %d frames"), recording.frames, expected)
                                               : formatted(tr("%d frames"), recording.frames);
        ImGui::ProgressBar(expected > 0 ? done : 0.0f, {-FLT_MIN, 0}, label.c_str());
        ImGui::Text(tr("%d x %d, about %zu KB"), recording.width, recording.height, recording.estimated_bytes / 1024);
        tooltip(tr("The size so far, and at the end at the same rate."));
        if (ImGui::Button(tr_label("Stop and save"))) requests.record_stop = true;
        tooltip(tr("Ends the recording and saves what was recorded (R)."));
        ImGui::SameLine();
        if (ImGui::Button(tr_label("Cancel"))) requests.record_cancel = true;
        tooltip(tr("Ends the recording and keeps nothing."));
        return;
    }
    if (ImGui::Button(tr_label("Record GIF"))) requests.record_start = true;
    tooltip(tr("Records the scene area (every pane, with captions; not the panels) as an animated GIF, one frame per "
               "simulation step (R). While recording the app takes one step per displayed frame."));
    ImGui::SameLine();
    if (ImGui::Button("PNG")) requests.snapshot = true;
    tooltip(tr("Saves the scene area as it is now as a PNG, named like the recordings."));
    // 0 seconds means "until stopped": the slider then rests at the article's 3.2 s, greyed.
    const bool until_stopped = r.seconds <= 0;
    ImGui::BeginDisabled(until_stopped);
    FieldControlOptions seconds;
    if (until_stopped) seconds.shown_value = 3.2;
    fields.control(setting::record_seconds, seconds);
    ImGui::EndDisabled();
    bool stopped = until_stopped;
    if (ImGui::Checkbox(tr_label("until stopped"), &stopped)) requests.commands.emplace_back(SetField{setting::record_seconds, stopped ? 0.0 : 3.2});
    fields.control(setting::record_folder);
    fields.control(setting::record_name);
    fields.finish(FieldScope::Record);
}

void draw_view_section(FieldSection& fields, const UiFonts& fonts, UiRequests& requests) {
    if (!section(fonts, tr_label("View"))) return;
    fields.control(setting::presenter);
    ImGui::SameLine();
    fields.control(setting::theme);
    fields.control(setting::bottom_panel);
    ImGui::SameLine();
    fields.control(setting::palette);
    fields.control(setting::ui_scale);
    struct ScalePreset {
        const char* label;
        double scale;
        const char* help;
    };
    // Built each frame: the labels and help in the chosen language.
    const ScalePreset scales[] = {{tr_label("Desk"), 1.0, tr("1x: a laptop or desktop screen.")},
                                  {tr_label("1080p projector"), 1.5, tr("1.5x: read from the back of a room on a 1920 x 1080 projector.")},
                                  {"4K", 2.0, tr("2x: a 3840 x 2160 projector or screen.")}};
    for (const ScalePreset& s : scales) {
        if (&s != scales) ImGui::SameLine();
        if (ImGui::Button(s.label)) requests.commands.emplace_back(SetField{setting::ui_scale, s.scale});
        tooltip(s.help);
    }
    fields.control(setting::hide_idle_cursor);
    fields.control(setting::language);
    fields.finish(FieldScope::View);
    if (ImGui::Button(tr_label("Keys (?)"))) requests.commands.emplace_back(SetField{setting::help, std::string("keys")});
    tooltip(tr("Every keyboard shortcut on one page."));
    ImGui::SameLine();
    if (ImGui::Button(tr_label("About the modes (F1)"))) requests.commands.emplace_back(SetField{setting::help, std::string("about")});
    tooltip(tr("What each mode reads and saves, in plain words, the latency of the timing model (T/2, T, 1.5T) and what the lab measures."));
}

}  // namespace tsl::app
