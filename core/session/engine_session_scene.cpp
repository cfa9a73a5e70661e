// engine_session_scene.cpp — the parallel engine as the session holds it.
#include "core/session/engine_session_scene.h"

#include "core/base/formatted.h"

#include <algorithm>
#include <numeric>

namespace tsl {

// A pane whose settings change starts its averages again (a new pane count
// or world restarts them all).
SessionScene::Synced EngineSessionScene::sync(LabSettings& settings) {
    settings.set_engine_pane_count(static_cast<int>(settings.engine.panes.size()));  // clamps
    const bool first = panes_.size() == 0;
    if (!first && settings.engine == applied_) return {};
    const bool rebuilt = panes_.configure(settings.engine);
    const bool new_world = settings.engine.world != applied_.world;
    const int panes = panes_.size();
    if (rebuilt || new_world || first) {
        summaries_.assign(static_cast<std::size_t>(panes), {});
        reveals_.assign(static_cast<std::size_t>(panes), {});
        for (int i = 0; i < panes; ++i) restart_reveal(i);
        plots_.clear();
        plots_.set_pane_count(panes);
    } else {
        for (int i = 0; i < panes; ++i)
            if (settings.engine.panes[static_cast<std::size_t>(i)] != applied_.panes[static_cast<std::size_t>(i)]) {
                summaries_[static_cast<std::size_t>(i)] = {};
                restart_reveal(i);
            }
    }
    applied_ = settings.engine;
    return {};
}

void EngineSessionScene::step() {
    panes_.step();
    for (int p = 0; p < panes_.size(); ++p) {
        const EngineScene& pane = panes_.pane(p);
        summaries_[static_cast<std::size_t>(p)].add(pane.stats());
        Tally& tally = reveals_[static_cast<std::size_t>(p)];
        if (pane.ticks() <= tally.from_tick) continue;
        tally.running.add(pane.stats());
        if ((pane.ticks() - tally.from_tick) % tally.period == 0) tally.whole = tally.running;
    }
    plots_.record_tick(panes_);
}

void EngineSessionScene::restart_averages() {
    summaries_.assign(static_cast<std::size_t>(panes_.size()), {});
    plots_.clear();
    for (int i = 0; i < panes_.size(); ++i) restart_reveal(i);
}

void EngineSessionScene::restart_reveal(int pane) {
    reveals_.resize(static_cast<std::size_t>(panes_.size()));
    if (pane >= panes_.size()) return;
    const EnginePaneConfig& c = panes_.pane(pane).config().pane;
    const std::int64_t period = std::lcm(std::lcm(c.ai_ticks, c.physics_ticks), c.animation_ticks);
    reveals_[static_cast<std::size_t>(pane)] = {panes_.pane(pane).ticks() + kRevealSettleEngineTicks, std::max<std::int64_t>(1, period), {}, {}};
}

std::span<const EngineSummary> EngineSessionScene::reveal_summaries() const {
    reveal_view_.clear();
    for (const Tally& t : reveals_) reveal_view_.push_back(t.whole);
    return reveal_view_;
}

// --- Stepping back in time (core/session/rewind.h) -------------------------------------

namespace {

struct EngineSceneState final : SessionScene::State {
    std::vector<EngineScene::State> panes;
    bool exact = true;
    bool exact_replay() const override { return exact; }
    std::size_t bytes() const override {
        std::size_t sum = sizeof(*this);
        for (const EngineScene::State& p : panes) sum += p.bytes();
        return sum;
    }
};

}  // namespace

std::unique_ptr<SessionScene::State> EngineSessionScene::save_state() const {
    auto state = std::make_unique<EngineSceneState>();
    for (int p = 0; p < panes_.size(); ++p) {
        const EngineScene& pane = panes_.pane(p);
        if (!pane.can_save()) return nullptr;
        state->panes.push_back(pane.snapshot());
        state->exact = state->exact && pane.exact_replay();
    }
    return state;
}

void EngineSessionScene::restore_state(const State& state) {
    const auto& s = static_cast<const EngineSceneState&>(state);
    for (int p = 0; p < panes_.size() && p < static_cast<int>(s.panes.size()); ++p) panes_.pane(p).restore(s.panes[static_cast<std::size_t>(p)]);
}

// The panes tick as they did; the averages, tallies, plots and traces are the live run's.
void EngineSessionScene::replay_step() {
    for (int p = 0; p < panes_.size(); ++p) panes_.pane(p).set_replaying(true);
    panes_.step();
    for (int p = 0; p < panes_.size(); ++p) panes_.pane(p).set_replaying(false);
}

// "engine-lock-step", or "engine-lock-step-vs-free-step": the panes' step modes, each once.
std::string EngineSessionScene::file_name(const LabSettings& settings) const {
    std::string modes;
    std::vector<StepMode> seen;
    for (const EnginePaneConfig& pane : settings.engine.panes)
        if (std::find(seen.begin(), seen.end(), pane.step_mode) == seen.end()) {
            seen.push_back(pane.step_mode);
            modes += (modes.empty() ? "" : "-vs-") + std::string(name_of(pane.step_mode));
        }
    return "engine-" + modes;
}

// One row per pane, named by its caption (or its settings).
std::int64_t EngineSessionScene::add_reveal_rows(LessonCard& card, const RevealRequest& request, const LabSettings&) const {
    const int panes = std::min(panes_.size(), static_cast<int>(reveals_.size()));
    for (int i = 0; i < panes; ++i) {
        const EnginePaneConfig& pane = panes_.pane(i).config().pane;
        const std::string name = pane.caption.empty() ? engine_caption(pane, request.words) : std::string(request.words.of(pane.caption));
        card.rows.push_back({panes > 1 ? std::string(1, static_cast<char>('A' + i)) + "  " + name : name, panes > 1 ? i : -1,
                             reveal_cells(request.measures, reveals_[static_cast<std::size_t>(i)].whole, request.words)});
    }
    return reveals_.empty() ? 0 : reveals_.front().whole.ticks;
}

std::string EngineSessionScene::measured_over(std::int64_t frames, const Words& tr) const {
    return frames > 0 ? formatted(tr("Measured over %.1f s: whole periods of the systems after the first %d ticks"), static_cast<double>(frames) * step_s(),
                                  kRevealSettleEngineTicks)
                      : formatted(tr("Nothing measured yet: the first %d ticks settle, then whole periods of the systems count"), kRevealSettleEngineTicks);
}

std::optional<double> EngineSessionScene::reveal_value(const LessonMeasure& measure, int pane) const {
    return pane < panes_.size() ? pane_value(measure, reveal_summaries(), pane) : std::nullopt;
}

RevealReader EngineSessionScene::kept_reveal() const {
    return reveal_reader(reveal_summaries());
}

}  // namespace tsl
