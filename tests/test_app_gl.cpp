// The app rendered offscreen, as a user gets it from `screenshot` with no
// display: pixels where the simulation says things are, controls set from the
// command line, and clear errors for broken shaders and impossible requests.
#include "png_read.h"
#include "run_command.h"

#include "core/exposure/exposure_scene.h"
#include "core/npc/npc_scene.h"
#include "core/base/view.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

using namespace tsl;
using namespace tsl::test;

namespace {

constexpr int kWidth = 800, kHeight = 600;

// Runs `screenshot` without a display and loads the picture.
Image screenshot(const std::vector<std::string>& extra, const std::string& env = "") {
    const auto dir = scratch_dir("shot");
    const std::string file = (dir / "s.png").string();
    std::vector<std::string> args = {"screenshot", "--out", file, "--size", "800x600", "--set", "hide_ui=true"};
    args.insert(args.end(), extra.begin(), extra.end());
    const CommandResult r = run_command(tsl::test::kApp, args, "env -u DISPLAY -u WAYLAND_DISPLAY " + env + " ");
    INFO(r.err);
    REQUIRE(r.status == 0);
    Image image = tsl::test::png_at(file);
    REQUIRE(image.width == kWidth);
    REQUIRE(image.height == kHeight);
    std::filesystem::remove_all(dir);
    return image;
}

// Where a world point lands in the full-window scene (UI hidden).
ViewTransform scene_view() {
    const SceneBands bands = split_scene_area(kWidth, kHeight);
    return ViewTransform::fit(bands.view, kNpcViewHalfExtent);
}

struct Pixel {
    int r, g, b;
};
Pixel at(const Image& image, Vec2 px) {
    const std::uint8_t* p = image.pixel(static_cast<int>(px.x), static_cast<int>(px.y));
    return {p[0], p[1], p[2]};
}
bool is_background(Pixel p) { return std::abs(p.r - 0xFB) <= 2 && std::abs(p.g - 0xFA) <= 2 && std::abs(p.b - 0xF7) <= 2; }
bool is_dark(Pixel p) { return p.r < 90 && p.g < 90 && p.b < 90; }
bool is_red(Pixel p) { return p.r > 150 && p.g < 170 && p.b < 170 && p.r - p.g > 50; }

// The decisions after 40 steps of the default scene, as the app computes them.
std::vector<Npc> npcs_after_40_steps() {
    NpcScene scene;
    for (int f = 0; f < 40; ++f) scene.step();
    return {scene.npcs().begin(), scene.npcs().end()};
}

// The exposure scene as the app starts it (no step taken yet).
std::unique_ptr<ExposureScene> exposure_scene_at_start(int grid_size) {
    ExposureSceneConfig config;
    config.assets_dir = std::string(tsl::test::kSourceDir) + "/assets";
    config.grid_size = grid_size;
    auto scene = ExposureScene::create(config, {});
    INFO(scene.error());
    REQUIRE(scene);
    return std::move(*scene);
}

// Which of the map's colours a pixel has, in either palette: 'e'xposed,
// 'h'idden, 'w'all, or '?'.
char map_colour(Pixel p) {
    auto near = [&](int r, int g, int b) { return std::abs(p.r - r) + std::abs(p.g - g) + std::abs(p.b - b) <= 24; };
    if (near(0xF8, 0xE3, 0xA3) || near(0xF0, 0xE4, 0x42)) return 'e';
    if (near(0x83, 0x97, 0xAD) || near(0x56, 0xB4, 0xE9)) return 'h';
    if (near(0x34, 0x36, 0x3A) || near(0x33, 0x33, 0x33)) return 'w';
    return '?';
}

}  // namespace

TEST_CASE("The exposure scene draws every cell as the core computes it", "[gl][exposure]") {
    constexpr int kGrid = 40;
    for (const char* palette : {"classic", "colour-blind"}) {
        INFO("palette " << palette);
        const Image image = screenshot({"--scene", "exposure", "--frames", "0", "--set", "grid_size=40", "--set",
                                        std::string("palette=") + palette});
        const auto scene = exposure_scene_at_start(kGrid);
        const SceneBands bands = split_scene_area(kWidth, kHeight);
        const ViewTransform view = ViewTransform::fit(bands.view, kGrid * 0.5 * 1.02);
        const Vec2 sentinel = scene->sentinel_position(), character = scene->character().position;
        int checked = 0, exposed = 0, hidden = 0;
        for (int y = 0; y < kGrid; ++y)
            for (int x = 0; x < kGrid; ++x) {
                const Vec2 c{x + 0.5, y + 0.5};
                // The sentinel and the character are drawn over the map.
                if (std::hypot(c.x - sentinel.x, c.y - sentinel.y) < 3 || std::hypot(c.x - character.x, c.y - character.y) < 3) continue;
                const char want = scene->grid().wall(x, y) ? 'w' : scene->exposure()[scene->grid().index(x, y)] ? 'e' : 'h';
                INFO("cell " << x << "," << y);
                REQUIRE(map_colour(at(image, view.to_pixels({c.x - kGrid / 2.0, c.y - kGrid / 2.0}))) == want);
                ++checked;
                exposed += want == 'e';
                hidden += want == 'h';
            }
        CHECK(checked > 1400);
        CHECK(exposed > 100);
        CHECK(hidden > 100);
    }
}

TEST_CASE("Rays drawn from the eye change the picture only when asked for", "[gl][exposure]") {
    const Image plain = screenshot({"--scene", "exposure", "--frames", "5"});
    const Image rays = screenshot({"--scene", "exposure", "--frames", "5", "--set", "show_rays=true"});
    int differ = 0;
    for (int y = 0; y < kHeight; y += 2)
        for (int x = 0; x < kWidth; x += 2) {
            const Pixel a = at(plain, {double(x), double(y)}), b = at(rays, {double(x), double(y)});
            differ += a.r != b.r || a.g != b.g || a.b != b.b;
        }
    CHECK(differ > 500);
    // The same run draws the same scene (the caption and footer show measured times, which vary).
    const Image again = screenshot({"--scene", "exposure", "--frames", "5"});
    const SceneBands bands = split_scene_area(kWidth, kHeight);
    int changed = 0;
    for (int y = static_cast<int>(bands.view.y); y < static_cast<int>(bands.view.y + bands.view.h); ++y)
        for (int x = 0; x < kWidth; ++x) changed += std::memcmp(plain.pixel(x, y), again.pixel(x, y), 3) != 0;
    CHECK(changed == 0);
}

TEST_CASE("Offscreen render: background, a dark arrow on every NPC, red debug lines only with debug on", "[gl]") {
    const Image on = screenshot({"--frames", "40", "--set", "debug_lines=true"});
    const Image off = screenshot({"--frames", "40", "--set", "debug_lines=false"});
    const ViewTransform view = scene_view();

    CHECK(is_background(at(on, {3, kHeight / 2.0})));
    CHECK(is_background(at(on, {kWidth - 3.0, kHeight / 2.0})));

    int red_on = 0, background_off = 0;
    const std::vector<Npc> npcs = npcs_after_40_steps();
    for (const Npc& npc : npcs) {
        const Vec2 centre = view.to_pixels(npc.position);
        INFO("NPC at pixel " << centre.x << ", " << centre.y);
        CHECK(is_dark(at(on, centre)));
        CHECK(is_dark(at(off, centre)));
        // Halfway to the target position its decision saw: the debug line.
        const Vec2 middle = view.to_pixels((npc.position + npc.decision.target_seen) * 0.5);
        red_on += is_red(at(on, middle));
        background_off += is_background(at(off, middle));
    }
    CHECK(red_on >= 8);                          // lines may cross other marks at a few midpoints
    CHECK(background_off == static_cast<int>(npcs.size()));  // and none at all without debug drawing
}

TEST_CASE("The same screenshot options give the same picture", "[gl]") {
    const Image a = screenshot({"--frames", "25", "--set", "mode=siso", "--set", "update_every=3"});
    const Image b = screenshot({"--frames", "25", "--set", "mode=siso", "--set", "update_every=3"});
    CHECK(a.rgba == b.rgba);
    const Image c = screenshot({"--frames", "26", "--set", "mode=siso", "--set", "update_every=3"});
    CHECK(a.rgba != c.rgba);
}

TEST_CASE("A field of 100000 NPCs renders", "[gl]") {
    const Image image = screenshot({"--frames", "3", "--set", "npcs=100000", "--set", "jobs_per_update=5000"});
    // Dense arrows darken the middle of the field.
    int dark = 0;
    for (int y = 200; y < 400; y += 4)
        for (int x = 300; x < 500; x += 4) dark += !is_background(at(image, {double(x), double(y)}));
    CHECK(dark > 1000);
}

TEST_CASE("Every control can be set from the command line", "[gl][controls]") {
    const CommandResult help = run_app({"--help"});
    REQUIRE(help.status == 0);
    const auto table = help.out.find("Controls for --set");
    REQUIRE(table != std::string::npos);
    // Each row: name, accepted values ("a|b" or "lo..hi"), help. Set each to
    // its first accepted value, all in one run.
    std::vector<std::string> args;
    std::istringstream rows(help.out.substr(table));
    std::string line;
    std::getline(rows, line);
    int controls = 0;
    while (std::getline(rows, line)) {
        std::istringstream cells(line);
        std::string name, values;
        if (!(cells >> name >> values)) break;
        const auto range = values.find("..");
        std::string first = values.substr(0, range != std::string::npos ? range : values.find('|'));
        if (name == "fullscreen") first = "false";  // not meaningful offscreen
        args.insert(args.end(), {"--set", name + "=" + first});
        ++controls;
    }
    CHECK(controls >= 15);
    const Image image = screenshot(args);
    CHECK(image.width == kWidth);
}

TEST_CASE("A shader that does not compile is an error naming its file", "[gl][errors]") {
    const auto dir = scratch_dir("shaders");
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(tsl::test::kSourceDir) / "shaders"))
        std::filesystem::copy(entry.path(), dir / entry.path().filename());
    std::ofstream(dir / "segment.frag", std::ios::app) << "\nthis is not GLSL;\n";
    const CommandResult r = run_command(tsl::test::kApp, {"screenshot", "--out", (dir / "s.png").string()},
                                        "env -u DISPLAY TSL_SHADER_DIR=" + dir.string() + " ");
    CHECK(r.status == 1);
    CHECK(r.err.find("shaders/segment.frag") != std::string::npos);
    CHECK(r.err.find("does not compile") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir / "s.png"));

    std::filesystem::copy_file(std::filesystem::path(tsl::test::kSourceDir) / "shaders" / "segment.frag", dir / "segment.frag",
                               std::filesystem::copy_options::overwrite_existing);
    std::filesystem::remove(dir / "disc.vert");
    const CommandResult missing = run_command(tsl::test::kApp, {"screenshot", "--out", (dir / "s.png").string()},
                                              "env -u DISPLAY TSL_SHADER_DIR=" + dir.string() + " ");
    CHECK(missing.status == 1);
    CHECK(missing.err.find("disc.vert") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("An unwritable screenshot path fails with a message and leaves no file", "[gl][errors]") {
    const auto dir = scratch_dir("unwritable-png");
    std::ofstream(dir / "plain-file") << "x";
    const std::string target = (dir / "plain-file" / "s.png").string();  // parent is a regular file
    const CommandResult r = run_command(tsl::test::kApp, {"screenshot", "--out", target}, "env -u DISPLAY ");
    CHECK(r.status == 1);
    CHECK(r.err.find(target) != std::string::npos);
    CHECK(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator{}) == 1);
    std::filesystem::remove_all(dir);
}

TEST_CASE("The window without a display says how to run it and exits non-zero", "[errors]") {
    const CommandResult r = run_command(tsl::test::kApp, {"--no-settings"}, "env -u DISPLAY -u WAYLAND_DISPLAY ");
    CHECK(r.status != 0);
    CHECK(r.err.find("xvfb-run") != std::string::npos);
    CHECK(r.err.find("screenshot") != std::string::npos);
}

TEST_CASE("A bad --set is a one-line usage error", "[errors][controls]") {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"--set", "speed=3"}, {"--set", "mode=fast"}, {"screenshot", "--out", "x.png", "--set", "npcs=0"}}) {
        const CommandResult r = run_app(args);
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
    const CommandResult r = run_app({"--set", "speed=3"});
    CHECK(r.err.find("jobs_per_update") != std::string::npos);  // lists the names
}

namespace {

// Pixels of `image` within `box` (x0, y0, x1, y1) whose colour is within 30
// of `rgb` (sum of channel differences).
int count_colour(const Image& image, std::uint32_t rgb, int x0, int y0, int x1, int y1) {
    const int r = (rgb >> 16) & 0xFF, g = (rgb >> 8) & 0xFF, b = rgb & 0xFF;
    int count = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            const Pixel p = at(image, {static_cast<double>(x), static_cast<double>(y)});
            if (std::abs(p.r - r) + std::abs(p.g - g) + std::abs(p.b - b) <= 30) ++count;
        }
    return count;
}

// The comparison view's pane colours (app/render/palette.h, Okabe-Ito).
constexpr std::uint32_t kPaneColours[] = {0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7};

}  // namespace

TEST_CASE("A preset of four modes shows four captioned panes, each with its own picture", "[gl][comparison]") {
    const Image image = screenshot({"--preset", "four-modes-10hz", "--frames", "45"});
    // 800 x 600 with the UI hidden: the panes are a 2 x 2 grid; each caption
    // carries its pane's letter on a chip of the pane's colour, and each pane
    // draws its own NPCs (dark arrows) in its own quarter.
    for (int pane = 0; pane < 4; ++pane) {
        const int x0 = (pane % 2) * 400, y0 = (pane / 2) * 300;
        INFO("pane " << pane);
        CHECK(count_colour(image, kPaneColours[pane], x0, y0, x0 + 400, y0 + 60) > 40);
        int dark = 0;
        for (int y = y0 + 60; y < y0 + 260; y += 2)
            for (int x = x0; x < x0 + 400; x += 2) dark += is_dark(at(image, {double(x), double(y)}));
        CHECK(dark > 100);
    }
    // The modes decide differently, so the panes' pictures differ.
    int differing = 0;
    for (int y = 60; y < 260; ++y)
        for (int x = 0; x < 400; ++x) {
            const Pixel a = at(image, {double(x), double(y)}), c = at(image, {double(x + 400), double(y + 300)});
            differing += (std::abs(a.r - c.r) + std::abs(a.g - c.g) + std::abs(a.b - c.b)) > 60;
        }
    CHECK(differing > 200);
}

TEST_CASE("The latency plot overlays every pane's series under the panes", "[gl][comparison]") {
    const auto dir = scratch_dir("plots");
    const std::string file = (dir / "p.png").string();
    const CommandResult r = run_command(tsl::test::kApp, {"screenshot", "--out", file, "--size", "1600x900", "--preset", "four-modes-10hz",
                                                  "--set", "dock=plots", "--frames", "90"},
                                        "env -u DISPLAY -u WAYLAND_DISPLAY ");
    INFO(r.err);
    REQUIRE(r.status == 0);
    const Image image = tsl::test::png_at(file);
    REQUIRE(image.width == 1600);
    // The dock is the lower part right of the control panel; the latency plot
    // is its left half. Each pane's colour appears there (its lines and legend).
    for (int pane = 0; pane < 4; ++pane) {
        INFO("pane " << pane);
        CHECK(count_colour(image, kPaneColours[pane], 420, 520, 1000, 900) > 60);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("The engine plots colour each line by its pane, as the captions do", "[gl][plots]") {
    const auto dir = scratch_dir("engine-plots");
    const std::string file = (dir / "p.png").string();
    const CommandResult r = run_command(tsl::test::kApp, {"screenshot", "--out", file, "--size", "1600x900", "--preset", "engine-lock-vs-free",
                                                  "--set", "dock=plots", "--frames", "150"},
                                        "env -u DISPLAY -u WAYLAND_DISPLAY ");
    INFO(r.err);
    REQUIRE(r.status == 0);
    const Image image = tsl::test::png_at(file);
    REQUIRE(image.width == 1600);
    std::filesystem::remove_all(dir);
    // The copy staleness plot is the dock's left half, under the panes. Pane
    // B's AI copy (free-step) climbs to 2 ticks in B's colour; pane A's stays
    // at 0 in A's; nothing there is the systems' orange for the AI.
    const int x0 = 410, y0 = 610, x1 = 975, y1 = 900;
    CHECK(count_colour(image, kPaneColours[1], x0, y0, x1, y1) > 150);
    CHECK(count_colour(image, kPaneColours[0], x0, y0, x1, y1) > 60);
    CHECK(count_colour(image, 0xE69F00, x0, y0, x1, y1) < 5);
}

TEST_CASE("The plots follow the theme: the high-contrast theme draws them on white", "[gl][plots]") {
    // At 1600 x 900 the dock under the scene is x 400..1600, y 576..900 (app/ui/layout.cpp).
    auto paper_pixels = [](const std::string& theme) {
        const auto dir = scratch_dir("theme-shot");
        const std::string file = (dir / "s.png").string();
        const CommandResult r = run_command(tsl::test::kApp, {"screenshot", "--out", file, "--size", "1600x900", "--frames", "60", "--set", "theme=" + theme},
                                            "env -u DISPLAY -u WAYLAND_DISPLAY ");
        INFO(r.err);
        REQUIRE(r.status == 0);
        const Image image = tsl::test::png_at(file);
        std::filesystem::remove_all(dir);
        int n = 0;
        for (int y = 590; y < 900; ++y)
            for (int x = 410; x < 1600; ++x) {
                const std::uint8_t* p = image.pixel(x, y);
                n += p[0] == 0xFB && p[1] == 0xFA && p[2] == 0xF7;  // the light theme's plot paper
            }
        return n;
    };
    CHECK(paper_pixels("light") > 20000);
    CHECK(paper_pixels("high-contrast") == 0);
}

TEST_CASE("In each of the articles' languages the window draws every Chinese character its words use, and its panel speaks it", "[gl][translation]") {
    // A revealed step with the panel open, in 繁體中文 and in 简体中文: the UI
    // probe's state line says how many of the wide characters the lab's texts
    // use (its languages' files, lessons, presets, glossary) the fonts draw,
    // and its items' labels are the panel's, in the language.
    for (const char* language : {"zh-Hant", "zh-Hans"}) {
        INFO(language);
        const auto dir = scratch_dir(std::string("language-") + language);
        const std::string probe = (dir / "probe.txt").string(), file = (dir / "l.png").string();
        const CommandResult r =
            run_command(tsl::test::kApp,
                        {"screenshot", "--out", file, "--size", "1280x720", "--set", "ui_scale=1.5", "--set", std::string("language=") + language,
                         "--lesson", "timeslicing", "--step", "3", "--frames", "60", "--set", "presenter=false", "--set", "panel_open=true"},
                        "env -u DISPLAY -u WAYLAND_DISPLAY TIMESLICE_LAB_PROBE=" + probe + " ");
        INFO(r.err);
        REQUIRE(r.status == 0);
        std::ifstream in(probe);
        std::string line, state, labels;
        while (std::getline(in, line)) {
            if (line.rfind("state ", 0) == 0) state = line;
            if (line.rfind("item ", 0) == 0) {  // item ID NAME_HEX LABEL_HEX ...: the label, decoded
                std::istringstream fields(line);
                std::string word, id, window, label;
                fields >> word >> id >> window >> label;
                for (std::size_t i = 0; i + 1 < label.size(); i += 2) labels += static_cast<char>(std::stoi(label.substr(i, 2), nullptr, 16));
                labels += '\n';
            }
        }
        INFO(state);
        CHECK(state.find(std::string(" lang=") + language + " ") != std::string::npos);
        const std::size_t at = state.find("wide_glyphs=");
        REQUIRE(at != std::string::npos);
        int drawn = 0, wanted = 0;
        REQUIRE(std::sscanf(state.c_str() + at, "wide_glyphs=%d/%d", &drawn, &wanted) == 2);
        CHECK(wanted > 1000);  // every language's words, the lessons', presets' and glossary's: some 1,100 characters
        CHECK(drawn == wanted);
        // The panel's buttons in the language, with their English IDs (app/ui/ui_text.h).
        const std::string pause = std::string(language) == "zh-Hant" ? "暫停###Pause" : "暂停###Pause";
        const std::string reset = std::string(language) == "zh-Hant" ? "重設###Reset" : "重置###Reset";
        CHECK(labels.find(pause) != std::string::npos);
        CHECK(labels.find(reset) != std::string::npos);
        std::filesystem::remove_all(dir);
    }
}

TEST_CASE("The glossary's Chinese is in the fonts: every character it writes has a glyph", "[gl][glossary]") {
    // The UI probe's state line says how many of the glossary's wide
    // characters the built fonts draw (app/ui/ui_probe.h).
    const auto dir = scratch_dir("glossary");
    const std::string probe = (dir / "probe.txt").string(), file = (dir / "g.png").string();
    const CommandResult r = run_command(tsl::test::kApp, {"screenshot", "--out", file, "--size", "800x600", "--set", "help=glossary"},
                                        "env -u DISPLAY -u WAYLAND_DISPLAY TIMESLICE_LAB_PROBE=" + probe + " ");
    INFO(r.err);
    REQUIRE(r.status == 0);
    std::ifstream in(probe);
    std::string line, state;
    while (std::getline(in, line))
        if (line.rfind("state ", 0) == 0) state = line;
    INFO(state);
    CHECK(state.find("help=glossary") != std::string::npos);
    const std::size_t at = state.find("wide_glyphs=");
    REQUIRE(at != std::string::npos);
    int drawn = 0, wanted = 0;
    REQUIRE(std::sscanf(state.c_str() + at, "wide_glyphs=%d/%d", &drawn, &wanted) == 2);
    CHECK(wanted > 400);  // the glossary's Chinese: some 500 characters
    CHECK(drawn == wanted);
    std::filesystem::remove_all(dir);
}
