#include "app/ui/exposure_plots_panel.h"

#include "app/render/palette.h"
#include "app/ui/text.h"
#include "app/ui/ui_text.h"

#include <imgui.h>

namespace tsl::app {

ExposurePlotsPanel::ExposurePlotsPanel()
    : PlotPair(live_plot_options(tr("Map age"), "timeslice-lab-exposure-map-age", 10),
               live_plot_options(tr("Time seen"), "timeslice-lab-exposure-seen", 20)) {
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
        // The legend's names in the chosen language (in English the series' own: "map age", "A map age").
        age.label = tr("map age");
        seen.label = tr("seen");
        if (count > 1) {
            age.group = seen.group = std::string(1, pane_letter(i));
            age.kind = age.label;
            seen.kind = seen.label;
            age.label = age.group + " " + age.kind;
            seen.label = seen.group + " " + seen.kind;
        }
        if (!age_hidden) out.measure.push_back(age);
        if (!seen_hidden) out.cost.push_back(seen);
    }
    std::string hidden;
    if (age_hidden) hidden = tr("the map's age");
    if (seen_hidden) hidden = hidden.empty() ? std::string(tr("the time seen")) : formatted(tr("%s, %s"), hidden.c_str(), tr("the time seen"));
    if (!hidden.empty()) out.hidden = formatted(tr("Predict first: %s shows after the reveal (Page Down)."), hidden.c_str());
    return out;
}

namespace {

// The child windows' and plots' IDs stay English; the radio buttons and their tips are in the chosen language.
PlotPairNames names() {
    return {"map age plot", "time seen plot", "map age", "time seen", tr_label("map age"),
            tr("How many steps behind the eye the map the character decides on is."), tr_label("time seen"),
            tr("Seconds a minute the character ends a step in the sentinel's sight, from the settled start after the last change.")};
}

}  // namespace

void ExposurePlotsPanel::draw(const LabSession& session, const UiStyle& style, Notice& notice) {
    if (session.exposure_plots().pane_count() == 0) {
        ImGui::TextDisabled("%s", tr("The plots fill in as the simulation runs."));
        return;
    }
    // The titles in the chosen language, set before each frame's plots.
    measure_.options().title = tr("Map age");
    cost_.options().title = tr("Time seen");
    set_moment_of(session);
    draw_pair(lines(session), names(), show_seen_, style, notice);
}

void ExposurePlotsPanel::draw_one(const LabSession& session, bool seen, const UiStyle& style, Notice& notice) {
    if (session.exposure_plots().pane_count() == 0) {
        ImGui::TextDisabled("%s", tr("The plot fills in as the simulation runs."));
        return;
    }
    // The titles in the chosen language, set before each frame's plots.
    measure_.options().title = tr("Map age");
    cost_.options().title = tr("Time seen");
    set_moment_of(session);
    draw_alone(lines(session), names(), seen, style, notice);
}

}  // namespace tsl::app
