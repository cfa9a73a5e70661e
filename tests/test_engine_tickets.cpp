// The parallel engine's path service, shared and not: the same agents ask the
// same questions either way; shared, a rally point costs one search however
// many agents ask for it; unshared, every ticket is a search. Counts only.
#include "core/engine/engine_scene.h"

#include <catch2/catch.hpp>

using namespace tsl;

namespace {

struct Tally {
    std::uint64_t asked = 0, shared = 0, cached = 0, searches = 0;
    double search_ms = 0;
    std::uint64_t hash = 0;
};

Tally run(bool share, std::uint32_t agents, int destinations, int ticks) {
    JobSystem jobs({1});
    EngineSceneConfig c;
    c.world.agents = agents;
    c.world.destinations = destinations;
    c.pane.share_routes = share;
    EngineScene scene(c, {&jobs, nullptr});
    Tally t;
    for (int k = 0; k < ticks; ++k) {
        scene.step();
        const EngineTickStats& s = scene.stats();
        t.asked += s.routes_asked;
        t.shared += s.routes_shared;
        t.cached += s.routes_cached;
        t.searches += s.searches;
        t.search_ms += s.search_ms;
        CHECK(s.routes_shared + s.routes_cached + s.searches == s.routes_asked);  // every ticket is one of the three
    }
    t.hash = scene.state_hash();
    return t;
}

}  // namespace

TEST_CASE("Tickets shared: a rally point costs one search however many agents ask; unshared, every ticket is a search",
          "[engine][tickets][threads]") {
    constexpr int kTicks = 150;
    const Tally shared = run(true, 1000, 8, kTicks);
    const Tally alone = run(false, 1000, 8, kTicks);
    // The same agents walk the same routes and ask the same questions: the answers are the same routes.
    CHECK(shared.asked == alone.asked);
    CHECK(shared.hash == alone.hash);
    CHECK(shared.asked > 200);
    // Shared: at most one search per rally point (their routes are kept), everything else shared or given again.
    CHECK(shared.searches <= 8);
    CHECK(shared.shared + shared.cached == shared.asked - shared.searches);
    // Unshared: a search per ticket, nothing shared or kept.
    CHECK(alone.searches == alone.asked);
    CHECK(alone.shared + alone.cached == 0);
    CHECK(alone.search_ms > shared.search_ms);
}

TEST_CASE("Many agents asking for few routes share them; as many routes as askers share little", "[engine][tickets]") {
    constexpr int kTicks = 150;
    const Tally few_routes = run(true, 1000, 2, kTicks);
    const Tally many_routes = run(true, 32, 32, kTicks);
    // Shared or given again, per ticket asked.
    const double few = static_cast<double>(few_routes.shared + few_routes.cached) / static_cast<double>(few_routes.asked);
    const double many = static_cast<double>(many_routes.shared + many_routes.cached) / static_cast<double>(many_routes.asked);
    CHECK(few > 0.99);
    CHECK(many < few);
}

TEST_CASE("Turning sharing off and on again takes effect from the next request", "[engine][tickets]") {
    JobSystem jobs({1});
    EngineSceneConfig c;
    c.world.agents = 500;
    EngineScene scene(c, {&jobs, nullptr});
    for (int k = 0; k < 30; ++k) scene.step();
    c.pane.share_routes = false;
    scene.set_config(c);
    std::uint64_t asked = 0, searches = 0;
    for (int k = 0; k < 60; ++k) {
        scene.step();
        asked += scene.stats().routes_asked;
        searches += scene.stats().searches;
    }
    CHECK(asked > 0);
    CHECK(searches == asked);
    c.pane.share_routes = true;
    scene.set_config(c);
    asked = searches = 0;
    for (int k = 0; k < 60; ++k) {
        scene.step();
        asked += scene.stats().routes_asked;
        searches += scene.stats().searches;
    }
    CHECK(asked > 0);
    CHECK(searches * 10 < asked);
}
