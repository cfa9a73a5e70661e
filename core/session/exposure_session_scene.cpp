// exposure_session_scene.cpp — the exposure scene as the session holds it.
#include "core/session/exposure_session_scene.h"

#include "core/base/formatted.h"

#include <algorithm>

namespace tsl {

Result<std::unique_ptr<ExposureSessionScene>> ExposureSessionScene::create(LabSettings& settings, const SceneServices& services) {
    settings.set_exposure_pane_count(static_cast<int>(settings.exposure.panes.size()));  // clamps
    std::vector<std::unique_ptr<ExposureScene>> scenes;
    for (std::size_t i = 0; i < settings.exposure.panes.size(); ++i) {
        // Pane A, B, C, as the timeline names them.
        Result<std::unique_ptr<ExposureScene>> scene = ExposureScene::create(settings.exposure.pane_scene(i), services.for_pane(static_cast<int>(i)));
        if (!scene) return scene.failure();
        scenes.push_back(std::move(*scene));
    }
    std::unique_ptr<ExposureSessionScene> made(new ExposureSessionScene(std::move(scenes), services));
    settings.exposure = made->applied();
    return made;
}

ExposureSessionScene::ExposureSessionScene(std::vector<std::unique_ptr<ExposureScene>> scenes, const SceneServices& services)
    : services_(services), scenes_(std::move(scenes)) {
    restart_averages();
}

ExposureComparisonConfig ExposureSessionScene::applied() const {
    ExposureComparisonConfig c{scenes_.front()->config().world(), {}};
    for (const auto& scene : scenes_) c.panes.push_back(scene->config().pane());
    return c;
}

// A new setting keeps the scene's frame and starts its averages again (a
// pane's own, or every pane's for the world); a level that does not load
// leaves the old one (the problem says so). A new number of panes starts
// them all again from frame 0, on one clock.
SessionScene::Synced ExposureSessionScene::sync(LabSettings& settings) {
    settings.set_exposure_pane_count(static_cast<int>(settings.exposure.panes.size()));  // clamps
    const ExposureComparisonConfig before = applied();
    if (settings.exposure == before) return {};
    Synced synced;
    // The world first, through pane A: a level that does not load stops here.
    if (Status loaded = scenes_.front()->set_config(settings.exposure.pane_scene(0)); !loaded) {
        synced.problem = loaded.error();
        settings.exposure.world = before.world;
    }
    const std::size_t count = settings.exposure.panes.size();
    const bool new_count = count != scenes_.size();
    scenes_.resize(std::min(scenes_.size(), count));
    for (std::size_t i = 0; i < count; ++i) {
        if (i < scenes_.size()) {
            if (i > 0) (void)scenes_[i]->set_config(settings.exposure.pane_scene(i));  // pane A loaded this level already
            continue;
        }
        Result<std::unique_ptr<ExposureScene>> scene = ExposureScene::create(settings.exposure.pane_scene(i), services_.for_pane(static_cast<int>(i)));
        if (!scene) break;  // the level pane A has: it loads
        scenes_.push_back(std::move(*scene));
    }
    if (new_count) {
        for (const auto& scene : scenes_) scene->reset();
        synced.restarted = true;
    }
    settings.exposure = applied();
    settings.set_exposure_pane_count(size());
    const bool new_world = settings.exposure.world != before.world;
    summaries_.resize(scenes_.size());
    for (int i = 0; i < size(); ++i) {
        const auto pane = static_cast<std::size_t>(i);
        if (!new_count && !new_world && pane < before.panes.size() && settings.exposure.panes[pane] == before.panes[pane]) continue;
        summaries_[pane] = {};  // the averages describe one setting
        restart_reveal(i);
    }
    if (new_count || new_world) plots_.clear();
    plots_.set_pane_count(size());
    return synced;
}

void ExposureSessionScene::step() {
    for (int i = 0; i < size(); ++i) {
        const ExposureScene& scene = *scenes_[static_cast<std::size_t>(i)];
        scenes_[static_cast<std::size_t>(i)]->step();
        summaries_[static_cast<std::size_t>(i)].add(scene.metrics());
        Tally& reveal = reveals_[static_cast<std::size_t>(i)];
        if (scene.frames_stepped() <= reveal.from_frame) continue;
        reveal.running.add(scene.metrics());
        if (scene.metrics().map_changed) reveal.whole = reveal.running;  // a pass completed
    }
    plots_.record_step(scenes_, [&](int pane) { return settled_summary(pane); });
}

// --- Stepping back in time (core/session/rewind.h) -------------------------------------

namespace {

struct ExposureSceneState final : SessionScene::State {
    std::vector<ExposureScene::State> panes;
    std::size_t bytes() const override {
        std::size_t sum = sizeof(*this);
        for (const ExposureScene::State& p : panes) sum += p.bytes();
        return sum;
    }
};

}  // namespace

std::unique_ptr<SessionScene::State> ExposureSessionScene::save_state() const {
    auto state = std::make_unique<ExposureSceneState>();
    for (const auto& scene : scenes_) state->panes.push_back(scene->state());
    return state;
}

void ExposureSessionScene::restore_state(const State& state) {
    const auto& s = static_cast<const ExposureSceneState&>(state);
    for (std::size_t i = 0; i < scenes_.size() && i < s.panes.size(); ++i) scenes_[i]->restore(s.panes[i]);
}

// The panes step as they did; the averages, tallies and plots are the live run's.
void ExposureSessionScene::replay_step() {
    for (const auto& scene : scenes_) {
        scene->set_replaying(true);
        scene->step();
        scene->set_replaying(false);
    }
}

void ExposureSessionScene::reset() {
    for (const auto& scene : scenes_) scene->reset();
}

void ExposureSessionScene::restart_averages() {
    summaries_.assign(scenes_.size(), {});
    for (int i = 0; i < size(); ++i) restart_reveal(i);
    plots_.clear();
    plots_.set_pane_count(size());
}

void ExposureSessionScene::restart_reveal(int pane) {
    reveals_.resize(scenes_.size());
    reveals_[static_cast<std::size_t>(pane)] = {scene(pane).frames_stepped() + kRevealSettleExposureSteps, {}, {}};
}

std::span<const ExposureMetricsSummary> ExposureSessionScene::reveal_summaries() const {
    reveal_view_.clear();
    for (const Tally& t : reveals_) reveal_view_.push_back(t.whole);
    return reveal_view_;
}

// "exposure-timesliced", or "exposure-single-vs-next-frame-vs-timesliced": the panes' modes, each once.
std::string ExposureSessionScene::file_name(const LabSettings& settings) const {
    std::string modes;
    std::vector<ExposureMode> seen;
    for (const ExposurePaneConfig& pane : settings.exposure.panes)
        if (std::find(seen.begin(), seen.end(), pane.mode) == seen.end()) {
            seen.push_back(pane.mode);
            modes += (modes.empty() ? "" : "-vs-") + std::string(name_of(pane.mode));
        }
    return "exposure-" + modes;
}

// One row per pane, named by how its map is made.
std::int64_t ExposureSessionScene::add_reveal_rows(LessonCard& card, const RevealRequest& request, const LabSettings&) const {
    std::int64_t frames = 0;
    for (int i = 0; i < size(); ++i) {
        const ExposureSceneConfig& e = scene(i).config();
        const Words& tr = request.words;
        std::string label = title_of(e, tr);
        if (e.algorithm == ExposureAlgorithm::Sweep) label += tr(", sweep");
        if (e.mode == ExposureMode::Timesliced && size() > 1) label += formatted(tr(", %.0f%% a step"), e.slice_percent);
        const ExposureMetricsSummary& whole = reveals_[static_cast<std::size_t>(i)].whole;
        card.rows.push_back({size() > 1 ? std::string(1, static_cast<char>('A' + i)) + "  " + label : label, size() > 1 ? i : -1,
                             reveal_cells(request.measures, whole, request.words)});
        // The panes' passes end on different steps: the card names the shortest count.
        frames = i == 0 ? whole.frames : std::min(frames, whole.frames);
    }
    return frames;
}

std::string ExposureSessionScene::measured_over(std::int64_t frames, const Words& tr) const {
    if (frames > 0)
        return formatted(tr("Measured over %.1f s: whole passes of the map after the first %d steps"), static_cast<double>(frames) * step_s(),
                         kRevealSettleExposureSteps);
    return formatted(tr("Nothing measured yet: the first %d steps settle, then whole passes of the map count"), kRevealSettleExposureSteps);
}

std::optional<double> ExposureSessionScene::reveal_value(const LessonMeasure& measure, int pane) const {
    return pane_value(measure, reveal_summaries(), pane);
}

RevealReader ExposureSessionScene::kept_reveal() const { return reveal_reader(reveal_summaries()); }

}  // namespace tsl
