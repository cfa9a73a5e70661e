// agent_data.h — the data the engine's systems share, and how each keeps its
// own copy of it.
//
// An agent's shared state is six fields (AgentField). No system reaches into
// another's data: each keeps, for every agent, its own copy of the fields it
// reads (an AgentStore with only those fields) and an output store of the
// fields it writes. A change to a shared field travels as a change
// notification (change_queue.h) and reaches the copies of the observers that
// registered for that field (state_manager.h). Values are absolute — a
// position, not a displacement — so the order changes arrive in cannot
// corrupt them (docs/engine.md, section 1).
//
// Threading: an AgentStore is plain data. A system's run writes only the
// agents of its own sub-task range; the main thread writes copies between runs.
#pragma once

#include "core/base/vec.h"

#include <array>
#include <cstdint>
#include <vector>

namespace tsl {

// The systems, in the order the scheduler launches them.
enum class SystemId : std::uint8_t { Ai, Physics, Animation };
inline constexpr int kSystemCount = 3;
inline constexpr SystemId kSystems[kSystemCount] = {SystemId::Ai, SystemId::Physics, SystemId::Animation};
const char* name_of(SystemId system);  // "AI", "physics", "animation"
inline int index_of(SystemId system) { return static_cast<int>(system); }
// Who wins a conflict under the priority rule: AI 3, physics 2, animation 1.
inline constexpr int kPriority[kSystemCount] = {3, 2, 1};
inline int priority_of(SystemId system) { return kPriority[index_of(system)]; }

// Observers of changes: the three systems (their copies) and the scene — the
// state every system's changes end up in, which is drawn, hashed and traced.
inline constexpr int kObserverCount = kSystemCount + 1;
inline constexpr int kSceneObserver = kSystemCount;
const char* observer_name(int observer);  // "AI", "physics", "animation", "scene"

enum class AgentField : std::uint8_t {
    Position,  // cell units (x right, y up)                    written by physics
    Velocity,  // cells per second, as moved in the last tick    written by physics
    Heading,   // x: degrees counter-clockwise from +x           written by animation, and by AI when it picks a goal
    Goal,      // where the agent is going, cell units           written by AI
    Steering,  // the velocity AI wants, cells per second        written by AI
    Route,     // x: RouteState, y: the rally point              written by AI
};
inline constexpr int kFieldCount = 6;
const char* name_of(AgentField field);  // "position", ...

using FieldMask = std::uint8_t;
constexpr FieldMask field_bit(AgentField field) { return static_cast<FieldMask>(1u << static_cast<unsigned>(field)); }
inline constexpr FieldMask kAllFields = (1u << kFieldCount) - 1;

// What the Route field's x says.
enum class RouteState : std::uint8_t { None, Pending, Ready };

// One field's value: a vector, or a number in x (GLM's, core/base/vec.h). Compared exactly.
using AgentValue = glm::vec2;

// Some fields of every agent, as arrays (a system's copy or its outputs).
class AgentStore {
public:
    // `agents` agents, each field in `fields` zeroed; the others absent.
    void reset(std::uint32_t agents, FieldMask fields) {
        agents_ = agents;
        fields_ = fields;
        for (int f = 0; f < kFieldCount; ++f) values_[static_cast<std::size_t>(f)].assign((fields >> f) & 1u ? agents : 0, AgentValue{});
    }
    std::uint32_t size() const { return agents_; }
    FieldMask fields() const { return fields_; }
    bool has(AgentField field) const { return (fields_ & field_bit(field)) != 0; }

    AgentValue* data(AgentField field) { return values_[static_cast<std::size_t>(field)].data(); }
    const AgentValue* data(AgentField field) const { return values_[static_cast<std::size_t>(field)].data(); }
    AgentValue& at(AgentField field, std::uint32_t agent) { return values_[static_cast<std::size_t>(field)][agent]; }
    const AgentValue& at(AgentField field, std::uint32_t agent) const { return values_[static_cast<std::size_t>(field)][agent]; }

private:
    std::uint32_t agents_ = 0;
    FieldMask fields_ = 0;
    std::array<std::vector<AgentValue>, kFieldCount> values_;
};

}  // namespace tsl
