#include "core/timeslicing/timeslice_config.h"

namespace tsl {

const EnumName kModeNames[7] = {
    {"update-all", static_cast<int>(Mode::UpdateAll), "Update All",
     "No timeslicing: every NPC decides every frame, so decisions are never stale but cost the most."},
    {"aiao", static_cast<int>(Mode::AIAO), "Async In / Async Out",
     "Each job reads the target when it starts and its NPC reacts as soon as it finishes: freshest data, staggered turns."},
    {"siao", static_cast<int>(Mode::SIAO), "Sync In / Async Out",
     "All jobs of a batch use the target position read when the batch started; each NPC reacts as soon as its job finishes."},
    {"siso", static_cast<int>(Mode::SISO), "Sync In / Sync Out",
     "Inputs are read at batch start and every result appears at once when the batch ends: a laggy but consistent snapshot."},
    {"aiso", static_cast<int>(Mode::AISO), "Async In / Sync Out",
     "Each job reads fresh input when it starts, but results appear together only when the whole batch has finished."},
    {"updateall", static_cast<int>(Mode::UpdateAll)},
    {"all", static_cast<int>(Mode::UpdateAll)},
};

const EnumName kGatheringNames[5] = {
    {"same-frame", static_cast<int>(Gathering::SameFrame), "same frame",
     "Jobs started in an update are finished before it returns: the main thread waits for them."},
    {"next-frame", static_cast<int>(Gathering::NextFrame), "next frame",
     "Jobs are finished at the start of the next update. Results arrive one update later (not for synchronous output saved when the "
     "next batch starts), and the main thread waits only for jobs still running then: none, while the workers keep up."},
    {"same", static_cast<int>(Gathering::SameFrame)},
    {"next", static_cast<int>(Gathering::NextFrame)},
    {"delayed", static_cast<int>(Gathering::NextFrame)},
};

const EnumName kThreadingNames[6] = {
    {"inline", static_cast<int>(Threading::Inline), "Inline", "Jobs run on the main thread, inside the update."},
    {"thread-per-job", static_cast<int>(Threading::ThreadPerJob), "Thread per job",
     "The article's version: a new thread for every job, joined when the job is gathered. Creating a thread costs tens of "
     "microseconds; watch the timeline."},
    {"pool", static_cast<int>(Threading::Pool), "Job system",
     "A job system: persistent worker threads, one per core besides the main thread. The waiting main thread runs jobs too."},
    {"job-system", static_cast<int>(Threading::Pool)},
    {"jobs", static_cast<int>(Threading::Pool)},
    {"thread-pool", static_cast<int>(Threading::Pool)},
};

const EnumName kSyncSaveNames[2] = {
    {"last-finish", static_cast<int>(SyncSave::LastFinish), "when its last job finishes",
     "Synchronous output is saved as soon as the batch's last job is finished: the earliest the rules allow."},
    {"next-batch", static_cast<int>(SyncSave::NextBatch), "when the next batch starts",
     "Synchronous output is saved when the next batch starts: one update after the last job finishes with same-frame gathering, "
     "the same update with next-frame. What the article's demo (and its animations) do."},
};

double jobs_per_second(const TimeslicerConfig& config, double steps_per_s, std::uint32_t keys) {
    if (config.mode == Mode::UpdateAll) return steps_per_s * keys;
    return steps_per_s * config.jobs_per_update / config.update_every_frames;
}

std::string_view name_of(Mode mode) { return name_for(kModeNames, static_cast<int>(mode)); }
std::string_view name_of(Gathering gathering) { return name_for(kGatheringNames, static_cast<int>(gathering)); }
std::string_view name_of(Threading threading) { return name_for(kThreadingNames, static_cast<int>(threading)); }
std::string_view label_of(Mode mode) { return label_for(kModeNames, static_cast<int>(mode)); }
std::string_view label_of(Gathering gathering) { return label_for(kGatheringNames, static_cast<int>(gathering)); }
std::string_view label_of(Threading threading) { return label_for(kThreadingNames, static_cast<int>(threading)); }
std::string_view explain(Mode mode) {
    const EnumName* n = canonical(kModeNames, static_cast<int>(mode));
    return n ? n->help : std::string_view();
}

std::optional<Mode> parse_mode(std::string_view text) { return parse_enum<Mode>(kModeNames, text); }
std::optional<Gathering> parse_gathering(std::string_view text) { return parse_enum<Gathering>(kGatheringNames, text); }
std::optional<Threading> parse_threading(std::string_view text) { return parse_enum<Threading>(kThreadingNames, text); }

std::string accepted_modes() { return canonical_names(kModeNames); }
std::string accepted_gatherings() { return canonical_names(kGatheringNames); }
std::string accepted_threadings() { return canonical_names(kThreadingNames); }

}  // namespace tsl
