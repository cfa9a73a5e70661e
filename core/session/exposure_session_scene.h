// exposure_session_scene.h — the exposure scene as the session holds it (see
// session_scene.h): the sentinel's grid, its averages since the last change,
// and the reveal's tally over whole passes of the map.
#pragma once

#include "core/exposure/exposure_scene.h"
#include "core/session/session_scene.h"

#include <memory>

namespace tsl {

class ExposureSessionScene final : public SessionScene {
public:
    // The scene for `settings.exposure` (written back: what the level made of
    // them), or nullptr with `problem` said (a level that does not load).
    static Result<std::unique_ptr<ExposureSessionScene>> create(LabSettings& settings, const SceneServices& services);

    SceneKind kind() const override { return SceneKind::Exposure; }
    Synced sync(LabSettings& settings) override;
    void step() override;
    void reset() override { scene_->reset(); }
    void restart_averages() override;
    std::int64_t frames_stepped() const override { return scene_->frames_stepped(); }
    double step_s() const override { return scene_->step_s(); }
    bool differs(const LabSettings& now, const LabSettings& then) const override {
        return now.exposure != then.exposure || now.show_rays != then.show_rays;
    }
    std::string file_name(const LabSettings& settings) const override { return "exposure-" + std::string(name_of(settings.exposure.mode)); }
    std::int64_t add_reveal_rows(LessonCard& card, const RevealRequest& request, const LabSettings& settings) const override;
    std::string measured_over(std::int64_t frames) const override;
    int reveal_panes() const override { return 1; }
    std::optional<double> reveal_value(const LessonMeasure& measure, int pane) const override;
    RevealReader kept_reveal() const override;

    const ExposureScene& scene() const { return *scene_; }
    const ExposureMetricsSummary& summary() const { return summary_; }
    const ExposureMetricsSummary& reveal_summary() const { return reveal_.whole; }

private:
    explicit ExposureSessionScene(std::unique_ptr<ExposureScene> scene) : scene_(std::move(scene)) { restart_averages(); }

    struct Tally {
        std::int64_t from_frame = 0;
        ExposureMetricsSummary running, whole;  // since from_frame; at the last step that completed a map
    };
    std::unique_ptr<ExposureScene> scene_;
    ExposureMetricsSummary summary_;
    Tally reveal_;
};

}  // namespace tsl
