// timing_diagram.h — the four modes without reading code: for one pane of the
// NPC scene, the jobs of the previous and the current batch (rows) over the
// frames they span (columns), marking when each job read its input, ran
// (start to finish) and had its result saved for lookups.
//
// Every key of both batches has a row, the rows as tall as the height left
// allows down to a few pixels, the key labels thinned to those that have
// room; only past that does each batch keep its first keys and its last
// around a "+N more keys" line, which a click unfolds (the window scrolls).
//
// The session records the edited pane's trace and keeps two batches of it;
// past LabSession::kDiagramMaxKeys NPCs it records nothing (a trace of every
// NPC every frame would cost more than the picture is worth).
//
// Threading: main thread.
#pragma once

#include "app/render/palette.h"
#include "app/ui/ui_style.h"

#include "core/npc/npc_scene.h"
#include "core/session/lab_session.h"
#include "core/timeslicing/trace.h"

namespace tsl::app {

// The diagram of `scene` from its recent trace (LabSession::diagram_trace()),
// filling the rest of the window. `pane_name`: "Pane A" in a comparison, ""
// otherwise. `follow`: the key of the NPC followed (-1: none), its rows
// marked and its jobs told above the grid.
void draw_timing_diagram(const TraceLog& log, const NpcScene& scene, const UiStyle& style, PaletteKind palette, const char* pane_name,
                         std::int64_t follow = -1);

}  // namespace tsl::app
