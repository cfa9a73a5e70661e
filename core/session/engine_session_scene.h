// engine_session_scene.h — the parallel engine as the session holds it (see
// session_scene.h): one or two panes on one clock, their averages since the
// last change, the reveal's tallies over whole periods of the systems, and
// the staleness and cost plots.
#pragma once

#include "core/engine/engine_panes.h"
#include "core/session/engine_plots.h"
#include "core/session/session_scene.h"

namespace tsl {

class EngineSessionScene final : public SessionScene {
public:
    explicit EngineSessionScene(const SceneServices& services) : panes_(services) {}

    SceneKind kind() const override { return SceneKind::Engine; }
    Synced sync(LabSettings& settings) override;
    void step() override;
    void reset() override { panes_.reset(); }
    void restart_averages() override;
    std::int64_t frames_stepped() const override { return panes_.pane(0).ticks(); }
    double step_s() const override { return panes_.pane(0).step_s(); }
    bool differs(const LabSettings& now, const LabSettings& then) const override {
        return now.engine != then.engine || now.show_routes != then.show_routes;
    }
    std::string file_name(const LabSettings& settings) const override;
    std::int64_t add_reveal_rows(LessonCard& card, const RevealRequest& request, const LabSettings& settings) const override;
    std::string measured_over(std::int64_t frames, const Words& tr) const override;
    int reveal_panes() const override { return panes_.size(); }
    std::optional<double> reveal_value(const LessonMeasure& measure, int pane) const override;
    RevealReader kept_reveal() const override;
    std::unique_ptr<State> save_state() const override;
    void restore_state(const State& state) override;
    void replay_step() override;

    const EnginePanes& panes() const { return panes_; }
    EnginePanes& panes() { return panes_; }
    std::span<const EngineSummary> summaries() const { return summaries_; }
    std::span<const EngineSummary> reveal_summaries() const;
    const EnginePlots& plots() const { return plots_; }

private:
    struct Tally {
        std::int64_t from_tick = 0;
        std::int64_t period = 1;       // ticks in which every system runs a whole number of times
        EngineSummary running, whole;  // since from_tick; at the last whole period
    };
    void restart_reveal(int pane);

    EnginePanes panes_;
    EngineComparisonConfig applied_;  // what panes_ was last configured with
    std::vector<EngineSummary> summaries_;
    std::vector<Tally> reveals_;
    mutable std::vector<EngineSummary> reveal_view_;  // reveal_summaries()' storage
    EnginePlots plots_;
};

}  // namespace tsl
