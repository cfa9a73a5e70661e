// engine_panes.h — the engine scene as the window shows it: one or two panes
// of it side by side, with one world (the same agents, arena and seed) and
// each pane's own settings, stepped together on one clock. Two panes that
// differ in one setting show what that setting changes, tick by tick.
//
// Threading: main thread; the panes share one job system and profiler.
#pragma once

#include "core/engine/engine_scene.h"

#include <memory>
#include <span>
#include <vector>

namespace tsl {

class EnginePanes {
public:
    explicit EnginePanes(const SceneServices& services) : services_(services) {}

    // A new pane count rebuilds the panes from tick 0 (returns true);
    // otherwise each pane takes its settings as EngineScene::set_config does.
    bool configure(const EngineComparisonConfig& config);
    void step();   // one tick of every pane, in pane order
    void reset();  // every pane back to tick 0

    int size() const { return static_cast<int>(panes_.size()); }
    EngineScene& pane(int index) { return *panes_.at(static_cast<std::size_t>(index)); }
    const EngineScene& pane(int index) const { return *panes_.at(static_cast<std::size_t>(index)); }

private:
    SceneServices services_;
    std::vector<std::unique_ptr<EngineScene>> panes_;
};

}  // namespace tsl
