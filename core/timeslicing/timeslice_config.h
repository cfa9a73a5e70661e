// timeslice_config.h — the knobs of a timeslicer: mode, jobs per update (J),
// update period (P), gathering. Plain data plus names for the UI and the CLI.
#pragma once

#include "core/base/names.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tsl {

// Input timing x output timing (docs/semantics.md, section 2), plus the untimesliced baseline.
enum class Mode : std::uint8_t {
    UpdateAll,  // every key, every frame; ignores J and P
    AIAO,       // input read when the job starts; output saved when it finishes
    SIAO,       // inputs read for all keys at batch start; output saved when the job finishes
    SISO,       // inputs read at batch start; outputs saved together when the batch finishes
    AISO,       // input read when the job starts; outputs saved together when the batch finishes
};
inline constexpr Mode kAllModes[] = {Mode::UpdateAll, Mode::AIAO, Mode::SIAO, Mode::SISO, Mode::AISO};

constexpr bool reads_inputs_at_batch_start(Mode m) { return m == Mode::SIAO || m == Mode::SISO; }
constexpr bool saves_outputs_at_batch_end(Mode m) { return m == Mode::SISO || m == Mode::AISO; }

// When synchronous output (SISO, AISO) saves a batch.
enum class SyncSave : std::uint8_t {
    LastFinish,  // as soon as the batch's last job is finished (gathered)
    NextBatch,   // when the next batch starts: one update later (the article's demo)
};
extern const EnumName kSyncSaveNames[2];  // "last-finish", "next-batch"

// When started jobs are finished (joined) and their results gathered.
enum class Gathering : std::uint8_t {
    SameFrame,  // start jobs, then wait for them in the same update
    NextFrame,  // finish last update's jobs first, then start new ones: one update of extra latency
};

// Where started jobs run (independent of the mode).
enum class Threading : std::uint8_t {
    Inline,        // on the main thread, inside the update
    ThreadPerJob,  // a std::thread created per job and joined when it is gathered (the article's; costly)
    Pool,          // the job system's persistent workers
};
inline constexpr Threading kAllThreadings[] = {Threading::Inline, Threading::ThreadPerJob, Threading::Pool};

struct TimeslicerConfig {
    Mode mode = Mode::AIAO;                       // AIAO — the article's pick for NPCs facing a target
    std::uint32_t jobs_per_update = 1;            // J — jobs started per update, at most (>= 1)
    std::uint32_t update_every_frames = 1;        // P — the timeslicer updates on frames that are multiples of P (>= 1)
    Gathering gathering = Gathering::SameFrame;   // same frame — the main thread waits for this update's jobs
    Threading threading = Threading::Inline;      // inline — jobs run on the main thread
    SyncSave sync_save = SyncSave::LastFinish;    // last finish — synchronous output is saved when the batch's last job finishes

    bool operator==(const TimeslicerConfig&) const = default;
};

// Jobs per second for a given step rate: J * steps_per_s / P ("10 Hz" for
// J = 1, P = 3 at 30 steps/s). Update All runs every key every frame, so its
// per-key rate is steps_per_s and this returns that times `keys`.
double jobs_per_second(const TimeslicerConfig& config, double steps_per_s, std::uint32_t keys);

// Names for files, the command line and the panel (core/base/names.h):
// "update-all", "aiao", "siao", "siso", "aiso" (also "all"); "same-frame",
// "next-frame" (also "same", "next", "delayed"); "inline", "thread-per-job",
// "pool" (also "job-system"). Labels such as "Async In / Async Out" and a
// sentence of help for each mode.
extern const EnumName kModeNames[7];
extern const EnumName kGatheringNames[5];
extern const EnumName kThreadingNames[6];

std::string_view name_of(Mode mode);
std::string_view name_of(Gathering gathering);
std::string_view name_of(Threading threading);   // "inline", "thread-per-job", "pool"
// Human labels for the UI: "Update All", "Async In / Async Out", ...
std::string_view label_of(Mode mode);
std::string_view label_of(Gathering gathering);  // "same frame", "next frame"
std::string_view label_of(Threading threading);  // "Inline", "Thread per job", "Job system"
// One plain sentence for tooltips.
std::string_view explain(Mode mode);

// Case-insensitive; nullopt when unknown.
std::optional<Mode> parse_mode(std::string_view text);
std::optional<Gathering> parse_gathering(std::string_view text);
std::optional<Threading> parse_threading(std::string_view text);

// "update-all, aiao, siao, siso, aiso" — for error messages.
std::string accepted_modes();
std::string accepted_gatherings();
std::string accepted_threadings();

}  // namespace tsl
