#include "core/timeslicing/timeslice_config.h"

#include <algorithm>
#include <cctype>

namespace tsl {

namespace {

std::string lowered(std::string_view text) {
    std::string s(text);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    std::replace(s.begin(), s.end(), '_', '-');
    return s;
}

}  // namespace

double jobs_per_second(const TimeslicerConfig& config, double steps_per_s, std::uint32_t keys) {
    if (config.mode == Mode::UpdateAll) return steps_per_s * keys;
    return steps_per_s * config.jobs_per_update / config.update_every_frames;
}

std::string_view name_of(Mode mode) {
    switch (mode) {
        case Mode::UpdateAll: return "update-all";
        case Mode::AIAO: return "aiao";
        case Mode::SIAO: return "siao";
        case Mode::SISO: return "siso";
        case Mode::AISO: return "aiso";
    }
    return "?";
}

std::string_view name_of(Gathering gathering) {
    return gathering == Gathering::SameFrame ? "same-frame" : "next-frame";
}

std::string_view name_of(Threading threading) {
    switch (threading) {
        case Threading::Inline: return "inline";
        case Threading::ThreadPerJob: return "thread-per-job";
        case Threading::Pool: return "pool";
    }
    return "?";
}

std::string_view label_of(Threading threading) {
    switch (threading) {
        case Threading::Inline: return "Inline";
        case Threading::ThreadPerJob: return "Thread per job";
        case Threading::Pool: return "Job system";
    }
    return "?";
}

std::string_view label_of(Mode mode) {
    switch (mode) {
        case Mode::UpdateAll: return "Update All";
        case Mode::AIAO: return "Async In / Async Out";
        case Mode::SIAO: return "Sync In / Async Out";
        case Mode::SISO: return "Sync In / Sync Out";
        case Mode::AISO: return "Async In / Sync Out";
    }
    return "?";
}

std::string_view label_of(Gathering gathering) {
    return gathering == Gathering::SameFrame ? "Same frame" : "Next frame";
}

std::string_view explain(Mode mode) {
    switch (mode) {
        case Mode::UpdateAll:
            return "No timeslicing: every NPC decides every frame, so decisions are never stale but cost the most.";
        case Mode::AIAO:
            return "Each job reads the target when it starts and its NPC reacts as soon as it finishes: freshest data, staggered turns.";
        case Mode::SIAO:
            return "All jobs of a batch use the target position read when the batch started; each NPC reacts as soon as its job finishes.";
        case Mode::SISO:
            return "Inputs are read at batch start and every result appears at once when the batch ends: a laggy but consistent snapshot.";
        case Mode::AISO:
            return "Each job reads fresh input when it starts, but results appear together only when the whole batch has finished.";
    }
    return "";
}

std::optional<Mode> parse_mode(std::string_view text) {
    const std::string s = lowered(text);
    for (Mode m : kAllModes)
        if (s == name_of(m)) return m;
    if (s == "updateall" || s == "all") return Mode::UpdateAll;
    return std::nullopt;
}

std::optional<Gathering> parse_gathering(std::string_view text) {
    const std::string s = lowered(text);
    if (s == "same-frame" || s == "same") return Gathering::SameFrame;
    if (s == "next-frame" || s == "next" || s == "delayed") return Gathering::NextFrame;
    return std::nullopt;
}

std::optional<Threading> parse_threading(std::string_view text) {
    const std::string s = lowered(text);
    for (Threading t : kAllThreadings)
        if (s == name_of(t)) return t;
    if (s == "job-system" || s == "jobs" || s == "thread-pool") return Threading::Pool;
    return std::nullopt;
}

std::string accepted_modes() {
    std::string out;
    for (Mode m : kAllModes) {
        if (!out.empty()) out += ", ";
        out += name_of(m);
    }
    return out;
}

std::string accepted_gatherings() { return "same-frame, next-frame"; }
std::string accepted_threadings() { return "inline, thread-per-job, pool"; }

}  // namespace tsl
