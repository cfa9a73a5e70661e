// The app rendered offscreen, as a user gets it from `screenshot` with no
// display: pixels where the simulation says things are, controls set from the
// command line, and clear errors for broken shaders and impossible requests.
#include "run_command.h"

#include "core/image_io.h"
#include "core/npc_scene.h"
#include "core/view.h"

#include <catch2/catch.hpp>

#include <fstream>

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
    const CommandResult r = run_command(TSL_APP, args, "env -u DISPLAY -u WAYLAND_DISPLAY " + env + " ");
    INFO(r.err);
    REQUIRE(r.status == 0);
    std::string error;
    Image image = read_png(file, &error);
    INFO(error);
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

}  // namespace

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
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(TSL_SOURCE_DIR) / "shaders"))
        std::filesystem::copy(entry.path(), dir / entry.path().filename());
    std::ofstream(dir / "segment.frag", std::ios::app) << "\nthis is not GLSL;\n";
    const CommandResult r = run_command(TSL_APP, {"screenshot", "--out", (dir / "s.png").string()},
                                        "env -u DISPLAY TSL_SHADER_DIR=" + dir.string() + " ");
    CHECK(r.status == 1);
    CHECK(r.err.find("shaders/segment.frag") != std::string::npos);
    CHECK(r.err.find("does not compile") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir / "s.png"));

    std::filesystem::copy_file(std::filesystem::path(TSL_SOURCE_DIR) / "shaders" / "segment.frag", dir / "segment.frag",
                               std::filesystem::copy_options::overwrite_existing);
    std::filesystem::remove(dir / "disc.vert");
    const CommandResult missing = run_command(TSL_APP, {"screenshot", "--out", (dir / "s.png").string()},
                                              "env -u DISPLAY TSL_SHADER_DIR=" + dir.string() + " ");
    CHECK(missing.status == 1);
    CHECK(missing.err.find("disc.vert") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("An unwritable screenshot path fails with a message and leaves no file", "[gl][errors]") {
    const auto dir = scratch_dir("unwritable-png");
    std::ofstream(dir / "plain-file") << "x";
    const std::string target = (dir / "plain-file" / "s.png").string();  // parent is a regular file
    const CommandResult r = run_command(TSL_APP, {"screenshot", "--out", target}, "env -u DISPLAY ");
    CHECK(r.status == 1);
    CHECK(r.err.find(target) != std::string::npos);
    CHECK(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator{}) == 1);
    std::filesystem::remove_all(dir);
}

TEST_CASE("The window without a display says how to run it and exits non-zero", "[errors]") {
    const CommandResult r = run_command(TSL_APP, {"--no-settings"}, "env -u DISPLAY -u WAYLAND_DISPLAY ");
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
