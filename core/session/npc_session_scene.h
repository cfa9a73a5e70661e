// npc_session_scene.h — the NPC scene as the session holds it (see
// session_scene.h): the panes on one clock, their averages since the last
// change, the reveal's tallies over whole batch periods, the live plots, and
// the timing diagram's record of the edited pane's last two batches.
#pragma once

#include "core/npc/npc_comparison.h"
#include "core/session/session_plots.h"
#include "core/session/session_scene.h"
#include "core/timeslicing/trace.h"

namespace tsl {

class NpcSessionScene final : public SessionScene {
public:
    // `follow_edited_pane`: keep the edited pane's recent batches for the
    // timing diagram; `frame_total_is_wall`: the frame-total plot is read on a wall clock.
    NpcSessionScene(const SceneServices& services, bool follow_edited_pane, bool frame_total_is_wall);
    ~NpcSessionScene() override;

    SceneKind kind() const override { return SceneKind::Npc; }
    Synced sync(LabSettings& settings) override;
    void after_sync(const LabSettings& settings, bool shown) override { follow_edited_pane(shown, settings.pane_index()); }
    void step() override;
    void end_frame(double frame_cpu_ms) override;
    void reset() override { panes_.reset(); }
    void restart_averages() override;
    std::int64_t frames_stepped() const override { return panes_.pane(0).frames_stepped(); }
    double step_s() const override { return panes_.pane(0).step_s(); }
    bool differs(const LabSettings& now, const LabSettings& then) const override { return now.npc != then.npc; }
    std::string file_name(const LabSettings& settings) const override;
    std::int64_t add_reveal_rows(LessonCard& card, const RevealRequest& request, const LabSettings& settings) const override;
    std::string measured_over(std::int64_t frames, const Words& tr) const override;
    std::string ages_note(const Words& tr) const override;
    int reveal_panes() const override { return panes_.size(); }
    std::optional<double> reveal_value(const LessonMeasure& measure, int pane) const override;
    RevealReader kept_reveal() const override;
    std::optional<double> batch_period_ms(int pane) const override;
    std::optional<double> model_value(const LessonMeasure& measure, int pane) const override;

    std::unique_ptr<State> save_state() const override;
    void restore_state(const State& state) override;
    void replay_step() override;

    const NpcComparison& panes() const { return panes_; }
    std::span<const NpcMetricsSummary> summaries() const { return summaries_; }
    std::span<const NpcMetricsSummary> reveal_summaries() const;
    const SessionPlots& plots() const { return plots_; }

    // The timing diagram: the edited pane's recent jobs while the NPC scene
    // is shown (null when it follows nothing; see LabSession::diagram_trace).
    static constexpr std::uint32_t kDiagramMaxKeys = 2000;  // NPCs beyond which the diagram records nothing
    const TraceLog* diagram_trace() const { return diagram_.followed ? &diagram_.log : nullptr; }
    const NpcScene* diagram_pane() const { return diagram_.followed ? &panes_.pane(diagram_.followed_index) : nullptr; }
    // Records pane `pane`'s trace into `log` (nullptr: stop and follow again).
    void attach_trace(int pane, TraceLog* log, bool shown, int edited_pane);

private:
    struct RevealTally {
        std::int64_t from_frame = 0;   // the first frame counted
        std::int64_t period = 1;       // steps in a batch period
        NpcMetricsSummary running, whole;  // since from_frame; at the last whole period
    };
    struct Diagram {
        TraceLog log;
        bool followed = false;
        int followed_index = 0;   // the pane whose trace goes into `log`
        std::int64_t last_frame = -1;
    };
    void follow_edited_pane(bool shown, int pane);
    void restart_reveal(int pane);  // from the pane's current frame
    void restart_reveals();
    void unfollow();
    void after_step();

    NpcComparison panes_;
    bool follow_ = true;
    std::vector<NpcMetricsSummary> summaries_;
    std::vector<RevealTally> reveals_;
    mutable std::vector<NpcMetricsSummary> reveal_view_;  // reveal_summaries()' storage
    SessionPlots plots_;
    Diagram diagram_;
    TraceLog* attached_trace_ = nullptr;
    int attached_pane_ = 0;
};

}  // namespace tsl
