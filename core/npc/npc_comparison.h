// npc_comparison.h — the comparison view's simulation: 1 to 5 NPC scenes
// (panes), each with its own timing settings, stepped together by one clock.
// The configuration has one world — NPC count, target path, turn speed, job
// cost, step rate — and per pane only what may differ (mode, J, P, gathering,
// threading, drawing), so every pane is at the same frame with the target at
// the same place at every moment, by construction.
//
// Threading: main thread; the panes may share one job system and profiler.
#pragma once

#include "core/npc/npc_scene.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace tsl {

inline constexpr int kMaxPanes = 5;

// What one pane sets: the timing of its decisions and how it is drawn.
struct NpcPaneSettings {
    TimeslicerConfig timeslicing;     // mode, J, P, gathering, threading
    bool debug_lines = true;          // true — the thin line to the target position each decision saw
    bool highlight_running = true;    // true — a halo on the NPCs whose job the last update started
    std::string caption;              // "" — the app builds one from the mode, rate and threading
    bool article_lock = false;        // false — the article's threaded version (NpcSceneConfig::article_lock)
    DangerMapConfig map;              // off — a timesliced danger map the decisions read by key (NpcSceneConfig::map)

    bool operator==(const NpcPaneSettings&) const = default;
};

struct NpcComparisonConfig {
    NpcWorldConfig world;                          // shared by every pane
    std::vector<NpcPaneSettings> panes{NpcPaneSettings{}};  // 1 .. kMaxPanes, left to right

    // The whole configuration of pane `index`'s scene.
    NpcSceneConfig pane_scene(std::size_t index) const { 
        const NpcPaneSettings& p = panes.at(index);
        return {world, p.timeslicing, p.article_lock, p.map};
    }
    bool operator==(const NpcComparisonConfig&) const = default;
};

class NpcComparison {
public:
    explicit NpcComparison(const SceneServices& services = {}) : services_(services) {}

    // A different number of panes rebuilds them all from frame 0 (returns
    // true); otherwise each pane takes its config live, as NpcScene::set_config
    // does, and the panes stay in step. Pane counts past kMaxPanes are cut.
    bool configure(const NpcComparisonConfig& config);

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
