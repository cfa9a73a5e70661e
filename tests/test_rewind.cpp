// Stepping back in time (core/session/rewind.h): a run that steps back and
// forward again goes on exactly as one that never did — its NPCs, its
// timeslicers' traces, its plot series and its timing diagram — in every
// mode, with every threading (inline, a thread per job, the job system with
// same- and next-frame gathering), the danger map and the article's lock; and
// every moment shown on the way back is the one the run really had.
#include "build_paths.h"
#include "core/session/lab_session.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <tuple>
#include <vector>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

template <class T>
void append(std::string& out, const T& value) {
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

// Every pane's map shown, sentinel, character and tickets, as bytes.
std::string exposure_bytes(const LabSession& session) {
    std::string out;
    for (int p = 0; p < session.exposure_panes(); ++p) {
        const ExposureScene& scene = *session.exposure(p);
        out.append(reinterpret_cast<const char*>(scene.exposure().data()), scene.exposure().size());
        append(out, scene.exposure_version());
        append(out, scene.frames_stepped());
        append(out, scene.sentinel_position());
        append(out, scene.eye());
        append(out, scene.pass_progress());
        const Character& c = scene.character();
        for (const auto& v : {c.position.x, c.position.y}) append(out, v);
        for (const Cell& cell : {c.cell, c.destination, c.asked_from, c.fleeing_to}) append(out, cell);
        out.append(reinterpret_cast<const char*>(c.path.data()), c.path.size() * sizeof(Cell));
        for (const auto& n : {c.flights, c.steps, c.steps_seen}) append(out, n);
        append(out, c.phase);
        for (const TicketInfo& t : scene.paths().tickets()) {
            append(out, t.id);
            append(out, t.state);
            append(out, t.answer_step);
            append(out, t.requesters);
        }
        const ExposureMetrics& m = scene.metrics();
        for (const auto& n : {m.map_age_steps, static_cast<std::int64_t>(m.cells)}) append(out, n);
    }
    return out;
}

// Every pane's scene copy, tick, live counters, runs in flight, tickets, and
// the AI's minds between its runs, as bytes.
std::string engine_bytes(const LabSession& session) {
    std::string out;
    for (int p = 0; p < session.engine()->size(); ++p) {
        const EngineScene& scene = session.engine()->pane(p);
        append(out, scene.ticks());
        append(out, scene.state_hash());
        const EngineTickStats& s = scene.stats();
        append(out, s.started);
        append(out, s.finished);
        append(out, s.staleness);
        append(out, s.run_ticks);
        for (const auto& n : {s.merge.merged, s.merge.dropped, s.routes_asked, s.searches}) append(out, n);
        for (SystemId id : kSystems) append(out, scene.in_flight(id));
        for (const TicketInfo& t : scene.paths().tickets()) {
            append(out, t.id);
            append(out, t.state);
            append(out, t.requesters);
        }
        if (scene.in_flight(SystemId::Ai)) continue;
        for (std::uint32_t i = 0; i < scene.state().size(); ++i) {
            const AiSystem::Mind& m = scene.ai().mind(i);
            for (const auto& n : {m.trip, m.rest_until, m.ticket.id}) append(out, n);
            append(out, m.phase);
            append(out, m.goal);
        }
    }
    return out;
}

// Every NPC of every pane (or the scene shown), as bytes: equal means the same state to the bit.
std::string npc_bytes(const LabSession& session) {
    if (session.showing_exposure()) return exposure_bytes(session);
    if (session.showing_engine()) return engine_bytes(session);
    std::string out;
    for (int p = 0; p < session.panes().size(); ++p) {
        const std::span<const Npc> npcs = session.pane(p).npcs();
        out.append(reinterpret_cast<const char*>(npcs.data()), npcs.size_bytes());
        const Vec2 target = session.pane(p).target_position();
        out.append(reinterpret_cast<const char*>(&target), sizeof target);
    }
    return out;
}

std::vector<TraceRecord> diagram(const LabSession& session) {
    const TraceLog* log = session.diagram_trace();
    return log ? log->records() : std::vector<TraceRecord>{};
}

// Every sample of every plot series, timings included, as bytes.
std::string plot_bytes(const LabSession& session) {
    std::string out;
    auto add = [&out](const PlotSeries& series) {
        for (std::size_t i = 0; i < series.size(); ++i) {
            const PlotSample s = series.sample(i);
            out.append(reinterpret_cast<const char*>(&s), sizeof s);
        }
        out += '|';
    };
    if (session.showing_exposure()) {
        const ExposurePlots& plots = session.exposure_plots();
        for (int p = 0; p < plots.pane_count(); ++p) {
            add(plots.pane(p).map_age);
            add(plots.pane(p).seen);
        }
        return out;
    }
    if (session.showing_engine()) {
        const EnginePlots& plots = session.engine_plots();
        for (int p = 0; p < plots.pane_count(); ++p) {
            const EnginePaneSeries& s = plots.pane(p);
            for (const PlotSeries& series : s.staleness) add(series);
            for (const PlotSeries* series : {&s.tick_ms, &s.wait_ms, &s.merge_ms, &s.work_ms}) add(*series);
        }
        return out;
    }
    const SessionPlots& plots = session.plots();
    for (int p = 0; p < plots.pane_count(); ++p) {
        const PaneSeries& s = plots.pane(p);
        for (const PlotSeries* series : {&s.age_mean, &s.age_max, &s.error_mean, &s.error_max, &s.main_ms, &s.busy_ms, &s.age_acted})
            add(*series);
    }
    add(plots.jobs());
    add(plots.frame_total());
    return out;
}

// The series that do not measure real time: the same in two runs.
std::string simulated_plot_bytes(const LabSession& session) {
    if (session.showing_exposure()) return plot_bytes(session);  // map age, time seen: simulated
    std::string out;
    if (session.showing_engine()) {
        for (int p = 0; p < session.engine_plots().pane_count(); ++p)
            for (const PlotSeries& series : session.engine_plots().pane(p).staleness)
                for (std::size_t i = 0; i < series.size(); ++i) append(out, series.sample(i));
        return out;
    }
    const SessionPlots& plots = session.plots();
    for (int p = 0; p < plots.pane_count(); ++p) {
        const PaneSeries& s = plots.pane(p);
        for (const PlotSeries* series : {&s.age_mean, &s.age_max, &s.error_mean, &s.error_max, &s.age_acted})
            for (std::size_t i = 0; i < series->size(); ++i) {
                const PlotSample sample = series->sample(i);
                out.append(reinterpret_cast<const char*>(&sample), sizeof sample);
            }
    }
    return out;
}

struct Run {
    std::unique_ptr<LabSession> session;
    TraceLog trace;                        // pane A's whole trace (NPC scene)
    std::vector<ChangeEvent> changes;      // pane A's merged changes (engine scene)
    std::string changes_bytes() const {
        std::string out;
        for (const ChangeEvent& e : changes) {
            for (const auto& n : {e.tick, static_cast<std::int64_t>(e.data_tick), static_cast<std::int64_t>(e.object)}) append(out, n);
            for (const auto& n : {static_cast<int>(e.system), static_cast<int>(e.field), static_cast<int>(e.outcome), e.other ? static_cast<int>(*e.other) : -1})
                append(out, n);
        }
        return out;
    }
};

SessionOptions rewind_options(std::size_t budget_bytes = Rewind::kBudgetBytes) {
    SessionOptions options;
    options.assets_dir = kAssets;
    options.rewind = true;
    options.rewind_budget_bytes = budget_bytes;
    return options;
}

// A session of `preset` (cheap jobs, so that the test is quick), its trace recorded.
// `then`: settings applied after the preset.
void start(Run& run, const std::string& preset, std::size_t budget_bytes, const std::vector<SetField>& then = {}) {
    const SessionOptions options = rewind_options(budget_bytes);
    LabSettings settings;
    settings.workers = 2;
    run.session = std::make_unique<LabSession>(settings, options);
    REQUIRE(run.session->apply(LoadPreset{preset}));
    if (run.session->settings().scene == SceneKind::Npc) REQUIRE(run.session->apply(SetField{"job_cost_us", "20"}));
    for (const SetField& set : then) REQUIRE(run.session->apply(set));
    if (run.session->settings().scene == SceneKind::Engine) run.session->attach_engine_trace(0, &run.changes);
    else run.session->attach_trace(0, &run.trace);
}

// One single step, as the right arrow gives it.
void step_once(LabSession& session) {
    REQUIRE(session.apply(StepOnce{}));
    session.step(session.advance(0.1));
}

// `exact`: the preset's steps are the same in every run (the article's lock
// races by design: its past is kept step by step and compared within one run).
void check_rewind(const std::string& preset, std::size_t budget_bytes, bool exact, const std::vector<SetField>& then = {}) {
    constexpr int kRun = 150, kAfter = 60;
    Run plain, walked;
    start(plain, preset, budget_bytes, then);
    start(walked, preset, budget_bytes, then);

    // Every moment of both runs: the one that never steps back, and the one that will.
    std::map<std::int64_t, std::string> states;
    std::map<std::int64_t, std::vector<TraceRecord>> diagrams;
    for (int i = 0; i < kRun; ++i) {
        plain.session->step(1);
        walked.session->step(1);
        const std::int64_t frame = walked.session->frames_stepped();
        states[frame] = npc_bytes(*walked.session);
        diagrams[frame] = diagram(*walked.session);
        // A replay gives the run's own steps: the same as a run that never stepped back.
        if (exact) CHECK(states[frame] == npc_bytes(*plain.session));
    }
    const std::int64_t live = walked.session->frames_stepped();
    REQUIRE(live == kRun);
    // 40 steps back, or as far as a budget keeps every step of a scene that is not replayed.
    const int kBack = static_cast<int>(std::min<std::int64_t>(40, live - walked.session->earliest_frame()));
    CHECK(kBack >= (exact ? 40 : 5));
    const std::string plots_before = plot_bytes(*walked.session);
    const std::size_t trace_before = walked.trace.records().size();
    const std::string changes_before = walked.changes_bytes();
    const std::string live_state = npc_bytes(*walked.session);

    // Back, one step at a time: each moment is the run's own.
    for (int i = 1; i <= kBack; ++i) {
        const CommandResult back = walked.session->apply(StepBack{});
        REQUIRE(back.problem == "");
        REQUIRE(walked.session->viewing_past());
        REQUIRE(walked.session->frames_stepped() == live - i);
        REQUIRE(walked.session->live_frame() == live);
        CHECK(npc_bytes(*walked.session) == states.at(live - i));
        CHECK(diagram(*walked.session) == diagrams.at(live - i));
    }
    CHECK(walked.session->settings().paused);
    // Nothing recorded on the way: plots and trace are the live run's.
    CHECK(plot_bytes(*walked.session) == plots_before);
    CHECK(walked.trace.records().size() == trace_before);
    CHECK(walked.changes_bytes() == changes_before);

    // Another command at a past moment is applied at the live one, and the past shown again.
    REQUIRE(walked.session->apply(SetField{"help", "keys"}));
    CHECK(walked.session->frames_stepped() == live - kBack);
    CHECK(npc_bytes(*walked.session) == states.at(live - kBack));

    // Forward again, to the live moment.
    for (int i = kBack - 1; i >= 0; --i) {
        step_once(*walked.session);
        REQUIRE(walked.session->frames_stepped() == live - i);
        CHECK(npc_bytes(*walked.session) == states.at(live - i));
    }
    CHECK_FALSE(walked.session->viewing_past());
    CHECK(npc_bytes(*walked.session) == live_state);
    CHECK(plot_bytes(*walked.session) == plots_before);

    // And on, running: byte-identical to the run that never stepped back.
    REQUIRE(walked.session->apply(TogglePause{}));
    walked.session->step(kAfter);
    plain.session->step(kAfter);
    CHECK(walked.trace.records() == plain.trace.records());
    if (exact) {
        CHECK(walked.changes_bytes() == plain.changes_bytes());
        CHECK(npc_bytes(*walked.session) == npc_bytes(*plain.session));
        CHECK(diagram(*walked.session) == diagram(*plain.session));
        CHECK(simulated_plot_bytes(*walked.session) == simulated_plot_bytes(*plain.session));
    }
    CHECK(plot_bytes(*walked.session).size() == plot_bytes(*plain.session).size());
}

}  // namespace

TEST_CASE("Stepping back and forward again changes nothing of the run, in every mode and threading", "[rewind]") {
    // A state kept every step, and (a small budget) one every few steps, the rest replayed.
    for (const std::size_t budget : {Rewind::kBudgetBytes, std::size_t{200} << 10}) {
        for (const char* preset : {"threading", "next-frame-jobs", "four-modes-10hz", "choose-map", "article-lock", "aiso-30hz"}) {
            INFO(preset << ", budget " << budget);
            check_rewind(preset, budget, std::string(preset) != "article-lock");
        }
    }
}

TEST_CASE("Stepping back in the exposure scene: maps, sentinel, character and tickets as they were, every mode", "[rewind]") {
    // The sweep and a slow job cost: passes and path searches still in flight when a state is kept.
    const std::vector<SetField> sweep_sliced{{"exposure_mode", "timesliced"}, {"slice_percent", "30"}};
    const std::vector<SetField> slow_jobs{{"exposure_mode", "next-frame"}, {"exposure_job_cost_us", "200"}, {"other_work_ms", "2"}};
    for (const std::size_t budget : {Rewind::kBudgetBytes, std::size_t{200} << 10}) {
        for (const auto& [preset, then] : {std::pair{"exposure-three-maps-fast", std::vector<SetField>{}},
                                          std::pair{"exposure-sweep", sweep_sliced}, std::pair{"exposure-gather-late", slow_jobs},
                                          std::pair{"exposure-same-frame", std::vector<SetField>{}}}) {
            INFO(preset << ", budget " << budget);
            check_rewind(preset, budget, true, then);
        }
    }
}

TEST_CASE("Stepping back in the engine scene: copies, runs in flight, tickets and minds as they were", "[rewind]") {
    // Free-step runs are in flight when a state is kept; the AI on a thread of its own;
    // runs that end when their work is done end by the clock: kept every step, not replayed.
    // (An engine's state is larger than an NPC lesson's: the small budget keeps one every several ticks.)
    const std::vector<SetField> cheap_ai{{"ai_cost_ms", "2"}, {"pane", "2"}, {"ai_cost_ms", "2"}};
    const std::vector<SetField> fewer{{"agents", "2000"}};
    for (const std::size_t budget : {Rewind::kBudgetBytes, std::size_t{16} << 20}) {
        for (const auto& [preset, then, exact] :
             {std::tuple{"engine-lock-vs-free", std::vector<SetField>{}, true}, std::tuple{"engine-tickets", std::vector<SetField>{}, true},
              std::tuple{"engine-decomposition", fewer, true}, std::tuple{"engine-slow-ai", cheap_ai, false}}) {
            if (!exact && budget != Rewind::kBudgetBytes) continue;  // every step kept: a small budget holds one or two
            INFO(preset << ", budget " << budget);
            check_rewind(preset, budget, exact, then);
        }
    }
}

TEST_CASE("Keeping states while jobs, searches and free-step runs are in flight races with none of them", "[rewind][threads]") {
    // Under ThreadSanitizer: a state taken while workers write the pass, the
    // path searches and the free-step runs; restored while they run.
    check_rewind("threading", Rewind::kBudgetBytes, true);
    check_rewind("exposure-next-frame", Rewind::kBudgetBytes, true, {{"exposure_job_cost_us", "200"}});
    check_rewind("engine-lock-vs-free", Rewind::kBudgetBytes, true);
}

TEST_CASE("A small budget keeps a state every few steps, and still reaches 30 s back", "[rewind]") {
    const SessionOptions options = rewind_options(std::size_t{200} << 10);
    LabSession session({}, options);
    REQUIRE(session.apply(LoadPreset{"four-modes-10hz"}));
    const int steps_40s = static_cast<int>(40 / session.step_s());
    session.step(steps_40s);
    CHECK(session.rewind().interval() > 1);
    // Within the budget, give or take one state (each is sized as it is kept).
    CHECK(session.rewind().kept_bytes() <= options.rewind_budget_bytes + 2 * session.rewind().kept_bytes() / session.rewind().keyframes());
    const std::int64_t earliest = session.earliest_frame();
    CHECK(static_cast<double>(session.frames_stepped() - earliest) * session.step_s() >= Rewind::kKeepS);
    CHECK(static_cast<double>(session.frames_stepped() - earliest) * session.step_s() < Rewind::kKeepS + 5);

    // Back to the earliest moment kept, and no further.
    const std::int64_t back = session.frames_stepped() - earliest;
    for (std::int64_t i = 0; i < back; ++i) REQUIRE(session.apply(StepBack{}));
    CHECK(session.frames_stepped() == earliest);
    const CommandResult refused = session.apply(StepBack{});
    CHECK(refused.problem.find("Nothing earlier is kept") != std::string::npos);
    CHECK(session.frames_stepped() == earliest);
}

TEST_CASE("Running again, a new setting or a reset return to the live moment", "[rewind]") {
    LabSession session({}, rewind_options());
    REQUIRE(session.apply(LoadPreset{"aiao-10hz"}));
    session.step(90);
    const std::string live = npc_bytes(session);

    for (int i = 0; i < 10; ++i) REQUIRE(session.apply(StepBack{}));
    REQUIRE(session.apply(TogglePause{}));  // running again: from the live moment
    CHECK_FALSE(session.viewing_past());
    CHECK(session.frames_stepped() == 90);
    CHECK(npc_bytes(session) == live);

    REQUIRE(session.apply(StepBack{}));
    REQUIRE(session.apply(SetField{"jobs_per_update", "3"}));  // a new run from here: the past is gone
    CHECK_FALSE(session.viewing_past());
    CHECK(session.frames_stepped() == 90);
    CHECK(session.earliest_frame() == -1);
    CHECK(session.apply(StepBack{}).problem.find("Nothing earlier is kept") != std::string::npos);
    session.step(5);
    REQUIRE(session.apply(StepBack{}));
    CHECK(session.frames_stepped() == 94);

    REQUIRE(session.apply(ResetScene{}));
    CHECK_FALSE(session.viewing_past());
    CHECK(session.frames_stepped() == 0);
    CHECK(session.earliest_frame() == -1);
}

TEST_CASE("A session without keeping says it cannot step back", "[rewind]") {
    SessionOptions off;
    off.assets_dir = kAssets;
    LabSession plain({}, off);
    plain.step(20);
    CHECK(plain.apply(StepBack{}).problem == "Stepping back is off here");
    CHECK(plain.frames_stepped() == 20);
}
TEST_CASE("How often a state is kept: every step for a lesson's NPCs, every few for many", "[rewind]") {
    for (const auto& [npcs, most] : {std::pair{"10", 1}, std::pair{"300", 1}, std::pair{"100000", 60}}) {
        LabSession session({}, rewind_options());
        REQUIRE(session.apply(LoadPreset{"aiao-10hz"}));
        REQUIRE(session.apply(SetField{"npcs", npcs}));
        session.step(40);
        INFO(npcs << " NPCs: a state every " << session.rewind().interval() << " steps");
        CHECK(session.rewind().interval() >= 1);
        CHECK(session.rewind().interval() <= most);
        CHECK(session.rewind().kept_bytes() <= Rewind::kBudgetBytes);
    }
}

// The figures docs/semantics.md section 10 gives, after 10 s of a run (the
// path service's answers fill its cache as the character flees).
TEST_CASE("How often a state is kept in the exposure and engine scenes", "[rewind]") {
    for (const auto& [preset, key, value, most] :
         {std::tuple{"exposure-next-frame", "grid_size", "100", 1}, std::tuple{"exposure-three-maps", "grid_size", "100", 2},
          std::tuple{"exposure-next-frame", "grid_size", "1000", 60}, std::tuple{"engine-lock-vs-free", "agents", "1000", 3},
          std::tuple{"engine-10k", "agents", "10000", 20}}) {
        LabSession session({}, rewind_options());
        REQUIRE(session.apply(LoadPreset{preset}));
        REQUIRE(session.apply(SetField{key, value}));
        session.step(static_cast<int>(10 / session.step_s()));
        INFO(preset << ", " << key << " " << value << ": a state every " << session.rewind().interval() << " steps");
        CHECK(session.rewind().interval() >= 1);
        CHECK(session.rewind().interval() <= most);
        CHECK(session.rewind().kept_bytes() <= Rewind::kBudgetBytes + Rewind::kBudgetBytes / 8);
    }
}
