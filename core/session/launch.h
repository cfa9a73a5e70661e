// launch.h — what the command line asks the lab to start with (--lesson,
// --step, --reveal, --preset, --scene, --set), as the commands that do it, in
// the one order they apply: the lesson's step (its preset, the presenter
// view) or the preset, then the scene, then every --set — so a --set always
// has the last word, over a lesson step's preset too.
#pragma once

#include "core/session/lab_session.h"

#include <string>
#include <vector>

namespace tsl {

struct LaunchRequest {
    std::string lesson;              // "" — none
    int step = 1;                    // from 1 (with a lesson)
    bool step_given = false;         // --step was on the command line
    bool reveal = false;
    std::string preset;              // "" — none
    std::string scene;               // "" — as the settings say
    std::vector<std::string> sets;   // NAME=VALUE, in the order given
};

// Applies the request to `session`. "" or the one-line problem with its exit
// status: a lesson or preset that does not exist (2) or does not load (1), a
// step the lesson does not have (2), --step without --lesson (2), a setting
// that cannot be applied. What was changed to fit where the lab runs (a
// lesson step's worker threads on a page that has none) does not stop the
// launch: every command still applies, and the result's note names each
// change once.
CommandResult launch(LabSession& session, const LaunchRequest& request);

// What launches the view `session` shows again: its lesson and step (revealed
// or not; the presenter view only when it is off, a lesson's start being on), or else
// its preset, or else its scene; and, as NAME=VALUE in the schema's order,
// every setting that differs from what those start with — the edited pane's
// (another pane's own differences are not carried), the world's, the
// scenes', the job system's, the clock's and the view's (not the timeline's
// or the recordings'). The browser page's "copy link to this view".
LaunchRequest launch_request_for(const LabSession& session);

}  // namespace tsl
