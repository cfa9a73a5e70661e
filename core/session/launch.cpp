#include "core/session/launch.h"

#include "core/settings/settings_schema.h"

namespace tsl {

CommandResult launch(LabSession& session, const LaunchRequest& request) {
    if (request.lesson.empty() && (request.step_given || request.reveal)) return {"--step and --reveal go with --lesson NAME", 2};
    if (!request.lesson.empty() && !request.preset.empty())
        return {"--lesson and --preset: choose one (each lesson step loads its own preset)", 2};
    std::vector<Command> commands;
    if (!request.lesson.empty()) {
        if (const CommandResult r = session.apply(StartLesson{request.lesson, request.step - 1, request.reveal}); !r) return r;
        const int steps = static_cast<int>(session.lesson()->steps.size());
        if (request.step < 1 || request.step > steps)
            return {"--step " + std::to_string(request.step) + ": lesson '" + request.lesson + "' has " + std::to_string(steps) + " steps (1 to " +
                        std::to_string(steps) + ")",
                    2};
        commands.emplace_back(SetField{"presenter", true});
    }
    if (!request.preset.empty()) commands.emplace_back(LoadPreset{request.preset});
    if (!request.scene.empty()) commands.emplace_back(SetField{"scene", request.scene});
    for (const std::string& assignment : request.sets) {
        const std::size_t eq = assignment.find('=');
        if (eq == std::string::npos) return {"'" + assignment + "' is not NAME=VALUE", 2};
        commands.emplace_back(SetField{assignment.substr(0, eq), assignment.substr(eq + 1)});
    }
    for (const Command& command : commands)
        if (const CommandResult r = session.apply(command); !r) return r;
    if (!session.startup_problem().empty()) return {session.startup_problem(), 1};
    return {};
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
    } else if (!session.preset().empty()) {
        request.preset = session.preset();
    }
    if (const LabSettings* loaded = session.preset_settings(); loaded && (session.lesson() || !session.preset().empty())) base = loaded;
    if (now.scene != base->scene || base == &defaults) request.scene = std::string(name_of(now.scene));
    for (const FieldSpec& field : settings_schema()) {
        if (field.key == "scene" || field.scope == FieldScope::Timeline || field.scope == FieldScope::Record) continue;
        const FieldValue value = get_field(now, field);
        if (value == get_field(*base, field)) continue;
        request.sets.push_back(std::string(field.key) + "=" + format_value(field, value));
    }
    return request;
}

}  // namespace tsl
