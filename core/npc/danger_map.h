// danger_map.h — a second timesliced system that the NPC decisions read by
// key: a map of where the danger (the target) is, in twelve cells round the
// target's circle, like the hours of a clock.
//
// What to notice: the timeslicing article calls keyed outputs a small
// database that other systems look up; here the NPCs' decision jobs look the
// map up, cell by cell (key = cell), through the same `newest(key)` any game
// code would use. Each cell's job says whether the target is in its twelfth of
// the circle, so a map made from one moment has exactly one hot cell. A map
// whose cells were computed at different moments — any mode but SISO (and
// Update All) — can show the target in none or in two, which is what the
// article means by cells that must agree with each other (docs/semantics.md,
// section 9). What the NPCs act on is then as old as the map's cells plus
// their own decision's age: the end-to-end age.
//
// Deterministic: the map's jobs are pure functions of the target position and
// the frame they read; it runs inline on the main thread, gathered in the same
// update (a cell's work is a comparison of angles).
//
// Threading: main thread only.
#pragma once

#include "core/base/vec.h"
#include "core/base/words.h"
#include "core/timeslicing/timeslicer.h"

#include <array>
#include <cstdint>
#include <string>

namespace tsl {

inline constexpr std::uint32_t kMapCells = 12;

// The map of one pane: off, or on with its own mode, J and P.
struct DangerMapConfig {
    bool on = false;                        // false — the NPC decisions read the target directly
    Mode mode = Mode::SISO;                 // SISO — the article's choice for maps whose cells must agree
    std::uint32_t jobs_per_update = 3;      // J — cells computed per update (1 .. kMapCells)
    std::uint32_t update_every_frames = 1;  // P — the map updates on frames that are multiples of P

    bool operator==(const DangerMapConfig&) const = default;
};

// One cell's input: the target where it was, and when.
struct MapCellInput {
    Vec2 target;
    std::int64_t frame = 0;
};

// One cell's output: whether the target was in it, and when that was read.
struct MapCell {
    bool hot = false;
    std::int64_t input_frame = 0;
};

// What a reader of the whole map finds at one moment.
struct MapReading {
    std::uint32_t hot_cells = 0;     // 1 when the map agrees with itself
    Vec2 danger;                     // the hot cells' centres on the unit circle, averaged (none: (0, 0))
    std::int64_t oldest_hot_frame = 0;  // the oldest input behind a hot cell
    std::uint32_t moments = 0;       // distinct frames the twelve cells were computed from
};

class DangerMap {
public:
    using Slicer = Timeslicer<std::uint32_t, MapCellInput, MapCell, DenseKeyIndex<std::uint32_t>>;

    explicit DangerMap(const DangerMapConfig& config = {});
    DangerMap(const DangerMap&) = delete;
    DangerMap& operator=(const DangerMap&) = delete;

    // Live: a new mode, J or P applies from the next update.
    void set_config(const DangerMapConfig& config);
    const DangerMapConfig& config() const noexcept { return config_; }

    // Every cell made again from `target` at `frame`: one moment, one hot cell.
    void reset(Vec2 target, std::int64_t frame);
    // One step of the map's timeslicer, reading `target` at `frame` as its mode says.
    void update(Vec2 target, std::int64_t frame);

    // Cell k's newest output, by key, as a reader finds it.
    const MapCell& cell(std::uint32_t k) const noexcept;
    MapReading read() const;

    // Cell k spans the angles [k, k + 1) x 30 degrees round the world's
    // centre, anticlockwise from east; its centre line points at (k + 1/2) x 30.
    static std::uint32_t cell_of(Vec2 position);
    static Vec2 cell_direction(std::uint32_t k);  // unit vector
    const Slicer& timeslicer() const noexcept { return slicer_; }

    // The map's state as a value (stepping back in time), and back to one of
    // this map's with the same configuration. Main thread, between updates.
    struct State {
        Vec2 target;
        std::int64_t frame = 0;
        std::array<MapCell, kMapCells> initial{};
        Slicer::Snapshot slicer;
    };
    State state() const { return {target_, frame_, initial_, slicer_.snapshot()}; }
    void restore(const State& state) {
        target_ = state.target;
        frame_ = state.frame;
        initial_ = state.initial;
        slicer_.restore(state.slicer);
    }

private:
    DangerMapConfig config_;
    Vec2 target_;
    std::int64_t frame_ = 0;
    std::array<MapCell, kMapCells> initial_{};  // before a cell's first output is saved
    Slicer slicer_;
};

// The timeslicer settings the map runs with: its mode, J and P; inline, same frame.
TimeslicerConfig map_timeslicing(const DangerMapConfig& config);

// ", map SISO" (", map Update All") for a pane's caption and reveal row; "" with the map off.
std::string map_caption(const DangerMapConfig& config, const Words& tr = {});

}  // namespace tsl
