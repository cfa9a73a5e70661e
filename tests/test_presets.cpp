// Presets: every shipped one loads and reproduces the figure it names;
// malformed files are errors that name the file and the line, so a teacher
// editing one by hand is told exactly where to look.
#include "build_paths.h"
#include "core/content/preset.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

using namespace tsl;

namespace {
const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

// The smallest valid preset, with a line to vary after it.
const std::string kHead = "title = \"t\"\n";  // line 1
const std::string kPane = "[[pane]]\nmode = \"aiao\"\n";

std::string error_of(const std::string& text) {
    const Result<Preset> r = parse_preset(text, "presets/bad.toml");
    REQUIRE_FALSE(bool(r));
    return r.error();
}

// The preset `r` holds; a load that failed fails the test with its error.
Preset preset_of(const Result<Preset>& r) {
    INFO(r.error());
    REQUIRE(bool(r));
    return *r;
}

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

struct Figure {
    const char* name;
    Mode mode;
    std::uint32_t jobs_per_update, update_every;
};
const Figure kFigures[] = {
    {"update-all", Mode::UpdateAll, 1, 1},
    {"aiao-10hz", Mode::AIAO, 1, 3}, {"aiao-30hz", Mode::AIAO, 1, 1},
    {"siao-10hz", Mode::SIAO, 1, 3}, {"siao-30hz", Mode::SIAO, 1, 1},
    {"siso-10hz", Mode::SISO, 1, 3}, {"siso-30hz", Mode::SISO, 1, 1},
    {"aiso-10hz", Mode::AISO, 1, 3}, {"aiso-30hz", Mode::AISO, 1, 1},
};
}  // namespace

TEST_CASE("Every shipped preset loads with a title and a description", "[presets]") {
    const std::vector<std::string> names = list_presets(kAssets);
    REQUIRE(std::is_sorted(names.begin(), names.end()));
    for (const char* expected : {"update-all", "aiao-10hz", "aiao-30hz", "siao-10hz", "siao-30hz", "siso-10hz", "siso-30hz",
                                 "aiso-10hz", "aiso-30hz", "four-modes-10hz", "threading"}) {
        INFO(expected);
        CHECK(std::find(names.begin(), names.end(), expected) != names.end());
    }
    for (const std::string& name : names) {
        INFO(name);
        const Preset p = preset_of(load_preset_by_name(kAssets, name));
        CHECK(p.name == name);
        CHECK_FALSE(p.title.empty());
        CHECK_FALSE(p.description.empty());
        if (p.scene == SceneKind::Exposure) {
            CHECK(p.npc.panes.empty());
        } else if (p.scene == SceneKind::Engine) {
            CHECK(p.npc.panes.empty());
            CHECK(p.engine.panes.size() >= 1);
            CHECK(p.engine.panes.size() <= static_cast<std::size_t>(kMaxEnginePanes));
        } else {
            CHECK(p.npc.panes.size() >= 1);
            CHECK(p.npc.panes.size() <= kMaxPresetPanes);
        }
    }
}

TEST_CASE("The article's figures run one setting twice with debug lines on then off, as the article's demo did", "[presets]") {
    for (const Figure& figure : kFigures) {
        INFO(figure.name);
        const Preset p = preset_of(load_preset_by_name(kAssets, figure.name));
        CHECK(p.npc.world.npc_count == 10);
        CHECK(p.npc.world.target_period_s == 3.0);
        CHECK(p.npc.world.max_turn_deg_per_s == 25.0);  // the demo's turn cap
        CHECK(p.npc.world.steps_per_s == 30);
        CHECK(p.npc.world.job_cost_us == 0.0);
        CHECK(p.npc.world.look == NpcLook::Article);
        CHECK(p.record_from_step > 0);  // its clip starts mid-run, where the article's GIF does
        REQUIRE(p.npc.panes.size() == 2);
        CHECK(p.npc.panes[0].debug_lines);
        CHECK_FALSE(p.npc.panes[1].debug_lines);
        for (const NpcPaneSettings& pane : p.npc.panes) {
            CHECK_FALSE(pane.highlight_running);  // the demo marks no running job
            // The demo saves a batch's synchronous output when the next batch starts.
            if (saves_outputs_at_batch_end(figure.mode)) CHECK(pane.timeslicing.sync_save == SyncSave::NextBatch);
            CHECK(pane.timeslicing.mode == figure.mode);
            CHECK(pane.timeslicing.jobs_per_update == figure.jobs_per_update);
            CHECK(pane.timeslicing.update_every_frames == figure.update_every);
            CHECK(pane.timeslicing.gathering == Gathering::SameFrame);
            CHECK(pane.timeslicing.threading == Threading::Inline);
        }
        // "10 Hz" and "30 Hz" are decisions per second at 30 steps per second.
        if (figure.mode != Mode::UpdateAll)
            CHECK(jobs_per_second(p.npc.panes[0].timeslicing, p.npc.world.steps_per_s, p.npc.world.npc_count) ==
                  (figure.update_every == 3 ? 10.0 : 30.0));
    }
}

TEST_CASE("All four modes at 10 Hz shows AIAO then SIAO then SISO then AISO", "[presets]") {
    const Preset p = preset_of(load_preset_by_name(kAssets, "four-modes-10hz"));
    REQUIRE(p.npc.panes.size() == 4);
    const Mode order[] = {Mode::AIAO, Mode::SIAO, Mode::SISO, Mode::AISO};
    for (std::size_t i = 0; i < 4; ++i) {
        INFO("pane " << i + 1);
        CHECK(p.npc.panes[i].timeslicing.mode == order[i]);
        CHECK(p.npc.panes[i].timeslicing.jobs_per_update == 1);
        CHECK(p.npc.panes[i].timeslicing.update_every_frames == 3);
        CHECK(p.npc.panes[i].debug_lines);
        CHECK(pane_scene_config(p, i).timeslicing == p.npc.panes[i].timeslicing);
        CHECK(pane_scene_config(p, i).npc_count == p.npc.world.npc_count);
    }
}

TEST_CASE("The threading preset compares inline and thread per job and the job system gathered now or next frame", "[presets]") {
    const Preset p = preset_of(load_preset_by_name(kAssets, "threading"));
    CHECK(p.workers == -1);
    CHECK(p.npc.world.job_cost_us == 1000.0);
    REQUIRE(p.npc.panes.size() == 4);
    const Threading threading[] = {Threading::Inline, Threading::ThreadPerJob, Threading::Pool, Threading::Pool};
    const Gathering gathering[] = {Gathering::SameFrame, Gathering::SameFrame, Gathering::SameFrame, Gathering::NextFrame};
    for (std::size_t i = 0; i < 4; ++i) {
        INFO("pane " << i + 1);
        CHECK(p.npc.panes[i].timeslicing.mode == Mode::AIAO);
        CHECK(p.npc.panes[i].timeslicing.jobs_per_update == 4);
        CHECK(p.npc.panes[i].timeslicing.update_every_frames == 1);
        CHECK(p.npc.panes[i].timeslicing.threading == threading[i]);
        CHECK(p.npc.panes[i].timeslicing.gathering == gathering[i]);
        CHECK_FALSE(p.npc.panes[i].caption.empty());
    }
}

TEST_CASE("Keys left out take the scene and timeslicer defaults", "[presets]") {
    const Preset p = preset_of(parse_preset(kHead + "[[pane]]\n", "dir/minimal.toml"));
    CHECK(p.name == "minimal");
    CHECK(p.description.empty());
    CHECK(p.workers == -1);
    CHECK(p.npc.world == NpcSceneConfig{});
    REQUIRE(p.npc.panes.size() == 1);
    CHECK(p.npc.panes[0].timeslicing == TimeslicerConfig{});
    CHECK(p.npc.panes[0].debug_lines);
    CHECK(p.npc.panes[0].highlight_running);
    CHECK(p.npc.panes[0].caption.empty());
}

TEST_CASE("Every key of the format is read", "[presets]") {
    const Preset p = preset_of(parse_preset("title = \"Everything\"\n"
                                            "description = \"d\"\n"
                                            "workers = 0\n"
                                            "[scene]\n"
                                            "npcs = 2000\n"
                                            "target_period = 5\n"  // a whole number is fine for a decimal key
                                            "turn_speed = 90.5\n"
                                            "steps_per_s = 60\n"
                                            "job_cost_us = 12.5\n"
                                            "[[pane]]\n"
                                            "mode = \"SISO\"\n"
                                            "jobs_per_update = 7\n"
                                            "update_every = 2\n"
                                            "gather = \"next-frame\"\n"
                                            "threading = \"thread-per-job\"\n"
                                            "debug_lines = false\n"
                                            "highlight_running = false\n"
                                            "caption = \"c\"\n",
                                            "all.toml"));
    CHECK(p.title == "Everything");
    CHECK(p.description == "d");
    CHECK(p.workers == 0);
    CHECK(p.npc.world.npc_count == 2000);
    CHECK(p.npc.world.target_period_s == 5.0);
    CHECK(p.npc.world.max_turn_deg_per_s == 90.5);
    CHECK(p.npc.world.steps_per_s == 60);
    CHECK(p.npc.world.job_cost_us == 12.5);
    REQUIRE(p.npc.panes.size() == 1);
    const NpcPaneSettings& pane = p.npc.panes[0];
    CHECK(pane.timeslicing == TimeslicerConfig{Mode::SISO, 7, 2, Gathering::NextFrame, Threading::ThreadPerJob});
    CHECK_FALSE(pane.debug_lines);
    CHECK_FALSE(pane.highlight_running);
    CHECK(pane.caption == "c");
}

TEST_CASE("A TOML syntax error names the file and its line", "[presets][errors]") {
    const std::string error = error_of(kHead + "description = \"d\"\n[[pane]]\nmode = \"aiao\n");
    CHECK(starts_with(error, "presets/bad.toml:4: "));
}

TEST_CASE("An unknown key is an error naming the file and the line", "[presets][errors]") {
    CHECK(error_of(kHead + "colour = \"red\"\n" + kPane) ==
          "presets/bad.toml:2: unknown key 'colour' (known: title, description, zh-Hant, zh-Hans, workers, record_from_step, scene, pane, exposure, exposure_pane, engine, engine_pane)");
    CHECK(error_of(kHead + "[scene]\nnpcs = 10\nnpc = 12\n" + kPane) ==
          "presets/bad.toml:4: scene: unknown key 'npc' (known: npcs, target_period, turn_speed, steps_per_s, job_cost_us, look)");
    CHECK(error_of(kHead + kPane + kPane + "jobs_per_updat = 2\n") ==
          "presets/bad.toml:6: pane 2: unknown key 'jobs_per_updat' (known: mode, jobs_per_update, update_every, gather, "
          "threading, sync_save, debug_lines, highlight_running, caption, article_lock, danger_map, map_mode, map_jobs, map_every)");
}

TEST_CASE("An unknown mode or gathering or threading name is an error listing the accepted names", "[presets][errors]") {
    CHECK(error_of(kHead + "[[pane]]\nmode = \"aioa\"\n") ==
          "presets/bad.toml:3: pane 1: mode: 'aioa' is not a mode; accepted: " + accepted_modes());
    CHECK(error_of(kHead + kPane + "gather = \"later\"\n") ==
          "presets/bad.toml:4: pane 1: gather: 'later' is not a gathering; accepted: " + accepted_gatherings());
    CHECK(error_of(kHead + kPane + "threading = \"fibers\"\n") ==
          "presets/bad.toml:4: pane 1: threading: 'fibers' is not a threading; accepted: " + accepted_threadings());
}

TEST_CASE("A value of the wrong type is an error naming the file and the line", "[presets][errors]") {
    CHECK(error_of(kHead + "[scene]\nnpcs = \"ten\"\n" + kPane) ==
          "presets/bad.toml:3: scene: npcs should be a whole number (1 to 100000), not text");
    CHECK(error_of(kHead + kPane + "update_every = 1.5\n") ==
          "presets/bad.toml:4: pane 1: update_every should be a whole number (1 to 1000 frames), not a decimal number");
    CHECK(error_of(kHead + kPane + "debug_lines = \"yes\"\n") ==
          "presets/bad.toml:4: pane 1: debug_lines should be true or false, not text");
    CHECK(error_of(kHead + "[[pane]]\nmode = 3\n") ==
          "presets/bad.toml:3: pane 1: mode should be text in quotes (" + accepted_modes() + "), not a whole number");
    CHECK(starts_with(error_of(kHead + kPane + "mode = \"siso\"\n"), "presets/bad.toml:4: "));  // TOML itself refuses a key given twice
    CHECK(error_of("title = 3\n" + kPane) == "presets/bad.toml:1: title should be text in quotes, not a whole number");
    CHECK(error_of(kHead + "scene = 3\n" + kPane) == "presets/bad.toml:2: scene should be a [scene] table, not a whole number");
    CHECK(error_of(kHead + "[pane]\nmode = \"aiao\"\n") ==
          "presets/bad.toml:2: panes are written as [[pane]] tables (1 to 5), not a table");
}

TEST_CASE("An out of range value is an error naming the file and the line", "[presets][errors]") {
    CHECK(error_of(kHead + kPane + "jobs_per_update = 0\n") ==
          "presets/bad.toml:4: pane 1: jobs_per_update: 0 is out of range (1 to 100000)");
    CHECK(error_of(kHead + kPane + "update_every = 1001\n") ==
          "presets/bad.toml:4: pane 1: update_every: 1001 is out of range (1 to 1000 frames)");
    CHECK(error_of(kHead + "[scene]\nnpcs = 100001\n" + kPane) ==
          "presets/bad.toml:3: scene: npcs: 100001 is out of range (1 to 100000)");
    CHECK(error_of(kHead + "[scene]\nsteps_per_s = 0\n" + kPane) ==
          "presets/bad.toml:3: scene: steps_per_s: 0 is out of range (1 to 240)");
    CHECK(error_of(kHead + "[scene]\ntarget_period = 0.05\n" + kPane) ==
          "presets/bad.toml:3: scene: target_period: 0.05 is out of range (0.1 to 600 s)");
    CHECK(error_of(kHead + "[scene]\nturn_speed = -1\n" + kPane) ==
          "presets/bad.toml:3: scene: turn_speed: -1 is out of range (0 to 3600 deg/s)");
    CHECK(error_of(kHead + "[scene]\njob_cost_us = nan\n" + kPane).find("presets/bad.toml:3: scene: job_cost_us: nan is out of range") == 0);
    CHECK(error_of(kHead + "workers = 33\n" + kPane) == "presets/bad.toml:2: workers: 33 is out of range (-1 to 32)");
}

TEST_CASE("A preset has one to five panes", "[presets][errors]") {
    std::string six = kHead;
    for (int i = 0; i < 6; ++i) six += kPane;  // the sixth [[pane]] is on line 12
    CHECK(error_of(six) == "presets/bad.toml:12: a preset has at most 5 panes; this is pane 6");
    CHECK(error_of(kHead + "description = \"d\"\n") == "presets/bad.toml:1: no [[pane]] (or [exposure] table); an NPC preset shows 1 to 5 panes");
    CHECK(error_of(kHead + "pane = []\n") == "presets/bad.toml:1: no [[pane]] (or [exposure] table); an NPC preset shows 1 to 5 panes");
    std::string five = kHead;
    for (int i = 0; i < 5; ++i) five += kPane;
    CHECK(preset_of(parse_preset(five, "five.toml")).npc.panes.size() == 5);
}

TEST_CASE("A preset needs a title", "[presets][errors]") {
    CHECK(starts_with(error_of("description = \"d\"\n" + kPane), "presets/bad.toml:1: no title"));
    CHECK(error_of("title = \"\"\n" + kPane) == "presets/bad.toml:1: the title is empty");
}

TEST_CASE("Of several problems the one nearest the top of the file is reported", "[presets][errors]") {
    CHECK(error_of(kHead + "workers = 99\n" + "[[pane]]\nmode = \"nope\"\n") ==
          "presets/bad.toml:2: workers: 99 is out of range (-1 to 32)");
    CHECK(error_of("zebra = 1\n" + kHead + "alpha = 2\n" + kPane) ==
          "presets/bad.toml:1: unknown key 'zebra' (known: title, description, zh-Hant, zh-Hans, workers, record_from_step, scene, pane, exposure, exposure_pane, engine, engine_pane)");
}

TEST_CASE("An unknown preset name lists the available presets", "[presets][errors]") {
    const Result<Preset> r = load_preset_by_name(kAssets, "aiao-20hz");
    REQUIRE_FALSE(bool(r));
    CHECK(starts_with(r.error(), "unknown preset 'aiao-20hz' (available: "));
    for (const std::string& name : list_presets(kAssets)) CHECK(r.error().find(name) != std::string::npos);
    CHECK(load_preset_by_name(kAssets, "aiao-10hz.toml"));
    CHECK(load_preset("/nonexistent/x.toml").error() == "/nonexistent/x.toml: no such preset file");
    CHECK(list_presets("/nonexistent").empty());
}

TEST_CASE("An exposure preset sets the exposure scene and nothing of the NPC scene", "[presets]") {
    const Preset p = preset_of(parse_preset(kHead +
                                                "[exposure]\nlevel = \"rooms\"\nseed = 7\ngrid_size = 256\nmode = \"timesliced\"\n"
                                                "algorithm = \"sweep\"\nray_caster = \"plain\"\nslice_percent = 12.5\nsentinel_speed = 0.2\n"
                                                "character_speed = 0.3\nsteps_per_s = 60\nshow_rays = true\nother_work_ms = 12.5\n"
                                                "gather_late = true\njob_cost_us = 800\n",
                                            "presets/e.toml"));
    CHECK(p.scene == SceneKind::Exposure);
    CHECK(p.npc.panes.empty());
    CHECK(p.exposure.world.level == "rooms");
    CHECK(p.exposure.world.seed == 7);
    CHECK(p.exposure.world.grid_size == 256);
    CHECK(p.exposure.panes.at(0).mode == ExposureMode::Timesliced);
    CHECK(p.exposure.world.algorithm == ExposureAlgorithm::Sweep);
    CHECK(p.exposure.world.ray_caster == RayCaster::Plain);  // the default is lanes
    CHECK(p.exposure.panes.at(0).slice_percent == 12.5);
    CHECK(p.exposure.world.sentinel_speed == 0.2);
    CHECK(p.exposure.world.character_speed == 0.3);
    CHECK(p.exposure.world.steps_per_s == 60);
    CHECK(p.exposure.world.other_work_ms == 12.5);
    CHECK(p.exposure.panes.at(0).gather_late);
    CHECK(p.exposure.world.job_cost_us == 800);
    CHECK(p.show_rays);

    for (const char* name : {"exposure-single", "exposure-same-frame", "exposure-other-work", "exposure-gather-late",
                             "exposure-next-frame", "exposure-next-frame-outgrown", "exposure-timesliced", "exposure-three-maps",
                             "exposure-three-maps-fast", "exposure-sweep"}) {
        INFO(name);
        const Result<Preset> shipped = load_preset_by_name(kAssets, name);
        INFO(shipped.error());
        REQUIRE(bool(shipped));
        CHECK(shipped->scene == SceneKind::Exposure);
        CHECK(shipped->exposure.world.grid_size == 100);  // the article's 10,000 cells
    }
}

TEST_CASE("A preset with NPC panes and an exposure table is an error at the second of them", "[presets][errors]") {
    const std::string e = error_of(kHead + kPane + "[exposure]\nmode = \"single\"\n");
    CHECK(starts_with(e, "presets/bad.toml:4: "));
    CHECK(e.find("either [scene] and [[pane]]") != std::string::npos);
    CHECK(starts_with(error_of(kHead + "[exposure]\nmode = \"sideways\"\n"), "presets/bad.toml:3: exposure: mode: 'sideways' is not an exposure mode; accepted: single, same-frame"));
    CHECK(starts_with(error_of(kHead + "[exposure]\ngrid_size = 5\n"), "presets/bad.toml:3: exposure: grid_size: 5 is out of range (10 to 1000)"));
    CHECK(starts_with(error_of(kHead + "[exposure]\nlevle = \"rooms\"\n"), "presets/bad.toml:3: exposure: unknown key 'levle'"));
}

TEST_CASE("Exposure panes: [exposure] is what they share, each [[exposure_pane]] a map of its own", "[presets][exposure]") {
    const Preset p = preset_of(parse_preset(kHead +
                                                "[exposure]\nsentinel_speed = 0.5\n"
                                                "[[exposure_pane]]\nmode = \"single\"\n"
                                                "[[exposure_pane]]\nmode = \"timesliced\"\nslice_percent = 10\n",
                                            "presets/e.toml"));
    CHECK(p.scene == SceneKind::Exposure);
    CHECK(p.exposure.world.sentinel_speed == 0.5);
    REQUIRE(p.exposure.panes.size() == 2);
    CHECK(p.exposure.panes[0].mode == ExposureMode::Single);
    CHECK(p.exposure.panes[1].mode == ExposureMode::Timesliced);
    CHECK(p.exposure.panes[1].slice_percent == 10);
    CHECK(p.exposure.panes[0].slice_percent == 25);  // the default

    // A pane's setting in [exposure] beside [[exposure_pane]]s would be lost: it is an error.
    CHECK(error_of(kHead + "[exposure]\nmode = \"single\"\n[[exposure_pane]]\nmode = \"timesliced\"\n").starts_with(
        "presets/bad.toml:3: exposure: unknown key 'mode'"));
    // At most three maps.
    std::string four = kHead + "[exposure]\n";
    for (int i = 0; i < 4; ++i) four += "[[exposure_pane]]\nmode = \"single\"\n";
    CHECK(error_of(four) == "presets/bad.toml:9: the exposure scene has at most 3 panes; this is pane 4");
}
