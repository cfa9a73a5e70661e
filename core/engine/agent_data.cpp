#include "core/engine/agent_data.h"

namespace tsl {

const char* name_of(SystemId system) {
    switch (system) {
        case SystemId::Ai: return "AI";
        case SystemId::Physics: return "physics";
        case SystemId::Animation: return "animation";
    }
    return "?";
}

const char* observer_name(int observer) { return observer == kSceneObserver ? "scene" : name_of(kSystems[observer]); }

const char* name_of(AgentField field) {
    switch (field) {
        case AgentField::Position: return "position";
        case AgentField::Velocity: return "velocity";
        case AgentField::Heading: return "heading";
        case AgentField::Goal: return "goal";
        case AgentField::Steering: return "steering";
        case AgentField::Route: return "route";
    }
    return "?";
}

}  // namespace tsl
