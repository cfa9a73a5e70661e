// thread_placement.h — which core a thread runs on, and moving it off one.
//
// The job system uses these so that a worker woken onto its waker's core does
// not stay there (see "Design" in job_system.h). Linux only; elsewhere the
// core is unknown and nothing moves.
#pragma once

namespace tsl {

// The logical CPU the calling thread runs on, or -1 where that is unknown.
int current_cpu();

// Moves the calling thread off logical CPU `cpu` if it runs there and its
// affinity allows another: the affinity is narrowed to the others for a
// moment (the kernel moves the thread at once) and then put back exactly as
// it was. True if the thread moved.
bool move_off_cpu(int cpu);

}  // namespace tsl
