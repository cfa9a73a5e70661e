// main.cpp — the `timeslice-lab` command line (SPEC §3.2): the window by
// default, and the headless commands trace, metrics and bench.
#include "bench.h"
#include "headless_commands.h"
#include "scene_options.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <string>

#ifndef TSL_VERSION
#error "TSL_VERSION must be defined by the build"
#endif

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

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Timeslice Lab: timeslicing batched algorithms and delayed result gathering, live.", "timeslice-lab"};
    app.set_version_flag("--version", std::string("timeslice-lab ") + TSL_VERSION);
    app.require_subcommand(0, 1);

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
    bench->add_flag("--quick", bench_options.quick, "Fewer repetitions: the whole run takes under 30 s");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        return report(app, error);
    }

    if (trace->parsed()) {
        trace_options.resolve();
        return run_trace(trace_options, trace_out, trace_check);
    }
    if (metrics->parsed()) {
        metrics_options.resolve();
        return run_metrics(metrics_options, metrics_out);
    }
    if (bench->parsed()) return run_bench(bench_options);

    std::cout << app.help();
    return 0;
}
