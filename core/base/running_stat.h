// running_stat.h — a mean and its spread over the values added, in one pass:
// the sum (the mean is sum / count, the same bits as summing by hand) and
// Welford's running squares for the standard deviation, which a reveal shows
// beside a time so that a class sees how much it varied over the step.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace tsl {

struct RunningStat {
    std::int64_t count = 0;
    double sum = 0;
    double running_mean = 0, squares = 0;  // Welford: the mean so far, and the sum of squared differences from it

    void add(double value) {
        ++count;
        sum += value;
        const double delta = value - running_mean;
        running_mean += delta / static_cast<double>(count);
        squares += delta * (value - running_mean);
    }
    double mean() const { return count ? sum / static_cast<double>(count) : 0; }
    // The sample standard deviation; 0 with fewer than two values.
    double spread() const { return count > 1 ? std::sqrt(std::max(0.0, squares / static_cast<double>(count - 1))) : 0; }
};

}  // namespace tsl
