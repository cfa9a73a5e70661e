// rewind.h — stepping back in time. While the scene shown runs, its state is
// kept every few steps (keyframes) over at least the last kKeepS seconds of
// simulation; an earlier moment is shown by restoring the keyframe at or
// before it and replaying the steps from there. The simulation is
// deterministic on its fixed step, so a replay reaches exactly the state the
// run had then: nothing is ever undone. The live moment's own state is kept
// while an earlier one is shown, and going back to it restores that state, so
// that a run which stepped back and forward again goes on exactly as if it
// never had (tests/test_rewind.cpp).
//
// A replay records nothing: no averages, reveal tallies, plot samples,
// attached traces or timeline zones (SessionScene::replay_step). Those stay
// the live run's; the views cut them at the moment shown.
//
// The keyframes hold at most kBudgetBytes: a large scene keeps one every more
// steps, and each step back replays more. A change of the scene's settings,
// a reset or another scene starts the keeping again from there.
//
// Threading: main thread, as LabSession, which owns one.
#pragma once

#include "core/session/session_scene.h"

#include <cstdint>
#include <deque>
#include <memory>

namespace tsl {

class Rewind {
public:
    static constexpr double kKeepS = 30;                              // at least this much simulation kept
    static constexpr std::size_t kBudgetBytes = std::size_t{256} << 20;  // what the keyframes may hold

    explicit Rewind(std::size_t budget_bytes = kBudgetBytes) : budget_(budget_bytes) {}

    // Forget everything kept (the live moment is shown: call only then).
    void clear();
    // After a live step of `scene`, now at frame `frame` (its frames_stepped):
    // a keyframe when one is due, and those past the window dropped.
    void after_live_step(const SessionScene& scene, std::int64_t frame, double step_s);

    // The earliest frame that can be shown (the oldest keyframe's), or -1 — none kept.
    std::int64_t oldest_frame() const { return keyframes_.empty() ? -1 : keyframes_.front().frame; }
    // The newest keyframe at or before `frame`, or null.
    const SessionScene::State* keyframe_at_or_before(std::int64_t frame, std::int64_t* keyframe_frame) const;
    std::int64_t interval() const { return interval_; }  // steps between keyframes (0: none kept yet)
    std::size_t kept_bytes() const;
    std::size_t keyframes() const { return keyframes_.size(); }

    // The live moment while an earlier one is shown (null: the live moment is shown).
    bool viewing_past() const { return live_ != nullptr; }
    std::int64_t live_frame() const { return live_frame_; }
    void keep_live(std::unique_ptr<SessionScene::State> state, std::int64_t frame) {
        live_ = std::move(state);
        live_frame_ = frame;
    }
    // The live state, handed back (viewing_past() is false after).
    std::unique_ptr<SessionScene::State> take_live() { return std::move(live_); }

private:
    struct Keyframe {
        std::int64_t frame = 0;
        std::unique_ptr<SessionScene::State> state;
    };
    std::size_t budget_;
    std::deque<Keyframe> keyframes_;
    std::int64_t interval_ = 0;
    std::unique_ptr<SessionScene::State> live_;
    std::int64_t live_frame_ = 0;
};

}  // namespace tsl
