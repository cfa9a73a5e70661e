// timing_diagram.h — the four modes without reading code: for one pane of the
// NPC scene, the jobs of the previous and the current batch (rows) over the
// frames they span (columns), marking when each job read its input, ran
// (start to finish) and had its result saved for lookups.
//
// The diagram records the pane's trace and keeps two batches of it; past
// kMaxKeys NPCs it stops recording (a trace of every NPC every frame would
// cost more than the picture is worth).
//
// Threading: main thread.
#pragma once

#include "app/render/palette.h"
#include "app/ui/ui_style.h"

#include "core/npc/npc_scene.h"
#include "core/timeslicing/trace.h"

namespace tsl::app {

class TimingDiagram {
public:
    static constexpr std::uint32_t kMaxKeys = 2000;  // NPCs beyond which nothing is recorded
    static constexpr int kMaxRowsPerBatch = 12;      // jobs drawn per batch; the rest are counted

    TimingDiagram() = default;
    TimingDiagram(const TimingDiagram&) = delete;
    TimingDiagram& operator=(const TimingDiagram&) = delete;

    // Records `scene`'s trace from now on (nullptr: none). Call before the
    // scene followed is destroyed; a different scene starts a new record.
    void follow(NpcScene* scene);
    NpcScene* followed() const { return scene_; }
    // After each step: forget batches older than the previous one, and start
    // again when the scene was reset.
    void after_step();

    // The diagram of the followed scene, filling the rest of the window.
    // `pane_name`: "pane A" in a comparison, "" otherwise.
    void draw(const UiFonts& fonts, PaletteKind palette, const char* pane_name);

private:
    NpcScene* scene_ = nullptr;
    TraceLog log_;
    std::int64_t last_frame_ = -1;
};

}  // namespace tsl::app
