// main.cpp — the `timeslice-lab` command line (docs/semantics.md documents the
// timing the commands show): the window by default; screenshot, record,
// lesson-check, trace, metrics and bench without one.
//
// Launch options (--preset, --scene, --lesson, --set) become commands applied
// in order to the session the command runs, so a --set always has the last
// word, also over a lesson step's preset.
#include "app/cli/assets.h"
#include "app/cli/bench.h"
#include "app/cli/headless_commands.h"
#include "app/cli/lesson_check.h"
#include "app/cli/record.h"
#include "app/cli/scene_options.h"
#include "app/cli/screenshot.h"
#include "app/platform/window_main.h"

#include "core/settings/settings_file.h"

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdio>
#include <iostream>
#include <string>

namespace {

using namespace tsl;
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

// WIDTHxHEIGHT with each side from 16 to 8192.
bool parse_size(const std::string& text, int& w, int& h) {
    const std::size_t x = text.find('x');
    if (x == std::string::npos) return false;
    const char* end = text.data() + text.size();
    const auto [w_end, w_ec] = std::from_chars(text.data(), text.data() + x, w);
    const auto [h_end, h_ec] = std::from_chars(text.data() + x + 1, end, h);
    return w_ec == std::errc{} && h_ec == std::errc{} && w_end == text.data() + x && h_end == end && w >= 16 && h >= 16 && w <= 8192 &&
           h <= 8192;
}

CLI::Validator size_validator() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            int w = 0, h = 0;
            if (!parse_size(text, w, h)) return "'" + text + "' is not a size WIDTHxHEIGHT with each side from 16 to 8192";
            return {};
        },
        "WxH", "size");
}

// One line on stderr; the problem's exit status.
int fail(const ArgumentProblem& problem) {
    std::cerr << "timeslice-lab: " << problem.message << '\n';
    return problem.status;
}

// --scene, --preset, --lesson/--step/--reveal and --set, as the window and
// screenshot take them.
struct LaunchOptions {
    std::string scene, preset, lesson;
    std::vector<std::string> sets;
    int step = 1;  // from 1
    bool reveal = false;
    CLI::Option* step_option = nullptr;

    void add_to(CLI::App& command, const char* scenes_help) {
        command.add_option("--scene", scene, scenes_help)->check(field_validator(*find_field("scene")));
        command.add_option("--preset", preset, "Open a preset from assets/presets (e.g. four-modes-10hz); --set changes it further");
        command.add_option("--set", sets, "Set a control, NAME=VALUE (repeatable; names below)")->check(set_validator());
        command.add_option("--lesson", lesson, "Start a lesson from assets/lessons: timeslicing, delayed-gathering (presenter view on)");
        step_option = command.add_option("--step", step, "With --lesson: the step to start at, from 1")->check(CLI::Range(1, 1000));
        command.add_flag("--reveal", reveal, "With --lesson: show the step's measured answer (screenshot: every step at the real rate)");
    }

    // The commands, in the order they apply: the lesson (its step's preset,
    // the presenter view) or the preset, then the scene, then every --set.
    // The problem, if any: a lesson or preset that does not exist (2) or
    // does not load (1), a step the lesson does not have (2).
    ArgumentProblem apply_to(LabSession& session) const {
        if (lesson.empty() && (step_option->count() > 0 || reveal)) return {"--step and --reveal go with --lesson NAME", 2};
        if (!lesson.empty() && !preset.empty()) return {"--lesson and --preset: choose one (each lesson step loads its own preset)", 2};
        std::vector<Command> commands;
        if (!lesson.empty()) {
            if (const CommandResult r = session.apply(StartLesson{lesson, step - 1, reveal}); !r) return problem_of(r);
            const int steps = static_cast<int>(session.lesson()->steps.size());
            if (step > steps)
                return {"--step " + std::to_string(step) + ": lesson '" + lesson + "' has " + std::to_string(steps) + " steps (1 to " +
                            std::to_string(steps) + ")",
                        2};
            commands.emplace_back(SetField{"presenter", true});
        }
        if (!preset.empty()) commands.emplace_back(LoadPreset{preset});
        if (!scene.empty()) commands.emplace_back(SetField{"scene", scene});
        for (const std::string& assignment : sets) {
            const std::size_t eq = assignment.find('=');
            commands.emplace_back(SetField{assignment.substr(0, eq), assignment.substr(eq + 1)});
        }
        for (const Command& command : commands)
            if (const CommandResult r = session.apply(command); !r) return problem_of(r);
        if (!session.startup_problem().empty()) return {session.startup_problem(), 1};
        return {};
    }
};

std::unique_ptr<LabSession> new_session(const LabSettings& settings = {}) {
    SessionOptions options;
    options.assets_dir = assets_directory();
    return std::make_unique<LabSession>(settings, std::move(options));
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Timeslice Lab: timeslicing batched algorithms and delayed result gathering, live.\n"
                 "Without a command, opens the window.",
                 "timeslice-lab"};
    app.set_version_flag("--version", std::string("timeslice-lab ") + TSL_VERSION);
    app.require_subcommand(0, 1);
    app.footer(schema_help());

    // --- The window ---------------------------------------------------------
    LaunchOptions window;
    bool verbose = false, no_settings = false;
    window.add_to(app, "Scene to open: npc, exposure");
    app.add_flag("--verbose", verbose, "Print every user action (keys, buttons) on stdout");
    app.add_flag("--no-settings", no_settings, "Neither read nor save the settings file");

    // --- screenshot -----------------------------------------------------------
    ScreenshotOptions shot;
    LaunchOptions shot_launch;
    std::string shot_size = "1600x900";
    CLI::App* screenshot = app.add_subcommand("screenshot", "Render the app offscreen (no display needed) and write a PNG");
    screenshot->add_option("--out", shot.out, "Output PNG file")->required();
    CLI::Option* shot_frames = screenshot->add_option("--frames", shot.frames, "Simulation steps before the picture (with --lesson: the step's own)")
                                   ->check(CLI::Range(0, 1'000'000))
                                   ->capture_default_str();
    screenshot->add_option("--size", shot_size, "Image size WIDTHxHEIGHT")->check(size_validator())->capture_default_str();
    shot_launch.add_to(*screenshot, "Scene: npc, exposure");

    // --- record -------------------------------------------------------------------
    RecordOptions rec;
    std::string rec_size = "496x300";
    CLI::App* record = app.add_subcommand("record", "Render the scene offscreen at the fixed step (no display needed) and write an animated GIF");
    CLI::Option* rec_out = record->add_option("--out", rec.out, "Output GIF file");
    CLI::Option* rec_dir = record->add_option("--out-dir", rec.out_dir, "With --preset article: the directory for the article's nine GIFs");
    record->add_option("--preset", rec.preset, "A preset from assets/presets, or 'article' for all nine of the article's figures");
    record->add_option("--seconds", rec.seconds, "Simulated seconds to record")->check(CLI::Range(0.05, 600.0))->capture_default_str();
    record->add_option("--size", rec_size, "Image size WIDTHxHEIGHT")->check(size_validator())->capture_default_str();
    record->add_option("--scene", rec.scene, "Scene: npc, exposure")->check(field_validator(*find_field("scene")));
    record->add_option("--set", rec.sets, "Set a control, NAME=VALUE (repeatable)")->check(set_validator());
    record->add_flag("!--no-progress", rec.progress, "Print no progress lines on stderr");

    // --- lesson-check ---------------------------------------------------------------
    LessonCheckOptions check;
    std::string check_size = "1920x1080", check_scale = "1.5";
    std::vector<std::string> check_sets;
    CLI::App* lesson_check = app.add_subcommand(
        "lesson-check", "Render every step of a lesson offscreen, before and after its reveal, and check its text fits the projector");
    lesson_check->add_option("--lesson", check.lesson, "A lesson in assets/lessons")->required();
    lesson_check->add_option("--size", check_size, "Display size WIDTHxHEIGHT")->check(size_validator())->capture_default_str();
    lesson_check->add_option("--scale", check_scale, "UI scale (1.5 for a 1080p projector, 2 for 4K)")
        ->check(field_validator(*find_field("ui_scale")))
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
    trace->add_flag("--check", trace_check, "Also check the trace against every rule of docs/semantics.md; exit status 1 if one is broken");

    NpcRunOptions metrics_options;
    std::string metrics_out;
    CLI::App* metrics = app.add_subcommand("metrics", "Run the NPC scene headless and write per-frame latency and cost metrics as CSV");
    metrics->add_option("--out", metrics_out, "Output CSV file ('-' for stdout)")->required();
    add_npc_run_options(*metrics, metrics_options);

    BenchOptions bench_options;
    CLI::App* bench = app.add_subcommand("bench", "Run the benchmarks and print tables (docs/semantics.md defines what they measure)");
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
        auto session = new_session();
        if (const ArgumentProblem problem = shot_launch.apply_to(*session); problem) return fail(problem);
        if (session->lesson() && shot_frames->count() == 0) shot.frames = session->lesson()->steps[static_cast<std::size_t>(session->lesson_step())].frames;
        shot.pace_all = shot_launch.reveal;
        return run_screenshot(std::move(session), shot);
    }
    if (lesson_check->parsed()) {
        parse_size(check_size, check.width, check.height);
        check.ui_scale = std::stof(check_scale);
        auto session = new_session();
        const LessonLoad loaded = load_lesson_by_name(assets_directory(), check.lesson);
        if (!loaded.lesson) return fail({loaded.error, loaded.unknown_name ? 2 : 1});
        for (const std::string& assignment : check_sets)
            if (const CommandResult r = session->apply(SetField{assignment.substr(0, assignment.find('=')), assignment.substr(assignment.find('=') + 1)}); !r)
                return fail(problem_of(r));
        return run_lesson_check(std::move(session), check);
    }
    if (record->parsed()) {
        parse_size(rec_size, rec.width, rec.height);
        const bool article = rec.preset == "article";
        if (article && rec_dir->count() == 0) return fail({"record --preset article: --out-dir DIR is required (the nine GIFs go there)", 2});
        if (!article && rec_out->count() == 0) return fail({"record: --out FILE.gif is required (or --preset article --out-dir DIR)", 2});
        return run_record(rec);
    }
    if (trace->parsed() || metrics->parsed()) {
        const bool is_trace = trace->parsed();
        const NpcRunOptions& options = is_trace ? trace_options : metrics_options;
        LabSettings settings;
        if (const ArgumentProblem problem = options.resolve(is_trace ? *trace : *metrics, settings); problem) return fail(problem);
        return is_trace ? run_trace(settings, options.frames, trace_out, trace_check) : run_metrics(settings, options.frames, metrics_out);
    }
    if (bench->parsed()) return run_bench(bench_options);

    WindowOptions options;
    LabSettings settings;
    if (!no_settings) {
        options.settings_path = default_settings_path();
        const SettingsLoad loaded = load_settings(options.settings_path);
        for (const std::string& problem : loaded.problems) std::cerr << "timeslice-lab: " << problem << '\n';
        apply_settings(settings, loaded);
    }
    options.session = new_session(settings);
    if (const ArgumentProblem problem = window.apply_to(*options.session); problem) return fail(problem);
    options.verbose = verbose;
    return run_window(std::move(options));
}
