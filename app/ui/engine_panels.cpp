// engine_panels.cpp — the engine scene's part of the panel (its panes, each
// pane's step mode, conflict rule, queues, decomposition, threading, system
// ticks and costs, the world), what is drawn over each pane (caption, the tick's
// main figures, the legend) and the Counters tab: every live counter of the
// last tick, per pane (docs/engine.md, section 7).
//
// What a lesson's open question asks about waits for the reveal: its
// numbers show as "?" until then.
//
// [SECTION] Helpers
// [SECTION] The panel
// [SECTION] Over the scene
// [SECTION] The Counters tab
#include "app/render/engine_renderer.h"
#include "app/render/palette.h"
#include "app/ui/text.h"
#include "app/ui/ui_panels.h"
#include "app/ui/ui_text.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <string>

namespace tsl::app {

// --- [SECTION] Helpers ----------------------------------------------------------------

namespace {

ImU32 col(Rgba c) { return c.packed(); }

std::string count_text(std::uint64_t n) { return rate_number(static_cast<double>(n)); }

// A label composed at run time: `shown` (in the chosen language), with the
// English as its ID, as tr_label gives a literal's.
std::string label_with_id(const std::string& shown, const std::string& english) { return shown == english ? english : shown + "###" + english; }

// A system's name in words (name_of(SystemId)'s, in the chosen language; "AI" is "AI" in every language).
const char* system_text(SystemId id) {
    switch (id) {
        case SystemId::Ai: return "AI";
        case SystemId::Physics: return tr("physics");
        case SystemId::Animation: return tr("animation");
    }
    return "?";
}

// An observer's name (observer_name's, in the chosen language).
const char* observer_text(int observer) {
    return observer == kSceneObserver ? tr("scene") : system_text(kSystems[static_cast<std::size_t>(observer)]);
}

// A counter's row name indented under the row above it.
std::string under(const char* name) { return std::string("  ") + name; }

double work_ms(const EngineTickStats& s) {
    double w = 0;
    for (double x : s.work_ms) w += x;
    return w;
}

// The text of a figure, or "?" while a lesson's question about it is open.
std::string shown(const LabSession& session, const char* measure, const std::string& text) {
    return engine_measure_hidden(session, measure) ? std::string("?") : text;
}

// How the path service answered the tickets: hidden while a reveal asks about it.
std::string tickets_shown(const LabSession& session, const std::string& text) {
    for (const char* measure : {"engine_routes_reused", "engine_tickets_shared", "engine_tickets_cached", "engine_searches"})
        if (engine_measure_hidden(session, measure)) return "?";
    return text;
}

}  // namespace

bool engine_measure_hidden(const LabSession& session, const char* measure) { return session.answer_hidden(measure); }

// --- [SECTION] The panel ---------------------------------------------------------------

void draw_engine_sections(FieldSection& fields, const LabSession& session, const UiFonts& fonts) {
    const LabSettings& settings = fields.settings();
    const EnginePanes& panes = *session.engine();
    if (section(fonts, tr_label("Parallel engine"))) {
        // One pane, or two side by side: a choice of two, as radio buttons.
        fields.skip(setting::engine_panes);
        const auto pane_count = static_cast<int>(settings.engine.panes.size());
        for (int count = 1; count <= kMaxEnginePanes; ++count) {
            if (count > 1) ImGui::SameLine();
            if (ImGui::RadioButton(count == 1 ? tr_label("one pane") : tr_label("two side by side"), pane_count == count))
                fields.add(SetField{setting::engine_panes, std::int64_t{count}});
            tooltip(tr_of(field_of(setting::engine_panes).help).c_str());
        }
        if (settings.engine.panes.size() > 1) {
            ImGui::TextUnformatted(tr("Settings of pane"));
            for (int i = 0; i < static_cast<int>(settings.engine.panes.size()); ++i) {
                ImGui::SameLine();
                ImGui::PushStyleColor(ImGuiCol_Text, pane_colour(i).packed());
                const std::string label(1, pane_letter(i));
                if (ImGui::RadioButton(label.c_str(), settings.edited_engine_pane == i)) fields.add(SetField{setting::engine_pane, std::int64_t{i + 1}});
                ImGui::PopStyleColor();
            }
            tooltip(tr("The pane the settings below change. Both panes share the world: the same agents, arena and seed."));
        }
        FieldControlOptions steps;
        steps.radio_label = [](const EnumName& name, int index) { return formatted("%d %s", index + 1, tr_of(name.label).c_str()); };
        fields.control(setting::step_mode, steps);
        fields.control(setting::conflict_rule);
        fields.control(setting::change_queues);
        fields.control(setting::engine_threading);
        const bool inline_tasks = settings.engine_pane().threading == EngineThreading::Inline;
        ImGui::BeginDisabled(inline_tasks);
        fields.control(setting::decomposition);
        fields.control(setting::subtask_agents);
        FieldControlOptions workers;
        workers.shown_value = session.worker_count();
        fields.control(setting::workers, workers);
        ImGui::EndDisabled();
        fields.control(setting::ai_ticks);
        fields.control(setting::physics_ticks);
        fields.control(setting::animation_ticks);
        ImGui::BeginDisabled(settings.engine_pane().step_mode != StepMode::FreeStep);
        fields.control(setting::free_step_end);
        ImGui::EndDisabled();
        ImGui::BeginDisabled(inline_tasks);
        fields.control(setting::ai_thread);
        ImGui::EndDisabled();
        fields.control(setting::ai_cost_ms);
        fields.control(setting::physics_cost_ms);
        fields.control(setting::animation_cost_ms);
        fields.control(setting::cost_spread);
        fields.finish(FieldScope::EnginePane);
    }
    if (section(fonts, tr_label("Agents"))) {
        fields.control(setting::agents);
        const EngineScene& first = panes.pane(0);
        ImGui::TextDisabled(tr("arena %d x %d cells, %zu rally points"), first.arena().width(), first.arena().width(), first.arena().rally.size());
        fields.finish(FieldScope::EngineWorld);
    }
    if (section(fonts, tr_label("This tick"))) {
        const int edited = std::min(settings.edited_engine_pane, panes.size() - 1);
        const EngineTickStats& s = panes.pane(edited).stats();
        if (panes.size() > 1) ImGui::TextDisabled(tr("pane %c"), pane_letter(edited));
        ImGui::Text(tr("main thread  %s ms"), shown(session, "engine_tick_ms", formatted("%.3f", s.tick_ms)).c_str());
        tooltip(tr("Wall-clock time of the tick on the main thread: starting runs, waiting for (and helping) those that end, merging and "
                   "distributing. The Counters tab has every figure."));
        ImGui::Text(tr("merged %s   dropped %s   held %s"), count_text(s.merge.merged).c_str(),
                    shown(session, "engine_conflicts", count_text(s.merge.dropped)).c_str(),
                    count_text(s.merge.held[0] + s.merge.held[1] + s.merge.held[2]).c_str());
        tooltip(tr("Changes merged this tick, dropped as the losers of conflicts, and held for systems still running (free-step)."));
        ImGui::Text(tr("tickets asked %u: shared %s, cached %s, searches %s"), s.routes_asked,
                    tickets_shown(session, std::to_string(s.routes_shared)).c_str(),
                    tickets_shown(session, std::to_string(s.routes_cached)).c_str(), tickets_shown(session, std::to_string(s.searches)).c_str());
        tooltip(tr("Route tickets the AI asked for this tick: shared with a search still pending, given a route found already, or a new "
                   "search."));
    }
}

// --- [SECTION] Over the scene -----------------------------------------------------------

namespace {

void draw_engine_legend(ImDrawList* list, const UiFonts& fonts, const Palette& p, PaletteKind palette_kind, float ui_scale, const PixelRect& rect,
                        const SceneBands& bands) {
    const EngineColours& c = engine_colours(palette_kind);
    const float grow = std::max(1.0f, ui_scale);
    const float px = std::clamp(bands.view.h * 0.024f, 12.0f * grow, 22.0f * grow), margin = px * 0.6f;
    if (bands.view.h < std::max(360.0f, px * 4 * 1.4f * 3.2f)) return;
    struct Row {
        Rgba colour;
        const char* text;
        bool ring;
    };
    const Row rows[] = {{c.resting, tr("resting"), false},
                        {c.pending, tr("route pending"), false},
                        {c.ready, tr("route ready"), false},
                        {p.faint_ink, tr("rally point"), true}};
    float width = 0;
    for (const Row& r : rows) width = std::max(width, fonts.regular->CalcTextSizeA(px, FLT_MAX, 0, r.text).x);
    const float x0 = rect.x + margin, y0 = rect.y + bands.view.y + bands.view.h - margin - 4 * px * 1.4f;
    list->AddRectFilled({x0 - margin * 0.5f, y0 - margin * 0.5f}, {x0 + margin + width + px * 1.6f, y0 + 4 * px * 1.4f},
                        col(p.background.with_alpha(0.85f)), px * 0.3f);
    float y = y0;
    for (const Row& r : rows) {
        const ImVec2 centre{x0 + px * 0.5f, y + px * 0.5f};
        if (r.ring) list->AddCircle(centre, px * 0.45f, col(r.colour), 0, 1.5f);
        else {
            list->AddCircleFilled(centre, px * 0.42f, col(r.colour));
            list->AddCircle(centre, px * 0.42f, col(c.outline), 0, 1.2f);
        }
        list->AddText(fonts.regular, px, {x0 + px * 1.4f, y - 1.0f}, col(p.ink), r.text);
        y += px * 1.4f;
    }
}

}  // namespace

void draw_engine_overlay(ImDrawList* list, const UiFonts& fonts, const LabSession& session, const PixelRect& rect, int pane, bool outline) {
    if (rect.empty()) return;
    const EnginePanes& panes = *session.engine();
    const EngineScene& scene = panes.pane(pane);
    const LabSettings& settings = session.settings();
    const Palette p = overlay_palette(settings.palette, settings.theme);
    const SceneBands bands = split_scene_area(rect.w, rect.h, settings.ui_scale);
    auto at = [&](float x, float y) { return ImVec2{rect.x + x, rect.y + y}; };
    // The longest of `forms` that fits, centred.
    // Draws the first form that fits; returns its width.
    auto centred = [&](ImFont* font, float size, std::initializer_list<std::string> forms, float y, ImU32 colour) {
        std::string text = *(forms.end() - 1);
        for (const std::string& f : forms)
            if (font->CalcTextSizeA(size, FLT_MAX, 0, f.c_str()).x <= rect.w * 0.96f) {
                text = f;
                break;
            }
        const float w = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
        list->AddText(font, size, at((rect.w - w) / 2, y), colour, text.c_str());
        return w;
    };
    list->PushClipRect(at(0, 0), at(rect.w, rect.h), true);
    if (pane > 0) list->AddLine(at(0.5f, bands.caption.h * 0.25f), at(0.5f, rect.h - bands.footer.h * 0.25f), col(p.pending), 1.0f);

    // Caption: the pane's settings, and the world.
    const EnginePaneConfig& c = scene.config().pane;
    const std::string letter = panes.size() > 1 ? std::string(1, pane_letter(pane)) + "  " : std::string();
    const std::string caption = c.caption.empty() ? engine_caption(c, ui_words()) : tr_of(c.caption);  // a preset's caption: its translation
    const std::string step_mode(label_of(c.step_mode));
    // Never smaller than the UI's body text: a caption that does not fit on one line takes two, in place of the subtitle.
    const float body_px = kBodyPx * settings.ui_scale;
    const float title_px = std::max(bands.caption_text_h * 0.36f, body_px * 1.1f), small_px = std::max(bands.caption_text_h * 0.25f, body_px);
    const ImU32 title_colour = panes.size() > 1 ? col(pane_colour(pane)) : col(p.ink);
    const int lines = std::max(1, static_cast<int>((bands.caption.h * 0.94f) / (title_px * 1.1f)));
    const FittedText title = fit_text(fonts.caption, title_px, body_px, letter + caption, rect.w * 0.96f, lines);
    float widest = 0;  // of the title's and subtitle's lines
    for (std::size_t line = 0; line < title.lines.size(); ++line)
        widest = std::max(widest, centred(fonts.caption, title.size, {title.lines[line]},
                                          bands.caption.h * 0.10f + static_cast<float>(line) * title.size * 1.1f, title_colour));
    const bool subtitle_room = title.lines.size() == 1;
    const std::string agents = formatted(tr("%s agents"), count_text(scene.config().world.agents).c_str());
    const std::string ticks = formatted(tr("AI %d, physics %d, animation %d ticks"), c.ai_ticks, c.physics_ticks, c.animation_ticks);
    const std::string tick = formatted(tr("tick %lld"), static_cast<long long>(scene.ticks()));
    if (subtitle_room)
        widest = std::max(widest, centred(fonts.regular, small_px,
                {agents + "  |  " + ticks + "  |  " + tick, agents + "  |  " + ticks, agents},
                bands.caption.h * 0.10f + title_px * 1.15f, col(p.faint_ink)));

    // Footer: the tick's main figures.
    const EngineTickStats& s = scene.stats();
    const float footer_px = std::max(bands.footer.h * 0.30f, body_px);
    const std::string main = shown(session, "engine_tick_ms", formatted("%.2f ms", s.tick_ms));
    const std::string merged = count_text(s.merge.merged), dropped = shown(session, "engine_conflicts", count_text(s.merge.dropped));
    const std::string stale = shown(session, "engine_ai_staleness", formatted("%d", s.staleness[0]));
    centred(fonts.bold, footer_px,
            {formatted(tr("main thread %s   |   merged %s, dropped %s   |   AI copy %s ticks behind"), main.c_str(), merged.c_str(), dropped.c_str(),
                       stale.c_str()),
             formatted(tr("main %s  |  merged %s, dropped %s"), main.c_str(), merged.c_str(), dropped.c_str()),
             formatted(tr("main %s"), main.c_str())},
            bands.footer.y + bands.footer.h * 0.08f, col(p.ink));
    std::string runs;
    for (SystemId id : kSystems)
        if (s.finished[static_cast<std::size_t>(index_of(id))])
            runs = runs.empty() ? std::string(system_text(id)) : formatted(tr("%s, %s"), runs.c_str(), system_text(id));
    if (runs.empty()) runs = tr("none");
    centred(fonts.regular, footer_px,
            {formatted(tr("runs merged: %s   |   tickets asked %u, new searches %s"), runs.c_str(), s.routes_asked,
                       tickets_shown(session, std::to_string(s.searches)).c_str()),
             formatted(tr("runs merged: %s"), runs.c_str()), std::string()},
            bands.footer.y + bands.footer.h * 0.08f + footer_px * 1.2f, col(p.faint_ink));
    // PAUSED in the corner, where the centred title leaves room for it (the panel's Play button says it too).
    if (settings.paused && fonts.bold->CalcTextSizeA(small_px, FLT_MAX, 0, tr("PAUSED")).x + 2 * small_px < (rect.w - widest) / 2)
        list->AddText(fonts.bold, small_px, at(small_px, small_px), col(p.desired), tr("PAUSED"));
    // The pane the panel's controls change, outlined in its colour (not in
    // pictures of the scene alone, nor the presenter view, which has no controls).
    if (outline && panes.size() > 1 && pane == std::min(settings.edited_engine_pane, panes.size() - 1) && !settings.hide_ui && !settings.presenter) {
        const float t = std::max(2.0f, 2.0f * settings.ui_scale);
        list->AddRect(at(t / 2, t / 2), at(rect.w - t / 2, rect.h - t / 2), col(pane_colour(pane)), t * 2, 0, t);
    }
    if (pane == 0) draw_engine_legend(list, fonts, p, settings.palette, settings.ui_scale, rect, bands);
    list->PopClipRect();
}

// --- [SECTION] The Counters tab -----------------------------------------------------------

void draw_engine_counters(const LabSession& session) {
    const EnginePanes& panes = *session.engine();
    const int count = panes.size();
    const int threads = session.worker_count() + 1;
    if (!ImGui::BeginTable("engine counters", 1 + count,
                           ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_ScrollY))
        return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(tr_label("last tick"), ImGuiTableColumnFlags_WidthStretch, 1.4f);
    for (int i = 0; i < count; ++i)
        ImGui::TableSetupColumn(count > 1 ? label_with_id(formatted(tr("pane %c"), pane_letter(i)), formatted("pane %c", pane_letter(i))).c_str()
                                          : tr_label("value"));
    ImGui::TableHeadersRow();
    // One row: a name, its help, and each pane's value.
    auto row = [&](const std::string& name, const char* help, const auto& value_of) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(name.c_str());
        if (help) tooltip(help);
        for (int i = 0; i < count; ++i) {
            ImGui::TableNextColumn();
            const std::string v = value_of(panes.pane(i).stats());
            ImGui::TextUnformatted(v.c_str());
        }
    };
    // Where the session's clock is wall-clock time, there is no per-thread CPU clock to read (a browser page).
    const bool cpu_clock = !session.main_clock_is_wall();
    row(tr("main thread, tick"),
        cpu_clock ? tr("Wall-clock time of the tick on the main thread, and the CPU time it used (time descheduled left out).")
                  : tr("Wall-clock time of the tick on the main thread (this platform has no clock of a thread's CPU time)."),
        [&](const EngineTickStats& s) {
            return shown(session, "engine_tick_ms",
                         cpu_clock ? formatted("%.3f ms (CPU %.3f)", s.tick_ms, s.tick_cpu_ms) : formatted(tr("%.3f ms wall"), s.tick_ms));
        });
    row(under(tr("starting runs")), tr("Starting the runs due: handing their tasks to the job system (inline: running them)."),
        [&](const EngineTickStats& s) { return formatted("%.3f ms", s.launch_ms); });
    row(under(tr("waiting for runs")), tr("The main thread waiting for the runs that end this tick, running their pieces meanwhile."),
        [&](const EngineTickStats& s) { return shown(session, "engine_wait_ms", formatted("%.3f ms", s.wait_ms)); });
    row(under(tr("merge + distribute")), tr("Putting the changes in merge order and settling conflicts, then delivering them to the observers."),
        [&](const EngineTickStats& s) {
            return shown(session, "engine_merge_ms", formatted("%.3f + %.3f ms", s.merge.merge_ms, s.merge.distribute_ms));
        });
    row(tr("system work, all threads"), tr("The work of the runs merged this tick, summed over every thread: AI, physics, animation."),
        [&](const EngineTickStats& s) {
            return shown(session, "engine_work_ms", formatted("%.3f ms (%.2f / %.2f / %.2f)", work_ms(s), s.work_ms[0], s.work_ms[1], s.work_ms[2]));
        });
    row(tr("work calls"), tr("Calls that ran the systems' work for the runs merged this tick: one per claimed group of pieces (inline: one per "
                             "system). Threads claim pieces with an atomic add, so no call is a dispatch of its own."),
        [&](const EngineTickStats& s) { return shown(session, "engine_subtasks", count_text(s.subtasks)); });
    for (int t = 0; t < threads && t < kSystemThreadQueue; ++t)
        row(t == 0 ? std::string(tr("posted by main")) : formatted(tr("posted by worker %d"), t),
            tr("Changes this thread posted in the runs merged this tick."),
            [&](const EngineTickStats& s) { return count_text(s.merge.posts.posted_by_thread[static_cast<std::size_t>(t)]); });
    bool ai_thread = false;
    for (const EnginePaneConfig& c : session.settings().engine.panes) ai_thread = ai_thread || c.ai_thread;
    if (ai_thread)
        row(tr("posted by the AI's thread"), tr("Changes the AI's own thread posted in the runs merged this tick (with no thread to start, as in "
                                                "a page whose workers are used up, its runs happen on the main thread and count there)."),
            [&](const EngineTickStats& s) { return count_text(s.merge.posts.posted_by_thread[static_cast<std::size_t>(kSystemThreadQueue)]); });
    row(tr("merged"), tr("Changes merged this tick, in order: tick, priority, agent, sequence."),
        [&](const EngineTickStats& s) { return count_text(s.merge.merged); });
    row(tr("dropped as conflicts"), tr("Changes that lost to another change of the same value in the same merge."),
        [&](const EngineTickStats& s) { return shown(session, "engine_conflicts", count_text(s.merge.dropped)); });
    row(under(tr("won by AI / animation")), tr("Conflicts each system won (heading: the AI faces its goal, animation turns toward the motion)."),
        [&](const EngineTickStats& s) {
            return shown(session, "engine_ai_won", formatted("%u / %u", s.merge.won[0], s.merge.won[2]));
        });
    for (int o = 0; o < kObserverCount; ++o)
        row(formatted(tr("delivered to %s"), observer_text(o)),
            tr("Changes applied to this observer's copy this tick (held ones included when applied)."),
            [&](const EngineTickStats& s) {
                const auto k = static_cast<std::size_t>(o);
                return count_text(s.merge.delivered[k]) +
                       (s.merge.held[k] ? formatted(tr(" (+%s held)"), count_text(s.merge.held[k]).c_str()) : std::string());
            });
    row(tr("copy staleness AI / physics / animation"), tr("Ticks of changes each system's copy has not received yet (free-step: held while it runs)."),
        [&](const EngineTickStats& s) {
            return shown(session, "engine_ai_staleness", formatted(tr("%d / %d / %d ticks"), s.staleness[0], s.staleness[1], s.staleness[2]));
        });
    row(tr("runs ended AI / physics / animation"),
        tr("The length of each run merged this tick: ticks from its start to its merge, both counted "
           "(-: none ended). Free-step runs that end when their work is done take as many as their work needs."),
        [&](const EngineTickStats& s) {
            auto length = [](int ticks) { return ticks > 0 ? std::to_string(ticks) : std::string("-"); };
            return shown(session, "engine_ai_run_ticks",
                         formatted(tr("%s / %s / %s ticks"), length(s.run_ticks[0]).c_str(), length(s.run_ticks[1]).c_str(),
                                   length(s.run_ticks[2]).c_str()));
        });
    row(tr("tickets asked"), tr("Route tickets the AI asked the path service for (handed over after its run, in agent order)."),
        [&](const EngineTickStats& s) { return std::to_string(s.routes_asked); });
    row(under(tr("shared / cached / searches")), tr("Shared a search still pending; given a route found already; a new search."),
        [&](const EngineTickStats& s) {
            return tickets_shown(session, formatted("%u / %u / %u", s.routes_shared, s.routes_cached, s.searches));
        });
    row(tr("locked queue: contended posts"), tr("Posts that found the one queue's lock taken, and the time spent waiting for it (locked queue only)."),
        [&](const EngineTickStats& s) {
            const std::string text = s.merge.posts.locked_posts == 0 ? std::string("-")
                                                                     : formatted(tr("%u of %u, waited %.3f ms"), s.merge.posts.contended,
                                                                                 s.merge.posts.locked_posts, s.merge.posts.lock_wait_ns * 1e-6);
            return shown(session, "engine_lock_wait_ms", shown(session, "engine_contended", text));
        });
    ImGui::EndTable();
}

}  // namespace tsl::app
