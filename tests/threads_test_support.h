// threads_test_support.h — what the threading tests share: a deadlock
// detector, waiting for a state another thread reaches (never for a time), and
// how much smaller stress runs are under the sanitizers.
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>

namespace tsl::test {

// Stress iterations are divided by this under AddressSanitizer and
// ThreadSanitizer (TSL_SANITIZED is defined by tests/CMakeLists.txt), which
// run the same code 5-20x slower.
#ifdef TSL_SANITIZED
inline constexpr int kSanitizerSlowdown = 8;
#else
inline constexpr int kSanitizerSlowdown = 1;
#endif

// Turns a deadlock into a failure with a name instead of a test run that never
// ends: if the scope is still running after `seconds` (far more than it ever
// needs, sanitizers and a loaded machine included), it says which one hung and
// aborts. It checks no timing; only a hang can trip it.
class HangDetector {
public:
    explicit HangDetector(const char* what, int seconds = 300) : what_(what) {
        watchdog_ = std::thread([this, seconds] {
            std::unique_lock<std::mutex> lock(mutex_);
            if (!done_changed_.wait_for(lock, std::chrono::seconds(seconds), [this] { return done_; })) {
                std::fprintf(stderr, "hang: '%s' still running after %d s (a deadlock)\n", what_, seconds);
                std::abort();
            }
        });
    }
    ~HangDetector() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            done_ = true;
        }
        done_changed_.notify_one();
        watchdog_.join();
    }
    HangDetector(const HangDetector&) = delete;
    HangDetector& operator=(const HangDetector&) = delete;

private:
    const char* what_;
    std::mutex mutex_;
    std::condition_variable done_changed_;
    bool done_ = false;
    std::thread watchdog_;
};

// Returns once `reached()` is true, yielding meanwhile: for a state that
// another thread is bound to reach (a worker asleep, a thread waiting).
template <class Predicate>
void wait_until(Predicate reached) {
    while (!reached()) std::this_thread::yield();
}

}  // namespace tsl::test
