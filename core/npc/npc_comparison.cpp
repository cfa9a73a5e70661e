#include "core/npc/npc_comparison.h"

namespace tsl {

bool NpcComparison::configure(std::span<const NpcSceneConfig> configs) {
    if (configs.size() != panes_.size()) {
        panes_.clear();
        for (const NpcSceneConfig& config : configs) panes_.push_back(std::make_unique<NpcScene>(config, services_));
        return true;
    }
    // A new step rate resets a pane; when it is shared, every pane resets alike.
    for (std::size_t i = 0; i < configs.size(); ++i)
        if (configs[i] != panes_[i]->config()) panes_[i]->set_config(configs[i]);
    return false;
}

void NpcComparison::step() {
    for (auto& pane : panes_) pane->step();
}

void NpcComparison::reset() {
    for (auto& pane : panes_) pane->reset();
}

bool NpcComparison::in_lock_step() const {
    for (const auto& pane : panes_) {
        if (pane->frames_stepped() != panes_.front()->frames_stepped()) return false;
        const Vec2 a = pane->target_position(), b = panes_.front()->target_position();
        if (a.x != b.x || a.y != b.y) return false;
    }
    return true;
}

}  // namespace tsl
