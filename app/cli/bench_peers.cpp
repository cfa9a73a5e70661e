#include "app/cli/bench_peers.h"

#include <omp.h>
#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <chrono>
#include <memory>

namespace tsl::app {

namespace {

double ns_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

double openmp_batch_dispatch_ns(int batch, int batches) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int b = 0; b < batches; ++b) {
#pragma omp parallel for schedule(dynamic, 1)
        for (int i = 0; i < batch; ++i) asm volatile("" ::"r"(i));
    }
    return ns_since(t0) / (static_cast<double>(batch) * batches);
}

double tbb_batch_dispatch_ns(int batch, int batches) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int b = 0; b < batches; ++b)
        tbb::parallel_for(tbb::blocked_range<int>(0, batch, 1), [](const tbb::blocked_range<int>& r) {
            for (int i = r.begin(); i < r.end(); ++i) asm volatile("" ::"r"(i));
        });
    return ns_since(t0) / (static_cast<double>(batch) * batches);
}

double openmp_fork_join_us(int batches) {
    const int threads = omp_get_max_threads();
    const auto t0 = std::chrono::steady_clock::now();
    for (int b = 0; b < batches; ++b) {
#pragma omp parallel for schedule(static, 1)
        for (int i = 0; i < threads; ++i) asm volatile("" ::"r"(i));
    }
    return ns_since(t0) / 1000.0 / batches;
}

double tbb_fork_join_us(int batches) {
    const int threads = tbb_threads();
    const auto t0 = std::chrono::steady_clock::now();
    for (int b = 0; b < batches; ++b)
        tbb::parallel_for(
            tbb::blocked_range<int>(0, threads, 1),
            [](const tbb::blocked_range<int>& r) {
                for (int i = r.begin(); i < r.end(); ++i) asm volatile("" ::"r"(i));
            },
            tbb::simple_partitioner());
    return ns_since(t0) / 1000.0 / batches;
}

void openmp_parallel_for(std::uint32_t count, std::uint32_t grain, const std::function<void(std::uint32_t, std::uint32_t)>& body) {
    const auto chunks = static_cast<std::int64_t>((count + grain - 1) / grain);
#pragma omp parallel for schedule(dynamic, 1)
    for (std::int64_t c = 0; c < chunks; ++c) {
        const auto begin = static_cast<std::uint32_t>(c) * grain;
        body(begin, std::min(begin + grain, count));
    }
}

void tbb_parallel_for(std::uint32_t count, std::uint32_t grain, const std::function<void(std::uint32_t, std::uint32_t)>& body) {
    tbb::parallel_for(tbb::blocked_range<std::uint32_t>(0, count, grain),
                      [&](const tbb::blocked_range<std::uint32_t>& r) { body(r.begin(), r.end()); });
}

namespace {
std::unique_ptr<tbb::global_control> tbb_limit;  // match_peer_threads' limit, for the rest of the process
}

void match_peer_threads(int threads) {
    omp_set_num_threads(threads);
    tbb_limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
}

int openmp_threads() { return omp_get_max_threads(); }
int tbb_threads() {
    return static_cast<int>(std::min<std::size_t>(tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism),
                                                  static_cast<std::size_t>(tbb::this_task_arena::max_concurrency())));
}

}  // namespace tsl::app
