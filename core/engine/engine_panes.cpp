#include "core/engine/engine_panes.h"

#include <algorithm>

namespace tsl {

bool EnginePanes::configure(const EngineComparisonConfig& config) {
    const std::size_t count = std::clamp<std::size_t>(config.panes.size(), 1, kMaxEnginePanes);
    if (count != panes_.size()) {
        panes_.clear();
        for (std::size_t i = 0; i < count; ++i)
            panes_.push_back(
                std::make_unique<EngineScene>(config.pane_scene(std::min(i, config.panes.size() - 1)), services_.for_pane(static_cast<int>(i))));
        return true;
    }
    for (std::size_t i = 0; i < count; ++i) panes_[i]->set_config(config.pane_scene(i));
    return false;
}

void EnginePanes::step() {
    for (auto& pane : panes_) pane->step();
}

void EnginePanes::reset() {
    for (auto& pane : panes_) pane->reset();
}

}  // namespace tsl
