// trace_rules.cpp — the rules of the trace, checked two ways.
//
// [SECTION] Helpers shared by both
// [SECTION] The rules on a whole trace
// [SECTION] TraceChecker: the same rules on a trace that arrives frame by frame
#include "core/timeslicing/trace_rules.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace tsl {

// -----------------------------------------------------------------------------
// [SECTION] Helpers shared by both
// -----------------------------------------------------------------------------
namespace {

struct JobEvents {
    std::vector<std::int64_t> input, start, finish, save;
};

struct Batch {
    std::map<std::uint64_t, JobEvents> jobs;  // by key
    std::int64_t first_start = std::numeric_limits<std::int64_t>::max();
};

using Batches = std::map<std::uint32_t, Batch>;

Batches group(const std::vector<TraceRecord>& trace) {
    Batches batches;
    for (const TraceRecord& r : trace) {
        Batch& b = batches[r.batch];
        JobEvents& j = b.jobs[r.key];
        switch (r.event) {
            case TraceEvent::Input: j.input.push_back(r.frame); break;
            case TraceEvent::Start:
                j.start.push_back(r.frame);
                b.first_start = std::min(b.first_start, r.frame);
                break;
            case TraceEvent::Finish: j.finish.push_back(r.frame); break;
            case TraceEvent::Save: j.save.push_back(r.frame); break;
        }
    }
    return batches;
}

// Collects messages, keeping the first few and counting the rest.
class Report {
public:
    explicit Report(std::string rule) : rule_(std::move(rule)) {}
    void add(std::uint32_t batch, std::uint64_t key, const std::string& what) {
        add("batch " + std::to_string(batch) + ", key " + std::to_string(key) + ": " + what);
    }
    void add(const std::string& what) {
        if (found_++ < kKept) out_.push_back(rule_ + ": " + what);
    }
    Violations done() {
        if (found_ > kKept) out_.push_back(rule_ + ": ... and " + std::to_string(found_ - kKept) + " more");
        return std::move(out_);
    }
    // Takes `later`'s messages as if they had been added after these.
    void append(Report&& later) {
        for (std::string& message : later.out_)
            if (out_.size() < kKept) out_.push_back(std::move(message));
        found_ += later.found_;
    }

private:
    static constexpr std::size_t kKept = 8;
    std::string rule_;
    Violations out_;
    std::size_t found_ = 0;
};

std::string at(const char* event, std::int64_t frame) { return std::string(event) + " at frame " + std::to_string(frame); }

std::int64_t effective_period(const TraceRunSettings& run) {
    return run.config.mode == Mode::UpdateAll ? 1 : run.config.update_every_frames;
}

bool batch_fully_finished(const Batch& b, std::uint32_t keys) {
    if (b.jobs.size() != keys) return false;
    return std::all_of(b.jobs.begin(), b.jobs.end(), [](const auto& kv) { return !kv.second.finish.empty(); });
}

// The update schedule of one frame that started `starts` jobs: at most J of
// them (every key in Update All), only on every P-th frame, inside the run.
void check_frame_starts(const TraceRunSettings& run, std::int64_t frame, std::uint64_t starts, Report& report) {
    const bool update_all = run.config.mode == Mode::UpdateAll;
    const std::uint64_t limit = update_all ? run.keys : run.config.jobs_per_update;
    if (starts > limit)
        report.add("frame " + std::to_string(frame) + ": " + std::to_string(starts) + " jobs started, at most " + std::to_string(limit));
    if (!update_all && frame % run.config.update_every_frames != 0)
        report.add("frame " + std::to_string(frame) + ": jobs started but the frame is not a multiple of P = " +
                   std::to_string(run.config.update_every_frames));
    if (frame < 0 || frame >= run.frames) report.add("frame " + std::to_string(frame) + ": outside the run");
}

// Which of the frames rule 2 allows a synchronous batch is saved on, by
// `sync_save`: its last finish, or the first start of the next batch (when
// that has begun). "" when it holds.
std::string sync_save_timing(SyncSave when, std::int64_t save, std::int64_t last_finish, std::optional<std::int64_t> next_start) {
    if (when == SyncSave::LastFinish && save != last_finish)
        return "saved at frame " + std::to_string(save) + ", not at its last finish at frame " + std::to_string(last_finish) +
               " (sync_save last-finish)";
    if (when == SyncSave::NextBatch && next_start && save != *next_start)
        return "saved at frame " + std::to_string(save) + ", not when the next batch started at frame " + std::to_string(*next_start) +
               " (sync_save next-batch)";
    return {};
}

}  // namespace

// -----------------------------------------------------------------------------
// [SECTION] The rules on a whole trace
// -----------------------------------------------------------------------------
Violations check_input_timing(const std::vector<TraceRecord>& trace, const TraceRunSettings& run) {
    Report report("input timing");
    const bool sync_input = reads_inputs_at_batch_start(run.config.mode);
    for (const auto& [number, batch] : group(trace)) {
        for (const auto& [key, job] : batch.jobs) {
            if (job.input.size() > 1) report.add(number, key, "input read " + std::to_string(job.input.size()) + " times");
            if (job.input.empty()) {
                if (!job.start.empty()) report.add(number, key, "started without reading its input");
                continue;
            }
            const std::int64_t input = job.input.front();
            if (sync_input) {
                if (input != batch.first_start)
                    report.add(number, key, at("input", input) + ", batch started at frame " + std::to_string(batch.first_start));
            } else if (job.start.empty() || input != job.start.front()) {
                report.add(number, key, at("input", input) + (job.start.empty() ? ", never started" : ", " + at("start", job.start.front())));
            }
        }
    }
    return report.done();
}

Violations check_output_timing(const std::vector<TraceRecord>& trace, const TraceRunSettings& run) {
    Report report("output timing");
    const Batches batches = group(trace);
    if (!saves_outputs_at_batch_end(run.config.mode)) {
        for (const auto& [number, batch] : batches)
            for (const auto& [key, job] : batch.jobs) {
                if (job.save.size() > 1) report.add(number, key, "saved " + std::to_string(job.save.size()) + " times");
                if (job.finish.empty() && !job.save.empty()) report.add(number, key, "saved but never finished");
                if (!job.finish.empty() && (job.save.empty() || job.save.front() != job.finish.front()))
                    report.add(number, key, at("finish", job.finish.front()) +
                                                (job.save.empty() ? ", never saved" : ", " + at("save", job.save.front())));
            }
        return report.done();
    }
    for (auto it = batches.begin(); it != batches.end(); ++it) {
        const auto& [number, batch] = *it;
        const auto next = std::next(it);
        std::set<std::int64_t> save_frames;
        std::int64_t last_finish = -1;
        std::size_t saved = 0;
        for (const auto& [key, job] : batch.jobs) {
            if (job.save.size() > 1) report.add(number, key, "saved " + std::to_string(job.save.size()) + " times");
            for (std::int64_t f : job.save) save_frames.insert(f);
            saved += !job.save.empty();
            if (!job.finish.empty()) last_finish = std::max(last_finish, job.finish.front());
        }
        const bool finished = batch_fully_finished(batch, run.keys);
        if (saved > 0 && !finished)
            report.add("batch " + std::to_string(number) + ": saved before every job finished");
        if (save_frames.size() > 1)
            report.add("batch " + std::to_string(number) + ": saves spread over " + std::to_string(save_frames.size()) + " frames");
        if (save_frames.empty()) {
            if (finished && next != batches.end())
                report.add("batch " + std::to_string(number) + ": finished but never saved before the next batch");
            continue;
        }
        if (saved != batch.jobs.size())
            report.add("batch " + std::to_string(number) + ": only " + std::to_string(saved) + " of its jobs saved");
        const std::int64_t save = *save_frames.begin();
        if (save < last_finish)
            report.add("batch " + std::to_string(number) + ": " + at("saved", save) + " before its last finish at frame " + std::to_string(last_finish));
        if (next != batches.end() && save > next->second.first_start)
            report.add("batch " + std::to_string(number) + ": " + at("saved", save) + " after the next batch started at frame " +
                       std::to_string(next->second.first_start));
        if (const std::string when = sync_save_timing(run.config.sync_save, save, last_finish,
                                                      next != batches.end() ? std::optional(next->second.first_start) : std::nullopt);
            !when.empty())
            report.add("batch " + std::to_string(number) + ": " + when);
    }
    return report.done();
}

Violations check_gathering(const std::vector<TraceRecord>& trace, const TraceRunSettings& run) {
    Report report("gathering");
    const std::int64_t delay = run.config.gathering == Gathering::SameFrame ? 0 : effective_period(run);
    for (const auto& [number, batch] : group(trace))
        for (const auto& [key, job] : batch.jobs) {
            if (job.finish.size() > 1) report.add(number, key, "finished " + std::to_string(job.finish.size()) + " times");
            if (job.start.empty()) {
                if (!job.finish.empty()) report.add(number, key, "finished but never started");
                continue;
            }
            const std::int64_t expected = job.start.front() + delay;
            if (job.finish.empty()) {
                if (expected < run.frames) report.add(number, key, at("start", job.start.front()) + ", never finished");
            } else if (job.finish.front() != expected) {
                report.add(number, key, at("start", job.start.front()) + ", " + at("finish", job.finish.front()) +
                                            ", expected frame " + std::to_string(expected));
            }
        }
    return report.done();
}

Violations check_update_schedule(const std::vector<TraceRecord>& trace, const TraceRunSettings& run) {
    Report report("update schedule");
    std::map<std::int64_t, std::uint64_t> starts_per_frame;
    for (const TraceRecord& r : trace)
        if (r.event == TraceEvent::Start) ++starts_per_frame[r.frame];
    for (const auto& [frame, starts] : starts_per_frame) check_frame_starts(run, frame, starts, report);
    return report.done();
}

Violations check_batch_coverage(const std::vector<TraceRecord>& trace, const TraceRunSettings& run) {
    Report report("batch coverage");
    const Batches batches = group(trace);
    for (auto it = batches.begin(); it != batches.end(); ++it) {
        const auto& [number, batch] = *it;
        std::size_t started = 0;
        for (const auto& [key, job] : batch.jobs) {
            if (key >= run.keys) report.add(number, key, "not a key of this run");
            if (job.start.size() > 1) report.add(number, key, "started " + std::to_string(job.start.size()) + " times");
            started += !job.start.empty();
        }
        const bool last = std::next(it) == batches.end();
        if (!last && started != run.keys)
            report.add("batch " + std::to_string(number) + ": " + std::to_string(started) + " of " + std::to_string(run.keys) +
                       " keys started before the next batch");
    }
    return report.done();
}

Violations check_event_order(const std::vector<TraceRecord>& trace, const TraceRunSettings&) {
    Report report("event order");
    std::int64_t previous_frame = std::numeric_limits<std::int64_t>::min();
    std::int64_t current_batch = -1;
    for (const TraceRecord& r : trace) {
        if (r.frame < previous_frame)
            report.add("frame " + std::to_string(r.frame) + " recorded after frame " + std::to_string(previous_frame));
        previous_frame = r.frame;
        if (r.event != TraceEvent::Start) continue;
        if (r.batch == current_batch) continue;
        if (static_cast<std::int64_t>(r.batch) != current_batch + 1)
            report.add("batch " + std::to_string(r.batch) + " started after batch " + std::to_string(current_batch));
        current_batch = r.batch;
    }
    for (const auto& [number, batch] : group(trace))
        for (const auto& [key, job] : batch.jobs) {
            const std::vector<std::int64_t>* chain[] = {&job.input, &job.start, &job.finish, &job.save};
            const char* names[] = {"input", "start", "finish", "save"};
            for (int i = 1; i < 4; ++i) {
                if (chain[i]->empty()) continue;
                if (chain[i - 1]->empty()) {
                    report.add(number, key, std::string(names[i]) + " without " + names[i - 1]);
                } else if (chain[i]->front() < chain[i - 1]->front()) {
                    report.add(number, key, at(names[i], chain[i]->front()) + " before " + at(names[i - 1], chain[i - 1]->front()));
                }
            }
        }
    return report.done();
}

Violations check_update_all(const std::vector<TraceRecord>& trace, const TraceRunSettings& run) {
    Report report("update all");
    if (run.config.mode != Mode::UpdateAll) return report.done();
    std::map<std::int64_t, std::set<std::uint64_t>> started;
    for (const TraceRecord& r : trace)
        if (r.event == TraceEvent::Start) started[r.frame].insert(r.key);
    for (std::int64_t frame = 0; frame < run.frames; ++frame) {
        const auto it = started.find(frame);
        const std::size_t count = it == started.end() ? 0 : it->second.size();
        if (count != run.keys)
            report.add("frame " + std::to_string(frame) + ": " + std::to_string(count) + " of " + std::to_string(run.keys) + " keys started");
    }
    return report.done();
}

Violations check_all_rules(const std::vector<TraceRecord>& trace, const TraceRunSettings& run) {
    Violations all;
    for (auto check : {check_input_timing, check_output_timing, check_gathering, check_update_schedule, check_batch_coverage,
                       check_event_order, check_update_all}) {
        Violations found = check(trace, run);
        all.insert(all.end(), found.begin(), found.end());
    }
    return all;
}

// -----------------------------------------------------------------------------
// [SECTION] TraceChecker: the same rules on a trace that arrives frame by frame
// -----------------------------------------------------------------------------
// Each rule's messages come out in check_all_rules' order because batches are
// checked in number order (keys in key order within one) and frames in frame
// order; the event-order rule's two parts (record by record, then job by job)
// collect apart and are joined at the end. The per-job checks below are those
// of the functions above, written on a job's tally (the first frame of each
// kind of event, and how many) instead of its list of frames.
namespace {

constexpr std::int64_t kNoFrame = std::numeric_limits<std::int64_t>::max();
constexpr int kInput = 0, kStart = 1, kFinish = 2, kSave = 3;
constexpr const char* kEventNames[] = {"input", "start", "finish", "save"};

struct JobTally {
    std::int64_t first[4] = {0, 0, 0, 0};  // frame of the first input, start, finish, save
    std::uint32_t count[4] = {0, 0, 0, 0};
    bool seen() const { return (count[0] | count[1] | count[2] | count[3]) != 0; }
};

struct OpenBatch {
    std::vector<JobTally> keys;                // the run's keys, by key, grown as they come
    std::map<std::uint64_t, JobTally> others;  // keys that are not the run's
    std::size_t jobs = 0;                      // distinct keys seen
    std::int64_t first_start = kNoFrame;
    std::set<std::int64_t> save_frames;        // the frame of every save (one, in a run)

    JobTally& job(std::uint64_t key, std::uint32_t run_keys) {
        if (key >= run_keys) return others[key];
        if (key >= keys.size()) keys.resize(static_cast<std::size_t>(key) + 1);
        return keys[static_cast<std::size_t>(key)];
    }
    // Every job seen, in key order.
    template <class Visit>
    void for_each_job(Visit visit) const {
        for (std::size_t key = 0; key < keys.size(); ++key)
            if (keys[key].seen()) visit(static_cast<std::uint64_t>(key), keys[key]);
        for (const auto& [key, job] : others) visit(key, job);
    }
};

// The distinct keys started on one frame (Update All).
struct KeySet {
    std::vector<bool> run_keys;
    std::set<std::uint64_t> others;
    std::size_t count = 0;

    void insert(std::uint64_t key, std::uint32_t keys) {
        if (key >= keys) {
            count += others.insert(key).second;
            return;
        }
        if (run_keys.empty()) run_keys.resize(keys);
        if (!run_keys[static_cast<std::size_t>(key)]) {
            run_keys[static_cast<std::size_t>(key)] = true;
            ++count;
        }
    }
};

}  // namespace

struct TraceChecker::State {
    TraceRunSettings run;
    std::map<std::uint32_t, OpenBatch> batches;
    std::map<std::int64_t, std::uint64_t> starts_per_frame;  // frames not yet checked
    std::map<std::int64_t, KeySet> started_keys;             // Update All: frames in the run not yet checked
    std::int64_t next_update_all_frame = 0;                  // Update All: frames below are checked
    std::int64_t newest = std::numeric_limits<std::int64_t>::min();
    std::int64_t settled_below = std::numeric_limits<std::int64_t>::min();
    std::int64_t previous_frame = std::numeric_limits<std::int64_t>::min();
    std::int64_t current_batch = -1;
    Report input{"input timing"}, output{"output timing"}, gathering{"gathering"}, schedule{"update schedule"},
        coverage{"batch coverage"}, order_records{"event order"}, order_jobs{"event order"}, update_all{"update all"};

    explicit State(const TraceRunSettings& settings) : run(settings) {}

    void add(const TraceRecord& r) {
        if (r.frame > newest) {
            newest = r.frame;
            if (newest > std::numeric_limits<std::int64_t>::min() + TraceChecker::kSettleFrames)
                settled_below = newest - TraceChecker::kSettleFrames;
            settle();
        }
        // Event order, record by record.
        if (r.frame < previous_frame)
            order_records.add("frame " + std::to_string(r.frame) + " recorded after frame " + std::to_string(previous_frame));
        previous_frame = r.frame;
        if (r.event == TraceEvent::Start && r.batch != current_batch) {
            if (static_cast<std::int64_t>(r.batch) != current_batch + 1)
                order_records.add("batch " + std::to_string(r.batch) + " started after batch " + std::to_string(current_batch));
            current_batch = r.batch;
        }
        // The job's tally in its batch.
        OpenBatch& batch = batches[r.batch];
        JobTally& job = batch.job(r.key, run.keys);
        if (!job.seen()) ++batch.jobs;
        const int kind = static_cast<int>(r.event);
        if (job.count[kind]++ == 0) job.first[kind] = r.frame;
        if (kind == kSave) batch.save_frames.insert(r.frame);
        if (kind != kStart) return;
        batch.first_start = std::min(batch.first_start, r.frame);
        // The frame's start counts.
        ++starts_per_frame[r.frame];
        if (run.config.mode == Mode::UpdateAll && r.frame >= next_update_all_frame && r.frame < run.frames)
            started_keys[r.frame].insert(r.key, run.keys);
    }

    // Checks the frames and batches nothing more can change (see the header).
    void settle() {
        while (!starts_per_frame.empty() && starts_per_frame.begin()->first < settled_below) check_oldest_frame();
        check_update_all_frames(settled_below);
        while (batches.size() >= 3) {
            int settled_later = 0;
            for (auto it = std::next(batches.begin()); it != batches.end() && settled_later < 2; ++it)
                settled_later += it->second.first_start < settled_below;
            if (settled_later < 2) break;
            check_oldest_batch();
        }
    }

    Violations finish() {
        while (!starts_per_frame.empty()) check_oldest_frame();
        check_update_all_frames(run.frames);
        while (!batches.empty()) check_oldest_batch();
        Violations all;
        order_records.append(std::move(order_jobs));
        for (Report* report : {&input, &output, &gathering, &schedule, &coverage, &order_records, &update_all}) {
            Violations found = report->done();
            all.insert(all.end(), found.begin(), found.end());
        }
        return all;
    }

    void check_oldest_frame() {
        const auto [frame, starts] = *starts_per_frame.begin();
        starts_per_frame.erase(starts_per_frame.begin());
        check_frame_starts(run, frame, starts, schedule);
    }

    // Update All: every key starts on each frame of the run below `below`.
    void check_update_all_frames(std::int64_t below) {
        if (run.config.mode != Mode::UpdateAll) return;
        for (; next_update_all_frame < std::min(below, run.frames); ++next_update_all_frame) {
            const std::int64_t frame = next_update_all_frame;
            const auto it = started_keys.find(frame);
            const std::size_t count = it == started_keys.end() ? 0 : it->second.count;
            if (it != started_keys.end()) started_keys.erase(it);
            if (count != run.keys)
                update_all.add("frame " + std::to_string(frame) + ": " + std::to_string(count) + " of " + std::to_string(run.keys) + " keys started");
        }
    }

    static std::string at_frame(int kind, std::int64_t frame) { return at(kEventNames[kind], frame); }

    // Every rule on the oldest open batch, which is then forgotten.
    void check_oldest_batch() {
        const auto oldest = batches.begin();
        const auto next = std::next(oldest);
        const OpenBatch* next_batch = next != batches.end() ? &next->second : nullptr;
        check_input_timing(oldest->first, oldest->second);
        check_output_timing(oldest->first, oldest->second, next_batch);
        check_gathering(oldest->first, oldest->second);
        check_coverage(oldest->first, oldest->second, next_batch != nullptr);
        check_event_order(oldest->first, oldest->second);
        batches.erase(oldest);
    }

    void check_input_timing(std::uint32_t number, const OpenBatch& batch) {
        const bool sync_input = reads_inputs_at_batch_start(run.config.mode);
        batch.for_each_job([&](std::uint64_t key, const JobTally& job) {
            if (job.count[kInput] > 1) input.add(number, key, "input read " + std::to_string(job.count[kInput]) + " times");
            if (job.count[kInput] == 0) {
                if (job.count[kStart] != 0) input.add(number, key, "started without reading its input");
                return;
            }
            const std::int64_t read = job.first[kInput];
            if (sync_input) {
                if (read != batch.first_start)
                    input.add(number, key, at_frame(kInput, read) + ", batch started at frame " + std::to_string(batch.first_start));
            } else if (job.count[kStart] == 0 || read != job.first[kStart]) {
                input.add(number, key, at_frame(kInput, read) + (job.count[kStart] == 0 ? ", never started" : ", " + at_frame(kStart, job.first[kStart])));
            }
        });
    }

    // `next`: the batch after this one, once it has begun.
    void check_output_timing(std::uint32_t number, const OpenBatch& batch, const OpenBatch* next) {
        const bool has_next = next != nullptr;
        const std::string batch_name = "batch " + std::to_string(number);
        if (!saves_outputs_at_batch_end(run.config.mode)) {
            batch.for_each_job([&](std::uint64_t key, const JobTally& job) {
                if (job.count[kSave] > 1) output.add(number, key, "saved " + std::to_string(job.count[kSave]) + " times");
                if (job.count[kFinish] == 0 && job.count[kSave] != 0) output.add(number, key, "saved but never finished");
                if (job.count[kFinish] != 0 && (job.count[kSave] == 0 || job.first[kSave] != job.first[kFinish]))
                    output.add(number, key, at_frame(kFinish, job.first[kFinish]) +
                                                (job.count[kSave] == 0 ? ", never saved" : ", " + at_frame(kSave, job.first[kSave])));
            });
        } else {
            std::int64_t last_finish = -1;
            std::size_t saved = 0, finished_jobs = 0;
            batch.for_each_job([&](std::uint64_t key, const JobTally& job) {
                if (job.count[kSave] > 1) output.add(number, key, "saved " + std::to_string(job.count[kSave]) + " times");
                saved += job.count[kSave] != 0;
                finished_jobs += job.count[kFinish] != 0;
                if (job.count[kFinish] != 0) last_finish = std::max(last_finish, job.first[kFinish]);
            });
            const bool finished = batch.jobs == run.keys && finished_jobs == batch.jobs;
            if (saved > 0 && !finished) output.add(batch_name + ": saved before every job finished");
            if (batch.save_frames.size() > 1)
                output.add(batch_name + ": saves spread over " + std::to_string(batch.save_frames.size()) + " frames");
            if (batch.save_frames.empty()) {
                if (finished && has_next) output.add(batch_name + ": finished but never saved before the next batch");
            } else {
                if (saved != batch.jobs) output.add(batch_name + ": only " + std::to_string(saved) + " of its jobs saved");
                const std::int64_t save = *batch.save_frames.begin();
                if (save < last_finish)
                    output.add(batch_name + ": " + at("saved", save) + " before its last finish at frame " + std::to_string(last_finish));
                if (has_next && save > next->first_start)
                    output.add(batch_name + ": " + at("saved", save) + " after the next batch started at frame " +
                               std::to_string(next->first_start));
                if (const std::string when = sync_save_timing(run.config.sync_save, save, last_finish,
                                                              has_next ? std::optional(next->first_start) : std::nullopt);
                    !when.empty())
                    output.add(batch_name + ": " + when);
            }
        }
    }

    void check_gathering(std::uint32_t number, const OpenBatch& batch) {
        const std::int64_t delay = run.config.gathering == Gathering::SameFrame ? 0 : effective_period(run);
        batch.for_each_job([&](std::uint64_t key, const JobTally& job) {
            if (job.count[kFinish] > 1) gathering.add(number, key, "finished " + std::to_string(job.count[kFinish]) + " times");
            if (job.count[kStart] == 0) {
                if (job.count[kFinish] != 0) gathering.add(number, key, "finished but never started");
                return;
            }
            const std::int64_t expected = job.first[kStart] + delay;
            if (job.count[kFinish] == 0) {
                if (expected < run.frames) gathering.add(number, key, at_frame(kStart, job.first[kStart]) + ", never finished");
            } else if (job.first[kFinish] != expected) {
                gathering.add(number, key, at_frame(kStart, job.first[kStart]) + ", " + at_frame(kFinish, job.first[kFinish]) +
                                               ", expected frame " + std::to_string(expected));
            }
        });
    }

    void check_coverage(std::uint32_t number, const OpenBatch& batch, bool has_next) {
        const std::string batch_name = "batch " + std::to_string(number);
        std::size_t started = 0;
        batch.for_each_job([&](std::uint64_t key, const JobTally& job) {
            if (key >= run.keys) coverage.add(number, key, "not a key of this run");
            if (job.count[kStart] > 1) coverage.add(number, key, "started " + std::to_string(job.count[kStart]) + " times");
            started += job.count[kStart] != 0;
        });
        if (has_next && started != run.keys)
            coverage.add(batch_name + ": " + std::to_string(started) + " of " + std::to_string(run.keys) + " keys started before the next batch");
    }

    // Event order, job by job.
    void check_event_order(std::uint32_t number, const OpenBatch& batch) {
        batch.for_each_job([&](std::uint64_t key, const JobTally& job) {
            for (int kind = kStart; kind <= kSave; ++kind) {
                if (job.count[kind] == 0) continue;
                if (job.count[kind - 1] == 0) {
                    order_jobs.add(number, key, std::string(kEventNames[kind]) + " without " + kEventNames[kind - 1]);
                } else if (job.first[kind] < job.first[kind - 1]) {
                    order_jobs.add(number, key, at_frame(kind, job.first[kind]) + " before " + at_frame(kind - 1, job.first[kind - 1]));
                }
            }
        });
    }
};

TraceChecker::TraceChecker(const TraceRunSettings& run) : state_(std::make_unique<State>(run)) {}

TraceChecker::~TraceChecker() = default;

void TraceChecker::add(std::span<const TraceRecord> records) {
    for (const TraceRecord& r : records) state_->add(r);
    events_ += records.size();
}

Violations TraceChecker::finish() { return state_->finish(); }

std::size_t TraceChecker::open_batches() const noexcept { return state_->batches.size(); }

std::size_t TraceChecker::open_frames() const noexcept {
    return std::max(state_->starts_per_frame.size(), state_->started_keys.size());
}

}  // namespace tsl
