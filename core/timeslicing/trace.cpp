#include "core/timeslicing/trace.h"

#include "core/base/formatted.h"

#include <algorithm>
#include <unordered_map>
#include <ostream>

namespace tsl {

std::string_view name_of(TraceEvent event) {
    switch (event) {
        case TraceEvent::Input: return "input";
        case TraceEvent::Start: return "start";
        case TraceEvent::Finish: return "finish";
        case TraceEvent::Save: return "save";
    }
    return "?";
}

void TraceLog::drop_before(std::int64_t frame) {
    // Records are appended in frame order, except that a reset restarts frame
    // numbers; keep only what comes after the last record older than `frame`.
    auto it = std::find_if(records_.rbegin(), records_.rend(),
                           [&](const TraceRecord& r) { return r.frame < frame; });
    records_.erase(records_.begin(), it.base());
}

std::vector<JobTiming> job_timings(const std::vector<TraceRecord>& records, int batches) {
    if (records.empty() || batches <= 0) return {};
    std::uint32_t newest = 0;
    for (const TraceRecord& r : records) newest = std::max(newest, r.batch);
    const std::uint32_t oldest = newest + 1 >= static_cast<std::uint32_t>(batches) ? newest + 1 - batches : 0;
    std::vector<JobTiming> jobs;
    std::unordered_map<std::uint64_t, std::size_t> row;  // (batch, key) -> index in jobs
    for (const TraceRecord& r : records) {
        if (r.batch < oldest) continue;
        const std::uint64_t id = (static_cast<std::uint64_t>(r.batch) << 40) ^ r.key;
        auto [it, added] = row.try_emplace(id, jobs.size());
        if (added) jobs.push_back({r.batch, r.key});
        JobTiming& job = jobs[it->second];
        switch (r.event) {
            case TraceEvent::Input: job.input = r.frame; break;
            case TraceEvent::Start: job.start = r.frame; break;
            case TraceEvent::Finish: job.finish = r.frame; break;
            case TraceEvent::Save: job.save = r.frame; break;
        }
    }
    std::stable_sort(jobs.begin(), jobs.end(), [](const JobTiming& a, const JobTiming& b) { return a.batch < b.batch; });
    return jobs;
}

std::vector<JobTiming> jobs_of(const std::vector<JobTiming>& jobs, std::uint64_t key) {
    std::vector<JobTiming> out;
    for (const JobTiming& job : jobs)
        if (job.key == key) out.push_back(job);
    return out;
}

std::string describe_job(const JobTiming& job, const Words& tr) {
    std::string out = formatted(tr("batch %u: "), static_cast<unsigned>(job.batch));
    if (job.input >= 0) out += formatted(tr("input %lld, "), static_cast<long long>(job.input));
    if (job.start < 0) return out + tr("waiting");
    if (job.finish < 0) return out + formatted(tr("running since %lld"), static_cast<long long>(job.start));
    out += job.finish == job.start ? formatted(tr("ran %lld"), static_cast<long long>(job.start))
                                   : formatted(tr("ran %lld-%lld"), static_cast<long long>(job.start), static_cast<long long>(job.finish));
    if (job.save < 0) return out + tr(", not saved yet");
    return out + formatted(tr(", saved %lld"), static_cast<long long>(job.save));
}

void TraceLog::drop_batches_before(std::uint32_t batch) {
    std::erase_if(records_, [batch](const TraceRecord& r) { return r.batch < batch; });
}

void TraceLog::write_csv(std::ostream& out) const {
    out << "frame,key,batch,event\n";
    for (const TraceRecord& r : records_)
        out << r.frame << ',' << r.key << ',' << r.batch << ',' << name_of(r.event) << '\n';
}

}  // namespace tsl
