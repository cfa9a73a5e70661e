// npc_session_scene.cpp — the NPC scene as the session holds it.
#include "core/session/npc_session_scene.h"

#include "core/base/formatted.h"

#include <algorithm>
#include <cmath>

namespace tsl {

NpcSessionScene::NpcSessionScene(const SceneServices& services, bool follow_edited_pane, bool frame_total_is_wall)
    : panes_(services), follow_(follow_edited_pane) {
    if (frame_total_is_wall) plots_.frame_total_is_wall();
}

NpcSessionScene::~NpcSessionScene() {
    if (diagram_.followed) panes_.pane(diagram_.followed_index).set_trace(nullptr);
}

// A new pane count starts every pane again from frame 0, so that they stay
// in lock-step; a pane whose settings change starts its averages again.
SessionScene::Synced NpcSessionScene::sync(LabSettings& settings) {
    const bool new_count = static_cast<int>(settings.npc.panes.size()) != panes_.size();
    std::vector<int> changed;
    if (new_count) {
        unfollow();  // it records a pane about to go
        plots_.clear();
    } else {
        for (int i = 0; i < panes_.size(); ++i)
            if (settings.pane_scene(i) != panes_.pane(i).config()) changed.push_back(i);  // one setting per average
    }
    Synced synced;
    if (panes_.configure(settings.npc)) {
        summaries_.assign(static_cast<std::size_t>(panes_.size()), {});
        restart_reveals();
        synced.restarted = true;
    }
    // Everything kept per pane follows the panes now, not at the next step:
    // a frame is drawn between a command and the step after it.
    plots_.set_pane_count(panes_.size());
    for (int i : changed) {  // after configure: the reveal settles from the new config's batch period
        summaries_[static_cast<std::size_t>(i)] = {};
        restart_reveal(i);
    }
    return synced;
}

void NpcSessionScene::step() {
    panes_.step();
    for (int p = 0; p < panes_.size(); ++p) {
        const NpcFrameMetrics& m = panes_.pane(p).metrics();
        summaries_[static_cast<std::size_t>(p)].add(m);
        RevealTally& r = reveals_[static_cast<std::size_t>(p)];
        if (m.frame < r.from_frame) continue;
        r.running.add(m);
        if ((m.frame - r.from_frame + 1) % r.period == 0) r.whole = r.running;
    }
    plots_.record_step(panes_.panes());
    after_step();
}

void NpcSessionScene::end_frame(double frame_cpu_ms) {
    const NpcScene& first = panes_.pane(0);
    plots_.record_frame(static_cast<double>(first.frames_stepped()) * first.step_s(), frame_cpu_ms);
}

void NpcSessionScene::restart_averages() {
    summaries_.assign(static_cast<std::size_t>(panes_.size()), {});
    restart_reveals();
    plots_.clear();
}

void NpcSessionScene::restart_reveal(int pane) {
    reveals_.resize(static_cast<std::size_t>(panes_.size()));
    const NpcScene& scene = panes_.pane(pane);
    const std::int64_t period = batch_period_steps(scene.config());
    reveals_[static_cast<std::size_t>(pane)] = {scene.frames_stepped() + kRevealSettleBatches * period, period, {}, {}};
}

void NpcSessionScene::restart_reveals() {
    reveals_.assign(static_cast<std::size_t>(panes_.size()), {});
    for (int i = 0; i < panes_.size(); ++i) restart_reveal(i);
}

std::span<const NpcMetricsSummary> NpcSessionScene::reveal_summaries() const {
    reveal_view_.clear();
    for (const RevealTally& r : reveals_) reveal_view_.push_back(r.whole);
    return reveal_view_;
}

// --- The timing diagram: the previous and the current batch of the edited pane ---

void NpcSessionScene::unfollow() {
    if (diagram_.followed) panes_.pane(diagram_.followed_index).set_trace(nullptr);
    diagram_.followed = false;
    diagram_.log.clear();
    diagram_.last_frame = -1;
}

// Cheap: a few events per job, two batches kept, nothing past kDiagramMaxKeys NPCs.
void NpcSessionScene::follow_edited_pane(bool shown, int pane) {
    if (!follow_ || attached_trace_) return;
    if (shown == diagram_.followed && pane == diagram_.followed_index) return;
    unfollow();
    if (!shown) return;
    diagram_.followed = true;
    diagram_.followed_index = pane;
    panes_.pane(pane).set_trace(&diagram_.log);
}

void NpcSessionScene::attach_trace(int pane, TraceLog* log, bool shown, int edited_pane) {
    unfollow();
    attached_trace_ = log;
    attached_pane_ = pane;
    panes_.pane(pane).set_trace(log);
    if (!log) follow_edited_pane(shown, edited_pane);
}

void NpcSessionScene::after_step() {
    if (!diagram_.followed) return;
    const NpcScene& scene = panes_.pane(diagram_.followed_index);
    const std::int64_t frame = scene.frames_stepped();
    if (frame < diagram_.last_frame) diagram_.log.clear();  // reset: frame numbers start again
    diagram_.last_frame = frame;
    if (scene.config().npc_count > kDiagramMaxKeys) {
        diagram_.log.clear();
        return;
    }
    std::uint32_t newest = 0;
    for (const TraceRecord& r : diagram_.log.records()) newest = std::max(newest, r.batch);
    if (newest >= 2) diagram_.log.drop_batches_before(newest - 1);
}

// --- Stepping back in time ------------------------------------------------------------

namespace {

struct NpcSceneState final : SessionScene::State {
    std::vector<NpcScene::State> panes;
    TraceLog diagram;  // the timing diagram's record of the followed pane
    int diagram_pane = -1;
    std::int64_t diagram_last_frame = -1;
    bool exact = true;
    bool exact_replay() const override { return exact; }
    std::size_t bytes() const override {
        std::size_t sum = sizeof(*this) + diagram.records().capacity() * sizeof(TraceRecord);
        for (const NpcScene::State& p : panes) sum += p.bytes();
        return sum;
    }
};

}  // namespace

std::unique_ptr<SessionScene::State> NpcSessionScene::save_state() const {
    auto state = std::make_unique<NpcSceneState>();
    for (int p = 0; p < panes_.size(); ++p) {
        state->panes.push_back(panes_.pane(p).state());
        // The article's lock: the readers race the update, as in the article.
        if (panes_.pane(p).article_lock_in_use()) state->exact = false;
    }
    if (diagram_.followed) {
        state->diagram = diagram_.log;
        state->diagram_pane = diagram_.followed_index;
        state->diagram_last_frame = diagram_.last_frame;
    }
    return state;
}

void NpcSessionScene::restore_state(const State& state) {
    const auto& s = static_cast<const NpcSceneState&>(state);
    for (int p = 0; p < panes_.size() && p < static_cast<int>(s.panes.size()); ++p) panes_.pane(p).restore(s.panes[static_cast<std::size_t>(p)]);
    if (diagram_.followed) {
        // The diagram follows the pane it did then; one followed since starts empty.
        const bool same = s.diagram_pane == diagram_.followed_index;
        diagram_.log = same ? s.diagram : TraceLog{};
        diagram_.last_frame = same ? s.diagram_last_frame : -1;
    }
}

void NpcSessionScene::replay_step() {
    if (attached_trace_) panes_.pane(attached_pane_).set_trace(nullptr);  // recorded once, when it ran
    panes_.step();
    after_step();  // the timing diagram
    if (attached_trace_) panes_.pane(attached_pane_).set_trace(attached_trace_);
}

// --- What it shows ------------------------------------------------------------------

// The panes' modes, each once, and the update rate when they share one.
std::string NpcSessionScene::file_name(const LabSettings& settings) const {
    std::vector<Mode> seen;
    std::string modes;
    std::uint32_t period = 0;
    bool one_period = true;
    for (int i = 0; i < static_cast<int>(settings.npc.panes.size()); ++i) {
        const TimeslicerConfig& ts = settings.pane(i).timeslicing;
        if (std::find(seen.begin(), seen.end(), ts.mode) == seen.end()) {
            seen.push_back(ts.mode);
            modes += (modes.empty() ? "" : "-vs-") + std::string(name_of(ts.mode));
        }
        if (ts.mode == Mode::UpdateAll) continue;
        one_period = one_period && (period == 0 || period == ts.update_every_frames);
        period = ts.update_every_frames;
    }
    if (period == 0 || !one_period) return modes;
    const double updates = static_cast<double>(settings.npc.world.steps_per_s) / period;
    return modes + "-" + formatted(updates == std::floor(updates) ? "%.0f" : "%.2g", updates) + "ups";
}

// --- The reveal ----------------------------------------------------------------------

std::int64_t NpcSessionScene::add_reveal_rows(LessonCard& card, const RevealRequest& request, const LabSettings& settings) const {
    if (request.step.scene == SceneKind::Exposure) return 0;  // the exposure scene's step, shown here because its level did not load
    const int panes = std::min(panes_.size(), static_cast<int>(summaries_.size()));
    for (int i = 0; i < panes; ++i) {
        const std::string& caption = settings.npc.panes[static_cast<std::size_t>(i)].caption;
        const NpcSceneConfig& config = panes_.pane(i).config();
        const Words& tr = request.words;
        const std::string name = caption.empty() ? std::string(tr.of(label_of(config.timeslicing.mode))) + map_caption(config.map, tr) : std::string(tr.of(caption));
        RevealRow row{std::string(1, static_cast<char>('A' + i)) + "  " + name, panes > 1 ? i : -1,
                      reveal_cells(request.measures, reveals_[static_cast<std::size_t>(i)].whole, tr)};
        if (request.ages) row.values.push_back(measure_text(*model_value(*find_measure("input_age"), i), "ms", tr));
        // Panes that differ only in drawing (debug lines on and off) measure the same: one row for both.
        const bool same_as_first = i > 0 && panes_.pane(i).config() == panes_.pane(0).config() && row.values == card.rows.front().values;
        if (same_as_first) {
            card.rows.front().label.insert(1, std::string(", ") + static_cast<char>('A' + i));
            continue;
        }
        card.rows.push_back(std::move(row));
    }
    if (card.rows.size() == 1) card.rows.front().pane = -1;
    return reveals_.empty() ? 0 : reveals_.front().whole.frames;
}

std::string NpcSessionScene::measured_over(std::int64_t frames, const Words& tr) const {
    if (frames > 0)
        return formatted(tr("Measured over %.1f s: whole batches after the first %d"), static_cast<double>(frames) * step_s(), kRevealSettleBatches);
    return formatted(tr("Nothing measured yet: the first %d batches settle, then whole batches count"), kRevealSettleBatches);
}

// Input ages read best against the batch period T of the timing model.
std::string NpcSessionScene::ages_note(const Words& tr) const {
    const NpcSceneConfig& c = panes_.pane(panes_.size() - 1).config();
    return c.timeslicing.mode == Mode::UpdateAll ? std::string() : formatted(tr(", T = %.0f ms"), 1000.0 * batch_period_s(c));
}

std::optional<double> NpcSessionScene::reveal_value(const LessonMeasure& measure, int pane) const {
    return pane < panes_.size() ? pane_value(measure, reveal_summaries(), pane) : std::nullopt;
}

RevealReader NpcSessionScene::kept_reveal() const {
    return reveal_reader(reveal_summaries());
}

std::optional<double> NpcSessionScene::batch_period_ms(int pane) const {
    if (pane < 0 || pane >= panes_.size()) return std::nullopt;
    return 1000.0 * batch_period_s(panes_.pane(pane).config());
}

std::optional<double> NpcSessionScene::model_value(const LessonMeasure& measure, int pane) const {
    if (pane < 0 || pane >= panes_.size() || std::string_view(measure.name) != "input_age") return std::nullopt;
    return 1000.0 * model_input_age_steps(panes_.pane(pane).config()) * panes_.pane(pane).step_s();
}

}  // namespace tsl
