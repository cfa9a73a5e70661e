// Lessons in the app, rendered offscreen as the projector shows them: every
// step loads its preset and draws, its text fits the lesson card at the 1080p
// scale, `screenshot --lesson NAME --step K` works for every step, and wrong
// names, steps and files are clear errors.
#include "png_read.h"
#include "run_command.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
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

// The real-rate run of every lesson at 1280 x 720 x 1.5, expectations on
// times included, is a test of its own in tests/CMakeLists.txt (the Release
// build, nothing else running beside it). Here the steps run back to back.
TEST_CASE("Every lesson step loads its preset, fits the card at 1920x1080 x2 and meets its expectations on counts", "[gl][lessons]") {
    const struct {
        const char* name;
        int steps;
        const char* scene;
    } lessons[] = {{"timeslicing", 8, "2 pane(s)"}, {"which-mode", 4, "pane(s)"}, {"delayed-gathering", 11, "exposure scene"}, {"parallel-engine", 7, "engine scene, 2 pane(s)"}};
    for (const auto& lesson : lessons) {
        INFO(lesson.name);
        const CommandResult r =
            run_command(tsl::test::kApp, {"lesson-check", "--fast", "--lesson", lesson.name, "--size", "1920x1080", "--scale", "2"}, kNoDisplay);
        INFO(r.out << r.err);
        CHECK(r.status == 0);
        CHECK(count_of(r.out, "; text fits") == lesson.steps);
        CHECK(count_of(r.out, "did not load") == 0);
        CHECK(count_of(r.out, ": met (measured") >= lesson.steps);  // every step holds something it says
        CHECK(count_of(r.out, "NOT MET") == 0);
        CHECK(r.out.find("every step fits and meets its expectations") != std::string::npos);
        if (std::string(lesson.name) != "timeslicing") CHECK(count_of(r.out, lesson.scene) == lesson.steps);
    }
}

TEST_CASE("A quiz's questions fit the card at 1280x720 x1.5 and 1920x1080 x2, every seed's alike in length", "[gl][lessons][quiz]") {
    for (const char* seed : {"quiz-modes-42", "quiz-modes-999999999"})
        for (const auto& [size, scale] : {std::pair{"1280x720", "1.5"}, std::pair{"1920x1080", "2"}}) {
            INFO(seed << " at " << size << " x" << scale);
            const CommandResult r = run_command(tsl::test::kApp, {"lesson-check", "--fast", "--lesson", seed, "--size", size, "--scale", scale}, kNoDisplay);
            INFO(r.out << r.err);
            CHECK(r.status == 0);
            CHECK(count_of(r.out, "; text fits") == 6);
            CHECK(count_of(r.out, "1 pane(s)") == 6);
        }
}

TEST_CASE("A lesson whose expectation is false fails lesson-check, naming the step and what was measured", "[gl][lessons]") {
    const auto dir = scratch_dir("false-expectation");
    std::filesystem::create_directories(dir / "lessons");
    std::filesystem::copy(std::string(tsl::test::kSourceDir) + "/assets/presets", dir / "presets");
    std::filesystem::copy(std::string(tsl::test::kSourceDir) + "/assets/levels", dir / "levels");
    // The shipped lesson, its SIAO step made to claim AIAO's age.
    std::ifstream in(std::string(tsl::test::kSourceDir) + "/assets/lessons/timeslicing.toml");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string siao = "expect = [\"input_age between 0.9 T and 1 T\"]";
    REQUIRE(text.find(siao) != std::string::npos);
    text.replace(text.find(siao), siao.size(), "expect = [\"input_age between 0.45 T and 0.55 T\"]");
    std::ofstream(dir / "lessons" / "timeslicing.toml") << text;
    const CommandResult r = run_command(tsl::test::kApp, {"lesson-check", "--fast", "--lesson", "timeslicing", "--size", "1280x720", "--scale", "1"},
                                        kNoDisplay + "TSL_ASSETS_DIR=" + dir.string() + " ");
    INFO(r.out << r.err);
    CHECK(r.status == 1);
    CHECK(count_of(r.out, "NOT MET") == 1);
    const std::size_t step4 = r.out.find("step 4 'Sync in, async out (SIAO)'");
    REQUIRE(step4 != std::string::npos);
    CHECK(r.out.find("expect mean input age between 0.45 T and 0.55 T: NOT MET (measured 0.93 T in every pane)", step4) != std::string::npos);
    CHECK(r.out.find("1 step(s) with problems") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("Text too large for the card is reported step by step with exit status 1", "[gl][lessons]") {
    // At 2.5x on a 1080p display the card cannot hold a step and its answer: the check must say so.
    const CommandResult r = run_command(tsl::test::kApp, {"lesson-check", "--fast", "--lesson", "timeslicing", "--scale", "2.5"}, kNoDisplay);
    INFO(r.out << r.err);
    CHECK(r.status == 1);
    CHECK(r.out.find("does NOT fit") != std::string::npos);
    CHECK(r.out.find("step(s) with problems") != std::string::npos);
}

TEST_CASE("screenshot --lesson NAME --step K works for every step", "[gl][lessons]") {
    const auto dir = scratch_dir("lesson-shots");
    for (const auto& [name, steps] : {std::pair{"timeslicing", 8}, std::pair{"which-mode", 4}, std::pair{"delayed-gathering", 5}, std::pair{"parallel-engine", 5}}) {
        std::vector<std::uint64_t> cards;
        for (int step = 1; step <= steps; ++step) {
            INFO(name << " step " << step);
            std::filesystem::path file = dir;
            file /= std::string(name) + "-" + std::to_string(step) + ".png";
            const CommandResult r = run_command(tsl::test::kApp,
                                                {"screenshot", "--out", file.string(), "--size", "960x540", "--frames", "20", "--lesson",
                                                 name, "--step", std::to_string(step), "--reveal"},
                                                kNoDisplay);
            INFO(r.err);
            REQUIRE(r.status == 0);
            const Image image = tsl::test::png_at(file.string());
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
    CHECK(unknown.err.find("unknown lesson 'timeslcing' (available: delayed-gathering, parallel-engine, timeslicing, which-mode)") != std::string::npos);
    const CommandResult step = run_app({"screenshot", "--out", "x.png", "--lesson", "delayed-gathering", "--step", "12"});
    CHECK(step.status == 2);
    CHECK(step.err.find("--step 12: lesson 'delayed-gathering' has 11 steps (1 to 11)") != std::string::npos);
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
    std::filesystem::copy(std::string(tsl::test::kSourceDir) + "/assets/presets", dir / "presets");
    std::ofstream(dir / "lessons" / "broken.toml") << "title = \"Broken\"\n\n[[step]]\ntitle = \"One\"\npreset = \"aiao-10hz\"\n"
                                                      "text = \"A. B.\"\nquestion = \"Why?\"\nreveal = [\"input_age\"]\nframez = 3\n";
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"screenshot", "--out", (dir / "x.png").string(), "--lesson", "broken"},
          std::vector<std::string>{"lesson-check", "--lesson", "broken"}}) {
        const CommandResult r = run_command(tsl::test::kApp, args, kNoDisplay + "TSL_ASSETS_DIR=" + dir.string() + " ");
        INFO(args[0] << ": " << r.err);
        CHECK(r.status == 1);
        CHECK(r.err.find("broken.toml:9: step 1: unknown key 'framez'") != std::string::npos);
        CHECK(count_of(r.err, "\n") == 1);  // one line
    }
    CHECK_FALSE(std::filesystem::exists(dir / "x.png"));
    std::filesystem::remove_all(dir);
}
