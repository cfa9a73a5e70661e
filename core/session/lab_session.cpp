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
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

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
        const std::string assets = settings.exposure.world.assets_dir;
        settings.exposure = preset.exposure;
        settings.exposure.world.assets_dir = assets;
        settings.edited_exposure_pane = 0;
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
    : options_(std::move(options)), settings_(settings), jobs_({workers_here(settings.workers, options_)}), rewind_(options_.rewind_budget_bytes) {
    if (options_.profile) profiler_.name_this_thread("main");
    profiler_.set_enabled(options_.profile);
    if (!options_.make_scene) options_.make_scene = make_lab_scene;
    auto npc = std::make_unique<NpcSessionScene>(services(), options_.follow_edited_pane, options_.cpu_clock_is_wall);
    npc_ = npc.get();
    scenes_[static_cast<std::size_t>(SceneKind::Npc)] = std::move(npc);
    if (settings_.exposure.world.assets_dir.empty()) settings_.exposure.world.assets_dir = options_.assets_dir;
    // Where no worker thread can start, the page starts on the main thread
    // without a word (the defaults' engine pool among them); a later command
    // that asks for a worker is told.
    if (!options_.threads_unavailable.empty()) fall_back_to_main_thread(settings_);
    settings_.set_pane_count(static_cast<int>(settings_.npc.panes.size()));  // clamps
    Synced synced = sync();
    startup_problem_ = std::move(synced.problem);
    startup_fitted_ = std::move(synced.fitted);
    rewind_settings_ = settings_;
}

LabSession::~LabSession() = default;

// The settings into the scenes. Called after every change; cheap when
// nothing changed. Returns what could not be applied (an exposure level that
// does not load: the scene keeps its old one) and what was changed to fit
// where the lab runs (the main thread for what needs a worker where none can
// start; at most the workers it may have).
LabSession::Synced LabSession::sync() {
    std::string problem, to_main_thread;
    std::vector<FitChange> fitted;
    if (!options_.threads_unavailable.empty()) {
        to_main_thread = fall_back_to_main_thread(settings_);
        if (!to_main_thread.empty()) fitted = {{to_main_thread, "worker threads: " + options_.threads_unavailable}};
    }
    if (settings_.workers > options_.max_workers) {
        fitted = {{"workers " + std::to_string(settings_.workers) + " \xe2\x86\x92 " + std::to_string(options_.max_workers),
                   options_.max_workers_reason}};
        settings_.workers = options_.max_workers;
    }
    // Every scene made so far follows the settings (a scene not shown keeps
    // them for when it is); the scene shown is made when first shown, and
    // where it cannot be, the NPC scene is shown instead.
    for (int k = 0; k < kSceneKinds; ++k) {
        std::unique_ptr<SessionScene>& scene = scenes_[static_cast<std::size_t>(k)];
        if (!scene && settings_.scene == static_cast<SceneKind>(k)) {
            Result<std::unique_ptr<SessionScene>> made = options_.make_scene(settings_.scene, settings_, services());
            if (made) {
                scene = std::move(*made);
            } else {
                problem = made.error();
                settings_.scene = SceneKind::Npc;
            }
        }
        if (!scene) continue;
        const SessionScene::Synced synced = scene->sync(settings_);
        if (!synced.problem.empty()) problem = synced.problem;
        if (synced.restarted) clock_.reset();
    }
    for (int k = 0; k < kSceneKinds; ++k)
        if (scenes_[static_cast<std::size_t>(k)]) scenes_[static_cast<std::size_t>(k)]->after_sync(settings_, settings_.scene == static_cast<SceneKind>(k));
    const int workers = workers_here(settings_.workers, options_);
    if (workers != jobs_.worker_count()) jobs_.set_worker_count(workers);
    return {problem, fitted, to_main_thread};
}

const ExposureSessionScene* LabSession::exposure_scene() const { return dynamic_cast<const ExposureSessionScene*>(scene(SceneKind::Exposure)); }
const EngineSessionScene* LabSession::engine_scene() const { return dynamic_cast<const EngineSessionScene*>(scene(SceneKind::Engine)); }
const ExposureScene* LabSession::exposure(int pane) const {
    const ExposureSessionScene* s = exposure_scene();
    return s ? &s->scene(std::clamp(pane, 0, s->size() - 1)) : nullptr;
}
int LabSession::exposure_panes() const { return exposure_scene() ? exposure_scene()->size() : 0; }
const EnginePanes* LabSession::engine() const { return engine_scene() ? &engine_scene()->panes() : nullptr; }

const ExposureMetricsSummary& LabSession::exposure_summary(int pane) const {
    static const ExposureMetricsSummary none;
    const ExposureSessionScene* s = exposure_scene();
    return s && pane >= 0 && pane < s->size() ? s->summaries()[static_cast<std::size_t>(pane)] : none;
}
const ExposureMetricsSummary& LabSession::reveal_exposure_summary(int pane) const {
    static const ExposureMetricsSummary none;
    const ExposureSessionScene* s = exposure_scene();
    return s && pane >= 0 && pane < s->size() ? s->reveal_summary(pane) : none;
}
const ExposureMetricsSummary* LabSession::settled_exposure_summary(int pane) const {
    const ExposureSessionScene* s = exposure_scene();
    return s && pane >= 0 && pane < s->size() ? s->settled_summary(pane) : nullptr;
}
const ExposurePlots& LabSession::exposure_plots() const {
    static const ExposurePlots none;
    return exposure_scene() ? exposure_scene()->plots() : none;
}
std::span<const EngineSummary> LabSession::engine_summaries() const {
    return engine_scene() ? engine_scene()->summaries() : std::span<const EngineSummary>();
}
std::span<const EngineSummary> LabSession::reveal_engine_summaries() const {
    return engine_scene() ? engine_scene()->reveal_summaries() : std::span<const EngineSummary>();
}
const EnginePlots& LabSession::engine_plots() const {
    static const EnginePlots none;
    return engine_scene() ? engine_scene()->plots() : none;
}

void LabSession::attach_engine_trace(int pane, std::vector<ChangeEvent>* trace) {
    if (!engine_scene()) {
        Result<std::unique_ptr<SessionScene>> made = options_.make_scene(SceneKind::Engine, settings_, services());
        if (made) scenes_[static_cast<std::size_t>(SceneKind::Engine)] = std::move(*made);
        sync();
    }
    auto* engine = dynamic_cast<EngineSessionScene*>(scenes_[static_cast<std::size_t>(SceneKind::Engine)].get());
    if (!engine) return;
    engine->panes().pane(std::clamp(pane, 0, engine->panes().size() - 1)).set_trace(trace);
}

void LabSession::attach_trace(int pane, TraceLog* log) {
    npc_->attach_trace(pane, log, settings_.scene == SceneKind::Npc, settings_.pane_index());
}

// --- [SECTION] Commands ----------------------------------------------------------------

CommandResult LabSession::apply_now(const Command& command) {
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
                record_board();
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
            } else if constexpr (std::is_same_v<C, Guess>) {
                return set_guess(c.text);
            } else if constexpr (std::is_same_v<C, ClearBoard>) {
                clear_board();
                return {};
            } else if constexpr (std::is_same_v<C, StepBack>) {
                return step_back();
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
            if (const Status set = set_field(settings_, *field, command.value, pane); !set) return CommandResult::failed(set);
    } else if (const Status set = set_field(settings_, *field, command.value, command.pane); !set) {
        return CommandResult::failed(set);
    }
    if (settings_ == before) return {};
    Synced synced = sync();
    if (!synced.problem.empty()) return {synced.problem, 1};
    return {"", 0, synced.fitted};
}

// --- [SECTION] Presets and lessons --------------------------------------------------------

CommandResult LabSession::load_preset(const std::string& name) {
    const Result<Preset> loaded = load_preset_by_name(options_.assets_dir, name);
    if (!loaded) return CommandResult::failed(loaded);
    apply_preset(settings_, *loaded);
    preset_ = loaded->name;
    Synced synced = sync();
    preset_to_main_thread_ = synced.to_main_thread;
    preset_settings_ = settings_;
    reset_scene();
    event("preset " + name);
    if (!synced.problem.empty()) return {synced.problem, 1};
    return {"", 0, synced.fitted};
}

CommandResult LabSession::start_lesson(const StartLesson& command) {
    Result<Lesson> loaded = load_lesson_by_name(options_.assets_dir, command.name);
    if (!loaded) return CommandResult::failed(loaded);
    record_board();  // the lesson being left
    lesson_ = std::move(loaded).value();
    lesson_step_ = -1;  // no step of this lesson yet: nothing of the last lesson's step is kept as this one's
    lesson_revealed_ = false;
    lesson_results_.assign(lesson_->steps.size(), std::nullopt);
    lesson_shown_.assign(lesson_->steps.size(), false);
    CommandResult result = go_to_step(command.step);
    if (command.revealed) lesson_revealed_ = true;
    return result;
}

CommandResult LabSession::go_to_step(int index) {
    if (!lesson_) return {"no lesson is being taught", 2};
    index = std::clamp(index, 0, static_cast<int>(lesson_->steps.size()) - 1);
    record_board();
    keep_step_results();
    lesson_step_ = index;
    lesson_revealed_ = false;
    lesson_terms_met_.clear();  // what the steps shown so far defined: this one's card defines the rest
    for (int i = 0; i < static_cast<int>(lesson_shown_.size()); ++i)
        if (lesson_shown_[static_cast<std::size_t>(i)])
            for (const LessonTerm* term : terms_used(*lesson_, i, true)) lesson_terms_met_.push_back(term->name);
    lesson_shown_[static_cast<std::size_t>(index)] = true;
    const LessonStep& step = lesson_->steps[static_cast<std::size_t>(index)];
    CommandResult loaded = load_preset(step.preset);
    // The step's own settings over its preset (the quiz's), part of what the step sets up.
    for (const std::string& assignment : step.sets) {
        const std::optional<Assignment> a = split_assignment(assignment);
        if (!loaded || !a) break;
        loaded = set(SetField{a->name, a->value});
    }
    if (!step.sets.empty() && loaded) {
        preset_settings_ = settings_;
        reset_scene();
    }
    event("lesson " + lesson_->name + ": step " + std::to_string(index + 1) + " of " + std::to_string(lesson_->steps.size()));
    return loaded;
}

CommandResult LabSession::lesson_forward() {
    if (!lesson_) return {};
    if (!lesson_revealed_) {
        lesson_revealed_ = true;
        record_board();
        event("lesson " + lesson_->name + ": step " + std::to_string(lesson_step_ + 1) + " revealed");
        return {};
    }
    if (lesson_step_ + 1 < static_cast<int>(lesson_->steps.size())) return go_to_step(lesson_step_ + 1);
    // The lesson's end: its results board, where it has one.
    if (!results_board().rows.empty()) {
        record_board();
        settings_.help = HelpPage::Board;
        event("lesson " + lesson_->name + ": results board");
    }
    return {};
}

const Catalog& LabSession::catalog() const {
    if (!catalog_) catalog_ = scan_catalog(options_.assets_dir);
    return *catalog_;
}

void LabSession::reread_catalog() {
    catalog_.reset();
    // The lesson under way takes its file's words again (its steps are the same: only its languages arrived).
    if (!lesson_) return;
    Result<Lesson> again = load_lesson_by_name(options_.assets_dir, lesson_->name);
    if (again && again->steps.size() == lesson_->steps.size()) {
        for (std::size_t i = 0; i < again->steps.size(); ++i) lesson_->steps[i].in_language = again->steps[i].in_language;
        lesson_->in_language = again->in_language;
    }
}

void LabSession::reset_scene() {
    shown().reset();
    for (std::unique_ptr<SessionScene>& scene : scenes_)
        if (scene) scene->restart_averages();
    clock_.reset();
}

bool LabSession::answer_hidden(std::string_view measure) const {
    if (!lesson_ || lesson_revealed_ || lesson_step_ < 0) return false;
    const LessonStep& step = lesson_->steps[static_cast<std::size_t>(lesson_step_)];
    if (measure == "mode") return step.guess && step.guess->kind == LessonGuess::Kind::Mode;  // the quiz's question
    const std::vector<std::string>& reveal = step.reveal;
    return std::find(reveal.begin(), reveal.end(), measure) != reveal.end();
}

void LabSession::event(const std::string& what) {
    if (on_event) on_event(what);
}

// --- [SECTION] Time -----------------------------------------------------------------

std::int64_t LabSession::frames_stepped() const { return shown_scene().frames_stepped(); }
double LabSession::step_s() const { return shown_scene().step_s(); }

double LabSession::cpu_ms() const { return options_.cpu_clock_ms ? options_.cpu_clock_ms() : thread_cpu_ms(); }

int LabSession::advance(double real_dt_s) {
    clock_.step_s = step_s();
    clock_.time_scale = settings_.time_scale;
    clock_.paused = settings_.paused;
    return clock_.advance(real_dt_s);
}

void LabSession::step(int steps) {
    if (steps <= 0) return;
    if (rewind_.viewing_past()) {  // single steps forward through what was already run
        for (int i = 0; i < steps && rewind_.viewing_past(); ++i) {
            show_frame(frames_stepped() + 1);
        }
        return;
    }
    const double start = cpu_ms();
    const double s = step_s();
    SessionScene& scene = shown();
    // The states kept for stepping back (rewind.h) are neither a step nor
    // drawing: their copies stay out of the frame-total plot.
    const bool keep = options_.rewind;
    double keeping_ms = 0;
    auto keep_state = [&] {
        const double t0 = cpu_ms();
        rewind_.after_live_step(scene, scene.frames_stepped(), s);
        keeping_ms += cpu_ms() - t0;
    };
    if (keep && rewind_.keyframes() == 0) keep_state();  // the moment the keeping starts
    for (int i = 0; i < steps; ++i) {
        scene.step();
        if (keep) keep_state();
    }
    frame_steps_cpu_ms_ += cpu_ms() - start - keeping_ms;
    frame_steps_ += steps;
}

void LabSession::end_frame(double draw_cpu_ms) {
    if (frame_steps_ > 0) shown().end_frame(frame_steps_cpu_ms_ + draw_cpu_ms);
    frame_steps_cpu_ms_ = 0;
    frame_steps_ = 0;
}

// --- [SECTION] What is shown: modified, named ----------------------------------------------------------

bool LabSession::preset_modified() const {
    if (preset_.empty()) return false;
    const LabSettings& a = settings_;
    const LabSettings& b = preset_settings_;
    return a.scene != b.scene || a.workers != b.workers || shown_scene().differs(a, b);
}

bool LabSession::step_sets_more() const {
    return lesson_ && lesson_step_ >= 0 && !lesson_->steps[static_cast<std::size_t>(lesson_step_)].sets.empty();
}

std::string LabSession::shown_name() const {
    // A step that sets more than its preset (the quiz's) is not that preset: named from its settings.
    if (!preset_.empty() && !preset_modified() && !step_sets_more()) return preset_;
    return shown_scene().file_name(settings_);
}

}  // namespace tsl
