#include "core/exposure/path_service.h"

#include "core/base/words.h"  // to_translate: the timeline's zone labels

#include <algorithm>

namespace tsl {

struct PathService::Computation {
    std::uint32_t id = 0;
    RequestKind kind = RequestKind::Path;
    Cell start, goal;
    std::uint64_t grid_version = 0;
    std::shared_ptr<const OccupancyGrid> grid;  // keeps the grid alive while the search runs
    JobHandle job;
    // Written by the search job; read by the main thread once it is answered.
    Path path;
    std::vector<std::int32_t> field;
    TicketState state = TicketState::Pending;
    int requesters = 0;
    bool from_cache = false;
    std::int64_t answer_step = 0;

    bool same_request(RequestKind k, Cell s, Cell g, std::uint64_t version) const {
        return kind == k && start == s && (k == RequestKind::Distances || goal == g) && grid_version == version;
    }
};

PathService::PathService(JobSystem& jobs, Profiler* profiler, const PathServiceConfig& config, std::uint8_t pane)
    : jobs_(jobs), profiler_(profiler), pane_(pane), config_(config) {}

PathService::~PathService() {
    for (const auto& c : live_) jobs_.complete(c->job);
}

void PathService::set_grid(std::shared_ptr<const OccupancyGrid> grid) {
    grid_ = std::move(grid);
    ++grid_version_;
    cache_.clear();  // answers for the old grid would be wrong
}

void PathService::set_share(bool share) {
    config_.share = share;
    if (!share) cache_.clear();
}

PathTicket PathService::request_path(Cell start, Cell goal) { return request(RequestKind::Path, start, goal); }
PathTicket PathService::request_distances(Cell start) { return request(RequestKind::Distances, start, start); }

PathTicket PathService::request(RequestKind kind, Cell start, Cell goal) {
    ++stats_.requests;
    const std::size_t cells = grid_ ? grid_->cell_count() : 0;
    const bool share = config_.share || (live_.size() + 1) * cells > kUnsharedCells;
    // The same question already asked and still held: share it.
    for (const auto& c : live_) {
        if (!share) break;
        if (!c->same_request(kind, start, goal, grid_version_)) continue;
        ++c->requesters;
        ++stats_.shared;
        if (c->state == TicketState::Ready) ++stats_.shared_answered;
        return {c->id};
    }
    // Answered recently: from the cache, at once.
    for (auto it = cache_.begin(); share && it != cache_.end(); ++it) {
        if (!(*it)->same_request(kind, start, goal, grid_version_)) continue;
        std::unique_ptr<Computation> c = std::move(*it);
        cache_.erase(it);
        c->id = next_id_++;
        c->requesters = 1;
        c->from_cache = true;
        c->answer_step = step_;
        ++stats_.cache_hits;
        live_.push_back(std::move(c));
        return {live_.back()->id};
    }
    // A new search, as a job.
    auto c = std::make_unique<Computation>();
    c->id = next_id_++;
    c->kind = kind;
    c->start = start;
    c->goal = goal;
    c->grid_version = grid_version_;
    c->grid = grid_;
    c->requesters = 1;
    c->answer_step = step_ + config_.answer_after_steps;
    Computation* raw = c.get();
    Profiler* profiler = profiler_;
    const std::uint8_t pane = pane_;
    std::atomic<std::int64_t>* spent = &search_ns_;  // the service outlives its searches (its destructor waits)
    c->job = jobs_.schedule([raw, profiler, pane, spent] {
        ZoneScope zone(profiler, ZoneKind::Job, raw->kind == RequestKind::Path ? to_translate("path search") : to_translate("path lengths"), raw->id, pane);
        if (!raw->grid) return;
        const std::int64_t t0 = Profiler::now_ns();
        if (raw->kind == RequestKind::Path) raw->path = find_path(*raw->grid, raw->start, raw->goal);
        else raw->field = distance_field(*raw->grid, raw->start);
        spent->fetch_add(Profiler::now_ns() - t0, std::memory_order_relaxed);
    });
    ++stats_.searches;
    live_.push_back(std::move(c));
    return {live_.back()->id};
}

void PathService::step() {
    ++step_;
    for (auto it = live_.begin(); it != live_.end();) {
        Computation& c = **it;
        if (c.state == TicketState::Pending && c.answer_step <= step_) {
            if (!jobs_.is_done(c.job)) ++stats_.waits;
            jobs_.complete(c.job);
            c.state = TicketState::Ready;
        }
        // Nobody holds it any more: keep the answer in the cache.
        if (c.requesters == 0 && c.state == TicketState::Ready) {
            std::unique_ptr<Computation> done = std::move(*it);
            it = live_.erase(it);
            const std::size_t limit = done->kind == RequestKind::Path ? config_.cached_paths : config_.cached_fields;
            const RequestKind kind = done->kind;
            if (done->grid_version == grid_version_ && limit > 0 && config_.share) cache_.push_front(std::move(done));
            std::size_t kept = 0;
            for (auto ct = cache_.begin(); ct != cache_.end();) {
                if ((*ct)->kind == kind && ++kept > limit) ct = cache_.erase(ct);
                else ++ct;
            }
            continue;
        }
        ++it;
    }
}

PathService::Computation* PathService::find(std::uint32_t id) const {
    for (const auto& c : live_)
        if (c->id == id) return c.get();
    return nullptr;
}

TicketState PathService::check(PathTicket ticket) const {
    const Computation* c = find(ticket.id);
    return c ? c->state : TicketState::None;
}

const Path* PathService::path(PathTicket ticket) const {
    const Computation* c = find(ticket.id);
    return c && c->state == TicketState::Ready && c->kind == RequestKind::Path ? &c->path : nullptr;
}

const std::vector<std::int32_t>* PathService::distances(PathTicket ticket) const {
    const Computation* c = find(ticket.id);
    return c && c->state == TicketState::Ready && c->kind == RequestKind::Distances ? &c->field : nullptr;
}

void PathService::release(PathTicket ticket) {
    if (Computation* c = find(ticket.id); c && c->requesters > 0) --c->requesters;
}

// --- Stepping back in time ----------------------------------------------------------

PathService::State PathService::state() const {
    State s{{}, {}, next_id_, step_, stats_, config_.share};
    auto kept = [this](const Computation& c) {
        Answer a{c.id, c.kind, c.start, c.goal, c.grid_version, c.state, c.requesters, c.from_cache, c.answer_step, false, {}, {}};
        // The job writes the answer until it ends; an ended job's writes are visible (acquire).
        if (c.state == TicketState::Ready || jobs_.is_done(c.job)) {
            a.found = true;
            a.path = c.path;
            a.field = c.field;
        }
        return a;
    };
    for (const auto& c : live_) s.live.push_back(kept(*c));
    for (const auto& c : cache_) s.cache.push_back(kept(*c));
    return s;
}

void PathService::restore(const State& s) {
    for (const auto& c : live_) jobs_.complete(c->job);
    auto made = [this](const Answer& a) {
        auto c = std::make_unique<Computation>();
        c->id = a.id;
        c->kind = a.kind;
        c->start = a.start;
        c->goal = a.goal;
        c->grid_version = a.grid_version;
        c->grid = grid_;
        c->state = a.state;
        c->requesters = a.requesters;
        c->from_cache = a.from_cache;
        c->answer_step = a.answer_step;
        if (a.found) {
            c->path = a.path;
            c->field = a.field;
        } else if (grid_) {  // the search it had running, again, here
            if (a.kind == RequestKind::Path) c->path = find_path(*grid_, a.start, a.goal);
            else c->field = distance_field(*grid_, a.start);
        }
        return c;
    };
    live_.clear();
    cache_.clear();
    for (const Answer& a : s.live) live_.push_back(made(a));
    for (const Answer& a : s.cache) cache_.push_back(made(a));
    next_id_ = s.next_id;
    step_ = s.step;
    stats_ = s.stats;
    config_.share = s.share;
}

std::size_t PathService::State::bytes() const {
    std::size_t sum = sizeof(State);
    for (const auto* list : {&live, &cache})
        for (const Answer& a : *list) sum += sizeof(Answer) + a.path.cells.capacity() * sizeof(Cell) + a.field.capacity() * sizeof(std::int32_t);
    return sum;
}

std::vector<TicketInfo> PathService::tickets() const {
    std::vector<TicketInfo> out;
    for (const auto& c : live_)
        out.push_back({c->id, c->kind, c->start, c->goal, c->state, c->requesters, c->from_cache, c->answer_step});
    return out;
}

}  // namespace tsl
