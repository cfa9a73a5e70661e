// lab_session.cpp
//
// [SECTION] Construction and the settings → scenes
// [SECTION] Commands
// [SECTION] Presets and lessons
// [SECTION] Time
// [SECTION] The lesson card
#include "core/session/lab_session.h"

#include "core/exposure/level.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <thread>

namespace tsl {

namespace {

double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

// Job system workers when the settings say -1: one per core besides the main thread.
int default_worker_count() { return std::max(0, static_cast<int>(std::thread::hardware_concurrency()) - 1); }

template <class... Args>
std::string formatted(const char* format, Args... args) {
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, format, args...);
    return buffer;
}

}  // namespace

void apply_preset(LabSettings& settings, const Preset& preset) {
    settings.workers = preset.workers;
    settings.recording.from_step = preset.record_from_step;
    if (preset.exposure_scene) {
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
      jobs_({settings.workers}),
      panes_(SceneServices{&jobs_, options_.profile ? &profiler_ : nullptr}) {
    if (options_.profile) profiler_.name_this_thread("main");
    profiler_.set_enabled(options_.profile);
    if (settings_.exposure.assets_dir.empty()) settings_.exposure.assets_dir = options_.assets_dir;
    settings_.set_pane_count(static_cast<int>(settings_.npc.panes.size()));  // clamps
    if (const std::string problem = sync(); !problem.empty()) startup_problem_ = problem;
}

LabSession::~LabSession() {
    if (diagram_.followed) panes_.pane(diagram_.followed_index).set_trace(nullptr);
}

// The settings into the scenes. Called after every change; cheap when
// nothing changed. Returns what could not be applied (an exposure level that
// does not load: the scene keeps its old one).
std::string LabSession::sync() {
    std::string problem;
    // The NPC panes. A new pane count starts every pane again from frame 0,
    // so that they stay in lock-step.
    const bool new_count = static_cast<int>(settings_.npc.panes.size()) != panes_.size();
    if (new_count) {
        unfollow();  // it records a pane about to go
        plots_.clear();
    } else {
        for (int i = 0; i < panes_.size(); ++i)
            if (settings_.pane_scene(i) != panes_.pane(i).config()) summaries_[static_cast<std::size_t>(i)] = {};  // one setting per average
    }
    if (panes_.configure(settings_.npc)) {
        summaries_.assign(static_cast<std::size_t>(panes_.size()), {});
        clock_.reset();
    }

    // The exposure scene: made when first shown.
    if (settings_.scene == SceneKind::Exposure && !exposure_) {
        std::string error;
        exposure_ = ExposureScene::create(settings_.exposure, {&jobs_, options_.profile ? &profiler_ : nullptr}, error);
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
    }

    // The timing diagram records the edited pane (cheap: a few events per
    // job, two batches kept, nothing past kDiagramMaxKeys NPCs).
    follow_edited_pane();
    const int workers = settings_.workers < 0 ? default_worker_count() : settings_.workers;
    if (workers != jobs_.worker_count()) jobs_.set_worker_count(workers);
    return problem;
}

void LabSession::unfollow() {
    if (diagram_.followed) panes_.pane(diagram_.followed_index).set_trace(nullptr);
    diagram_.followed = false;
    diagram_.log.clear();
    diagram_.last_frame = -1;
}

void LabSession::follow_edited_pane() {
    if (!options_.follow_edited_pane || attached_trace_) return;
    const bool follow = !showing_exposure();
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
    if (std::string problem = sync(); !problem.empty()) return {problem, 1};
    return {};
}

// --- [SECTION] Presets and lessons --------------------------------------------------------

CommandResult LabSession::load_preset(const std::string& name) {
    const PresetLoad loaded = load_preset_by_name(options_.assets_dir, name);
    if (!loaded.preset) return {loaded.error, loaded.unknown_name ? 2 : 1};
    apply_preset(settings_, *loaded.preset);
    preset_ = loaded.preset->name;
    std::string problem = sync();
    reset_scene();
    event("preset " + name);
    if (!problem.empty()) return {problem, 1};
    return {};
}

CommandResult LabSession::start_lesson(const StartLesson& command) {
    LessonLoad loaded = load_lesson_by_name(options_.assets_dir, command.name);
    if (!loaded.lesson) return {loaded.error, loaded.unknown_name ? 2 : 1};
    lesson_ = std::move(loaded.lesson);
    CommandResult result = go_to_step(command.step);
    if (command.revealed) lesson_revealed_ = true;
    return result;
}

CommandResult LabSession::go_to_step(int index) {
    if (!lesson_) return {"no lesson is being taught", 2};
    index = std::clamp(index, 0, static_cast<int>(lesson_->steps.size()) - 1);
    lesson_step_ = index;
    lesson_revealed_ = false;
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
    if (catalog_) return *catalog_;
    Catalog& c = catalog_.emplace();
    // The pickers list every preset and lesson that loads; a broken file is named.
    for (const std::string& name : list_presets(options_.assets_dir)) {
        const PresetLoad loaded = load_preset_by_name(options_.assets_dir, name);
        if (loaded.preset) c.presets.push_back({name, loaded.preset->title, loaded.preset->description, loaded.preset->exposure_scene});
        else c.problem = loaded.error;
    }
    c.levels = level_names(options_.assets_dir + "/levels");
    for (const std::string& name : list_lessons(options_.assets_dir)) {
        const LessonLoad loaded = load_lesson_by_name(options_.assets_dir, name);
        if (loaded.lesson) c.lessons.push_back({name, loaded.lesson->title, loaded.lesson->description, false});
        else c.problem = loaded.error;
    }
    return c;
}

void LabSession::reset_scene() {
    if (showing_exposure()) exposure_->reset();
    else panes_.reset();
    summaries_.assign(static_cast<std::size_t>(panes_.size()), {});
    exposure_summary_ = {};
    plots_.clear();
    clock_.reset();
}

void LabSession::event(const std::string& what) {
    if (on_event) on_event(what);
}

// --- [SECTION] Time -----------------------------------------------------------------

std::int64_t LabSession::frames_stepped() const { return showing_exposure() ? exposure_->frames_stepped() : panes_.pane(0).frames_stepped(); }
double LabSession::step_s() const { return showing_exposure() ? exposure_->step_s() : panes_.pane(0).step_s(); }

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
            continue;
        }
        panes_.step();
        for (int p = 0; p < panes_.size(); ++p) summaries_[static_cast<std::size_t>(p)].add(panes_.pane(p).metrics());
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

// --- [SECTION] The lesson card --------------------------------------------------------------

LessonCard LabSession::lesson_card() const {
    LessonCard card;
    if (!lesson_) {
        // The presenter view without a lesson: what the preset shows.
        card.heading = "Preset";
        card.title = "Your own settings";
        card.text = "Pick a lesson or a preset in the panel (P shows it again), or press F1 to read about the modes.";
        for (const CatalogEntry& p : catalog().presets)
            if (p.name == preset_) {
                card.title = p.title;
                card.text = p.description;
            }
        return card;
    }
    const int count = static_cast<int>(lesson_->steps.size());
    const LessonStep& step = lesson_->steps[static_cast<std::size_t>(lesson_step_)];
    card.heading = formatted("%s  |  step %d of %d", lesson_->title.c_str(), lesson_step_ + 1, count);
    card.title = step.title;
    card.text = step.text;
    card.question = step.question;
    card.answer = step.answer;
    card.revealed = lesson_revealed_;
    card.can_go_back = lesson_step_ > 0;
    card.can_go_forward = !lesson_revealed_ || lesson_step_ + 1 < count;

    std::vector<const LessonMeasure*> measures;
    for (const std::string& name : step.reveal) {
        measures.push_back(find_measure(name));
        card.columns.push_back(measures.back()->label);
    }
    auto values = [&](const auto& summary) {
        std::vector<std::string> out;
        for (const LessonMeasure* m : measures) {
            const std::optional<double> v = measure_value(*m, summary);
            out.push_back(v ? measure_text(*v, m->unit) : "-");
        }
        return out;
    };
    std::int64_t frames = 0;
    if (showing_exposure()) {
        const ExposureSceneConfig& e = exposure_->config();
        std::string label(label_of(e.mode));
        if (e.algorithm == ExposureAlgorithm::Sweep) label += ", sweep";
        card.rows.push_back({label, -1, values(exposure_summary_)});
        frames = exposure_summary_.frames;
    } else if (settings_.scene == SceneKind::Npc && !step.exposure_scene) {
        const int panes = std::min(panes_.size(), static_cast<int>(summaries_.size()));
        for (int i = 0; i < panes; ++i) {
            const std::string& caption = settings_.npc.panes[static_cast<std::size_t>(i)].caption;
            const std::string name = caption.empty() ? std::string(label_of(panes_.pane(i).config().timeslicing.mode)) : caption;
            RevealRow row{std::string(1, static_cast<char>('A' + i)) + "  " + name, panes > 1 ? i : -1,
                          values(summaries_[static_cast<std::size_t>(i)])};
            // Panes that differ only in drawing (debug lines on and off) measure the same: one row for both.
            const bool same_as_first = i > 0 && panes_.pane(i).config() == panes_.pane(0).config() && row.values == card.rows.front().values;
            if (same_as_first) {
                card.rows.front().label.insert(1, std::string(", ") + static_cast<char>('A' + i));
                continue;
            }
            card.rows.push_back(std::move(row));
        }
        if (card.rows.size() == 1) card.rows.front().pane = -1;
        frames = summaries_.empty() ? 0 : summaries_.front().frames;
    }
    card.measured_over = frames > 0 ? formatted("over %.1f s of this step", static_cast<double>(frames) * step_s())
                                    : std::string("nothing yet: let the scene run");
    // Input ages read best against the batch period T of the timing model.
    const bool ages = std::find(step.reveal.begin(), step.reveal.end(), "input_age") != step.reveal.end();
    if (ages && !showing_exposure()) {
        const NpcSceneConfig& c = panes_.pane(panes_.size() - 1).config();
        if (c.timeslicing.mode != Mode::UpdateAll) card.measured_over += formatted(", T = %.0f ms", 1000.0 * batch_period_s(c));
    }
    return card;
}

}  // namespace tsl
