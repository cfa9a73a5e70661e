// The parallel engine (docs/engine.md): the merge order, the conflict rules,
// lock-step and free-step delivery, held changes, tickets shared, and the
// proof of it all — the same agent states tick by tick whatever runs the
// systems, in every combination of step mode, queues, decomposition and
// threads (also run under ThreadSanitizer: the [threads] tag).
#include "core/engine/engine_panes.h"
#include "core/engine/engine_scene.h"
#include "core/engine/engine_trace.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace tsl;

namespace {

struct Run {
    std::vector<std::uint64_t> hashes;  // after every tick
    std::vector<ChangeEvent> events;
};

Run run_engine(const EngineSceneConfig& config, JobSystem& jobs, int ticks) {
    EngineScene scene(config, {&jobs, nullptr});
    Run run;
    scene.set_trace(&run.events);
    for (int t = 0; t < ticks; ++t) {
        scene.step();
        run.hashes.push_back(scene.state_hash());
    }
    return run;
}

bool same_events(const std::vector<ChangeEvent>& a, const std::vector<ChangeEvent>& b) {
    auto key = [](const ChangeEvent& e) { return std::tuple(e.tick, e.data_tick, e.system, e.object, e.field, e.outcome, e.other); };
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [&](const ChangeEvent& x, const ChangeEvent& y) { return key(x) == key(y); });
}

EngineSceneConfig small_world(StepMode mode) {
    EngineSceneConfig c;
    c.world.agents = 240;
    c.world.destinations = 5;
    c.world.route_ticks = 2;
    c.pane.step_mode = mode;
    c.pane.ai_ticks = 3;
    c.pane.physics_ticks = mode == StepMode::FreeStep ? 2 : 1;
    c.pane.subtask_agents = 16;  // many sub-tasks, so that threads interleave
    return c;
}

// Changes posted by hand, as sub-tasks post them.
void post(StateManager& state, SystemId system, std::uint32_t data_tick, bool carried, std::uint32_t object, AgentField field, AgentValue value) {
    ChangeWriter writer(state.queues(), system, QueueKind::PerThread, data_tick, carried, object);
    writer.post(object, field, value);
}

}  // namespace

TEST_CASE("The same settings give the same agent states whether systems run inline, on one worker or on all, in either step mode",
          "[engine][threads][determinism]") {
    const int ticks = 75;
    for (StepMode mode : {StepMode::LockStep, StepMode::FreeStep}) {
        JobSystem none({0});
        EngineSceneConfig reference_config = small_world(mode);
        reference_config.pane.threading = EngineThreading::Inline;
        const Run reference = run_engine(reference_config, none, ticks);
        CHECK(std::set<std::uint64_t>(reference.hashes.begin(), reference.hashes.end()).size() > 60);  // the agents move
        for (int workers : {0, 1, 3}) {
            JobSystem jobs({workers});
            for (QueueKind queues : {QueueKind::PerThread, QueueKind::Locked})
                for (Decomposition decomposition : {Decomposition::Both, Decomposition::Functional, Decomposition::Data})
                    for (EngineThreading threading : {EngineThreading::Inline, EngineThreading::Pool}) {
                        if (threading == EngineThreading::Inline && workers > 0) continue;
                        EngineSceneConfig c = small_world(mode);
                        c.pane.queues = queues;
                        c.pane.decomposition = decomposition;
                        c.pane.threading = threading;
                        INFO(name_of(mode) << ", " << workers << " workers, " << name_of(queues) << ", " << name_of(decomposition) << ", "
                                           << name_of(threading));
                        const Run run = run_engine(c, jobs, ticks);
                        CHECK(run.hashes == reference.hashes);
                        CHECK(same_events(run.events, reference.events));
                    }
        }
    }
}

TEST_CASE("Changes are merged in order: tick, then priority, then agent, then sequence", "[engine][threads]") {
    JobSystem jobs({1});
    for (StepMode mode : {StepMode::LockStep, StepMode::FreeStep}) {
        const Run run = run_engine(small_world(mode), jobs, 40);
        REQUIRE(run.events.size() > 1000);
        for (std::size_t k = 1; k < run.events.size(); ++k) {
            const ChangeEvent& a = run.events[k - 1];
            const ChangeEvent& b = run.events[k];
            if (a.tick != b.tick) {
                CHECK(a.tick < b.tick);
                continue;
            }
            const auto key = [](const ChangeEvent& e) { return std::tuple(e.data_tick, -priority_of(e.system), e.object); };
            CHECK(key(a) <= key(b));
        }
    }
}

TEST_CASE("A conflict is settled by the rule: time keeps the newer data, priority the higher system", "[engine]") {
    for (ConflictRule rule : {ConflictRule::Time, ConflictRule::Priority}) {
        StateManager state;
        state.reset(2);
        AgentStore scene, ai_out, animation_out;
        scene.reset(2, kAllFields);
        ai_out.reset(2, kAllFields);
        animation_out.reset(2, kAllFields);
        state.register_observer(kSceneObserver, kAllFields, &scene);
        state.register_source(SystemId::Ai, &ai_out);
        state.register_source(SystemId::Animation, &animation_out);
        // Agent 0: the AI's heading from tick 5, the animation's from tick 7 (free-step: both carried).
        post(state, SystemId::Ai, 5, true, 0, AgentField::Heading, {90, 0});
        post(state, SystemId::Animation, 7, true, 0, AgentField::Heading, {10, 0});
        // Agent 1: both from tick 7.
        post(state, SystemId::Ai, 7, true, 1, AgentField::Heading, {45, 0});
        post(state, SystemId::Animation, 7, true, 1, AgentField::Heading, {-45, 0});
        std::vector<ChangeEvent> trace;
        MergeCounts counts;
        state.merge_and_distribute(0b111, 7, rule, {}, &trace, counts);
        CHECK(counts.merged == 4);
        CHECK(counts.dropped == 2);
        REQUIRE(trace.size() == 4);
        // Newer data wins under time; the AI (priority 3 over 1) under priority.
        CHECK(scene.at(AgentField::Heading, 0).x == (rule == ConflictRule::Time ? 10.0f : 90.0f));
        // Equally new: the higher priority under both rules.
        CHECK(scene.at(AgentField::Heading, 1).x == 45.0f);
        for (const ChangeEvent& e : trace) {
            CHECK(e.outcome != ChangeOutcome::Applied);
            REQUIRE(e.other.has_value());
            CHECK(*e.other != e.system);
        }
    }
}

// A free-step system whose changes wait for a merge can have two in one merge
// for the same value, from runs on different ticks: under either rule its newer
// data wins, whichever was posted first.
TEST_CASE("One system's two changes to a value in one merge: its newer data wins under both rules", "[engine]") {
    for (ConflictRule rule : {ConflictRule::Time, ConflictRule::Priority}) {
        INFO(name_of(rule));
        StateManager state;
        state.reset(2);
        AgentStore scene, physics_out;
        scene.reset(2, kAllFields);
        physics_out.reset(2, kAllFields);
        state.register_observer(kSceneObserver, kAllFields, &scene);
        state.register_source(SystemId::Physics, &physics_out);
        // Agent 0: the older posted first; agent 1: the newer posted first.
        post(state, SystemId::Physics, 4, true, 0, AgentField::Position, {4, 0});
        post(state, SystemId::Physics, 6, true, 0, AgentField::Position, {6, 0});
        post(state, SystemId::Physics, 6, true, 1, AgentField::Position, {6, 1});
        post(state, SystemId::Physics, 4, true, 1, AgentField::Position, {4, 1});
        std::vector<ChangeEvent> trace;
        MergeCounts counts;
        state.merge_and_distribute(0b010, 7, rule, {}, &trace, counts);
        CHECK(counts.merged == 4);
        CHECK(counts.dropped == 2);
        CHECK(scene.at(AgentField::Position, 0) == AgentValue{6, 0});
        CHECK(scene.at(AgentField::Position, 1) == AgentValue{6, 1});
        for (const ChangeEvent& e : trace) {
            INFO("agent " << e.object << ", data tick " << e.data_tick);
            CHECK(e.outcome == (e.data_tick == 6 ? ChangeOutcome::Won : ChangeOutcome::Lost));
            CHECK(e.other == std::optional<SystemId>(SystemId::Physics));
        }
    }
}

TEST_CASE("Lock-step notifications are read from the system that changed the value; free-step ones carry it", "[engine]") {
    StateManager state;
    state.reset(1);
    AgentStore scene, physics_out;
    scene.reset(1, kAllFields);
    physics_out.reset(1, kAllFields);
    state.register_observer(kSceneObserver, kAllFields, &scene);
    state.register_source(SystemId::Physics, &physics_out);
    std::array<bool, kObserverCount> busy{};
    MergeCounts counts;

    // Lock-step: the change names agent and field; the value is the system's at the end of the tick.
    physics_out.at(AgentField::Position, 0) = {1, 1};
    post(state, SystemId::Physics, 3, false, 0, AgentField::Position, {1, 1});
    physics_out.at(AgentField::Position, 0) = {2, 2};  // the system's final value this tick
    state.merge_and_distribute(0b010, 3, ConflictRule::Priority, busy, nullptr, counts);
    CHECK(scene.at(AgentField::Position, 0) == AgentValue{2, 2});

    // Free-step: the value travels with the change; the system's data may have moved on.
    post(state, SystemId::Physics, 4, true, 0, AgentField::Position, {3, 3});
    physics_out.at(AgentField::Position, 0) = {9, 9};  // its next run already wrote here
    state.merge_and_distribute(0b010, 5, ConflictRule::Priority, busy, nullptr, counts);
    CHECK(scene.at(AgentField::Position, 0) == AgentValue{3, 3});
}

TEST_CASE("Changes for an observer still running are held, and applied in order when it finishes", "[engine]") {
    StateManager state;
    state.reset(1);
    AgentStore ai_copy, physics_out;
    ai_copy.reset(1, field_bit(AgentField::Position));
    physics_out.reset(1, kAllFields);
    state.register_observer(index_of(SystemId::Ai), field_bit(AgentField::Position), &ai_copy);
    state.register_source(SystemId::Physics, &physics_out);
    std::array<bool, kObserverCount> busy{};
    busy[static_cast<std::size_t>(index_of(SystemId::Ai))] = true;
    MergeCounts counts;
    for (std::uint32_t tick = 1; tick <= 2; ++tick) {
        post(state, SystemId::Physics, tick, true, 0, AgentField::Position, {float(tick), 0});
        state.merge_and_distribute(0b010, tick, ConflictRule::Priority, busy, nullptr, counts);
        CHECK(ai_copy.at(AgentField::Position, 0) == AgentValue{0, 0});  // the AI is reading its copy: untouched
    }
    CHECK(counts.held[static_cast<std::size_t>(index_of(SystemId::Ai))] == 2);
    CHECK(state.held(index_of(SystemId::Ai)) == 2);
    busy = {};
    state.merge_and_distribute(0b010, 3, ConflictRule::Priority, busy, nullptr, counts);
    CHECK(ai_copy.at(AgentField::Position, 0) == AgentValue{2, 0});  // the newer of the two, applied last
    CHECK(state.held(index_of(SystemId::Ai)) == 0);
}

TEST_CASE("Lock-step copies are current after every tick; a free-step AI's copy lags by up to its ticks", "[engine][threads]") {
    JobSystem jobs({1});
    for (StepMode mode : {StepMode::LockStep, StepMode::FreeStep}) {
        EngineSceneConfig c = small_world(mode);
        c.pane.ai_ticks = 4;
        c.pane.physics_ticks = 1;
        EngineScene scene(c, {&jobs, nullptr});
        std::vector<int> ai_staleness;
        for (int t = 0; t < 12; ++t) {
            scene.step();
            ai_staleness.push_back(scene.stats().staleness[static_cast<std::size_t>(index_of(SystemId::Ai))]);
            CHECK(scene.stats().staleness[static_cast<std::size_t>(index_of(SystemId::Physics))] == 0);
            CHECK(scene.stats().staleness[kSceneObserver] == 0);
        }
        if (mode == StepMode::LockStep) CHECK(ai_staleness == std::vector<int>(12, 0));
        else CHECK(ai_staleness == std::vector<int>{1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0});
    }
}

TEST_CASE("Under free-step the two rules keep different headings: time the animation's newer one, priority the AI's", "[engine][threads]") {
    JobSystem jobs({1});
    std::array<std::uint64_t, 2> ai_won{}, animation_won{};
    for (ConflictRule rule : {ConflictRule::Time, ConflictRule::Priority}) {
        EngineSceneConfig c = small_world(StepMode::FreeStep);
        c.pane.conflicts = rule;
        const Run run = run_engine(c, jobs, 120);
        for (const ChangeEvent& e : run.events) {
            if (e.outcome != ChangeOutcome::Won) continue;
            CHECK(e.field == AgentField::Heading);  // the one value two systems write
            (e.system == SystemId::Ai ? ai_won : animation_won)[static_cast<std::size_t>(rule)]++;
        }
    }
    const auto time = static_cast<std::size_t>(ConflictRule::Time), priority = static_cast<std::size_t>(ConflictRule::Priority);
    CHECK(animation_won[time] > 0);
    CHECK(ai_won[time] == 0);  // the AI's changes are always older (its runs take three ticks)
    CHECK(ai_won[priority] > 0);
    CHECK(animation_won[priority] == 0);
}

TEST_CASE("Agents asking for routes to the same rally point share one search, and found routes are handed out again", "[engine][tickets][threads]") {
    JobSystem jobs({1});
    EngineSceneConfig c;
    c.world.agents = 400;
    c.world.destinations = 4;
    EngineScene scene(c, {&jobs, nullptr});
    std::uint64_t asked = 0, shared = 0, cached = 0, searches = 0;
    for (int t = 0; t < 240; ++t) {
        scene.step();
        const EngineTickStats& s = scene.stats();
        CHECK(s.routes_asked == s.routes_shared + s.routes_cached + s.searches);
        asked += s.routes_asked;
        shared += s.routes_shared;
        cached += s.routes_cached;
        searches += s.searches;
    }
    CHECK(asked > 300);
    CHECK(shared > 0);
    CHECK(cached > 0);
    CHECK(searches <= 4 * 3);  // a few searches per rally point serve hundreds of agents
    CHECK(scene.paths().stats().searches == searches);
}

TEST_CASE("Agents reach their goals, rest and go again, never inside a wall", "[engine][threads]") {
    JobSystem jobs({1});
    EngineSceneConfig c;
    c.world.agents = 300;
    EngineScene scene(c, {&jobs, nullptr});
    for (int t = 0; t < 900; ++t) scene.step();
    int travelled = 0;
    for (std::uint32_t i = 0; i < c.world.agents; ++i) {
        const AgentValue p = scene.state().at(AgentField::Position, i);
        CHECK(scene.arena().free_at(p.x, p.y));
        travelled += scene.ai().mind(i).trip >= 3;
    }
    CHECK(travelled > 250);  // almost all have finished two trips and started a third in 30 s
}

TEST_CASE("Posting through one locked queue counts every post and merges the same changes", "[engine][threads]") {
    JobSystem jobs({1});
    EngineSceneConfig c = small_world(StepMode::LockStep);
    c.pane.queues = QueueKind::Locked;
    EngineScene scene(c, {&jobs, nullptr});
    for (int t = 0; t < 30; ++t) {
        scene.step();
        const MergeCounts& m = scene.stats().merge;
        CHECK(m.posts.posted == m.merged);
        CHECK(m.posts.locked_posts == m.merged);
        CHECK(m.posts.contended <= m.posts.posted);
        std::uint32_t by_thread = 0;
        for (std::uint32_t n : m.posts.posted_by_thread) by_thread += n;
        CHECK(by_thread == m.posts.posted);
    }
}

TEST_CASE("Two panes share one world and clock; a new pane count starts both again", "[engine][threads]") {
    JobSystem jobs({1});
    EnginePanes panes({&jobs, nullptr});
    EngineComparisonConfig config;
    config.world.agents = 120;
    config.panes = {EnginePaneConfig{}, EnginePaneConfig{}};
    config.panes[1].step_mode = StepMode::FreeStep;
    CHECK(panes.configure(config));
    for (int t = 0; t < 20; ++t) panes.step();
    CHECK(panes.pane(0).ticks() == 20);
    CHECK(panes.pane(1).ticks() == 20);
    CHECK(panes.pane(0).state_hash() != panes.pane(1).state_hash());
    config.panes[1].conflicts = ConflictRule::Time;
    CHECK_FALSE(panes.configure(config));  // same count: the pane takes the change, no restart
    CHECK(panes.pane(1).ticks() == 20);
    config.panes.pop_back();
    CHECK(panes.configure(config));
    CHECK(panes.size() == 1);
    CHECK(panes.pane(0).ticks() == 0);
}

TEST_CASE("The engine trace is checked while it streams: one tick held, the whole trace's verdict", "[engine][threads]") {
    JobSystem jobs({2});
    EngineSceneConfig config = small_world(StepMode::FreeStep);
    EngineScene scene(config, {&jobs, nullptr});
    std::vector<ChangeEvent> tick_events, all;
    scene.set_trace(&tick_events);
    EngineTraceChecker checker;
    std::size_t most_in_a_tick = 0, most_held = 0;
    for (int t = 0; t < 120; ++t) {
        scene.step();
        checker.add(tick_events);
        most_in_a_tick = std::max(most_in_a_tick, tick_events.size());
        most_held = std::max(most_held, checker.held());
        all.insert(all.end(), tick_events.begin(), tick_events.end());
        tick_events.clear();
    }
    REQUIRE(all.size() > 1000);  // conflicts and all: a trace worth checking
    // What it holds is bounded by one tick's changes, not by how long it ran.
    CHECK(most_held <= most_in_a_tick);
    CHECK(checker.events() == all.size());
    CHECK(checker.finish() == check_engine_trace(all));
    CHECK(check_engine_trace(all).empty());

    // Each breakage alone is named by the rule it breaks, streamed or whole.
    auto verdict_of = [](const std::vector<ChangeEvent>& trace) {
        EngineTraceChecker streamed;
        for (std::size_t k = 0; k < trace.size(); k += 7)
            streamed.add(std::span<const ChangeEvent>(trace).subspan(k, std::min<std::size_t>(7, trace.size() - k)));
        std::vector<std::string> verdict = streamed.finish();
        CHECK(verdict == check_engine_trace(trace));
        return verdict;
    };
    auto named = [](const std::vector<std::string>& verdict, const std::string& what) {
        return std::any_of(verdict.begin(), verdict.end(), [&](const std::string& v) { return v.find(what) != std::string::npos; });
    };
    auto key = [](const ChangeEvent& x) { return std::tuple(x.tick, x.data_tick, -priority_of(x.system), x.object); };
    {  // two changes merged out of order
        std::vector<ChangeEvent> b = all;
        std::size_t k = 0;
        while (k + 1 < b.size() && !(key(b[k]) < key(b[k + 1]) && b[k].tick == b[k + 1].tick)) ++k;
        REQUIRE(k + 1 < b.size());
        std::swap(b[k], b[k + 1]);
        const auto v = verdict_of(b);
        CHECK(named(v, "is merged after"));
        CHECK(v.size() == 1);
    }
    {  // a change without a rival marked lost
        std::vector<ChangeEvent> b = all;
        const auto alone = std::find_if(b.begin(), b.end(), [](const ChangeEvent& e) { return e.outcome == ChangeOutcome::Applied; });
        REQUIRE(alone != b.end());
        alone->outcome = ChangeOutcome::Lost;
        const auto v = verdict_of(b);
        CHECK(named(v, "had no rival but lost"));
        CHECK(v.size() == 1);
    }
    {  // a tick that goes back
        std::vector<ChangeEvent> b = all;
        b.push_back(b.front());
        const auto v = verdict_of(b);
        CHECK(named(v, "comes after tick"));
    }
    {  // a conflict between systems won by the side the rule says loses
        std::vector<ChangeEvent> b = all;
        std::size_t won = b.size(), lost = b.size();
        for (std::size_t k = 0; k < b.size() && lost == b.size(); ++k) {
            if (b[k].outcome != ChangeOutcome::Won) continue;
            for (std::size_t m = 0; m < b.size(); ++m)
                if (b[m].outcome == ChangeOutcome::Lost && b[m].tick == b[k].tick && b[m].object == b[k].object && b[m].field == b[k].field &&
                    b[m].system != b[k].system) {
                    won = k;
                    lost = m;
                    break;
                }
        }
        REQUIRE(lost < b.size());
        std::swap(b[won].outcome, b[lost].outcome);
        const auto v = verdict_of(b);
        CHECK(named(v, "won against"));
        CHECK(named(v, std::string("by ") + std::string(name_of(b[lost].rule))));
        CHECK(v.size() == 1);
    }
    {  // one system's older change winning over its newer one
        std::vector<ChangeEvent> b = {
            {5, 3, SystemId::Physics, 0, AgentField::Position, ChangeOutcome::Won, SystemId::Physics, ConflictRule::Priority},
            {5, 4, SystemId::Physics, 0, AgentField::Position, ChangeOutcome::Lost, SystemId::Physics, ConflictRule::Priority}};
        CHECK(named(verdict_of(b), "won against its own newer change from tick 4"));
        std::swap(b[0].outcome, b[1].outcome);
        CHECK(verdict_of(b).empty());
    }

    // Broken traces get the same verdict streamed, a few changes at a time.
    std::vector<ChangeEvent> broken = all;
    std::swap(broken[10], broken[11]);                          // merged out of order
    broken[broken.size() / 2].outcome = ChangeOutcome::Lost;    // a change alone, or a second loser
    broken.push_back(broken.front());                           // a tick that goes back
    EngineTraceChecker streamed;
    for (std::size_t k = 0; k < broken.size(); k += 7)
        streamed.add(std::span<const ChangeEvent>(broken).subspan(k, std::min<std::size_t>(7, broken.size() - k)));
    const std::vector<std::string> verdict = streamed.finish();
    CHECK_FALSE(verdict.empty());
    CHECK(verdict == check_engine_trace(broken));
}
