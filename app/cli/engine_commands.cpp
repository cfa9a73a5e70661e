// engine_commands.cpp — `trace --scene engine` and `metrics --scene engine`:
// the engine scene's first pane, headless, as CSV.
#include "app/cli/headless_commands.h"

#include "core/engine/engine_trace.h"
#include "core/session/lab_session.h"

#include <cstdio>
#include <ostream>

namespace tsl::app {

namespace {

// The engine scene's first pane alone.
std::unique_ptr<LabSession> engine_session(LabSettings settings) {
    settings.scene = SceneKind::Engine;
    settings.set_engine_pane_count(1);
    return headless_session(settings);
}

}  // namespace

int run_engine_trace(const LabSettings& settings, std::int64_t ticks, const std::string& out_path, bool check) {
    const auto session = engine_session(settings);
    std::vector<ChangeEvent> events;
    EngineTraceChecker checker;  // checks while it streams: one tick held, not the trace
    session->attach_engine_trace(0, &events);
    const bool written = write_trace(*session, ticks, out_path, engine_trace_header(), [&](std::ostream& out) {
        for (const ChangeEvent& e : events) {
            write_engine_event(out, e);
            out << '\n';
        }
        if (check) checker.add(events);
        events.clear();
    });
    session->attach_engine_trace(0, nullptr);
    if (!written) return 1;
    if (!check) return 0;
    const std::vector<std::string> broken = checker.finish();
    return report_verdict(broken, "trace: every rule of docs/engine.md holds (" + std::to_string(checker.events()) + " changes, " +
                                      std::to_string(ticks) + " ticks)");
}

int run_engine_metrics(const LabSettings& settings, std::int64_t ticks, const std::string& out_path) {
    const auto session = engine_session(settings);
    const bool written = write_output(out_path, [&](std::ostream& out) {
        out << "tick,tick_ms,tick_cpu_ms,launch_ms,wait_ms,merge_ms,distribute_ms,ai_work_ms,physics_work_ms,animation_work_ms,subtasks,"
               "posted,merged,dropped,held,delivered_ai,delivered_physics,delivered_animation,delivered_scene,routes_asked,routes_shared,"
               "routes_cached,searches,contended,lock_wait_ms,staleness_ai,staleness_physics,staleness_animation,"
               "run_ticks_ai,run_ticks_physics,run_ticks_animation\n";
        char row[512];
        for (std::int64_t t = 0; t < ticks; ++t) {
            session->step(1);
            const EngineTickStats& s = session->engine()->pane(0).stats();
            const MergeCounts& m = s.merge;
            std::uint32_t held = 0;
            for (std::uint32_t h : m.held) held += h;
            std::snprintf(row, sizeof row,
                          "%lld,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%.4f,%d,%d,%d,%d,%d,%d\n",
                          static_cast<long long>(s.tick), s.tick_ms, s.tick_cpu_ms, s.launch_ms, s.wait_ms, m.merge_ms, m.distribute_ms,
                          s.work_ms[0], s.work_ms[1], s.work_ms[2], s.subtasks, m.posts.posted, m.merged, m.dropped, held, m.delivered[0],
                          m.delivered[1], m.delivered[2], m.delivered[3], s.routes_asked, s.routes_shared, s.routes_cached, s.searches,
                          m.posts.contended, static_cast<double>(m.posts.lock_wait_ns) * 1e-6, s.staleness[0], s.staleness[1], s.staleness[2],
                          s.run_ticks[0], s.run_ticks[1], s.run_ticks[2]);
            out << row;
            if (!out) return false;
        }
        return true;
    });
    return written ? 0 : 1;
}

}  // namespace tsl::app
