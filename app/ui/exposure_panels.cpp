// exposure_panels.cpp — the exposure scene's part of the control panel, what
// is drawn over it (caption, the article's three figures, pass progress,
// legend), and the table of path tickets in flight.
#include "app/render/palette.h"
#include "app/ui/text.h"
#include "app/ui/ui_panels.h"
#include "app/ui/ui_text.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cfloat>
#include <string>

namespace tsl::app {

namespace {

// A level's name in the chosen language: a shipped level's ("Courtyard"), or
// "random 7" (core/exposure/level.h); a teacher's own level's as its file has it.
std::string level_words(const std::string& name) {
    unsigned seed = 0;
    char end = 0;
    if (std::sscanf(name.c_str(), "random %u%c", &seed, &end) == 1) return formatted(tr("random %u"), seed);
    return tr_of(name);
}

}  // namespace

namespace {

ImU32 col(Rgba c) { return c.packed(); }

// A label composed at run time: `shown` (in the chosen language), with the
// English as its ID, as tr_label gives a literal's.
std::string label_with_id(const std::string& shown, const std::string& english) { return shown == english ? english : shown + "###" + english; }

// The character's phase in words (name_of(CharacterPhase)'s, in the chosen language).
const char* phase_text(CharacterPhase phase) {
    switch (phase) {
        case CharacterPhase::Resting: return tr("resting");
        case CharacterPhase::AskingDistances: return tr("asking for path lengths");
        case CharacterPhase::AskingPath: return tr("asking for a path");
        case CharacterPhase::Walking: return tr("walking");
    }
    return "?";
}

}  // namespace

void draw_exposure_sections(FieldSection& fields, const LabSession& session, const UiFonts& fonts) {
    const LabSettings& settings = fields.settings();
    const int panes = static_cast<int>(settings.exposure.panes.size());
    const int edited = std::min(settings.edited_exposure_pane, panes - 1);
    const ExposureScene& scene = *session.exposure(edited);
    const ExposureSceneConfig e = settings.exposure.pane_scene(static_cast<std::size_t>(edited));
    if (section(fonts, tr_label("Exposure map"))) {
        if (panes > 1) {
            ImGui::TextUnformatted(tr("Settings of map"));
            for (int i = 0; i < panes; ++i) {
                ImGui::SameLine();
                ImGui::PushStyleColor(ImGuiCol_Text, pane_colour(i).packed());
                const std::string label = std::string(1, pane_letter(i)) + "##exposure-pane";
                if (ImGui::RadioButton(label.c_str(), edited == i)) fields.add(SetField{setting::exposure_pane, std::int64_t{i + 1}});
                ImGui::PopStyleColor();
            }
            tooltip(tr("The map the mode, slice and gathering below change. Every map shares the level, the patrol, the speeds and the rest of the step."));
        }
        FieldControlOptions modes;
        modes.radio_label = [](const EnumName& name, int index) { return formatted("%d  %s", index + 1, tr_of(name.label).c_str()); };
        fields.control(setting::exposure_mode, modes);
        ImGui::BeginDisabled(e.mode != ExposureMode::Timesliced);
        fields.control(setting::slice_percent);
        ImGui::EndDisabled();
        fields.control(setting::algorithm);
        ImGui::BeginDisabled(e.mode == ExposureMode::Single);
        FieldControlOptions workers;
        workers.shown_value = session.worker_count();
        fields.control(setting::workers, workers);
        ImGui::EndDisabled();
    }
    if (section(fonts, tr_label("The rest of the step"))) {
        fields.control(setting::other_work_ms);
        ImGui::BeginDisabled(e.mode != ExposureMode::SameFrame);
        fields.control(setting::gather_late);
        ImGui::EndDisabled();
        fields.control(setting::exposure_job_cost_us);
        fields.finish(FieldScope::ExposurePane);
    }
    if (section(fonts, tr_label("Level"))) {
        FieldControlOptions levels;
        levels.choices = session.catalog().levels;
        levels.choices.push_back("random");
        fields.control(setting::level, levels);
        if (e.level == "random") fields.control(setting::seed);
        else fields.skip(setting::seed);  // only a random level has a seed
        fields.control(setting::grid_size);
        ImGui::TextDisabled(tr("%d x %d = %s cells"), e.grid_size, e.grid_size, rate_number(double(e.grid_size) * e.grid_size).c_str());
        fields.control(setting::sentinel_speed);
        fields.control(setting::character_speed);
        fields.control(setting::show_rays);
        // One map, or two or three side by side (the level's section: they share it): radio buttons on one line.
        ImGui::TextUnformatted(tr("Maps side by side"));
        for (int count = 1; count <= kMaxExposurePanes; ++count) {
            ImGui::SameLine();
            if (ImGui::RadioButton(std::to_string(count).c_str(), panes == count)) fields.add(SetField{setting::exposure_panes, std::int64_t{count}});
            tooltip(tr_of(field_of(setting::exposure_panes).help).c_str());
        }
        fields.skip(setting::exposure_panes);
        fields.skip(setting::exposure_pane);
        fields.finish(FieldScope::Exposure);
    }
    const char letter = pane_letter(edited);
    const std::string this_step =
        panes > 1 ? label_with_id(formatted(tr("This step, map %c"), letter), formatted("This step, map %c", letter)) : std::string(tr_label("This step"));
    if (section(fonts, this_step.c_str())) {
        const ExposureMetrics& m = scene.metrics();
        if (exposure_answer_hidden(session)) {
            ImGui::TextDisabled("%s", tr("The three timings show after the reveal (Page Down)."));
        } else {
            ImGui::Text(tr("main thread    %.3f ms"), m.main_ms);
            tooltip(tr("Time the main thread spent in the exposure update: computing, or waiting, or only gathering and launching."));
            ImGui::Text(tr("busy threads   %.3f ms (average of %d)"), m.busy_ms, m.busy_threads);
            tooltip(tr("Exposure work per thread that did some, on average: what each busy core spent."));
            ImGui::Text(tr("all threads    %.3f ms"), m.total_ms);
            tooltip(tr("Exposure work summed over every thread."));
            ImGui::Text(tr("waiting        %.3f ms of a %.1f ms step"), m.wait_ms, m.frame_ms);
            tooltip(tr("Time the main thread spent in the gather while exposure jobs were unfinished: waiting for them, and running "
                       "some itself. Zero when the jobs finished first (behind the other work, or within the step)."));
            if (m.other_ms > 0) ImGui::Text(tr("other work     %.3f ms"), m.other_ms);
        }
        ImGui::TextDisabled(tr("%s cells gathered this step"), rate_number(static_cast<double>(m.cells)).c_str());
        const Character& c = scene.character();
        ImGui::Text(tr("character: %s"), phase_text(c.phase));
        tooltip(tr("When the cell it is going to becomes exposed, it asks the path service for path lengths, picks the nearest hidden "
                   "cell, asks for a path there, and walks (it keeps walking while it waits for the answers)."));
        if (session.answer_hidden("exposure_seen")) ImGui::Text(tr("seen ? (after the reveal), fled %llu times"), static_cast<unsigned long long>(c.flights));
        else ImGui::Text(tr("seen %.0f%% of steps, fled %llu times"), c.steps ? 100.0 * c.steps_seen / c.steps : 0.0,
                         static_cast<unsigned long long>(c.flights));
        // (The slice's percent as an argument: the text's only "%" is then the format's own.)
        tooltip(formatted(tr("The price of old information: the character decides on a map that is one step (next frame) or one to two passes "
                             "(timesliced: 4 to 7 steps at %d%%) old, and on path answers a few steps old. Compare the modes; a lesson's reveal "
                             "gives the time seen as seconds a minute."),
                          25)
                    .c_str());
    }
}

bool exposure_answer_hidden(const LabSession& session) {
    for (const char* measure : {"exposure_main_ms", "exposure_busy_ms", "exposure_total_ms", "exposure_wait_ms", "exposure_waited"})
        if (session.answer_hidden(measure)) return true;
    return false;
}

void draw_exposure_overlay(ImDrawList* list, const UiFonts& fonts, const LabSession& session, const PixelRect& rect, int pane, bool outline) {
    const LabSettings& state = session.settings();
    const ExposureScene& scene = *session.exposure(pane);
    const int panes = session.exposure_panes();
    if (rect.empty()) return;
    const Palette p = overlay_palette(state.palette, state.theme);
    const SceneBands bands = split_scene_area(rect.w, rect.h, state.ui_scale);
    const ExposureSceneConfig& e = scene.config();
    auto at = [&](float x, float y) { return ImVec2{rect.x + x, rect.y + y}; };
    auto width = [&](ImFont* font, float size, const std::string& text) { return font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x; };
    auto centred = [&](ImFont* font, float size, const std::string& text, float y, ImU32 colour) {
        list->AddText(font, size, at((rect.w - width(font, size, text)) / 2, y), colour, text.c_str());
    };
    // The longest of `forms` that fits the area's width.
    auto longest_fitting = [&](ImFont* font, float size, std::initializer_list<std::string> forms) {
        for (const std::string& f : forms)
            if (!f.empty() && width(font, size, f) <= rect.w * 0.96f) return f;  // an empty form: none here
        return *(forms.end() - 1);
    };
    list->PushClipRect(at(0, 0), at(rect.w, rect.h), true);
    if (pane > 0) list->AddLine(at(0.5f, bands.caption.h * 0.25f), at(0.5f, rect.h - bands.footer.h * 0.25f), col(p.pending), 1.0f);

    // Caption: how the map is computed, and on what (never smaller than the UI's body text).
    const float body_px = kBodyPx * state.ui_scale;
    const float title_px = std::max(bands.caption_text_h * 0.40f, body_px * 1.15f), small_px = std::max(bands.caption_text_h * 0.26f, body_px);
    const int w = scene.grid().width;
    const std::string algorithm_label = tr_of(label_for(kAlgorithmNames, static_cast<int>(e.algorithm)));  // "per-cell rays", "sweep"
    const char* algorithm = algorithm_label.c_str();
    const std::string cells = formatted(tr("%d x %d = %s cells"), w, w, rate_number(double(w) * w).c_str());
    const std::string subtitle = longest_fitting(fonts.regular, small_px,
                                                 {formatted("%s  |  %s  |  %s", algorithm, cells.c_str(), level_words(scene.level().name).c_str()),
                                                  formatted("%s  |  %s", algorithm, cells.c_str()), std::string(algorithm)});
    // Side by side, a pane's caption starts with its letter, and takes a short name where the long one does not fit.
    const std::string letter = panes > 1 ? std::string(1, pane_letter(pane)) + "  " : std::string();
    const std::string slice = e.mode == ExposureMode::Timesliced && panes > 1 ? formatted(" %.0f%%", e.slice_percent) : std::string();
    const char* const kShort[] = {tr("Single"), tr("Same frame"), tr("Next frame"), tr("Timesliced")};
    const std::string name = longest_fitting(fonts.caption, title_px,
                                             {letter + title_of(e, ui_words()) + slice, letter + kShort[static_cast<int>(e.mode)] + slice,
                                              letter + kShort[static_cast<int>(e.mode)]});
    const FittedText title = fit_text(fonts.caption, title_px, body_px, name, rect.w * 0.96f, 1);
    centred(fonts.caption, title.size, title.lines.front(), bands.caption_text_h * 0.12f, panes > 1 ? col(pane_colour(pane)) : col(p.ink));
    centred(fonts.regular, small_px, subtitle, bands.caption_text_h * 0.12f + title_px * 1.12f, col(p.faint_ink));
    const float margin = small_px * 0.8f;
    const std::string clock = formatted(tr("frame %lld  |  %.2f s"), static_cast<long long>(scene.frames_stepped()), scene.frames_stepped() * scene.step_s());
    if (fonts.regular->CalcTextSizeA(small_px, FLT_MAX, 0, clock.c_str()).x + 2 * margin <
        (rect.w - fonts.regular->CalcTextSizeA(small_px, FLT_MAX, 0, subtitle.c_str()).x) / 2) {
        list->AddText(fonts.regular, small_px, at(margin, margin), col(p.faint_ink), clock.c_str());
        if (state.paused) list->AddText(fonts.bold, small_px, at(margin, margin + small_px * 1.3f), col(p.desired), tr("PAUSED"));
    }

    // Footer: the article's three figures, and a timesliced pass's progress.
    const ExposureMetrics& m = scene.metrics();
    const float label_px = std::max(bands.footer.h * 0.34f, body_px);
    const std::string figures =
        exposure_answer_hidden(session)
            ? longest_fitting(fonts.bold, label_px,
                              {tr("main thread ?   |   busy threads ?   |   all threads ?   (predict, then Page Down)"), tr("main ?  |  busy ?  |  all ?")})
            : longest_fitting(fonts.bold, label_px,
                              {e.mode == ExposureMode::Single
                                   ? std::string()
                                   : formatted(tr("main thread %.3f ms (waiting %.3f)   |   busy threads %.3f ms (%d)   |   all threads %.3f ms"),
                                               m.main_ms, m.wait_ms, m.busy_ms, m.busy_threads, m.total_ms),
                               formatted(tr("main thread %.3f ms   |   busy threads %.3f ms (%d)   |   all threads %.3f ms"), m.main_ms, m.busy_ms,
                                         m.busy_threads, m.total_ms),
                               formatted(tr("main %.3f  |  busy %.3f (%d)  |  all %.3f ms"), m.main_ms, m.busy_ms, m.busy_threads, m.total_ms),
                               formatted(tr("main %.3f ms"), m.main_ms)});
    centred(fonts.bold, label_px, figures, bands.footer.y + bands.footer.h * 0.10f, col(p.ink));
    // Under them, what the map's age costs: its age now, and the time the
    // character is seen, counted as a reveal counts it (from the settled start
    // after the last change); a timesliced pass's progress beside them.
    const ExposureMetricsSummary* settled = session.settled_exposure_summary(pane);
    const std::string age = session.answer_hidden("exposure_map_age") ? "?" : std::to_string(m.map_age_steps);
    const std::string seen = session.answer_hidden("exposure_seen") ? "?" : settled ? formatted("%.1f", settled->seen_s_per_minute()) : "-";
    const float line_y = bands.footer.y + std::max(bands.footer.h * 0.56f, bands.footer.h * 0.10f + label_px * 1.2f);
    const float small_label_px = std::max(label_px * 0.8f, body_px);
    const float bar_h = small_label_px * 0.7f, bar_w = std::min(rect.w * 0.25f, bands.footer.h * 3.0f);
    const float room = rect.w * 0.96f - (e.mode == ExposureMode::Timesliced ? bar_w + small_label_px : 0);
    std::string staleness;
    const bool one_step = m.map_age_steps == 1 && age != "?";
    const char *age_text = age.c_str(), *seen_text = seen.c_str();
    for (const std::string& form : {one_step ? formatted(tr("map %s step old   |   character seen %s s a minute"), age_text, seen_text)
                                             : formatted(tr("map %s steps old   |   character seen %s s a minute"), age_text, seen_text),
                                    one_step ? formatted(tr("map %s step  |  seen %s s/min"), age_text, seen_text)
                                             : formatted(tr("map %s steps  |  seen %s s/min"), age_text, seen_text),
                                    formatted(tr("age %s  |  seen %s"), age_text, seen_text), formatted(tr("seen %s s/min"), seen_text),
                                    formatted(tr("seen %s"), seen_text)})
        if (staleness.empty() && width(fonts.regular, small_label_px, form) <= room) staleness = form;
    const float text_w = staleness.empty() ? 0 : width(fonts.regular, small_label_px, staleness);
    const bool bar = e.mode == ExposureMode::Timesliced;
    const float group_w = text_w + (bar ? (text_w > 0 ? small_label_px : 0) + bar_w : 0);
    const float x0 = (rect.w - group_w) / 2;
    if (!staleness.empty()) list->AddText(fonts.regular, small_label_px, at(x0, line_y), col(p.ink), staleness.c_str());
    if (bar) {
        const float bar_x = x0 + group_w - bar_w, bar_y = line_y + (small_label_px - bar_h) / 2;
        list->AddRectFilled(at(bar_x, bar_y), at(bar_x + bar_w, bar_y + bar_h), col(p.pending), bar_h * 0.3f);
        list->AddRectFilled(at(bar_x, bar_y), at(bar_x + bar_w * static_cast<float>(scene.pass_progress()), bar_y + bar_h), col(p.running),
                            bar_h * 0.3f);
    }
    // The map the panel's controls change, outlined in its colour (not in
    // pictures of the scene alone, nor the presenter view, which has no controls).
    if (outline && panes > 1 && pane == std::min(state.edited_exposure_pane, panes - 1) && !state.hide_ui && !state.presenter) {
        const float t = std::max(2.0f, 2.0f * state.ui_scale);
        list->AddRect(at(t / 2, t / 2), at(rect.w - t / 2, rect.h - t / 2), col(pane_colour(pane)), t * 2, 0, t);
    }

    // Legend, in the view's bottom-left corner.
    const float grow = std::max(1.0f, state.ui_scale);
    const float legend_px = std::clamp(bands.view.h * 0.024f, 12.0f * grow, 22.0f * grow);
    if (pane == 0 && bands.view.h >= std::max(380.0f, legend_px * 5 * 1.4f * 3.2f)) {
        struct Row {
            Rgba colour;
            const char* text;
            bool disc;
        };
        const Row rows[] = {{p.exposed, tr("exposed"), false},   {p.hidden, tr("hidden"), false},  {p.wall, tr("wall"), false},
                            {p.sentinel, tr("sentinel"), true}, {p.character, tr("shy character"), true}};
        float ly = bands.view.y + bands.view.h - margin - 5 * legend_px * 1.4f;
        float legend_w = 0;
        for (const Row& r : rows) legend_w = std::max(legend_w, fonts.regular->CalcTextSizeA(legend_px, FLT_MAX, 0, r.text).x);
        list->AddRectFilled(at(margin * 0.5f, ly - margin * 0.5f), at(margin * 1.5f + legend_w + legend_px * 2.0f, ly + 5 * legend_px * 1.4f),
                            col(p.background.with_alpha(0.85f)), legend_px * 0.3f);
        for (const Row& r : rows) {
            const ImVec2 a = at(margin, ly), b = at(margin + legend_px, ly + legend_px);
            if (r.disc) list->AddCircleFilled({(a.x + b.x) / 2, (a.y + b.y) / 2}, legend_px * 0.45f, col(r.colour));
            else list->AddRectFilled(a, b, col(r.colour), 2.0f);
            list->AddRect(a, b, col(p.faint_ink.with_alpha(r.disc ? 0.0f : 0.6f)), 2.0f);
            list->AddText(fonts.regular, legend_px, at(margin + legend_px * 1.6f, ly - 1.0f), col(p.ink), r.text);
            ly += legend_px * 1.4f;
        }
    }
    list->PopClipRect();
}

void draw_tickets_panel(const ExposureScene& scene) {
    draw_path_tickets(scene.paths(), tr("No ticket in flight. The character asks when the cell it is going to becomes exposed."));
}

void draw_path_tickets(const PathService& paths, const char* none) {
    const PathServiceStats& st = paths.stats();
    ImGui::Text(tr("requests %llu   searches run %llu   shared while pending %llu   from the cache %llu   answers that waited %llu"),
                static_cast<unsigned long long>(st.requests), static_cast<unsigned long long>(st.searches),
                static_cast<unsigned long long>(st.shared), static_cast<unsigned long long>(st.cache_hits),
                static_cast<unsigned long long>(st.waits));
    tooltip(tr("A request returns a ticket at once; the search runs as a job; the ticket is answered a fixed number of steps later. "
               "Identical requests share one search; recent answers come from the cache."));
    const std::vector<TicketInfo> tickets = paths.tickets();
    if (tickets.empty()) {
        ImGui::TextDisabled("%s", none);
        return;
    }
    if (ImGui::BeginTable("tickets", 7, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) {
        for (const char* h : {tr_label("ticket"), tr_label("asks for"), tr_label("from"), tr_label("to"), tr_label("state"), tr_label("held by"),
                              tr_label("answer at step")})
            ImGui::TableSetupColumn(h);
        ImGui::TableHeadersRow();
        for (const TicketInfo& t : tickets) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::Text("#%u", t.id);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(t.kind == RequestKind::Path ? tr("a path") : tr("path lengths"));
            ImGui::TableNextColumn();
            ImGui::Text("%d, %d", t.start.x, t.start.y);
            ImGui::TableNextColumn();
            if (t.kind == RequestKind::Path) ImGui::Text("%d, %d", t.goal.x, t.goal.y);
            else ImGui::TextUnformatted(tr("every cell"));
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(t.state == TicketState::Ready ? (t.from_cache ? tr("ready (cache)") : tr("ready")) : tr("pending"));
            ImGui::TableNextColumn();
            ImGui::Text("%d", t.requesters);
            ImGui::TableNextColumn();
            ImGui::Text("%lld", static_cast<long long>(t.answer_step));
        }
        ImGui::EndTable();
    }
}

}  // namespace tsl::app
