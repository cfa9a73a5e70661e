// path_service.h — pathfinding as a service with tickets, after "Getting the
// most out of game AI: threading": whoever needs a path asks for it and gets
// a ticket at once, carries on, and checks the ticket on a later frame.
//
// What to notice:
// - request() never blocks: the search runs as a job on the job system.
// - Identical requests made while one is pending share its computation (and
//   its ticket): ten guards asking for the same route cost one search.
// - Recent results are kept: asking again for a route already found is
//   answered from the cache.
// - Both can be turned off (`share`), for comparison: every request is then
//   a search of its own.
// - Deterministic answers: a ticket is answered exactly `answer_after_steps`
//   steps after it was asked (2 by default), whatever the machine's speed.
//   The job normally finished long before; if it has not, the service waits
//   for it then (with no workers it runs it then), and counts the wait.
//
// Threading contract: every call from the main thread (the owner); the
// searches run on job system threads and touch only their own copy of the
// request and the grid they were given.
#pragma once

#include "core/jobs/job_system.h"
#include "core/exposure/occupancy_grid.h"
#include "core/exposure/pathfinding.h"
#include "core/jobs/profiler.h"

#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace tsl {

struct PathTicket {
    std::uint32_t id = 0;  // 0: no ticket
    bool valid() const { return id != 0; }
    bool operator==(const PathTicket&) const = default;
};

enum class TicketState : std::uint8_t { None, Pending, Ready };
enum class RequestKind : std::uint8_t { Path, Distances };

struct PathServiceConfig {
    int answer_after_steps = 2;      // 2 — steps between a request and its answer
    std::size_t cached_paths = 32;   // 32 — recent routes kept
    std::size_t cached_fields = 2;   // 2 — recent distance fields kept (large: one int per cell)
    bool share = true;               // true — identical requests share a ticket, answers are kept; false: a search each,
                                     //        while the answers held fit in kUnsharedCells (then they share again)
};
// Off, answers held unshared take at most this many cells (64 MB of path lengths).
inline constexpr std::size_t kUnsharedCells = std::size_t{16} << 20;

// What the panel lists.
struct TicketInfo {
    std::uint32_t id = 0;
    RequestKind kind = RequestKind::Path;
    Cell start, goal;
    TicketState state = TicketState::Pending;
    int requesters = 0;             // requests sharing this ticket
    bool from_cache = false;
    std::int64_t answer_step = 0;   // the step it is (or was) answered on
};

struct PathServiceStats {
    std::uint64_t requests = 0;
    std::uint64_t searches = 0;      // computations started
    std::uint64_t shared = 0;        // requests that joined a ticket still held
    std::uint64_t shared_answered = 0;  // ... of those, ones whose answer was already found (the rest shared a pending search)
    std::uint64_t cache_hits = 0;
    std::uint64_t waits = 0;         // answers that had to wait for their search
};

class PathService {
public:
    // `pane`: the pane of the scene it serves, tagged on its search zones.
    explicit PathService(JobSystem& jobs, Profiler* profiler = nullptr, const PathServiceConfig& config = {}, std::uint8_t pane = kNoPane);
    ~PathService();
    PathService(const PathService&) = delete;
    PathService& operator=(const PathService&) = delete;

    // The grid searches run on. A new grid empties the cache; searches in
    // flight finish on the grid they started with.
    void set_grid(std::shared_ptr<const OccupancyGrid> grid);
    // Share identical requests and keep answers from now on, or not (which
    // empties the cache); tickets already held keep their answers.
    void set_share(bool share);

    // Main thread, at once: a ticket for a path from start to goal, or for
    // the path costs from start to every cell.
    PathTicket request_path(Cell start, Cell goal);
    PathTicket request_distances(Cell start);

    // Main thread, once per step: answers the tickets that are due.
    void step();

    TicketState check(PathTicket ticket) const;
    // The answer of a ready ticket (nullptr otherwise).
    const Path* path(PathTicket ticket) const;
    const std::vector<std::int32_t>* distances(PathTicket ticket) const;
    // The requester is done with the ticket; it is forgotten once nobody holds it.
    void release(PathTicket ticket);

    std::vector<TicketInfo> tickets() const;  // those still held, oldest first
    const PathServiceStats& stats() const { return stats_; }
    // The searches' work so far, every thread's: ms spent in finished searches.
    double search_ms() const { return static_cast<double>(search_ns_.load(std::memory_order_relaxed)) * 1e-6; }
    std::int64_t steps() const { return step_; }

    // The service's whole state as a value, for stepping back in time
    // (core/session/rewind.h): the tickets held and the answers kept, with
    // the answers found so far. A search still running is not waited for: its
    // request is kept, and restore() searches again on the calling thread
    // (searches are pure: the same answer). The grid, the job system and the
    // time spent searching are not part of it.
    struct Answer {
        std::uint32_t id = 0;
        RequestKind kind = RequestKind::Path;
        Cell start, goal;
        std::uint64_t grid_version = 0;
        TicketState state = TicketState::Pending;
        int requesters = 0;
        bool from_cache = false;
        std::int64_t answer_step = 0;
        bool found = false;  // the search had ended: path or field holds its answer
        Path path;
        std::vector<std::int32_t> field;
    };
    struct State {
        std::vector<Answer> live, cache;
        std::uint32_t next_id = 1;
        std::int64_t step = 0;
        PathServiceStats stats;
        bool share = true;
        std::size_t bytes() const;
    };
    // Main thread, between steps.
    State state() const;
    // Main thread: back to `state` (of this service, on the grid it had then).
    // The searches running now are waited for and dropped.
    void restore(const State& state);

private:
    struct Computation;
    PathTicket request(RequestKind kind, Cell start, Cell goal);
    Computation* find(std::uint32_t id) const;

    JobSystem& jobs_;
    Profiler* profiler_;
    std::uint8_t pane_;
    PathServiceConfig config_;
    std::shared_ptr<const OccupancyGrid> grid_;
    std::uint64_t grid_version_ = 0;
    std::deque<std::unique_ptr<Computation>> live_;    // held tickets, oldest first
    std::deque<std::unique_ptr<Computation>> cache_;   // answered and released, newest first
    std::uint32_t next_id_ = 1;
    std::int64_t step_ = 0;
    PathServiceStats stats_;
    std::atomic<std::int64_t> search_ns_{0};  // added to by the search jobs
};

}  // namespace tsl
