// systems.h — the engine's three systems. Each reads only its own copy of the
// shared fields it registered for, writes only change notifications (and
// its output store, where lock-step observers read them) and its private
// data, and is split into sub-tasks over ranges of agents:
//
//   AI         picks a rally point (the coarse goal) and asks the path service
//              for a route there, with a ticket; on a later run refines the
//              goal to a free spot near it; steers along the route once the
//              ticket is answered (straight at the goal meanwhile); rests on
//              arrival, then picks again. Faces each goal it picks (Heading).
//   physics    moves every agent toward its steering, parts agents that
//              overlap (from positions all read before anyone moved: the
//              result does not depend on the order agents are done in) and
//              keeps them out of walls. Its serial part — sorting agents into
//              cells — runs first, on one thread.
//   animation  turns each agent toward the way it moves, at a capped speed.
//
// Threading: prelude() and run() on any thread, while the system's run is
// in flight: disjoint agent ranges per run() call; nothing else touches the
// system's copy, output store or private data then. Everything else: main
// thread, between runs.
#pragma once

#include "core/engine/agent_data.h"
#include "core/engine/arena.h"
#include "core/engine/change_queue.h"
#include "core/exposure/path_service.h"

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

namespace tsl {

// What a run reads besides the system's own data, fixed when it is launched.
struct RunContext {
    std::uint32_t data_tick = 0;   // the tick whose copy the run reads
    int ticks = 1;                 // the ticks this run stands for (its system's rate)
    float dt = 1.0f / 30.0f;       // seconds per tick
    float agent_speed = 4.0f;      // cells per second
    float turn_speed = 270.0f;     // deg/s
    std::uint32_t seed = 1;
    QueueKind queues = QueueKind::PerThread;
    bool carried = false;          // free-step: changes carry their values
    double cost_us = 0;            // real work added to the run (its cost setting, drawn for this run), shared by its sub-tasks
};

// The value every copy starts with (the spawn state).
AgentValue initial_value(const Arena& arena, AgentField field, std::uint32_t agent, std::uint32_t seed);

struct SystemData;

class EngineSystem {
public:
    EngineSystem(SystemId id, FieldMask observes, FieldMask writes) : id_(id), observes_(observes), writes_(writes) {}
    virtual ~EngineSystem() = default;
    EngineSystem(const EngineSystem&) = delete;
    EngineSystem& operator=(const EngineSystem&) = delete;

    SystemId id() const { return id_; }
    FieldMask observes() const { return observes_; }  // the fields of its copy
    FieldMask writes() const { return writes_; }      // the fields it posts changes to

    // Main thread: copies and outputs from the spawn state, private data anew.
    virtual void reset(const Arena& arena, std::uint32_t agents, std::uint32_t seed);
    // The serial part of the system's main task, before its sub-tasks.
    virtual void prelude(const RunContext&) {}
    // One sub-task over agents [first, last).
    virtual void run(const RunContext& context, std::uint32_t first, std::uint32_t last, ChangeWriter& writer) = 0;

    AgentStore& copy() { return copy_; }
    const AgentStore& copy() const { return copy_; }
    const AgentStore& out() const { return out_; }

    // Main thread, between runs (or just before one starts): the system's
    // data as a value, and back to it (stepping back in time).
    virtual void save(SystemData& data) const;
    virtual void load(const SystemData& data);

protected:
    // Writes the value where lock-step observers will read it and posts the change.
    void emit(ChangeWriter& writer, std::uint32_t agent, AgentField field, AgentValue value) {
        out_.at(field, agent) = value;
        writer.post(agent, field, value);
    }

    const Arena* arena_ = nullptr;
    AgentStore copy_, out_;

private:
    SystemId id_;
    FieldMask observes_, writes_;
};

// What the AI asked of the path service in one run, per kind.
struct TicketRequests {
    std::uint32_t routes = 0;    // tickets asked for
    std::uint32_t releases = 0;  // tickets given back
};

class AiSystem final : public EngineSystem {
public:
    AiSystem();
    void reset(const Arena& arena, std::uint32_t agents, std::uint32_t seed) override;
    void run(const RunContext& context, std::uint32_t first, std::uint32_t last, ChangeWriter& writer) override;

    // Main thread, before a run: each agent's answered route (or none yet),
    // read from the path service, so that the run never touches the service.
    void take_answers(const PathService& paths);
    // Main thread, after a run: the run's requests, in agent order, to the
    // service; the tickets it returns go to the agents.
    TicketRequests hand_requests(PathService& paths);
    // Main thread: every ticket given back (before the service goes).
    void release_all(PathService& paths);
    void save(SystemData& data) const override;
    void load(const SystemData& data) override;
    // Main thread, after load() and the service's own restore: the routes a
    // run reads, as they were when the run saved with save() was launched.
    void take_loaded_routes(const PathService& paths);

    enum class Phase : std::uint8_t { Resting, Coarse, Moving };
    struct Mind {
        Phase phase = Phase::Resting;
        std::uint8_t destination = 0xFF;  // the rally point (0xFF: none yet)
        std::uint16_t near_ticks = 0;     // ticks spent close to the goal without reaching it
        std::uint32_t trip = 0;           // goals picked so far
        std::uint32_t rest_until = 0;     // the tick it picks its next goal
        PathTicket ticket;                // its route's ticket (none: not asked, or given back)
        AgentValue goal, steering, route; // the last values it posted
    };
    const Mind& mind(std::uint32_t agent) const { return minds_[agent]; }
    // The newest ticket asked for a route to each rally point (main thread, for drawing routes).
    PathTicket route_ticket(int destination) const {
        return destination >= 0 && destination < static_cast<int>(newest_ticket_.size()) ? newest_ticket_[static_cast<std::size_t>(destination)]
                                                                                         : PathTicket{};
    }

private:
    struct Request {
        std::uint32_t agent;
        bool release;           // give the ticket back; else ask for a route to `destination`
        std::uint8_t destination;
    };
    AgentValue steer(const RunContext& context, const Mind& mind, AgentValue position, std::uint32_t agent) const;

    std::vector<Mind> minds_;
    std::vector<const std::vector<std::int32_t>*> routes_;     // per agent: its answered route, or null
    std::array<std::vector<Request>, kQueueThreads> requests_;  // per thread, like the change queues
    std::vector<Request> gathered_;
    std::vector<PathTicket> newest_ticket_;  // per rally point
    std::vector<std::uint32_t> loaded_routes_;  // load()'s, for take_loaded_routes()
};

// A system's data as a value: its copy and output store, and the AI's
// private data (physics keeps only what its prelude makes again every run).
struct SystemData {
    AgentStore copy, out;
    std::vector<AiSystem::Mind> minds;
    std::vector<std::uint32_t> routes;       // per agent: the ticket whose answered route a run reads (0: none)
    std::vector<PathTicket> newest_ticket;
    std::size_t bytes() const {
        return sizeof(SystemData) + (copy.size() * std::popcount(copy.fields()) + out.size() * std::popcount(out.fields())) * sizeof(AgentValue) +
               minds.capacity() * sizeof(AiSystem::Mind) + routes.capacity() * sizeof(std::uint32_t) + newest_ticket.capacity() * sizeof(PathTicket);
    }
};

class PhysicsSystem final : public EngineSystem {
public:
    static constexpr float kRadius = 0.3f;  // cells: agents closer than two radii are pushed apart

    PhysicsSystem();
    void reset(const Arena& arena, std::uint32_t agents, std::uint32_t seed) override;
    void prelude(const RunContext& context) override;  // agents into cells
    void run(const RunContext& context, std::uint32_t first, std::uint32_t last, ChangeWriter& writer) override;

private:
    std::vector<std::uint32_t> cell_start_;   // per cell: where its agents begin in cell_agents_ (one more at the end)
    std::vector<std::uint32_t> cell_agents_;  // agents, cell by cell, each cell's in agent order
    std::vector<std::uint32_t> cell_of_;      // per agent
};

class AnimationSystem final : public EngineSystem {
public:
    AnimationSystem();
    void run(const RunContext& context, std::uint32_t first, std::uint32_t last, ChangeWriter& writer) override;
};

}  // namespace tsl
