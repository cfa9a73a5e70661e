#include "app/ui/plot_pair.h"

#include "app/ui/text.h"
#include "app/ui/ui_text.h"
#include "core/session/lab_session.h"

#include <imgui.h>

#include <algorithm>
#include <utility>

namespace tsl::app {

namespace {

constexpr double kBudgetMs = 1000.0 / 60.0;  // the cost plot's reference line: a 60 Hz frame

}  // namespace

// Stepped back in time, the simulation time shown: the plots end there.
// Called before each frame's plots, it also puts the budget line's label in
// the chosen language.
void PlotPair::set_moment_of(const LabSession& session) {
    std::optional<PlotReference>& budget = cost_.options().reference;
    if (budget && budget->value == kBudgetMs) budget->label = tr("16.7 ms: a 60 Hz frame");
    if (!session.viewing_past()) return set_moment(std::nullopt);
    set_moment(static_cast<double>(session.frames_stepped()) * session.step_s());
}

PlotOptions live_plot_options(const char* title, const char* export_stem, float window_s) {
    PlotOptions options;
    options.title = title;
    options.window_s = window_s;
    options.export_stem = export_stem;
    return options;
}

Notice export_notice(const PlotExport& exported) {
    return exported.result ? saved_notice(exported.path, tr("(the plot's visible series)"))
                           : problem_notice(formatted(tr("CSV not saved: %s"), exported.result.error().c_str()));
}

PlotPair::PlotPair(PlotOptions measure, PlotOptions cost) : measure_(std::move(measure)), cost_(std::move(cost)) {
    PlotReference budget;
    budget.value = kBudgetMs;
    budget.label = tr("16.7 ms: a 60 Hz frame");
    cost_.options().reference = budget;
}

void PlotPair::set_export_dir(const std::string& dir) {
    measure_.options().export_dir = dir;
    cost_.options().export_dir = dir;
}

bool PlotPair::draw_side_by_side(const char* measure_child, const char* cost_child, const std::function<void()>& draw_measure,
                                 const std::function<void()>& draw_cost) {
    const float gap = ImGui::GetStyle().ItemSpacing.x * 2;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    if (avail.x < ImGui::GetFontSize() * 44 + gap) return false;
    const float half = (avail.x - gap) / 2, height = std::max(avail.y, ImGui::GetFontSize() * 12);
    ImGui::BeginChild(measure_child, {half, height}, false, ImGuiWindowFlags_NoScrollbar);
    draw_measure();
    ImGui::EndChild();
    ImGui::SameLine(0, gap);
    ImGui::BeginChild(cost_child, {half, height}, false, ImGuiWindowFlags_NoScrollbar);
    draw_cost();
    ImGui::EndChild();
    return true;
}

void PlotPair::draw_hidden_note(const std::string& hidden) {
    if (hidden.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    wrapped_in_language(hidden);
    ImGui::PopStyleColor();
}

void PlotPair::plot(PlotWidget& widget, const char* id, const std::vector<PlotLine>& lines, const std::string& hidden, const UiStyle& style,
                    Notice& notice) {
    if (lines.empty()) {
        ImGui::PushFont(style.fonts().bold);
        wrapped_in_language(hidden);
        ImGui::PopFont();
        return;
    }
    if (auto exported = widget.draw(id, {0, 0}, lines, style)) notice = export_notice(*exported);
}

void PlotPair::draw_pair(const Lines& all, const PlotPairNames& names, bool& show_cost, const UiStyle& style, Notice& notice) {
    if (!(all.measure.empty() && all.cost.empty())) draw_hidden_note(all.hidden);
    const bool both = draw_side_by_side(
        names.measure_child, names.cost_child, [&] { plot(measure_, names.measure_id, all.measure, all.hidden, style, notice); },
        [&] { plot(cost_, names.cost_id, all.cost, all.hidden, style, notice); });
    if (both) return;
    // Too narrow for both: one at a time.
    if (ImGui::RadioButton(names.measure_radio, !show_cost)) show_cost = false;
    tooltip(names.measure_tip);
    ImGui::SameLine();
    if (ImGui::RadioButton(names.cost_radio, show_cost)) show_cost = true;
    tooltip(names.cost_tip);
    if (show_cost) plot(cost_, names.cost_id, all.cost, all.hidden, style, notice);
    else plot(measure_, names.measure_id, all.measure, all.hidden, style, notice);
}

void PlotPair::draw_alone(const Lines& all, const PlotPairNames& names, bool cost, const UiStyle& style, Notice& notice) {
    PlotWidget& widget = cost ? cost_ : measure_;
    if (!(cost ? all.cost : all.measure).empty()) draw_hidden_note(all.hidden);
    without_toolbar(widget, [&] {
        plot(widget, cost ? names.cost_id : names.measure_id, cost ? all.cost : all.measure, all.hidden, style, notice);
    });
}

void PlotPair::without_toolbar(PlotWidget& widget, const std::function<void()>& draw) {
    const bool toolbar = widget.options().toolbar;
    widget.options().toolbar = false;
    draw();
    widget.options().toolbar = toolbar;
}

}  // namespace tsl::app
