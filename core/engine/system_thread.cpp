#include "core/engine/system_thread.h"

#include "core/engine/change_queue.h"
#include "core/jobs/profiler.h"
#include "core/timeslicing/job_threads.h"

#include <cassert>
#include <system_error>
#include <utility>

namespace tsl {

SystemThread::SystemThread(Profiler* profiler, std::string lane) {
    if (!JobThreads::pool_has_thread()) return;
    try {
        thread_ = std::thread([this, profiler, name = std::move(lane)] { loop(profiler, name); });
    } catch (const std::system_error&) {
        // no thread: runs happen on the caller
    }
}

SystemThread::~SystemThread() {
    if (!thread_.joinable()) return;
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

void SystemThread::start(std::function<void()> run) {
    assert(done());
    if (!thread_.joinable()) {
        run();
        return;
    }
    {
        std::lock_guard lock(mutex_);
        run_ = std::move(run);
        busy_.store(true, std::memory_order_relaxed);
    }
    wake_.notify_one();
}

void SystemThread::wait() {
    if (done()) return;
    std::unique_lock lock(mutex_);
    finished_.wait(lock, [this] { return done(); });
}

void SystemThread::loop(Profiler* profiler, const std::string& lane) {
    mark_this_thread_as_a_system_thread();  // its posts are counted as its own, not the main thread's
    if (profiler) profiler->use_shared_lane(lane);
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return quit_ || run_; });
        if (!run_) return;  // quit with nothing to run (a run handed over is always run first)
        std::function<void()> run = std::move(run_);
        run_ = nullptr;
        lock.unlock();
        run();
        lock.lock();
        busy_.store(false, std::memory_order_release);
        finished_.notify_all();
    }
}

}  // namespace tsl
