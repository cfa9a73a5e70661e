// The exposure scene: both algorithms agree on every shipped level and on
// random ones; next-frame shows the previous update's map; a timesliced pass
// covers every cell; grid changes with jobs in flight are safe; runs repeat.
#include "build_paths.h"
#include "core/exposure/exposure_scene.h"

#include <catch2/catch.hpp>

#include <random>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

std::vector<std::uint8_t> map_by(ExposureAlgorithm algorithm, const OccupancyGrid& grid, Cell eye) {
    std::vector<std::uint8_t> out(grid.cell_count());
    if (algorithm == ExposureAlgorithm::Rays) expose_rays(grid, eye, out.data(), 0, out.size());
    else expose_sweep(grid, eye, out.data());
    return out;
}

std::unique_ptr<ExposureScene> make(ExposureSceneConfig config, JobSystem& jobs) {
    config.assets_dir = kAssets;
    auto scene = ExposureScene::create(config, {&jobs, nullptr});
    INFO(scene.error());
    REQUIRE(scene);
    return std::move(*scene);
}

// The sentinel at 0.5: its eye changes cell almost every step.
ExposureSceneConfig moving_eye(ExposureMode mode, ExposureAlgorithm algorithm) {
    ExposureSceneConfig config;
    config.mode = mode;
    config.algorithm = algorithm;
    config.sentinel_speed = 0.5;
    return config;
}

}  // namespace

TEST_CASE("Sweep and per-cell rays give identical maps on every shipped level and 100 random ones", "[exposure][levels]") {
    for (const std::string& name : level_names(kAssets + "/levels")) {
        const Level native = *load_level(kAssets + "/levels/" + name + ".txt");
        for (int width : {23, 100, 160}) {
            Level level = resize_level(native, width);
            level.grid.update_free_runs();
            // Eyes along the whole patrol, not just its corners.
            for (std::size_t k = 0; k < level.patrol.size(); ++k)
                for (const Cell& eye : cells_touched(level.patrol[k], level.patrol[(k + 1) % level.patrol.size()])) {
                    if (eye.x % 3 != 0) continue;
                    INFO(name << " at " << width << ", eye " << eye.x << "," << eye.y);
                    REQUIRE(map_by(ExposureAlgorithm::Sweep, level.grid, eye) == map_by(ExposureAlgorithm::Rays, level.grid, eye));
                }
        }
    }
    for (std::uint32_t seed = 1; seed <= 100; ++seed) {
        Level level = random_level(20 + static_cast<int>(seed * 7 % 180), seed);
        level.grid.update_free_runs();
        for (const Cell& eye : level.patrol) {
            INFO("random " << seed << ", eye " << eye.x << "," << eye.y);
            REQUIRE(map_by(ExposureAlgorithm::Sweep, level.grid, eye) == map_by(ExposureAlgorithm::Rays, level.grid, eye));
        }
    }
}

TEST_CASE("Next-frame gathering shows exactly the map of the previous update", "[exposure][threads]") {
    JobSystem jobs({1});
    for (ExposureAlgorithm algorithm : {ExposureAlgorithm::Rays, ExposureAlgorithm::Sweep}) {
        auto scene = make(moving_eye(ExposureMode::NextFrame, algorithm), jobs);
        Cell previous_eye = scene->eye();
        int eye_changes = 0;
        for (int f = 0; f < 40; ++f) {
            scene->step();
            if (f > 0) REQUIRE(scene->exposure() == map_by(ExposureAlgorithm::Sweep, scene->grid(), previous_eye));
            eye_changes += !(scene->eye() == previous_eye);
            previous_eye = scene->eye();
        }
        CHECK(eye_changes > 20);
    }
}

TEST_CASE("Settings changed while next-frame exposure jobs run do not touch what the jobs read", "[exposure][threads][jobs]") {
    // Under ThreadSanitizer this is where a job reading the scene's settings
    // while the main thread writes them shows up; everywhere, the maps stay
    // those of the previous update.
    JobSystem jobs({1});
    for (ExposureAlgorithm algorithm : {ExposureAlgorithm::Rays, ExposureAlgorithm::Sweep}) {
        auto scene = make(moving_eye(ExposureMode::NextFrame, algorithm), jobs);
        ExposureSceneConfig config = scene->config();
        Cell previous_eye = scene->eye();
        for (int f = 0; f < 40; ++f) {
            scene->step();  // leaves this step's jobs running
            if (f > 0) REQUIRE(scene->exposure() == map_by(ExposureAlgorithm::Sweep, scene->grid(), previous_eye));
            previous_eye = scene->eye();
            // Sliders that apply at once, without settling the jobs in flight.
            config.sentinel_speed = 0.5 + 0.001 * f;
            config.character_speed = 0.15 + 0.001 * f;
            config.shy_character = f % 2 == 0;
            REQUIRE(scene->set_config(config));
        }
    }
}

TEST_CASE("A timesliced pass computes every cell and shows the map of the eye it started with", "[exposure][threads]") {
    JobSystem jobs({1});
    for (ExposureAlgorithm algorithm : {ExposureAlgorithm::Rays, ExposureAlgorithm::Sweep}) {
        for (double percent : {7.0, 25.0, 100.0}) {
            ExposureSceneConfig config = moving_eye(ExposureMode::Timesliced, algorithm);
            config.slice_percent = percent;
            auto scene = make(config, jobs);
            std::vector<Cell> pass_eyes;  // eyes of the passes started and not yet shown, oldest first
            std::uint64_t version = scene->exposure_version();
            int passes_shown = 0;
            for (int f = 0; f < 90; ++f) {
                const bool starts_a_pass = scene->pass_progress() == 0.0;
                scene->step();
                // A pass that ends is shown whole (a cell it skipped would
                // still hold the map of two passes ago).
                if (scene->exposure_version() != version) {
                    INFO(name_of(algorithm) << " " << percent << "%, step " << f);
                    REQUIRE_FALSE(pass_eyes.empty());
                    REQUIRE(scene->exposure() == map_by(ExposureAlgorithm::Rays, scene->grid(), pass_eyes.front()));
                    pass_eyes.erase(pass_eyes.begin());
                    ++passes_shown;
                }
                if (starts_a_pass) pass_eyes.push_back(scene->eye());
                version = scene->exposure_version();
            }
            CHECK(passes_shown >= 90 / static_cast<int>(std::ceil(100 / percent)) - 1);
        }
    }
}

TEST_CASE("Changing grid size and modes while exposure jobs are in flight is safe", "[exposure][threads][stress]") {
    JobSystem jobs({2});
    ExposureSceneConfig config;
    config.mode = ExposureMode::NextFrame;
    auto scene = make(config, jobs);
    config = scene->config();
    std::mt19937 rng(77);
    for (int f = 0; f < 300; ++f) {
        if (f % 7 == 0) {
            config.grid_size = 10 + static_cast<int>(rng() % 120);
            config.mode = kAllExposureModes[rng() % 4];
            config.algorithm = rng() % 2 ? ExposureAlgorithm::Rays : ExposureAlgorithm::Sweep;
            config.slice_percent = 5 + rng() % 60;
            config.level = rng() % 3 == 0 ? "random" : "courtyard";
            REQUIRE(scene->set_config(config));
            if (f % 3 == 0) jobs.set_worker_count(static_cast<int>(rng() % 3));
        }
        scene->step();
        REQUIRE(scene->exposure().size() == scene->grid().cell_count());
    }
}

TEST_CASE("The same exposure settings give the same run", "[exposure][threads]") {
    JobSystem jobs({1});
    ExposureSceneConfig config;
    config.mode = ExposureMode::Timesliced;
    config.slice_percent = 30;
    auto a = make(config, jobs), b = make(config, jobs);
    for (int f = 0; f < 200; ++f) {
        a->step();
        b->step();
    }
    CHECK(a->exposure() == b->exposure());
    CHECK(a->character().position == b->character().position);
    CHECK(a->character().flights == b->character().flights);
}

TEST_CASE("The ray caster changes only the cost: every mode shows the same maps and the character does the same", "[exposure][threads]") {
    JobSystem jobs({1});
    for (ExposureMode mode : kAllExposureModes) {
        ExposureSceneConfig config;
        config.mode = mode;
        config.slice_percent = 30;
        config.sentinel_speed = 0.5;
        config.ray_caster = RayCaster::Plain;
        auto plain = make(config, jobs);
        std::vector<std::unique_ptr<ExposureScene>> others;
        for (RayCaster caster : {RayCaster::FreeRuns, RayCaster::Lanes}) {
            config.ray_caster = caster;
            others.push_back(make(config, jobs));
        }
        for (int f = 0; f < 60; ++f) {
            plain->step();
            for (auto& other : others) {
                other->step();
                INFO(name_of(mode) << " " << name_of(other->config().ray_caster) << ", step " << f);
                REQUIRE(other->exposure() == plain->exposure());
                REQUIRE(other->exposure_version() == plain->exposure_version());
                REQUIRE(other->character().position == plain->character().position);
            }
        }
    }
}

TEST_CASE("Switching the ray caster while next-frame jobs are in flight keeps the map exact", "[exposure][threads][jobs]") {
    JobSystem jobs({2});
    ExposureSceneConfig config;
    config.mode = ExposureMode::NextFrame;
    config.sentinel_speed = 0.5;
    auto scene = make(config, jobs);
    config = scene->config();
    Cell previous_eye = scene->eye();
    for (int f = 0; f < 60; ++f) {
        config.ray_caster = kAllRayCasters[f % 3];
        REQUIRE(scene->set_config(config));
        scene->step();
        if (f > 0) REQUIRE(scene->exposure() == map_by(ExposureAlgorithm::Sweep, scene->grid(), previous_eye));
        previous_eye = scene->eye();
    }
}

TEST_CASE("The shy character flees to a hidden cell when seen", "[exposure]") {
    JobSystem jobs({1});
    ExposureSceneConfig config;
    config.level = "pillars";
    auto scene = make(config, jobs);
    int seen_resting = 0;
    for (int f = 0; f < 900; ++f) {
        scene->step();
        const Character& c = scene->character();
        if (c.phase == CharacterPhase::Resting) {
            // Resting where it was going, which was hidden when it chose it.
            REQUIRE(c.cell == c.destination);
            seen_resting += scene->exposure()[scene->grid().index(c.cell.x, c.cell.y)];
        }
    }
    CHECK(scene->character().flights > 0);
    CHECK(scene->paths().stats().searches > 0);
    CHECK(seen_resting < 60);  // caught resting in plain sight only briefly, while its tickets are answered
}

TEST_CASE("A level that does not load leaves the scene as it was and says why", "[exposure][errors]") {
    JobSystem jobs({0});
    ExposureSceneConfig config;
    auto scene = make(config, jobs);
    ExposureSceneConfig broken = scene->config();
    broken.level = "no-such-level";
    const std::string error = scene->set_config(broken).error();
    CHECK(error.find("no-such-level.txt: no such level file") != std::string::npos);
    CHECK(scene->config().level == "courtyard");
    scene->step();
}
