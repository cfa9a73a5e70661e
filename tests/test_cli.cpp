// The command line as a user meets it: headless trace and metrics files that
// follow the README and docs/semantics.md, and one-line errors with exit status 2.
#include "run_command.h"

#include "core/timeslicing/trace_rules.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include <sstream>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

using namespace tsl;
using namespace tsl::test;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> cells;
    std::istringstream in(line);
    for (std::string cell; std::getline(in, cell, ',');) cells.push_back(cell);
    return cells;
}

std::vector<TraceRecord> parse_trace(const std::string& csv_text) {
    const auto lines = lines_of(csv_text);
    REQUIRE(!lines.empty());
    REQUIRE(lines[0] == "frame,key,batch,event");
    std::vector<TraceRecord> trace;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const auto cells = split(lines[i]);
        REQUIRE(cells.size() == 4);
        TraceRecord r{std::stoll(cells[0]), std::stoull(cells[1]), static_cast<std::uint32_t>(std::stoul(cells[2])), TraceEvent::Input};
        if (cells[3] == "start") r.event = TraceEvent::Start;
        else if (cells[3] == "finish") r.event = TraceEvent::Finish;
        else if (cells[3] == "save") r.event = TraceEvent::Save;
        else REQUIRE(cells[3] == "input");
        trace.push_back(r);
    }
    return trace;
}

// Exit status 2 and exactly one line on stderr that contains every `needle`.
void require_usage_error(const std::vector<std::string>& args, const std::vector<std::string>& needles) {
    const CommandResult r = run_app(args);
    INFO("stderr: " << r.err);
    REQUIRE(r.status == 2);
    REQUIRE(lines_of(r.err).size() == 1);
    for (const std::string& needle : needles) CHECK(r.err.find(needle) != std::string::npos);
}

// metrics with `scene_args`, 3 frames, written through link.csv in `dir` to
// real.csv: the link stays a link and its target gets the header and 3 rows.
void check_metrics_through_a_link(const std::filesystem::path& dir, const std::vector<std::string>& scene_args) {
    std::ofstream(dir / "real.csv") << "old";
    std::filesystem::create_symlink("real.csv", dir / "link.csv");
    std::vector<std::string> args{"metrics"};
    args.insert(args.end(), scene_args.begin(), scene_args.end());
    args.insert(args.end(), {"--out", (dir / "link.csv").string(), "--frames", "3"});
    const CommandResult linked = run_app(args);
    INFO(linked.err);
    CHECK(linked.status == 0);
    CHECK(std::filesystem::is_symlink(dir / "link.csv"));
    CHECK(lines_of(slurp(dir / "real.csv")).size() == 4);
}

}  // namespace

TEST_CASE("The version and help options succeed", "[cli]") {
    const CommandResult version = run_app({"--version"});
    CHECK(version.status == 0);
    CHECK(version.out.find("timeslice-lab") != std::string::npos);
    const CommandResult help = run_app({"--help"});
    CHECK(help.status == 0);
    for (const char* command : {"trace", "metrics", "bench"}) CHECK(help.out.find(command) != std::string::npos);
    const CommandResult trace_help = run_app({"trace", "--help"});
    CHECK(trace_help.status == 0);
    CHECK(trace_help.out.find("--jobs-per-update") != std::string::npos);
}

TEST_CASE("trace writes frame/key/batch/event rows that satisfy every rule of docs/semantics.md", "[cli]") {
    const auto dir = scratch_dir("trace");
    const auto file = (dir / "t.csv").string();
    const CommandResult r = run_app({"trace", "--out", file, "--mode", "siso", "--npcs", "7", "--jobs-per-update", "2",
                                     "--update-every", "2", "--frames", "60", "--gather", "next-frame"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    const std::vector<TraceRecord> trace = parse_trace(slurp(file));
    const TraceRunSettings run{{Mode::SISO, 2, 2, Gathering::NextFrame}, 7, 60};
    CHECK(check_all_rules(trace, run) == Violations{});
    CHECK(trace.size() > 100);
    CHECK(trace.back().frame <= 59);

    // --check prints the verdict and agrees.
    const CommandResult checked = run_app({"trace", "--out", "-", "--mode", "aiso", "--npcs", "13", "--jobs-per-update",
                                           "4", "--update-every", "3", "--frames", "200", "--check"});
    CHECK(checked.status == 0);
    CHECK(checked.err.find("every rule of docs/semantics.md") != std::string::npos);
    CHECK(lines_of(checked.out).front() == "frame,key,batch,event");
    std::filesystem::remove_all(dir);
}

TEST_CASE("metrics writes one row per frame with real ages and errors", "[cli]") {
    const CommandResult r = run_app({"metrics", "--out", "-", "--mode", "aiao", "--update-every", "3", "--frames", "90"});
    REQUIRE(r.status == 0);
    const auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 91);
    CHECK(lines[0] ==
          "frame,mean_input_age_ms,max_input_age_ms,mean_error_deg,max_error_deg,main_update_ms,worker_busy_ms,jobs_started,"
          "acted_on_age_ms,decision_moments,map_hot_cells,map_moments");
    double max_age = 0, error_sum = 0;
    int jobs = 0;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const auto cells = split(lines[i]);
        REQUIRE(cells.size() == 12);
        CHECK(std::stoll(cells[0]) == static_cast<long long>(i - 1));
        max_age = std::max(max_age, std::stod(cells[2]));
        error_sum += std::stod(cells[3]);
        jobs += std::stoi(cells[7]);
        CHECK(cells[8] == cells[1]);  // without the danger map the NPCs act on their decisions' input
        CHECK(std::stoi(cells[9]) >= 1);  // ten NPCs on a ring: their decisions' moments are counted
        CHECK(cells[10] == "0");  // no map
        CHECK(cells[11] == "0");
    }
    CHECK(max_age > 500);  // 10 NPCs at 10 Hz: a decision can be most of a second old
    CHECK(error_sum > 0);
    CHECK(jobs == 30);     // one job every third frame
}

TEST_CASE("Bad arguments: one line naming the argument and the accepted values with exit status 2", "[cli]") {
    require_usage_error({"trace", "--out", "x.csv", "--mode", "fast"}, {"--mode", "fast", "update-all", "aiao", "siso"});
    require_usage_error({"trace", "--out", "x.csv", "--gather", "later"}, {"--gather", "same-frame", "next-frame"});
    require_usage_error({"trace", "--out", "x.csv", "--threading", "fibers"}, {"--threading", "inline"});
    require_usage_error({"trace", "--out", "x.csv", "--npcs", "0"}, {"--npcs", "1", "100000"});
    require_usage_error({"metrics", "--out", "x.csv", "--update-every", "many"}, {"--update-every"});
    require_usage_error({"trace", "--mode", "aiao"}, {"--out"});
    require_usage_error({"trace", "--out", "x.csv", "--bogus"}, {"--bogus", "--mode"});
    // Not a number is in no range: record --seconds nan would write a one-frame GIF.
    const auto dir = scratch_dir("not-finite");
    const std::string gif = (dir / "never.gif").string();
    for (const char* not_finite : {"nan", "-nan", "inf"})
        require_usage_error({"record", "--out", gif, "--seconds", not_finite}, {"--seconds", not_finite, "0.05", "600"});
    CHECK(std::filesystem::is_empty(dir));
    std::filesystem::remove_all(dir);
    // An unknown option is named even when a required one is missing too: the typo is the likelier cause.
    require_usage_error({"metrics", "--bogus"}, {"--bogus", "--out"});
    require_usage_error({"trace", "--bogus", "--frames", "3"}, {"--bogus", "--out"});
    CHECK(run_app({"metrics", "--bogus"}).err.find("is required") == std::string::npos);
    require_usage_error({"dance"}, {"dance", "trace", "metrics", "bench"});
}

TEST_CASE("An unwritable output path is an error that names it and leaves no file", "[cli]") {
    const auto dir = scratch_dir("unwritable");
    const auto missing = (dir / "no-such-dir" / "t.csv").string();
    const CommandResult r = run_app({"trace", "--out", missing});
    CHECK(r.status == 1);
    CHECK(r.err.find(missing) != std::string::npos);
    CHECK(std::filesystem::is_empty(dir));
    std::filesystem::remove_all(dir);
}

TEST_CASE("trace is byte-identical with inline and pool and thread-per-job threading", "[cli][threads-cli]") {
    std::string inline_trace;
    for (const char* threading : {"inline", "pool", "thread-per-job"}) {
        const CommandResult r = run_app({"trace", "--out", "-", "--mode", "siao", "--npcs", "19", "--jobs-per-update", "4",
                                         "--update-every", "2", "--frames", "120", "--gather", "next-frame", "--threading",
                                         threading, "--workers", "2", "--check"});
        INFO(threading << ": " << r.err);
        REQUIRE(r.status == 0);
        if (inline_trace.empty()) inline_trace = r.out;
        else CHECK(r.out == inline_trace);
    }
    CHECK(lines_of(inline_trace).size() > 200);
}

TEST_CASE("metrics reports worker busy time when jobs run on other threads", "[cli][threads-cli]") {
    const CommandResult r = run_app({"metrics", "--out", "-", "--frames", "10", "--threading", "thread-per-job",
                                     "--jobs-per-update", "3", "--job-cost", "200"});
    REQUIRE(r.status == 0);
    double busy = 0;
    for (const std::string& line : lines_of(r.out)) {
        const auto cells = split(line);
        if (cells.size() == 12 && cells[0] != "frame") busy = std::max(busy, std::stod(cells[6]));
    }
    CHECK(busy >= 0.5);  // three jobs of 200 us each on their own threads
    const CommandResult bad = run_app({"metrics", "--out", "-", "--workers", "-3"});
    CHECK(bad.status == 2);
}

TEST_CASE("bench prints the threads group as records for every method, grid and grain, with their spread", "[cli][bench]") {
    const CommandResult r = run_app({"bench", "--only", "threads", "--quick", "--json"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    const nlohmann::json records = nlohmann::json::parse(r.out);
    std::set<std::string> seen;
    for (const auto& record : records) {
        const auto& p = record.at("params");
        std::ostringstream named;
        named << record.at("name").get<std::string>() << ' ' << p.at("method").get<std::string>();
        if (p.contains("grid")) named << ' ' << p.at("grid").get<int>();
        if (p.contains("grain")) named << ' ' << p.at("grain").get<int>();
        const std::string key = named.str();
        INFO(key);
        CHECK(seen.insert(key).second);
        const double median = record.at("median");
        CHECK(median > 0);
        REQUIRE(record.contains("spread"));
        CHECK(record.at("spread").at("p25").get<double>() <= median);
        CHECK(record.at("spread").at("p75").get<double>() >= median);
    }
    for (const char* method : {"pool", "thread-per-job", "openmp", "tbb"}) CHECK(seen.count(std::string("dispatch_ns_per_job ") + method));
    for (const char* method : {"pool", "openmp", "tbb"}) CHECK(seen.count(std::string("fork_join_us ") + method));
    for (int grid : {100, 256, 1000}) {
        CHECK(seen.count("parallel_for_ms one-thread " + std::to_string(grid)));
        for (const char* method : {"pool", "openmp", "tbb"})
            for (int grain : {1, 256, 4096})
                CHECK(seen.count(std::string("parallel_for_ms ") + method + " " + std::to_string(grid) + " " + std::to_string(grain)));
    }
    CHECK(seen.size() == 4 + 3 + 3 + 27);
    // The peers run on as many threads as the pool, and the table says how many.
    const CommandResult table = run_app({"bench", "--only", "threads", "--quick", "--workers", "1"});
    REQUIRE(table.status == 0);
    CHECK(table.out.find("Threads: pool 2 (1 worker and the calling thread), openmp 2, tbb 2") != std::string::npos);
}

TEST_CASE("bench prints the exposure table as records for every grid, mode and algorithm, and every ray caster's map time", "[cli][bench]") {
    const CommandResult r = run_app({"bench", "--only", "exposure", "--quick", "--json"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    const nlohmann::json records = nlohmann::json::parse(r.out);
    // (grid, mode, algorithm) -> the names recorded for it, and their values.
    std::map<std::string, std::map<std::string, double>> rows;
    int back_to_back = 0;
    std::set<std::string> casters;  // "grid caster"
    for (const auto& record : records) {
        const auto& p = record.at("params");
        CHECK(record.at("unit") == "ms");
        const double value = record.at("median");
        CHECK(value > 0);
        if (record.at("name") == "ray_caster_ms") {
            casters.insert(std::to_string(p.at("grid").get<int>()) + " " + p.at("caster").get<std::string>());
            CHECK(record.at("spread").at("p25") <= value);
            CHECK(record.at("spread").at("p75") >= value);
            continue;
        }
        if (p.contains("steps")) {
            CHECK(p.at("steps") == "back-to-back");
            ++back_to_back;
            continue;
        }
        const std::string key = std::to_string(p.at("grid").get<int>()) + " " + p.at("mode").get<std::string>() + " " +
                                p.at("algorithm").get<std::string>();
        rows[key][record.at("name")] = value;
    }
    CHECK(back_to_back == 6);
    for (int grid : {100, 256, 1000})
        for (const char* caster : {"plain", "free-runs", "lanes"}) CHECK(casters.count(std::to_string(grid) + " " + caster) == 1);
    CHECK(casters.size() == 9);
    for (int grid : {100, 256, 1000})
        for (const char* mode : {"single", "same-frame", "next-frame", "timesliced"})
            for (const char* algorithm : {"rays", "sweep"}) {
                const std::string key = std::to_string(grid) + " " + mode + " " + algorithm;
                INFO(key);
                REQUIRE(rows.count(key) == 1);
                const auto& row = rows[key];
                REQUIRE(row.size() == 3);
                // The average over the busy threads cannot exceed their sum.
                CHECK(row.at("exposure_busy_ms") <= row.at("exposure_total_ms") * 1.0001);
            }
    CHECK(rows.size() == 24);
}

TEST_CASE("bench records the engine's tick for every agents, mode, queues and workers, and its merge per change", "[cli][bench]") {
    // What is recorded, not how fast: the values depend on the machine.
    const CommandResult r = run_app({"bench", "--only", "engine", "--quick", "--json"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    const nlohmann::json records = nlohmann::json::parse(r.out);
    std::set<std::string> steps, merges, posts;
    int ratios = 0;
    for (const auto& record : records) {
        const std::string name = record.at("name");
        const auto& p = record.at("params");
        const double value = record.at("median");
        CHECK(value > 0);
        if (name == "engine_step_ms" || name == "change_post_ns_per_change") {
            // Measured side by side, sample by sample: a median with its quartiles.
            CHECK(record.at("spread").at("p25").get<double>() <= value);
            CHECK(record.at("spread").at("p75").get<double>() >= value);
        }
        if (name == "engine_step_ms") {
            CHECK(record.at("unit") == "ms");
            steps.insert(std::to_string(p.at("agents").get<int>()) + " " + p.at("mode").get<std::string>() + " " +
                         p.at("queues").get<std::string>() + " " + (p.at("workers").get<int>() == 0 ? "inline" : "pool"));
        } else if (name == "change_merge_ns_per_change") {
            CHECK(record.at("unit") == "ns");
            CHECK(p.at("agents") == 10000);
            merges.insert(p.at("phase").get<std::string>());
        } else if (name == "change_post_ns_per_change") {
            posts.insert(p.at("queues").get<std::string>());
        } else {
            CHECK(name == "engine_locked_over_per_thread");
            ++ratios;
        }
    }
    for (const char* agents : {"1000", "10000"})
        for (const char* mode : {"lock-step", "free-step"}) {
            const std::string row = std::string(agents) + " " + mode;
            CHECK(steps.count(row + " per-thread inline") == 1);
            CHECK(steps.count(row + " per-thread pool") == 1);
            CHECK(steps.count(row + " locked pool") == 1);
        }
    CHECK(steps.size() == 12);
    CHECK(merges == std::set<std::string>{"merge", "merge+distribute"});
    CHECK(posts == std::set<std::string>{"locked", "per-thread"});
    CHECK(ratios == 1);
    // The table prints the ratio of both queues' ticks, measured in the same run.
    const CommandResult table = run_app({"bench", "--only", "engine", "--quick"});
    CHECK(table.out.find("one locked queue / per-thread queues = ") != std::string::npos);
    CHECK(table.out.find("the three rows of an agent count and mode in turn") != std::string::npos);
}

TEST_CASE("bench measures the GIF encoder apart from the file it writes, and the frame on every thread of the app", "[cli][bench]") {
    const CommandResult r = run_app({"bench", "--only", "gif", "--only", "frame", "--quick", "--json"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    std::map<std::string, nlohmann::json> by_name;  // "name npcs"
    for (const auto& record : nlohmann::json::parse(r.out)) {
        const auto& p = record.at("params");
        by_name[record.at("name").get<std::string>() + (p.contains("npcs") ? " " + std::to_string(p.at("npcs").get<int>()) : "")] = record;
    }
    for (const char* name : {"gif_encode_ms_per_frame", "gif_write_ms_per_frame"}) {
        INFO(name);
        REQUIRE(by_name.count(name) == 1);
        const nlohmann::json& record = by_name[name];
        CHECK(record.at("median").get<double>() > 0);
        CHECK(record.at("spread").at("p25").get<double>() <= record.at("median").get<double>());
    }
    CHECK(by_name["gif_bytes"].at("median").get<double>() > 100'000);  // the clip, read back from the file written
    for (int npcs : {10, 10000, 100000}) {
        const std::string n = " " + std::to_string(npcs);
        INFO(npcs << " NPCs");
        REQUIRE(by_name.count("frame_cpu_ms" + n) == 1);
        REQUIRE(by_name.count("frame_app_threads_cpu_ms" + n) == 1);
        // The main thread's and the workers' CPU is at least the main thread's.
        CHECK(by_name["frame_app_threads_cpu_ms" + n].at("median").get<double>() >= by_name["frame_cpu_ms" + n].at("median").get<double>());
    }
    CHECK(r.err.find("encode (to /dev/null") != std::string::npos);
    CHECK(r.err.find("whole write (temporary file") != std::string::npos);
}

TEST_CASE("A bench group that cannot run here is an error unless --skip-unavailable asks to skip it", "[cli][bench]") {
    // No EGL vendor library: no OpenGL context can be made, with or without a display.
    const std::string no_gl = "env -u DISPLAY -u WAYLAND_DISPLAY __EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent ";
    for (const char* group : {"frame", "gif"}) {
        INFO(group);
        const CommandResult failed = run_command(tsl::test::kApp, {"bench", "--quick", "--only", group}, no_gl);
        CHECK(failed.status == 1);
        CHECK(failed.err.find(std::string("the ") + group + " group cannot run here") != std::string::npos);
        CHECK(failed.err.find("--skip-unavailable") != std::string::npos);
        const CommandResult skipped = run_command(tsl::test::kApp, {"bench", "--quick", "--only", group, "--only", "lookup", "--skip-unavailable", "--json"}, no_gl);
        CHECK(skipped.status == 0);
        CHECK(skipped.err.find(std::string(group) + ": skipped, ") != std::string::npos);
        const nlohmann::json records = nlohmann::json::parse(skipped.out);
        CHECK(records.size() > 0);
        for (const auto& record : records) CHECK(record.at("name").get<std::string>().rfind("lookup_", 0) == 0);
    }
}

TEST_CASE("metrics and trace run a preset's pane and options given beside it change it", "[cli][presets]") {
    // siso-10hz: 10 NPCs, J = 1, P = 3: one job every third frame.
    const CommandResult r = run_app({"metrics", "--out", "-", "--preset", "siso-10hz", "--frames", "90"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    auto jobs_in = [](const std::string& csv) {
        int jobs = 0;
        const auto lines = lines_of(csv);
        for (std::size_t i = 1; i < lines.size(); ++i) jobs += std::stoi(split(lines[i]).at(7));  // jobs_started
        return jobs;
    };
    CHECK(jobs_in(r.out) == 30);
    const CommandResult faster = run_app({"metrics", "--out", "-", "--preset", "siso-10hz", "--update-every", "1", "--frames", "90"});
    REQUIRE(faster.status == 0);
    CHECK(jobs_in(faster.out) == 90);

    const CommandResult trace = run_app({"trace", "--out", "-", "--preset", "four-modes-10hz", "--pane", "3", "--frames", "60", "--check"});
    INFO(trace.err);
    CHECK(trace.status == 0);
    const std::vector<TraceRecord> events = parse_trace(trace.out);
    // Pane 3 is SISO: every input of batch 0 is read on frame 0.
    int inputs = 0;
    for (const TraceRecord& e : events)
        if (e.event == TraceEvent::Input && e.batch == 0) {
            CHECK(e.frame == 0);
            ++inputs;
        }
    CHECK(inputs == 10);
}

TEST_CASE("An unknown preset or pane is a usage error and a broken preset file names its line", "[cli][presets][errors]") {
    require_usage_error({"metrics", "--out", "-", "--preset", "no-such-preset"}, {"no-such-preset", "aiao-10hz", "four-modes-10hz"});
    require_usage_error({"screenshot", "--out", "x.png", "--preset", "no-such-preset"}, {"no-such-preset", "available"});
    const CommandResult pane = run_app({"trace", "--out", "-", "--preset", "aiao-10hz", "--pane", "4"});
    CHECK(pane.status == 2);
    CHECK(pane.err.find("2 pane") != std::string::npos);
    require_usage_error({"metrics", "--out", "-", "--preset", "aiao-10hz", "--pane", "5"}, {"--pane 5", "aiao-10hz", "1 to 2"});
    require_usage_error({"metrics", "--out", "-", "--preset", "engine-queues", "--pane", "3"}, {"--pane 3", "engine-queues", "1 to 2"});
    require_usage_error({"metrics", "--out", "-", "--pane", "6"}, {"--pane", "1 to 5"});

    const auto dir = scratch_dir("presets");
    std::filesystem::create_directories(dir / "presets");
    std::ofstream(dir / "presets" / "broken.toml") << "title = \"Broken\"\n[[pane]]\nmode = \"aiao\"\nupdate_every = 0\n";
    const CommandResult broken = run_command(tsl::test::kApp, {"metrics", "--out", "-", "--preset", "broken"}, "TSL_ASSETS_DIR=" + dir.string() + " ");
    CHECK(broken.status == 1);
    CHECK(broken.err.find("broken.toml:4") != std::string::npos);
    CHECK(lines_of(broken.err).size() == 1);
    std::filesystem::remove_all(dir);
}

TEST_CASE("What --out names is never destroyed: a link's target is replaced and a FIFO written through and a directory refused",
          "[cli][output]") {
    const auto dir = scratch_dir("out-kinds");
    check_metrics_through_a_link(dir, {});

    // The read end is open first, so the writer never waits; 5 frames of
    // trace fit in the pipe's 64 KB.
    const std::string fifo = (dir / "pipe").string();
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const int read_end = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    REQUIRE(read_end >= 0);
    const CommandResult piped = run_app({"trace", "--out", fifo, "--frames", "5"});
    std::string received;
    char chunk[4096];
    for (ssize_t n; (n = ::read(read_end, chunk, sizeof chunk)) > 0;) received.append(chunk, static_cast<std::size_t>(n));
    ::close(read_end);
    CHECK(piped.status == 0);
    CHECK(received.starts_with("frame,key,batch,event\n"));
    CHECK(std::filesystem::is_fifo(fifo));

    std::filesystem::create_directory(dir / "folder.csv");
    const CommandResult folder = run_app({"metrics", "--out", (dir / "folder.csv").string(), "--frames", "3"});
    CHECK(folder.status == 1);
    CHECK(folder.err == "timeslice-lab: cannot write '" + (dir / "folder.csv").string() + "': Is a directory\n");
    CHECK(std::filesystem::is_empty(dir / "folder.csv"));
    CHECK(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()) == 4);
    std::filesystem::remove_all(dir);
}

TEST_CASE("The engine scene's trace and metrics write through the same writer: a link's target replaced, a full device named, NaN refused",
          "[cli][output][engine]") {
    const auto dir = scratch_dir("engine-out");
    check_metrics_through_a_link(dir, {"--scene", "engine", "--agents", "50"});

    const std::string full_device = stand_in_device(dir, "/dev/full");
    REQUIRE(!full_device.empty());
    const CommandResult device = run_app({"trace", "--scene", "engine", "--agents", "50", "--out", full_device, "--frames", "30"});
    CHECK(device.status == 1);
    CHECK(device.err == "timeslice-lab: cannot write '" + full_device + "': No space left on device\n");
    CHECK(std::filesystem::is_character_file(full_device));
    std::filesystem::remove_all(dir);

    require_usage_error({"metrics", "--scene", "engine", "--out", "-", "--agent-speed", "nan"}, {"--agent-speed", "nan"});
    require_usage_error({"trace", "--scene", "engine", "--out", "-", "--set", "agent_speed=nan"}, {"agent_speed", "nan"});
}

TEST_CASE("A failed write names the system's reason for a file and a device and standard output", "[cli][output]") {
    const auto dir = scratch_dir("full");
    const std::string full_device = stand_in_device(dir, "/dev/full");
    REQUIRE(!full_device.empty());

    // Standard output on the device that is always full.
    const CommandResult out = run_command(tsl::test::kApp, {"metrics", "--out", "-", "--frames", "30"}, "", full_device);
    CHECK(out.status == 1);
    CHECK(out.err == "timeslice-lab: cannot write to standard output: No space left on device\n");
    const CommandResult device = run_app({"trace", "--out", full_device, "--frames", "30"});
    CHECK(device.status == 1);
    CHECK(device.err == "timeslice-lab: cannot write '" + full_device + "': No space left on device\n");
    CHECK(std::filesystem::is_character_file(full_device));
    std::filesystem::remove(full_device);

    // A regular file that hits the file size limit (as a full disk would stop
    // it): the kernel's reason, and neither the file nor its temporary file.
    const std::string file = (dir / "m.csv").string();
    const CommandResult limited =
        run_command(tsl::test::kApp, {"metrics", "--out", file, "--frames", "100000"}, "trap '' XFSZ; ulimit -f 8; ");
    CHECK(limited.status == 1);
    CHECK(limited.err == "timeslice-lab: cannot write '" + file + "': File too large\n");
    CHECK(std::filesystem::is_empty(dir));
    std::filesystem::remove_all(dir);
}
