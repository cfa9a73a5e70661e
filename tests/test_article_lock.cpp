// The timeslicing article's threaded version (docs/semantics.md, section 8):
// decisions read on a worker under a read lock while the update holds the
// write lock through the join of its job threads. Two gates make the wait
// certain, not a race the scheduler may or may not run: the reader starts its
// lookups only once a decision job has started (so the write lock is held),
// and no decision job ends until a reader is waiting (so it stays held).
#include "core/jobs/job_system.h"
#include "core/npc/npc_scene.h"
#include "core/timeslicing/trace.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <sstream>
#include <tuple>
#include <thread>

using namespace tsl;

namespace {

NpcSceneConfig article(Threading threading, bool lock) {
    NpcSceneConfig c;
    c.npc_count = 10;
    c.timeslicing = {Mode::AIAO, 2, 1, Gathering::SameFrame, threading};
    c.article_lock = lock;
    return c;
}

// Waits until done() holds, yielding; if it never does, gives up after 10 s
// (the test then fails instead of hanging).
template <class Done>
void wait_until(Done done, std::atomic<bool>& gave_up) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!done())
        if (std::chrono::steady_clock::now() > until) {
            gave_up = true;
            return;
        } else {
            std::this_thread::yield();
        }
}

struct ReaderWaitsForTheUpdate {
    NpcScene* scene = nullptr;
    std::atomic<int> jobs{0};
    std::atomic<bool> reader_gave_up{false}, jobs_gave_up{false};
    // On the worker, before the reader's first lookup: a decision job has
    // started, so the update holds the write lock.
    static void reader(void* user, std::uint32_t) {
        auto& self = *static_cast<ReaderWaitsForTheUpdate*>(user);
        wait_until([&] { return self.jobs.load() > 0; }, self.reader_gave_up);
    }
    // On each decision job's thread, under the update's write lock: it ends
    // only once a reader waits for the read lock.
    static void job(void* user, std::uint32_t) {
        auto& self = *static_cast<ReaderWaitsForTheUpdate*>(user);
        self.jobs.fetch_add(1);
        wait_until([&] { return self.scene->article_readers_waiting() > 0; }, self.jobs_gave_up);
    }
};

}  // namespace

TEST_CASE("The article's version: a reader on a worker waits while the update holds the write lock through the join",
          "[npc][lock][threads]") {
    JobSystem jobs({1});
    NpcScene scene(article(Threading::ThreadPerJob, true), {&jobs, nullptr});
    REQUIRE(scene.article_lock_in_use());
    ReaderWaitsForTheUpdate gate{&scene};
    scene.set_job_hook(&ReaderWaitsForTheUpdate::job, &gate);
    scene.set_reader_hook(&ReaderWaitsForTheUpdate::reader, &gate);
    scene.step();  // the jobs end only once the reader has found the write lock held
    scene.set_job_hook(nullptr, nullptr);
    scene.set_reader_hook(nullptr, nullptr);
    CHECK(gate.jobs.load() == 2);
    CHECK_FALSE(gate.reader_gave_up.load());
    CHECK_FALSE(gate.jobs_gave_up.load());
    const ArticleLockStats& stats = scene.article_lock_stats();
    CHECK(stats.reads == 10);  // every NPC's lookup, under the read lock
    CHECK(stats.reads_waited >= 1);
    CHECK(stats.wait_ms > 0);
    CHECK(scene.article_readers_waiting() == 0);

    for (int i = 0; i < 20; ++i) scene.step();
    CHECK(scene.article_lock_stats().reads == 210);
    scene.reset();
    CHECK(scene.article_lock_stats().reads == 0);
}

TEST_CASE("The article's lock is off by default, and not taken with the pool, whose waits could run a reader under the write lock",
          "[npc][lock][threads]") {
    JobSystem jobs({1});
    for (const auto& [threading, lock, in_use] : {std::tuple{Threading::ThreadPerJob, false, false}, std::tuple{Threading::Pool, true, false},
                                                  std::tuple{Threading::Inline, true, true}}) {
        CAPTURE(static_cast<int>(threading), lock);
        NpcScene scene(article(threading, lock), {&jobs, nullptr});
        CHECK(scene.article_lock_in_use() == in_use);
        for (int i = 0; i < 5; ++i) scene.step();
        CHECK(scene.article_lock_stats().reads == (in_use ? 50u : 0u));
    }
    JobSystem none({0});  // no worker to read while the main thread updates
    NpcScene alone(article(Threading::ThreadPerJob, true), {&none, nullptr});
    CHECK_FALSE(alone.article_lock_in_use());
}

TEST_CASE("The timeslicer's trace is the same with the article's lock as without it", "[npc][lock][threads]") {
    JobSystem jobs({1});
    TraceLog with, without;
    NpcScene a(article(Threading::ThreadPerJob, true), {&jobs, nullptr}), b(article(Threading::ThreadPerJob, false), {&jobs, nullptr});
    a.set_trace(&with);
    b.set_trace(&without);
    for (int i = 0; i < 40; ++i) {
        a.step();
        b.step();
    }
    std::ostringstream csv_with, csv_without;
    with.write_csv(csv_with);
    without.write_csv(csv_without);
    CHECK(with.records().size() > 40);
    CHECK(csv_with.str() == csv_without.str());
}
