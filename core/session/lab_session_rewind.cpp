// lab_session_rewind.cpp — LabSession stepping back in time (rewind.h): the
// commands while an earlier moment is shown, StepBack, and the replays.
#include "core/session/lab_session.h"

#include "core/base/formatted.h"

namespace tsl {

namespace {

// Nothing of a replay goes into the timeline: its zones are the live run's.
struct ProfilerMuted {
    explicit ProfilerMuted(Profiler& p) : profiler(p), was(p.enabled()) { p.set_enabled(false); }
    ~ProfilerMuted() { profiler.set_enabled(was); }
    Profiler& profiler;
    bool was;
};

}  // namespace

// While an earlier moment is shown, only StepBack and StepOnce move in it
// (StepOnce through step(), which replays). Any other command is applied at
// the live moment; if it left the scene's run as it was and the lab paused,
// the moment shown before is shown again.
CommandResult LabSession::apply(const Command& command) {
    if (!options_.rewind || std::holds_alternative<StepBack>(command) || std::holds_alternative<StepOnce>(command)) {
        const std::int64_t live = live_frame();
        CommandResult result = apply_now(command);
        keep_rewind(live);
        return result;
    }
    const bool past = rewind_.viewing_past();
    const std::int64_t shown_frame = frames_stepped();
    go_live();
    const std::int64_t live = frames_stepped();
    CommandResult result = apply_now(command);
    keep_rewind(live);
    if (past && settings_.paused && rewind_.oldest_frame() >= 0 && rewind_.oldest_frame() <= shown_frame) show_frame(shown_frame);
    return result;
}

// The keyframes hold while the scene shown runs on with the settings they
// were kept with; a reset, another scene or a change of the scene's settings drops them.
void LabSession::keep_rewind(std::int64_t live_frame_before) {
    if (!options_.rewind) return;
    const LabSettings& then = rewind_settings_;
    const bool same_run = settings_.scene == then.scene && settings_.workers == then.workers && !shown().differs(settings_, then) &&
                          live_frame() >= live_frame_before;
    if (same_run) return;
    if (rewind_.viewing_past()) go_live();
    rewind_.clear();
    rewind_settings_ = settings_;
}

CommandResult LabSession::step_back() {
    settings_.paused = true;
    const Words tr = words();
    if (!options_.rewind) return {tr("Stepping back is off here"), 2};
    const std::int64_t target = frames_stepped() - 1;
    const std::int64_t oldest = rewind_.oldest_frame();
    if (oldest < 0 && !shown().save_state()) return {tr("This scene cannot step back in time yet"), 2};
    if (oldest < 0 || target < oldest) {
        const double kept_s = oldest < 0 ? 0 : static_cast<double>(live_frame() - oldest) * step_s();
        return {formatted(tr("Nothing earlier is kept (%.1f s back from the live moment)"), kept_s), 2};
    }
    show_frame(target);
    return {};
}

void LabSession::show_frame(std::int64_t frame) {
    const ProfilerMuted muted(profiler_);
    if (!rewind_.viewing_past()) {
        if (frame >= frames_stepped()) return;
        rewind_.keep_live(shown().save_state(), frames_stepped());
    }
    if (frame >= rewind_.live_frame()) {
        go_live();
        return;
    }
    // Forward from where it is when that is nearer than the keyframe (a
    // keyframe of that very frame is restored: no step is replayed).
    std::int64_t keyframe = -1;
    const SessionScene::State* state = rewind_.keyframe_at_or_before(frame, &keyframe);
    if (!state) return;
    const std::int64_t now = frames_stepped();
    if (now <= frame && now >= keyframe && keyframe < frame) {
        replay_steps(frame - now);
        return;
    }
    shown().restore_state(*state);
    replay_steps(frame - keyframe);
}

void LabSession::go_live() {
    if (!rewind_.viewing_past()) return;
    const ProfilerMuted muted(profiler_);
    const std::unique_ptr<SessionScene::State> live = rewind_.take_live();
    shown().restore_state(*live);
}

void LabSession::replay_steps(std::int64_t steps) {
    const ProfilerMuted muted(profiler_);
    for (std::int64_t i = 0; i < steps; ++i) shown().replay_step();
}

}  // namespace tsl
