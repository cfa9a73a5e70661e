// main.cpp — the `timeslice-lab` command line (SPEC §3.2): the window by
// default; screenshot, trace, metrics and bench without one.
#include "bench.h"
#include "controls.h"
#include "headless_commands.h"
#include "scene_options.h"
#include "record.h"
#include "screenshot.h"
#include "window_main.h"

#include "core/preset.h"
#include "core/settings.h"

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
    std::cerr << "timeslice-lab: " << message << "; see 'timeslice-lab --help'\n";
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
    std::cerr << "timeslice-lab: " << problem.message << '\n';
    return problem.status;
}

// Applies --preset, then --scene and every --set (already validated) on top
// of `state`; the problem of a preset that does not load, if any.
ArgumentProblem apply_overrides(AppState& state, const std::string& preset, const std::string& scene,
                                const std::vector<std::string>& sets) {
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
    app.add_flag("--verbose", verbose, "Print every user action (keys, buttons) on stdout");
    app.add_flag("--no-settings", no_settings, "Neither read nor save the settings file");

    // --- screenshot -----------------------------------------------------------
    ScreenshotOptions shot;
    std::string shot_size = "1600x900", shot_scene, shot_preset;
    std::vector<std::string> shot_sets;
    CLI::App* screenshot = app.add_subcommand("screenshot", "Render the app offscreen (no display needed) and write a PNG");
    screenshot->add_option("--out", shot.out, "Output PNG file")->required();
    screenshot->add_option("--frames", shot.frames, "Simulation steps before the picture")
        ->check(CLI::Range(0, 1'000'000))
        ->capture_default_str();
    screenshot->add_option("--size", shot_size, "Image size WIDTHxHEIGHT")->check(size_validator())->capture_default_str();
    screenshot->add_option("--scene", shot_scene, "Scene: npc, exposure")->check(CLI::IsMember({"npc", "exposure"}));
    screenshot->add_option("--preset", shot_preset, "A preset from assets/presets; --set changes it further");
    screenshot->add_option("--set", shot_sets, "Set a control, NAME=VALUE (repeatable)")->check(set_validator());

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
        if (const ArgumentProblem problem = apply_overrides(shot.state, shot_preset, shot_scene, shot_sets); problem)
            return fail(problem);
        return run_screenshot(shot);
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
        for (const std::string& problem : loaded.problems) std::cerr << "timeslice-lab: " << problem << '\n';
        apply_settings(window.state, loaded.settings);
    }
    if (const ArgumentProblem problem = apply_overrides(window.state, preset, scene, sets); problem) return fail(problem);
    window.verbose = verbose;
    return run_window(window);
}
