// lab_session.cpp
//
// [SECTION] Construction and the settings → scenes
// [SECTION] Commands
// [SECTION] Presets and lessons
// [SECTION] Time
// [SECTION] What is shown: modified, named
// (The lesson card: lab_session_card.cpp; the catalog: catalog.cpp.)
#include "core/session/lab_session.h"

#include "core/base/formatted.h"
#include "core/base/thread_clock.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <ctime>
#include <thread>
#include <tuple>

namespace tsl {

namespace {

// The workers the job system has for `workers` (a setting, -1: the default) here.
int workers_here(int workers, const SessionOptions& options) {
    if (!options.threads_unavailable.empty()) return 0;
    return std::min(workers >= 0 ? workers : JobSystem::default_workers(), options.max_workers);
}

}  // namespace

void apply_preset(LabSettings& settings, const Preset& preset) {
    settings.workers = preset.workers;
    settings.recording.from_step = preset.record_from_step;
    if (preset.scene == SceneKind::Engine) {
        settings.engine = preset.engine;
        settings.edited_engine_pane = 0;
        settings.show_routes = preset.show_routes;
        settings.scene = SceneKind::Engine;
        return;
    }
    if (preset.scene == SceneKind::Exposure) {
        const std::string assets = settings.exposure.assets_dir;
        settings.exposure = preset.exposure;
        settings.exposure.assets_dir = assets;
        settings.show_rays = preset.show_rays;
        settings.scene = SceneKind::Exposure;
        return;
    }
    settings.npc = preset.npc;
    if (settings.npc.panes.empty()) settings.npc.panes.emplace_back();
    settings.edited_pane = 0;
    settings.scene = SceneKind::Npc;
    // Panes that differ only in how they are drawn show one run two ways (the
    // article's figures): a change of timing keeps them alike.
    const auto& panes = settings.npc.panes;
    settings.link_panes = panes.size() > 1 && std::all_of(panes.begin(), panes.end(), [&](const NpcPaneSettings& p) {
                              return p.timeslicing == panes.front().timeslicing;
                          });
    settings.mode_keys_restart = settings.npc.world.look == NpcLook::Article;
}

// --- [SECTION] Construction and the settings → scenes ---------------------------------

LabSession::LabSession(const LabSettings& settings, SessionOptions options)
    : options_(std::move(options)),
      settings_(settings),
      jobs_({workers_here(settings.workers, options_)}),
      panes_(SceneServices{&jobs_, options_.profile ? &profiler_ : nullptr}) {
    if (options_.profile) profiler_.name_this_thread("main");
    if (options_.cpu_clock_is_wall) plots_.frame_total_is_wall();
    profiler_.set_enabled(options_.profile);
    if (settings_.exposure.assets_dir.empty()) settings_.exposure.assets_dir = options_.assets_dir;
    // Where no worker thread can start, the page starts on the main thread
    // without a word (the defaults' engine pool among them); a later command
    // that asks for a worker is told.
    if (!options_.threads_unavailable.empty()) fall_back_to_main_thread(settings_);
    settings_.set_pane_count(static_cast<int>(settings_.npc.panes.size()));  // clamps
    Synced synced = sync();
    startup_problem_ = std::move(synced.problem);
    startup_note_ = std::move(synced.adjusted);
}

LabSession::~LabSession() {
    if (diagram_.followed) panes_.pane(diagram_.followed_index).set_trace(nullptr);
}

// The settings into the scenes. Called after every change; cheap when
// nothing changed. Returns what could not be applied (an exposure level that
// does not load: the scene keeps its old one) and what was changed to fit
// where the lab runs (the main thread for what needs a worker where none can
// start; at most the workers it may have).
LabSession::Synced LabSession::sync() {
    std::string problem, adjusted, to_main_thread;
    if (!options_.threads_unavailable.empty()) {
        to_main_thread = fall_back_to_main_thread(settings_);
        if (!to_main_thread.empty()) adjusted = to_main_thread + " (worker threads: " + options_.threads_unavailable + ")";
    }
    if (settings_.workers > options_.max_workers) {
        adjusted = "workers " + std::to_string(settings_.workers) + " \xe2\x86\x92 " + std::to_string(options_.max_workers) + " (" +
                   options_.max_workers_reason + ")";
        settings_.workers = options_.max_workers;
    }
    // The NPC panes. A new pane count starts every pane again from frame 0,
    // so that they stay in lock-step.
    const bool new_count = static_cast<int>(settings_.npc.panes.size()) != panes_.size();
    std::vector<int> changed;
    if (new_count) {
        unfollow();  // it records a pane about to go
        plots_.clear();
    } else {
        for (int i = 0; i < panes_.size(); ++i)
            if (settings_.pane_scene(i) != panes_.pane(i).config()) changed.push_back(i);  // one setting per average
    }
    if (panes_.configure(settings_.npc)) {
        summaries_.assign(static_cast<std::size_t>(panes_.size()), {});
        restart_reveals();
        clock_.reset();
    }
    // Everything kept per pane follows the panes now, not at the next step:
    // a frame is drawn between a command and the step after it.
    plots_.set_pane_count(panes_.size());
    for (int i : changed) {  // after configure: the reveal settles from the new config's batch period
        summaries_[static_cast<std::size_t>(i)] = {};
        restart_reveal(i);
    }

    // The exposure scene: made when first shown.
    if (settings_.scene == SceneKind::Exposure && !exposure_) {
        std::string error;
        // One pane, A, as the timeline names it.
        exposure_ = ExposureScene::create(settings_.exposure, SceneServices{&jobs_, options_.profile ? &profiler_ : nullptr}.for_pane(0), error);
        if (exposure_) {
            settings_.exposure = exposure_->config();
        } else {
            problem = error;
            settings_.scene = SceneKind::Npc;
        }
    }
    if (exposure_ && settings_.exposure != exposure_->config()) {
        problem = exposure_->set_config(settings_.exposure);  // empty when it worked
        settings_.exposure = exposure_->config();
        exposure_summary_ = {};  // the averages describe one setting
        exposure_reveal_ = {exposure_->frames_stepped() + kRevealSettleExposureSteps, {}, {}};
    }

    if (std::string engine_problem = sync_engine(); !engine_problem.empty()) problem = engine_problem;

    // The timing diagram records the edited pane (cheap: a few events per
    // job, two batches kept, nothing past kDiagramMaxKeys NPCs).
    follow_edited_pane();
    const int workers = workers_here(settings_.workers, options_);
    if (workers != jobs_.worker_count()) jobs_.set_worker_count(workers);
    return {problem, adjusted, to_main_thread};
}

// The engine scene: made when first shown; a pane whose settings change
// starts its averages again (a new pane count or world restarts them all).
std::string LabSession::sync_engine() {
    if (settings_.scene == SceneKind::Engine && !engine_)
        engine_ = std::make_unique<EnginePanes>(SceneServices{&jobs_, options_.profile ? &profiler_ : nullptr});
    if (!engine_) return {};
    settings_.set_engine_pane_count(static_cast<int>(settings_.engine.panes.size()));  // clamps
    const bool first = engine_->size() == 0;
    if (!first && settings_.engine == engine_applied_) return {};
    const bool rebuilt = engine_->configure(settings_.engine);
    const bool new_world = settings_.engine.world != engine_applied_.world;
    const int panes = engine_->size();
    if (rebuilt || new_world || first) {
        engine_summaries_.assign(static_cast<std::size_t>(panes), {});
        engine_reveals_.assign(static_cast<std::size_t>(panes), {});
        for (int i = 0; i < panes; ++i) restart_engine_reveal(i);
        engine_plots_.clear();
        engine_plots_.set_pane_count(panes);
    } else {
        for (int i = 0; i < panes; ++i)
            if (settings_.engine.panes[static_cast<std::size_t>(i)] != engine_applied_.panes[static_cast<std::size_t>(i)]) {
                engine_summaries_[static_cast<std::size_t>(i)] = {};
                restart_engine_reveal(i);
            }
    }
    engine_applied_ = settings_.engine;
    return {};
}

void LabSession::restart_engine_reveal(int pane) {
    engine_reveals_.resize(static_cast<std::size_t>(engine_ ? engine_->size() : 0));
    if (!engine_ || pane >= engine_->size()) return;
    const EnginePaneConfig& c = engine_->pane(pane).config().pane;
    const std::int64_t period = std::lcm(std::lcm(c.ai_ticks, c.physics_ticks), c.animation_ticks);
    engine_reveals_[static_cast<std::size_t>(pane)] = {engine_->pane(pane).ticks() + kRevealSettleEngineTicks, std::max<std::int64_t>(1, period), {}, {}};
}

std::span<const EngineSummary> LabSession::reveal_engine_summaries() const {
    engine_reveal_view_.clear();
    for (const EngineTally& t : engine_reveals_) engine_reveal_view_.push_back(t.whole);
    return engine_reveal_view_;
}

void LabSession::attach_engine_trace(int pane, std::vector<ChangeEvent>* trace) {
    if (!engine_) {
        engine_ = std::make_unique<EnginePanes>(SceneServices{&jobs_, options_.profile ? &profiler_ : nullptr});
        sync_engine();
    }
    engine_->pane(std::clamp(pane, 0, engine_->size() - 1)).set_trace(trace);
}

void LabSession::unfollow() {
    if (diagram_.followed) panes_.pane(diagram_.followed_index).set_trace(nullptr);
    diagram_.followed = false;
    diagram_.log.clear();
    diagram_.last_frame = -1;
}

void LabSession::follow_edited_pane() {
    if (!options_.follow_edited_pane || attached_trace_) return;
    const bool follow = !showing_exposure() && !showing_engine();
    const int index = settings_.pane_index();
    if (follow == diagram_.followed && index == diagram_.followed_index) return;
    unfollow();
    if (!follow) return;
    diagram_.followed = true;
    diagram_.followed_index = index;
    panes_.pane(index).set_trace(&diagram_.log);
}

void LabSession::attach_trace(int pane, TraceLog* log) {
    unfollow();
    attached_trace_ = log;
    panes_.pane(pane).set_trace(log);
    if (!log) follow_edited_pane();
}

// --- [SECTION] Commands ----------------------------------------------------------------

CommandResult LabSession::apply(const Command& command) {
    return std::visit(
        [this](const auto& c) -> CommandResult {
            using C = std::decay_t<decltype(c)>;
            if constexpr (std::is_same_v<C, SetField>) {
                return set(c);
            } else if constexpr (std::is_same_v<C, LoadPreset>) {
                return load_preset(c.name);
            } else if constexpr (std::is_same_v<C, StartLesson>) {
                return start_lesson(c);
            } else if constexpr (std::is_same_v<C, StopLesson>) {
                lesson_.reset();
                return {};
            } else if constexpr (std::is_same_v<C, GoToStep>) {
                return go_to_step(c.index);
            } else if constexpr (std::is_same_v<C, LessonForward>) {
                return lesson_forward();
            } else if constexpr (std::is_same_v<C, LessonBack>) {
                if (lesson_ && lesson_step_ > 0) return go_to_step(lesson_step_ - 1);
                return {};
            } else if constexpr (std::is_same_v<C, ResetScene>) {
                reset_scene();
                event("reset");
                return {};
            } else if constexpr (std::is_same_v<C, TogglePause>) {
                settings_.paused = !settings_.paused;
                return {};
            } else {
                static_assert(std::is_same_v<C, StepOnce>);
                settings_.paused = true;
                clock_.request_step();
                return {};
            }
        },
        command);
}

CommandResult LabSession::set(const SetField& command) {
    const FieldSpec* field = find_field(command.key);
    if (!field) return {"'" + command.key + "' is not a setting", 2};
    const LabSettings before = settings_;
    if (field->linked && settings_.link_panes) {  // every pane alike
        for (int pane = 0; pane < static_cast<int>(settings_.npc.panes.size()); ++pane)
            if (std::string problem = set_field(settings_, *field, command.value, pane); !problem.empty()) return {problem, 2};
    } else if (std::string problem = set_field(settings_, *field, command.value, command.pane); !problem.empty()) {
        return {problem, 2};
    }
    if (settings_ == before) return {};
    Synced synced = sync();
    if (!synced.problem.empty()) return {synced.problem, 1};
    return {"", 0, synced.adjusted};
}

// --- [SECTION] Presets and lessons --------------------------------------------------------

CommandResult LabSession::load_preset(const std::string& name) {
    const PresetLoad loaded = load_preset_by_name(options_.assets_dir, name);
    if (!loaded.preset) return {loaded.error, loaded.unknown_name ? 2 : 1};
    apply_preset(settings_, *loaded.preset);
    preset_ = loaded.preset->name;
    Synced synced = sync();
    preset_to_main_thread_ = synced.to_main_thread;
    preset_settings_ = settings_;
    reset_scene();
    event("preset " + name);
    if (!synced.problem.empty()) return {synced.problem, 1};
    return {"", 0, synced.adjusted};
}

CommandResult LabSession::start_lesson(const StartLesson& command) {
    LessonLoad loaded = load_lesson_by_name(options_.assets_dir, command.name);
    if (!loaded.lesson) return {loaded.error, loaded.unknown_name ? 2 : 1};
    lesson_ = std::move(loaded.lesson);
    lesson_results_.assign(lesson_->steps.size(), std::nullopt);
    lesson_shown_.assign(lesson_->steps.size(), false);
    CommandResult result = go_to_step(command.step);
    if (command.revealed) lesson_revealed_ = true;
    return result;
}

CommandResult LabSession::go_to_step(int index) {
    if (!lesson_) return {"no lesson is being taught", 2};
    index = std::clamp(index, 0, static_cast<int>(lesson_->steps.size()) - 1);
    keep_step_results();
    lesson_step_ = index;
    lesson_revealed_ = false;
    lesson_terms_met_.clear();  // what the steps shown so far defined: this one's card defines the rest
    for (int i = 0; i < static_cast<int>(lesson_shown_.size()); ++i)
        if (lesson_shown_[static_cast<std::size_t>(i)])
            for (const LessonTerm* term : terms_used(*lesson_, i, true)) lesson_terms_met_.push_back(term->name);
    lesson_shown_[static_cast<std::size_t>(index)] = true;
    const CommandResult loaded = load_preset(lesson_->steps[static_cast<std::size_t>(index)].preset);
    event("lesson " + lesson_->name + ": step " + std::to_string(index + 1) + " of " + std::to_string(lesson_->steps.size()));
    return loaded;
}

CommandResult LabSession::lesson_forward() {
    if (!lesson_) return {};
    if (!lesson_revealed_) {
        lesson_revealed_ = true;
        event("lesson " + lesson_->name + ": step " + std::to_string(lesson_step_ + 1) + " revealed");
        return {};
    }
    if (lesson_step_ + 1 < static_cast<int>(lesson_->steps.size())) return go_to_step(lesson_step_ + 1);
    return {};
}

const Catalog& LabSession::catalog() const {
    if (!catalog_) catalog_ = scan_catalog(options_.assets_dir);
    return *catalog_;
}

void LabSession::reset_scene() {
    if (showing_exposure()) exposure_->reset();
    else if (showing_engine()) engine_->reset();
    else panes_.reset();
    if (engine_) {
        engine_summaries_.assign(static_cast<std::size_t>(engine_->size()), {});
        engine_plots_.clear();
    }
    summaries_.assign(static_cast<std::size_t>(panes_.size()), {});
    exposure_summary_ = {};
    restart_reveals();
    plots_.clear();
    clock_.reset();
}

void LabSession::restart_reveal(int pane) {
    reveals_.resize(static_cast<std::size_t>(panes_.size()));
    const NpcScene& scene = panes_.pane(pane);
    const std::int64_t period = batch_period_steps(scene.config());
    reveals_[static_cast<std::size_t>(pane)] = {scene.frames_stepped() + kRevealSettleBatches * period, period, {}, {}};
}

void LabSession::restart_reveals() {
    reveals_.assign(static_cast<std::size_t>(panes_.size()), {});
    for (int i = 0; i < panes_.size(); ++i) restart_reveal(i);
    exposure_reveal_ = {(exposure_ ? exposure_->frames_stepped() : 0) + kRevealSettleExposureSteps, {}, {}};
    for (int i = 0; engine_ && i < engine_->size(); ++i) restart_engine_reveal(i);
}

std::span<const NpcMetricsSummary> LabSession::reveal_summaries() const {
    reveal_view_.clear();
    for (const RevealTally& r : reveals_) reveal_view_.push_back(r.whole);
    return reveal_view_;
}

bool LabSession::answer_hidden(std::string_view measure) const {
    if (!lesson_ || lesson_revealed_) return false;
    const std::vector<std::string>& reveal = lesson_->steps[static_cast<std::size_t>(lesson_step_)].reveal;
    return std::find(reveal.begin(), reveal.end(), measure) != reveal.end();
}

void LabSession::event(const std::string& what) {
    if (on_event) on_event(what);
}

// --- [SECTION] Time -----------------------------------------------------------------

std::int64_t LabSession::frames_stepped() const {
    if (showing_engine()) return engine_->pane(0).ticks();
    return showing_exposure() ? exposure_->frames_stepped() : panes_.pane(0).frames_stepped();
}
double LabSession::step_s() const {
    if (showing_engine()) return engine_->pane(0).step_s();
    return showing_exposure() ? exposure_->step_s() : panes_.pane(0).step_s();
}

double LabSession::cpu_ms() const { return options_.cpu_clock_ms ? options_.cpu_clock_ms() : thread_cpu_ms(); }

int LabSession::advance(double real_dt_s) {
    clock_.step_s = step_s();
    clock_.time_scale = settings_.time_scale;
    clock_.paused = settings_.paused;
    return clock_.advance(real_dt_s);
}

void LabSession::step(int steps) {
    if (steps <= 0) return;
    const double start = cpu_ms();
    for (int i = 0; i < steps; ++i) {
        if (showing_exposure()) {
            exposure_->step();
            exposure_summary_.add(exposure_->metrics());
            if (exposure_->frames_stepped() > exposure_reveal_.from_frame) {
                exposure_reveal_.running.add(exposure_->metrics());
                if (exposure_->metrics().map_changed) exposure_reveal_.whole = exposure_reveal_.running;  // a pass completed
            }
            continue;
        }
        if (showing_engine()) {
            engine_->step();
            for (int p = 0; p < engine_->size(); ++p) {
                const EngineScene& pane = engine_->pane(p);
                engine_summaries_[static_cast<std::size_t>(p)].add(pane.stats());
                EngineTally& tally = engine_reveals_[static_cast<std::size_t>(p)];
                if (pane.ticks() <= tally.from_tick) continue;
                tally.running.add(pane.stats());
                if ((pane.ticks() - tally.from_tick) % tally.period == 0) tally.whole = tally.running;
            }
            engine_plots_.record_tick(*engine_);
            continue;
        }
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
    frame_steps_cpu_ms_ += cpu_ms() - start;
    frame_steps_ += steps;
}

void LabSession::end_frame(double draw_cpu_ms) {
    if (frame_steps_ > 0 && !showing_exposure()) {
        const NpcScene& first = panes_.pane(0);
        plots_.record_frame(static_cast<double>(first.frames_stepped()) * first.step_s(), frame_steps_cpu_ms_ + draw_cpu_ms);
    }
    frame_steps_cpu_ms_ = 0;
    frame_steps_ = 0;
}

// The timing diagram keeps the previous and the current batch of the edited pane.
void LabSession::after_step() {
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

// --- [SECTION] What is shown: modified, named ----------------------------------------------------------

bool LabSession::preset_modified() const {
    if (preset_.empty()) return false;
    const LabSettings& a = settings_;
    const LabSettings& b = preset_settings_;
    if (a.scene != b.scene || a.workers != b.workers) return true;
    if (a.scene == SceneKind::Exposure) return a.exposure != b.exposure || a.show_rays != b.show_rays;
    if (a.scene == SceneKind::Engine) return a.engine != b.engine || a.show_routes != b.show_routes;
    return a.npc != b.npc;
}

std::string LabSession::shown_name() const {
    if (!preset_.empty() && !preset_modified()) return preset_;
    if (settings_.scene == SceneKind::Exposure) return "exposure-" + std::string(name_of(settings_.exposure.mode));
    if (settings_.scene == SceneKind::Engine) {
        // "engine-lock-step", or "engine-lock-step-vs-free-step": the panes' step modes, each once.
        std::string modes;
        std::vector<StepMode> seen;
        for (const EnginePaneConfig& pane : settings_.engine.panes)
            if (std::find(seen.begin(), seen.end(), pane.step_mode) == seen.end()) {
                seen.push_back(pane.step_mode);
                modes += (modes.empty() ? "" : "-vs-") + std::string(name_of(pane.step_mode));
            }
        return "engine-" + modes;
    }
    // The panes' modes, each once, and the update rate when they share one.
    std::vector<Mode> seen;
    std::string modes;
    std::uint32_t period = 0;
    bool one_period = true;
    for (int i = 0; i < static_cast<int>(settings_.npc.panes.size()); ++i) {
        const TimeslicerConfig& ts = settings_.pane(i).timeslicing;
        if (std::find(seen.begin(), seen.end(), ts.mode) == seen.end()) {
            seen.push_back(ts.mode);
            modes += (modes.empty() ? "" : "-vs-") + std::string(name_of(ts.mode));
        }
        if (ts.mode == Mode::UpdateAll) continue;
        one_period = one_period && (period == 0 || period == ts.update_every_frames);
        period = ts.update_every_frames;
    }
    if (period == 0 || !one_period) return modes;
    const double updates = static_cast<double>(settings_.npc.world.steps_per_s) / period;
    return modes + "-" + formatted(updates == std::floor(updates) ? "%.0f" : "%.2g", updates) + "ups";
}

}  // namespace tsl
