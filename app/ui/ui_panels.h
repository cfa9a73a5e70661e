// ui_panels.h — the control panel and what is drawn over the scene (captions,
// batch progress, legends). Immediate mode: each function reads the session
// and returns what the user asked for as commands (UiRequests); none of them
// changes a setting or steps a scene while it draws.
#pragma once

#include "app/ui/field_controls.h"
#include "app/ui/layout.h"
#include "app/ui/ui_style.h"

#include "core/session/lab_session.h"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include <imgui.h>

namespace tsl::app {

// What the UI asked for this frame: commands for the session, and what the
// app itself does (recordings and snapshots).
struct UiRequests {
    std::vector<Command> commands;
    bool record_start = false, record_stop = false, record_cancel = false;
    bool snapshot = false;  // a PNG of the scene area
    bool copy_link = false;  // "Copy link to this view" (where the platform offers it)
    bool open_file = false;  // "Open a file..." (where the platform offers it)
};

// A GIF being recorded, as the panel shows it (the frame's Recording, read).
struct RecordingProgress {
    bool active = false;
    int frames = 0, frames_expected = 0;  // frames_expected 0: until stopped
    int width = 0, height = 0;
    std::size_t estimated_bytes = 0;      // at the end, from the rate so far
};

// What the panel shows besides the session.
struct PanelContext {
    const LabSession& session;
    double display_frame_ms = 0;        // smoothed time between displayed frames (0 when unknown)
    RecordingProgress recording;        // the GIF being recorded, if any
    bool can_copy_link = false;         // the platform copies a link to the view (the browser page)
    bool can_open_file = false;         // the platform opens a preset or lesson file the user picks (the browser page)
    // The scene shown's own sections, between the lessons and recording (the
    // frame's view of that scene, app/frame/scene_view.h); none — no sections.
    std::function<void(FieldSection& fields)> scene_sections;
};

void draw_control_panel(const PanelContext& context, const UiFonts& fonts, const PixelRect& rect, UiRequests& requests);
// The panel folded away (settings.panel_open false): a strip with the button that opens it.
void draw_folded_panel(const PixelRect& rect, UiRequests& requests);

// Parts of the panel.
void draw_lessons_section(const PanelContext& context, const UiFonts& fonts, UiRequests& requests);
// Presets, the number of panes, and the summary table whose rows pick the pane the panel edits.
void draw_comparison_section(FieldSection& fields, const LabSession& session, const UiFonts& fonts);
void draw_npc_sections(FieldSection& fields, const LabSession& session, const UiFonts& fonts);
void draw_exposure_sections(FieldSection& fields, const LabSession& session, const UiFonts& fonts);
void draw_view_section(FieldSection& fields, const UiFonts& fonts, UiRequests& requests);
// GIF recording of the scene area and PNG snapshots.
void draw_record_section(FieldSection& fields, const RecordingProgress& recording, const UiFonts& fonts, UiRequests& requests);

// The exposure scene's caption, the article's three figures, pass progress
// and legend, drawn over the scene area; and the tickets in flight.
void draw_exposure_overlay(ImDrawList* list, const UiFonts& fonts, const LabSession& session, const PixelRect& rect, int pane, bool outline = true);
// A lesson's open question is about the exposure scene's timings: they wait for the reveal.
bool exposure_answer_hidden(const LabSession& session);
void draw_tickets_panel(const ExposureScene& scene);
// The path service's tickets in flight and its counts; `none` when there are no tickets.
void draw_path_tickets(const PathService& paths, const char* none);

// The engine scene (engine_panels.cpp): its panel sections, what is drawn
// over pane `pane`, and the Counters tab (every counter of the last tick, per pane).
void draw_engine_sections(FieldSection& fields, const LabSession& session, const UiFonts& fonts);
// `outline`: the edited pane's outline (off in pictures of the scene: snapshots, recordings).
void draw_engine_overlay(ImDrawList* list, const UiFonts& fonts, const LabSession& session, const PixelRect& rect, int pane, bool outline = true);
void draw_engine_counters(const LabSession& session);
// A lesson's open question is about this engine measure: it waits for the reveal.
bool engine_measure_hidden(const LabSession& session, const char* measure);

// A section of the panel that can be folded away; open by default.
bool section(const UiFonts& fonts, const char* title);
// A rate for people: "10", "3.33", "60,000".
std::string rate_number(double per_s);

// Caption (mode and rate), batch progress, legend and frame counter, drawn
// over the scene area with `list`. `pane` of `panes`: with more than one, the
// caption also names the threading and carries the pane's letter in its plot colour;
// `outline`: the edited pane's outline (off in pictures of the scene: snapshots, recordings).
void draw_npc_overlay(ImDrawList* list, const UiFonts& fonts, const LabSettings& settings, const NpcScene& scene,
                      const PixelRect& rect, int pane = 0, int panes = 1, bool outline = true);
// The article's demo (NpcLook::Article): its title, rate and "Debug: On/Off" captions on its stage.
void draw_article_overlay(ImDrawList* list, const UiFonts& fonts, const LabSession& session, const ArticleStage& stage);
// "10 updates/s  |  each NPC every 1.0 s  |  J = 1, P = 3  |  inline, same frame"
// and shorter forms, longest first.
std::vector<std::string> pane_subtitles(const NpcSceneConfig& config, bool with_threading);

}  // namespace tsl::app
