// exposure_scene.cpp — the exposure scene (exposure_scene.h): the sentinel's
// patrol, the exposure map computed in one of four modes around the rest of
// the main thread's step, and the shy character that reads it.
//
// [SECTION] Names: modes and the character's phases
// [SECTION] Making, resetting and changing the scene
// [SECTION] The sentinel's patrol
// [SECTION] The exposure work: units, their jobs, the three figures' clocks
// [SECTION] A step's exposure: kick, other work, gather
// [SECTION] The shy character
// [SECTION] The step
// [SECTION] Stepping back in time: the state as a value
#include "core/exposure/exposure_scene.h"

#include "core/jobs/busy_work.h"

#include <algorithm>
#include <cmath>

namespace tsl {

// --- [SECTION] Names: modes and the character's phases -------------------------------

const EnumName kExposureModeNames[4] = {
    {"single", static_cast<int>(ExposureMode::Single), "Single-threaded",
     "Every cell (rays) or octant (sweep) on the main thread, every step: the main thread pays for all of it."},
    {"same-frame", static_cast<int>(ExposureMode::SameFrame), "Threads, gathered the same frame",
     "The work is spread over the job system, and the main thread waits for it (and helps) before it goes on."},
    {"next-frame", static_cast<int>(ExposureMode::NextFrame), "Threads, gathered next frame",
     "The work runs on the job system while the frame goes on; the next step gathers it and swaps the map in. The main thread only "
     "gathers and launches while the workers finish within a step (it runs any work still unfinished); the map is one step old."},
    {"timesliced", static_cast<int>(ExposureMode::Timesliced), "Timesliced (SISO), gathered next frame",
     "A share of the cells each step, gathered the next step; the map shown is the last complete pass, computed from where the "
     "eye was when that pass began. This is the timeslicing article's SISO: the eye is read once per pass and the map is swapped "
     "in whole, so the cells shown always agree with each other."},
};

std::string_view name_of(ExposureMode mode) { return name_for(kExposureModeNames, static_cast<int>(mode)); }
std::string_view label_of(ExposureMode mode) { return label_for(kExposureModeNames, static_cast<int>(mode)); }
std::optional<ExposureMode> parse_exposure_mode(std::string_view text) { return parse_enum<ExposureMode>(kExposureModeNames, text); }

std::string title_of(const ExposureSceneConfig& config, const Words& tr) {
    if (config.mode == ExposureMode::SameFrame && config.gather_late) return tr("Threads, kicked early, gathered late");
    return std::string(tr.of(label_of(config.mode)));
}

std::string_view name_of(CharacterPhase phase) {
    switch (phase) {
        case CharacterPhase::Resting: return "resting";
        case CharacterPhase::AskingDistances: return "asking for path lengths";
        case CharacterPhase::AskingPath: return "asking for a path";
        case CharacterPhase::Walking: return "walking";
    }
    return "?";
}

// --- [SECTION] Making, resetting and changing the scene ------------------------------

namespace {

ExposureSceneConfig sanitized(ExposureSceneConfig c) {
    c.grid_size = std::clamp(c.grid_size, 10, 1000);
    c.slice_percent = std::clamp(c.slice_percent, 0.1, 100.0);
    c.sentinel_speed = std::clamp(c.sentinel_speed, 0.0, 10.0);
    c.character_speed = std::clamp(c.character_speed, 0.0, 10.0);
    c.steps_per_s = std::clamp<std::uint32_t>(c.steps_per_s, 1, 1000);
    c.path_answer_steps = std::clamp(c.path_answer_steps, 0, 1000);
    c.other_work_ms = std::clamp(c.other_work_ms, 0.0, 50.0);
    c.job_cost_us = std::clamp(c.job_cost_us, 0.0, 10'000.0);
    return c;
}

Result<Level> resolve_level(const ExposureSceneConfig& c) {
    if (c.level == "random") return random_level(c.grid_size, c.seed);
    const bool is_path = c.level.find('/') != std::string::npos || c.level.ends_with(".txt");
    const std::string path = is_path ? c.level : c.assets_dir + "/levels/" + c.level + ".txt";
    const Result<Level> loaded = load_level(path);
    if (!loaded) return loaded.failure();
    return resize_level(*loaded, c.grid_size);
}

Vec2 centre(Cell c) { return {c.x + 0.5, c.y + 0.5}; }
Cell cell_at(Vec2 p) { return {static_cast<int>(std::floor(p.x)), static_cast<int>(std::floor(p.y))}; }

}  // namespace

Result<std::unique_ptr<ExposureScene>> ExposureScene::create(const ExposureSceneConfig& config, const SceneServices& services) {
    const ExposureSceneConfig c = sanitized(config);
    Result<Level> level = resolve_level(c);
    if (!level) return level.failure();
    return std::unique_ptr<ExposureScene>(new ExposureScene(c, services, std::move(*level)));
}

ExposureScene::ExposureScene(const ExposureSceneConfig& config, const SceneServices& services, Level level)
    : config_(config), services_(services), level_(std::move(level)) {
    if (!services_.jobs) own_jobs_ = std::make_unique<JobSystem>();
    jobs_ = services_.jobs ? services_.jobs : own_jobs_.get();
    grid_ = std::make_shared<OccupancyGrid>(level_.grid);
    grid_->update_free_runs();
    reset();
}

ExposureScene::~ExposureScene() { settle_jobs(); }

void ExposureScene::settle_jobs() {
    if (pending_.valid()) jobs_->complete(pending_);
    pending_ = {};
    pass_.abandon();  // a pass cut short is never shown
    for (auto& ns : work_ns_) ns.store(0, std::memory_order_relaxed);
}

void ExposureScene::reset() {
    settle_jobs();
    paths_.reset();  // waits for its searches
    paths_ = std::make_unique<PathService>(*jobs_, services_.profiler, PathServiceConfig{config_.path_answer_steps}, services_.pane);
    paths_->set_grid(grid_);
    frame_ = 0;
    patrol_distance_ = 0;
    place_sentinel();
    // The first map is computed before the first step, so every mode starts
    // from the same picture.
    front_.assign(grid_->cell_count(), 0);
    back_.assign(grid_->cell_count(), 0);
    expose_sweep(*grid_, eye_, front_.data());
    ++version_;
    front_frame_ = pass_frame_ = 0;
    character_ = {};
    character_.cell = level_.character;
    character_.position = centre(character_.cell);
    character_.destination = character_.cell;
    ticket_ = {};
    metrics_ = {};
}

Status ExposureScene::set_config(const ExposureSceneConfig& requested) {
    ExposureSceneConfig config = sanitized(requested);
    const bool new_level = config.level != config_.level || config.seed != config_.seed || config.grid_size != config_.grid_size ||
                           config.assets_dir != config_.assets_dir;
    if (new_level) {
        Result<Level> level = resolve_level(config);
        if (!level) return level.failure();
        settle_jobs();
        paths_.reset();
        level_ = std::move(*level);
        grid_ = std::make_shared<OccupancyGrid>(level_.grid);
        grid_->update_free_runs();
        config_ = config;
        reset();
        return {};
    }
    const bool new_work = config.mode != config_.mode || config.algorithm != config_.algorithm ||
                          config.slice_percent != config_.slice_percent || config.gather_late != config_.gather_late;
    const bool new_rate = config.steps_per_s != config_.steps_per_s || config.path_answer_steps != config_.path_answer_steps;
    if (new_work) settle_jobs();  // a pass or a launch made the old way is finished, not half-kept
    config_ = config;
    if (new_rate) reset();
    return {};
}

// --- [SECTION] The sentinel's patrol -------------------------------------------------

void ExposureScene::place_sentinel() {
    const auto& patrol = level_.patrol;
    double total = 0;
    for (std::size_t k = 0; k < patrol.size(); ++k) {
        const Vec2 a = centre(patrol[k]), b = centre(patrol[(k + 1) % patrol.size()]);
        total += std::hypot(b.x - a.x, b.y - a.y);
    }
    if (total <= 0) {
        sentinel_ = centre(patrol.front());
        eye_ = patrol.front();
        return;
    }
    patrol_distance_ = std::fmod(patrol_distance_, total);
    double along = patrol_distance_;
    for (std::size_t k = 0; k < patrol.size(); ++k) {
        const Vec2 a = centre(patrol[k]), b = centre(patrol[(k + 1) % patrol.size()]);
        const double length = std::hypot(b.x - a.x, b.y - a.y);
        if (along <= length || k + 1 == patrol.size()) {
            const double t = length > 0 ? std::min(1.0, along / length) : 0;
            sentinel_ = a + (b - a) * t;
            heading_deg_ = heading_deg(a, b);
            break;
        }
        along -= length;
    }
    eye_ = cell_at(sentinel_);
    if (!grid_->inside(eye_.x, eye_.y) || grid_->wall(eye_.x, eye_.y)) eye_ = level_.patrol.front();
}

// --- [SECTION] The exposure work: units, their jobs, the three figures' clocks -------

std::size_t ExposureScene::work_units() const {
    return config_.algorithm == ExposureAlgorithm::Rays ? grid_->cell_count() : static_cast<std::size_t>(kOctants);
}

ExposureScene::UnitWork ExposureScene::unit_work() const {
    // At most kMaxJobCostMs a map, so that no setting stalls the window.
    if (replaying_) return {config_.algorithm, config_.ray_caster, 0};
    const double per_cell = std::min(config_.job_cost_us / 1000.0, kMaxJobCostMs * 1000.0 / static_cast<double>(grid_->cell_count()));
    return {config_.algorithm, config_.ray_caster, per_cell};
}

void ExposureScene::run_units(std::size_t first, std::size_t last, Cell eye, std::uint8_t* out, UnitWork work) {
    const std::int64_t t0 = Profiler::now_ns();
    const ExposureAlgorithm algorithm = work.algorithm;
    double cells = static_cast<double>(last - first);
    if (algorithm == ExposureAlgorithm::Rays) {
        expose_rays(*grid_, eye, out, first, last, work.caster);
    } else {
        for (std::size_t k = first; k < last; ++k) expose_sweep_octant(*grid_, eye, out, static_cast<int>(k));
        cells *= static_cast<double>(grid_->cell_count()) / kOctants;
    }
    busy_work_us(work.cost_us_per_cell * cells);  // the job cost: the same work per cell on any machine
    record_work(t0, static_cast<std::uint32_t>(first), algorithm == ExposureAlgorithm::Rays ? to_translate("exposure rays") : to_translate("exposure sweep"));
}

void ExposureScene::record_work(std::int64_t t0, std::uint32_t first_unit, const char* what) {
    const std::int64_t t1 = Profiler::now_ns();
    work_ns_[static_cast<std::size_t>(JobSystem::current_worker_index())].fetch_add(t1 - t0, std::memory_order_relaxed);
    if (services_.profiler && services_.profiler->enabled()) services_.profiler->record({t0, t1, ZoneKind::Job, first_unit, what, services_.pane});
}

// The sweep writes only exposed cells: start a map from "nothing seen but the eye".
static void clear_for_sweep(std::uint8_t* map, const OccupancyGrid& grid, Cell eye) {
    std::fill(map, map + grid.cell_count(), std::uint8_t{0});
    map[grid.index(eye.x, eye.y)] = !grid.wall(eye.x, eye.y);
}

void ExposureScene::launch(std::size_t first, std::size_t last, Cell eye, std::uint8_t* out, Wake wake, bool clear_first) {
    // The jobs get everything they read from the settings by value: set_config
    // may change config_ on the main thread while they run (a slider moved
    // with next-frame jobs in flight).
    const UnitWork work = unit_work();
    const bool rays = work.algorithm == ExposureAlgorithm::Rays;
    const auto count = static_cast<std::uint32_t>(last - first);
    // A sweep's map is cleared first, as a job too: the main thread only launches.
    JobHandle cleared;
    if (clear_first) {
        cleared = jobs_->schedule(
            [this, eye, out] {
                const std::int64_t t0 = Profiler::now_ns();
                clear_for_sweep(out, *grid_, eye);
                record_work(t0, 0, to_translate("exposure clear"));
            },
            {}, wake);
    }
    pending_ = jobs_->parallel_for(
        count, rays ? 256u : 1u,
        [this, first, eye, out, work](std::uint32_t b, std::uint32_t e) { run_units(first + b, first + e, eye, out, work); },
        {cleared},
        wake);
}

// --- [SECTION] A step's exposure: kick, other work, gather ---------------------------

// The exposure part of a step and the rest of the main thread's step, the
// other work: exposure first, then the other work; or, kicking early and
// gathering late (same frame), the kick, the other work, then the gather.
void ExposureScene::update_exposure() {
    const bool late = config_.mode == ExposureMode::SameFrame && config_.gather_late;
    const bool sweep = config_.algorithm == ExposureAlgorithm::Sweep;
    const std::size_t units = work_units();
    const std::size_t cells_per_unit = sweep ? grid_->cell_count() / kOctants : 1;
    wait_ns_ = 0;
    waited_ = false;
    std::int64_t main_ns = 0;
    Gathered step;
    {
        ZoneScope zone(services_.profiler, ZoneKind::Update, late ? to_translate("exposure kick") : to_translate("exposure update"), static_cast<std::uint32_t>(frame_),
                       services_.pane);
        const std::int64_t t0 = Profiler::now_ns();
        if (config_.mode == ExposureMode::Single) {
            if (sweep) {
                const std::int64_t clear_t0 = Profiler::now_ns();
                clear_for_sweep(front_.data(), *grid_, eye_);
                record_work(clear_t0, 0, to_translate("exposure clear"));
            }
            run_units(0, units, eye_, front_.data(), unit_work());
            step = {units, true};
            front_frame_ = frame_;
        } else {
            step = gather_and_launch(/*gather_now=*/!late);
        }
        main_ns += Profiler::now_ns() - t0;
    }
    other_work();
    if (late) {
        ZoneScope zone(services_.profiler, ZoneKind::Update, to_translate("exposure gather"), static_cast<std::uint32_t>(frame_), services_.pane);
        const std::int64_t t0 = Profiler::now_ns();
        const Gathered gathered = gather_started();
        step.units += gathered.units;
        step.changed = step.changed || gathered.changed;
        main_ns += Profiler::now_ns() - t0;
    }

    // The three figures: read (and restart) what every thread spent.
    std::int64_t total = 0;
    int threads = 0;
    for (auto& ns : work_ns_) {
        const std::int64_t spent = ns.exchange(0, std::memory_order_relaxed);
        total += spent;
        threads += spent > 0;
    }
    metrics_.frame = frame_;
    metrics_.main_ms = main_ns * 1e-6;
    metrics_.total_ms = total * 1e-6;
    metrics_.busy_threads = threads;
    metrics_.busy_ms = threads > 0 ? metrics_.total_ms / threads : 0;
    metrics_.cells = std::min(step.units * cells_per_unit, grid_->cell_count());
    metrics_.map_changed = step.changed;
    metrics_.map_age_steps = frame_ - front_frame_;
    metrics_.wait_ms = wait_ns_ * 1e-6;
    metrics_.waited = waited_;
    metrics_.frame_ms = 1000.0 * step_s();
    if (step.changed) ++version_;
}

// The rest of the main thread's step (a game's animation, physics, drawing),
// as real work of the chosen length.
void ExposureScene::other_work() {
    metrics_.other_ms = 0;
    if (config_.other_work_ms <= 0 || replaying_) return;
    ZoneScope zone(services_.profiler, ZoneKind::OtherWork, to_translate("other work"), static_cast<std::uint32_t>(frame_), services_.pane);
    const std::int64_t t0 = Profiler::now_ns();
    busy_work_us(config_.other_work_ms * 1000.0);
    metrics_.other_ms = (Profiler::now_ns() - t0) * 1e-6;
}

// Gather what is in flight: complete the jobs (the main thread waits, and
// helps, when they are unfinished), and swap the map in if that ends the pass.
ExposureScene::Gathered ExposureScene::gather_started() {
    Gathered result;
    if (!pass_.in_flight()) return result;
    if (!jobs_->is_done(pending_)) {
        waited_ = true;
        ZoneScope zone(services_.profiler, ZoneKind::Wait, to_translate("waiting for exposure jobs"), static_cast<std::uint32_t>(frame_), services_.pane);
        const std::int64_t t0 = Profiler::now_ns();
        jobs_->complete(pending_);
        wait_ns_ += Profiler::now_ns() - t0;
    } else {
        jobs_->complete(pending_);  // finished: releases the handle
    }
    pending_ = {};
    result.units = pass_.finish_started().count;
    if (!pass_.save_finished(/*whole_batch=*/true).empty()) {  // the pass is done: show its map
        front_.swap(back_);
        front_frame_ = pass_frame_;
        result.changed = true;
    }
    return result;
}

// One update of the pass, in the timeslicer's order (docs/semantics.md,
// section 1): gather what the last step started (next-frame gathering) and
// swap the map in if that ends the pass; begin a new pass once the last one
// is shown, reading its input, the eye; start the next units (all of them,
// or a slice when timesliced); with same-frame gathering, gather them now.
ExposureScene::Gathered ExposureScene::gather_and_launch(bool gather_now) {
    const bool same_frame = config_.mode == ExposureMode::SameFrame;
    const bool sweep = config_.algorithm == ExposureAlgorithm::Sweep;
    const auto units = static_cast<std::uint32_t>(work_units());
    Gathered result = gather_started();
    if (pass_.all_saved()) {
        pass_.begin(units);
        pass_eye_ = eye_;  // a pass's input, the eye, is read once (synchronous input)
        pass_frame_ = frame_;
    }
    const std::uint32_t limit =
        config_.mode == ExposureMode::Timesliced
            ? std::max<std::uint32_t>(1, static_cast<std::uint32_t>(std::ceil(units * config_.slice_percent / 100.0)))
            : units;
    const UnitRange slice = pass_.start(limit);
    // Needed next step: no wake-up paid here, a sleeping worker finds it (Wake::Soon).
    launch(slice.first, slice.end(), pass_eye_, back_.data(), same_frame ? Wake::Now : Wake::Soon, sweep && slice.first == 0);
    if (same_frame && gather_now) {
        const Gathered now = gather_started();
        result.units += now.units;
        result.changed = result.changed || now.changed;
    }
    return result;
}

double ExposureScene::pass_progress() const {
    if (config_.mode != ExposureMode::Timesliced) return 1.0;
    // The share of the pass started; 0 once its last slice is in flight (the next step begins a new one).
    return pass_.all_started() ? 0.0 : static_cast<double>(pass_.started()) / static_cast<double>(pass_.size());
}

// --- [SECTION] The shy character -----------------------------------------------------

void ExposureScene::update_character() {
    // The answers it waits for are a few steps old when they come (delayed
    // gathering again): meanwhile it keeps walking the path it has, and a
    // new path starts where it was asked for, so it may first step back.
    Character& c = character_;
    const OccupancyGrid& grid = *grid_;
    auto exposed = [&](Cell cell) { return front_[grid.index(cell.x, cell.y)] != 0; };

    if ((c.phase == CharacterPhase::Resting || c.phase == CharacterPhase::Walking) && exposed(c.destination)) {
        // Seen where it is going (or resting): ask how far every cell is.
        c.asked_from = c.cell;
        ticket_ = paths_->request_distances(c.cell);
        c.phase = CharacterPhase::AskingDistances;
        ++c.flights;
    }
    if (c.phase == CharacterPhase::AskingDistances && paths_->check(ticket_) == TicketState::Ready) {
        // The nearest hidden cell by path length (the lowest index on ties).
        const std::vector<std::int32_t>& field = *paths_->distances(ticket_);
        std::size_t best = grid.cell_count();
        for (std::size_t i = 0; i < field.size(); ++i)
            if (field[i] != kUnreachable && !front_[i] && (best == grid.cell_count() || field[i] < field[best])) best = i;
        paths_->release(ticket_);
        ticket_ = {};
        if (best == grid.cell_count()) {
            c.phase = c.path.empty() ? CharacterPhase::Resting : CharacterPhase::Walking;  // nowhere to hide
            c.destination = c.path.empty() ? c.cell : c.destination;
        } else {
            c.fleeing_to = {static_cast<int>(best % grid.width), static_cast<int>(best / grid.width)};
            ticket_ = paths_->request_path(c.asked_from, c.fleeing_to);
            c.phase = CharacterPhase::AskingPath;
        }
    }
    if (c.phase == CharacterPhase::AskingPath && paths_->check(ticket_) == TicketState::Ready) {
        const Path& path = *paths_->path(ticket_);
        // Join the new path where the character now stands, or walk back to its start.
        auto here = std::find(path.cells.begin(), path.cells.end(), c.cell);
        if (here != path.cells.end()) c.path.assign(here + 1, path.cells.end());
        else c.path.assign(path.cells.begin(), path.cells.end());
        paths_->release(ticket_);
        ticket_ = {};
        c.destination = path.cells.empty() ? c.cell : c.fleeing_to;
        c.phase = c.path.empty() ? CharacterPhase::Resting : CharacterPhase::Walking;
    }
    // Walk (also while asking).
    double budget = config_.character_speed * grid.width * step_s();
    while (budget > 0 && !c.path.empty()) {
        const Vec2 target = centre(c.path.front());
        const Vec2 d = target - c.position;
        const double dist = std::hypot(d.x, d.y);
        if (dist <= budget) {
            c.position = target;
            c.cell = c.path.front();
            c.path.erase(c.path.begin());
            budget -= dist;
        } else {
            c.position = c.position + d * (budget / dist);
            budget = 0;
        }
    }
    if (c.phase == CharacterPhase::Walking && c.path.empty()) c.phase = CharacterPhase::Resting;
    ++c.steps;
    metrics_.character_seen = cell_exposed(grid, eye_, c.cell);  // by the eye as it is now, not by the (older) map
    c.steps_seen += metrics_.character_seen;
}

// --- [SECTION] The step --------------------------------------------------------------

void ExposureScene::step() {
    ZoneScope zone(services_.profiler, ZoneKind::Step, to_translate("step"), static_cast<std::uint32_t>(frame_), services_.pane);
    paths_->step();
    patrol_distance_ += config_.sentinel_speed * grid_->width * step_s();
    place_sentinel();
    update_exposure();
    if (config_.shy_character) {
        ZoneScope character(services_.profiler, ZoneKind::Animation, to_translate("character"), 0, services_.pane);
        update_character();
    }
    ++frame_;
}

// --- [SECTION] Stepping back in time: the state as a value ---------------------------

ExposureScene::State ExposureScene::state() const {
    State s;
    s.front = front_;
    // Rays: units are cells, and the jobs in flight write only theirs.
    if (config_.algorithm == ExposureAlgorithm::Rays && config_.mode != ExposureMode::Single)
        s.back_finished.assign(back_.begin(), back_.begin() + pass_.finished());
    s.version = version_;
    s.pass = pass_;
    s.pass_eye = pass_eye_;
    s.pass_frame = pass_frame_;
    s.front_frame = front_frame_;
    s.frame = frame_;
    s.patrol_distance = patrol_distance_;
    s.sentinel = sentinel_;
    s.heading_deg = heading_deg_;
    s.eye = eye_;
    s.character = character_;
    s.ticket = ticket_;
    s.metrics = metrics_;
    s.paths = paths_->state();
    return s;
}

void ExposureScene::restore(const State& s) {
    if (pending_.valid()) jobs_->complete(pending_);
    pending_ = {};
    front_ = s.front;
    version_ = s.version;
    pass_ = s.pass;
    pass_eye_ = s.pass_eye;
    pass_frame_ = s.pass_frame;
    front_frame_ = s.front_frame;
    frame_ = s.frame;
    patrol_distance_ = s.patrol_distance;
    sentinel_ = s.sentinel;
    heading_deg_ = s.heading_deg;
    eye_ = s.eye;
    character_ = s.character;
    ticket_ = s.ticket;
    metrics_ = s.metrics;
    paths_->restore(s.paths);
    for (auto& ns : work_ns_) ns.store(0, std::memory_order_relaxed);
    // The pass's map so far: the units gathered, then those in flight then,
    // run here (their time counts as the next gather's work, as the jobs' would).
    if (config_.mode == ExposureMode::Single || pass_.started() == 0) return;
    if (config_.algorithm == ExposureAlgorithm::Rays) {
        std::copy(s.back_finished.begin(), s.back_finished.end(), back_.begin());
    } else {
        clear_for_sweep(back_.data(), *grid_, pass_eye_);
        for (std::uint32_t k = 0; k < pass_.finished(); ++k) expose_sweep_octant(*grid_, pass_eye_, back_.data(), static_cast<int>(k));
    }
    if (pass_.in_flight()) run_units(pass_.finished(), pass_.started(), pass_eye_, back_.data(), unit_work());
}

}  // namespace tsl
