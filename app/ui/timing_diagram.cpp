#include "app/ui/timing_diagram.h"

#include "app/ui/text.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace tsl::app {

namespace {

// The pane, its mode and J, P, gathering, and the mode in a sentence.
void draw_heading(const TimeslicerConfig& ts, const UiFonts& fonts, const char* pane_name) {
    std::string mode(name_of(ts.mode));
    std::transform(mode.begin(), mode.end(), mode.begin(), ::toupper);
    ImGui::PushFont(fonts.bold);
    ImGui::Text("%s%s%s", *pane_name ? pane_name : "", *pane_name ? ": " : "", ts.mode == Mode::UpdateAll ? "Update All" : mode.c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    const std::string gather(name_of(ts.gathering));
    if (ts.mode == Mode::UpdateAll) ImGui::TextDisabled("every key every frame  |  %s gathering", gather.c_str());
    else ImGui::TextDisabled("J = %u, P = %u  |  %s gathering", ts.jobs_per_update, ts.update_every_frames, gather.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", std::string(explain(ts.mode)).c_str());
    ImGui::PopStyleColor();
}

// What each mark means.
void draw_marks_legend(ImDrawList* list, const Palette& p, float font) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    float x = at.x;
    const float cy = at.y + font * 0.55f;
    auto label = [&](const char* text) {
        list->AddText({x, at.y}, ImGui::GetColorU32(ImGuiCol_Text), text);
        x += ImGui::CalcTextSize(text).x + font * 1.2f;
    };
    list->AddCircle({x + font * 0.35f, cy}, font * 0.28f, p.ink.packed(), 0, 1.6f);
    x += font * 0.9f;
    label("input read");
    list->AddRectFilled({x, cy - font * 0.25f}, {x + font * 1.2f, cy + font * 0.25f}, p.running.packed(), 2.0f);
    x += font * 1.5f;
    label("running (start to finish)");
    list->AddLine({x, cy}, {x + font * 1.2f, cy}, p.faint_ink.packed(), 1.5f);
    x += font * 1.5f;
    label("waiting");
    const float d = font * 0.32f;
    list->AddQuadFilled({x + d, cy - d}, {x + 2 * d, cy}, {x + d, cy + d}, {x, cy}, p.saved.packed());
    x += font * 0.9f;
    label("saved: lookups see it");
    ImGui::Dummy({0, font * 1.2f});
}

// The rows drawn: as many jobs of each batch as fit (at most
// kMaxDiagramRowsPerBatch), the first ones and the last one, so that the
// batch's start and its end (where SO saves) both show; `more` counts the
// jobs left out, on the row before a batch's last; `first` is the earliest
// frame any of them touched.
struct Rows {
    std::vector<const JobTiming*> jobs;
    std::vector<int> more;
    std::int64_t first = 0;
};

Rows choose_rows(const std::vector<JobTiming>& jobs, int per_batch) {
    Rows rows;
    rows.first = jobs.front().input >= 0 ? jobs.front().input : jobs.front().start;
    for (std::size_t i = 0; i < jobs.size();) {
        std::size_t end = i;
        while (end < jobs.size() && jobs[end].batch == jobs[i].batch) ++end;
        const int total = static_cast<int>(end - i), shown = std::min(total, per_batch);
        for (std::size_t j = i; j < end; ++j) {
            const std::int64_t begin = jobs[j].input >= 0 ? jobs[j].input : jobs[j].start;
            if (begin >= 0) rows.first = std::min(rows.first, begin);
        }
        for (int k = 0; k < shown; ++k) {
            rows.jobs.push_back(&jobs[k == shown - 1 ? end - 1 : i + static_cast<std::size_t>(k)]);
            rows.more.push_back(0);
        }
        if (total > shown) rows.more[rows.more.size() - 2] = total - shown;
        i = end;
    }
    return rows;
}

// The grid's geometry: a label column, then one column per frame.
struct Grid {
    ImVec2 origin;
    float font = 0, label_w = 0, head_h = 0, row_h = 0, cell = 0, x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    std::int64_t first = 0, columns = 0, now = 0;
    float column_x(std::int64_t frame, float within) const { return x0 + (static_cast<float>(frame - first) + within) * cell; }
};

// Frames: update frames shaded, numbers on a readable stride, "now" marked.
void draw_frames(ImDrawList* list, const Grid& g, const Palette& p, std::uint32_t period) {
    const int stride = std::max(1, static_cast<int>(std::ceil(g.font * 2.6f / g.cell)));
    for (std::int64_t f = g.first; f < g.first + g.columns; ++f) {
        const float cx = g.column_x(f, 0);
        if (f % period == 0) list->AddRectFilled({cx, g.y0}, {cx + g.cell, g.y1}, hex(0xEDEBE5).packed());
        if ((f - g.first) % stride == 0) {
            list->AddText({cx + 1, g.origin.y}, p.faint_ink.packed(), std::to_string(f).c_str());
            list->AddLine({cx, g.y0 - g.font * 0.2f}, {cx, g.y0}, p.faint_ink.packed());
        }
    }
    list->AddRectFilled({g.column_x(g.now, 0), g.y0}, {g.column_x(g.now, 1), g.y1}, p.running.with_alpha(0.12f).packed());
    list->AddText({g.column_x(g.now, 0) + 1, g.y1 + g.font * 0.1f}, p.desired.packed(), "now");
}

// One row per job: its batch and key, and where each event sits inside its
// frame's cell, so that events of one frame still read in order: input,
// start, finish, save.
void draw_rows(ImDrawList* list, const Grid& g, const Palette& p, const Rows& rows) {
    std::uint32_t previous_batch = rows.jobs.front()->batch;
    for (std::size_t r = 0; r < rows.jobs.size(); ++r) {
        const JobTiming& job = *rows.jobs[r];
        const float top = g.y0 + static_cast<float>(r) * g.row_h, mid = top + g.row_h * 0.5f, half = std::min(g.row_h * 0.3f, g.font * 0.35f);
        if (job.batch != previous_batch) list->AddLine({g.origin.x, top}, {g.x1, top}, p.ink.packed(), 1.5f);
        previous_batch = job.batch;
        // The batch named on its first row; a batch's last row counts the jobs left out.
        const ImU32 ink = job.batch == rows.jobs.back()->batch ? p.ink.packed() : p.faint_ink.packed();
        const bool first_of_batch = r == 0 || rows.jobs[r - 1]->batch != job.batch;
        if (first_of_batch) list->AddText({g.origin.x, mid - g.font * 0.5f}, ink, formatted("batch %u", job.batch).c_str());
        else if (rows.more[r] > 0) list->AddText({g.origin.x, mid - g.font * 0.5f}, p.faint_ink.packed(), formatted("+%d more", rows.more[r]).c_str());
        const std::string key = formatted("key %llu", static_cast<unsigned long long>(job.key));
        list->AddText({g.x0 - g.font * 0.5f - ImGui::CalcTextSize(key.c_str()).x, mid - g.font * 0.5f}, ink, key.c_str());
        const float xi = g.column_x(job.input, 0.18f), xs = g.column_x(job.start, 0.32f);
        const float xf = g.column_x(job.finish, 0.68f), xv = g.column_x(job.save, 0.84f);
        if (job.input >= 0 && job.start >= 0) list->AddLine({xi, mid}, {xs, mid}, p.faint_ink.packed(), 1.5f);
        if (job.input >= 0 && job.start < 0) list->AddLine({xi, mid}, {g.column_x(g.now, 1), mid}, p.faint_ink.packed(), 1.5f);
        if (job.start >= 0) {
            const float end = job.finish >= 0 ? xf : g.column_x(g.now, 1);
            list->AddRectFilled({xs, mid - half}, {std::max(end, xs + 2), mid + half}, p.running.packed(), 2.0f);
        }
        if (job.finish >= 0) list->AddLine({xf, mid}, {job.save >= 0 ? xv : g.column_x(g.now, 1), mid}, p.faint_ink.packed(), 1.5f);
        if (job.input >= 0) {
            list->AddCircleFilled({xi, mid}, half * 0.8f, p.background.packed());
            list->AddCircle({xi, mid}, half * 0.8f, p.ink.packed(), 0, 1.6f);
        }
        if (job.save >= 0) {
            const float d = half * 1.05f;
            list->AddQuadFilled({xv, mid - d}, {xv + d, mid}, {xv, mid + d}, {xv - d, mid}, p.saved.packed());
        }
    }
}

}  // namespace

void draw_timing_diagram(const TraceLog& log, const NpcScene& scene, const UiFonts& fonts, PaletteKind kind, const char* pane_name) {
    const Palette& p = palette(kind);
    const NpcSceneConfig& config = scene.config();
    const TimeslicerConfig& ts = config.timeslicing;
    if (config.npc_count > LabSession::kDiagramMaxKeys) {
        ImGui::TextWrapped("The timing diagram follows up to %u NPCs; this pane has %u.", LabSession::kDiagramMaxKeys, config.npc_count);
        return;
    }
    draw_heading(ts, fonts, pane_name);
    ImDrawList* list = ImGui::GetWindowDrawList();
    Grid g;
    g.font = ImGui::GetFontSize();
    draw_marks_legend(list, p, g.font);

    const std::vector<JobTiming> jobs = job_timings(log.records(), 2);
    if (jobs.empty()) {
        ImGui::TextDisabled("No batch yet: step the simulation.");
        return;
    }
    g.head_h = g.font * 1.3f;
    const float min_row_h = g.font * 1.05f;
    const float rows_room = ImGui::GetContentRegionAvail().y - g.head_h - g.font * 1.3f;
    const Rows rows = choose_rows(jobs, std::clamp(static_cast<int>(rows_room / (2 * min_row_h)), 2, kMaxDiagramRowsPerBatch));
    g.now = scene.frames_stepped() - 1;  // the frame last stepped
    g.first = std::max<std::int64_t>(0, std::min(rows.first, g.now));
    g.columns = g.now - g.first + 2;  // one spare column for what comes next
    g.origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    g.label_w = ImGui::CalcTextSize("batch 00  key 00000").x + g.font;
    g.row_h = std::clamp((avail.y - g.head_h - g.font * 1.3f) / static_cast<float>(std::max<std::size_t>(1, rows.jobs.size())), g.font * 0.6f,
                         g.font * 1.3f);
    g.cell = std::max(2.0f, (avail.x - g.label_w) / static_cast<float>(g.columns));
    g.x0 = g.origin.x + g.label_w;
    g.y0 = g.origin.y + g.head_h;
    g.x1 = g.x0 + g.cell * static_cast<float>(g.columns);
    g.y1 = g.y0 + g.row_h * static_cast<float>(rows.jobs.size());
    draw_frames(list, g, p, ts.mode == Mode::UpdateAll ? 1 : ts.update_every_frames);
    draw_rows(list, g, p, rows);
    ImGui::Dummy({avail.x, g.head_h + g.row_h * static_cast<float>(rows.jobs.size()) + g.font * 1.2f});
}

}  // namespace tsl::app
