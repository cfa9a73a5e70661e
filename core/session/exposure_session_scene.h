// exposure_session_scene.h — the exposure scene as the session holds it (see
// session_scene.h): one to three panes on one clock, one patrol and one start
// of the shy character, each with its own map and character; their averages
// since the last change, the reveal's tallies over whole passes of each map,
// and the plots of map age and time seen.
#pragma once

#include "core/exposure/exposure_scene.h"
#include "core/session/exposure_plots.h"
#include "core/session/session_scene.h"

#include <memory>
#include <span>
#include <vector>

namespace tsl {

class ExposureSessionScene final : public SessionScene {
public:
    // The scene for `settings.exposure` (written back: what the level made of
    // them), or why not (a level that does not load).
    static Result<std::unique_ptr<ExposureSessionScene>> create(LabSettings& settings, const SceneServices& services);

    SceneKind kind() const override { return SceneKind::Exposure; }
    Synced sync(LabSettings& settings) override;
    void step() override;
    void reset() override;
    void restart_averages() override;
    std::int64_t frames_stepped() const override { return scenes_.front()->frames_stepped(); }
    double step_s() const override { return scenes_.front()->step_s(); }
    bool differs(const LabSettings& now, const LabSettings& then) const override {
        return now.exposure != then.exposure || now.show_rays != then.show_rays;
    }
    std::string file_name(const LabSettings& settings) const override;
    std::int64_t add_reveal_rows(LessonCard& card, const RevealRequest& request, const LabSettings& settings) const override;
    std::string measured_over(std::int64_t frames, const Words& tr) const override;
    int reveal_panes() const override { return size(); }
    std::optional<double> reveal_value(const LessonMeasure& measure, int pane) const override;
    RevealReader kept_reveal() const override;
    std::unique_ptr<State> save_state() const override;
    void restore_state(const State& state) override;
    void replay_step() override;

    int size() const { return static_cast<int>(scenes_.size()); }
    const ExposureScene& scene(int pane = 0) const { return *scenes_.at(static_cast<std::size_t>(pane)); }
    std::span<const ExposureMetricsSummary> summaries() const { return summaries_; }
    std::span<const ExposureMetricsSummary> reveal_summaries() const;  // valid until the next call
    const ExposureMetricsSummary& reveal_summary(int pane) const { return reveals_.at(static_cast<std::size_t>(pane)).whole; }
    // The reveal's tally up to this step (whole passes or not), null while the first steps settle.
    const ExposureMetricsSummary* settled_summary(int pane) const {
        const Tally& t = reveals_.at(static_cast<std::size_t>(pane));
        return t.running.frames > 0 ? &t.running : nullptr;
    }
    const ExposurePlots& plots() const { return plots_; }

private:
    ExposureSessionScene(std::vector<std::unique_ptr<ExposureScene>> scenes, const SceneServices& services);
    void restart_reveal(int pane);
    // The settings as the panes have them (what the level and the clamps made of them).
    ExposureComparisonConfig applied() const;

    struct Tally {
        std::int64_t from_frame = 0;
        ExposureMetricsSummary running, whole;  // since from_frame; at the last step that completed a map
    };
    SceneServices services_;
    std::vector<std::unique_ptr<ExposureScene>> scenes_;  // 1 .. kMaxExposurePanes, left to right
    std::vector<ExposureMetricsSummary> summaries_;
    std::vector<Tally> reveals_;
    mutable std::vector<ExposureMetricsSummary> reveal_view_;  // reveal_summaries()' storage
    ExposurePlots plots_;
};

}  // namespace tsl
