#include "core/session/launch.h"

#include <algorithm>

#include "core/settings/settings_schema.h"

namespace tsl {

namespace {

// Adds what `result` changed to fit to `all`, leaving out a change already listed.
void add_fitted(std::vector<FitChange>& all, const CommandResult& result) {
    for (const FitChange& f : result.fitted)
        if (std::find(all.begin(), all.end(), f) == all.end()) all.push_back(f);
}

}  // namespace

CommandResult launch(LabSession& session, const LaunchRequest& request) {
    std::vector<FitChange> fitted = session.startup_fitted();
    if (request.lesson.empty() && (request.step_given || request.reveal)) return {"--step and --reveal go with --lesson NAME", 2};
    if (!request.lesson.empty() && !request.preset.empty())
        return {"--lesson and --preset: choose one (each lesson step loads its own preset)", 2};
    std::vector<Command> commands;
    if (!request.lesson.empty()) {
        const CommandResult started = session.apply(StartLesson{request.lesson, request.step - 1, request.reveal});
        if (!started) return started;
        add_fitted(fitted, started);
        const int steps = static_cast<int>(session.lesson()->steps.size());
        if (request.step < 1 || request.step > steps)
            return {"--step " + std::to_string(request.step) + ": lesson '" + request.lesson + "' has " + std::to_string(steps) + " steps (1 to " +
                        std::to_string(steps) + ")",
                    2};
        commands.emplace_back(SetField{setting::presenter, true});
    }
    if (!request.preset.empty()) commands.emplace_back(LoadPreset{request.preset});
    if (!request.scene.empty()) commands.emplace_back(SetField{setting::scene, request.scene});
    for (const std::string& assignment : request.sets) {
        const std::optional<Assignment> split = split_assignment(assignment);
        if (!split) return {"'" + assignment + "' is not NAME=VALUE", 2};
        commands.emplace_back(SetField{split->name, split->value});
    }
    for (const Command& command : commands) {
        const CommandResult r = session.apply(command);
        if (!r) return r;
        add_fitted(fitted, r);
    }
    if (!session.startup_problem().empty()) return {session.startup_problem(), 1};
    return {"", 0, fitted};
}

LaunchRequest launch_request_for(const LabSession& session) {
    LaunchRequest request;
    const LabSettings& now = session.settings();
    const LabSettings defaults;
    const LabSettings* base = &defaults;
    if (const Lesson* lesson = session.lesson()) {
        request.lesson = lesson->name;
        request.step = session.lesson_step() + 1;
        request.step_given = true;
        request.reveal = session.lesson_revealed();
    } else if (!session.preset().empty()) {
        request.preset = session.preset();
    }
    if (const LabSettings* loaded = session.preset_settings(); loaded && (session.lesson() || !session.preset().empty())) base = loaded;
    if (now.scene != base->scene || base == &defaults) request.scene = std::string(name_of(now.scene));
    for (const FieldSpec& field : settings_schema()) {
        if (field.key == setting::scene || field.scope == FieldScope::Timeline || field.scope == FieldScope::Record) continue;
        const FieldValue value = get_field(now, field);
        if (field.key == setting::language) {  // a link in a language says it (lang=), whatever the step set up
            if (now.language != defaults.language) request.sets.push_back(std::string(field.key) + "=" + format_value(field, value));
            continue;
        }
        // A lesson starts in the presenter view (launch above): said only when it is off.
        if ((field.key == setting::presenter && session.lesson()) ? value == FieldValue{true} : value == get_field(*base, field)) continue;
        request.sets.push_back(std::string(field.key) + "=" + format_value(field, value));
    }
    return request;
}

}  // namespace tsl
