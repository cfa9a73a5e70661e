// npc_panels.cpp — the NPC scene's part of the panel (panes and their
// summary, timeslicing, threading, the danger map, the NPCs, this frame's numbers) and what is
// drawn over each pane (caption, batch progress, legend).
//
// [SECTION] Rates and subtitles
// [SECTION] Panel sections: panes, timeslicing, threading, danger map, NPCs, this frame
// [SECTION] Over each pane: caption, batch progress, legend
#include "app/render/palette.h"
#include "app/ui/text.h"
#include "app/ui/ui_panels.h"
#include "app/ui/ui_text.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

namespace tsl::app {

// --- [SECTION] Rates and subtitles ----------------------------------------------

namespace {

ImU32 col(Rgba c) { return c.packed(); }

// Updates a second: the timeslicer runs on every P-th step (every step for Update All).
double updates_per_s(const NpcSceneConfig& c) {
    const TimeslicerConfig& ts = c.timeslicing;
    return ts.mode == Mode::UpdateAll ? c.steps_per_s : static_cast<double>(c.steps_per_s) / ts.update_every_frames;
}

std::string updates_text(double per_s) {
    const std::string rate = rate_number(per_s);
    return per_s == 1 ? formatted(tr("%s update/s"), rate.c_str()) : formatted(tr("%s updates/s"), rate.c_str());
}

// "10 updates/s, 1 decision each: each NPC every 1.0 s" — what J and P mean in time.
std::string rate_text(const NpcSceneConfig& c) {
    const TimeslicerConfig& ts = c.timeslicing;
    const std::string updates = updates_text(updates_per_s(c));
    if (ts.mode == Mode::UpdateAll) return formatted(tr("%s: every NPC decides on every update"), updates.c_str());
    const std::uint32_t j = std::min(ts.jobs_per_update, c.npc_count);
    return j == 1 ? formatted(tr("%s, %u decision each: each NPC every %.1f s"), updates.c_str(), j, batch_period_s(c))
                  : formatted(tr("%s, %u decisions each: each NPC every %.1f s"), updates.c_str(), j, batch_period_s(c));
}

std::string upper(std::string_view text) {
    std::string s(text);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

// "inline, same frame": the threading's name (name_of) as words, then the gathering.
std::string threads_text(Threading threading, const char* gather) {
    switch (threading) {
        case Threading::Inline: return formatted(tr("inline, %s"), gather);
        case Threading::ThreadPerJob: return formatted(tr("thread-per-job, %s"), gather);
        case Threading::Pool: return formatted(tr("pool, %s"), gather);
    }
    return std::string(name_of(threading)) + ", " + gather;
}

}  // namespace

std::vector<std::string> pane_subtitles(const NpcSceneConfig& c, bool with_threading) {
    const TimeslicerConfig& ts = c.timeslicing;
    const bool same_frame = ts.gathering == Gathering::SameFrame;
    const char* gather = same_frame ? tr("same frame") : tr("next frame");
    const std::string threads = threads_text(ts.threading, gather);
    const std::string gathering = formatted(tr("%s gathering"), gather);
    const std::string rate = updates_text(updates_per_s(c));
    const std::string every = ts.mode == Mode::UpdateAll ? std::string(tr("every NPC each update")) : formatted(tr("each NPC every %.1f s"), batch_period_s(c));
    const std::string jp = ts.mode == Mode::UpdateAll ? std::string() : formatted("J = %u, P = %u", ts.jobs_per_update, ts.update_every_frames);
    // Synchronous output saved when the next batch starts (not the default): said, since it moves the input age.
    const bool next_batch = saves_outputs_at_batch_end(ts.mode) && ts.sync_save == SyncSave::NextBatch;
    const std::string saved = next_batch ? std::string("  |  ") + tr("saved at next batch") : std::string();
    std::vector<std::string> forms;
    if (with_threading) {
        if (!jp.empty()) forms.push_back(rate + "  |  " + every + "  |  " + jp + "  |  " + threads + saved);
        forms.push_back(rate + "  |  " + every + "  |  " + threads + saved);
        forms.push_back(rate + "  |  " + threads + saved);
        forms.push_back(rate + " | " + threads_text(ts.threading, same_frame ? tr("same") : tr("next")) + saved);
    } else {
        if (!jp.empty()) forms.push_back(rate + "  |  " + every + "  |  " + jp + "  |  " + gathering + saved);
        forms.push_back(rate + "  |  " + every + "  |  " + gathering + saved);
        forms.push_back(rate + "  |  " + every + saved);
    }
    if (next_batch) forms.push_back(rate + saved);
    forms.push_back(rate);
    return forms;
}

// --- [SECTION] Panel sections: panes, timeslicing, threading, danger map, NPCs, this frame

void draw_comparison_section(FieldSection& fields, const LabSession& session, const UiFonts& fonts) {
    if (!section(fonts, tr_label("Panes"))) return;
    const LabSettings& settings = session.settings();
    fields.control(setting::panes);
    fields.finish(FieldScope::Panes);

    // Summary: one row per pane; click a row to edit that pane. Its figures are
    // the reveal's: whole batches from a settled start (a change of mode leaves
    // old decisions behind for a batch or two, which would swell the max).
    const std::span<const NpcMetricsSummary> summaries = session.reveal_summaries();
    if (summaries.size() != settings.npc.panes.size()) return;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("summary", 5, flags)) return;
    const char* heads[] = {tr("pane"), tr("age"), tr("max"), tr("error"), tr("main")};
    // Number columns as wide as their heading or their widest value, whichever is wider.
    const char* widest[] = {"", "00000", "00000", "000.0", "0.000"};
    ImGui::TableSetupColumn(heads[0], ImGuiTableColumnFlags_WidthStretch);
    for (int c = 1; c < 5; ++c)
        ImGui::TableSetupColumn(heads[c], ImGuiTableColumnFlags_WidthFixed, std::max(ImGui::CalcTextSize(heads[c]).x, ImGui::CalcTextSize(widest[c]).x));
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    const char* head_help[] = {tr("Click a row to edit that pane with the controls below."),
                               tr("Mean input age: how old, on average, the target position behind each NPC's decision is."),
                               tr("The oldest input behind any NPC's decision."),
                               tr("Mean angle between where the NPCs face and the true direction to the target."),
                               tr("Mean main-thread time of the timeslicer's update per frame.")};
    for (int c = 0; c < 5; ++c) {
        ImGui::TableSetColumnIndex(c);
        ImGui::TextUnformatted(heads[c]);
        // A figure's column: what it is, then how it is averaged.
        const std::string help = c == 0 ? std::string(head_help[0])
                                        : formatted(tr("%s Over whole batches since the last change of that pane, after the first two (they start "
                                                       "from old decisions); '...' until then."),
                                                    head_help[c]);
        tooltip(help.c_str());
    }
    const int panes = static_cast<int>(settings.npc.panes.size());
    // The edited pane's row stands out in the accent colour.
    ImGui::PushStyleColor(ImGuiCol_Header, ImGui::GetStyleColorVec4(ImGuiCol_ButtonHovered));
    for (int i = 0; i < panes; ++i) {
        const NpcMetricsSummary& m = summaries[static_cast<std::size_t>(i)];
        const NpcSceneConfig config = settings.pane_scene(i);
        const std::string name = (config.timeslicing.mode == Mode::UpdateAll ? std::string(tr("ALL")) : upper(name_of(config.timeslicing.mode))) +
                                 (panes > 1 && i == settings.edited_pane ? tr("  (editing)") : "");
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
        // One ID per row whatever its text says, so a click that changes the text still lands.
        if (ImGui::Selectable((name + "###row").c_str(), i == settings.edited_pane, ImGuiSelectableFlags_SpanAllColumns))
            fields.add(SetField{setting::pane, static_cast<std::int64_t>(i + 1)});
        tooltip(formatted(tr("%s, %s. Averaged over %lld frames: whole batches since the last change, after the first two."),
                          tr_of(label_of(config.timeslicing.mode)).c_str(), pane_subtitles(config, true).front().c_str(), static_cast<long long>(m.frames))
                    .c_str());
        ImGui::PopID();
        // A lesson's open question: its answer waits for the reveal.
        auto cell = [&](int column, const char* measure, const char* format, double value) {
            ImGui::TableSetColumnIndex(column);
            if (session.answer_hidden(measure)) ImGui::TextDisabled("?");
            else if (m.frames == 0) ImGui::TextDisabled("...");  // still settling
            else ImGui::Text(format, value);
        };
        cell(1, "input_age", "%.0f", m.mean_input_age_ms());
        cell(2, session.answer_hidden("max_input_age") ? "max_input_age" : "input_age", "%.0f", m.input_age_max_ms);
        cell(3, "facing_error", "%.1f", m.mean_error_deg());
        cell(4, "main_ms", "%.3f", m.mean_main_update_ms());
    }
    ImGui::PopStyleColor();
    ImGui::EndTable();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    const std::string edit = panes < 2 ? std::string()
                             : settings.link_panes
                                 ? formatted(tr(" Linked: mode, J, P, gathering and threading change every pane; drawing changes pane %c (click a row for another)."),
                                             pane_letter(settings.edited_pane))
                                 : formatted(tr(" The controls below change pane %c, outlined on the scene; click a row for another."), pane_letter(settings.edited_pane));
    wrapped_in_language(formatted(tr("Input age mean and max in ms, facing error in degrees, main-thread update in ms: means since the last change.%s"), edit.c_str()));
    ImGui::PopStyleColor();
}

void draw_npc_sections(FieldSection& fields, const LabSession& session, const UiFonts& fonts) {
    const LabSettings& settings = session.settings();
    const TimeslicerConfig& ts = settings.pane().timeslicing;
    // Which pane the controls change, in the headings (the IDs stay the same).
    const int panes = static_cast<int>(settings.npc.panes.size());
    const std::string which = panes < 2 ? std::string() : settings.link_panes ? std::string(tr(": every pane")) : formatted(tr(": pane %c"), pane_letter(settings.edited_pane));
    if (section(fonts, (tr("Timeslicing") + which + "###Timeslicing").c_str())) {
        FieldControlOptions modes;
        modes.radio_label = [](const EnumName& name, int index) {
            if (name.value == static_cast<int>(Mode::UpdateAll)) return formatted("%d  %s", index + 1, tr_of(name.label).c_str());
            return formatted("%d  %s  %s", index + 1, upper(name.name).c_str(), tr_of(name.label).c_str());
        };
        fields.control(setting::mode, modes);
        ImGui::BeginDisabled(ts.mode == Mode::UpdateAll);
        fields.control(setting::jobs_per_update);
        fields.control(setting::update_every);
        ImGui::EndDisabled();
        text_wrapped(rate_text(settings.pane_scene(settings.edited_pane)));
        fields.control(setting::gather);
        // When sync output (SISO, AISO) is saved: moves their input age by one update.
        ImGui::BeginDisabled(!saves_outputs_at_batch_end(ts.mode));
        fields.control(setting::sync_save);
        ImGui::EndDisabled();
    }
    if (section(fonts, (tr("Threading") + which + "###Threading").c_str())) {
        fields.control(setting::threading);
        ImGui::BeginDisabled(ts.threading != Threading::Pool);
        FieldControlOptions workers;
        workers.shown_value = session.worker_count();
        fields.control(setting::workers, workers);
        ImGui::EndDisabled();
        fields.finish(FieldScope::Threads);
    }
    // The map is the edited pane's alone (never linked).
    const std::string map_pane = panes < 2 ? std::string() : formatted(tr(": pane %c"), pane_letter(settings.edited_pane));
    if (section(fonts, (tr("Danger map") + map_pane + "###DangerMap").c_str())) {
        fields.control(setting::danger_map);
        if (settings.pane().map.on) {
            FieldControlOptions map_modes;  // "SISO  Sync In / Sync Out": the short name first, where a narrow combo shows it
            map_modes.radio_label = [](const EnumName& name, int) {
                return name.value == static_cast<int>(Mode::UpdateAll) ? tr_of(name.label) : upper(name.name) + "  " + tr_of(name.label);
            };
            fields.control(setting::map_mode, map_modes);
            ImGui::BeginDisabled(settings.pane().map.mode == Mode::UpdateAll);
            fields.control(setting::map_jobs);
            fields.control(setting::map_every);
            ImGui::EndDisabled();
        } else {
            fields.skip(setting::map_mode);
            fields.skip(setting::map_jobs);
            fields.skip(setting::map_every);
        }
    }
    if (section(fonts, tr_label("NPCs"))) {
        fields.control(setting::npcs);
        fields.control(setting::turn_speed);
        fields.control(setting::target_period);
        fields.control(setting::job_cost_us);
        fields.control(setting::debug_lines);
        ImGui::SameLine();
        fields.control(setting::highlight_running);
        // Follow one NPC: ringed in every pane, its jobs told in the timing diagram.
        const int npcs = static_cast<int>(settings.npc.world.npc_count);
        bool following = settings.follow_npc >= 0;
        if (ImGui::Checkbox(tr_label("follow one NPC"), &following)) fields.add(SetField{std::string(setting::follow_npc.key), std::int64_t{following ? 0 : -1}});
        tooltip(tr("Ring one NPC in every pane, with a line to where its decision saw the target, and tell its jobs (input, start, "
                   "finish, save) in the timing diagram, its rows marked there."));
        if (following) {
            ImGui::SameLine();
            std::int64_t key = std::clamp(settings.follow_npc, 0, npcs - 1);
            const std::int64_t lo = 0, hi = npcs - 1;
            ImGui::SetNextItemWidth(ImGui::CalcTextSize(tr("key 00000")).x + ImGui::GetFrameHeight());
            if (ImGui::SliderScalar("##followed key", ImGuiDataType_S64, &key, &lo, &hi, tr("key %lld"), ImGuiSliderFlags_AlwaysClamp))
                fields.add(SetField{std::string(setting::follow_npc.key), key});
            tooltip(tr("The NPC followed, by its key (0 is the first)."));
        }
        fields.finish(FieldScope::World);
        fields.finish(FieldScope::Pane);
    }
    if (section(fonts, tr_label("This frame"))) {
        const NpcFrameMetrics& m = session.edited_pane().metrics();
        const char* wait = tr("hidden until the reveal (Page Down)");
        if (session.answer_hidden("input_age") || session.answer_hidden("max_input_age")) ImGui::TextDisabled(tr("input age    %s"), wait);
        else ImGui::Text(tr("input age    mean %.0f ms, max %.0f ms"), m.mean_input_age_ms, m.max_input_age_ms);
        tooltip(tr("How old the target position behind each NPC's current decision is."));
        if (session.answer_hidden("facing_error")) ImGui::TextDisabled(tr("facing error %s"), wait);
        else ImGui::Text(tr("facing error mean %.1f deg, max %.1f deg"), m.mean_error_deg, m.max_error_deg);
        tooltip(tr("Angle between where each NPC faces and the true direction to the target."));
        if (session.answer_hidden("main_ms")) ImGui::TextDisabled(tr("main-thread update %s"), wait);
        else ImGui::Text(tr("main-thread update %.3f ms, %u jobs started"), m.main_update_ms, m.jobs_started);
        tooltip(tr("Time the main thread spent inside the timeslicer's update this frame, and how many jobs it started."));
        if (session.answer_hidden("worker_ms")) ImGui::TextDisabled(tr("worker busy %s"), wait);
        else ImGui::Text(tr("worker busy %.3f ms"), m.worker_busy_ms);
        tooltip(tr("Time other threads spent running the jobs gathered this frame."));
        if (settings.pane().map.on) {
            if (session.answer_hidden("map_split") || session.answer_hidden("map_moments") || session.answer_hidden("end_to_end_age"))
                ImGui::TextDisabled(tr("danger map   %s"), wait);
            else
                ImGui::Text(tr("danger map   %u hot %s, from %u %s\nacted-on age %.0f ms"), m.map_hot_cells, m.map_hot_cells == 1 ? tr("cell") : tr("cells"),
                            m.map_moments, m.map_moments == 1 ? tr("moment") : tr("moments"), m.mean_end_to_end_age_ms);
            tooltip(tr("Cells of the danger map that hold the target (one when the map agrees with itself), the distinct frames its "
                       "twelve cells were computed from, and the mean age of what the NPCs act on: the map's age plus their decisions'."));
        }
    }
}

// --- [SECTION] Over each pane: caption, batch progress, legend ------------------

namespace {

// What one pane's overlay draws with: the list, the pane's rectangle and bands.
struct Overlay {
    ImDrawList* list;
    const UiFonts& fonts;
    const Palette& p;
    PixelRect rect;
    SceneBands bands;
    float body_px;  // the UI's body text: no caption is smaller

    ImVec2 at(float x, float y) const { return {rect.x + x, rect.y + y}; }
    void centred(ImFont* font, float size, const std::string& text, float y, ImU32 colour) const {
        const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str());
        list->AddText(font, size, at((rect.w - extent.x) / 2, y), colour, text.c_str());
    }
    float width(ImFont* font, float size, const std::string& text) const { return font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x; }
};

// Caption band: the mode (or the preset's caption) and its rate, as in the
// article's figures; in a comparison also the threading, and the pane's
// letter in the colour of its plot series. The clock and PAUSED in its corner.
void draw_caption(const Overlay& o, const LabSettings& state, const NpcScene& scene, int pane, int panes) {
    const TimeslicerConfig& ts = scene.config().timeslicing;
    const float title_px = std::max(o.bands.caption_text_h * 0.40f, o.body_px * 1.15f), small_px = std::max(o.bands.caption_text_h * 0.26f, o.body_px);
    const std::string& own_caption = pane < static_cast<int>(state.npc.panes.size()) ? state.npc.panes[static_cast<std::size_t>(pane)].caption : std::string();
    // A pane with the same timing as another but other debug drawing (the
    // article's "one mode, two views"): the caption says which drawing.
    const int known = std::min(panes, static_cast<int>(state.npc.panes.size()));
    const bool debug = pane < known && state.npc.panes[static_cast<std::size_t>(pane)].debug_lines;
    bool other_view = false;
    for (int other = 0; other < known; ++other)
        other_view = other_view || (other != pane && state.pane_scene(other) == scene.config() &&
                                    state.npc.panes[static_cast<std::size_t>(other)].debug_lines != debug);
    const std::string drawing = (other_view ? (debug ? tr(", debug on") : tr(", debug off")) : "") + map_caption(scene.config().map, ui_words());
    std::string title = own_caption.empty() ? tr_of(label_of(ts.mode)) + drawing : own_caption;
    const float room = o.rect.w * 0.94f - (panes > 1 ? title_px * 1.6f : 0.0f);  // the first line's, beside the pane's letter
    if (o.width(o.fonts.caption, title_px, title) > room && own_caption.empty() && ts.mode != Mode::UpdateAll)
        title = upper(name_of(ts.mode)) + drawing;  // "aiao" → "AIAO" when the full name does not fit
    // A title that still does not fit (a preset's own caption) takes two lines
    // in place of the subtitle, or is set smaller, never below the body text.
    const int lines = std::max(1, static_cast<int>((o.bands.caption.h * 0.94f) / (title_px * 1.1f)));
    const FittedText fitted = fit_text(o.fonts.caption, title_px, o.body_px, title, o.rect.w * 0.94f, lines, room);
    const float title_size = fitted.size;
    std::string subtitle;
    for (const std::string& form : pane_subtitles(scene.config(), panes > 1)) {
        subtitle = form;
        if (o.width(o.fonts.regular, small_px, form) <= o.rect.w * 0.94f) break;
    }
    const float top = o.bands.caption_text_h * 0.12f;
    const float subtitle_y = top + (title_px - title_size) * 0.5f + static_cast<float>(fitted.lines.size()) * title_size * 1.1f;
    if (o.width(o.fonts.regular, small_px, subtitle) > o.rect.w * 0.94f || subtitle_y + small_px * 1.05f > o.bands.caption.h) subtitle.clear();
    for (std::size_t line = 0; line < fitted.lines.size(); ++line)
        o.centred(o.fonts.caption, title_size, fitted.lines[line], top + (title_px - title_size) * 0.5f + static_cast<float>(line) * title_size * 1.1f,
                  col(o.p.ink));
    title = fitted.lines.front();
    if (!subtitle.empty()) o.centred(o.fonts.regular, small_px, subtitle, subtitle_y, col(o.p.faint_ink));
    if (panes > 1) {
        const float chip = title_px * 1.05f, cx = (o.rect.w - o.width(o.fonts.caption, title_size, title)) / 2 - chip * 1.35f;
        const ImVec2 a = o.at(std::max(2.0f, cx), top), b{a.x + chip, a.y + chip};
        o.list->AddRectFilled(a, b, col(pane_colour(pane)), chip * 0.2f);
        const char letter[2] = {pane_letter(pane), 0};
        const ImVec2 size = o.fonts.bold->CalcTextSizeA(title_px * 0.8f, FLT_MAX, 0, letter);
        o.list->AddText(o.fonts.bold, title_px * 0.8f, {a.x + (chip - size.x) / 2, a.y + (chip - size.y) / 2}, IM_COL32_WHITE, letter);
    }
    const float margin = small_px * 0.8f;
    const std::string clock = formatted(tr("frame %lld  |  %.2f s"), static_cast<long long>(scene.frames_stepped()),
                                        static_cast<double>(scene.frames_stepped()) * scene.step_s());
    const float title_w = o.width(o.fonts.caption, title_size, title) + (panes > 1 ? title_px * 2.8f : 0.0f);
    const float corner_room = (o.rect.w - std::max(title_w, o.width(o.fonts.regular, small_px, subtitle))) / 2;
    if (pane == 0 && o.width(o.fonts.regular, small_px, clock) + 2 * margin < corner_room) {
        o.list->AddText(o.fonts.regular, small_px, o.at(margin, margin), col(o.p.faint_ink), clock.c_str());
        if (state.paused) o.list->AddText(o.fonts.bold, small_px, o.at(margin, margin + small_px * 1.3f), col(o.p.desired), tr("PAUSED"));
    }
}

// Footer band: batch progress, one cell per job up to 64, a bar beyond, under
// the longest label that fits the pane (narrow comparison panes get a shorter one).
void draw_batch_progress(const Overlay& o, const NpcScene& scene) {
    const BatchProgress progress = scene.timeslicer().progress();
    const bool holds_outputs = saves_outputs_at_batch_end(scene.config().timeslicing.mode);
    const float label_px = std::max(o.bands.footer.h * 0.34f, o.body_px), bar_h = o.bands.footer.h * 0.24f;
    const float bar_w = std::min(o.rect.w * 0.7f, o.bands.footer.h * 9.0f);
    const float bar_x = (o.rect.w - bar_w) / 2;
    const float bar_y = o.bands.footer.y + std::max(o.bands.footer.h * 0.56f, o.bands.footer.h * 0.10f + label_px * 1.2f);
    const std::uint32_t held = holds_outputs && progress.finished > progress.saved ? progress.finished - progress.saved : 0;
    std::vector<std::string> forms;
    if (progress.size == 0) {
        forms.push_back(tr("no batch yet"));
    } else {
        forms.push_back(held ? formatted(tr("batch %u  |  %u of %u jobs saved, %u finished and held"), progress.batch, progress.saved, progress.size, held)
                             : formatted(tr("batch %u  |  %u of %u jobs saved"), progress.batch, progress.saved, progress.size));
        forms.push_back(held ? formatted(tr("batch %u  |  %u of %u saved, %u held"), progress.batch, progress.saved, progress.size, held)
                             : formatted(tr("batch %u  |  %u of %u saved"), progress.batch, progress.saved, progress.size));
        forms.push_back(held ? formatted(tr("%u/%u saved, %u held"), progress.saved, progress.size, held)
                             : formatted(tr("%u/%u saved"), progress.saved, progress.size));
        if (held) forms.push_back(formatted(tr("%u/%u, %u held"), progress.saved, progress.size, held));  // four panes on a small screen
        forms.push_back(formatted("%u/%u", progress.saved, progress.size));
    }
    std::string label = forms.back();
    for (const std::string& form : forms)
        if (o.width(o.fonts.regular, label_px, form) <= o.rect.w * 0.94f) {
            label = form;
            break;
        }
    o.centred(o.fonts.regular, label_px, label, o.bands.footer.y + o.bands.footer.h * 0.10f, col(o.p.ink));
    auto state_colour = [&](std::uint32_t job) {
        if (job < progress.saved) return col(o.p.saved);
        if (job < progress.finished) return col(o.p.faint_ink);
        if (job < progress.started) return col(o.p.running);
        return col(o.p.pending);
    };
    if (progress.size > 0 && progress.size <= kMaxRingNpcs) {
        const float cell = bar_w / static_cast<float>(progress.size), gap = std::min(bar_h * 0.25f, cell * 0.2f);
        for (std::uint32_t job = 0; job < progress.size; ++job)
            o.list->AddRectFilled(o.at(bar_x + static_cast<float>(job) * cell, bar_y), o.at(bar_x + static_cast<float>(job + 1) * cell - gap, bar_y + bar_h),
                                  state_colour(job), bar_h * 0.2f);
    } else if (progress.size > 0) {
        auto span = [&](std::uint32_t from, std::uint32_t to, ImU32 colour) {
            if (to > from)
                o.list->AddRectFilled(o.at(bar_x + bar_w * static_cast<float>(from) / static_cast<float>(progress.size), bar_y),
                                      o.at(bar_x + bar_w * static_cast<float>(to) / static_cast<float>(progress.size), bar_y + bar_h), colour);
        };
        o.list->AddRectFilled(o.at(bar_x, bar_y), o.at(bar_x + bar_w, bar_y + bar_h), col(o.p.pending));
        span(0, progress.saved, col(o.p.saved));
        span(progress.saved, progress.finished, col(o.p.faint_ink));
        span(progress.finished, progress.started, col(o.p.running));
    }
}

// Legend, in the view's empty bottom-left corner when there is one (the ring
// leaves the view's corners empty; in a dense field the backing keeps it readable).
void draw_legend(const Overlay& o, float margin, float ui_scale) {
    const float grow = std::max(1.0f, ui_scale);
    const float legend_px = std::clamp(o.bands.view.h * 0.024f, 12.0f * grow, 22.0f * grow);
    const char* rows[] = {tr("facing"), tr("desired (decision)"), tr("target the decision saw"), tr("job running")};
    float legend_w = 0;
    for (const char* row : rows) legend_w = std::max(legend_w, o.width(o.fonts.regular, legend_px, row));
    legend_w += legend_px * 2.4f;
    if (o.bands.view.h < std::max(380.0f, legend_px * 4 * 1.4f * 3.2f) || legend_w + 2 * margin > o.bands.view.w * 0.4f) return;
    ImDrawList* list = o.list;
    const Palette& p = o.p;
    const float mark = legend_px, lx = margin;
    float ly = o.bands.view.y + o.bands.view.h - margin - 4 * legend_px * 1.4f;
    list->AddRectFilled(o.at(lx - margin * 0.5f, ly - margin * 0.5f), o.at(lx + legend_w + margin * 0.5f, ly + 4 * legend_px * 1.4f),
                        col(p.background.with_alpha(0.85f)), legend_px * 0.3f);
    auto row = [&](auto draw_mark, const char* text) {
        draw_mark(o.at(lx, ly), o.at(lx + mark * 1.6f, ly + mark));
        list->AddText(o.fonts.regular, legend_px, o.at(lx + mark * 2.4f, ly - 1.0f), col(p.ink), text);
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

}  // namespace

// Where the job of `key` in the pane's current batch stands: "waiting" (not
// started), "running", "finished" (its output not saved yet), "saved".
std::string_view job_phase(const NpcScene& scene, std::uint32_t key) {
    const auto keys = scene.timeslicer().batch_keys();
    const auto it = std::find(keys.begin(), keys.end(), key);
    if (it == keys.end()) return "";
    const auto index = static_cast<std::uint32_t>(it - keys.begin());
    const BatchProgress progress = scene.timeslicer().progress();
    if (index < progress.saved) return "saved";
    if (index < progress.finished) return "finished";
    if (index < progress.started) return "running";
    return "waiting";
}

namespace {

// A job's phase (job_phase) in the chosen language.
const char* phase_word(std::string_view phase) {
    if (phase == "saved") return tr("saved");
    if (phase == "finished") return tr("finished");
    if (phase == "running") return tr("running");
    return tr("waiting");
}

}  // namespace

// The NPC followed: its key and its job's phase under its ring (drawn by the renderer).
void draw_followed_tag(const Overlay& o, const LabSettings& state, const NpcScene& scene) {
    const auto npcs = scene.npcs();
    if (state.follow_npc < 0 || state.follow_npc >= static_cast<int>(npcs.size())) return;
    const ViewTransform view = ViewTransform::fit(o.bands.view, kNpcViewHalfExtent);
    const Vec2 at = view.to_pixels(npcs[static_cast<std::size_t>(state.follow_npc)].position);
    const float px = o.body_px;
    const std::string_view phase = job_phase(scene, static_cast<std::uint32_t>(state.follow_npc));
    const std::string text = phase.empty() ? formatted(tr("key %d"), state.follow_npc) : formatted(tr("key %d: %s"), state.follow_npc, phase_word(phase));
    // Under the ring, kept inside the drawing.
    const float w = o.width(o.fonts.bold, px, text);
    const float x = std::clamp(static_cast<float>(at.x) - w / 2, o.bands.view.x, o.bands.view.x + o.bands.view.w - w);
    const ImVec2 corner = o.at(x, static_cast<float>(at.y) + px * 0.9f);
    o.list->AddRectFilled({corner.x - px * 0.2f, corner.y}, {corner.x + w + px * 0.2f, corner.y + px * 1.1f},
                          col(o.p.background.with_alpha(0.85f)), px * 0.2f);
    o.list->AddText(o.fonts.bold, px, corner, col(o.p.desired), text.c_str());
}

void draw_npc_overlay(ImDrawList* list, const UiFonts& fonts, const LabSettings& state, const NpcScene& scene, const PixelRect& rect,
                      int pane, int panes, bool outline) {
    if (rect.empty()) return;
    const Palette p = overlay_palette(state.palette, state.theme);
    const Overlay o{list, fonts, p, rect, split_scene_area(rect.w, rect.h, state.ui_scale), kBodyPx * state.ui_scale};
    list->PushClipRect(o.at(0, 0), o.at(rect.w, rect.h), true);
    if (pane > 0) list->AddLine(o.at(0.5f, o.bands.caption.h * 0.25f), o.at(0.5f, rect.h - o.bands.footer.h * 0.25f), col(o.p.pending), 1.0f);
    draw_caption(o, state, scene, pane, panes);
    draw_batch_progress(o, scene);
    draw_followed_tag(o, state, scene);
    // The pane the panel's controls change, outlined in its colour (not in
    // pictures of the scene alone, nor the presenter view, which has no controls).
    if (outline && panes > 1 && pane == state.pane_index() && !state.hide_ui && !state.presenter) {
        const float t = std::max(2.0f, 2.0f * state.ui_scale);
        list->AddRect(o.at(t / 2, t / 2), o.at(rect.w - t / 2, rect.h - t / 2), col(pane_colour(pane)), t * 2, 0, t);
    }
    if (pane == 0) draw_legend(o, o.bands.caption_text_h * 0.26f * 0.8f, state.ui_scale);
    list->PopClipRect();
}

// The article's captions on its stage: the mode in the demo's words and the
// update rate over both panes, each pane's debug drawing under it (arial bold
// 14 and 12 in the demo; the bold UI font here).
void draw_article_overlay(ImDrawList* list, const UiFonts& fonts, const LabSession& session, const ArticleStage& stage) {
    const char* titles[] = {tr("Update All"), tr("Async Input / Async Output"), tr("Sync Input / Async Output"), tr("Sync Input / Sync Output"),
                            tr("Async Input / Sync Output")};
    const LabSettings& s = session.settings();
    const TimeslicerConfig& ts = s.pane(0).timeslicing;
    const float k = stage.scale;
    const ImU32 ink = hex(kArticleInk).packed();
    // y in stage pixels (on the stage), or in UI pixels from the stage's top (in the bands: < 0 above it, > its height below).
    auto centred = [&](float size, const std::string& text, float x, float y_px) {
        const float w = fonts.bold->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
        list->AddText(fonts.bold, size, {x - w / 2, stage.stage.y + y_px}, ink, text.c_str());
    };
    const float middle = stage.stage.x + stage.stage.w / 2;
    const double updates = ts.mode == Mode::UpdateAll ? 0.0 : static_cast<double>(s.npc.world.steps_per_s) / ts.update_every_frames;
    const std::string rate = updates_text(updates);
    if (stage.caption_px > 0) {
        // A projector's scale: the UI's body text, in the bands around the stage.
        const float body_px = kBodyPx * s.ui_scale, band = stage.caption_px;
        list->PushClipRect({stage.stage.x, stage.stage.y - band}, {stage.stage.x + stage.stage.w, stage.stage.y + stage.stage.h + band}, true);
        centred(body_px * 1.1f, titles[static_cast<int>(ts.mode)], middle, -band);
        // The demo saves sync output when the next batch starts; said where it applies, since the input age moves with it.
        const bool next_batch = saves_outputs_at_batch_end(ts.mode) && ts.sync_save == SyncSave::NextBatch;
        if (ts.mode != Mode::UpdateAll) centred(body_px, next_batch ? formatted(tr("%s, saved at next batch"), rate.c_str()) : rate, middle, -band + body_px * 1.25f);
        for (int i = 0; i < session.panes().size(); ++i) {
            const NpcPaneSettings& pane = s.npc.panes[static_cast<std::size_t>(i)];
            centred(body_px, pane.caption.empty() ? std::string(pane.debug_lines ? tr("Debug: On") : tr("Debug: Off")) : pane.caption, stage.centre(i).x,
                    stage.stage.h + band * 0.15f);
        }
        list->PopClipRect();
        return;
    }
    // The demo's 14 and 12 pixel captions on its stage, as its GIFs show them.
    list->PushClipRect({stage.stage.x, stage.stage.y}, {stage.stage.x + stage.stage.w, stage.stage.y + stage.stage.h}, true);
    const float title_px = std::max(14.0f * k, 13.0f * s.ui_scale), small_px = std::max(12.0f * k, 11.0f * s.ui_scale);
    centred(title_px, titles[static_cast<int>(ts.mode)], middle, 12.0f * k);
    if (ts.mode != Mode::UpdateAll) centred(small_px, rate, middle, (12.0f + 20.0f * title_px / (14.0f * k)) * k);
    for (int i = 0; i < session.panes().size(); ++i) {
        const NpcPaneSettings& pane = s.npc.panes[static_cast<std::size_t>(i)];
        centred(small_px, pane.caption.empty() ? std::string(pane.debug_lines ? tr("Debug: On") : tr("Debug: Off")) : pane.caption, stage.centre(i).x,
                (289.0f - 12.0f * small_px / (12.0f * k)) * k);
    }
    list->PopClipRect();
}

}  // namespace tsl::app
