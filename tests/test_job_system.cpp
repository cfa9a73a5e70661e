// The job system: every job runs exactly once, after its dependencies; loops
// cover every index once; waiting always helps (no deadlock with zero workers
// or from inside a job); workers can change while jobs are in flight.
#include "core/jobs/job_system.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

using tsl::JobHandle;
using tsl::JobSystem;
using tsl::JobSystemConfig;

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

TEST_CASE("Jobs scheduled back to back find the workers awake", "[threads][jobs]") {
    JobSystem jobs({1});
    // Let the worker fall asleep, then keep it busy.
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const std::uint64_t before = jobs.wake_ups();
    std::atomic<int> runs{0};
    for (int i = 0; i < 20000; ++i) jobs.complete(jobs.schedule([&] { runs.fetch_add(1); }));
    CHECK(runs.load() == 20000);
    // Spinning before sleeping: far fewer wake-ups than jobs.
    CHECK(jobs.wake_ups() - before < 2000);
}

TEST_CASE("A Wake::Soon job is found by a sleeping worker without a wake-up from the scheduling thread", "[threads][jobs]") {
    JobSystem jobs({1});
    auto run_on_worker = [&](tsl::Wake wake) {
        std::atomic<int> ran_on{-1};
        const JobHandle h = jobs.schedule([&] { ran_on.store(JobSystem::current_worker_index()); }, {}, wake);
        // Do not complete(): that would run the job here. Wait for the worker.
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        while (!jobs.is_done(h) && std::chrono::steady_clock::now() < give_up) std::this_thread::sleep_for(std::chrono::microseconds(100));
        REQUIRE(jobs.is_done(h));
        return ran_on.load();
    };
    // The first Soon job may wake the worker from a deep sleep (once) ...
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    CHECK(run_on_worker(tsl::Wake::Soon) == 1);
    // ... after which it looks on its own: more Soon jobs, no more wake-ups.
    const std::uint64_t before = jobs.wake_ups();
    for (int i = 0; i < 5; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(3));  // asleep again, between looks
        CHECK(run_on_worker(tsl::Wake::Soon) == 1);
    }
    CHECK(jobs.wake_ups() == before);
    // A Now job still wakes it.
    std::this_thread::sleep_for(std::chrono::milliseconds(3));
    CHECK(run_on_worker(tsl::Wake::Now) == 1);
    CHECK(jobs.wake_ups() == before + 1);
}
