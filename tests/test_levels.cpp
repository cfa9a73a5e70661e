// Levels: every shipped one loads and is playable; malformed files are
// errors that name the file and the line; resizing keeps the patrol clear.
#include "build_paths.h"
#include "core/exposure/exposure.h"
#include "core/exposure/level.h"

#include <catch2/catch.hpp>

#include <random>

using namespace tsl;

namespace {
const std::string kLevels = std::string(tsl::test::kSourceDir) + "/assets/levels";

std::string error_of(const std::string& text) {
    const Result<Level> r = parse_level(text, "bad.txt");
    REQUIRE_FALSE(bool(r));
    return r.error();
}
}  // namespace

TEST_CASE("Every shipped level loads and keeps its patrol clear at every size", "[levels]") {
    const auto names = level_names(kLevels);
    REQUIRE(names.size() >= 4);
    for (const std::string& name : names) {
        INFO(name);
        const Result<Level> r = load_level(kLevels + "/" + name + ".txt");
        INFO(r.error());
        REQUIRE(bool(r));
        for (int width : {10, 37, 100, 256}) {
            const Level level = resize_level(*r, width);
            REQUIRE(level.grid.width == width);
            for (std::size_t k = 0; k < level.patrol.size(); ++k)
                for (const Cell& c : cells_touched(level.patrol[k], level.patrol[(k + 1) % level.patrol.size()]))
                    REQUIRE(level.grid.free(c.x, c.y));
            REQUIRE(level.grid.free(level.character.x, level.character.y));
        }
    }
}

TEST_CASE("Malformed level files are errors naming the file and the line", "[levels][errors]") {
    const std::string good_head = "patrol = 1,1 2,1\ncharacter = 0,0\nmap\n";
    CHECK(error_of("patrol = 1,1 2,1\ncharacter = 0,0\n") == "bad.txt:1: no 'map' section");
    CHECK(error_of(good_head + "....\n...\n....\n....\n") == "bad.txt:5: map row 2 has 3 cells, expected 4 (the map is square)");
    CHECK(error_of(good_head + "....\n..x.\n....\n....\n") == "bad.txt:5: unexpected 'x' in the map (use '.' and '#')");
    CHECK(error_of("colour = red\n" + good_head) == "bad.txt:1: unknown key 'colour' (known: name, patrol, character, map)");
    CHECK(error_of("patrol = 1,1 x\ncharacter = 0,0\nmap\n..\n..\n") == "bad.txt:1: patrol point 'x' is not x,y");
    CHECK(error_of("patrol = 0,0 3,0\ncharacter = 0,1\nmap\n....\n....\n....\n.#..\n").find(
              "bad.txt:1: the patrol from 0,0 to 3,0 runs into the wall at 1,0") == 0);
    CHECK(error_of("patrol = 0,0 1,0\ncharacter = 3,3\nmap\n...#\n....\n....\n....\n") ==
          "bad.txt:2: the character starts outside the map or in a wall");
    CHECK(load_level("/nonexistent/level.txt").error() == "/nonexistent/level.txt: no such level file");
}

TEST_CASE("Cells touched by a segment are exactly those the exposure rule says it touches", "[levels][exposure]") {
    std::mt19937 rng(5);
    for (int round = 0; round < 400; ++round) {
        const Cell a{static_cast<int>(rng() % 20), static_cast<int>(rng() % 20)}, b{static_cast<int>(rng() % 20), static_cast<int>(rng() % 20)};
        std::vector<Cell> listed = cells_touched(a, b);
        for (int y = 0; y < 20; ++y)
            for (int x = 0; x < 20; ++x) {
                const bool in_list = std::find(listed.begin(), listed.end(), Cell{x, y}) != listed.end();
                REQUIRE(in_list == segment_touches_cell(a, b, {x, y}));
            }
    }
}

TEST_CASE("Random levels depend on the seed alone", "[levels]") {
    const Level a = random_level(80, 42), b = random_level(80, 42), c = random_level(80, 43);
    CHECK(a.grid.walls == b.grid.walls);
    CHECK(a.patrol == b.patrol);
    CHECK(a.grid.walls != c.grid.walls);
}
