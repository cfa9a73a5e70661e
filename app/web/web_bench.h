// web_bench.h — the browser page's benchmarks (index.html?bench): the page
// runs `timeslice-lab bench`'s groups instead of the lab (web_bench.cpp).
#pragma once

namespace tsl::app {

// True when the page's address has the parameter bench (?bench, ?bench=lookup,frame).
bool web_bench_requested();

// Starts the benchmarks, one group per animation frame; 0, or 1 when the
// page cannot run them (its status line says why).
int start_web_bench();

}  // namespace tsl::app
