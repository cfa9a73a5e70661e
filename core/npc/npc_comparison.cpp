#include "core/npc/npc_comparison.h"

#include <algorithm>

namespace tsl {

bool NpcComparison::configure(const NpcComparisonConfig& config) {
    const std::size_t count = std::clamp<std::size_t>(config.panes.size(), 1, kMaxPanes);
    auto scene_of = [&](std::size_t i) { return i < config.panes.size() ? config.pane_scene(i) : NpcSceneConfig{config.world, {}, false, {}}; };
    if (count != panes_.size()) {
        panes_.clear();
        for (std::size_t i = 0; i < count; ++i) panes_.push_back(std::make_unique<NpcScene>(scene_of(i), services_.for_pane(static_cast<int>(i))));
        return true;
    }
    // A new step rate resets a pane; the world is shared, so every pane resets alike.
    for (std::size_t i = 0; i < count; ++i)
        if (const NpcSceneConfig scene = scene_of(i); scene != panes_[i]->config()) panes_[i]->set_config(scene);
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
