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

// Runs body(begin, end) over [0, count) in chunks of `grain` on all threads.
void openmp_parallel_for(std::uint32_t count, std::uint32_t grain, const std::function<void(std::uint32_t, std::uint32_t)>& body);
void tbb_parallel_for(std::uint32_t count, std::uint32_t grain, const std::function<void(std::uint32_t, std::uint32_t)>& body);

int openmp_threads();
int tbb_threads();

}  // namespace tsl::app
