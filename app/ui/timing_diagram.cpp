#include "app/ui/timing_diagram.h"

#include "app/ui/text.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace tsl::app {

void draw_timing_diagram(const TraceLog& log, const NpcScene& scene, const UiFonts& fonts, PaletteKind kind, const char* pane_name) {
    const Palette& p = palette(kind);
    const NpcSceneConfig& config = scene.config();
    const TimeslicerConfig& ts = config.timeslicing;
    if (config.npc_count > LabSession::kDiagramMaxKeys) {
        ImGui::TextWrapped("The timing diagram follows up to %u NPCs; this pane has %u.", LabSession::kDiagramMaxKeys, config.npc_count);
        return;
    }
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

    // Legend: what each mark means.
    ImDrawList* list = ImGui::GetWindowDrawList();
    const float font = ImGui::GetFontSize();
    {
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

    const std::vector<JobTiming> jobs = job_timings(log.records(), 2);
    if (jobs.empty()) {
        ImGui::TextDisabled("No batch yet: step the simulation.");
        return;
    }
    // Rows: as many jobs of each batch as fit (at most kMaxDiagramRowsPerBatch), the
    // rest counted; columns: the frames they span.
    const float head_h = font * 1.3f, min_row_h = font * 1.05f;
    const float rows_room = ImGui::GetContentRegionAvail().y - head_h - font * 1.3f;
    const int per_batch = std::clamp(static_cast<int>(rows_room / (2 * min_row_h)), 2, kMaxDiagramRowsPerBatch);
    std::vector<const JobTiming*> rows;
    std::vector<int> more;  // per row: jobs of its batch not drawn, on the batch's last drawn row
    std::int64_t first = jobs.front().input >= 0 ? jobs.front().input : jobs.front().start;
    for (std::size_t i = 0; i < jobs.size();) {
        // A batch's jobs are [i, end): the first ones and the last one are
        // drawn, so the batch's start and its end (where SO saves) both show.
        std::size_t end = i;
        while (end < jobs.size() && jobs[end].batch == jobs[i].batch) ++end;
        const int total = static_cast<int>(end - i), shown = std::min(total, per_batch);
        for (std::size_t j = i; j < end; ++j) {
            const std::int64_t begin = jobs[j].input >= 0 ? jobs[j].input : jobs[j].start;
            if (begin >= 0) first = std::min(first, begin);
        }
        for (int k = 0; k < shown; ++k) {
            rows.push_back(&jobs[k == shown - 1 ? end - 1 : i + k]);
            more.push_back(0);
        }
        if (total > shown) more[more.size() - 2] = total - shown;  // on the row before the last
        i = end;
    }
    const std::int64_t now = scene.frames_stepped() - 1;  // the frame last stepped
    first = std::max<std::int64_t>(0, std::min(first, now));
    const std::int64_t columns = now - first + 2;            // one spare column for what comes next

    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float label_w = ImGui::CalcTextSize("batch 00  key 00000").x + font;
    const float row_h = std::clamp((avail.y - head_h - font * 1.3f) / std::max<std::size_t>(1, rows.size()), font * 0.6f, font * 1.3f);
    const float cell = std::max(2.0f, (avail.x - label_w) / static_cast<float>(columns));
    const float x0 = origin.x + label_w, y0 = origin.y + head_h;
    const float x1 = x0 + cell * columns, y1 = y0 + row_h * rows.size();
    auto column_x = [&](std::int64_t frame, float within) { return x0 + (static_cast<float>(frame - first) + within) * cell; };

    // Frames: update frames shaded, numbers on a readable stride, "now" marked.
    const int stride = std::max(1, static_cast<int>(std::ceil(font * 2.6f / cell)));
    const std::uint32_t period = ts.mode == Mode::UpdateAll ? 1 : ts.update_every_frames;
    for (std::int64_t f = first; f < first + columns; ++f) {
        const float cx = column_x(f, 0);
        if (f % period == 0) list->AddRectFilled({cx, y0}, {cx + cell, y1}, hex(0xEDEBE5).packed());
        if ((f - first) % stride == 0) {
            list->AddText({cx + 1, origin.y}, p.faint_ink.packed(), std::to_string(f).c_str());
            list->AddLine({cx, y0 - font * 0.2f}, {cx, y0}, p.faint_ink.packed());
        }
    }
    list->AddRectFilled({column_x(now, 0), y0}, {column_x(now, 1), y1}, p.running.with_alpha(0.12f).packed());
    list->AddText({column_x(now, 0) + 1, y1 + font * 0.1f}, p.desired.packed(), "now");

    // One row per job.
    std::uint32_t previous_batch = rows.front()->batch;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const JobTiming& job = *rows[r];
        const float top = y0 + r * row_h, mid = top + row_h * 0.5f, half = std::min(row_h * 0.3f, font * 0.35f);
        if (job.batch != previous_batch) list->AddLine({origin.x, top}, {x1, top}, p.ink.packed(), 1.5f);
        previous_batch = job.batch;
        // The batch named on its first row; a batch's last row counts the jobs left out.
        const ImU32 ink = job.batch == rows.back()->batch ? p.ink.packed() : p.faint_ink.packed();
        const bool first_of_batch = r == 0 || rows[r - 1]->batch != job.batch;
        if (first_of_batch) list->AddText({origin.x, mid - font * 0.5f}, ink, formatted("batch %u", job.batch).c_str());
        else if (more[r] > 0) list->AddText({origin.x, mid - font * 0.5f}, p.faint_ink.packed(), formatted("+%d more", more[r]).c_str());
        const std::string key = formatted("key %llu", static_cast<unsigned long long>(job.key));
        list->AddText({x0 - font * 0.5f - ImGui::CalcTextSize(key.c_str()).x, mid - font * 0.5f}, ink, key.c_str());
        // Where each event sits inside its frame's cell, so that events of one
        // frame still read in order: input, start, finish, save.
        const float xi = column_x(job.input, 0.18f), xs = column_x(job.start, 0.32f);
        const float xf = column_x(job.finish, 0.68f), xv = column_x(job.save, 0.84f);
        if (job.input >= 0 && job.start >= 0) list->AddLine({xi, mid}, {xs, mid}, p.faint_ink.packed(), 1.5f);
        if (job.input >= 0 && job.start < 0) list->AddLine({xi, mid}, {column_x(now, 1), mid}, p.faint_ink.packed(), 1.5f);
        if (job.start >= 0) {
            const float end = job.finish >= 0 ? xf : column_x(now, 1);
            list->AddRectFilled({xs, mid - half}, {std::max(end, xs + 2), mid + half}, p.running.packed(), 2.0f);
        }
        if (job.finish >= 0) list->AddLine({xf, mid}, {job.save >= 0 ? xv : column_x(now, 1), mid}, p.faint_ink.packed(), 1.5f);
        if (job.input >= 0) {
            list->AddCircleFilled({xi, mid}, half * 0.8f, p.background.packed());
            list->AddCircle({xi, mid}, half * 0.8f, p.ink.packed(), 0, 1.6f);
        }
        if (job.save >= 0) {
            const float d = half * 1.05f;
            list->AddQuadFilled({xv, mid - d}, {xv + d, mid}, {xv, mid + d}, {xv - d, mid}, p.saved.packed());
        }
    }
    ImGui::Dummy({avail.x, head_h + row_h * rows.size() + font * 1.2f});
}

}  // namespace tsl::app
