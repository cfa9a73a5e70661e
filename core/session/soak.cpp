// soak.cpp — the random driver and its checks (soak.h).
//
// [SECTION] Drawing commands
// [SECTION] The run
#include "core/session/soak.h"

#include "core/base/process_memory.h"
#include "core/engine/engine_trace.h"
#include "core/session/lab_session.h"
#include "core/timeslicing/trace_rules.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <deque>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <utility>

namespace tsl {

namespace {

// --- [SECTION] Drawing commands ---------------------------------------------------

// The largest value the soak draws for the settings whose cost grows with
// their value, so that 100,000 steps take a minute or two: the schema's own
// maximum for every other one. Each is still drawn at its bounds (the cap
// standing in for the maximum), and the schema's own maximum is what an
// out-of-range value is drawn beyond.
struct CostCap {
    SettingName key;
    double most;
};
constexpr CostCap kCostCaps[] = {
    {setting::npcs, 2000},    // of 100,000: a step decides and draws every NPC of every pane
    {setting::jobs_per_update, 300},   // of 100,000: thread-per-job starts a thread per job
    {setting::job_cost_us, 5},    // of 100,000 us: each job spins that long
    {setting::grid_size, 120},    // of 1000: the exposure scene casts rays over grid_size^2 cells
    {setting::other_work_ms, 0.05},   // of 50 ms: the exposure scene's main thread spins that long each step
    {setting::exposure_job_cost_us, 5},  // of 10,000 us per 1000 cells: the exposure jobs spin that long
    {setting::agents, 1500},    // of 10,000: every engine system visits every agent each tick
    {setting::ai_cost_ms, 0.05},         // of 200 ms: each engine system's run spins that long
    {setting::physics_cost_ms, 0.05},
    {setting::animation_cost_ms, 0.05},
};

// A shipped preset or lesson step may set more than a cap (engine-10k's
// 10,000 agents, next-frame-jobs' 1 ms jobs): once it has loaded, such a
// setting is brought down to the cap by a command of its own, like any other,
// and listed with the commands.
std::vector<std::pair<SetField, std::string>> over_caps(const LabSettings& settings) {
    std::vector<std::pair<SetField, std::string>> lowered;
    for (const CostCap& cap : kCostCaps) {
        const FieldSpec& field = field_of(cap.key);
        const bool per_pane = field.scope == FieldScope::Pane || field.scope == FieldScope::EnginePane || field.scope == FieldScope::ExposurePane;
        const int panes = field.scope == FieldScope::Pane           ? static_cast<int>(settings.npc.panes.size())
                          : field.scope == FieldScope::EnginePane   ? static_cast<int>(settings.engine.panes.size())
                          : field.scope == FieldScope::ExposurePane ? static_cast<int>(settings.exposure.panes.size())
                                                                    : 1;
        for (int p = 0; p < panes; ++p) {
            const int pane = panes > 1 || per_pane ? p : -1;
            if (number_value(get_field(settings, field, pane)) <= cap.most) continue;
            const FieldValue value = field.kind == FieldKind::Int ? FieldValue(static_cast<std::int64_t>(cap.most)) : FieldValue(cap.most);
            std::string text = "set " + std::string(field.key) + "=" + format_value(field, value);
            if (pane >= 0) text += " (pane " + std::to_string(pane + 1) + ")";
            lowered.push_back({SetField{std::string(field.key), value, pane}, text + " (the soak's cap)"});
        }
    }
    return lowered;
}

double drawn_max(const FieldSpec& field) {
    for (const CostCap& cap : kCostCaps)
        if (cap.key == field.key) return std::min(field.max, cap.most);
    return field.max;
}

struct Drawn {
    Command command;
    std::string text;             // as the failure report lists it
    bool must_refuse = false;     // a value outside the field's range
    bool may_refuse = false;      // a lesson step with no lesson taught
    bool refusal_ok = false;      // a step back where nothing is kept, or in a scene that cannot step back
};

class Driver {
public:
    Driver(std::uint64_t seed, const Catalog& catalog, std::vector<const FieldSpec*> fields)
        : rng_(seed), catalog_(catalog), fields_(std::move(fields)) {}

    int steps_until_next(int most) { return static_cast<int>(uniform(1, most)); }

    Drawn next(const LabSession& session) {
        const int roll = static_cast<int>(uniform(0, 99));
        if (roll < 55 && !fields_.empty()) return set_random_field(session);
        if (roll < 60 && !fields_.empty()) return set_out_of_range();
        if (roll < 68 && !catalog_.presets.empty()) {
            const std::string& name = pick(catalog_.presets).name;
            return {LoadPreset{name}, "preset " + name};
        }
        if (roll < 74 && !catalog_.lessons.empty()) {
            const std::string& name = pick(catalog_.lessons).name;
            const int step = static_cast<int>(uniform(0, 9));
            return {StartLesson{name, step}, "lesson " + name + " step " + std::to_string(step + 1)};
        }
        if (roll < 78) {
            switch (uniform(0, 3)) {
                case 0: {
                    const int step = static_cast<int>(uniform(0, 9));
                    return {GoToStep{step}, "lesson step " + std::to_string(step + 1), false, true};
                }
                case 1: return {LessonForward{}, "lesson forward", false, true};
                case 2: return {LessonBack{}, "lesson back", false, true};
                default: return {StopLesson{}, "stop lesson"};
            }
        }
        if (roll < 85) return set_text(setting::scene, std::string(pick(field_of(setting::scene).names).name));
        if (roll < 90) return panes_change(session);
        if (roll < 96) return {ResetScene{}, "reset"};
        if (roll < 98) return {TogglePause{}, "pause"};
        if (roll < 99) return {StepOnce{}, "step once"};
        return {StepBack{}, "step back", false, false, true};
    }

private:
    std::int64_t uniform(std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng_); }
    template <class T>
    const T& pick(const std::vector<T>& items) { return items[static_cast<std::size_t>(uniform(0, static_cast<std::int64_t>(items.size()) - 1))]; }
    template <class T>
    const T& pick(std::span<const T> items) { return items[static_cast<std::size_t>(uniform(0, static_cast<std::int64_t>(items.size()) - 1))]; }

    Drawn set_text(std::string key, std::string value) {
        std::string text = "set " + key + "=" + value;
        return {SetField{std::move(key), FieldValue(std::move(value))}, std::move(text)};
    }

    // Select a pane (adding panes up to it), or change how many there are.
    Drawn panes_change(const LabSession& session) {
        const bool engine = session.settings().scene == SceneKind::Engine && uniform(0, 1) == 0;
        const FieldSpec& field = field_of(uniform(0, 1) ? (engine ? setting::engine_pane : setting::pane) : (engine ? setting::engine_panes : setting::panes));
        const std::int64_t value = uniform(static_cast<std::int64_t>(field.min), static_cast<std::int64_t>(field.max));
        return {SetField{std::string(field.key), FieldValue(value)}, "set " + std::string(field.key) + "=" + std::to_string(value)};
    }

    // A value across the field's range: its bounds a fifth of the time each.
    FieldValue value_in_range(const FieldSpec& field) {
        const double lo = field.min, hi = drawn_max(field);
        const int end = static_cast<int>(uniform(0, 4));
        switch (field.kind) {
            case FieldKind::Int:
                if (end == 0) return static_cast<std::int64_t>(lo);
                if (end == 1) return static_cast<std::int64_t>(hi);
                return uniform(static_cast<std::int64_t>(lo), static_cast<std::int64_t>(hi));
            case FieldKind::Float:
                if (end == 0) return lo;
                if (end == 1) return hi;
                return std::uniform_real_distribution<double>(lo, hi)(rng_);
            case FieldKind::Bool: return uniform(0, 1) == 1;
            case FieldKind::Enum: return std::string(pick(field.names).name);
            case FieldKind::Text: {
                if (field.key == setting::level && !catalog_.levels.empty()) return pick(catalog_.levels);
                static const std::vector<std::string> texts = {"soak", "a pane", "Ünïcode ✓", "x", "with, comma"};
                std::string text = pick(texts);
                if (field.min == 0 && uniform(0, 3) == 0) text.clear();
                return text;
            }
        }
        return {};
    }

    Drawn set_random_field(const LabSession& session) {
        const FieldSpec& field = *pick(fields_);
        const FieldValue value = value_in_range(field);
        int pane = -1;
        if (field.scope == FieldScope::Pane && uniform(0, 2) == 0) pane = static_cast<int>(uniform(0, static_cast<std::int64_t>(session.settings().npc.panes.size()) - 1));
        if (field.scope == FieldScope::EnginePane && uniform(0, 2) == 0)
            pane = static_cast<int>(uniform(0, static_cast<std::int64_t>(session.settings().engine.panes.size()) - 1));
        if (field.scope == FieldScope::ExposurePane && uniform(0, 2) == 0)
            pane = static_cast<int>(uniform(0, static_cast<std::int64_t>(session.settings().exposure.panes.size()) - 1));
        std::string text = "set " + std::string(field.key) + "=" + format_value(field, value);
        if (pane >= 0) text += " (pane " + std::to_string(pane + 1) + ")";
        return {SetField{std::string(field.key), value, pane}, std::move(text)};
    }

    // Just below the minimum or above the schema's maximum, or not a number.
    Drawn set_out_of_range() {
        std::vector<const FieldSpec*> numbers;
        for (const FieldSpec* f : fields_)
            if (f->kind == FieldKind::Int || f->kind == FieldKind::Float) numbers.push_back(f);
        if (numbers.empty()) return {ResetScene{}, "reset"};
        const FieldSpec& field = *pick(numbers);
        FieldValue value;
        std::string shown;
        switch (uniform(0, 2)) {
            case 0:
                value = field.kind == FieldKind::Int ? FieldValue(static_cast<std::int64_t>(field.min) - 1) : FieldValue(field.min - 0.5);
                break;
            case 1:
                value = field.kind == FieldKind::Int ? FieldValue(static_cast<std::int64_t>(field.max) + 1) : FieldValue(field.max * 2 + 1);
                break;
            default: value = std::string("nan"); break;
        }
        if (const auto* i = std::get_if<std::int64_t>(&value)) shown = std::to_string(*i);
        else if (const auto* d = std::get_if<double>(&value)) shown = std::to_string(*d);
        else shown = text_value(value);
        return {SetField{std::string(field.key), value}, "set " + std::string(field.key) + "=" + shown + " (out of range)", true};
    }

    std::mt19937_64 rng_;
    const Catalog& catalog_;
    std::vector<const FieldSpec*> fields_;
};

// --- [SECTION] The run -------------------------------------------------------------

// The NPC scene's first pane, checked from a frame 0 for as long as nothing changes.
struct NpcStretch {
    std::unique_ptr<TraceChecker> checker;
    std::int64_t frames = 0;   // it will run
};

// The scenes not shown may keep work in flight by design: the exposure scene
// (next-frame and timesliced passes, path tickets answered steps later, once it
// has been shown), a free-step engine system that runs across ticks, the
// engine's path tickets searched for on workers. True when none can hold any.
bool hidden_scenes_hold_nothing(const LabSession& session) {
    if (session.exposure()) return false;
    if (const EnginePanes* engine = session.engine())
        for (int p = 0; p < engine->size(); ++p) {
            for (SystemId system : kSystems)
                if (engine->pane(p).in_flight(system)) return false;
            // A ticket not answered yet may still be searched for on a worker
            // (a job that wakes it "soon", not at once).
            for (const TicketInfo& ticket : engine->pane(p).paths().tickets())
                if (ticket.state == TicketState::Pending) return false;
        }
    return true;
}

}  // namespace

SoakResult run_soak(const SoakOptions& options) {
    using Clock = std::chrono::steady_clock;
    const auto started = Clock::now();
    SoakResult result;

    std::vector<const FieldSpec*> fields;
    for (const FieldSpec& field : settings_schema()) {
        if (!options.fields.empty() && std::find(options.fields.begin(), options.fields.end(), field.key) == options.fields.end()) continue;
        fields.push_back(&field);
    }

    // Declared before the session, which writes into them until it is gone.
    TraceLog log;
    std::vector<ChangeEvent> changes;
    SessionOptions session_options;
    session_options.assets_dir = options.assets_dir;
    // Stepping back as in the window, on a small budget: states kept every
    // few steps and replayed between them, and a resident size that stays flat.
    session_options.rewind = true;
    session_options.rewind_budget_bytes = std::size_t{16} << 20;
    LabSession session({}, std::move(session_options));
    const Catalog& catalog = session.catalog();
    if (!catalog.problem.empty()) {
        result.failure = "soak: a shipped file does not load: " + catalog.problem;
        return result;
    }
    Driver driver(options.seed, catalog, fields);

    std::deque<std::string> recent;  // the last commands, for the report
    auto fail = [&](std::int64_t step, const std::string& what) {
        if (!result.failure.empty()) return;  // the first failure is the one to replay
        std::ostringstream out;
        out << "soak: seed " << options.seed << ", step " << step << ": " << what << "\n  the last commands (replay: --seed "
            << options.seed << " --steps " << step + 1 << "):";
        for (const std::string& c : recent) out << "\n    " << c;
        result.failure = out.str();
    };

    NpcStretch stretch;
    std::optional<EngineTraceChecker> engine_checker;
    // A stretch ends when the next command comes: its verdict, or the failure.
    auto close_stretches = [&](std::int64_t step) {
        if (stretch.checker) {
            if (session.pane(0).frames_stepped() == stretch.frames) {
                const std::uint64_t events = stretch.checker->events();
                const Violations broken = stretch.checker->finish();
                ++result.trace_stretches;
                result.trace_events += events;
                if (!broken.empty()) fail(step, "docs/semantics.md broken: " + broken.front());
            }
            stretch = {};
        }
        if (engine_checker) {
            result.engine_changes += engine_checker->events();
            const std::vector<std::string> broken = engine_checker->finish();
            if (!broken.empty()) fail(step, "docs/engine.md broken: " + broken.front());
            engine_checker.reset();
        }
    };

    const std::int64_t warm_up = std::min(options.steps, std::max<std::int64_t>(1000, options.steps / 10));
    std::int64_t step = 0, next_progress = options.steps / 10;
    while (step < options.steps && result.failure.empty()) {
        // A command, through the session's own path.
        close_stretches(step);
        if (!result.failure.empty()) break;
        const LabSettings before = session.settings();
        const Drawn drawn = driver.next(session);
        recent.push_back("step " + std::to_string(step) + ": " + drawn.text);
        if (recent.size() > 12) recent.pop_front();
        const CommandResult applied = session.apply(drawn.command);
        ++result.commands;
        if (applied) {
            for (const auto& [lower, text] : over_caps(session.settings())) {
                recent.push_back("step " + std::to_string(step) + ": " + text);
                if (recent.size() > 12) recent.pop_front();
                ++result.commands;
                if (const CommandResult r = session.apply(lower); !r) {
                    fail(step, "refused: " + r.problem);
                    break;
                }
            }
            if (!result.failure.empty()) break;
        }
        if (drawn.must_refuse) {
            if (applied) {
                fail(step, "a value out of range was taken");
                break;
            }
            if (session.settings() != before) {
                fail(step, "a refused value changed the settings: " + applied.problem);
                break;
            }
            ++result.refused;
        } else if (!applied) {
            if (!(drawn.may_refuse && applied.status == 2 && !session.lesson()) && !(drawn.refusal_ok && applied.status == 2)) {
                fail(step, "refused: " + applied.problem);
                break;
            }
            ++result.refused;
        }

        // What is checked until the next command.
        const int steps = static_cast<int>(std::min<std::int64_t>(driver.steps_until_next(options.most_steps_between), options.steps - step));
        // (Stepped back to frame 0, the steps on are replayed and traced by no one: not a run from zero.)
        const bool npc_from_zero =
            session.settings().scene == SceneKind::Npc && session.pane(0).frames_stepped() == 0 && !session.viewing_past();
        // Recorded only while checked: in between the timing diagram follows the edited pane, as in the window.
        session.attach_trace(0, npc_from_zero ? &log : nullptr);
        log.clear();
        if (session.showing_engine()) {
            session.attach_engine_trace(0, &changes);
            changes.clear();
            engine_checker.emplace();
        }
        if (npc_from_zero) {
            const NpcSceneConfig& config = session.pane(0).config();
            stretch.frames = steps;
            stretch.checker = std::make_unique<TraceChecker>(TraceRunSettings{config.timeslicing, config.npc_count, steps});
        }
        bool same_frame = true;
        for (int p = 0; p < session.panes().size(); ++p)
            same_frame = same_frame && session.pane(p).config().timeslicing.gathering == Gathering::SameFrame;

        for (int s = 0; s < steps && result.failure.empty(); ++s, ++step) {
            session.step(1);
            session.end_frame(0);
            if (stretch.checker) stretch.checker->add(log.records());
            log.clear();
            if (engine_checker) engine_checker->add(changes);
            changes.clear();
            if (session.settings().scene == SceneKind::Npc) {
                bool all_gathered = true;
                for (int p = 0; p < session.panes().size(); ++p) {
                    const NpcScene& pane = session.pane(p);
                    const auto& slicer = pane.timeslicer();
                    if (slicer.stats().lost_outputs != 0) fail(step, "pane " + std::to_string(p + 1) + " lost a key's newest output");
                    // An update in the same frame waits for every job started so far (those
                    // started under next-frame gathering before a switch included).
                    const BatchProgress progress = slicer.progress();
                    all_gathered = all_gathered && progress.finished == progress.started;
                    if (pane.config().timeslicing.gathering == Gathering::SameFrame && slicer.last_update_frame() == slicer.frame() - 1) {
                        ++result.pane_checks;
                        if (progress.finished != progress.started)
                            fail(step, "pane " + std::to_string(p + 1) + " updated in the same frame but left " +
                                           std::to_string(progress.started - progress.finished) + " jobs running");
                    }
                }
                if (same_frame && all_gathered && hidden_scenes_hold_nothing(session)) {
                    ++result.job_checks;
                    if (const std::uint32_t left = session.jobs().unfinished_jobs(); left != 0)
                        fail(step, std::to_string(left) + " jobs unfinished after a step that gathers in the same frame");
                }
            }
            // The most resident memory sampled in the warm-up, and in the last tenth.
            if ((step + 1) % 64 == 0 || step + 1 == warm_up || step + 1 == options.steps) {
                if (step < warm_up) result.warm_rss_mb = std::max(result.warm_rss_mb, resident_mb());
                if (step >= options.steps - warm_up) result.end_rss_mb = std::max(result.end_rss_mb, resident_mb());
            }
            if (options.progress && step + 1 == next_progress) {
                char line[160];
                std::snprintf(line, sizeof line, "soak: %lld of %lld steps, %lld commands, %.0f MB resident", static_cast<long long>(step + 1),
                              static_cast<long long>(options.steps), static_cast<long long>(result.commands), resident_mb());
                options.progress(line);
                next_progress += std::max<std::int64_t>(1, options.steps / 10);
            }
        }
    }
    if (result.failure.empty()) close_stretches(step);
    session.attach_trace(0, nullptr);
    if (session.engine()) session.attach_engine_trace(0, nullptr);

    result.steps = step;
    result.peak_rss_mb = peak_resident_mb();
    if (result.failure.empty() && options.rss_growth_mb > 0 && result.end_rss_mb > result.warm_rss_mb + options.rss_growth_mb) {
        char what[200];
        std::snprintf(what, sizeof what, "resident memory grew from %.1f MB in the warm-up to %.1f MB at the end (more than %.0f MB)", result.warm_rss_mb,
                      result.end_rss_mb, options.rss_growth_mb);
        fail(step, what);
    }
    result.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    return result;
}

}  // namespace tsl
