// system_thread.h — a thread of one system's own, fed runs by the main thread
// (the "dedicated thread for strategic AI fed by a master thread" of "Getting
// the most out of game AI: threading"): a run on it never waits in the job
// system's queues, and no other thread ever picks it up, so a slow system
// keeps to its thread while the others share the task manager.
//
// Where no thread can start at once (a browser page whose pool of web workers
// is used up: a new one would start only after the main thread returns to the
// browser), it makes none, and start() runs each run at once on the calling
// thread; on_own_thread() says which.
//
// Threading: start, done, wait and the destructor on the owner (main) thread.
// The run itself executes on the system's thread; start() publishes what the
// owner wrote before it, and done() (or wait()) returning true publishes what
// the run wrote.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace tsl {

class Profiler;

class SystemThread {
public:
    // The thread starts at once and records its zones in `profiler`'s lane
    // called `lane` (shared by every system thread of that name).
    SystemThread(Profiler* profiler, std::string lane);
    ~SystemThread();  // waits for the run in flight, then joins
    SystemThread(const SystemThread&) = delete;
    SystemThread& operator=(const SystemThread&) = delete;

    // Hands the thread a run; the previous one must be done.
    void start(std::function<void()> run);
    bool done() const { return !busy_.load(std::memory_order_acquire); }
    bool on_own_thread() const { return thread_.joinable(); }
    void wait();  // until the run in flight (if any) is done

private:
    void loop(Profiler* profiler, const std::string& lane);

    std::mutex mutex_;
    std::condition_variable wake_, finished_;
    std::function<void()> run_;  // under mutex_
    bool quit_ = false;          // under mutex_
    std::atomic<bool> busy_{false};
    std::thread thread_;
};

}  // namespace tsl
