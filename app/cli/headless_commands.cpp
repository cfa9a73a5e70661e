#include "app/cli/headless_commands.h"

#include "app/cli/assets.h"

#include "core/media/atomic_file.h"
#include "core/session/lab_session.h"
#include "core/timeslicing/trace_rules.h"

#include <cstdio>
#include <iostream>

namespace tsl::app {

namespace {

// A session of the one pane these commands run: no profiler, no timing diagram.
std::unique_ptr<LabSession> headless_session(const LabSettings& settings) {
    SessionOptions options;
    options.assets_dir = assets_directory();
    options.profile = false;
    options.follow_edited_pane = false;
    return std::make_unique<LabSession>(settings, std::move(options));
}

}  // namespace

bool write_output(const std::string& path, const std::function<bool(std::ostream&)>& write) {
    if (path == "-") {
        const bool ok = write(std::cout);
        std::cout.flush();
        return ok && std::cout.good();
    }
    const FileResult result = write_file_atomically(path, write);
    if (!result) std::cerr << "timeslice-lab: " << result.error << '\n';
    return result.ok;
}

int run_trace(const LabSettings& settings, std::int64_t frames, const std::string& out_path, bool check) {
    const auto session = headless_session(settings);
    TraceLog log;
    session->attach_trace(0, &log);
    std::vector<TraceRecord> kept;  // the whole trace, only when checking

    const bool written = write_output(out_path, [&](std::ostream& out) {
        out << "frame,key,batch,event\n";
        for (std::int64_t f = 0; f < frames; ++f) {
            session->step(1);
            // Stream frame by frame: a long trace of many NPCs never sits in memory.
            for (const TraceRecord& r : log.records())
                out << r.frame << ',' << r.key << ',' << r.batch << ',' << name_of(r.event) << '\n';
            if (check) kept.insert(kept.end(), log.records().begin(), log.records().end());
            log.clear();
            if (!out) return false;
        }
        return true;
    });
    session->attach_trace(0, nullptr);
    if (!written) return 1;
    if (!check) return 0;

    const NpcSceneConfig config = session->pane(0).config();
    const TraceRunSettings run{config.timeslicing, config.npc_count, frames};
    const Violations violations = check_all_rules(kept, run);
    for (const std::string& v : violations) std::cerr << "rule broken: " << v << '\n';
    if (!violations.empty()) return 1;
    std::cerr << "trace: every rule of docs/semantics.md holds (" << kept.size() << " events, " << frames << " frames)\n";
    return 0;
}

int run_metrics(const LabSettings& settings, std::int64_t frames, const std::string& out_path) {
    const auto session = headless_session(settings);
    const bool written = write_output(out_path, [&](std::ostream& out) {
        out << "frame,mean_input_age_ms,max_input_age_ms,mean_error_deg,max_error_deg,main_update_ms,worker_busy_ms,jobs_started\n";
        char row[256];
        for (std::int64_t f = 0; f < frames; ++f) {
            session->step(1);
            const NpcFrameMetrics& m = session->pane(0).metrics();
            std::snprintf(row, sizeof row, "%lld,%.3f,%.3f,%.4f,%.4f,%.4f,%.4f,%u\n", static_cast<long long>(m.frame),
                          m.mean_input_age_ms, m.max_input_age_ms, m.mean_error_deg, m.max_error_deg, m.main_update_ms,
                          m.worker_busy_ms, m.jobs_started);
            out << row;
            if (!out) return false;
        }
        return true;
    });
    return written ? 0 : 1;
}

}  // namespace tsl::app
