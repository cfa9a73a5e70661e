// vec.h — the lab's vectors are GLM's: Vec2 (double, world units of the NPC
// and exposure scenes) is glm::dvec2, with GLM's + - * and ==. The build
// defines GLM_FORCE_CTOR_INIT (core/CMakeLists.txt), so a vector declared
// without a value is (0, 0), as every struct here expects.
#pragma once

#ifndef GLM_FORCE_CTOR_INIT
#error "core needs GLM_FORCE_CTOR_INIT: link tsl_core, which defines it"
#endif
#include <glm/vec2.hpp>

namespace tsl {

using Vec2 = glm::dvec2;

}  // namespace tsl
