#include "core/exposure/level.h"

#include "core/base/printable.h"
#include "core/base/text_file.h"

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <random>
#include <sstream>

namespace tsl {

std::vector<Cell> cells_touched(Cell a, Cell b) {
    std::vector<Cell> cells{a};
    const int dx = b.x - a.x, dy = b.y - a.y;
    if (dx == 0 && dy == 0) return cells;
    const bool swapped = std::abs(dy) > std::abs(dx);
    const int x = swapped ? std::abs(dy) : std::abs(dx), y = swapped ? std::abs(dx) : std::abs(dy);
    const int sx = dx < 0 ? -1 : 1, sy = dy < 0 ? -1 : 1;
    auto world = [&](int m, int i) { return swapped ? Cell{a.x + sx * i, a.y + sy * m} : Cell{a.x + sx * m, a.y + sy * i}; };
    auto floor_div = [](long n, long d) { return n >= 0 ? n / d : -((-n + d - 1) / d); };
    if (y == x) cells.push_back(world(0, 1));  // the diagonal's corner beside the start
    for (int m = 1; m < x; ++m) {
        const long i_min = -floor_div(-(static_cast<long>(y) * (2 * m - 1) - x), 2L * x);
        const long i_max = floor_div(static_cast<long>(y) * (2 * m + 1) + x, 2L * x);
        for (long i = i_min; i <= i_max; ++i) cells.push_back(world(m, static_cast<int>(i)));
    }
    if (y == x) cells.push_back(world(x, x - 1));  // and beside the end
    cells.push_back(b);
    return cells;
}

namespace {

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r"), e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// "12,34" -> cell; false if malformed.
bool parse_cell(const std::string& text, Cell& cell) {
    char comma = 0, extra = 0;
    std::istringstream in(text);
    if (!(in >> cell.x >> comma >> cell.y) || comma != ',' || (in >> extra)) return false;
    return true;
}

}  // namespace

Result<Level> parse_level(const std::string& text, const std::string& file) {
    auto fail = [&](int line, const std::string& what) { return Failed{printable(file + ":" + std::to_string(line) + ": " + what)}; };
    Level level;
    int patrol_line = 0, character_line = 0, map_line = 0;
    std::vector<std::string> rows;
    std::vector<int> row_lines;
    bool in_map = false, have_character = false;
    std::istringstream in(text);
    std::string raw;
    for (int line_no = 1; std::getline(in, raw); ++line_no) {
        if (in_map) {
            const std::string row = trim(raw);
            if (row.empty()) continue;
            rows.push_back(row);
            row_lines.push_back(line_no);
            continue;
        }
        const std::string line = trim(raw.substr(0, raw.find('#')));
        if (line.empty()) continue;
        if (line == "map") {
            in_map = true;
            map_line = line_no;
            continue;
        }
        const auto eq = line.find('=');
        if (eq == std::string::npos) return fail(line_no, "expected 'key = value' or 'map', found '" + line + "'");
        const std::string key = trim(line.substr(0, eq)), value = trim(line.substr(eq + 1));
        if (key == "name") {
            level.name = value;
        } else if (key == "patrol") {
            std::istringstream points(value);
            for (std::string point; points >> point;) {
                Cell c;
                if (!parse_cell(point, c)) return fail(line_no, "patrol point '" + point + "' is not x,y");
                level.patrol.push_back(c);
            }
            if (level.patrol.size() < 2) return fail(line_no, "the patrol needs at least two points");
            patrol_line = line_no;
        } else if (key == "character") {
            if (!parse_cell(value, level.character)) return fail(line_no, "character '" + value + "' is not x,y");
            have_character = true;
            character_line = line_no;
        } else {
            return fail(line_no, "unknown key '" + key + "' (known: name, patrol, character, map)");
        }
    }
    if (!map_line) return fail(1, "no 'map' section");
    if (!patrol_line) return fail(map_line, "no 'patrol = x,y x,y ...' line before the map");
    if (!have_character) return fail(map_line, "no 'character = x,y' line before the map");
    const int n = static_cast<int>(rows.size());
    if (n < 2) return fail(map_line, "the map needs at least two rows");
    level.grid = OccupancyGrid(n);
    for (int r = 0; r < n; ++r) {
        if (static_cast<int>(rows[r].size()) != n)
            return fail(row_lines[r], "map row " + std::to_string(r + 1) + " has " + std::to_string(rows[r].size()) +
                                          " cells, expected " + std::to_string(n) + " (the map is square)");
        for (int x = 0; x < n; ++x) {
            const char c = rows[r][x];
            if (c != '.' && c != '#') return fail(row_lines[r], std::string("unexpected '") + c + "' in the map (use '.' and '#')");
            level.grid.walls[level.grid.index(x, n - 1 - r)] = c == '#';  // the first row is the top
        }
    }
    for (const Cell& p : level.patrol)
        if (!level.grid.inside(p.x, p.y) || level.grid.wall(p.x, p.y))
            return fail(patrol_line, "patrol point " + std::to_string(p.x) + "," + std::to_string(p.y) + " is outside the map or in a wall");
    for (std::size_t k = 0; k < level.patrol.size(); ++k) {
        const Cell a = level.patrol[k], b = level.patrol[(k + 1) % level.patrol.size()];
        for (const Cell& c : cells_touched(a, b))
            if (level.grid.wall(c.x, c.y))
                return fail(patrol_line, "the patrol from " + std::to_string(a.x) + "," + std::to_string(a.y) + " to " +
                                             std::to_string(b.x) + "," + std::to_string(b.y) + " runs into the wall at " +
                                             std::to_string(c.x) + "," + std::to_string(c.y));
    }
    if (!level.grid.inside(level.character.x, level.character.y) || level.grid.wall(level.character.x, level.character.y))
        return fail(character_line, "the character starts outside the map or in a wall");
    if (level.name.empty()) level.name = std::filesystem::path(file).stem().string();
    return level;
}

Result<Level> load_level(const std::string& path) {
    const Result<std::string> read = read_text_file(path, kMaxLevelFileBytes, "level file");
    if (!read) return Failed{printable(path + ": " + read.error())};
    return parse_level(*read, path);
}

namespace {

Cell nearest_free(const OccupancyGrid& grid, Cell from) {
    from.x = std::clamp(from.x, 0, grid.width - 1);
    from.y = std::clamp(from.y, 0, grid.width - 1);
    if (!grid.wall(from.x, from.y)) return from;
    std::vector<std::uint8_t> seen(grid.cell_count(), 0);
    std::deque<Cell> queue{from};
    seen[grid.index(from.x, from.y)] = 1;
    while (!queue.empty()) {
        const Cell c = queue.front();
        queue.pop_front();
        if (!grid.wall(c.x, c.y)) return c;
        for (auto [ox, oy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
            const Cell n{c.x + ox, c.y + oy};
            if (grid.inside(n.x, n.y) && !seen[grid.index(n.x, n.y)]) {
                seen[grid.index(n.x, n.y)] = 1;
                queue.push_back(n);
            }
        }
    }
    return from;
}

void clear_patrol(Level& level) {
    for (std::size_t k = 0; k < level.patrol.size(); ++k)
        for (const Cell& c : cells_touched(level.patrol[k], level.patrol[(k + 1) % level.patrol.size()]))
            level.grid.walls[level.grid.index(c.x, c.y)] = 0;
}

}  // namespace

Level resize_level(const Level& level, int width) {
    const int n = level.grid.width;
    if (width == n) return level;
    Level out;
    out.name = level.name;
    out.grid = OccupancyGrid(width);
    for (int y = 0; y < width; ++y)
        for (int x = 0; x < width; ++x)
            out.grid.walls[out.grid.index(x, y)] = level.grid.wall(static_cast<int>(static_cast<long>(x) * n / width),
                                                                   static_cast<int>(static_cast<long>(y) * n / width));
    auto scale = [&](Cell c) {
        return Cell{std::min(width - 1, static_cast<int>((2L * c.x + 1) * width / (2L * n))),
                    std::min(width - 1, static_cast<int>((2L * c.y + 1) * width / (2L * n)))};
    };
    for (const Cell& p : level.patrol) out.patrol.push_back(scale(p));
    clear_patrol(out);
    out.character = nearest_free(out.grid, scale(level.character));
    return out;
}

Level random_level(int width, std::uint32_t seed) {
    std::mt19937 rng(seed);
    auto uniform = [&](int lo, int hi) { return lo + static_cast<int>(rng() % static_cast<std::uint32_t>(hi - lo + 1)); };
    Level level;
    level.name = "random " + std::to_string(seed);
    level.grid = OccupancyGrid(width);
    // Blocks of varied size until about 14% of the cells are walls, plus pillars.
    const long target = static_cast<long>(width) * width * 14 / 100;
    long walls = 0;
    const int max_side = std::max(1, width / 8);
    for (int tries = 0; walls < target && tries < width * width; ++tries) {
        const int w = uniform(1, max_side), h = uniform(1, max_side);
        const int x0 = uniform(0, width - 1), y0 = uniform(0, width - 1);
        for (int y = y0; y < std::min(width, y0 + h); ++y)
            for (int x = x0; x < std::min(width, x0 + w); ++x) {
                std::uint8_t& cell = level.grid.walls[level.grid.index(x, y)];
                walls += cell == 0;
                cell = 1;
            }
    }
    // A loop a quarter of the way in, with some wobble, kept clear.
    const int lo = width / 4, hi = width - 1 - width / 4, wobble = std::max(1, width / 16);
    for (Cell corner : {Cell{lo, lo}, Cell{hi, lo}, Cell{hi, hi}, Cell{lo, hi}})
        level.patrol.push_back({std::clamp(corner.x + uniform(-wobble, wobble), 0, width - 1),
                                std::clamp(corner.y + uniform(-wobble, wobble), 0, width - 1)});
    clear_patrol(level);
    level.character = nearest_free(level.grid, {uniform(0, width - 1), uniform(0, width - 1)});
    return level;
}

std::vector<std::string> level_names(const std::string& directory) {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(directory, ec))
        if (entry.path().extension() == ".txt") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace tsl
