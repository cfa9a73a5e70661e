// main.cpp — the `timeslice-lab` command line (docs/semantics.md documents the
// timing the commands show): the window by default; screenshot, record,
// lesson-check, trace, metrics, bench, soak and class-run without one.
//
// Launch options (--preset, --scene, --lesson, --set) become commands applied
// in order to the session the command runs, so a --set always has the last
// word, also over a lesson step's preset.
//
// [SECTION] Errors, sizes and the session
// [SECTION] One struct per command
// [SECTION] main
#include "app/cli/assets.h"
#include "app/cli/bench.h"
#include "app/cli/headless_commands.h"
#include "app/cli/class_run.h"
#include "app/cli/lesson_check.h"
#include "app/cli/record.h"
#include "app/cli/scene_options.h"
#include "app/cli/screenshot.h"
#include "app/platform/window_main.h"

#include "core/session/launch.h"
#include "core/session/soak.h"
#include "core/settings/settings_file.h"
#include "core/base/printable.h"

#include <CLI/CLI.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace tsl;
using namespace tsl::app;

// --- [SECTION] Errors, sizes and the session --------------------------------

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
    const auto parsed = app.get_subcommands();
    const CLI::App& where = parsed.empty() ? app : *parsed.back();
    bool unexpected = dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr;
    // CLI11 checks for missing required options before it reports unknown
    // ones; an unknown option (a typo, most likely) is named first.
    if (const std::vector<std::string> unknown = where.remaining(); dynamic_cast<const CLI::RequiredError*>(&error) && !unknown.empty()) {
        message = unknown.size() == 1 ? "The following argument was not expected:" : "The following arguments were not expected:";
        for (const std::string& argument : unknown) message += " " + argument;
        unexpected = true;
    }
    if (unexpected) message += " (accepted: " + accepted_here(where) + ")";
    std::cerr << "timeslice-lab: " << printable(message) << "; see 'timeslice-lab --help'\n";
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

// A number from `lo` to `hi`. CLI::Range lets "nan" through (every comparison
// with it is false); this one asks for a finite number first.
CLI::Validator finite_range(double lo, double hi) {
    return CLI::Validator(
        [lo, hi](std::string& text) -> std::string {
            char* end = nullptr;
            const double value = std::strtod(text.c_str(), &end);
            if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value) || value < lo || value > hi) {
                std::ostringstream range;
                range << "'" << text << "' is out of range (" << lo << " to " << hi << ")";
                return range.str();
            }
            return {};
        },
        "NUMBER", "finite range");
}

// One line on stderr; the problem's exit status (2: a name or option that
// does not fit, a usage error; 1: a file that exists but is broken).
int fail(const CommandResult& failed) {
    std::cerr << "timeslice-lab: " << printable(failed.problem) << '\n';
    return failed.status;
}

// --scene, --preset, --lesson/--step/--reveal and --set, as the window and
// screenshot take them (core/session/launch.h applies them).
struct LaunchOptions {
    LaunchRequest request;
    CLI::Option* step_option = nullptr;

    void add_to(CLI::App& command, const char* scenes_help) {
        command.add_option("--scene", request.scene, scenes_help)->check(field_validator(field_of(setting::scene)));
        command.add_option("--preset", request.preset, "Open a preset from assets/presets (e.g. four-modes-10hz); --set changes it further");
        command.add_option("--set", request.sets, "Set a control, NAME=VALUE (repeatable; names below)")->check(set_validator());
        command.add_option("--lesson", request.lesson, "Start a lesson from assets/lessons: timeslicing, which-mode, delayed-gathering, parallel-engine (presenter view on); quiz-modes-SEED: the quiz \"Which mode is this?\" made from SEED");
        step_option = command.add_option("--step", request.step, "With --lesson: the step to start at, from 1")->check(CLI::Range(1, 1000));
        command.add_flag("--reveal", request.reveal, "With --lesson: show the step's measured answer (screenshot: every step at the real rate)");
    }

    // The request as given (--step on the command line or not).
    const LaunchRequest& given() {
        request.step_given = step_option->count() > 0;
        return request;
    }
    // A launch's note on stderr; its problem, for the exit status.
    static const CommandResult& said(const CommandResult& result) {
        if (!result.fitted.empty()) std::cerr << "timeslice-lab: " << printable(result.note()) << '\n';
        return result;
    }
};

// The window's language when the settings file and --set say none: the
// locale's (LC_ALL, else LC_MESSAGES, else LANG, as POSIX orders them).
Language system_language() {
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"})
        if (const char* value = std::getenv(name); value && *value) return language_from_locale(value);
    return Language::En;
}

SessionOptions session_options() {
    SessionOptions options;
    options.assets_dir = assets_directory();
    return options;
}

std::unique_ptr<LabSession> new_session() { return std::make_unique<LabSession>(LabSettings{}, session_options()); }

// --- [SECTION] One struct per command: its options, then what it runs ------

struct WindowCommand {
    LaunchOptions launch;
    bool verbose = false, no_settings = false;

    void add(CLI::App& app) {
        launch.add_to(app, "Scene to open: npc, exposure, engine");
        app.add_flag("--verbose", verbose, "Print every user action (keys, buttons) on stdout");
        app.add_flag("--no-settings", no_settings, "Neither read nor save the settings file");
    }
    int run() {
        WindowOptions options;
        std::optional<SettingsLoad> stored;
        if (!no_settings) {
            options.settings_path = default_settings_path();
            stored = load_settings(options.settings_path);
        }
        SessionOptions session = session_options();
        session.rewind = true;  // the left arrow steps back (core/session/rewind.h)
        options.boot = boot_lab(std::move(session), stored ? &*stored : nullptr, launch.given(), system_language());
        if (!LaunchOptions::said(options.boot.launched)) return fail(options.boot.launched);
        options.verbose = verbose;
        return run_window(std::move(options));
    }
};

struct ScreenshotCommand {
    CLI::App* command = nullptr;
    ScreenshotOptions shot;
    LaunchOptions launch;
    std::string size = "1600x900";
    CLI::Option* frames = nullptr;

    void add(CLI::App& app) {
        command = app.add_subcommand("screenshot", "Render the app offscreen (no display needed) and write a PNG");
        command->add_option("--out", shot.out, "Output PNG file")->required();
        frames = command->add_option("--frames", shot.frames, "Simulation steps before the picture (with --lesson: the step's own)")
                     ->check(CLI::Range(0, 1'000'000))
                     ->capture_default_str();
        command->add_option("--size", size, "Image size WIDTHxHEIGHT")->check(size_validator())->capture_default_str();
        command->add_option("--back", shot.back, "Steps back in time after them, as the left arrow (at most the last 30 s)")
            ->check(CLI::Range(0, 1'000'000));
        launch.add_to(*command, "Scene: npc, exposure, engine");
    }
    int run() {
        parse_size(size, shot.width, shot.height);
        SessionOptions session_opts = session_options();
        session_opts.rewind = shot.back > 0;
        Boot boot = boot_lab(std::move(session_opts), nullptr, launch.given());
        if (!LaunchOptions::said(boot.launched)) return fail(boot.launched);
        auto session = std::move(boot.session);
        if (session->lesson() && frames->count() == 0) shot.frames = session->lesson()->steps[static_cast<std::size_t>(session->lesson_step())].frames;
        shot.pace_all = launch.request.reveal;
        return run_screenshot(std::move(session), shot);
    }
};

struct RecordCommand {
    CLI::App* command = nullptr;
    RecordOptions rec;
    std::string size = "496x300";
    CLI::Option* out = nullptr;
    CLI::Option* out_dir = nullptr;

    void add(CLI::App& app) {
        command = app.add_subcommand("record", "Render the scene offscreen at the fixed step (no display needed) and write an animated GIF");
        out = command->add_option("--out", rec.out, "Output GIF file");
        out_dir = command->add_option("--out-dir", rec.out_dir, "With --preset article: the directory for the article's nine GIFs");
        command->add_option("--preset", rec.preset, "A preset from assets/presets, or 'article' for all nine of the article's figures");
        command->add_option("--seconds", rec.seconds, "Simulated seconds to record")->check(finite_range(0.05, 600.0))->capture_default_str();
        command->add_option("--size", size, "Image size WIDTHxHEIGHT")->check(size_validator())->capture_default_str();
        command->add_option("--scene", rec.scene, "Scene: npc, exposure, engine")->check(field_validator(field_of(setting::scene)));
        command->add_option("--set", rec.sets, "Set a control, NAME=VALUE (repeatable)")->check(set_validator());
        command->add_flag("!--no-progress", rec.progress, "Print no progress lines on stderr");
    }
    int run() {
        parse_size(size, rec.width, rec.height);
        const bool article = rec.preset == "article";
        if (article && out_dir->count() == 0) return fail({"record --preset article: --out-dir DIR is required (the nine GIFs go there)", 2});
        if (!article && out->count() == 0) return fail({"record: --out FILE.gif is required (or --preset article --out-dir DIR)", 2});
        return run_record(rec);
    }
};

struct LessonCheckCommand {
    CLI::App* command = nullptr;
    LessonCheckOptions check;
    std::string size = "1920x1080", scale = "1.5";
    std::vector<std::string> sets;

    void add(CLI::App& app) {
        command = app.add_subcommand(
            "lesson-check",
            "Run every step of a lesson offscreen at the real step rate, before and after its reveal: check its text fits the projector "
            "and its expectations hold");
        command->add_option("--lesson", check.lesson, "A lesson in assets/lessons")->required();
        command->add_option("--size", size, "Display size WIDTHxHEIGHT")->check(size_validator())->capture_default_str();
        command->add_option("--scale", scale, "UI scale (1.5 for a 1080p projector, 2 for 4K)")
            ->check(field_validator(field_of(setting::ui_scale)))
            ->capture_default_str();
        command->add_option("--frames", check.frames, "Simulation steps each step runs before its reveal (default: the step's own)")
            ->check(CLI::Range(1, LessonStep::kMaxFrames));
        command->add_flag("--fast", check.fast, "Run the steps back to back, not at the real rate: much faster; expectations on times are not checked");
        command->add_option("--pictures", check.pictures, "A folder for a PNG of every step as revealed (LESSON-step-K.png)");
        command->add_option("--set", sets, "Set a control, NAME=VALUE (repeatable)")->check(set_validator());
    }
    int run() {
        parse_size(size, check.width, check.height);
        check.ui_scale = std::stof(scale);
        const Result<Lesson> loaded = load_lesson_by_name(assets_directory(), check.lesson);
        if (!loaded) return fail(CommandResult::failed(loaded));
        LaunchRequest request;
        request.sets = sets;
        Boot boot = boot_lab(session_options(), nullptr, request);
        if (!boot.launched) return fail(boot.launched);
        return run_lesson_check(std::move(boot.session), check);
    }
};

// `class-run`: the window's frame through a class's worth of simulated use (app/cli/class_run.h).
struct ClassRunCommand {
    CLI::App* command = nullptr;
    ClassRunOptions run;
    std::string size = "1280x720", scale = "1.5";

    void add(CLI::App& app) {
        command = app.add_subcommand("class-run",
                                     "Drive the window's own frame offscreen through simulated minutes of a teacher's use (lessons, presets, "
                                     "GIFs, exports, panes, scenes), checking that memory, GL objects and the frame stay flat");
        command->add_option("--minutes", run.minutes, "Simulated minutes of use")->check(CLI::Range(1.0, 600.0))->capture_default_str();
        command->add_option("--size", size, "Display size WIDTHxHEIGHT")->check(size_validator())->capture_default_str();
        command->add_option("--scale", scale, "UI scale")->check(field_validator(field_of(setting::ui_scale)))->capture_default_str();
        command->add_option("--seed", run.seed, "The teacher's choices: the same seed, the same run")
            ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{4'294'967'295}))
            ->capture_default_str();
        command->add_option("--rss-growth-mb", run.rss_growth_mb, "Resident memory may grow by at most this many MB from the warm-up to the end")
            ->check(CLI::Range(0.0, 100000.0))
            ->capture_default_str();
        command->add_option("--max-frame-growth", run.max_frame_growth,
                            "The probe's median frame may grow at most this many times from the warm-up to the end (0: reported, not checked)")
            ->check(CLI::Range(0.0, 100.0))
            ->capture_default_str();
        command->add_option("--folder", run.folder, "Where its GIFs, PNGs and CSVs go (default: a fresh folder under /tmp, removed after)");
        command->add_flag("--quiet", run.quiet, "No line per simulated minute");
    }
    int run_it() {
        parse_size(size, run.width, run.height);
        run.ui_scale = std::stof(scale);
        return run_class_run(new_session(), run);
    }
};

// `trace` and `metrics`: one pane of the NPC scene (or of the engine scene), headless, as CSV.
struct CsvCommand {
    CLI::App* command = nullptr;
    NpcRunOptions options;
    std::string out, scene;
    bool check = false;
    bool is_trace = false;

    void add(CLI::App& app, bool trace) {
        is_trace = trace;
        command = trace ? app.add_subcommand("trace", "Run the NPC scene headless and write every job's input/start/finish/save events as CSV "
                                                      "(--scene engine: every merged change)")
                        : app.add_subcommand("metrics", "Run the NPC scene headless and write per-frame latency and cost metrics as CSV "
                                                        "(--scene engine: the counters of every tick)");
        command->add_option("--out", out, "Output CSV file ('-' for stdout)")->required();
        command->add_option("--scene", scene, "npc (default), or engine: the parallel engine's first pane (docs/engine.md)")
            ->check(field_validator(field_of(setting::scene)));
        add_npc_run_options(*command, options);
        if (trace)
            command->add_flag("--check", check,
                              "Also check the trace against every rule of docs/semantics.md (docs/engine.md for the engine); exit status 1 if "
                              "one is broken");
    }
    int run() {
        const std::string name = is_trace ? "trace" : "metrics";
        const Result<FieldValue> value = parse_value(field_of(setting::scene), scene);  // fails when --scene is not given
        auto asked = [&](SceneKind kind) { return value && int_value(*value) == static_cast<int>(kind); };
        if (asked(SceneKind::Exposure))
            return fail({name + ": the exposure scene has no " + name + " (try --scene npc or --scene engine, or screenshot)", 2});
        LabSettings settings;
        if (const CommandResult resolved = options.resolve(*command, settings); !resolved) return fail(resolved);
        const bool engine_asked = asked(SceneKind::Engine);
        if (!scene.empty() && !engine_asked && settings.scene == SceneKind::Engine)
            return fail({name + ": preset '" + printable(options.preset) + "' is for the engine scene, not --scene " + scene, 2});
        if (engine_asked || settings.scene == SceneKind::Engine)
            return is_trace ? run_engine_trace(settings, options.frames, out, check) : run_engine_metrics(settings, options.frames, out);
        return is_trace ? run_trace(settings, options.frames, out, check) : run_metrics(settings, options.frames, out);
    }
};

// `soak`: the whole lab, headless, under random commands (core/session/soak.h).
struct SoakCommand {
    CLI::App* command = nullptr;
    SoakOptions options;
    std::int64_t rss_growth_mb = 64;
    bool quiet = false;

    void add(CLI::App& app) {
        command = app.add_subcommand("soak", "Run every scene headless for many steps, a random command every few steps, checking the "
                                             "trace rules, the jobs and memory as it goes");
        command->add_option("--steps", options.steps, "Steps in all")->check(CLI::Range(std::int64_t{1}, std::int64_t{100'000'000}))->capture_default_str();
        command->add_option("--seed", options.seed, "The random commands' seed: the same seed and steps replay the same commands")
            ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{4'294'967'295}))
            ->capture_default_str();
        command->add_option("--every", options.most_steps_between, "A command every 1 to this many steps")
            ->check(CLI::Range(1, 1000))
            ->capture_default_str();
        command->add_option("--only", options.fields, "Set only this setting (repeatable; names below); presets, lessons, panes and scenes still come")
            ->check(CLI::Validator(
                [](std::string& name) -> std::string { return find_field(name) ? "" : "'" + name + "' is not a setting (names below)"; },
                "NAME", "setting"));
        command->add_option("--rss-growth-mb", rss_growth_mb,
                            "Resident memory may grow by at most this many MB from the warm-up to the end (0: not checked)")
            ->check(CLI::Range(std::int64_t{0}, std::int64_t{1'000'000}))
            ->capture_default_str();
        command->add_flag("--quiet", quiet, "No progress lines on stderr");
    }
    int run() {
        options.assets_dir = assets_directory();
        options.rss_growth_mb = static_cast<double>(rss_growth_mb);
        if (!quiet) options.progress = [](const std::string& line) { std::cerr << line << '\n'; };
        const SoakResult result = run_soak(options);
        if (!result) {
            std::cerr << result.failure << '\n';
            return 1;
        }
        std::printf("soak: %lld steps, %lld commands (%lld refused as they should be), seed %llu, %.1f s\n"
                    "  trace rules: %lld stretches of the NPC scene (%llu events), %llu engine changes\n"
                    "  jobs: every job gathered after %lld same-frame updates of a pane; no job unfinished after %lld steps\n"
                    "  memory: %.1f MB resident in the warm-up, %.1f MB at the end, %.1f MB at the peak\n",
                    static_cast<long long>(result.steps), static_cast<long long>(result.commands), static_cast<long long>(result.refused),
                    static_cast<unsigned long long>(options.seed), result.seconds, static_cast<long long>(result.trace_stretches),
                    static_cast<unsigned long long>(result.trace_events), static_cast<unsigned long long>(result.engine_changes),
                    static_cast<long long>(result.pane_checks), static_cast<long long>(result.job_checks), result.warm_rss_mb, result.end_rss_mb, result.peak_rss_mb);
        return 0;
    }
};

struct BenchCommand {
    CLI::App* command = nullptr;
    BenchOptions options;

    void add(CLI::App& app) {
        command = app.add_subcommand("bench", "Run the benchmarks and print tables (the README's Benchmarks section lists them)");
        command->add_flag("--json", options.json, "Print one JSON array of {name, params, median, unit, spread} records instead (the tables go to stderr)");
        command->add_flag("--quick", options.quick, "Fewer repetitions: the whole run takes about a minute");
        command->add_option("--only", options.only, "Run only these groups (repeatable): lookup, threads, exposure, engine, frame, gif")
            ->check(CLI::IsMember(kBenchGroups));
        command->add_option("--workers", options.workers, "Worker threads of every group's job system (default: one per core besides the calling thread)")
            ->check(CLI::Range(0, JobSystem::kMaxWorkers));
        command->add_flag("--skip-unavailable", options.skip_unavailable,
                          "Skip a group that cannot run here (frame and gif need OpenGL) instead of failing");
    }
};

}  // namespace

// --- [SECTION] main -----------------------------------------------------------

int main(int argc, char** argv) {
    CLI::App app{"Timeslice Lab: timeslicing batched algorithms and delayed result gathering, live.\n"
                 "Without a command, opens the window.",
                 "timeslice-lab"};
    app.set_version_flag("--version", std::string("timeslice-lab ") + TSL_VERSION);
    app.require_subcommand(0, 1);
    app.footer(schema_help());
    WindowCommand window;
    ScreenshotCommand screenshot;
    RecordCommand record;
    LessonCheckCommand lesson_check;
    CsvCommand trace, metrics;
    BenchCommand bench;
    SoakCommand soak;
    ClassRunCommand class_run;
    window.add(app);
    screenshot.add(app);
    record.add(app);
    lesson_check.add(app);
    trace.add(app, true);
    metrics.add(app, false);
    bench.add(app);
    soak.add(app);
    class_run.add(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        return report(app, error);
    }
    if (screenshot.command->parsed()) return screenshot.run();
    if (lesson_check.command->parsed()) return lesson_check.run();
    if (record.command->parsed()) return record.run();
    if (trace.command->parsed()) return trace.run();
    if (metrics.command->parsed()) return metrics.run();
    if (bench.command->parsed()) return run_bench(bench.options);
    if (soak.command->parsed()) return soak.run();
    if (class_run.command->parsed()) return class_run.run_it();
    return window.run();
}
