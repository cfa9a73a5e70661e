// engine_scene.cpp — the scheduler: launches, waits, merges (docs/engine.md).
//
// [SECTION] Summaries and captions
// [SECTION] Construction and settings
// [SECTION] One tick
// [SECTION] Runs: inline or on the task manager
// [SECTION] Stepping back in time: the state as a value
#include "core/engine/engine_scene.h"

#include "core/base/thread_clock.h"
#include "core/jobs/busy_work.h"
#include "core/jobs/profiler.h"

#include <algorithm>

namespace tsl {

// --- [SECTION] Summaries and captions ---------------------------------------------------

void EngineSummary::add(const EngineTickStats& s) {
    ++ticks;
    tick_ms.add(s.tick_ms);
    tick_cpu_ms += s.tick_cpu_ms;
    wait_ms.add(s.wait_ms);
    merge_ms.add(s.merge.merge_ms + s.merge.distribute_ms);
    double work = 0;
    for (double w : s.work_ms) work += w;
    work_ms.add(work);
    lock_wait_ms.add(static_cast<double>(s.merge.posts.lock_wait_ns) * 1e-6);
    posted += s.merge.posts.posted;
    contended += s.merge.posts.contended;
    merged += s.merge.merged;
    dropped += s.merge.dropped;
    subtasks += s.subtasks;
    for (int k = 0; k < kSystemCount; ++k) {
        won[static_cast<std::size_t>(k)] += s.merge.won[static_cast<std::size_t>(k)];
        age_sum[static_cast<std::size_t>(k)] += s.merge.age_sum[static_cast<std::size_t>(k)];
        from[static_cast<std::size_t>(k)] += s.merge.from[static_cast<std::size_t>(k)];
    }
    for (int k = 0; k < kSystemCount; ++k)
        if (s.run_ticks[static_cast<std::size_t>(k)] > 0) {
            ++runs[static_cast<std::size_t>(k)];
            run_ticks[static_cast<std::size_t>(k)] += static_cast<std::uint64_t>(s.run_ticks[static_cast<std::size_t>(k)]);
        }
    for (int o = 0; o < kObserverCount; ++o) {
        staleness[static_cast<std::size_t>(o)] += static_cast<std::uint64_t>(s.staleness[static_cast<std::size_t>(o)]);
        held += s.merge.held[static_cast<std::size_t>(o)];
    }
    routes_asked += s.routes_asked;
    routes_shared += s.routes_shared;
    routes_cached += s.routes_cached;
    searches += s.searches;
    search_ms += s.search_ms;
}

double EngineSummary::ai_won_percent() const {
    std::uint64_t all = 0;
    for (std::uint64_t w : won) all += w;
    return all ? 100.0 * static_cast<double>(won[0]) / static_cast<double>(all) : 0;
}

double EngineSummary::mean_run_ticks(int system) const {
    const auto k = static_cast<std::size_t>(system);
    return runs[k] ? static_cast<double>(run_ticks[k]) / static_cast<double>(runs[k]) : 0;
}

double EngineSummary::ai_change_age() const { return from[0] ? static_cast<double>(age_sum[0]) / static_cast<double>(from[0]) : 0; }

double EngineSummary::shared_percent() const {
    return routes_asked ? 100.0 * static_cast<double>(routes_shared + routes_cached) / static_cast<double>(routes_asked) : 0;
}

std::string engine_caption(const EnginePaneConfig& pane, const Words& tr) {
    std::string caption(tr.of(label_of(pane.step_mode)));
    caption += "  |  ";
    caption += pane.conflicts == ConflictRule::Time ? tr("time") : tr("priority");  // name_of(pane.conflicts), as words
    caption += pane.queues == QueueKind::PerThread ? tr("  |  per-thread queues") : tr("  |  one locked queue");
    caption += pane.threading == EngineThreading::Inline ? std::string(tr("  |  inline")) : "  |  " + std::string(tr.of(label_of(pane.decomposition)));
    if (!pane.share_routes) caption += tr("  |  tickets unshared");
    return caption;
}

// --- [SECTION] Construction and settings ---------------------------------------------------

EngineScene::EngineScene(const EngineSceneConfig& config, const SceneServices& services)
    : config_{sanitized(config.world), sanitized(config.pane)}, services_(services) {
    if (!services_.jobs) own_jobs_ = std::make_unique<JobSystem>();
    jobs_ = services_.jobs ? services_.jobs : own_jobs_.get();
    const std::array<std::pair<ZoneKind, const char*>, kSystemCount> zones = {
        std::pair{ZoneKind::AiTask, to_translate("AI sub-task")}, std::pair{ZoneKind::PhysicsTask, to_translate("physics sub-task")},
        std::pair{ZoneKind::AnimationTask, to_translate("animation sub-task")}};
    for (SystemId s : kSystems) {
        Task& t = tasks_[static_cast<std::size_t>(index_of(s))];
        t.scene = this;
        t.system = &system(s);
        t.zone = zones[static_cast<std::size_t>(index_of(s))].first;
        t.label = zones[static_cast<std::size_t>(index_of(s))].second;
    }
    build();
}

EngineScene::~EngineScene() {
    settle();
    if (paths_) ai_.release_all(*paths_);
}

EngineSystem& EngineScene::system(SystemId id) {
    switch (id) {
        case SystemId::Ai: return ai_;
        case SystemId::Physics: return physics_;
        case SystemId::Animation: return animation_;
    }
    return ai_;
}

int EngineScene::ticks_of(SystemId id) const {
    switch (id) {
        case SystemId::Ai: return config_.pane.ai_ticks;
        case SystemId::Physics: return config_.pane.physics_ticks;
        case SystemId::Animation: return config_.pane.animation_ticks;
    }
    return 1;
}

double EngineScene::run_cost_ms(SystemId id, std::int64_t tick) const {
    const EnginePaneConfig& p = config_.pane;
    const double ms = id == SystemId::Ai ? p.ai_cost_ms : id == SystemId::Physics ? p.physics_cost_ms : p.animation_cost_ms;
    if (ms <= 0 || p.cost_spread == 0) return ms;
    std::uint64_t x = (std::uint64_t{config_.world.seed} << 40) ^ (static_cast<std::uint64_t>(index_of(id)) << 32) ^ static_cast<std::uint64_t>(tick);
    x += 0x9E3779B97F4A7C15ull;  // splitmix64
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    x ^= x >> 31;
    const double unit = static_cast<double>(x >> 11) * 0x1.0p-53;  // [0, 1)
    return ms * (1.0 + static_cast<double>(p.cost_spread) / 100.0 * (2.0 * unit - 1.0));
}

void EngineScene::settle() {
    for (Flight& f : flights_) {
        if (f.active) finish_run(f);
        f = {};
    }
}

bool EngineScene::help_run(Flight& f) { return f.on_thread ? ai_thread_->done() : jobs_->help(f.done); }

void EngineScene::finish_run(Flight& f) {
    if (f.on_thread) ai_thread_->wait();
    else jobs_->complete(f.done);
}

// Everything from the world settings: the arena, the path service, every
// copy from the spawn state, observers registered, tick 0.
void EngineScene::build() {
    settle();
    if (paths_) ai_.release_all(*paths_);
    paths_.reset();  // waits for its searches
    const EngineWorldConfig& w = config_.world;
    arena_ = std::make_shared<Arena>(make_arena(w));
    PathServiceConfig service;
    service.answer_after_steps = w.route_ticks;
    service.cached_paths = 0;
    service.cached_fields = static_cast<std::size_t>(std::max(2, w.destinations));
    service.share = config_.pane.share_routes;
    search_ms_counted_ = 0;
    paths_ = std::make_unique<PathService>(*jobs_, services_.profiler, service, services_.pane);
    paths_->set_grid(std::shared_ptr<const OccupancyGrid>(arena_, &arena_->grid));

    state_.reset(w.agents);
    for (SystemId s : kSystems) {
        EngineSystem& sys = system(s);
        sys.reset(*arena_, w.agents, w.seed);
        state_.register_observer(index_of(s), sys.observes(), &sys.copy());
        state_.register_source(s, &sys.out());
    }
    scene_copy_.reset(w.agents, kAllFields);
    for (int f = 0; f < kFieldCount; ++f)
        for (std::uint32_t i = 0; i < w.agents; ++i)
            scene_copy_.at(static_cast<AgentField>(f), i) = initial_value(*arena_, static_cast<AgentField>(f), i, w.seed);
    state_.register_observer(kSceneObserver, kAllFields, &scene_copy_);
    for (Task& t : tasks_) {
        t.work_ns.store(0, std::memory_order_relaxed);
        t.subtasks.store(0, std::memory_order_relaxed);
    }
    copy_through_.fill(-1);
    tick_ = 0;
    stats_ = {};
}

void EngineScene::reset() { build(); }

void EngineScene::set_config(const EngineSceneConfig& requested) {
    const EngineSceneConfig config{sanitized(requested.world), sanitized(requested.pane)};
    const bool new_world = config.world != config_.world;
    config_ = config;
    if (new_world) build();
    else paths_->set_share(config_.pane.share_routes);  // from the next request on
}

std::uint64_t EngineScene::state_hash() const {
    std::uint64_t h = 1469598103934665603ull;
    auto mix = [&h](const void* data, std::size_t bytes) {
        const auto* p = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
    };
    mix(&tick_, sizeof tick_);
    for (int f = 0; f < kFieldCount; ++f) mix(scene_copy_.data(static_cast<AgentField>(f)), scene_copy_.size() * sizeof(AgentValue));
    return h;
}

// --- [SECTION] One tick ---------------------------------------------------------------------

void EngineScene::step() {
    Profiler* profiler = services_.profiler;
    const std::uint8_t pane = services_.pane;
    ZoneScope step_zone(profiler, ZoneKind::Step, to_translate("engine tick"), static_cast<std::uint32_t>(tick_), pane);
    const std::int64_t t0 = Profiler::now_ns();
    const double cpu0 = thread_cpu_ms();
    keep_ns_ = 0;
    EngineTickStats s;
    s.tick = tick_;
    const PathServiceStats before = paths_->stats();

    // 1. Tickets due now are answered (their searches ran as jobs meanwhile).
    paths_->step();

    // 2. Runs start: lock-step on ticks that are multiples of the system's
    // ticks, free-step whenever the system is not running.
    const std::int64_t l0 = Profiler::now_ns();
    const bool free_step = config_.pane.step_mode == StepMode::FreeStep;
    JobHandle previous;  // data decomposition: one system after another
    for (SystemId id : kSystems) {
        Flight& f = flights_[static_cast<std::size_t>(index_of(id))];
        const int n = ticks_of(id);
        if (f.active || (!free_step && tick_ % n != 0)) continue;
        f.active = true;
        f.start = tick_;
        f.finish = free_step ? tick_ + n - 1 : tick_;
        f.done = launch(id, previous);
        f.on_thread = id == SystemId::Ai && uses_ai_thread();
        if (config_.pane.decomposition == Decomposition::Data && !f.on_thread) previous = f.done;
        s.started[static_cast<std::size_t>(index_of(id))] = true;
    }
    // (Keeping the runs' inputs for stepping back is not the scheduler's work: left out.)
    s.launch_ms = static_cast<double>(Profiler::now_ns() - l0 - keep_ns_) * 1e-6;

    // 3. Wait for the runs that end now (free-step runs that end when their
    // work is done: those whose ticks are up and whose work has ended).
    unsigned finishing = 0;
    const bool when_done = free_step && config_.pane.free_step_end == FreeStepEnd::WorkDone;
    {
        const std::int64_t w0 = Profiler::now_ns();
        ZoneScope wait(profiler, ZoneKind::Wait, to_translate("waiting for systems"), static_cast<std::uint32_t>(tick_), pane);
        for (SystemId id : kSystems) {
            Flight& f = flights_[static_cast<std::size_t>(index_of(id))];
            // (A run past its finish — one that ended when its work was done,
            // before the settings changed — ends now, waited for.)
            if (!f.active || f.finish > tick_ || (when_done && !help_run(f))) continue;
            finish_run(f);
            finishing |= 1u << index_of(id);
        }
        s.wait_ms = static_cast<double>(Profiler::now_ns() - w0) * 1e-6;
    }

    // 4. Merge and distribute; systems still running get theirs when they end.
    std::array<bool, kObserverCount> busy{};
    for (SystemId id : kSystems) {
        const std::size_t k = static_cast<std::size_t>(index_of(id));
        Flight& f = flights_[k];
        if ((finishing >> k) & 1u) {
            s.run_ticks[k] = static_cast<int>(tick_ - f.start + 1);
            f = {};
            s.finished[k] = true;
            s.work_ms[k] = static_cast<double>(tasks_[k].work_ns.exchange(0, std::memory_order_relaxed)) * 1e-6;
            s.subtasks += tasks_[k].subtasks.exchange(0, std::memory_order_relaxed);
        }
        busy[k] = f.active;
    }
    {
        ZoneScope distribute(profiler, ZoneKind::Distribute, to_translate("merge and distribute"), static_cast<std::uint32_t>(tick_), pane);
        state_.merge_and_distribute(finishing, tick_, config_.pane.conflicts, busy, replaying_ ? nullptr : trace_, s.merge);
    }

    // 5. The AI's requests to the path service, in agent order.
    if (finishing & (1u << index_of(SystemId::Ai))) {
        ZoneScope requests(profiler, ZoneKind::Distribute, to_translate("ticket requests"), static_cast<std::uint32_t>(tick_), pane);
        const TicketRequests asked = ai_.hand_requests(*paths_);
        const PathServiceStats& after = paths_->stats();
        s.routes_asked = asked.routes;
        s.routes_released = asked.releases;
        const std::uint64_t answered = after.shared_answered - before.shared_answered;
        s.routes_shared = static_cast<std::uint32_t>(after.shared - before.shared - answered);
        s.routes_cached = static_cast<std::uint32_t>(answered + after.cache_hits - before.cache_hits);
        s.searches = static_cast<std::uint32_t>(after.searches - before.searches);
    }
    // Searches end on workers between ticks too: count each once, since the last tick.
    s.search_ms = paths_->search_ms() - search_ms_counted_;
    search_ms_counted_ = paths_->search_ms();

    for (int o = 0; o < kObserverCount; ++o) {
        if (!busy[static_cast<std::size_t>(o)]) copy_through_[static_cast<std::size_t>(o)] = tick_;
        s.staleness[static_cast<std::size_t>(o)] = static_cast<int>(tick_ - copy_through_[static_cast<std::size_t>(o)]);
    }
    s.tick_ms = static_cast<double>(Profiler::now_ns() - t0 - keep_ns_) * 1e-6;
    s.tick_cpu_ms = std::max(0.0, thread_cpu_ms() - cpu0 - static_cast<double>(keep_ns_) * 1e-6);
    stats_ = s;
    ++tick_;
}

// --- [SECTION] Runs: inline or on the task manager -------------------------------------------

// One sub-task (or the prelude): timed for the tick's work figure, recorded
// for the timeline, its changes posted as one run.
void EngineScene::run_part(Task& task, std::uint32_t first, std::uint32_t last, bool prelude) {
    const std::int64_t t0 = Profiler::now_ns();
    if (prelude) {
        task.system->prelude(task.context);
    } else {
        ChangeWriter writer(state_.queues(), task.system->id(), task.context.queues, task.context.data_tick, task.context.carried, first);
        if (run_hook_) run_hook_(run_hook_user_, task.system->id());
        task.system->run(task.context, first, last, writer);
        if (task.context.cost_us > 0 && task.agents > 0 && !replaying_)
            busy_work_us(task.context.cost_us * static_cast<double>(last - first) / static_cast<double>(task.agents));
        task.subtasks.fetch_add(1, std::memory_order_relaxed);
    }
    const std::int64_t t1 = Profiler::now_ns();
    task.work_ns.fetch_add(t1 - t0, std::memory_order_relaxed);
    Profiler* profiler = services_.profiler;
    if (profiler && profiler->enabled())
        profiler->record({t0, t1, task.zone, first, prelude ? to_translate("physics: agents into cells") : task.label, services_.pane});
}

JobHandle EngineScene::launch(SystemId id, JobHandle after) {
    Task& task = tasks_[static_cast<std::size_t>(index_of(id))];
    const EnginePaneConfig& pane = config_.pane;
    const EngineWorldConfig& world = config_.world;
    task.context = {static_cast<std::uint32_t>(tick_), ticks_of(id), static_cast<float>(step_s()), static_cast<float>(world.agent_speed),
                    static_cast<float>(world.turn_speed), world.seed, pane.queues, pane.step_mode == StepMode::FreeStep, run_cost_ms(id, tick_) * 1000.0};
    // The AI reads the service's answers now, so that its run never touches the service.
    if (id == SystemId::Ai) ai_.take_answers(*paths_);
    // Free-step runs outlast the tick: what they read is kept for a state taken meanwhile.
    const std::size_t k = static_cast<std::size_t>(index_of(id));
    launched_kept_[k] = services_.keep_run_inputs && pane.step_mode == StepMode::FreeStep;
    if (launched_kept_[k]) {
        const std::int64_t c0 = Profiler::now_ns();
        system(id).save(launched_[k]);
        keep_ns_ += Profiler::now_ns() - c0;
    }
    const std::uint32_t agents = world.agents;
    task.agents = agents;
    const bool has_prelude = id == SystemId::Physics;
    Task* t = &task;

    if (id == SystemId::Ai && uses_ai_thread()) {
        if (!ai_thread_) ai_thread_ = std::make_unique<SystemThread>(services_.profiler, "AI's own thread");
        ai_thread_->start([t] { t->scene->run_part(*t, 0, t->agents, false); });
        return {};
    }
    if (pane.threading == EngineThreading::Inline) {
        if (has_prelude) run_part(task, 0, 0, true);
        run_part(task, 0, agents, false);
        return {};
    }
    if (pane.decomposition == Decomposition::Functional) {
        return jobs_->schedule(
            [t, has_prelude] {
                if (has_prelude) t->scene->run_part(*t, 0, 0, true);
                t->scene->run_part(*t, 0, t->agents, false);
            },
            {after});
    }
    JobHandle ready = after;
    if (has_prelude) ready = jobs_->schedule([t] { t->scene->run_part(*t, 0, 0, true); }, {after});
    return jobs_->parallel_for(
        agents, pane.subtask_agents, [t](std::uint32_t b, std::uint32_t e) { t->scene->run_part(*t, b, e, false); }, {ready});
}

// --- [SECTION] Stepping back in time: the state as a value ----------------------------------

std::size_t EngineScene::State::bytes() const {
    std::size_t sum = sizeof(State) + scene_copy.size() * kFieldCount * sizeof(AgentValue) + manager.bytes() + paths.bytes();
    for (const SystemData& d : systems) sum += d.bytes();
    return sum;
}

bool EngineScene::can_save() const {
    for (std::size_t k = 0; k < flights_.size(); ++k)
        if (flights_[k].active && !launched_kept_[k]) return false;
    return true;
}

EngineScene::State EngineScene::snapshot() const {
    State s;
    s.tick = tick_;
    s.copy_through = copy_through_;
    s.stats = stats_;
    s.scene_copy = scene_copy_;
    s.manager = state_.state();
    for (SystemId id : kSystems) {
        const auto k = static_cast<std::size_t>(index_of(id));
        const Flight& f = flights_[k];
        if (f.active) {
            s.systems[k] = launched_[k];  // the run is writing the system's data now
            s.runs[k] = {true, f.start, f.finish, tasks_[k].context};
        } else {
            const EngineSystem& sys = id == SystemId::Ai ? static_cast<const EngineSystem&>(ai_)
                                      : id == SystemId::Physics ? static_cast<const EngineSystem&>(physics_) : animation_;
            sys.save(s.systems[k]);
        }
    }
    s.paths = paths_->state();
    return s;
}

void EngineScene::restore(const State& s) {
    settle();
    state_.queues().clear();
    tick_ = s.tick;
    copy_through_ = s.copy_through;
    stats_ = s.stats;
    scene_copy_ = s.scene_copy;
    state_.restore(s.manager);
    paths_->restore(s.paths);
    for (SystemId id : kSystems) system(id).load(s.systems[static_cast<std::size_t>(index_of(id))]);
    ai_.take_loaded_routes(*paths_);
    // The runs in flight then, again, here: their changes queued as the
    // workers' were (the merge order does not depend on the thread).
    const bool was_replaying = replaying_;
    replaying_ = true;
    for (SystemId id : kSystems) {
        const auto k = static_cast<std::size_t>(index_of(id));
        Task& task = tasks_[k];
        task.work_ns.store(0, std::memory_order_relaxed);
        task.subtasks.store(0, std::memory_order_relaxed);
        const State::Run& run = s.runs[k];
        launched_kept_[k] = run.active;
        if (!run.active) continue;
        launched_[k] = s.systems[k];
        flights_[k] = {true, false, run.start, run.finish, {}};
        task.context = run.context;
        task.agents = config_.world.agents;
        if (id == SystemId::Physics) run_part(task, 0, 0, true);
        run_part(task, 0, task.agents, false);
    }
    replaying_ = was_replaying;
}

}  // namespace tsl
