// lab_session.h — the whole lab without a window: its scenes (the NPC
// comparison, the exposure scene, the parallel engine; each a SessionScene,
// session_scene.h, with its summaries, plot series and reveal tallies) on one
// clock, the lesson being taught and what its reveal measured. One clock advances it (step), and only commands change it
// (apply). The window, the headless commands (screenshot, record,
// lesson-check, trace, metrics) and the tests all drive this same object.
//
// A frame, as the window runs it:
//   session.apply(command) ...          keys and the panel's requests
//   steps = session.advance(real_dt)    the fixed-step clock
//   session.step(steps)
//   ... draw from the read-only views ...
//   session.end_frame(draw_cpu_ms)      the frame-total plot sample
//
// Threading: main thread only (the thread that made it); scenes hand their
// jobs to the session's job system.
#pragma once

#include "core/content/lesson.h"
#include "core/content/preset.h"
#include "core/jobs/job_system.h"
#include "core/jobs/profiler.h"
#include "core/session/catalog.h"
#include "core/session/commands.h"
#include "core/session/engine_session_scene.h"
#include "core/session/exposure_session_scene.h"
#include "core/session/fixed_step_clock.h"
#include "core/session/lesson_card.h"
#include "core/session/npc_session_scene.h"
#include "core/session/results_board.h"
#include "core/session/rewind.h"
#include "core/session/session_scene.h"
#include "core/settings/lab_settings.h"
#include "core/timeslicing/trace.h"

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tsl {

struct SessionOptions {
    std::string assets_dir;           // levels/, presets/, lessons/ (required for presets, lessons and levels)
    bool profile = true;              // record zones for the timeline (off: scenes get no profiler)
    bool follow_edited_pane = true;   // keep the edited pane's recent batches for the timing diagram
    std::function<double()> cpu_clock_ms;  // the main thread's CPU time, ms (default: the calling thread's CPU clock)
    // cpu_clock_ms reads wall-clock time, where the platform has no per-thread
    // CPU clock (a browser page): the figures it gives say "wall".
    bool cpu_clock_is_wall = false;
    // Why no thread besides the main one can start here ("" — they can). When
    // set, the job system has no workers and every setting that needs them
    // falls back to the main thread (fall_back_to_main_thread, settings_schema.h);
    // a command that asked for one says so in its problem.
    std::string threads_unavailable;
    // The most job-system workers that can run here, and why (a page: the web
    // workers it starts with). A setting asking for more gets this many, and
    // the command says so; -1 (one per core besides the main thread) is capped
    // without a word.
    int max_workers = JobSystem::kMaxWorkers;
    std::string max_workers_reason;
    // Keep the scene shown's state over its last 30 s so that StepBack can
    // show an earlier moment (rewind.h): the window and the page. Off, StepBack says so.
    bool rewind = false;
    std::size_t rewind_budget_bytes = Rewind::kBudgetBytes;  // what the kept states may hold (rewind.h)
    // Makes every scene but the NPC scene when first shown (empty: the lab's
    // own, make_lab_scene). The tests give a scene of their own this way.
    SceneMaker make_scene;
};

class LabSession {
public:
    explicit LabSession(const LabSettings& settings = {}, SessionOptions options = {});
    ~LabSession();
    LabSession(const LabSession&) = delete;
    LabSession& operator=(const LabSession&) = delete;

    // What the settings given at construction could not do (an exposure level
    // that does not load, named); "" — nothing.
    const std::string& startup_problem() const { return startup_problem_; }
    // What the settings given at construction were changed to fit where the
    // lab runs (more workers than it may have), as CommandResult::fitted.
    const std::vector<FitChange>& startup_fitted() const { return startup_fitted_; }

    // --- Changing it ------------------------------------------------------------
    CommandResult apply(const Command& command);

    // --- Time -----------------------------------------------------------------------
    // Steps the clock pays for `real_dt_s` of wall time (time scale, pause and
    // single steps included). Does not step: pass the result to step().
    int advance(double real_dt_s);
    // `steps` fixed steps of the scene shown, each followed by the summaries,
    // the plot samples and the timing diagram's bookkeeping.
    void step(int steps);
    // A displayed frame ends: the frame-total sample (this frame's steps plus
    // `draw_cpu_ms`, both main-thread CPU time). Frames without steps add none.
    void end_frame(double draw_cpu_ms);
    // Main-thread CPU time of the steps taken since the last end_frame, ms.
    double frame_steps_cpu_ms() const { return frame_steps_cpu_ms_; }
    // The clock those figures are read on (SessionOptions::cpu_clock_ms), ms,
    // and whether it is wall-clock time rather than the thread's CPU time.
    double main_clock_ms() const { return cpu_ms(); }
    bool main_clock_is_wall() const { return options_.cpu_clock_is_wall; }

    // --- What it shows (read only) -------------------------------------------------
    const LabSettings& settings() const { return settings_; }
    // The scene shown, and each scene by kind (null until first shown).
    const SessionScene& shown_scene() const { return *scenes_[static_cast<std::size_t>(settings_.scene)]; }
    const SessionScene* scene(SceneKind kind) const { return scenes_[static_cast<std::size_t>(kind)].get(); }
    bool showing_exposure() const { return settings_.scene == SceneKind::Exposure && exposure_scene() != nullptr; }
    bool showing_engine() const { return settings_.scene == SceneKind::Engine && engine_scene() != nullptr; }
    const NpcComparison& panes() const { return npc_scene().panes(); }
    const NpcScene& pane(int index) const { return panes().pane(index); }
    const NpcScene& edited_pane() const { return panes().pane(settings_.pane_index()); }
    // Exposure pane `pane` (0: A; clamped), null until the exposure scene is first shown.
    const ExposureScene* exposure(int pane = 0) const;
    int exposure_panes() const;  // 0 until the exposure scene is first shown
    const EnginePanes* engine() const;      // null until the engine scene is first shown
    std::int64_t frames_stepped() const;   // of the scene shown
    double step_s() const;                 // of the scene shown
    // Averages since the last reset or change of each pane's (or the exposure
    // scene's) settings: the summary table and the lesson's reveal.
    std::span<const NpcMetricsSummary> summaries() const { return npc_scene().summaries(); }
    const ExposureMetricsSummary& exposure_summary(int pane = 0) const;
    std::span<const EngineSummary> engine_summaries() const;  // per engine pane
    // What a lesson's reveal shows: the same averages from a settled start —
    // after kRevealSettleBatches batch periods (the first batches ramp up from
    // the decisions every NPC starts with) — over whole batch periods only, so
    // that a mode's saw-tooth is never cut part-way. The exposure scene counts
    // whole passes (up to the last step whose map was complete), the engine
    // whole periods of its systems (the least common multiple of their ticks).
    // (kRevealSettleBatches, kRevealSettleExposureSteps, kRevealSettleEngineTicks: session_scene.h.)
    std::span<const NpcMetricsSummary> reveal_summaries() const { return npc_scene().reveal_summaries(); }
    const ExposureMetricsSummary& reveal_exposure_summary(int pane = 0) const;
    // The same tally up to this step, whole passes or not (the exposure
    // footer's and plot's time seen); null while its first steps settle.
    const ExposureMetricsSummary* settled_exposure_summary(int pane = 0) const;
    std::span<const EngineSummary> reveal_engine_summaries() const;
    // True while a lesson step's question is open and `measure` (a lesson
    // measure such as "input_age", or "mode" when the class is asked which
    // mode runs) is part of its answer: the UI hides it.
    bool answer_hidden(std::string_view measure) const;
    const SessionPlots& plots() const { return npc_scene().plots(); }
    const EnginePlots& engine_plots() const;
    const ExposurePlots& exposure_plots() const;
    // The edited pane's recent jobs (the previous and the current batch), or
    // null when the diagram follows nothing (too many NPCs, the exposure scene,
    // or follow_edited_pane off).
    const TraceLog* diagram_trace() const { return npc_scene().diagram_trace(); }
    const NpcScene* diagram_pane() const { return npc_scene().diagram_pane(); }
    static constexpr std::uint32_t kDiagramMaxKeys = NpcSessionScene::kDiagramMaxKeys;

    // The preset last loaded ("" — none), and the presets and lessons there are.
    const std::string& preset() const { return preset_; }
    // The settings right after the last preset (or lesson step) loaded; nullptr before any.
    const LabSettings* preset_settings() const { return preset_.empty() ? nullptr : &preset_settings_; }
    // The scene's settings differ from what the preset last loaded set
    // (anything a preset holds: the scene, the NPC world and panes, the
    // exposure scene, the workers); false without a preset.
    bool preset_modified() const;
    // A name for files of what is shown: the preset's while unmodified, else
    // one made from the settings ("siao-10ups", "aiao-vs-siso-10ups",
    // "exposure-timesliced"), lower case, safe in a file name.
    std::string shown_name() const;
    // The lesson step shown sets more than its preset (LessonStep::sets, the
    // quiz's): what runs is not the preset, though unmodified since the step began.
    bool step_sets_more() const;
    const Catalog& catalog() const;
    // The assets folder read again on the catalog's next use, and the lesson
    // under way's words from its file (the page, once a language's files
    // have arrived in it).
    void reread_catalog();
    // The lab's words in the session's language (core/content/translation.h).
    Words words() const { return Words(catalog().translation(settings_.language)); }
    const std::string& assets_dir() const { return options_.assets_dir; }
    // SessionOptions::threads_unavailable: "" — threads besides the main one can start.
    const std::string& threads_unavailable() const { return options_.threads_unavailable; }

    // Stepping back in time (rewind.h): whether an earlier moment than the
    // live one is shown (paused; StepOnce replays forward, every other command
    // and running again return to the live moment), the live moment's frame,
    // and the earliest frame StepBack can reach (-1: none; the scene shown
    // cannot step back, or nothing is kept yet).
    bool viewing_past() const { return rewind_.viewing_past(); }
    std::int64_t live_frame() const { return rewind_.viewing_past() ? rewind_.live_frame() : frames_stepped(); }
    std::int64_t earliest_frame() const { return rewind_.oldest_frame(); }
    const Rewind& rewind() const { return rewind_; }

    // The lesson taught (null — none), where the class is, and the card.
    const Lesson* lesson() const { return lesson_ ? &*lesson_ : nullptr; }
    int lesson_step() const { return lesson_step_; }
    bool lesson_revealed() const { return lesson_revealed_; }
    LessonCard lesson_card() const;
    // The lesson's results board (results_board.h): its steps that ask for a
    // guess, with the guesses given and what their reveals measured (the step
    // shown while revealed: now). Empty without a lesson.
    ResultsBoard results_board() const;
    // Whether the card checks expectations on times (true). lesson-check --fast
    // runs steps back to back, where times say nothing of the window: off.
    void set_check_times(bool check) { check_times_ = check; }

    const Profiler& profiler() const { return profiler_; }
    Profiler& profiler() { return profiler_; }  // for the zones of what the app does around the session (drawing)
    JobSystem& jobs() { return jobs_; }
    int worker_count() const { return jobs_.worker_count(); }

    // Records pane `pane`'s trace into `log` from now on (nullptr: stop); the
    // timing diagram then follows nothing. For `trace` and tests.
    void attach_trace(int pane, TraceLog* log);
    // Every change merged by engine pane `pane` is appended to `trace` from
    // now on (nullptr: stop). The engine scene is made if it was not yet.
    void attach_engine_trace(int pane, std::vector<ChangeEvent>* trace);

    // One line for every change a user made ("preset aiao-10hz", "reset",
    // "lesson timeslicing: step 2 of 8"), for --verbose and the window tests.
    std::function<void(const std::string&)> on_event;

private:
    LessonCard preset_card() const;
    void add_checks(LessonCard& card, const LessonStep& step) const;
    // A measure of this step's reveal (step < 0) or of an earlier step of the
    // lesson as it was measured when the class left it; nullopt until measured.
    std::optional<double> reveal_value(const std::string& measure, int pane, int step) const;
    // What the reveal of a lesson's step measured, kept when the class leaves
    // it: a reader per scene made by then.
    using StepResults = std::array<RevealReader, kSceneKinds>;
    void keep_step_results();

    // The results board (lab_session_board.cpp): a guess given, the board
    // cleared, the revealed step's figures kept in it, a row and the card's guess.
    CommandResult set_guess(const std::string& text);
    void clear_board();
    void record_board();
    BoardRow board_row(int step, const BoardEntry* entry, bool now, bool kept_form = false) const;
    void add_guess(LessonCard& card, const LessonStep& step) const;

    // Stepping back in time (lab_session_rewind.cpp).
    CommandResult apply_now(const Command& command);
    CommandResult step_back();
    void go_live();                          // the live moment shown again
    void show_frame(std::int64_t frame);     // an earlier frame: from its keyframe, replayed
    void replay_steps(std::int64_t steps);   // the scene shown, recording nothing
    void keep_rewind(std::int64_t live_frame_before);  // after a command: the keyframes still hold, or are dropped

    CommandResult set(const SetField& command);
    CommandResult load_preset(const std::string& name);
    CommandResult start_lesson(const StartLesson& command);
    CommandResult go_to_step(int index);
    CommandResult lesson_forward();
    void reset_scene();
    // The settings into the scenes: what could not be applied (a level that
    // does not load), and what was changed to fit where the lab runs.
    struct Synced {
        std::string problem;
        std::vector<FitChange> fitted;
        std::string to_main_thread;  // of `fitted`, the choices moved to the main thread ("threading pool → inline")
    };
    std::string on_this_page() const;  // LessonCard::on_this_page
    void translate_card(LessonCard& card) const;
    Synced sync();
    const NpcSessionScene& npc_scene() const { return *npc_; }
    const ExposureSessionScene* exposure_scene() const;
    const EngineSessionScene* engine_scene() const;
    SessionScene& shown() { return *scenes_[static_cast<std::size_t>(settings_.scene)]; }
    SceneServices services() { return {&jobs_, options_.profile ? &profiler_ : nullptr, kNoPane, options_.rewind}; }
    double cpu_ms() const;
    void event(const std::string& what);

    SessionOptions options_;
    LabSettings settings_;
    // Shared by every scene; declared before them so that they outlive them.
    JobSystem jobs_;
    Profiler profiler_;
    // One per SceneKind, made when first shown; the NPC scene from the start
    // (npc_: the same object), the one every other falls back to.
    std::array<std::unique_ptr<SessionScene>, kSceneKinds> scenes_;
    NpcSessionScene* npc_ = nullptr;
    FixedStepClock clock_;
    Rewind rewind_;
    LabSettings rewind_settings_;  // the settings the keyframes were kept with
    double frame_steps_cpu_ms_ = 0;
    int frame_steps_ = 0;

    std::string startup_problem_;
    std::vector<FitChange> startup_fitted_;
    std::string preset_to_main_thread_;  // the choices of the preset (or lesson step) last loaded moved to the main thread
    std::string preset_;
    LabSettings preset_settings_;  // the settings right after the preset loaded
    mutable std::optional<Catalog> catalog_;  // read on first use
    std::optional<Lesson> lesson_;
    std::vector<std::optional<StepResults>> lesson_results_;  // per step of lesson_
    std::vector<bool> lesson_shown_;                          // per step of lesson_: shown since it started
    std::vector<std::string> lesson_terms_met_;               // terms used by the steps shown before this one
    int lesson_step_ = 0;
    bool lesson_revealed_ = false;
    bool check_times_ = true;
};

// The preset's world, panes, scene and workers into `settings` (the edited
// pane becomes the first).
void apply_preset(LabSettings& settings, const Preset& preset);

}  // namespace tsl
