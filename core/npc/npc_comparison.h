// npc_comparison.h — the comparison view's simulation: 2 to 5 NPC scenes
// (panes), each with its own timing settings, stepped together by one clock.
// Every pane shares the world — NPC count, target path, turn speed, step rate —
// so at any moment every pane is at the same frame with the target at the
// same place, and what differs between them is only what their settings do.
//
// Threading: main thread; the panes may share one job system and profiler.
#pragma once

#include "core/npc/npc_scene.h"

#include <memory>
#include <span>
#include <vector>

namespace tsl {

class NpcComparison {
public:
    explicit NpcComparison(const SceneServices& services = {}) : services_(services) {}

    // One config per pane. A different number of panes rebuilds them all from
    // frame 0 (returns true); otherwise each pane takes its config live, as
    // NpcScene::set_config does, and the panes stay in step.
    bool configure(std::span<const NpcSceneConfig> configs);

    void step();   // one fixed step of every pane, in pane order
    void reset();  // every pane back to frame 0

    int size() const noexcept { return static_cast<int>(panes_.size()); }
    NpcScene& pane(int index) { return *panes_.at(index); }
    const NpcScene& pane(int index) const { return *panes_.at(index); }
    std::span<const std::unique_ptr<NpcScene>> panes() const noexcept { return panes_; }

    // True when every pane is at the same frame with the target at the same place.
    bool in_lock_step() const;

private:
    SceneServices services_;
    std::vector<std::unique_ptr<NpcScene>> panes_;
};

}  // namespace tsl
