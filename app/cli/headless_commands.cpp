#include "app/cli/headless_commands.h"

#include "app/cli/assets.h"
#include "app/frame/lab_app.h"
#include "app/platform/headless_session.h"

#include "core/media/output_file.h"
#include "core/session/lab_session.h"
#include "core/timeslicing/trace_rules.h"

#include <cstdio>
#include <iostream>

namespace tsl::app {

// A session of the one pane these commands run: no profiler, no timing diagram.
std::unique_ptr<LabSession> headless_session(const LabSettings& settings) {
    SessionOptions options;
    options.assets_dir = assets_directory();
    options.profile = false;
    options.follow_edited_pane = false;
    return std::make_unique<LabSession>(settings, std::move(options));
}

std::unique_ptr<HeadlessSession> open_headless(const std::string& command, int width, int height) {
    Result<std::unique_ptr<HeadlessSession>> session = HeadlessSession::create(width, height);
    if (!session) {
        std::cerr << "timeslice-lab: " << command << ": " << session.error() << '\n';
        return nullptr;
    }
    return std::move(*session);
}

Result<std::unique_ptr<LabApp>> ready_app(std::unique_ptr<LabSession> lab, const std::vector<Command>& commands) {
    for (const Command& command : commands)
        if (const CommandResult result = lab->apply(command); !result) return result.failure();
    auto app = std::make_unique<LabApp>(std::move(lab));
    if (const Status made = app->init(); !made) return made.failure();
    return app;
}

int report_failure(const ResultError& failed) {
    std::cerr << "timeslice-lab: " << failed.error() << '\n';
    return CommandResult::failed(failed).status;
}

int report_verdict(const std::vector<std::string>& broken, const std::string& holds) {
    for (const std::string& b : broken) std::cerr << "rule broken: " << b << '\n';
    if (!broken.empty()) return 1;
    std::cerr << holds << '\n';
    return 0;
}

bool write_output(const std::string& path, const std::function<bool(std::ostream&)>& write) {
    const Status result = write_output_file(path, write);  // "-" is standard output
    if (!result) std::cerr << "timeslice-lab: " << result.error() << '\n';
    return bool(result);
}

bool write_trace(LabSession& session, std::int64_t steps, const std::string& out_path, const std::string& header,
                 const std::function<void(std::ostream&)>& write_step) {
    return write_output(out_path, [&](std::ostream& out) {
        out << header << '\n';
        for (std::int64_t s = 0; s < steps; ++s) {
            session.step(1);
            write_step(out);
            if (!out) return false;
        }
        return true;
    });
}

int run_trace(const LabSettings& settings, std::int64_t frames, const std::string& out_path, bool check) {
    const auto session = headless_session(settings);
    TraceLog log;
    session->attach_trace(0, &log);
    // Checked frame by frame as it is written: memory bounded by the settings, not by --frames.
    const NpcSceneConfig config = session->pane(0).config();
    TraceChecker checker({config.timeslicing, config.npc_count, frames});

    const bool written = write_trace(*session, frames, out_path, "frame,key,batch,event", [&](std::ostream& out) {
        for (const TraceRecord& r : log.records()) out << r.frame << ',' << r.key << ',' << r.batch << ',' << name_of(r.event) << '\n';
        if (check) checker.add(log.records());
        log.clear();
    });
    session->attach_trace(0, nullptr);
    if (!written) return 1;
    if (!check) return 0;

    return report_verdict(checker.finish(), "trace: every rule of docs/semantics.md holds (" + std::to_string(checker.events()) +
                                                " events, " + std::to_string(frames) + " frames)");
}

int run_metrics(const LabSettings& settings, std::int64_t frames, const std::string& out_path) {
    const auto session = headless_session(settings);
    const bool written = write_output(out_path, [&](std::ostream& out) {
        out << "frame,mean_input_age_ms,max_input_age_ms,mean_error_deg,max_error_deg,main_update_ms,worker_busy_ms,jobs_started,"
               "acted_on_age_ms,decision_moments,map_hot_cells,map_moments\n";
        char row[256];
        for (std::int64_t f = 0; f < frames; ++f) {
            session->step(1);
            const NpcFrameMetrics& m = session->pane(0).metrics();
            std::snprintf(row, sizeof row, "%lld,%.3f,%.3f,%.4f,%.4f,%.4f,%.4f,%u,%.3f,%u,%u,%u\n", static_cast<long long>(m.frame),
                          m.mean_input_age_ms, m.max_input_age_ms, m.mean_error_deg, m.max_error_deg, m.main_update_ms,
                          m.worker_busy_ms, m.jobs_started, m.mean_end_to_end_age_ms, m.decision_moments, m.map_hot_cells, m.map_moments);
            out << row;
            if (!out) return false;
        }
        return true;
    });
    return written ? 0 : 1;
}

}  // namespace tsl::app
