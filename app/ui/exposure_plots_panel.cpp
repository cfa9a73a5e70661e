#include "app/ui/exposure_plots_panel.h"

#include "app/render/palette.h"

#include <imgui.h>

namespace tsl::app {

ExposurePlotsPanel::ExposurePlotsPanel()
    : PlotPair(live_plot_options("Map age", "timeslice-lab-exposure-map-age", 10),
               live_plot_options("Time seen", "timeslice-lab-exposure-seen", 20)) {
    cost_.options().reference.reset();  // seconds a minute: no frame budget
}

ExposurePlotsPanel::Lines ExposurePlotsPanel::lines(const LabSession& session) const {
    const ExposurePlots& plots = session.exposure_plots();
    const int count = plots.pane_count();
    const bool age_hidden = session.answer_hidden("exposure_map_age") || session.answer_hidden("exposure_map_age_max");
    const bool seen_hidden = session.answer_hidden("exposure_seen");
    Lines out;
    for (int i = 0; i < count; ++i) {
        const ExposurePaneSeries& s = plots.pane(i);
        // Alone, the map's age in the running colour and the time seen in the character's.
        PlotLine age{&s.map_age, count > 1 ? pane_colour(i) : hex(0xE69F00), PlotShape::Staircase, PlotStroke::Solid};
        PlotLine seen{&s.seen, count > 1 ? pane_colour(i) : hex(0xCC79A7), PlotShape::Staircase, PlotStroke::Solid};
        if (count > 1) {
            age.group = seen.group = std::string(1, pane_letter(i));
            age.kind = "map age";
            seen.kind = "seen";
        }
        if (!age_hidden) out.measure.push_back(age);
        if (!seen_hidden) out.cost.push_back(seen);
    }
    std::string hidden;
    if (age_hidden) hidden = "the map's age";
    if (seen_hidden) hidden += (hidden.empty() ? "" : ", ") + std::string("the time seen");
    if (!hidden.empty()) out.hidden = "Predict first: " + hidden + " shows after the reveal (Page Down).";
    return out;
}

namespace {

const PlotPairNames kNames{"map age plot", "time seen plot", "map age", "time seen", "map age",
                                 "How many steps behind the eye the map the character decides on is.", "time seen",
                                 "Seconds a minute the character ends a step in the sentinel's sight, from the settled start after the last change."};

}  // namespace

void ExposurePlotsPanel::draw(const LabSession& session, const UiStyle& style, Notice& notice) {
    if (session.exposure_plots().pane_count() == 0) {
        ImGui::TextDisabled("The plots fill in as the simulation runs.");
        return;
    }
    set_moment_of(session);
    draw_pair(lines(session), kNames, show_seen_, style, notice);
}

void ExposurePlotsPanel::draw_one(const LabSession& session, bool seen, const UiStyle& style, Notice& notice) {
    if (session.exposure_plots().pane_count() == 0) {
        ImGui::TextDisabled("The plot fills in as the simulation runs.");
        return;
    }
    set_moment_of(session);
    draw_alone(lines(session), kNames, seen, style, notice);
}

}  // namespace tsl::app
