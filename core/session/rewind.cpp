// rewind.cpp — the keyframes of the scene shown (see rewind.h).
#include "core/session/rewind.h"

#include <algorithm>
#include <cmath>

namespace tsl {

void Rewind::clear() {
    keyframes_.clear();
    interval_ = 0;
    live_.reset();
}

void Rewind::after_live_step(const SessionScene& scene, std::int64_t frame, double step_s) {
    if (!keyframes_.empty() && frame - keyframes_.back().frame < interval_) return;
    std::unique_ptr<SessionScene::State> state = scene.save_state();
    if (!state) return;  // this scene cannot step back
    // The spacing: as close as the budget allows over the window, the newest
    // state's size taken for every one's (a run's states grow as its histories fill).
    const double bytes = static_cast<double>(state->bytes());
    auto keep_steps = static_cast<std::int64_t>(std::ceil(kKeepS / step_s));
    if (state->exact_replay()) {
        const double per_step = bytes * static_cast<double>(keep_steps + 1) / static_cast<double>(budget_);
        interval_ = std::max(interval_, std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(per_step))));
    } else {
        // A replay would not give the same steps: every step is kept, over as long as the budget allows.
        interval_ = 1;
        keep_steps = std::min(keep_steps, std::max<std::int64_t>(1, static_cast<std::int64_t>(static_cast<double>(budget_) / bytes) - 1));
    }
    keyframes_.push_back({frame, std::move(state)});
    // The oldest goes once the next one alone reaches back far enough.
    while (keyframes_.size() > 1 && keyframes_[1].frame <= frame - keep_steps) keyframes_.pop_front();
}

const SessionScene::State* Rewind::keyframe_at_or_before(std::int64_t frame, std::int64_t* keyframe_frame) const {
    for (auto it = keyframes_.rbegin(); it != keyframes_.rend(); ++it) {
        if (it->frame > frame) continue;
        if (keyframe_frame) *keyframe_frame = it->frame;
        return it->state.get();
    }
    return nullptr;
}

std::size_t Rewind::kept_bytes() const {
    std::size_t sum = 0;
    for (const Keyframe& k : keyframes_) sum += k.state->bytes();
    return sum;
}

}  // namespace tsl
