#include "core/timeslicing/trace_rules.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

namespace tsl {

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

}  // namespace

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
    const bool update_all = run.config.mode == Mode::UpdateAll;
    const std::uint64_t limit = update_all ? run.keys : run.config.jobs_per_update;
    std::map<std::int64_t, std::uint64_t> starts_per_frame;
    for (const TraceRecord& r : trace)
        if (r.event == TraceEvent::Start) ++starts_per_frame[r.frame];
    for (const auto& [frame, starts] : starts_per_frame) {
        if (starts > limit)
            report.add("frame " + std::to_string(frame) + ": " + std::to_string(starts) + " jobs started, at most " + std::to_string(limit));
        if (!update_all && frame % run.config.update_every_frames != 0)
            report.add("frame " + std::to_string(frame) + ": jobs started but the frame is not a multiple of P = " +
                       std::to_string(run.config.update_every_frames));
        if (frame < 0 || frame >= run.frames) report.add("frame " + std::to_string(frame) + ": outside the run");
    }
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

}  // namespace tsl
