// session_scene.cpp — what every scene's reveal shares, and the lab's scenes by kind.
#include "core/session/session_scene.h"

#include "core/base/formatted.h"
#include "core/session/engine_session_scene.h"
#include "core/session/exposure_session_scene.h"

#include <algorithm>
#include <cmath>

namespace tsl {

namespace {

// A spread to one significant digit, as a spread is read: "0.1", "0.005", "2", "30"; "" when it is nothing at the value's precision.
std::string spread_text(double spread, double value) {
    if (spread < 0.0005 || spread < std::fabs(value) * 0.005) return {};  // below what the value shows (3 decimals at most)
    const int decimals = spread >= 1 ? 0 : std::clamp(-static_cast<int>(std::floor(std::log10(spread))), 1, 4);
    return formatted("%.*f", decimals, spread);
}

}  // namespace

// A time varies from step to step: its spread (standard deviation) beside it, "3.34 ±0.9 ms".
std::string reveal_cell(const LessonMeasure& measure, std::optional<double> value, std::optional<double> spread, const Words& tr) {
    if (!value) return "-";
    if (const std::string s = spread ? spread_text(*spread, *value) : std::string(); !s.empty())
        return measure_number(*value) + " \xc2\xb1" + s + " " + std::string(tr.of(measure.unit));
    return measure_text(*value, measure.unit, tr);
}

// The NPC scene is made by the session itself, from the start (LabSession).
Result<std::unique_ptr<SessionScene>> make_lab_scene(SceneKind kind, LabSettings& settings, const SceneServices& services) {
    switch (kind) {
    case SceneKind::Exposure: {
        Result<std::unique_ptr<ExposureSessionScene>> made = ExposureSessionScene::create(settings, services);
        if (!made) return made.failure();
        return std::unique_ptr<SessionScene>(std::move(*made));
    }
    case SceneKind::Engine: return std::unique_ptr<SessionScene>(std::make_unique<EngineSessionScene>(services));
    case SceneKind::Npc: break;
    }
    return Failed{"the " + std::string(name_of(kind)) + " scene is made by the session"};
}

}  // namespace tsl
