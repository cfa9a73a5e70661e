// scene_kind.h — which scene a setting, preset, lesson step or measure
// belongs to: the NPCs facing a target, the sentinel's exposure grid, or the
// parallel engine. One value, never a pair of flags.
#pragma once

#include "core/base/names.h"

#include <cstdint>
#include <string_view>

namespace tsl {

enum class SceneKind : std::uint8_t { Npc, Exposure, Engine };
inline constexpr int kSceneKinds = 3;
extern const EnumName kSceneNames[kSceneKinds];  // "npc", "exposure", "engine"
std::string_view name_of(SceneKind scene);

}  // namespace tsl
