// exposure_panels.cpp — the exposure scene's part of the control panel, what
// is drawn over it (caption, the article's three figures, pass progress,
// legend), and the table of path tickets in flight.
#include "app/render/palette.h"
#include "app/ui/text.h"
#include "app/ui/ui_panels.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <string>

namespace tsl::app {

namespace {

const char* explain(ExposureMode mode) {
    switch (mode) {
        case ExposureMode::Single: return "Every cell's ray on the main thread, every step: the main thread pays for all of it.";
        case ExposureMode::SameFrame:
            return "The rays are spread over the job system, and the main thread waits for them (and helps) before it goes on.";
        case ExposureMode::NextFrame:
            return "The rays run on the job system while the frame goes on; the next step gathers them and swaps the map in. "
                   "The main thread only gathers and launches; the map is one step old.";
        case ExposureMode::Timesliced:
            return "A share of the cells each step, gathered the next step; the map shown is the last complete pass, "
                   "computed from where the eye was when that pass began.";
    }
    return "";
}

const std::vector<std::string>& shipped_levels(const std::string& assets) {
    static std::string listed_for;
    static std::vector<std::string> names;
    if (listed_for != assets) {
        names = level_names(assets + "/levels");
        listed_for = assets;
    }
    return names;
}

ImU32 col(Rgba c) { return c.packed(); }

}  // namespace

void draw_exposure_sections(AppState& state, const ExposureScene& scene, const UiFonts& fonts) {
    ExposureSceneConfig& e = state.exposure;
    if (section(fonts, "Exposure map")) {
        for (std::size_t i = 0; i < std::size(kAllExposureModes); ++i) {
            const ExposureMode mode = kAllExposureModes[i];
            if (ImGui::RadioButton(formatted("%zu  %s", i + 1, std::string(label_of(mode)).c_str()).c_str(), e.mode == mode)) e.mode = mode;
            tooltip(explain(mode));
        }
        ImGui::BeginDisabled(e.mode != ExposureMode::Timesliced);
        float slice = static_cast<float>(e.slice_percent);
        if (ImGui::SliderFloat("slice", &slice, 1.0f, 100.0f, "%.0f%% per step", ImGuiSliderFlags_Logarithmic)) e.slice_percent = slice;
        tooltip("Timesliced: the share of the cells (rays) or of the eight octants (sweep) computed each step.");
        ImGui::EndDisabled();
        ImGui::TextUnformatted("Algorithm");
        ImGui::SameLine();
        if (ImGui::RadioButton("per-cell rays", e.algorithm == ExposureAlgorithm::Rays)) e.algorithm = ExposureAlgorithm::Rays;
        tooltip("The article's: one segment from the eye to every cell, walked through the grid until a wall.");
        ImGui::SameLine();
        if (ImGui::RadioButton("sweep", e.algorithm == ExposureAlgorithm::Sweep)) e.algorithm = ExposureAlgorithm::Sweep;
        tooltip("A visibility sweep (shadowcasting) from the eye: every cell touched about once, the same map. "
                "Check the algorithm before you thread it.");
        int workers = state.workers < 0 ? default_worker_count() : state.workers;
        ImGui::BeginDisabled(e.mode == ExposureMode::Single);
        if (ImGui::SliderInt("workers", &workers, 0, 8)) state.workers = workers;
        tooltip("Worker threads of the job system. 0 is allowed: the main thread then runs the work when it gathers it.");
        ImGui::EndDisabled();
    }
    if (section(fonts, "Level")) {
        const std::vector<std::string>& names = shipped_levels(e.assets_dir);
        if (ImGui::BeginCombo("level", e.level.c_str())) {
            for (const std::string& name : names)
                if (ImGui::Selectable(name.c_str(), e.level == name)) e.level = name;
            if (ImGui::Selectable("random", e.level == "random")) e.level = "random";
            ImGui::EndCombo();
        }
        tooltip("A level from assets/levels, or a random one from a seed. Levels are text files: add your own there.");
        if (e.level == "random") {
            ImGui::InputScalar("seed", ImGuiDataType_U32, &e.seed);
            tooltip("The same seed always makes the same level.");
        }
        ImGui::SliderInt("grid", &e.grid_size, 10, 1000, "%d cells a side", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
        tooltip("Cells per side. 100 x 100 = 10,000 cells, the article's figure; a level is stretched to any size.");
        ImGui::TextDisabled("%d x %d = %s cells", e.grid_size, e.grid_size, rate_number(double(e.grid_size) * e.grid_size).c_str());
        float sentinel = static_cast<float>(e.sentinel_speed), character = static_cast<float>(e.character_speed);
        if (ImGui::SliderFloat("sentinel speed", &sentinel, 0.0f, 0.5f, "%.2f grid/s")) e.sentinel_speed = sentinel;
        tooltip("How fast the sentinel walks its loop, in grid widths per second.");
        if (ImGui::SliderFloat("character speed", &character, 0.0f, 0.5f, "%.2f grid/s")) e.character_speed = character;
        tooltip("How fast the shy character walks to its hiding place.");
        ImGui::Checkbox("show rays", &state.exposure_draw.rays);
        tooltip("A sample of rays from the eye: amber ones reach their cell, blue ones are blocked.");
    }
    if (section(fonts, "This step")) {
        const ExposureMetrics& m = scene.metrics();
        ImGui::Text("main thread    %.3f ms", m.main_ms);
        tooltip("Time the main thread spent in the exposure update: computing, or waiting, or only gathering and launching.");
        ImGui::Text("busy threads   %.3f ms (average of %d)", m.busy_ms, m.busy_threads);
        tooltip("Exposure work per thread that did some, on average: what each busy core spent.");
        ImGui::Text("all threads    %.3f ms", m.total_ms);
        tooltip("Exposure work summed over every thread.");
        ImGui::TextDisabled("%s cells gathered this step", rate_number(static_cast<double>(m.cells)).c_str());
        const Character& c = scene.character();
        ImGui::Text("character: %s", std::string(name_of(c.phase)).c_str());
        tooltip("When the cell it is going to becomes exposed, it asks the path service for path lengths, picks the nearest hidden "
                "cell, asks for a path there, and walks (it keeps walking while it waits for the answers).");
        ImGui::Text("seen %.0f%% of steps, fled %llu times", c.steps ? 100.0 * c.steps_seen / c.steps : 0.0,
                    static_cast<unsigned long long>(c.flights));
        tooltip("The price of old information: the character decides on a map that is one step (next frame) or a whole pass "
                "(timesliced) old, and on path answers a few steps old. Compare the modes.");
    }
}

void draw_exposure_overlay(ImDrawList* list, const UiFonts& fonts, const AppState& state, const ExposureScene& scene,
                           const PixelRect& rect) {
    if (rect.empty()) return;
    const Palette& p = palette(state.palette);
    const SceneBands bands = split_scene_area(rect.w, rect.h);
    const ExposureSceneConfig& e = scene.config();
    auto at = [&](float x, float y) { return ImVec2{rect.x + x, rect.y + y}; };
    auto centred = [&](ImFont* font, float size, const std::string& text, float y, ImU32 colour) {
        const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str());
        list->AddText(font, size, at((rect.w - extent.x) / 2, y), colour, text.c_str());
    };
    list->PushClipRect(at(0, 0), at(rect.w, rect.h), true);

    // Caption: how the map is computed, and on what.
    const float title_px = bands.caption.h * 0.40f, small_px = bands.caption.h * 0.26f;
    const int w = scene.grid().width;
    const std::string subtitle = formatted("%s  |  %d x %d = %s cells  |  %s", e.algorithm == ExposureAlgorithm::Rays ? "per-cell rays" : "sweep",
                                           w, w, rate_number(double(w) * w).c_str(), scene.level().name.c_str());
    centred(fonts.caption, title_px, std::string(label_of(e.mode)), bands.caption.h * 0.12f, col(p.ink));
    centred(fonts.regular, small_px, subtitle, bands.caption.h * 0.12f + title_px * 1.12f, col(p.faint_ink));
    const float margin = small_px * 0.8f;
    const std::string clock = formatted("frame %lld  |  %.2f s", static_cast<long long>(scene.frames_stepped()), scene.frames_stepped() * scene.step_s());
    if (fonts.regular->CalcTextSizeA(small_px, FLT_MAX, 0, clock.c_str()).x + 2 * margin <
        (rect.w - fonts.regular->CalcTextSizeA(small_px, FLT_MAX, 0, subtitle.c_str()).x) / 2) {
        list->AddText(fonts.regular, small_px, at(margin, margin), col(p.faint_ink), clock.c_str());
        if (state.paused) list->AddText(fonts.bold, small_px, at(margin, margin + small_px * 1.3f), col(p.desired), "PAUSED");
    }

    // Footer: the article's three figures, and a timesliced pass's progress.
    const ExposureMetrics& m = scene.metrics();
    const float label_px = bands.footer.h * 0.34f;
    const std::string figures = formatted("main thread %.3f ms   |   busy threads %.3f ms (%d)   |   all threads %.3f ms", m.main_ms, m.busy_ms,
                                          m.busy_threads, m.total_ms);
    centred(fonts.bold, label_px, figures, bands.footer.y + bands.footer.h * 0.10f, col(p.ink));
    if (e.mode == ExposureMode::Timesliced) {
        const float bar_h = bands.footer.h * 0.20f, bar_w = std::min(rect.w * 0.5f, bands.footer.h * 7.0f);
        const float bar_x = (rect.w - bar_w) / 2, bar_y = bands.footer.y + bands.footer.h * 0.62f;
        list->AddRectFilled(at(bar_x, bar_y), at(bar_x + bar_w, bar_y + bar_h), col(p.pending), bar_h * 0.3f);
        list->AddRectFilled(at(bar_x, bar_y), at(bar_x + bar_w * static_cast<float>(scene.pass_progress()), bar_y + bar_h), col(p.running),
                            bar_h * 0.3f);
    }

    // Legend, in the view's bottom-left corner.
    const float legend_px = std::clamp(bands.view.h * 0.024f, 12.0f, 22.0f);
    if (bands.view.h >= 380.0f) {
        struct Row {
            Rgba colour;
            const char* text;
            bool disc;
        };
        const Row rows[] = {{p.exposed, "exposed", false}, {p.hidden, "hidden", false},  {p.wall, "wall", false},
                            {p.sentinel, "sentinel", true}, {p.character, "shy character", true}};
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
    const PathService& paths = scene.paths();
    const PathServiceStats& st = paths.stats();
    ImGui::Text("requests %llu   searches run %llu   shared while pending %llu   from the cache %llu   answers that waited %llu",
                static_cast<unsigned long long>(st.requests), static_cast<unsigned long long>(st.searches),
                static_cast<unsigned long long>(st.shared), static_cast<unsigned long long>(st.cache_hits),
                static_cast<unsigned long long>(st.waits));
    tooltip("A request returns a ticket at once; the search runs as a job; the ticket is answered a fixed number of steps later. "
            "Identical requests share one search; recent answers come from the cache.");
    const std::vector<TicketInfo> tickets = paths.tickets();
    if (tickets.empty()) {
        ImGui::TextDisabled("No ticket in flight. The character asks when the cell it is going to becomes exposed.");
        return;
    }
    if (ImGui::BeginTable("tickets", 7, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) {
        for (const char* h : {"ticket", "asks for", "from", "to", "state", "held by", "answer at step"}) ImGui::TableSetupColumn(h);
        ImGui::TableHeadersRow();
        for (const TicketInfo& t : tickets) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::Text("#%u", t.id);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(t.kind == RequestKind::Path ? "a path" : "path lengths");
            ImGui::TableNextColumn();
            ImGui::Text("%d, %d", t.start.x, t.start.y);
            ImGui::TableNextColumn();
            if (t.kind == RequestKind::Path) ImGui::Text("%d, %d", t.goal.x, t.goal.y);
            else ImGui::TextUnformatted("every cell");
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(t.state == TicketState::Ready ? (t.from_cache ? "ready (cache)" : "ready") : "pending");
            ImGui::TableNextColumn();
            ImGui::Text("%d", t.requesters);
            ImGui::TableNextColumn();
            ImGui::Text("%lld", static_cast<long long>(t.answer_step));
        }
        ImGui::EndTable();
    }
}

}  // namespace tsl::app
