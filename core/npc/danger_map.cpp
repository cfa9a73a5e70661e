#include "core/npc/danger_map.h"

#include "core/base/formatted.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tsl {

namespace {

constexpr double kCellTurns = 1.0 / kMapCells;

DangerMapConfig sanitized(DangerMapConfig c) {
    c.jobs_per_update = std::clamp<std::uint32_t>(c.jobs_per_update, 1, kMapCells);
    c.update_every_frames = std::clamp<std::uint32_t>(c.update_every_frames, 1, 1000);
    return c;
}

MapCell compute_cell(std::uint32_t k, const MapCellInput& input) {
    return {DangerMap::cell_of(input.target) == k, input.frame};
}

}  // namespace

TimeslicerConfig map_timeslicing(const DangerMapConfig& c) {
    TimeslicerConfig ts;
    ts.mode = c.mode;
    ts.jobs_per_update = c.jobs_per_update;
    ts.update_every_frames = c.update_every_frames;
    ts.gathering = Gathering::SameFrame;
    ts.threading = Threading::Inline;
    return ts;
}

std::string map_caption(const DangerMapConfig& c, const Words& tr) {
    if (!c.on) return {};
    if (c.mode == Mode::UpdateAll) return tr(", map Update All");
    std::string name(name_of(c.mode));
    for (char& ch : name) ch = static_cast<char>(ch - 'a' + 'A');
    return formatted(tr(", map %s"), name.c_str());
}

DangerMap::DangerMap(const DangerMapConfig& config)
    : config_(sanitized(config)),
      slicer_({
          .new_batch =
              [](std::vector<std::uint32_t>& keys) {
                  keys.resize(kMapCells);
                  for (std::uint32_t k = 0; k < kMapCells; ++k) keys[k] = k;
              },
          .read_input = [this](const std::uint32_t&, MapCellInput& input) { input = {target_, frame_}; },
          .run_job = [](const std::uint32_t& k, const MapCellInput& input, MapCell& cell) { cell = compute_cell(k, input); },
          .trace_id = {},
      }) {
    slicer_.set_config(map_timeslicing(config_));
}

void DangerMap::set_config(const DangerMapConfig& config) {
    config_ = sanitized(config);
    slicer_.set_config(map_timeslicing(config_));
}

void DangerMap::reset(Vec2 target, std::int64_t frame) {
    slicer_.clear();
    target_ = target;
    frame_ = frame;
    for (std::uint32_t k = 0; k < kMapCells; ++k) initial_[k] = compute_cell(k, {target, frame});
}

void DangerMap::update(Vec2 target, std::int64_t frame) {
    target_ = target;
    frame_ = frame;
    slicer_.update();
}

const MapCell& DangerMap::cell(std::uint32_t k) const noexcept {
    const MapCell* saved = slicer_.newest(k);
    return saved ? *saved : initial_[k];
}

MapReading DangerMap::read() const {
    MapReading r;
    std::array<std::int64_t, kMapCells> frames{};
    for (std::uint32_t k = 0; k < kMapCells; ++k) {
        const MapCell& c = cell(k);
        frames[k] = c.input_frame;
        if (!c.hot) continue;
        r.oldest_hot_frame = r.hot_cells == 0 ? c.input_frame : std::min(r.oldest_hot_frame, c.input_frame);
        ++r.hot_cells;
        r.danger += cell_direction(k);
    }
    if (r.hot_cells > 0) r.danger *= 1.0 / r.hot_cells;
    std::sort(frames.begin(), frames.end());
    r.moments = static_cast<std::uint32_t>(std::unique(frames.begin(), frames.end()) - frames.begin());
    return r;
}

std::uint32_t DangerMap::cell_of(Vec2 p) {
    double turns = std::atan2(p.y, p.x) / (2.0 * std::numbers::pi);
    if (turns < 0) turns += 1.0;
    return std::min(kMapCells - 1, static_cast<std::uint32_t>(turns / kCellTurns));
}

Vec2 DangerMap::cell_direction(std::uint32_t k) {
    const double a = 2.0 * std::numbers::pi * (k + 0.5) * kCellTurns;
    return {std::cos(a), std::sin(a)};
}

}  // namespace tsl
