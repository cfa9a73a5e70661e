#include "core/jobs/thread_placement.h"

#ifdef __linux__
#include <sched.h>
#endif

namespace tsl {

int current_cpu() {
#ifdef __linux__
    return sched_getcpu();
#else
    return -1;
#endif
}

bool move_off_cpu(int cpu) {
#ifdef __linux__
    if (cpu < 0 || cpu >= CPU_SETSIZE || sched_getcpu() != cpu) return false;
    cpu_set_t allowed, others;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return false;
    others = allowed;
    CPU_CLR(cpu, &others);
    if (CPU_COUNT(&others) == 0 || sched_setaffinity(0, sizeof others, &others) != 0) return false;
    sched_setaffinity(0, sizeof allowed, &allowed);
    return true;
#else
    (void)cpu;
    return false;
#endif
}

}  // namespace tsl
