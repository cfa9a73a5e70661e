// exposure_session_scene.cpp — the exposure scene as the session holds it.
#include "core/session/exposure_session_scene.h"

#include "core/base/formatted.h"

namespace tsl {

Result<std::unique_ptr<ExposureSessionScene>> ExposureSessionScene::create(LabSettings& settings, const SceneServices& services) {
    // One pane, A, as the timeline names it.
    Result<std::unique_ptr<ExposureScene>> scene = ExposureScene::create(settings.exposure, services.for_pane(0));
    if (!scene) return scene.failure();
    settings.exposure = (*scene)->config();
    return std::unique_ptr<ExposureSessionScene>(new ExposureSessionScene(std::move(*scene)));
}

// A new setting keeps the scene's frame and starts its averages again; a
// level that does not load leaves the old one (the problem says so).
SessionScene::Synced ExposureSessionScene::sync(LabSettings& settings) {
    if (settings.exposure == scene_->config()) return {};
    Synced synced{scene_->set_config(settings.exposure).error()};  // empty when it worked
    settings.exposure = scene_->config();
    summary_ = {};  // the averages describe one setting
    reveal_ = {scene_->frames_stepped() + kRevealSettleExposureSteps, {}, {}};
    return synced;
}

void ExposureSessionScene::step() {
    scene_->step();
    summary_.add(scene_->metrics());
    if (scene_->frames_stepped() <= reveal_.from_frame) return;
    reveal_.running.add(scene_->metrics());
    if (scene_->metrics().map_changed) reveal_.whole = reveal_.running;  // a pass completed
}

void ExposureSessionScene::restart_averages() {
    summary_ = {};
    reveal_ = {scene_->frames_stepped() + kRevealSettleExposureSteps, {}, {}};
}

std::int64_t ExposureSessionScene::add_reveal_rows(LessonCard& card, const RevealRequest& request, const LabSettings&) const {
    const ExposureSceneConfig& e = scene_->config();
    std::string label = title_of(e);
    if (e.algorithm == ExposureAlgorithm::Sweep) label += ", sweep";
    card.rows.push_back({label, -1, reveal_cells(request.measures, reveal_.whole)});
    return reveal_.whole.frames;
}

std::string ExposureSessionScene::measured_over(std::int64_t frames) const {
    if (frames > 0)
        return formatted("Measured over %.1f s: whole passes of the map after the first %d steps", static_cast<double>(frames) * step_s(),
                         kRevealSettleExposureSteps);
    return formatted("Nothing measured yet: the first %d steps settle, then whole passes of the map count", kRevealSettleExposureSteps);
}

std::optional<double> ExposureSessionScene::reveal_value(const LessonMeasure& measure, int pane) const {
    return pane == 0 ? measure_value(measure, reveal_.whole) : std::nullopt;
}

RevealReader ExposureSessionScene::kept_reveal() const {
    return [kept = reveal_.whole](const LessonMeasure& measure, int pane) { return pane == 0 ? measure_value(measure, kept) : std::nullopt; };
}

}  // namespace tsl
