// level.h — the exposure scene's levels: text files in assets/levels, or
// generated from a seed.
//
// Format (one item per line; '#' starts a comment):
//   name = Courtyard                  optional
//   patrol = 20,20 80,20 80,80 20,80  the sentinel's loop: cells x,y (y up), two or more
//   character = 10,90                 where the shy character starts
//   map                               then N lines of N characters, top row first:
//   ....##....                        '.' free, '#' wall
// A level is authored at its own size N and stretched to any grid size W
// (nearest cell); the cells of the patrol loop are kept free at every size.
// Errors name the file and the line: "assets/levels/x.txt:7: map row 3 has 98 cells, expected 100".
#pragma once

#include "core/base/result.h"
#include "core/exposure/occupancy_grid.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tsl {

struct Level {
    std::string name;
    OccupancyGrid grid;           // at the level's own size
    std::vector<Cell> patrol;     // closed loop of waypoints (cell coordinates)
    Cell character;               // the shy character's first cell
};

// The level, or "file:line: what is wrong".
Result<Level> load_level(const std::string& path);
Result<Level> parse_level(const std::string& text, const std::string& file_name);

// A level of the given size from a seed: blocks and pillars around a patrol
// loop that is kept clear; the same seed gives the same level.
Level random_level(int width, std::uint32_t seed);

// The level stretched to width x width: walls by nearest cell, waypoints
// scaled, the patrol's cells cleared, the character moved to the nearest free cell.
Level resize_level(const Level& level, int width);

// Cells the closed segment between two cell centres touches (the exposure
// rule's notion of "touch"), from a to b.
std::vector<Cell> cells_touched(Cell a, Cell b);

// Names of the .txt files in a directory, without extension, sorted.
std::vector<std::string> level_names(const std::string& directory);

}  // namespace tsl
