// commands.h — the only ways to change a LabSession. Keys, the panel's
// buttons and sliders, the command line, lessons and tests all speak in these;
// the session applies them between frames, never while one is drawn.
#pragma once

#include "core/base/result.h"
#include "core/settings/settings_schema.h"

#include <string>
#include <variant>
#include <vector>

namespace tsl {

// A setting of settings_schema.h; text is parsed as the command line does.
struct SetField {
    std::string key;      // "jobs_per_update"
    FieldValue value;     // 4, or "4"
    int pane = -1;        // pane settings: -1 — the edited pane
};
struct LoadPreset {
    std::string name;     // a preset in <assets>/presets: its world, panes and scene, from frame 0
};
struct StartLesson {
    std::string name;     // a lesson in <assets>/lessons
    int step = 0;         // from 0
    bool revealed = false;
};
struct StopLesson {};
struct GoToStep {
    int index = 0;        // from 0 (clamped): its preset, from frame 0, answer hidden
};
struct LessonForward {};  // the answer if hidden, else the next step
struct LessonBack {};     // the step before
struct ResetScene {};     // back to frame 0 with the same settings
struct TogglePause {};
struct StepOnce {};       // pause, and simulate exactly one more step (stepped back: replay it)
struct StepBack {};       // pause, and show the step before (core/session/rewind.h)
struct Guess {
    std::string text;     // the class's guess on this step, before its reveal: a number ("0.5"), a pane ("B"), "" — none
};
struct ClearBoard {};     // the lesson's results board emptied (without a lesson: every lesson's)

using Command = std::variant<SetField, LoadPreset, StartLesson, StopLesson, GoToStep, LessonForward, LessonBack, ResetScene,
                             TogglePause, StepOnce, StepBack, Guess, ClearBoard>;

// Settings changed to fit where the lab runs (a choice that needs worker
// threads where none can start, more workers than there are), and why.
struct FitChange {
    std::string changes;  // "threading pool → inline, workers 2 → 0"
    std::string reason;   // "worker threads: none here"
    std::string text() const { return changes + " (" + reason + ")"; }
    bool operator==(const FitChange&) const = default;
};

// What applying a command did.
struct CommandResult {
    std::string problem;  // "" — done; else one line saying why nothing changed
    int status = 0;       // for the command line: 2 — a name or value that does not fit, 1 — a broken file
    std::vector<FitChange> fitted = {};  // done, and changed to fit where the lab runs; none — as asked
    explicit operator bool() const { return problem.empty(); }
    // A failure as a command's answer, and back: a name or value that does
    // not fit is a usage error (2), anything else a broken file (1).
    static CommandResult failed(const ResultError& failure) {
        return {failure.error(), failure.kind() == FailKind::Refused ? 2 : 1};
    }
    Failed failure() const { return {problem, status == 2 ? FailKind::Refused : FailKind::Broken}; }
    // The changes with their reasons, one line: "threading pool → inline
    // (worker threads: …)", several joined by "; "; "" — as asked.
    std::string note() const {
        std::string line;
        for (const FitChange& f : fitted) line += (line.empty() ? "" : "; ") + f.text();
        return line;
    }
};

}  // namespace tsl
