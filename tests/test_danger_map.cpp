// Two timesliced systems chained by key (core/npc/danger_map.h;
// docs/semantics.md, section 9): the NPC decisions read a danger map of
// twelve cells by key. What the "Choosing a mode" lesson says rests on these:
// a map made from one moment always shows the target in exactly one cell,
// only SISO (and Update All) keep a map to one moment, the other modes split
// it, and the NPCs act on news as old as the map's plus their own.
#include "core/npc/danger_map.h"
#include "core/npc/npc_scene.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

using namespace tsl;

namespace {

NpcSceneConfig with_map(Mode npc_mode, Mode map_mode, std::uint32_t map_j = 3, std::uint32_t map_p = 2) {
    NpcSceneConfig c;
    c.npc_count = 10;
    c.timeslicing = {npc_mode, 2, 1};
    c.map = {true, map_mode, map_j, map_p};
    return c;
}

}  // namespace

TEST_CASE("A map cell holds the twelfth of the circle it is named for", "[npc][map]") {
    for (std::uint32_t k = 0; k < kMapCells; ++k) {
        const double a = 2.0 * std::numbers::pi * (k + 0.5) / kMapCells;
        CHECK(DangerMap::cell_of({std::cos(a), std::sin(a)}) == k);
        CHECK(DangerMap::cell_of(DangerMap::cell_direction(k) * 0.2) == k);
    }
    CHECK(DangerMap::cell_of({1, 0}) == 0);
    CHECK(DangerMap::cell_of({1, -1e-9}) == kMapCells - 1);  // just below east: the last cell
    CHECK(DangerMap::cell_of({-1, 0}) == 6);
}

TEST_CASE("A map made from one moment has exactly one hot cell, where the target is", "[npc][map]") {
    DangerMap map;
    for (int i = 0; i < 48; ++i) {
        const double a = 2.0 * std::numbers::pi * (i + 0.25) / 48;
        const Vec2 target{0.45 * std::cos(a), 0.45 * std::sin(a)};
        map.reset(target, i);
        const MapReading r = map.read();
        CHECK(r.hot_cells == 1);
        CHECK(r.moments == 1);
        CHECK(r.oldest_hot_frame == i);
        CHECK(map.cell(DangerMap::cell_of(target)).hot);
        CHECK(DangerMap::cell_of(r.danger) == DangerMap::cell_of(target));
    }
}

TEST_CASE("Only a map kept to one moment always agrees with itself: SISO and Update All never split, the others do", "[npc][map]") {
    for (Mode mode : kAllModes) {
        INFO(name_of(mode));
        NpcScene scene(with_map(Mode::AIAO, mode));
        std::int64_t split = 0, one_moment = 0;
        for (int f = 0; f < 900; ++f) {  // ten laps of the target
            scene.step();
            const NpcFrameMetrics& m = scene.metrics();
            // What the lesson leans on: one moment means one hot cell; a split needs several moments.
            if (m.map_moments == 1) CHECK(m.map_hot_cells == 1);
            if (m.map_hot_cells != 1) CHECK(m.map_moments > 1);
            split += m.map_hot_cells != 1;
            one_moment += m.map_moments == 1;
        }
        if (mode == Mode::SISO || mode == Mode::UpdateAll) {
            CHECK(split == 0);
            CHECK(one_moment == 900);
        } else {
            CHECK(split > 0);  // cells from different moments disagree about where the target is
            CHECK(one_moment < 900);
        }
    }
}

TEST_CASE("The NPCs act on news as old as the map's: a map made whole every frame adds nothing, a timesliced one adds its age",
          "[npc][map]") {
    // Update All NPCs read the map every frame, so their own decisions add no age.
    NpcScene fresh(with_map(Mode::UpdateAll, Mode::SISO, kMapCells, 1));
    NpcScene sliced(with_map(Mode::UpdateAll, Mode::SISO, 3, 2));
    NpcMetricsSummary fresh_sum, sliced_sum;
    for (int f = 0; f < 600; ++f) {
        fresh.step();
        sliced.step();
        CHECK(fresh.metrics().mean_end_to_end_age_ms == 0.0);
        CHECK(fresh.metrics().mean_input_age_ms == 0.0);
        CHECK(sliced.metrics().mean_input_age_ms == 0.0);
        fresh_sum.add(fresh.metrics());
        sliced_sum.add(sliced.metrics());
        for (const Npc& npc : sliced.npcs()) CHECK(npc.decision.source_frame <= npc.decision.input_frame);
    }
    // SISO over 4 updates of 2 frames, saved at the last one: the map is from 6 to 13 frames old.
    const double step_ms = 1000.0 * sliced.step_s();
    CHECK(sliced_sum.mean_end_to_end_age_ms() >= 6 * step_ms);
    CHECK(sliced_sum.mean_end_to_end_age_ms() <= 13 * step_ms);
    CHECK(fresh_sum.map_split_percent() == 0.0);
}

TEST_CASE("Without the map, what the NPCs act on is their decisions' input, and the map's settings change nothing", "[npc][map]") {
    NpcSceneConfig plain;
    plain.npc_count = 10;
    plain.timeslicing = {Mode::AIAO, 1, 3};
    NpcSceneConfig off = plain;
    off.map = {false, Mode::AIAO, 1, 7};
    NpcScene a(plain), b(off);
    for (int f = 0; f < 300; ++f) {
        a.step();
        b.step();
        CHECK(a.metrics().mean_end_to_end_age_ms == a.metrics().mean_input_age_ms);
        CHECK(b.metrics().map_hot_cells == 0);
        CHECK(b.metrics().map_moments == 0);
        for (std::size_t i = 0; i < a.npcs().size(); ++i) {
            CHECK(a.npcs()[i].facing_deg == b.npcs()[i].facing_deg);
            CHECK(a.npcs()[i].decision.input_frame == b.npcs()[i].decision.input_frame);
        }
    }
}

TEST_CASE("Turning the map on mid-run starts it from one moment, as the scene stands", "[npc][map]") {
    NpcSceneConfig c;
    c.npc_count = 10;
    NpcScene scene(c);
    for (int f = 0; f < 47; ++f) scene.step();
    c.map = {true, Mode::AIAO, 1, 3};
    scene.set_config(c);
    const MapReading r = scene.map_reading();
    CHECK(r.hot_cells == 1);
    CHECK(r.moments == 1);
    CHECK(r.oldest_hot_frame == scene.frames_stepped());
    CHECK(scene.danger_map().cell(DangerMap::cell_of(scene.target_position())).hot);
}

TEST_CASE("The moments behind the decisions: one per NPC for the plain cursor, at most two for SIAO, one for SISO", "[npc][map]") {
    auto settled = [](Mode mode) {
        NpcSceneConfig c;
        c.npc_count = 10;
        c.timeslicing = {mode, 1, 3};
        NpcScene scene(c);
        std::uint32_t least = 1000, most = 0;
        for (int f = 0; f < 300; ++f) {
            scene.step();
            if (f < 60) continue;  // two batches settle
            least = std::min(least, scene.metrics().decision_moments);
            most = std::max(most, scene.metrics().decision_moments);
        }
        return std::pair{least, most};
    };
    CHECK(settled(Mode::AIAO) == std::pair{10u, 10u});
    CHECK(settled(Mode::AISO) == std::pair{10u, 10u});
    CHECK(settled(Mode::SIAO) == std::pair{1u, 2u});
    CHECK(settled(Mode::SISO) == std::pair{1u, 1u});

    NpcSceneConfig field;
    field.npc_count = kMaxRingNpcs + 1;  // a field: not counted
    NpcScene scene(field);
    scene.step();
    CHECK(scene.metrics().decision_moments == 0);
}
