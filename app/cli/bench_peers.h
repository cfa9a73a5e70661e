// bench_peers.h — OpenMP and oneTBB, measured beside the job system on the
// same work. This is the only code that uses them (peers for the
// benchmark only); bench_peers.cpp alone is compiled with OpenMP.
#pragma once

#include <cstdint>
#include <functional>

namespace tsl::app {

// Nanoseconds per job to launch `batches` batches of `batch` empty jobs over
// all threads and wait for each batch (what a timeslicer update does).
double openmp_batch_dispatch_ns(int batch, int batches);
double tbb_batch_dispatch_ns(int batch, int batches);

// Microseconds per batch to launch `batches` batches of one empty job per
// thread and wait for each: the cost of a fork-join itself.
double openmp_fork_join_us(int batches);
double tbb_fork_join_us(int batches);

// Runs body(begin, end) over [0, count) on all threads, each library's usual
// way of saying "chunks of `grain`": OpenMP's dynamic schedule over chunks of
// `grain` indices; oneTBB's parallel_for over a blocked_range of that grain
// (its default partitioner may hand out several grains at once).
void openmp_parallel_for(std::uint32_t count, std::uint32_t grain, const std::function<void(std::uint32_t, std::uint32_t)>& body);
void tbb_parallel_for(std::uint32_t count, std::uint32_t grain, const std::function<void(std::uint32_t, std::uint32_t)>& body);

// Gives OpenMP and oneTBB `threads` threads (the calling one included), as
// many as the pool has, for the rest of the process.
void match_peer_threads(int threads);
// The threads each will use, read back from the library.
int openmp_threads();
int tbb_threads();

}  // namespace tsl::app
