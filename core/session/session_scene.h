// session_scene.h — one scene as the session holds it: the scene itself with
// its averages, its reveal tallies and its plot series. LabSession keeps one
// per SceneKind (made when first shown; the NPC scene from the start, as the
// one every other falls back to), steps the one shown, and asks it for what a
// preset, a file name and a lesson card need. It knows no scene by name.
//
// The three: npc_session_scene.h, exposure_session_scene.h,
// engine_session_scene.h. A new scene is one more of these (README.md lists
// every file it touches); tests/test_scene_unit.cpp runs a scene that exists
// only in the tests through the session.
//
// Threading: main thread only, as LabSession.
#pragma once

#include "core/base/result.h"
#include "core/content/lesson.h"
#include "core/jobs/scene_services.h"
#include "core/session/lesson_card.h"
#include "core/settings/lab_settings.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tsl {

// Where a reveal starts counting (LabSession::lesson_card): past the first
// steps, which ramp up, and then over whole periods only.
inline constexpr int kRevealSettleBatches = 2;        // the NPC scene: batch periods (the first batches start from equal decisions)
inline constexpr int kRevealSettleExposureSteps = 10; // the exposure scene: its first steps start the threads
inline constexpr int kRevealSettleEngineTicks = 15;   // the engine: first routes asked for, first rests taken

// A measure of a reveal, read by pane (nullopt: not measured there, or not yet).
using RevealReader = std::function<std::optional<double>(const LessonMeasure& measure, int pane)>;

// What a reveal's rows are built from: the measures the step shows, and
// whether the exact model of input ages goes beside them.
struct RevealRequest {
    const std::vector<const LessonMeasure*>& measures;
    bool ages = false;
    const LessonStep& step;
    Words words = {};  // the card's language: its rows' names
};

class SessionScene {
public:
    virtual ~SessionScene() = default;
    virtual SceneKind kind() const = 0;

    // --- The settings into the scene -------------------------------------------
    struct Synced {
        std::string problem;     // what could not be applied ("" — everything was)
        bool restarted = false;  // the scene started again from frame 0: the clock starts again too
    };
    // Called after every change of the settings, for every scene made so far
    // (shown or not); cheap when nothing of this scene changed. May write back
    // into `settings` what the scene made of them (clamps, a level's size).
    virtual Synced sync(LabSettings& settings) = 0;
    // After every scene's sync: whether this one is now the scene shown.
    virtual void after_sync(const LabSettings& settings, bool shown) {
        (void)settings;
        (void)shown;
    }

    // --- Time ---------------------------------------------------------------------
    // One fixed step, then the averages, reveal tallies and plot samples.
    virtual void step() = 0;
    // A displayed frame with steps ended: its main-thread CPU time (steps and drawing), ms.
    virtual void end_frame(double frame_cpu_ms) { (void)frame_cpu_ms; }
    // Back to frame 0 (the scene shown, on the reset command).
    virtual void reset() = 0;
    // The averages, reveal tallies and plots start again from the frame the
    // scene is at (every scene, on the reset command and on a preset).
    virtual void restart_averages() = 0;
    virtual std::int64_t frames_stepped() const = 0;
    virtual double step_s() const = 0;

    // --- Stepping back in time (core/session/rewind.h) ---------------------------------
    // What the scene's next steps depend on, as a value; its panes and what
    // they show follow it (the timing diagram too), its averages, reveal
    // tallies and plots do not. Main thread, between steps.
    struct State {
        virtual ~State() = default;
        virtual std::size_t bytes() const = 0;  // about what it holds in memory
        // Whether steps replayed from it are the steps the run took (true for
        // a scene deterministic on its fixed step; false where threads race by
        // design, as the article's lock does: then every step's state is kept).
        virtual bool exact_replay() const { return true; }
    };
    // Null: this scene cannot step back.
    virtual std::unique_ptr<State> save_state() const { return nullptr; }
    // Back to a state this scene saved, with the settings it had then.
    virtual void restore_state(const State& state) { (void)state; }
    // One step that records nothing (no averages, reveal tallies, plot
    // samples or attached traces): what a replay takes. Only for scenes that save states.
    virtual void replay_step() {}

    // --- What it shows -------------------------------------------------------------
    // Whether this scene's part of `now` differs from `then` (both showing it).
    virtual bool differs(const LabSettings& now, const LabSettings& then) const = 0;
    // A name for files of `settings` ("siao-10ups", "exposure-timesliced"), lower case.
    virtual std::string file_name(const LabSettings& settings) const = 0;

    // --- The lesson's reveal ------------------------------------------------------------
    // The rows of the card's table, one per pane; returns the steps they were measured over.
    virtual std::int64_t add_reveal_rows(LessonCard& card, const RevealRequest& request, const LabSettings& settings) const = 0;
    // "Measured over 4.2 s: whole ..." for `frames` steps (0: what is still settling), in `tr`'s language.
    virtual std::string measured_over(std::int64_t frames, const Words& tr) const = 0;
    // What goes after it where the table shows input ages (", T = 500 ms"); "" — nothing.
    virtual std::string ages_note(const Words& tr) const {
        (void)tr;
        return {};
    }
    virtual int reveal_panes() const = 0;
    // This step's reveal, now; and a copy of it that stays as it is (a step the class leaves).
    virtual std::optional<double> reveal_value(const LessonMeasure& measure, int pane) const = 0;
    virtual RevealReader kept_reveal() const = 0;
    // The batch period T of pane `pane`, ms, for expectations written in T (nullopt: the scene has none).
    virtual std::optional<double> batch_period_ms(int pane) const { (void)pane; return std::nullopt; }
    // The model's value of `measure` for pane `pane` where the lab has one
    // (the NPC scene's input ages, docs/semantics.md section 6); nullopt elsewhere.
    virtual std::optional<double> model_value(const LessonMeasure& measure, int pane) const {
        (void)measure, (void)pane;
        return std::nullopt;
    }
};

// Makes the scene of kind `kind` for `settings` (writing back what it made of
// them), or says why not (a level that does not load).
using SceneMaker = std::function<Result<std::unique_ptr<SessionScene>>(SceneKind kind, LabSettings& settings, const SceneServices& services)>;
// The lab's own scenes.
Result<std::unique_ptr<SessionScene>> make_lab_scene(SceneKind kind, LabSettings& settings, const SceneServices& services);

// The cells of one reveal row: each measure of `summary` as the card shows it
// ("3.34 ±0.9 ms"; "-" where it has no value).
template <class Summary>
std::vector<std::string> reveal_cells(const std::vector<const LessonMeasure*>& measures, const Summary& summary, const Words& tr);

// The text of a value with its spread (a standard deviation), as a card shows it.
std::string reveal_cell(const LessonMeasure& measure, std::optional<double> value, std::optional<double> spread, const Words& tr);

// `measure` in pane `pane` of per-pane summaries; nullopt when there is no such pane.
template <class Summary>
std::optional<double> pane_value(const LessonMeasure& measure, std::span<const Summary> per_pane, int pane) {
    if (pane < 0 || pane >= static_cast<int>(per_pane.size())) return std::nullopt;
    return measure_value(measure, per_pane[static_cast<std::size_t>(pane)]);
}

// A reader of per-pane summaries that keeps its own copy (SessionScene::kept_reveal).
template <class Summary>
RevealReader reveal_reader(std::span<const Summary> per_pane) {
    return [kept = std::vector<Summary>(per_pane.begin(), per_pane.end())](const LessonMeasure& measure, int pane) {
        return pane_value(measure, std::span<const Summary>(kept), pane);
    };
}

template <class Summary>
std::vector<std::string> reveal_cells(const std::vector<const LessonMeasure*>& measures, const Summary& summary, const Words& tr) {
    std::vector<std::string> out;
    for (const LessonMeasure* m : measures) {
        const std::optional<double> v = measure_value(*m, summary);
        out.push_back(reveal_cell(*m, v, v ? measure_spread(*m, summary) : std::nullopt, tr));
    }
    return out;
}

}  // namespace tsl
