#include "app/ui/timing_diagram.h"

#include "app/ui/text.h"
#include "app/ui/ui_text.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace tsl::app {

namespace {

// The pane, its mode and J, P, gathering (the mode in a sentence is drawn by
// draw_explanation, above the grid or under it).
void draw_heading(const TimeslicerConfig& ts, const UiFonts& fonts, const char* pane_name) {
    std::string mode(name_of(ts.mode));
    std::transform(mode.begin(), mode.end(), mode.begin(), ::toupper);
    ImGui::PushFont(fonts.bold);
    ImGui::Text("%s%s%s", *pane_name ? pane_name : "", *pane_name ? ": " : "", ts.mode == Mode::UpdateAll ? tr("Update All") : mode.c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    // The gathering's name_of ("same-frame") in a phrase of its own, for the languages.
    const char* gather = ts.gathering == Gathering::NextFrame ? tr("next-frame gathering") : tr("same-frame gathering");
    const char* save = !saves_outputs_at_batch_end(ts.mode)       ? ""
                       : ts.sync_save == SyncSave::NextBatch ? tr("  |  output saved when the next batch starts")
                                                             : tr("  |  output saved at the batch's last finish");
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (ts.mode == Mode::UpdateAll) wrapped_in_language(formatted(tr("every key every frame  |  %s"), gather));
    else wrapped_in_language(formatted("J = %u, P = %u  |  %s%s", ts.jobs_per_update, ts.update_every_frames, gather, save));
    ImGui::PopStyleColor();
}

void draw_explanation(const TimeslicerConfig& ts) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    wrapped_in_language(tr_of(explain(ts.mode)));
    ImGui::PopStyleColor();
}

float explanation_height(const TimeslicerConfig& ts) {
    const std::string text = tr_of(explain(ts.mode));
    return ImGui::CalcTextSize(text.c_str(), nullptr, false, ImGui::GetContentRegionAvail().x).y + ImGui::GetStyle().ItemSpacing.y;
}

// What each mark means, wrapping to the width available; returns its height.
// With no draw list, only measures.
float draw_marks_legend(ImDrawList* list, const Palette& p, float font) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float right = at.x + ImGui::GetContentRegionAvail().x;
    float x = at.x, y = at.y;
    // A mark `mark_w` wide drawn at (x, centre y), then its label; a new row when both do not fit.
    auto entry = [&](float mark_w, const char* text, auto&& draw_mark) {
        const float w = mark_w + ImGui::CalcTextSize(text).x;
        if (x > at.x && x + w > right) {
            x = at.x;
            y += font * 1.3f;
        }
        if (list) {
            draw_mark(x, y + font * 0.55f);
            list->AddText({x + mark_w, y}, ImGui::GetColorU32(ImGuiCol_Text), text);
        }
        x += w + font * 1.2f;
    };
    entry(font * 0.9f, tr("input read"), [&](float mx, float cy) { list->AddCircle({mx + font * 0.35f, cy}, font * 0.28f, p.ink.packed(), 0, 1.6f); });
    entry(font * 1.5f, tr("running (start to finish)"), [&](float mx, float cy) {
        list->AddRectFilled({mx, cy - font * 0.25f}, {mx + font * 1.2f, cy + font * 0.25f}, p.running.packed(), 2.0f);
    });
    entry(font * 1.5f, tr("waiting"), [&](float mx, float cy) { list->AddLine({mx, cy}, {mx + font * 1.2f, cy}, p.faint_ink.packed(), 1.5f); });
    entry(font * 0.9f, tr("saved: lookups see it"), [&](float mx, float cy) {
        const float d = font * 0.32f;
        list->AddQuadFilled({mx + d, cy - d}, {mx + 2 * d, cy}, {mx + d, cy + d}, {mx, cy}, p.saved.packed());
    });
    const float height = y - at.y + font * 1.2f;
    if (list) ImGui::Dummy({0, height});
    return height;
}

// --- The rows ------------------------------------------------------------------------------
//
// Every job of both batches gets a row, the rows as tall as the room allows
// (from a few pixels, where the marks still show, to a line of text), with
// room kept for the current batch's jobs still to come, so that rows do not
// change height as the batch fills. Only when the rows do not fit even at
// their least height does each batch keep its first jobs and its last (so
// its start and its end, where SO saves, both show), with a "+N more keys"
// line between that unfolds every row (the dock then scrolls).

struct Item {
    const JobTiming* job = nullptr;  // nullptr: the "+N more keys" line
    int hidden = 0;                  // on that line: how many
    bool first_of_batch = false, labelled = false;
    float y = 0, h = 0;              // from the grid's top
    float label_y = 0;               // the key's label's top, when labelled (and the batch's, on its first row)
};

struct RowLayout {
    std::vector<Item> items;
    float row_h = 0, height = 0;
};

float least_row_height(float font) { return std::max(4.0f, std::round(font * 0.24f)); }

// Each batch: [begin, end) in `jobs`.
std::vector<std::pair<std::size_t, std::size_t>> batch_ranges(const std::vector<JobTiming>& jobs) {
    std::vector<std::pair<std::size_t, std::size_t>> batches;
    for (std::size_t i = 0; i < jobs.size();) {
        std::size_t end = i;
        while (end < jobs.size() && jobs[end].batch == jobs[i].batch) ++end;
        batches.emplace_back(i, end);
        i = end;
    }
    return batches;
}

// Rows kept: two whole batches (the second still filling, or still to come).
std::size_t reserved_rows(const std::vector<JobTiming>& jobs, std::size_t batch_size) {
    const auto batches = batch_ranges(jobs);
    std::size_t reserved = 0;
    for (const auto& [b, e] : batches) reserved += std::max(batch_size, e - b);
    if (batches.size() < 2) reserved += batch_size;
    return std::max<std::size_t>(1, reserved);
}

RowLayout lay_out_rows(const std::vector<JobTiming>& jobs, std::size_t batch_size, float room, float font, bool unfold, std::int64_t follow) {
    const auto batches = batch_ranges(jobs);
    const std::size_t reserved = reserved_rows(jobs, batch_size);
    const float least = least_row_height(font), most = font * 1.3f, more_h = font * 1.3f;
    RowLayout out;
    std::size_t keep = SIZE_MAX;  // rows a batch keeps
    if (!unfold && static_cast<float>(reserved) * least > room) {
        const float rows_room = room - static_cast<float>(batches.size()) * more_h;
        keep = std::max<std::size_t>(2, static_cast<std::size_t>(std::max(0.0f, rows_room / least)) / std::max<std::size_t>(2, batches.size()));
        out.row_h = least;
    } else {
        out.row_h = std::clamp(room / static_cast<float>(std::max<std::size_t>(1, reserved)), least, most);
    }
    float y = 0;
    std::vector<float> block_end;  // each batch's bottom, its jobs still to come included
    for (const auto& [b, e] : batches) {
        const std::size_t total = e - b, shown = std::min(total, keep);
        // The NPC followed keeps its row, before the "+N more" line, in place of the one there.
        std::size_t followed = e;
        for (std::size_t j = b; j < e; ++j)
            if (static_cast<std::int64_t>(jobs[j].key) == follow) followed = j;
        const bool swap_in = followed < e && total > shown && followed >= b + shown - 1 && followed + 1 < e && shown >= 2;
        for (std::size_t k = 0; k < shown; ++k) {
            std::size_t j = k + 1 == shown ? e - 1 : b + k;  // the last row: the batch's last job
            if (swap_in && k + 2 == shown) j = followed;
            if (k + 1 == shown && total > shown) {
                out.items.push_back({nullptr, static_cast<int>(total - shown), false, false, y, more_h});
                y += more_h;
            }
            out.items.push_back({&jobs[j], 0, k == 0, false, y, out.row_h});
            y += out.row_h;
        }
        if (total < batch_size && keep == SIZE_MAX) y += out.row_h * static_cast<float>(batch_size - total);  // jobs still to come
        block_end.push_back(y);
    }
    if (batches.size() < 2 && keep == SIZE_MAX) y += out.row_h * static_cast<float>(batch_size);
    // Key labels a line high, none overlapping, each as near its row's middle
    // as its batch allows: the batch's first and its last (moved inside the
    // batch when its rows are short: two batches' labels never meet), then as
    // many rows between as have a line of room.
    std::size_t batch = 0;
    for (std::size_t i = 0; i < out.items.size(); ++batch) {
        std::size_t end = i + 1;
        while (end < out.items.size() && !out.items[end].first_of_batch) ++end;
        Item& head = out.items[i];
        Item& tail = out.items[end - 1];
        const float bottom = block_end[batch];
        auto centred = [&](const Item& item) { return item.y + item.h * 0.5f - font * 0.5f; };
        head.labelled = true;
        head.label_y = std::max(centred(head), head.y);
        const float head_end = head.label_y + font;
        float tail_top = bottom;
        if (&tail != &head) {
            const float t = std::clamp(centred(tail), head_end, std::max(head_end, bottom - font));
            tail.labelled = t + font <= bottom + 0.5f && t <= tail.y + tail.h && t + font >= tail.y;
            tail.label_y = t;
            if (tail.labelled) tail_top = t;
        }
        float free_from = head_end;
        for (std::size_t r = i + 1; r + 1 < end; ++r) {
            Item& item = out.items[r];
            if (!item.job) {  // the "+N more" line: labels go on after it
                free_from = std::max(free_from, item.y + item.h);
                continue;
            }
            const float t = centred(item);
            if (t >= free_from && t + font <= tail_top) {
                item.labelled = true;
                item.label_y = t;
                free_from = t + font;
            }
        }
        i = end;
    }
    out.height = y;
    return out;
}

// The grid's geometry: a label column, then one column per frame.
struct Grid {
    ImVec2 origin;
    float font = 0, label_w = 0, head_h = 0, cell = 0, x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    std::int64_t first = 0, columns = 0, now = 0;
    float column_x(std::int64_t frame, float within) const { return x0 + (static_cast<float>(frame - first) + within) * cell; }
};

// Frames: update frames shaded, numbers on a readable stride, "now" marked
// over its column (numbers it would cover left out).
void draw_frames(ImDrawList* list, const Grid& g, const Palette& p, Rgba shade, std::uint32_t period) {
    const int stride = std::max(1, static_cast<int>(std::ceil(g.font * 2.6f / g.cell)));
    const char* now = tr("now");
    const float now_x = g.column_x(g.now, 0), now_w = ImGui::CalcTextSize(now).x;
    const float now_text_x = std::min(now_x + 1, g.x1 - now_w);
    for (std::int64_t f = g.first; f < g.first + g.columns; ++f) {
        const float cx = g.column_x(f, 0);
        if (f % period == 0) list->AddRectFilled({cx, g.y0}, {cx + g.cell, g.y1}, shade.packed());
        if ((f - g.first) % stride == 0) {
            list->AddLine({cx, g.y0 - g.font * 0.2f}, {cx, g.y0}, p.faint_ink.packed());
            const std::string number = std::to_string(f);
            if (cx + 1 + ImGui::CalcTextSize(number.c_str()).x + g.font * 0.3f < now_text_x)
                list->AddText({cx + 1, g.origin.y}, p.faint_ink.packed(), number.c_str());
        }
    }
    list->AddRectFilled({now_x, g.y0}, {g.column_x(g.now, 1), g.y1}, p.running.with_alpha(0.12f).packed());
    list->AddText({now_text_x, g.origin.y}, p.desired.packed(), now);
}

// One row per job: its batch and key, and where each event sits inside its
// frame's cell, so that events of one frame still read in order: input,
// start, finish, save. The marks scale with the row, down to a few pixels.
void draw_job(ImDrawList* list, const Grid& g, const Palette& p, const Item& item, ImU32 ink) {
    const JobTiming& job = *item.job;
    const float top = g.y0 + item.y, mid = top + item.h * 0.5f;
    const float half = std::max(1.5f, std::min(item.h * 0.36f, g.font * 0.35f));  // the bar's half height
    const float line_w = item.h < 8 ? 1.0f : 1.5f;
    const float text_y = g.y0 + item.label_y;
    if (item.first_of_batch) list->AddText({g.origin.x, text_y}, ink, formatted(tr("batch %u"), job.batch).c_str());
    if (item.labelled) {
        const std::string key = formatted(tr("key %llu"), static_cast<unsigned long long>(job.key));
        list->AddText({g.x0 - g.font * 0.5f - ImGui::CalcTextSize(key.c_str()).x, text_y}, ink, key.c_str());
    }
    const float xi = g.column_x(job.input, 0.18f), xs = g.column_x(job.start, 0.32f);
    const float xf = g.column_x(job.finish, 0.68f), xv = g.column_x(job.save, 0.84f);
    if (job.input >= 0 && job.start >= 0) list->AddLine({xi, mid}, {xs, mid}, p.faint_ink.packed(), line_w);
    if (job.input >= 0 && job.start < 0) list->AddLine({xi, mid}, {g.column_x(g.now, 1), mid}, p.faint_ink.packed(), line_w);
    if (job.start >= 0) {
        const float end = job.finish >= 0 ? xf : g.column_x(g.now, 1);
        list->AddRectFilled({xs, mid - half}, {std::max(end, xs + 2), mid + half}, p.running.packed(), std::min(2.0f, half * 0.5f));
    }
    if (job.finish >= 0) list->AddLine({xf, mid}, {job.save >= 0 ? xv : g.column_x(g.now, 1), mid}, p.faint_ink.packed(), line_w);
    if (job.input >= 0) {
        const float r = std::max(2.5f, half * 0.9f);
        list->AddCircleFilled({xi, mid}, r, p.background.packed());
        list->AddCircle({xi, mid}, r, p.ink.packed(), 0, r < 3 ? 1.2f : 1.6f);
    }
    if (job.save >= 0) {
        const float d = std::max(3.0f, half * 1.15f);
        list->AddQuadFilled({xv, mid - d}, {xv + d, mid}, {xv, mid + d}, {xv - d, mid}, p.saved.packed());
    }
}

// The line standing for a batch's keys left out: a click unfolds every row.
bool more_keys_line(ImDrawList* list, const Grid& g, const Item& item, int index) {
    const ImVec2 at{g.origin.x, g.y0 + item.y};
    ImGui::SetCursorScreenPos(at);
    ImGui::PushID(index);
    const bool clicked = ImGui::InvisibleButton("more keys", {g.x1 - g.origin.x, item.h});
    const bool hovered = ImGui::IsItemHovered();
    ImGui::PopID();
    if (hovered) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    tooltip(tr("Show every key of each batch at the least row height; the dock then scrolls."));
    // Over the grid, clear of the key labels on the rows around it.
    const std::string text = formatted(tr("+%d more keys: show all"), item.hidden);
    const ImU32 colour = ImGui::GetColorU32(hovered ? ImGuiCol_Text : ImGuiCol_TextDisabled);
    const float tx = g.x0 + g.font * 0.4f, ty = at.y + (item.h - g.font) * 0.5f;
    list->AddRectFilled({g.x0, at.y + 1}, {g.x1, at.y + item.h - 1}, ImGui::GetColorU32(hovered ? ImGuiCol_FrameBgHovered : ImGuiCol_FrameBg));
    list->AddText({tx, ty}, colour, text.c_str());
    if (hovered) list->AddLine({tx, ty + g.font}, {tx + ImGui::CalcTextSize(text.c_str()).x, ty + g.font}, colour);
    return clicked;
}

}  // namespace

// The NPC followed: its ring's colour, and its jobs of the two batches in words.
void draw_followed(const std::vector<JobTiming>& jobs, const NpcScene& scene, std::int64_t key, const Palette& p) {
    const std::vector<JobTiming> mine = jobs_of(jobs, static_cast<std::uint64_t>(key));
    std::string text = formatted(tr("Key %lld, ringed"), static_cast<long long>(key));
    const auto npcs = scene.npcs();
    if (key < static_cast<std::int64_t>(npcs.size()))
        text += formatted(tr(", acts on the target of frame %lld"), static_cast<long long>(npcs[static_cast<std::size_t>(key)].decision.input_frame));
    if (mine.empty()) text += tr("; no job of it in these batches yet");
    for (const JobTiming& job : mine) text += "  |  " + describe_job(job, ui_words());
    ImGui::PushStyleColor(ImGuiCol_Text, p.desired.packed());
    wrapped_in_language(text);
    ImGui::PopStyleColor();
}

void draw_timing_diagram(const TraceLog& log, const NpcScene& scene, const UiStyle& style, PaletteKind kind, const char* pane_name,
                         std::int64_t follow) {
    const Palette p = overlay_palette(kind, style.theme());
    const UiFonts& fonts = style.fonts();
    const NpcSceneConfig& config = scene.config();
    const TimeslicerConfig& ts = config.timeslicing;
    if (config.npc_count > LabSession::kDiagramMaxKeys) {
        wrapped_in_language(formatted(tr("The timing diagram follows up to %u NPCs; this pane has %u."), LabSession::kDiagramMaxKeys, config.npc_count));
        return;
    }
    draw_heading(ts, fonts, pane_name);
    ImDrawList* list = ImGui::GetWindowDrawList();
    Grid g;
    g.font = ImGui::GetFontSize();
    g.head_h = g.font * 1.3f;
    const std::vector<JobTiming> jobs = job_timings(log.records(), 2);
    if (follow >= 0 && follow < static_cast<std::int64_t>(config.npc_count)) draw_followed(jobs, scene, follow, p);
    else follow = -1;
    // Every key shown at the least row height, the dock scrolling (a click on "+N more keys").
    ImGuiStorage* state = ImGui::GetStateStorage();
    const ImGuiID unfold_id = ImGui::GetID("timing diagram: every key");
    const bool unfold = state->GetBool(unfold_id, false);

    // Above the grid, as room allows: the mode's sentence when the rows keep
    // 0.4 of a line each with it there; the marks' legend when the rows keep
    // their least height with it there. What does not fit goes under the
    // grid, where the dock scrolls to it.
    const std::size_t batch_size = config.npc_count;  // a batch: every NPC once
    const float legend_h = draw_marks_legend(nullptr, p, g.font), explain_h = explanation_height(ts);
    const float bottom_h = ImGui::GetStyle().ItemSpacing.y + ImGui::GetStyle().WindowPadding.y;
    const float room = ImGui::GetContentRegionAvail().y - g.head_h - bottom_h;
    const auto reserved = static_cast<float>(reserved_rows(jobs, batch_size));
    const bool explain_above = room - legend_h - explain_h >= reserved * g.font * 0.4f;
    const bool legend_above = explain_above || room - legend_h >= reserved * least_row_height(g.font);
    if (explain_above) draw_explanation(ts);
    if (legend_above) draw_marks_legend(list, p, g.font);
    auto draw_below = [&] {
        if (!legend_above) draw_marks_legend(list, p, g.font);
        if (!explain_above) draw_explanation(ts);
    };
    if (jobs.empty()) {
        ImGui::TextDisabled("%s", tr("No batch yet: step the simulation."));
        draw_below();
        return;
    }
    const float rows_room = room - (explain_above ? explain_h : 0.0f) - (legend_above ? legend_h : 0.0f);
    const RowLayout rows = lay_out_rows(jobs, batch_size, rows_room, g.font, unfold, follow);

    g.now = scene.frames_stepped() - 1;  // the frame last stepped
    std::int64_t first = g.now;
    for (const JobTiming& job : jobs) {
        const std::int64_t begin = job.input >= 0 ? job.input : job.start;
        if (begin >= 0) first = std::min(first, begin);
    }
    g.first = std::max<std::int64_t>(0, std::min(first, g.now));
    g.columns = g.now - g.first + 2;  // one spare column for what comes next
    g.origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    g.label_w = ImGui::CalcTextSize(tr("batch 00  key 00000")).x + g.font;  // a batch's label and a key's, as the languages write them
    const float room_x = avail.x - g.label_w;
    g.cell = std::max(2.0f, room_x / static_cast<float>(g.columns));
    g.x0 = g.origin.x + g.label_w;
    g.y0 = g.origin.y + g.head_h;
    g.x1 = g.x0 + g.cell * static_cast<float>(g.columns);
    g.y1 = g.y0 + rows.height;
    draw_frames(list, g, p, style.plot_colours().grid, ts.mode == Mode::UpdateAll ? 1 : ts.update_every_frames);

    // Rows outside the window's visible part are skipped (thousands of keys unfolded).
    const float clip_y0 = list->GetClipRectMin().y, clip_y1 = list->GetClipRectMax().y;
    const std::uint32_t newest = jobs.back().batch;
    bool unfold_clicked = false;
    for (std::size_t i = 0; i < rows.items.size(); ++i) {
        const Item& item = rows.items[i];
        if (item.job && item.first_of_batch && i > 0)
            list->AddLine({g.origin.x, g.y0 + item.y}, {g.x1, g.y0 + item.y}, p.ink.packed(), 1.5f);
        if (g.y0 + item.y + item.h < clip_y0 - g.font || g.y0 + item.y > clip_y1 + g.font) continue;
        if (item.job && static_cast<std::int64_t>(item.job->key) == follow)  // the NPC followed: its rows marked
            list->AddRectFilled({g.origin.x, g.y0 + item.y}, {g.x1, g.y0 + item.y + item.h}, p.desired.with_alpha(0.18f).packed());
        if (item.job) draw_job(list, g, p, item, item.job->batch == newest ? p.ink.packed() : p.faint_ink.packed());
        else unfold_clicked |= more_keys_line(list, g, item, static_cast<int>(i));
    }
    ImGui::SetCursorScreenPos(g.origin);
    ImGui::Dummy({avail.x, g.head_h + rows.height + ImGui::GetStyle().ItemSpacing.y});
    if (unfold_clicked) state->SetBool(unfold_id, true);
    // Unfolded past the room: the way back.
    if (unfold && rows.height > rows_room) {
        if (ImGui::SmallButton(tr_label("Fold the rows to fit the dock"))) state->SetBool(unfold_id, false);
        tooltip(tr("Show each batch's first keys and its last in the dock's height, the others counted on a \"+N more keys\" line."));
    }
    draw_below();
}

}  // namespace tsl::app
