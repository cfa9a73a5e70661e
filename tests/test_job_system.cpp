// The job system, rule by rule of its contract (core/jobs/job_system.h):
// every job runs exactly once, after its dependencies, whichever threads
// schedule at once; loops cover every index once; waiting cannot deadlock —
// from inside jobs, with no workers, with every slot taken; a failed job's
// exception reaches whoever waits for it and its dependants; workers can
// change while jobs are in flight; wake-ups are paid only for sleepers.
#include "core/jobs/job_system.h"
#include "core/jobs/thread_placement.h"

#include "threads_test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <future>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#ifdef __linux__
#include <sched.h>
#endif

using tsl::JobHandle;
using tsl::JobSystem;
using tsl::JobSystemConfig;
using tsl::Wake;
using tsl::current_cpu;
using tsl::move_off_cpu;
using tsl::test::HangDetector;
using tsl::test::kSanitizerSlowdown;
using tsl::test::wait_until;

namespace {

// A handle in one atomic word, for handing a handle to a job that may already run.
std::uint64_t packed(JobHandle h) { return std::uint64_t{h.generation} << 32 | h.slot; }
JobHandle unpacked(std::uint64_t word) { return {static_cast<std::uint32_t>(word), static_cast<std::uint32_t>(word >> 32)}; }

// What complete() threw, or "" if it returned.
std::string failure_of(JobSystem& jobs, JobHandle h) {
    try {
        jobs.complete(h);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("Every scheduled job runs exactly once", "[threads][jobs]") {
    for (int workers : {0, 1, 3}) {
        JobSystem jobs({workers});
        std::vector<std::atomic<int>> runs(2000);
        std::vector<JobHandle> handles;
        for (std::size_t i = 0; i < runs.size(); ++i) handles.push_back(jobs.schedule([&runs, i] { runs[i].fetch_add(1); }));
        for (JobHandle h : handles) jobs.complete(h);
        for (auto& r : runs) REQUIRE(r.load() == 1);
        for (JobHandle h : handles) CHECK(jobs.is_done(h));
    }
}

TEST_CASE("A job runs only after every job it depends on", "[threads][jobs]") {
    for (int workers : {0, 1, 3}) {
        JobSystem jobs({workers});
        for (int round = 0; round < 200; ++round) {
            std::atomic<int> clock{0};
            int a_at = -1, b_at = -1, c_at = -1, d_at = -1;
            // a -> {b, c} -> d (a diamond)
            JobHandle a = jobs.schedule([&] { a_at = clock.fetch_add(1); });
            JobHandle b = jobs.schedule([&] { b_at = clock.fetch_add(1); }, {a});
            JobHandle c = jobs.schedule([&] { c_at = clock.fetch_add(1); }, {a});
            JobHandle d = jobs.schedule([&] { d_at = clock.fetch_add(1); }, {b, c});
            jobs.complete(d);
            REQUIRE(a_at < b_at);
            REQUIRE(a_at < c_at);
            REQUIRE(b_at < d_at);
            REQUIRE(c_at < d_at);
        }
    }
}

TEST_CASE("parallel_for covers every index exactly once for any count and grain", "[threads][jobs]") {
    for (int workers : {0, 1, 3})
        for (std::uint32_t count : {0u, 1u, 7u, 1000u, 65537u})
            for (std::uint32_t grain : {1u, 3u, 64u, 100000u}) {
                JobSystem jobs({workers});
                std::vector<std::atomic<int>> hits(count);
                JobHandle h = jobs.parallel_for(count, grain, [&hits](std::uint32_t b, std::uint32_t e) {
                    for (std::uint32_t i = b; i < e; ++i) hits[i].fetch_add(1);
                });
                jobs.complete(h);
                for (std::uint32_t i = 0; i < count; ++i) REQUIRE(hits[i].load() == 1);
            }
}

TEST_CASE("A loop waits for its dependencies and a job can wait for a loop", "[threads][jobs]") {
    JobSystem jobs({2});
    std::vector<int> data(5000, 0);
    JobHandle fill = jobs.schedule([&] { std::fill(data.begin(), data.end(), 1); });
    JobHandle scale = jobs.parallel_for(5000, 100, [&](std::uint32_t b, std::uint32_t e) {
        for (std::uint32_t i = b; i < e; ++i) data[i] *= 3;
    }, {fill});
    long long sum = 0;
    JobHandle total = jobs.schedule([&] { for (int v : data) sum += v; }, {scale});
    jobs.complete(total);
    CHECK(sum == 15000);
}

TEST_CASE("Waiting inside a job for another job does not deadlock, even with no workers", "[threads][jobs]") {
    for (int workers : {0, 1}) {
        JobSystem jobs({workers});
        std::atomic<int> inner_runs{0};
        JobHandle outer = jobs.schedule([&] {
            JobHandle inner = jobs.schedule([&] { inner_runs.fetch_add(1); });
            jobs.complete(inner);
        });
        jobs.complete(outer);
        CHECK(inner_runs.load() == 1);
    }
}

TEST_CASE("More jobs in flight than slots still all run", "[threads][jobs]") {
    JobSystem jobs({1, 64});
    std::atomic<int> runs{0};
    std::vector<JobHandle> handles;
    for (int i = 0; i < 1000; ++i) handles.push_back(jobs.schedule([&] { runs.fetch_add(1); }));
    for (JobHandle h : handles) jobs.complete(h);
    CHECK(runs.load() == 1000);
}

TEST_CASE("A finished handle stays done after its slot is reused", "[threads][jobs]") {
    JobSystem jobs({1, 64});
    JobHandle first = jobs.schedule([] {});
    jobs.complete(first);
    for (int i = 0; i < 500; ++i) jobs.complete(jobs.schedule([] {}));
    CHECK(jobs.is_done(first));
    jobs.complete(first);  // returns at once
    CHECK(jobs.is_done(JobHandle{}));
}

TEST_CASE("Changing the worker count while jobs are queued loses none of them", "[threads][jobs]") {
    JobSystem jobs({2});
    std::atomic<int> runs{0};
    std::vector<JobHandle> handles;
    for (int round = 0; round < 20; ++round) {
        for (int i = 0; i < 200; ++i)
            handles.push_back(jobs.schedule([&] {
                volatile int spin = 0;
                for (int k = 0; k < 200; ++k) spin = spin + k;
                runs.fetch_add(1);
            }));
        jobs.set_worker_count(round % 4);
        CHECK(jobs.worker_count() == round % 4);
    }
    for (JobHandle h : handles) jobs.complete(h);
    CHECK(runs.load() == 4000);
}

TEST_CASE("Jobs scheduled from many threads with random dependencies all run in order", "[threads][jobs]") {
    JobSystem jobs({3});
    constexpr int kProducers = 3, kPerProducer = 600;
    std::vector<std::atomic<int>> order(kProducers * kPerProducer);
    std::atomic<int> clock{0};
    std::vector<std::thread> producers;
    std::mutex failures_mutex;
    int failures = 0;
    for (int p = 0; p < kProducers; ++p)
        producers.emplace_back([&, p] {
            std::mt19937 rng(p + 1);
            std::vector<JobHandle> mine;
            std::vector<int> my_ids;
            for (int i = 0; i < kPerProducer; ++i) {
                const int id = p * kPerProducer + i;
                const std::size_t pick = mine.empty() ? 0 : rng() % mine.size();
                const JobHandle after = mine.empty() ? JobHandle{} : mine[pick];
                const int after_id = mine.empty() ? -1 : my_ids[pick];
                mine.push_back(jobs.schedule(
                    [&order, &clock, &failures, &failures_mutex, id, after_id] {
                        order[id].store(clock.fetch_add(1) + 1);
                        if (after_id >= 0 && order[after_id].load() == 0) {
                            std::lock_guard<std::mutex> lock(failures_mutex);
                            ++failures;
                        }
                    },
                    {after}));
                my_ids.push_back(id);
            }
            for (JobHandle h : mine) jobs.complete(h);
        });
    for (std::thread& t : producers) t.join();
    CHECK(failures == 0);
    for (auto& o : order) REQUIRE(o.load() > 0);
}

// --- Scheduling from several threads at once ---------------------------------------

TEST_CASE("Threads scheduling at once never share a slot: every job, and every job it schedules, runs exactly once",
          "[threads][jobs]") {
    HangDetector hang("several producers on a small pool");
    constexpr int kProducers = 3;
    const int per_producer = 3000 / kSanitizerSlowdown;
    for (int workers : {0, 1, 3}) {
        // 64 slots: producers keep claiming the slots that jobs free, and the pool grows under them.
        JobSystem jobs({workers, 64});
        const auto total = static_cast<std::size_t>(kProducers * per_producer);
        std::vector<std::atomic<int>> parent_runs(total), child_runs(total);
        std::vector<JobHandle> children(total);  // written by each parent, read after it is complete
        std::vector<std::thread> producers;
        for (int p = 0; p < kProducers; ++p)
            producers.emplace_back([&, p] {
                std::vector<JobHandle> mine;
                for (int i = 0; i < per_producer; ++i) {
                    const auto id = static_cast<std::size_t>(p * per_producer + i);
                    mine.push_back(jobs.schedule(
                        [&jobs, &parent_runs, &child_runs, &children, id] {
                            parent_runs[id].fetch_add(1);
                            children[id] = jobs.schedule([&child_runs, id] { child_runs[id].fetch_add(1); });
                            if (id % 4 == 0) jobs.complete(children[id]);  // and sometimes waits for it
                        },
                        {}, i % 3 == 0 ? Wake::Soon : Wake::Now));
                }
                for (JobHandle h : mine) jobs.complete(h);
            });
        for (std::thread& t : producers) t.join();
        for (JobHandle h : children) jobs.complete(h);
        INFO(workers << " workers");
        for (std::size_t id = 0; id < total; ++id) {
            REQUIRE(parent_runs[id].load() == 1);
            REQUIRE(child_runs[id].load() == 1);
        }
    }
}

TEST_CASE("A job whose dependency finishes while it is being waited for runs once, after it", "[threads][jobs]") {
    HangDetector hang("dependencies finishing during complete()");
    const int rounds = 20000 / kSanitizerSlowdown;
    for (int workers : {1, 3}) {
        // Few slots: a slot released too early is reused within a few rounds.
        JobSystem jobs({workers, 64});
        int early = 0, wrong = 0;
        for (int round = 0; round < rounds; ++round) {
            std::atomic<bool> dependency_done{false};
            std::atomic<int> hits[8] = {};
            std::atomic<int> plain_runs{0};
            std::atomic<int> early_runs{0};
            // The dependency runs on a worker and finishes just as the main
            // thread starts waiting for what depends on it.
            const JobHandle dependency = jobs.schedule([&] { dependency_done.store(true); });
            const JobHandle loop = jobs.parallel_for(
                8, 1,
                [&](std::uint32_t b, std::uint32_t e) {
                    if (!dependency_done.load()) early_runs.fetch_add(1);
                    for (std::uint32_t i = b; i < e; ++i) hits[i].fetch_add(1);
                },
                {dependency});
            const JobHandle plain = jobs.schedule(
                [&] {
                    if (!dependency_done.load()) early_runs.fetch_add(1);
                    plain_runs.fetch_add(1);
                },
                {dependency});
            if (round % 2) jobs.complete(loop), jobs.complete(plain);
            else jobs.complete(plain), jobs.complete(loop);
            early += early_runs.load();
            for (auto& h : hits) wrong += h.load() != 1;
            wrong += plain_runs.load() != 1;
        }
        INFO(workers << " workers");
        CHECK(early == 0);
        CHECK(wrong == 0);
    }
}

// --- Waiting: nested, with no workers, with every slot taken ---------------------

TEST_CASE("A job waiting in complete() never takes on work that waits for a job below it on its stack", "[threads][jobs]") {
    HangDetector hang("nested waits");
    for (int workers : {0, 1}) {
        JobSystem jobs({workers});
        for (int round = 0; round < 50; ++round) {
            std::atomic<std::uint64_t> outer_word{0}, waiter_word{0};
            std::atomic<int> inner_runs{0}, waiter_runs{0};
            const JobHandle outer = jobs.schedule([&] {
                wait_until([&] { return outer_word.load() != 0; });
                const JobHandle me = unpacked(outer_word.load());
                const JobHandle inner = jobs.schedule([&] { inner_runs.fetch_add(1); });
                // Queued last, so newest-first it would be taken first: a job
                // that waits for the one we are inside.
                waiter_word.store(packed(jobs.schedule([&jobs, me, &waiter_runs] {
                    jobs.complete(me);
                    waiter_runs.fetch_add(1);
                })));
                jobs.complete(inner);
            });
            outer_word.store(packed(outer));
            jobs.complete(outer);
            jobs.complete(unpacked(waiter_word.load()));
            INFO(workers << " workers, round " << round);
            REQUIRE(inner_runs.load() == 1);
            REQUIRE(waiter_runs.load() == 1);
        }
    }
}

TEST_CASE("Waits nested ten deep finish with any number of workers, whatever else is queued", "[threads][jobs]") {
    HangDetector hang("waits nested ten deep");
    for (int workers : {0, 1, 3}) {
        JobSystem jobs({workers});
        struct Level {
            JobSystem* jobs;
            std::atomic<std::uint64_t> bottom{0};
            std::atomic<std::uint64_t> distractors[10] = {};
            std::atomic<int> runs{0}, distractor_runs{0};
        } level{&jobs};
        // Job at depth d schedules a distractor that waits for the bottom job
        // (depth 0, below it on its stack), then the job at depth d + 1, and
        // waits for that.
        struct Nest {
            static void run(Level* l, int depth) {
                l->runs.fetch_add(1);
                if (depth == 10) return;
                const JobHandle bottom = unpacked(l->bottom.load());
                l->distractors[depth].store(packed(l->jobs->schedule([l, bottom] {
                    l->jobs->complete(bottom);
                    l->distractor_runs.fetch_add(1);
                })));
                l->jobs->complete(l->jobs->schedule([l, depth] { run(l, depth + 1); }));
            }
        };
        for (int round = 0; round < 20; ++round) {
            level.bottom.store(0);
            level.runs.store(0);
            level.distractor_runs.store(0);
            const JobHandle bottom = jobs.schedule([&level] {
                wait_until([&] { return level.bottom.load() != 0; });
                Nest::run(&level, 0);
            });
            level.bottom.store(packed(bottom));
            jobs.complete(bottom);
            CHECK(level.runs.load() == 11);
            // The distractors were left queued; they finish now that the bottom has.
            for (auto& distractor : level.distractors) jobs.complete(unpacked(distractor.load()));
            CHECK(level.distractor_runs.load() == 10);
        }
    }
}

TEST_CASE("With no workers, a waiter that fell asleep runs a job that became ready meanwhile", "[threads][jobs]") {
    HangDetector hang("a sleeping waiter with no workers");
    JobSystem jobs({0});
    for (int round = 0; round < 10; ++round) {
        std::atomic<bool> first_started{false};
        std::atomic<int> second_runs{0};
        std::promise<JobHandle> second_promise;
        std::thread other([&] {
            const JobHandle first = jobs.schedule([&] {
                first_started.store(true);
                // Finish only once the main thread has given up spinning and
                // sleeps in complete(second): `second` becomes ready after that.
                wait_until([&] { return jobs.stats().sleeping_waiters == 1; });
            });
            second_promise.set_value(jobs.schedule([&] { second_runs.fetch_add(1); }, {first}));
            jobs.complete(first);  // runs `first` here; `second` lands on this thread's queue, which nobody else pops
        });
        const JobHandle second = second_promise.get_future().get();
        wait_until([&] { return first_started.load(); });  // `first` runs on the other thread, out of our reach
        jobs.complete(second);
        other.join();
        REQUIRE(second_runs.load() == 1);
    }
}

TEST_CASE("When every slot is taken the pool grows, even when every job schedules more and waits for it", "[threads][jobs]") {
    HangDetector hang("slot exhaustion");
    for (int workers : {0, 1, 3}) {
        JobSystem jobs({workers, 64});
        REQUIRE(jobs.stats().slots == 64);
        std::atomic<int> runs{0};
        std::vector<JobHandle> parents;
        for (int i = 0; i < 500; ++i)
            parents.push_back(jobs.schedule([&] {
                JobHandle kids[3];
                for (JobHandle& kid : kids) kid = jobs.schedule([&] { runs.fetch_add(1); });
                for (JobHandle kid : kids) jobs.complete(kid);
                runs.fetch_add(1);
            }));
        for (JobHandle h : parents) jobs.complete(h);
        INFO(workers << " workers");
        CHECK(runs.load() == 2000);
        if (workers > 0) continue;  // workers free slots as the jobs are scheduled: how far the pool grows is up to them
        // With no workers nothing runs until it is waited for: all 500 were held at once.
        CHECK(jobs.stats().slots >= 512);
        // Grown once, it schedules as many again without growing further.
        const std::uint32_t grown = jobs.stats().slots;
        std::vector<JobHandle> again;
        for (int i = 0; i < 500; ++i) again.push_back(jobs.schedule([&] { runs.fetch_add(1); }));
        for (JobHandle h : again) jobs.complete(h);
        CHECK(jobs.stats().slots == grown);
    }
}

// --- Exceptions --------------------------------------------------------------------

TEST_CASE("A job that throws on a worker fails: complete() rethrows it and the pool stays usable", "[threads][jobs]") {
    JobSystem jobs({1});
    const JobHandle failing = jobs.schedule([] { throw std::runtime_error("no path"); });
    wait_until([&] { return jobs.is_done(failing); });  // the worker ran it (complete() would run it here)
    CHECK(failure_of(jobs, failing) == "no path");
    CHECK(failure_of(jobs, failing).empty());  // reported once: from then on the handle counts as done
    std::atomic<int> runs{0};
    std::vector<JobHandle> more;
    for (int i = 0; i < 1000; ++i) more.push_back(jobs.schedule([&] { runs.fetch_add(1); }));
    for (JobHandle h : more) CHECK(failure_of(jobs, h).empty());
    CHECK(runs.load() == 1000);
}

TEST_CASE("complete() throws only the awaited job's exception, never that of a job it ran while waiting", "[threads][jobs]") {
    HangDetector hang("exceptions of helped jobs");
    JobSystem jobs({0});
    // The main thread waits for `awaited`, which runs on another thread until
    // `thrower` is done; meanwhile the main thread is free to run `thrower`.
    for (int round = 0; round < 10; ++round) {
        std::atomic<std::uint64_t> thrower_word{0};
        std::promise<JobHandle> awaited_promise;
        std::atomic<bool> awaited_started{false};
        std::thread other([&] {
            const JobHandle awaited = jobs.schedule([&] {
                awaited_started.store(true);
                wait_until([&] { return thrower_word.load() != 0 && jobs.is_done(unpacked(thrower_word.load())); });
            });
            thrower_word.store(packed(jobs.schedule([] { throw std::runtime_error("thrower"); })));
            awaited_promise.set_value(awaited);
            jobs.complete(awaited);
        });
        const JobHandle awaited = awaited_promise.get_future().get();
        wait_until([&] { return awaited_started.load(); });
        CHECK(failure_of(jobs, awaited).empty());  // ran `thrower` meanwhile (nobody else could)
        other.join();
        CHECK(failure_of(jobs, unpacked(thrower_word.load())) == "thrower");
    }
}

TEST_CASE("Dependants of a failed job do not run and fail with its exception, down the chain", "[threads][jobs]") {
    HangDetector hang("failure propagation");
    for (int workers : {0, 1, 3}) {
        JobSystem jobs({workers});
        std::atomic<int> ran{0}, independent_runs{0};
        // root (throws) -> {a, loop} -> d; and a job after both a sibling that succeeds and root.
        const JobHandle root = jobs.schedule([] { throw std::runtime_error("root"); });
        const JobHandle sibling = jobs.schedule([&] { independent_runs.fetch_add(1); });
        const JobHandle a = jobs.schedule([&] { ran.fetch_add(1); }, {root});
        const JobHandle loop = jobs.parallel_for(100, 10, [&](std::uint32_t, std::uint32_t) { ran.fetch_add(1); }, {root, sibling});
        const JobHandle d = jobs.schedule([&] { ran.fetch_add(1); }, {a, loop});
        // Waiting for a dependant of d runs the graph (with no workers too) and reports d's failure, not d's own.
        CHECK(failure_of(jobs, jobs.schedule([&] { ran.fetch_add(1); }, {d})) == "root");
        REQUIRE(jobs.is_done(d));
        // Scheduled after d failed: fails too (d's failure is kept until a complete() on d reports it).
        const JobHandle late = jobs.schedule([&] { ran.fetch_add(1); }, {d});
        // A long chain fails without deep recursion.
        JobHandle chain = late;
        for (int i = 0; i < 20000; ++i) chain = jobs.schedule([&] { ran.fetch_add(1); }, {chain});
        INFO(workers << " workers");
        CHECK(failure_of(jobs, chain) == "root");
        CHECK(failure_of(jobs, d) == "root");
        CHECK(failure_of(jobs, loop) == "root");
        CHECK(failure_of(jobs, a) == "root");
        CHECK(failure_of(jobs, late) == "root");
        CHECK(failure_of(jobs, root) == "root");
        CHECK(failure_of(jobs, sibling).empty());
        CHECK(ran.load() == 0);
        CHECK(independent_runs.load() == 1);
        // And the pool goes on.
        CHECK(failure_of(jobs, jobs.schedule([&] { ran.fetch_add(1); })).empty());
        CHECK(ran.load() == 1);
    }
}

TEST_CASE("A loop whose chunk throws stops handing out chunks, finishes those running, and rethrows", "[threads][jobs]") {
    for (int workers : {0, 1, 3}) {
        JobSystem jobs({workers});
        constexpr std::uint32_t kCount = 100000;
        std::vector<std::atomic<int>> hits(kCount);
        const JobHandle loop = jobs.parallel_for(kCount, 1, [&](std::uint32_t b, std::uint32_t e) {
            for (std::uint32_t i = b; i < e; ++i) hits[i].fetch_add(1);
            if (b == 0) throw std::runtime_error("first chunk");
        });
        std::atomic<int> after_runs{0};
        const JobHandle after = jobs.schedule([&] { after_runs.fetch_add(1); }, {loop});
        INFO(workers << " workers");
        CHECK(failure_of(jobs, loop) == "first chunk");
        CHECK(failure_of(jobs, after) == "first chunk");
        CHECK(after_runs.load() == 0);
        int twice = 0, done = 0;
        for (auto& h : hits) {
            twice += h.load() > 1;
            done += h.load();
        }
        CHECK(twice == 0);
        CHECK(hits[0].load() == 1);
        // With no workers the main thread claims the first piece first: once
        // it has thrown, no other piece runs. (With workers, how much ran
        // meanwhile depends on timing.)
        if (workers == 0) CHECK(done == 1);
    }
}

// --- Loops ---------------------------------------------------------------------------

TEST_CASE("parallel_for with a count near UINT32_MAX passes each index exactly once", "[threads][jobs]") {
    for (std::uint32_t grain : {1u << 24, 1u << 31, 0xFFFFFFFFu, 1u}) {
        JobSystem jobs({1});
        std::mutex mutex;
        std::vector<std::pair<std::uint32_t, std::uint32_t>> calls;
        const std::uint32_t count = 0xFFFFFFFFu;
        jobs.complete(jobs.parallel_for(count, grain, [&](std::uint32_t b, std::uint32_t e) {
            std::lock_guard<std::mutex> lock(mutex);
            calls.emplace_back(b, e);
        }));
        std::sort(calls.begin(), calls.end());
        INFO("grain " << grain << ", " << calls.size() << " calls");
        REQUIRE(!calls.empty());
        CHECK(calls.front().first == 0);
        CHECK(calls.back().second == count);
        for (std::size_t i = 0; i < calls.size(); ++i) {
            REQUIRE(calls[i].first < calls[i].second);
            if (i > 0) REQUIRE(calls[i].first == calls[i - 1].second);  // no index twice, none left out
        }
    }
}

TEST_CASE("parallel_for calls begin and end on the boundaries of pieces of at most grain indices", "[threads][jobs]") {
    for (std::uint32_t count : {1u, 10u, 1000u, 10000u, 65536u})
        for (std::uint32_t grain : {1u, 7u, 256u, 4096u}) {
            JobSystem jobs({1});
            std::mutex mutex;
            std::vector<std::pair<std::uint32_t, std::uint32_t>> calls;
            jobs.complete(jobs.parallel_for(count, grain, [&](std::uint32_t b, std::uint32_t e) {
                std::lock_guard<std::mutex> lock(mutex);
                calls.emplace_back(b, e);
            }));
            // Pieces: the range halved until each is at most `grain` (but no
            // more pieces than indices); piece i starts at count * i / pieces.
            std::uint64_t pieces = 1;
            while ((count + pieces - 1) / pieces > grain) pieces *= 2;
            pieces = std::min<std::uint64_t>(pieces, count);
            const auto boundary = [&](std::uint64_t index) {
                const std::uint64_t piece = (index * pieces + count - 1) / count;  // the first piece starting at or after it
                return count * piece / pieces == index;
            };
            INFO("count " << count << " grain " << grain);
            std::uint64_t covered = 0;
            for (auto [b, e] : calls) {
                REQUIRE(b < e);
                REQUIRE(boundary(b));
                REQUIRE(boundary(e));
                covered += e - b;
            }
            CHECK(covered == count);
        }
}

TEST_CASE("complete() runs its own loop at once where a call that may throw is dear; waiting_threads says which way it went",
          "[threads][jobs]") {
    // Where a call that may throw is dear (the page, and the dear-clock build:
    // kUnwindIsDear, core/jobs/thread_signal.h), complete() goes straight into
    // the job's own loop, before it counts itself among the waiting threads;
    // elsewhere it goes in through wait_until_finished, counted. No workers:
    // every piece runs on this thread, inside complete().
    JobSystem jobs({0});
    std::vector<int> seen;
    jobs.complete(jobs.parallel_for(64, 1, [&](std::uint32_t, std::uint32_t) { seen.push_back(jobs.stats().waiting_threads); }));
    REQUIRE_FALSE(seen.empty());
#ifdef TSL_DEAR_CLOCK
    const int expected = 0;
#else
    const int expected = 1;
#endif
    CHECK(std::all_of(seen.begin(), seen.end(), [&](int n) { return n == expected; }));
    CHECK(jobs.stats().waiting_threads == 0);
    // A loop that throws is reported the same either way, and leaves no count behind.
    const JobHandle failing = jobs.parallel_for(64, 1, [](std::uint32_t b, std::uint32_t e) {
        if (b <= 3 && 3 < e) throw std::runtime_error("piece 3");
    });
    CHECK_THROWS_WITH(jobs.complete(failing), "piece 3");
    CHECK(jobs.stats().waiting_threads == 0);
}

#ifdef TSL_DEAR_CLOCK
TEST_CASE("Where the clock is dear, a thread alone in a loop makes each claim 4x the one before", "[threads][jobs]") {
    // No workers: the waiting thread is the only one in the loop, and its
    // claims grow 4x a claim up to what is left (job_system.h, parallel_for),
    // not by its share of what is left, which would make 13 claims here.
    JobSystem jobs({0});
    std::vector<std::uint32_t> sizes;
    jobs.complete(jobs.parallel_for(256, 1, [&](std::uint32_t b, std::uint32_t e) { sizes.push_back(e - b); }));
    CHECK(sizes == std::vector<std::uint32_t>{1, 4, 16, 64, 171});
}
#endif

// --- Queues and wake-ups -------------------------------------------------------------

TEST_CASE("A thread that alternates between two job systems keeps one queue in each", "[threads][jobs]") {
    JobSystem a({1}), b({1});
    std::atomic<int> runs{0};
    std::thread user([&] {
        for (int i = 0; i < 500; ++i) {
            a.complete(a.schedule([&] { runs.fetch_add(1); }));
            b.complete(b.schedule([&] { runs.fetch_add(1); }));
        }
    });
    user.join();
    CHECK(runs.load() == 1000);
    CHECK(a.stats().external_queues == 1);
    CHECK(b.stats().external_queues == 1);
    // The owner thread keeps its own queue too.
    for (int i = 0; i < 100; ++i) {
        a.complete(a.schedule([] {}));
        b.complete(b.schedule([] {}));
    }
    CHECK(a.stats().external_queues == 1);
}

TEST_CASE("A Wake::Now job pays one wake-up for a sleeping worker and none for a busy one", "[threads][jobs]") {
    JobSystem jobs({1});
    auto run_on_worker = [&](Wake wake) {
        std::atomic<int> ran_on{-1};
        const JobHandle h = jobs.schedule([&] { ran_on.store(JobSystem::current_worker_index()); }, {}, wake);
        wait_until([&] { return jobs.is_done(h); });  // not complete(): that would run it here
        return ran_on.load();
    };
    for (int i = 0; i < 3; ++i) {
        wait_until([&] { return jobs.stats().sleeping_workers == 1; });
        const std::uint64_t before = jobs.wake_ups();
        CHECK(run_on_worker(Wake::Now) == 1);
        CHECK(jobs.wake_ups() == before + 1);
    }
    // While the worker runs a job it is not asleep: jobs scheduled meanwhile pay nothing.
    std::atomic<bool> release{false}, busy{false};
    const JobHandle blocker = jobs.schedule([&] {
        busy.store(true);
        wait_until([&] { return release.load(); });
    });
    wait_until([&] { return busy.load(); });
    const std::uint64_t before = jobs.wake_ups();
    std::vector<JobHandle> queued;
    for (int i = 0; i < 100; ++i) queued.push_back(jobs.schedule([] {}));
    CHECK(jobs.wake_ups() == before);
    release.store(true);
    jobs.complete(blocker);
    for (JobHandle h : queued) jobs.complete(h);
}

TEST_CASE("Wake::Soon jobs are found by a polling worker with no wake-up from the scheduling thread", "[threads][jobs]") {
    // Polling for a minute after each Soon job: the worker never drops to a deep sleep during the test.
    JobSystem jobs({1, 1024, 60'000'000});
    auto run_on_worker = [&](Wake wake) {
        std::atomic<int> ran_on{-1};
        const JobHandle h = jobs.schedule([&] { ran_on.store(JobSystem::current_worker_index()); }, {}, wake);
        wait_until([&] { return jobs.is_done(h); });
        return ran_on.load();
    };
    // No Soon job yet: the worker sleeps deeply, and the first Soon job wakes it (once).
    wait_until([&] { return jobs.stats().sleeping_workers == 1; });
    CHECK(jobs.stats().polling_workers == 0);
    std::uint64_t before = jobs.wake_ups();
    CHECK(run_on_worker(Wake::Soon) == 1);
    CHECK(jobs.wake_ups() == before + 1);
    // From then on it looks on its own: Soon jobs cost the scheduling thread nothing.
    before = jobs.wake_ups();
    for (int i = 0; i < 5; ++i) {
        // Asleep again after the job (polling sleepers are counted too), and looking on its own:
        // one reading of both, as a polling worker is counted awake each time it looks.
        tsl::JobSystemStats asleep;
        wait_until([&] { asleep = jobs.stats(); return asleep.sleeping_workers == 1; });
        CHECK(asleep.polling_workers == 1);
        CHECK(run_on_worker(Wake::Soon) == 1);
    }
    CHECK(jobs.wake_ups() == before);
}

TEST_CASE("Jobs scheduled back to back pay at most one wake-up per worker sleep", "[threads][jobs]") {
    JobSystem jobs({1});
    std::atomic<int> runs{0};
    for (int i = 0; i < 20000; ++i) jobs.complete(jobs.schedule([&] { runs.fetch_add(1); }));
    std::vector<JobHandle> batch;
    for (int i = 0; i < 20000; ++i) batch.push_back(jobs.schedule([&] { runs.fetch_add(1); }));
    for (JobHandle h : batch) jobs.complete(h);
    CHECK(runs.load() == 40000);
    const tsl::JobSystemStats stats = jobs.stats();
    CHECK(stats.wake_ups <= stats.worker_sleeps);
}

TEST_CASE("jobs_run counts each run on the thread that ran it: a worker's own index, 0 for every other thread", "[threads][jobs]") {
    SECTION("no workers: every job and every loop claim runs on the waiting thread") {
        JobSystem jobs({0});
        for (int i = 0; i < 100; ++i) jobs.complete(jobs.schedule([] {}));
        CHECK(jobs.jobs_run(0) == 100);
        std::atomic<std::uint32_t> calls{0};
        jobs.complete(jobs.parallel_for(1000, 10, [&](std::uint32_t, std::uint32_t) { calls.fetch_add(1); }));
        CHECK(jobs.jobs_run(0) == 100 + calls.load());
        const tsl::JobSystemStats stats = jobs.stats();
        CHECK(stats.runs_on_workers == 0);
        CHECK(stats.runs_elsewhere == jobs.jobs_run(0));
    }
    SECTION("jobs nobody waits for in complete() run on the workers, each counted on its own") {
        JobSystem jobs({2});
        std::atomic<int> on_worker[3] = {};
        std::vector<JobHandle> handles;
        for (int i = 0; i < 50; ++i)
            handles.push_back(jobs.schedule([&] { on_worker[JobSystem::current_worker_index()].fetch_add(1); }));
        for (const JobHandle h : handles) wait_until([&] { return jobs.is_done(h); });  // never helps: only workers run them
        CHECK(on_worker[0].load() == 0);
        CHECK(jobs.jobs_run(0) == 0);
        CHECK(jobs.jobs_run(1) == static_cast<std::uint64_t>(on_worker[1].load()));
        CHECK(jobs.jobs_run(2) == static_cast<std::uint64_t>(on_worker[2].load()));
        CHECK(jobs.stats().runs_on_workers == 50);
        CHECK(jobs.jobs_run(3) == 0);
        CHECK(jobs.jobs_run(-1) == 0);
        CHECK(jobs.jobs_run(JobSystem::kMaxWorkers + 1) == 0);
    }
}

// --- Stress ----------------------------------------------------------------------------

// Producers on several threads build small random graphs: plain jobs and
// loops, up to four dependencies each, jobs that throw, jobs that schedule a
// job and wait for it, jobs that wait for an earlier job of their graph (and
// fail if that one did); the
// main thread changes the worker count meanwhile. Whatever the interleaving:
// a job runs exactly once if nothing it depends on failed, never otherwise,
// only after its dependencies have finished, and complete() throws exactly
// for the jobs that failed. Bounded by counts, not by time.
TEST_CASE("Stress: in random graphs from several producers every job runs once, in order, and fails where expected",
          "[threads][jobs][stress]") {
    HangDetector hang("random graphs stress");
    constexpr int kProducers = 3, kJobsPerGraph = 12;
    const int graphs_per_producer = 400 / kSanitizerSlowdown;
    JobSystem jobs({2, 64});

    struct Spec {
        bool loop = false;
        bool throws = false;
        int waits_for = -1;               // an earlier job of the graph this one calls complete() on
        bool schedules_child = false;
        std::uint32_t count = 0, grain = 1;  // loops
        std::vector<int> after;
    };
    struct Graph {
        JobSystem* jobs = nullptr;
        std::vector<Spec> specs;
        std::vector<JobHandle> handles;
        std::vector<std::atomic<std::uint64_t>> handle_words;  // for jobs that wait on an earlier one
        std::vector<std::atomic<int>> runs;                     // plain: times run; loops: indices run
        std::vector<std::atomic<bool>> finished;                 // set as the job's last act
        std::vector<std::vector<std::atomic<int>>> hits;         // loops: per index
        std::atomic<int> order_violations{0}, child_runs{0};
        explicit Graph(std::size_t n) : handle_words(n), runs(n), finished(n), hits(n) {}
    };
    struct Body {
        static void check_dependencies(Graph* g, int i) {
            for (int d : g->specs[i].after)
                if (!g->finished[d].load() && !(g->specs[d].loop && g->specs[d].count == 0)) g->order_violations.fetch_add(1);
        }
        static void plain(Graph* g, int i) {
            const Spec& spec = g->specs[i];
            check_dependencies(g, i);
            g->runs[i].fetch_add(1);
            if (spec.schedules_child) g->jobs->complete(g->jobs->schedule([g] { g->child_runs.fetch_add(1); }));
            if (spec.waits_for >= 0) g->jobs->complete(JobHandle{
                static_cast<std::uint32_t>(g->handle_words[spec.waits_for].load()),
                static_cast<std::uint32_t>(g->handle_words[spec.waits_for].load() >> 32)});
            g->finished[i].store(true);
            if (spec.throws) throw std::runtime_error("job " + std::to_string(i));
        }
        static void range(Graph* g, int i, std::uint32_t b, std::uint32_t e) {
            check_dependencies(g, i);
            for (std::uint32_t k = b; k < e; ++k) g->hits[i][k].fetch_add(1);
            if (g->runs[i].fetch_add(static_cast<int>(e - b)) + static_cast<int>(e - b) == static_cast<int>(g->specs[i].count))
                g->finished[i].store(true);
            if (g->specs[i].throws && b == 0) throw std::runtime_error("loop " + std::to_string(i));
        }
    };

    std::mutex problems_mutex;
    std::vector<std::string> problems;
    std::atomic<int> graphs_done{0};
    std::vector<std::thread> producers;
    for (int p = 0; p < kProducers; ++p)
        producers.emplace_back([&, p] {
            std::mt19937 rng(1234 + p);
            for (int n = 0; n < graphs_per_producer; ++n) {
                Graph g(kJobsPerGraph);
                g.jobs = &jobs;
                g.specs.resize(kJobsPerGraph);
                std::vector<bool> fails(kJobsPerGraph), runs(kJobsPerGraph), waited_for(kJobsPerGraph), has_dependants(kJobsPerGraph);
                for (int i = 0; i < kJobsPerGraph; ++i) {
                    Spec& spec = g.specs[i];
                    spec.loop = rng() % 4 == 0;
                    spec.throws = rng() % 16 == 0;
                    const int deps = i == 0 ? 0 : static_cast<int>(rng() % 5);
                    for (int k = 0; k < deps; ++k) {
                        const int d = static_cast<int>(rng() % i);
                        if (!waited_for[d] && std::find(spec.after.begin(), spec.after.end(), d) == spec.after.end()) {
                            spec.after.push_back(d);
                            has_dependants[d] = true;
                        }
                    }
                    if (spec.loop) {
                        spec.count = rng() % 300;
                        spec.grain = 1 + rng() % 64;
                        g.hits[i] = std::vector<std::atomic<int>>(spec.count);
                        if (spec.count == 0) spec.throws = false;  // an empty loop runs no chunk to throw from
                    } else {
                        spec.schedules_child = rng() % 4 == 0;
                        // A job waited for inside the graph has no other waiter and
                        // no dependants: its failure is reported to the first
                        // complete() that throws it, and only to that one.
                        if (i > 0 && rng() % 4 == 0) {
                            const int target = static_cast<int>(rng() % i);
                            if (!waited_for[target] && !has_dependants[target]) {
                                spec.waits_for = target;
                                waited_for[target] = true;
                            }
                        }
                    }
                    // What must happen: a job runs unless something it depends on failed;
                    // it fails if it throws, or a dependency failed, or the job it waits for did.
                    bool dependency_failed = false;
                    for (int d : spec.after) dependency_failed = dependency_failed || fails[d];
                    runs[i] = !dependency_failed;
                    fails[i] = dependency_failed || spec.throws || (spec.waits_for >= 0 && fails[spec.waits_for]);
                }
                for (int i = 0; i < kJobsPerGraph; ++i) {
                    const Spec& spec = g.specs[i];
                    JobHandle after[4];
                    for (std::size_t k = 0; k < spec.after.size(); ++k) after[k] = g.handles[spec.after[k]];
                    Graph* graph = &g;
                    const std::initializer_list<JobHandle> deps{after[0], after[1], after[2], after[3]};
                    JobHandle h = spec.loop ? jobs.parallel_for(spec.count, spec.grain,
                                                                [graph, i](std::uint32_t b, std::uint32_t e) { Body::range(graph, i, b, e); }, deps)
                                            : jobs.schedule([graph, i] { Body::plain(graph, i); }, deps, rng() % 2 ? Wake::Soon : Wake::Now);
                    g.handles.push_back(h);
                    g.handle_words[i].store(packed(h));
                }
                // Waited for newest first: a job that waits for an earlier one has
                // finished before the producer collects that one's failure.
                for (int i = kJobsPerGraph - 1; i >= 0; --i) {
                    const Spec& spec = g.specs[i];
                    const std::string failure = failure_of(jobs, g.handles[i]);
                    const int expected_runs = runs[i] ? 1 : 0;
                    int wrong_hits = 0;
                    for (const auto& hit : g.hits[i]) wrong_hits += hit.load() > expected_runs || (!spec.throws && hit.load() != expected_runs);
                    // A job waited for inside the graph reported its failure to its waiter (checked there).
                    const bool wrong_failure = waited_for[i] ? !failure.empty() && !fails[i] : failure.empty() == fails[i];
                    if (wrong_failure || wrong_hits || (!spec.loop && g.runs[i].load() != expected_runs)) {
                        std::lock_guard<std::mutex> lock(problems_mutex);
                        problems.push_back("producer " + std::to_string(p) + " graph " + std::to_string(n) + " job " + std::to_string(i) +
                                           (spec.loop ? " (loop)" : "") + ": threw '" + failure + "', expected to fail " +
                                           std::to_string(fails[i]) + ", runs " + std::to_string(g.runs[i].load()) + " expected " +
                                           std::to_string(expected_runs) + ", wrong loop hits " + std::to_string(wrong_hits) + ", throws " +
                                           std::to_string(spec.throws) + ", waits for " + std::to_string(spec.waits_for) +
                                           (spec.waits_for >= 0 ? " which fails " + std::to_string(fails[spec.waits_for]) : ""));
                    }
                }
                if (g.order_violations.load()) {
                    std::lock_guard<std::mutex> lock(problems_mutex);
                    problems.push_back("graph " + std::to_string(n) + ": a job ran before its dependencies finished");
                }
                graphs_done.fetch_add(1);
            }
        });
    // The owner thread changes the worker count while the producers run.
    for (int k = 0; graphs_done.load() < kProducers * graphs_per_producer; ++k) {
        jobs.set_worker_count(k % 4);
        for (int i = 0; i < 20 && graphs_done.load() < kProducers * graphs_per_producer; ++i)
            jobs.complete(jobs.parallel_for(64, 1, [](std::uint32_t, std::uint32_t) {}));
    }
    for (std::thread& t : producers) t.join();
    for (std::size_t k = 0; k < std::min<std::size_t>(problems.size(), 5); ++k) UNSCOPED_INFO(problems[k]);
    CHECK(problems.empty());
    CHECK(graphs_done.load() == kProducers * graphs_per_producer);
}

#ifdef __linux__
// A worker woken onto its waker's core moves itself off it (job_system.h,
// "Design"): move_off_cpu must move a thread only when it may run elsewhere,
// and leave its affinity exactly as it was.
TEST_CASE("move_off_cpu moves a thread off a core only where it may run elsewhere, and keeps its affinity", "[threads]") {
    cpu_set_t allowed;
    REQUIRE(sched_getaffinity(0, sizeof allowed, &allowed) == 0);
    std::vector<int> cpus;
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &allowed)) cpus.push_back(c);
    CHECK_FALSE(move_off_cpu(-1));
    CHECK_FALSE(move_off_cpu(CPU_SETSIZE));
    if (cpus.size() < 2) {
        WARN("one CPU allowed: only the refusals are checked");
        return;
    }
    const int c = cpus[0], d = cpus[1];
    std::thread([&] {
        cpu_set_t one, two, now;
        CPU_ZERO(&one);
        CPU_SET(c, &one);
        two = one;
        CPU_SET(d, &two);
        // Allowed on c only: nowhere else to go.
        REQUIRE(sched_setaffinity(0, sizeof one, &one) == 0);
        CHECK(current_cpu() == c);
        CHECK_FALSE(move_off_cpu(c));
        REQUIRE(sched_getaffinity(0, sizeof now, &now) == 0);
        CHECK(CPU_EQUAL(&now, &one));
        // Allowed on c and d, running on c: it moves, and may still run on both.
        // (Put on c, then allowed both: the kernel may move it in between, so a
        // few tries; each either moves it or finds it already gone.)
        int moved = 0;
        for (int attempt = 0; attempt < 100 && moved == 0; ++attempt) {
            REQUIRE(sched_setaffinity(0, sizeof one, &one) == 0);
            REQUIRE(sched_setaffinity(0, sizeof two, &two) == 0);
            moved += move_off_cpu(c);
            REQUIRE(sched_getaffinity(0, sizeof now, &now) == 0);
            CHECK(CPU_EQUAL(&now, &two));
        }
        CHECK(moved == 1);
    }).join();
}
#endif
