#include "app/ui/plot_pair.h"

#include <imgui.h>

#include <algorithm>
#include <utility>

namespace tsl::app {

PlotOptions live_plot_options(const char* title, const char* export_stem, float window_s) {
    PlotOptions options;
    options.title = title;
    options.window_s = window_s;
    options.export_stem = export_stem;
    return options;
}

Notice export_notice(const PlotExport& exported) {
    return exported.result ? saved_notice(exported.path, "(the plot's visible series)")
                           : problem_notice("CSV not saved: " + exported.result.error());
}

PlotPair::PlotPair(PlotOptions measure, PlotOptions cost) : measure_(std::move(measure)), cost_(std::move(cost)) {
    PlotReference budget;
    budget.value = 1000.0 / 60.0;
    budget.label = "16.7 ms: a 60 Hz frame";
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
    ImGui::TextWrapped("%s", hidden.c_str());
    ImGui::PopStyleColor();
}

void PlotPair::without_toolbar(PlotWidget& widget, const std::function<void()>& draw) {
    const bool toolbar = widget.options().toolbar;
    widget.options().toolbar = false;
    draw();
    widget.options().toolbar = toolbar;
}

}  // namespace tsl::app
