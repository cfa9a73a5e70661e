#include "core/npc/npc_scene.h"

#include "core/base/words.h"  // to_translate: the timeline's zone labels

#include "core/jobs/busy_work.h"

#include <algorithm>
#include <cmath>

namespace tsl {

namespace {

NpcSceneConfig sanitized(NpcSceneConfig c) {
    c.npc_count = std::clamp<std::uint32_t>(c.npc_count, 1, kMaxNpcs);
    c.steps_per_s = std::clamp<std::uint32_t>(c.steps_per_s, 1, 1000);
    c.target_period_s = std::max(0.1, c.target_period_s);
    c.max_turn_deg_per_s = std::max(0.0, c.max_turn_deg_per_s);
    c.job_cost_us = std::max(0.0, c.job_cost_us);
    return c;
}

}  // namespace

std::int64_t batch_period_steps(const NpcSceneConfig& c) {
    if (c.timeslicing.mode == Mode::UpdateAll) return 1;
    const std::int64_t n = std::max<std::uint32_t>(1, c.npc_count), j = std::max<std::uint32_t>(1, c.timeslicing.jobs_per_update);
    return (n + j - 1) / j * std::max<std::uint32_t>(1, c.timeslicing.update_every_frames);
}

double batch_period_s(const NpcSceneConfig& c) { return static_cast<double>(batch_period_steps(c)) / std::max<std::uint32_t>(1, c.steps_per_s); }

double model_input_age_steps(const NpcSceneConfig& c) {
    const TimeslicerConfig& ts = c.timeslicing;
    const std::int64_t gather = ts.gathering == Gathering::NextFrame ? (ts.mode == Mode::UpdateAll ? 1 : ts.update_every_frames) : 0;
    if (ts.mode == Mode::UpdateAll) return static_cast<double>(gather);  // T = 1 step: every decision one step old, or fresh
    const std::int64_t n = std::max<std::uint32_t>(1, c.npc_count), j = std::max<std::uint32_t>(1, ts.jobs_per_update);
    const std::int64_t p = std::max<std::uint32_t>(1, ts.update_every_frames), updates = (n + j - 1) / j, period = updates * p;
    double delay_sum = 0;  // over the keys: save frame - input frame, from the batch's start
    for (std::int64_t k = 0; k < n; ++k) {
        const std::int64_t start = k / j * p;
        const std::int64_t input = reads_inputs_at_batch_start(ts.mode) ? 0 : start;
        std::int64_t save = start + gather;  // asynchronous output: when the job is finished
        if (saves_outputs_at_batch_end(ts.mode))
            save = ts.sync_save == SyncSave::NextBatch ? period : (updates - 1) * p + gather;  // the next batch's start, or the last finish
        delay_sum += static_cast<double>(save - input);
    }
    return delay_sum / static_cast<double>(n) + static_cast<double>(period - 1) / 2.0;
}

void run_npc_decision(const NpcJobInput& input, NpcDecision& decision) {
    busy_work_us(input.job_cost_us);
    decision.desired_deg = heading_deg(input.npc_position, input.target_position);
    decision.target_seen = input.target_position;
    decision.input_frame = input.frame;
    decision.source_frame = input.source_frame;
}

NpcScene::NpcScene(const NpcSceneConfig& config, const SceneServices& services)
    : config_(sanitized(config)),
      services_(services),
      slicer_({
          .new_batch =
              [this](std::vector<std::uint32_t>& keys) {
                  keys.resize(npcs_.size());
                  for (std::uint32_t i = 0; i < keys.size(); ++i) keys[i] = i;
              },
          .read_input = [this](const std::uint32_t& npc, NpcJobInput& input) { read_input(npc, input); },
          .run_job = [this](const std::uint32_t& npc, const NpcJobInput& input, NpcDecision& decision) {
              if (job_hook_) job_hook_(job_hook_user_, npc);
              run_npc_decision(input, decision);
          },
          .trace_id = {},
      }),
      map_(config_.map) {
    slicer_.set_profiler(services_.profiler, services_.pane);
    use_threading(config_.timeslicing.threading);
    slicer_.set_config(config_.timeslicing);
    reset();
}

void NpcScene::use_threading(Threading threading) {
    if (threading != Threading::Pool || services_.jobs) {
        slicer_.set_job_system(services_.jobs);
        return;
    }
    if (!own_jobs_) own_jobs_ = std::make_unique<JobSystem>();
    slicer_.set_job_system(own_jobs_.get());
}

const EnumName kLookNames[2] = {
    {"lab", static_cast<int>(NpcLook::Lab), "the lab's"},
    {"article", static_cast<int>(NpcLook::Article), "the article's demo",
     "The article's demo as its animations show it: the same ring and target path (from 12 o'clock, clockwise)."},
};

Vec2 NpcScene::layout_position(std::uint32_t i, std::uint32_t n, NpcLook look) {
    if (n <= kMaxRingNpcs && look == NpcLook::Article) {
        // The demo's (i + 1/2) turns of 1/n from east, clockwise on a screen whose y grows down.
        const double a = (i + 0.5) * 2.0 * std::numbers::pi / n;
        return {kRingRadius * std::cos(a), -kRingRadius * std::sin(a)};
    }
    if (n <= kMaxRingNpcs) {
        const double a = 2.0 * std::numbers::pi * i / n;
        return {kRingRadius * std::cos(a), kRingRadius * std::sin(a)};
    }
    const auto columns = static_cast<std::uint32_t>(std::ceil(std::sqrt(static_cast<double>(n))));
    const double spacing = 2.0 * kRingRadius / columns;
    return {-kRingRadius + (i % columns + 0.5) * spacing, -kRingRadius + (i / columns + 0.5) * spacing};
}

Vec2 NpcScene::target_at_phase(double phase_turns, NpcLook look) {
    if (look == NpcLook::Article) {
        // theta = (-t - period/2) 2 pi / period; x = r sin theta, y = r cos theta with y down.
        const double theta = -2.0 * std::numbers::pi * (phase_turns + 0.5);
        return {kArticleTargetOrbitRadius * std::sin(theta), -kArticleTargetOrbitRadius * std::cos(theta)};
    }
    const double a = 2.0 * std::numbers::pi * phase_turns;
    return {kTargetOrbitRadius * std::cos(a), kTargetOrbitRadius * std::sin(a)};
}

// The article's demo advances its clock before it moves the target, so its
// first step already shows the target one step along.
double NpcScene::start_phase() const {
    return config_.look == NpcLook::Article ? step_s() / config_.target_period_s : 0.0;
}

// Positions every NPC for the current count; NPCs from `first_new` on start
// facing the target, with a decision made from what they see right now.
void NpcScene::lay_out(std::uint32_t first_new) {
    const auto n = static_cast<std::uint32_t>(npcs_.size());
    for (std::uint32_t i = 0; i < n; ++i) {
        Npc& npc = npcs_[i];
        npc.position = layout_position(i, n, config_.look);
        if (i < first_new) continue;
        npc.facing_deg = heading_deg(npc.position, target_);
        npc.decision = {npc.facing_deg, target_, frame_, frame_};
    }
}

void NpcScene::reset() {
    slicer_.clear();
    frame_ = 0;
    target_phase_turns_ = start_phase();
    target_ = target_at_phase(target_phase_turns_, config_.look);
    map_.reset(target_, frame_);
    map_reading_ = map_.read();
    npcs_.assign(config_.npc_count, Npc{});
    lay_out(0);
    metrics_ = {};
    lock_stats_ = {};
}

NpcScene::State NpcScene::state() const {
    return {slicer_.snapshot(), npcs_, map_.state(), map_reading_, frame_, target_phase_turns_, target_, metrics_, lock_stats_};
}

void NpcScene::restore(const State& state) {
    slicer_.restore(state.slicer);
    npcs_ = state.npcs;
    map_.restore(state.map);
    map_reading_ = state.map_reading;
    frame_ = state.frame;
    target_phase_turns_ = state.target_phase_turns;
    target_ = state.target;
    metrics_ = state.metrics;
    lock_stats_ = state.lock_stats;
}

void NpcScene::set_config(const NpcSceneConfig& requested) {
    const NpcSceneConfig config = sanitized(requested);
    const bool new_rate = config.steps_per_s != config_.steps_per_s || config.look != config_.look;
    const bool map_turned_on = config.map.on && !config_.map.on;
    config_ = config;
    map_.set_config(config_.map);
    if (map_turned_on && !new_rate) {
        map_.reset(target_, frame_);
        map_reading_ = map_.read();
    }
    use_threading(config_.timeslicing.threading);
    slicer_.set_config(config_.timeslicing);
    if (new_rate) {
        reset();
        return;
    }
    const auto old_count = static_cast<std::uint32_t>(npcs_.size());
    if (config_.npc_count != old_count) {
        npcs_.resize(config_.npc_count);
        lay_out(old_count);
        slicer_.restart_batch();
    }
}

bool NpcScene::article_lock_in_use() const {
    const JobSystem* jobs = job_system();
    return config_.article_lock && config_.timeslicing.threading != Threading::Pool && jobs && jobs->worker_count() > 0;
}

// The article's threaded version ("Timeslicing Batched Algorithms in Games",
// section "Threads"; docs/semantics.md, section 8): the rest of the game reads
// decisions on another thread while the timeslicer updates, every lookup under
// the read lock, and the update holds the write lock throughout, the join of
// its job threads included (the article takes it in each of the update's
// calls). A reader that finds it held waits, and what it then reads depends
// on whether it came before the update's saves or after them.
void NpcScene::read_under_lock(double max_turn_deg) {
    Profiler* profiler = services_.profiler;
    const auto n = static_cast<std::uint32_t>(npcs_.size());
    if (reader_hook_) reader_hook_(reader_hook_user_, 0);
    const std::int64_t t0 = Profiler::now_ns();
    ArticleLockStats stats;
    for (std::uint32_t i = 0; i < n; ++i) {
        std::shared_lock read(lock_, std::try_to_lock);
        if (!read.owns_lock()) {
            const std::int64_t w0 = Profiler::now_ns();
            readers_waiting_.fetch_add(1, std::memory_order_release);
            read.lock();
            readers_waiting_.fetch_sub(1, std::memory_order_relaxed);
            const std::int64_t w1 = Profiler::now_ns();
            ++stats.reads_waited;
            stats.wait_ms += static_cast<double>(w1 - w0) * 1e-6;
            if (profiler && profiler->enabled()) profiler->record({w0, w1, ZoneKind::Wait, i, to_translate("waiting for the read lock"), services_.pane});
        }
        ++stats.reads;
        animate(i, i + 1, max_turn_deg);
    }
    if (profiler && profiler->enabled())
        profiler->record({t0, Profiler::now_ns(), ZoneKind::Animation, 0, to_translate("NPCs read their decisions (read lock)"), services_.pane});
    lock_stats_.reads += stats.reads;
    lock_stats_.reads_waited += stats.reads_waited;
    lock_stats_.wait_ms += stats.wait_ms;
}

void NpcScene::step() {
    Profiler* profiler = services_.profiler;
    const std::uint8_t pane = services_.pane;
    ZoneScope step_zone(profiler, ZoneKind::Step, to_translate("step"), static_cast<std::uint32_t>(frame_), pane);
    target_ = target_at_phase(target_phase_turns_, config_.look);
    error_deg_.resize(npcs_.size());
    if (config_.map.on) {
        ZoneScope zone(profiler, ZoneKind::Update, to_translate("danger map update"), static_cast<std::uint32_t>(frame_), pane);
        map_.update(target_, frame_);
        map_reading_ = map_.read();
    }

    const std::int64_t t0 = Profiler::now_ns();  // the step's start, and the update's
    if (article_lock_in_use()) {
        JobSystem* jobs = job_system();
        const double max_turn_deg = config_.max_turn_deg_per_s * step_s();
        const JobHandle readers = jobs->schedule([this, max_turn_deg] { read_under_lock(max_turn_deg); });
        {
            ZoneScope zone(profiler, ZoneKind::Update, to_translate("timeslicer update (write lock held)"), static_cast<std::uint32_t>(frame_), pane);
            std::unique_lock write(lock_);
            slicer_.update();
        }
        const double main_update_ms = static_cast<double>(Profiler::now_ns() - t0) * 1e-6;
        {
            ZoneScope zone(profiler, ZoneKind::Wait, to_translate("waiting for the readers"), 0, pane);
            jobs->complete(readers);
        }
        finish_step(main_update_ms, t0);
        return;
    }
    {
        ZoneScope zone(profiler, ZoneKind::Update, to_translate("timeslicer update"), static_cast<std::uint32_t>(frame_), pane);
        slicer_.update();
    }
    const double main_update_ms = static_cast<double>(Profiler::now_ns() - t0) * 1e-6;

    {
        ZoneScope zone(profiler, ZoneKind::Animation, to_translate("animation"), 0, pane);
        const double max_turn_deg = config_.max_turn_deg_per_s * step_s();
        const auto n = static_cast<std::uint32_t>(npcs_.size());
        // Every NPC's turn depends only on its own state and the history,
        // which nobody writes until the next update: the pieces may run on any
        // thread in any order and still give the single-threaded result.
        JobSystem* jobs = job_system();
        if (jobs && n >= split_from_npcs_ && jobs->worker_count() > 0) {
            jobs->complete(jobs->parallel_for(
                n, kNpcSplitGrain, [this, max_turn_deg](std::uint32_t begin, std::uint32_t end) { animate(begin, end, max_turn_deg); }));
        } else {
            animate(0, n, max_turn_deg);
        }
    }

    finish_step(main_update_ms, t0);
}

void NpcScene::finish_step(double main_update_ms, std::int64_t t0_ns) {
    {
        ZoneScope zone(services_.profiler, ZoneKind::Metrics, to_translate("metrics"), 0, services_.pane);
        metrics_.jobs_started = slicer_.last_update().jobs_started;
        measure(main_update_ms);
    }
    metrics_.step_ms = static_cast<double>(Profiler::now_ns() - t0_ns) * 1e-6;
    ++frame_;
    target_phase_turns_ = std::fmod(target_phase_turns_ + step_s() / config_.target_period_s, 1.0);
}

double NpcScene::target_orbit_radius() const noexcept {
    return config_.look == NpcLook::Article ? kArticleTargetOrbitRadius : kTargetOrbitRadius;
}

// A decision's input: the target where it is, or, with the danger map on,
// where the map's hot cells put it (their centres on the target's circle,
// averaged), as old as the oldest of them. A map with no hot cell gives the
// NPC nothing new: its decision is made again from what it last saw.
void NpcScene::read_input(std::uint32_t npc, NpcJobInput& input) const {
    input = {npcs_[npc].position, target_, frame_, config_.job_cost_us, frame_};
    if (!config_.map.on) return;
    if (map_reading_.hot_cells == 0) {
        input.target_position = npcs_[npc].decision.target_seen;
        input.source_frame = npcs_[npc].decision.source_frame;
        return;
    }
    input.target_position = map_reading_.danger * target_orbit_radius();
    input.source_frame = map_reading_.oldest_hot_frame;
}

// NPCs [begin, end): each takes its newest decision and turns toward it; its
// facing error (as measure_npcs computes it) is kept for the metrics.
void NpcScene::animate(std::uint32_t begin, std::uint32_t end, double max_turn_deg) {
    for (std::uint32_t i = begin; i < end; ++i) {
        Npc& npc = npcs_[i];
        // A decision made from older information never replaces a newer one
        // (an NPC added at run time starts with a fresh decision of its own).
        const NpcDecision* newest = slicer_.newest(i);
        if (newest && newest->input_frame >= npc.decision.input_frame) npc.decision = *newest;
        npc.facing_deg = turn_toward_deg(npc.facing_deg, npc.decision.desired_deg, max_turn_deg);
        error_deg_[i] = angle_between_deg(npc.facing_deg, heading_deg(npc.position, target_));
    }
}

namespace {

// The frame's metrics over the NPCs, with `error_of(i)` the facing error of
// NPC i: one loop, so every caller sums in the same order and gets the same bits.
template <class ErrorOf>
NpcFrameMetrics summarise_npcs(std::span<const Npc> npcs, std::int64_t frame, double step_s, ErrorOf error_of) {
    NpcFrameMetrics m;
    m.frame = frame;
    if (npcs.empty()) return m;
    const double ms_per_frame = 1000.0 * step_s;
    double age_sum = 0, error_sum = 0, acted_sum = 0;
    for (std::size_t i = 0; i < npcs.size(); ++i) {
        const double age = static_cast<double>(frame - npcs[i].decision.input_frame) * ms_per_frame;
        const double error = error_of(i);
        age_sum += age;
        acted_sum += static_cast<double>(frame - npcs[i].decision.source_frame) * ms_per_frame;  // without the map: the same as age
        m.max_input_age_ms = std::max(m.max_input_age_ms, age);
        error_sum += error;
        m.max_error_deg = std::max(m.max_error_deg, error);
    }
    const double n = static_cast<double>(npcs.size());
    m.mean_input_age_ms = age_sum / n;
    m.mean_error_deg = error_sum / n;
    m.mean_end_to_end_age_ms = acted_sum / n;
    return m;
}

}  // namespace

NpcFrameMetrics measure_npcs(std::span<const Npc> npcs, Vec2 target, std::int64_t frame, double step_s) {
    return summarise_npcs(npcs, frame, step_s,
                          [&](std::size_t i) { return angle_between_deg(npcs[i].facing_deg, heading_deg(npcs[i].position, target)); });
}

void NpcMetricsSummary::add(const NpcFrameMetrics& m) {
    ++frames;
    input_age_sum_ms += m.mean_input_age_ms;
    input_age_max_ms = std::max(input_age_max_ms, m.max_input_age_ms);
    error_sum_deg += m.mean_error_deg;
    error_max_deg = std::max(error_max_deg, m.max_error_deg);
    main_update_ms.add(m.main_update_ms);
    worker_busy_ms.add(m.worker_busy_ms);
    jobs_started_sum += m.jobs_started;
    end_to_end_sum_ms += m.mean_end_to_end_age_ms;
    decision_moments_sum += m.decision_moments;
    if (m.map_hot_cells == 0 && m.map_moments == 0) return;  // the map is off
    ++map_frames;
    map_split_frames += m.map_hot_cells != 1;
    map_moments_sum += m.map_moments;
}

// measure_npcs over the errors animate() kept: the same sums in the same
// order, so the same bits.
void NpcScene::measure(double main_update_ms) {
    const std::uint32_t jobs_started = metrics_.jobs_started;
    metrics_ = summarise_npcs(npcs_, frame_, step_s(), [this](std::size_t i) { return error_deg_[i]; });
    metrics_.jobs_started = jobs_started;
    metrics_.main_update_ms = main_update_ms;
    metrics_.worker_busy_ms = slicer_.last_update().worker_busy_ns * 1e-6;
    metrics_.decision_moments = count_decision_moments();
    metrics_.map_hot_cells = config_.map.on ? map_reading_.hot_cells : 0;
    metrics_.map_moments = config_.map.on ? map_reading_.moments : 0;
}

// The distinct frames behind the decisions in use: one when every NPC acts on
// the same moment, up to one per NPC. Counted on a ring only (a field's count
// would cost a pass over every NPC for a number nobody reads there).
std::uint32_t NpcScene::count_decision_moments() {
    if (npcs_.empty() || npcs_.size() > kMaxRingNpcs) return 0;
    std::int64_t oldest = npcs_.front().decision.input_frame, newest = oldest;
    for (const Npc& npc : npcs_) {
        oldest = std::min(oldest, npc.decision.input_frame);
        newest = std::max(newest, npc.decision.input_frame);
    }
    moment_seen_.assign(static_cast<std::size_t>(newest - oldest + 1), 0);
    std::uint32_t moments = 0;
    for (const Npc& npc : npcs_) {
        std::uint8_t& seen = moment_seen_[static_cast<std::size_t>(npc.decision.input_frame - oldest)];
        moments += seen == 0;
        seen = 1;
    }
    return moments;
}

}  // namespace tsl
