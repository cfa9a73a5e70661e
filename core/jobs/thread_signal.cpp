// thread_signal.cpp — sleeping on a word and waking it (thread_signal.h).
#include "core/jobs/thread_signal.h"

#ifdef __linux__
#include <climits>
#include <ctime>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#elif defined(__EMSCRIPTEN_PTHREADS__)
#include <climits>
#include <cmath>
#include <emscripten/threading.h>
#endif

namespace tsl::jobs_detail {

void sleep_on(std::atomic<std::uint32_t>& word, std::uint32_t expected, std::int64_t timeout_us) {
#ifdef __linux__
    static_assert(sizeof(std::atomic<std::uint32_t>) == sizeof(std::uint32_t));
    timespec timeout{static_cast<time_t>(timeout_us / 1'000'000), static_cast<long>(timeout_us % 1'000'000 * 1000)};
    syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAIT_PRIVATE, expected, timeout_us < 0 ? nullptr : &timeout,
            nullptr, 0);
#elif defined(__EMSCRIPTEN_PTHREADS__)
    static_assert(sizeof(std::atomic<std::uint32_t>) == sizeof(std::uint32_t));
    emscripten_futex_wait(reinterpret_cast<volatile void*>(&word), expected, timeout_us < 0 ? INFINITY : static_cast<double>(timeout_us) / 1000.0);
#else
    (void)timeout_us;
    word.wait(expected, std::memory_order_acquire);
#endif
}

void wake(std::atomic<std::uint32_t>& word, bool everyone) {
#ifdef __linux__
    syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAKE_PRIVATE, everyone ? INT_MAX : 1, nullptr, nullptr, 0);
#elif defined(__EMSCRIPTEN_PTHREADS__)
    emscripten_futex_wake(reinterpret_cast<volatile void*>(&word), everyone ? INT_MAX : 1);
#else
    if (everyone) word.notify_all();
    else word.notify_one();
#endif
}

}  // namespace tsl::jobs_detail
