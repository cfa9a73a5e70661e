// main.cpp — the `timeslice-lab` command line (SPEC §3.2): the window by
// default; screenshot, trace, metrics and bench without one.
#include "app/cli/bench.h"
#include "app/cli/controls.h"
#include "app/cli/headless_commands.h"
#include "app/cli/lesson_check.h"
#include "app/cli/scene_options.h"
#include "app/cli/record.h"
#include "app/cli/screenshot.h"
#include "app/platform/window_main.h"

#include "core/content/lesson.h"
#include "core/content/preset.h"
#include "core/content/settings.h"
#include "core/text/printable.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>
#include <string>

namespace {

using namespace tsl::app;

// "--out, --mode, ..." (or the command names at the top level) for the
// one-line error about an unexpected argument.
std::string accepted_here(const CLI::App& where) {
    std::string list;
    auto add = [&](const std::string& name) { list += (list.empty() ? "" : ", ") + name; };
    for (const CLI::App* sub : where.get_subcommands([](const CLI::App*) { return true; })) add(sub->get_name());
    for (const CLI::Option* option : where.get_options())
        if (!option->get_lnames().empty()) add("--" + option->get_lnames().front());
    return list;
}

// One line on stderr, exit status 2; help and version go to stdout with 0.
int report(const CLI::App& app, const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) return app.exit(error);
    std::string message = error.what();
    if (dynamic_cast<const CLI::ExtrasError*>(&error)) {
        const auto parsed = app.get_subcommands();
        const CLI::App& where = parsed.empty() ? app : *parsed.back();
        message += " (accepted: " + accepted_here(where) + ")";
    }
    std::cerr << "timeslice-lab: " << tsl::printable(message) << "; see 'timeslice-lab --help'\n";
    return 2;
}

CLI::Validator set_validator() {
    return CLI::Validator(
        [](std::string& assignment) {
            AppState scratch;
            return apply_set(scratch, assignment);
        },
        "NAME=VALUE", "control");
}

CLI::Validator size_validator() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            int w = 0, h = 0;
            char tail = 0;
            if (std::sscanf(text.c_str(), "%dx%d%c", &w, &h, &tail) != 2 || w < 16 || h < 16 || w > 8192 || h > 8192)
                return "'" + text + "' is not a size WIDTHxHEIGHT with each side from 16 to 8192";
            return {};
        },
        "WxH", "size");
}

void parse_size(const std::string& text, int& w, int& h) { std::sscanf(text.c_str(), "%dx%d", &w, &h); }

// One line on stderr; the problem's exit status.
int fail(const ArgumentProblem& problem) {
    std::cerr << "timeslice-lab: " << tsl::printable(problem.message) << '\n';
    return problem.status;
}

// --lesson NAME [--step K] [--reveal], as the window and screenshot take them.
struct LessonOptions {
    std::string name;
    int step = 1;            // from 1
    bool reveal = false;
    CLI::Option* step_option = nullptr;
    int step_frames = 0;     // out: the step's `frames`, once applied

    void add_to(CLI::App& command) {
        command.add_option("--lesson", name, "Start a lesson from assets/lessons: timeslicing, delayed-gathering (presenter view on)");
        step_option = command.add_option("--step", step, "With --lesson: the step to start at, from 1")->check(CLI::Range(1, 1000));
        command.add_flag("--reveal", reveal, "With --lesson: show the step's measured answer (screenshot: every step at the real rate)");
    }
};

// The lesson's step into `state`: its preset, the presenter view, the step
// and whether its answer shows. The problem, if any: an unknown lesson (2), a
// broken lesson file (1), a step it does not have (2), --step without --lesson.
ArgumentProblem apply_lesson(AppState& state, LessonOptions& lesson, const std::string& preset) {
    if (lesson.name.empty()) {
        if (lesson.step_option->count() > 0 || lesson.reveal) return {"--step and --reveal go with --lesson NAME", 2};
        return {};
    }
    if (!preset.empty()) return {"--lesson and --preset: choose one (each lesson step loads its own preset)", 2};
    const tsl::LessonLoad loaded = tsl::load_lesson_by_name(assets_directory(), lesson.name);
    if (!loaded.lesson) return {loaded.error, loaded.unknown_name ? 2 : 1};
    const int steps = static_cast<int>(loaded.lesson->steps.size());
    if (lesson.step > steps)
        return {"--step " + std::to_string(lesson.step) + ": lesson '" + lesson.name + "' has " + std::to_string(steps) + " steps (1 to " +
                    std::to_string(steps) + ")",
                2};
    const tsl::LessonStep& step = loaded.lesson->steps[lesson.step - 1];
    const tsl::PresetLoad step_preset = tsl::load_preset_by_name(assets_directory(), step.preset);
    if (!step_preset.preset) return preset_problem(step_preset);
    state.apply_preset(*step_preset.preset);
    state.lesson = loaded.lesson->name;
    state.lesson_step = lesson.step - 1;
    state.lesson_revealed = lesson.reveal;
    state.presenter = true;
    lesson.step_frames = step.frames;
    return {};
}

// Applies --preset, then --scene and every --set (already validated) on top
// of `state`; the problem of a preset that does not load, if any.
ArgumentProblem apply_overrides(AppState& state, const std::string& preset, const std::string& scene,
                                const std::vector<std::string>& sets, LessonOptions* lesson = nullptr) {
    if (lesson)
        if (ArgumentProblem problem = apply_lesson(state, *lesson, preset); problem) return problem;
    if (!preset.empty()) {
        const tsl::PresetLoad loaded = tsl::load_preset_by_name(assets_directory(), preset);
        if (!loaded.preset) return preset_problem(loaded);
        state.apply_preset(*loaded.preset);
    }
    if (!scene.empty()) state.scene = scene;
    for (const std::string& assignment : sets) apply_set(state, assignment);
    return {};
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Timeslice Lab: timeslicing batched algorithms and delayed result gathering, live.\n"
                 "Without a command, opens the window.",
                 "timeslice-lab"};
    app.set_version_flag("--version", std::string("timeslice-lab ") + TSL_VERSION);
    app.require_subcommand(0, 1);
    app.footer(controls_help());

    // --- The window ---------------------------------------------------------
    std::string scene, preset;
    std::vector<std::string> sets;
    bool verbose = false, no_settings = false;
    app.add_option("--scene", scene, "Scene to open: npc, exposure")->check(CLI::IsMember({"npc", "exposure"}));
    app.add_option("--preset", preset, "Open a preset from assets/presets (e.g. four-modes-10hz); --set changes it further");
    app.add_option("--set", sets, "Set a control, NAME=VALUE (repeatable; names below)")->check(set_validator());
    LessonOptions lesson;
    lesson.add_to(app);
    app.add_flag("--verbose", verbose, "Print every user action (keys, buttons) on stdout");
    app.add_flag("--no-settings", no_settings, "Neither read nor save the settings file");

    // --- screenshot -----------------------------------------------------------
    ScreenshotOptions shot;
    std::string shot_size = "1600x900", shot_scene, shot_preset;
    std::vector<std::string> shot_sets;
    CLI::App* screenshot = app.add_subcommand("screenshot", "Render the app offscreen (no display needed) and write a PNG");
    screenshot->add_option("--out", shot.out, "Output PNG file")->required();
    CLI::Option* shot_frames = screenshot->add_option("--frames", shot.frames, "Simulation steps before the picture (with --lesson: the step's own)")
                                   ->check(CLI::Range(0, 1'000'000))
                                   ->capture_default_str();
    screenshot->add_option("--size", shot_size, "Image size WIDTHxHEIGHT")->check(size_validator())->capture_default_str();
    screenshot->add_option("--scene", shot_scene, "Scene: npc, exposure")->check(CLI::IsMember({"npc", "exposure"}));
    screenshot->add_option("--preset", shot_preset, "A preset from assets/presets; --set changes it further");
    screenshot->add_option("--set", shot_sets, "Set a control, NAME=VALUE (repeatable)")->check(set_validator());
    LessonOptions shot_lesson;
    shot_lesson.add_to(*screenshot);

    // --- record -------------------------------------------------------------------
    RecordOptions rec;
    std::string rec_size = "496x300", rec_scene;
    CLI::App* record = app.add_subcommand("record", "Render the scene offscreen at the fixed step (no display needed) and write an animated GIF");
    CLI::Option* rec_out = record->add_option("--out", rec.out, "Output GIF file");
    CLI::Option* rec_dir = record->add_option("--out-dir", rec.out_dir, "With --preset article: the directory for the article's nine GIFs");
    record->add_option("--preset", rec.preset, "A preset from assets/presets, or 'article' for all nine of the article's figures");
    record->add_option("--seconds", rec.seconds, "Simulated seconds to record")->check(CLI::Range(0.05, 600.0))->capture_default_str();
    record->add_option("--size", rec_size, "Image size WIDTHxHEIGHT")->check(size_validator())->capture_default_str();
    record->add_option("--scene", rec_scene, "Scene: npc, exposure")->check(CLI::IsMember({"npc", "exposure"}));
    record->add_option("--set", rec.sets, "Set a control, NAME=VALUE (repeatable)")->check(set_validator());
    record->add_flag("!--no-progress", rec.progress, "Print no progress lines on stderr");

    // --- lesson-check ---------------------------------------------------------------
    LessonCheckOptions check;
    std::string check_size = "1920x1080";
    std::vector<std::string> check_sets;
    CLI::App* lesson_check = app.add_subcommand(
        "lesson-check", "Render every step of a lesson offscreen, before and after its reveal, and check its text fits the projector");
    lesson_check->add_option("--lesson", check.lesson, "A lesson in assets/lessons")->required();
    lesson_check->add_option("--size", check_size, "Display size WIDTHxHEIGHT")->check(size_validator())->capture_default_str();
    lesson_check->add_option("--scale", check.ui_scale, "UI scale (1.5 for a 1080p projector, 2 for 4K)")
        ->check(CLI::Range(0.5f, 4.0f))
        ->capture_default_str();
    lesson_check->add_option("--frames", check.frames, "Simulation steps each step runs first")->check(CLI::Range(1, 100000))->capture_default_str();
    lesson_check->add_option("--set", check_sets, "Set a control, NAME=VALUE (repeatable)")->check(set_validator());

    // --- trace, metrics, bench ---------------------------------------------------
    NpcRunOptions trace_options;
    std::string trace_out;
    bool trace_check = false;
    CLI::App* trace = app.add_subcommand("trace", "Run the NPC scene headless and write every job's input/start/finish/save events as CSV");
    trace->add_option("--out", trace_out, "Output CSV file ('-' for stdout)")->required();
    add_npc_run_options(*trace, trace_options);
    trace->add_flag("--check", trace_check, "Also check the trace against every rule of SPEC §1; exit status 1 if one is broken");

    NpcRunOptions metrics_options;
    std::string metrics_out;
    CLI::App* metrics = app.add_subcommand("metrics", "Run the NPC scene headless and write per-frame latency and cost metrics as CSV");
    metrics->add_option("--out", metrics_out, "Output CSV file ('-' for stdout)")->required();
    add_npc_run_options(*metrics, metrics_options);

    BenchOptions bench_options;
    CLI::App* bench = app.add_subcommand("bench", "Run the benchmarks of SPEC §5 and print tables");
    bench->add_flag("--json", bench_options.json, "Print one JSON array of {name, params, median, unit} records instead");
    bench->add_flag("--quick", bench_options.quick, "Fewer repetitions: the whole run takes about a minute");
    bench->add_option("--only", bench_options.only, "Run only these groups (repeatable): lookup, threads, exposure, frame, gif")
        ->check(CLI::IsMember(kBenchGroups));

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        return report(app, error);
    }

    if (screenshot->parsed()) {
        parse_size(shot_size, shot.width, shot.height);
        if (const ArgumentProblem problem = apply_overrides(shot.state, shot_preset, shot_scene, shot_sets, &shot_lesson); problem)
            return fail(problem);
        if (!shot_lesson.name.empty() && shot_frames->count() == 0) shot.frames = shot_lesson.step_frames;
        shot.pace_all = shot_lesson.reveal;
        return run_screenshot(shot);
    }
    if (lesson_check->parsed()) {
        parse_size(check_size, check.width, check.height);
        const tsl::LessonLoad loaded = tsl::load_lesson_by_name(assets_directory(), check.lesson);
        if (!loaded.lesson) return fail({loaded.error, loaded.unknown_name ? 2 : 1});
        for (const std::string& assignment : check_sets) apply_set(check.state, assignment);
        return run_lesson_check(check);
    }
    if (record->parsed()) {
        parse_size(rec_size, rec.width, rec.height);
        const bool article = rec.preset == "article";
        if (article && rec_dir->count() == 0) return fail({"record --preset article: --out-dir DIR is required (the nine GIFs go there)", 2});
        if (!article && rec_out->count() == 0) return fail({"record: --out FILE.gif is required (or --preset article --out-dir DIR)", 2});
        if (!article)
            if (const ArgumentProblem problem = apply_overrides(rec.state, rec.preset, rec_scene, {}); problem) return fail(problem);
        if (article && !rec_scene.empty()) rec.state.scene = rec_scene;
        return run_record(rec);
    }
    if (trace->parsed()) {
        if (const ArgumentProblem problem = trace_options.resolve(*trace); problem) return fail(problem);
        return run_trace(trace_options, trace_out, trace_check);
    }
    if (metrics->parsed()) {
        if (const ArgumentProblem problem = metrics_options.resolve(*metrics); problem) return fail(problem);
        return run_metrics(metrics_options, metrics_out);
    }
    if (bench->parsed()) return run_bench(bench_options);

    WindowOptions window;
    if (!no_settings) {
        window.settings_path = tsl::default_settings_path();
        const tsl::SettingsLoad loaded = tsl::load_settings(window.settings_path);
        for (const std::string& problem : loaded.problems) std::cerr << "timeslice-lab: " << tsl::printable(problem) << '\n';
        apply_settings(window.state, loaded.settings);
    }
    if (const ArgumentProblem problem = apply_overrides(window.state, preset, scene, sets, &lesson); problem) return fail(problem);
    window.verbose = verbose;
    return run_window(window);
}
