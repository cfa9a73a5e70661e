// Lessons in the app, rendered offscreen as the projector shows them: every
// step loads its preset and draws, its text fits the lesson card at the 1080p
// scale, `screenshot --lesson NAME --step K` works for every step, and wrong
// names, steps and files are clear errors.
#include "run_command.h"

#include "core/media/image_io.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace tsl;
using namespace tsl::test;

namespace {

const std::string kNoDisplay = "env -u DISPLAY -u WAYLAND_DISPLAY ";

int count_of(const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// Pixels darker than the card's light background in a column strip: text.
int dark_pixels(const Image& image, int x0, int x1, int y0, int y1) {
    int dark = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            const std::uint8_t* p = image.pixel(x, y);
            dark += p[0] < 80 && p[1] < 80 && p[2] < 80;
        }
    return dark;
}

}  // namespace

TEST_CASE("Every lesson step loads its preset and renders with its text inside the card at the 1080p scale", "[gl][lessons]") {
    const struct {
        const char* name;
        int steps;
    } lessons[] = {{"timeslicing", 8}, {"delayed-gathering", 5}, {"parallel-engine", 5}};
    for (const auto& lesson : lessons) {
        INFO(lesson.name);
        const CommandResult r = run_command(TSL_APP, {"lesson-check", "--lesson", lesson.name, "--size", "1920x1080", "--scale", "1.5"}, kNoDisplay);
        INFO(r.out << r.err);
        CHECK(r.status == 0);
        CHECK(count_of(r.out, "; text fits") == lesson.steps);
        CHECK(count_of(r.out, "did not load") == 0);
        CHECK(r.out.find("every step fits") != std::string::npos);
    }
    // The exposure lesson shows the exposure scene at every step, the other NPC panes.
    const CommandResult gathering = run_command(TSL_APP, {"lesson-check", "--lesson", "delayed-gathering"}, kNoDisplay);
    CHECK(count_of(gathering.out, "exposure scene") == 5);
    // The engine lesson compares two engine panes at every step.
    const CommandResult engine = run_command(TSL_APP, {"lesson-check", "--lesson", "parallel-engine"}, kNoDisplay);
    CHECK(count_of(engine.out, "engine scene, 2 pane(s)") == 5);
}

TEST_CASE("Text too large for the card is reported step by step with exit status 1", "[gl][lessons]") {
    // At 2.5x on a 1080p display the card cannot hold a step and its answer: the check must say so.
    const CommandResult r = run_command(TSL_APP, {"lesson-check", "--lesson", "timeslicing", "--scale", "2.5"}, kNoDisplay);
    INFO(r.out << r.err);
    CHECK(r.status == 1);
    CHECK(r.out.find("does NOT fit") != std::string::npos);
    CHECK(r.out.find("step(s) with problems") != std::string::npos);
}

TEST_CASE("screenshot --lesson NAME --step K works for every step", "[gl][lessons]") {
    const auto dir = scratch_dir("lesson-shots");
    for (const auto& [name, steps] : {std::pair{"timeslicing", 8}, std::pair{"delayed-gathering", 5}, std::pair{"parallel-engine", 5}}) {
        std::vector<std::uint64_t> cards;
        for (int step = 1; step <= steps; ++step) {
            INFO(name << " step " << step);
            std::filesystem::path file = dir;
            file /= std::string(name) + "-" + std::to_string(step) + ".png";
            const CommandResult r = run_command(TSL_APP,
                                                {"screenshot", "--out", file.string(), "--size", "960x540", "--frames", "20", "--lesson",
                                                 name, "--step", std::to_string(step), "--reveal"},
                                                kNoDisplay);
            INFO(r.err);
            REQUIRE(r.status == 0);
            std::string error;
            const Image image = read_png(file.string(), &error);
            INFO(error);
            REQUIRE(image.width == 960);
            REQUIRE(image.height == 540);
            // The card (right of the scene) carries text; the scene left of it is drawn.
            const int card_x = image.width * 62 / 100;
            CHECK(dark_pixels(image, card_x, image.width, 0, image.height) > 500);
            CHECK(dark_pixels(image, 0, card_x, 0, image.height / 2) > 100);
            // A fingerprint of the card: every step says something different.
            std::uint64_t hash = 1469598103934665603ull;
            for (int y = 0; y < image.height; ++y)
                for (int x = card_x; x < image.width; ++x) hash = (hash ^ image.pixel(x, y)[0]) * 1099511628211ull;
            for (std::uint64_t seen : cards) CHECK(seen != hash);
            cards.push_back(hash);
        }
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("A lesson name or step that does not exist is a usage error naming what there is", "[cli][lessons][errors]") {
    const CommandResult unknown = run_app({"screenshot", "--out", "x.png", "--lesson", "timeslcing"});
    CHECK(unknown.status == 2);
    CHECK(unknown.err.find("unknown lesson 'timeslcing' (available: delayed-gathering, parallel-engine, timeslicing)") != std::string::npos);
    const CommandResult step = run_app({"screenshot", "--out", "x.png", "--lesson", "delayed-gathering", "--step", "6"});
    CHECK(step.status == 2);
    CHECK(step.err.find("--step 6: lesson 'delayed-gathering' has 5 steps (1 to 5)") != std::string::npos);
    const CommandResult alone = run_app({"screenshot", "--out", "x.png", "--step", "2"});
    CHECK(alone.status == 2);
    CHECK(alone.err.find("--step and --reveal go with --lesson NAME") != std::string::npos);
    const CommandResult both = run_app({"screenshot", "--out", "x.png", "--lesson", "timeslicing", "--preset", "aiao-10hz"});
    CHECK(both.status == 2);
    CHECK_FALSE(std::filesystem::exists("x.png"));
}

TEST_CASE("A malformed lesson file is an error naming the file and the line", "[cli][lessons][errors]") {
    const auto dir = scratch_dir("lessons");
    std::filesystem::create_directories(dir / "lessons");
    std::filesystem::copy(std::string(TSL_SOURCE_DIR) + "/assets/presets", dir / "presets");
    std::ofstream(dir / "lessons" / "broken.toml") << "title = \"Broken\"\n\n[[step]]\ntitle = \"One\"\npreset = \"aiao-10hz\"\n"
                                                      "text = \"A. B.\"\nquestion = \"Why?\"\nreveal = [\"input_age\"]\nframez = 3\n";
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"screenshot", "--out", (dir / "x.png").string(), "--lesson", "broken"},
          std::vector<std::string>{"lesson-check", "--lesson", "broken"}}) {
        const CommandResult r = run_command(TSL_APP, args, kNoDisplay + "TSL_ASSETS_DIR=" + dir.string() + " ");
        INFO(args[0] << ": " << r.err);
        CHECK(r.status == 1);
        CHECK(r.err.find("broken.toml:9: step 1: unknown key 'framez'") != std::string::npos);
        CHECK(count_of(r.err, "\n") == 1);  // one line
    }
    CHECK_FALSE(std::filesystem::exists(dir / "x.png"));
    std::filesystem::remove_all(dir);
}
