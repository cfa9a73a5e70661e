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
#include <vector>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

// Every NPC of every pane, as bytes: equal means the same state to the bit.
std::string npc_bytes(const LabSession& session) {
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
    std::string out;
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
    TraceLog trace;  // pane A's whole trace
};

SessionOptions rewind_options(std::size_t budget_bytes = Rewind::kBudgetBytes) {
    SessionOptions options;
    options.assets_dir = kAssets;
    options.rewind = true;
    options.rewind_budget_bytes = budget_bytes;
    return options;
}

// A session of `preset` (cheap jobs, so that the test is quick), its trace recorded.
void start(Run& run, const std::string& preset, std::size_t budget_bytes) {
    const SessionOptions options = rewind_options(budget_bytes);
    LabSettings settings;
    settings.workers = 2;
    run.session = std::make_unique<LabSession>(settings, options);
    REQUIRE(run.session->apply(LoadPreset{preset}));
    REQUIRE(run.session->apply(SetField{"job_cost_us", "20"}));
    run.session->attach_trace(0, &run.trace);
}

// One single step, as the right arrow gives it.
void step_once(LabSession& session) {
    REQUIRE(session.apply(StepOnce{}));
    session.step(session.advance(0.1));
}

// `exact`: the preset's steps are the same in every run (the article's lock
// races by design: its past is kept step by step and compared within one run).
void check_rewind(const std::string& preset, std::size_t budget_bytes, bool exact) {
    constexpr int kRun = 150, kAfter = 60;
    Run plain, walked;
    start(plain, preset, budget_bytes);
    start(walked, preset, budget_bytes);

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
        CHECK(npc_bytes(*walked.session) == npc_bytes(*plain.session));
        CHECK(diagram(*walked.session) == diagram(*plain.session));
        CHECK(simulated_plot_bytes(*walked.session) == simulated_plot_bytes(*plain.session));
    }
    CHECK(walked.session->plots().pane(0).main_ms.size() == plain.session->plots().pane(0).main_ms.size());
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

TEST_CASE("A scene that cannot step back says so, and a session without keeping says so", "[rewind]") {
    LabSession session({}, rewind_options());
    REQUIRE(session.apply(LoadPreset{"exposure-timesliced"}));
    session.step(20);
    const CommandResult exposure = session.apply(StepBack{});
    CHECK(exposure.problem == "This scene cannot step back in time yet");
    CHECK(session.frames_stepped() == 20);

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
