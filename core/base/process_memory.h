// process_memory.h — how much memory this process holds, for the long runs
// that check it stays flat (the soak, core/session/soak.h; the class run,
// app/cli/class_run.h). Linux: /proc/self/statm and getrusage.
//
// Threading: any thread.
#pragma once

#include <sys/resource.h>
#include <unistd.h>

#include <fstream>

namespace tsl {

// Resident memory now, MB.
inline double resident_mb() {
    std::ifstream statm("/proc/self/statm");
    long long pages = 0, resident = 0;
    statm >> pages >> resident;
    return static_cast<double>(resident) * static_cast<double>(::sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

// The most resident memory the process has held, MB.
inline double peak_resident_mb() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;  // kilobytes on Linux
}

}  // namespace tsl
