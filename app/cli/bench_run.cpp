// bench_run.cpp — `timeslice-lab bench` on the desktop: the frame group on
// the headless platform (an offscreen OpenGL context), and the run that
// prints every group's tables or records.
#include "app/cli/bench.h"

#include "app/cli/assets.h"
#include "app/frame/lab_app.h"
#include "app/platform/headless_session.h"
#include "app/render/gl.h"

#include "core/session/lab_session.h"

#include <algorithm>
#include <iostream>
#include <stdexcept>

namespace tsl::app {

namespace {

// The frame benchmark's surface: the headless session's framebuffer.
class HeadlessBenchSurface final : public BenchSurface {
public:
    explicit HeadlessBenchSurface(HeadlessSession& session) : session_(session) {}
    std::string context_kind() const override { return session_.context_kind(); }
    std::string clock() const override { return "main-thread CPU time"; }
    std::string frame_record() const override { return "frame_cpu_ms"; }
    std::string where() const override { return "offscreen"; }
    std::string gpu_note() const override {
        return "The GPU's own work (here llvmpipe rendering on other threads) is not counted.";
    }
    std::unique_ptr<LabApp> make_app(const LabSettings& settings) override {
        SessionOptions session_options;
        session_options.assets_dir = assets_directory();
        return std::make_unique<LabApp>(std::make_unique<LabSession>(settings, std::move(session_options)));
    }
    void render(LabApp& app, int steps) override { session_.render(app, steps); }
    void wait_for_gpu() override { glFinish(); }  // Mesa's glFinish returns once the drawing is done

private:
    HeadlessSession& session_;
};

}  // namespace

std::vector<BenchRecord> bench_frame_cpu(const BenchOptions& options, std::string& table) {
    const Result<std::unique_ptr<HeadlessSession>> made = HeadlessSession::create(1600, 900);
    if (!made) {
        group_unavailable(options, "frame", made.error(), table);
        return {};
    }
    const std::unique_ptr<HeadlessSession>& session = *made;
    HeadlessBenchSurface surface(*session);
    return bench_frame_cpu_on(surface, options, table);
}

void group_unavailable(const BenchOptions& options, const std::string& group, const std::string& why, std::string& table) {
    if (!options.skip_unavailable)
        throw std::runtime_error("bench: the " + group + " group cannot run here: " + why + " (--skip-unavailable skips it)");
    table += "\n" + group + ": skipped, " + why + "\n";
}

int run_bench(const BenchOptions& options) {
    std::string table;
    std::vector<BenchRecord> records;
    auto wanted = [&](const char* group) {
        return options.only.empty() || std::find(options.only.begin(), options.only.end(), group) != options.only.end();
    };
    using Group = std::vector<BenchRecord> (*)(const BenchOptions&, std::string&);
    try {
        for (auto [group, run] : {std::pair<const char*, Group>{"lookup", bench_lookup}, {"threads", bench_threads},
                                  {"exposure", bench_exposure}, {"engine", bench_engine}, {"frame", bench_frame_cpu}, {"gif", bench_gif}})
            if (wanted(group))
                for (BenchRecord& r : run(options, table)) records.push_back(std::move(r));
    } catch (const std::exception& error) {
        std::cerr << "timeslice-lab: " << error.what() << '\n';
        return 1;
    }

    if (options.json) {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        for (const BenchRecord& r : records) out.push_back(record_json(r));
        std::cout << out.dump(2) << '\n';
        std::cerr << table;  // the same run's tables, for people, beside the records
    } else {
        std::cout << table;
    }
    return 0;
}

}  // namespace tsl::app
