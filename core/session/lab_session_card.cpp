// lab_session_card.cpp — LabSession's lesson card: the preset's card, the
// step's card with its reveal rows and checks, and the values a reveal keeps.
#include "core/session/lab_session.h"

#include "core/base/formatted.h"

#include <algorithm>
#include <cmath>
#include <thread>

namespace tsl {

namespace {

// A spread to one significant digit, as a spread is read: "0.1", "0.005", "2", "30"; "" when it is nothing at the value's precision.
std::string spread_text(double spread, double value) {
    if (spread < 0.0005 || spread < std::fabs(value) * 0.005) return {};  // below what the value shows (3 decimals at most)
    const int decimals = spread >= 1 ? 0 : std::clamp(-static_cast<int>(std::floor(std::log10(spread))), 1, 4);
    return formatted("%.*f", decimals, spread);
}

}  // namespace

// The presenter view without a lesson: what the preset shows.
LessonCard LabSession::preset_card() const {
    LessonCard card;
    card.heading = "Preset";
    card.title = "Your own settings";
    card.text = "Pick a lesson or a preset in the panel (P shows it again), or press F1 to read about the modes.";
    for (const CatalogEntry& p : catalog().presets)
        if (p.name == preset_) {
            card.title = p.title + (preset_modified() ? " (modified)" : "");
            card.text = p.description;
        }
    if (preset_modified()) card.changed = "Changed since the preset loaded.";
    if (!preset_.empty()) card.on_this_page = on_this_page();
    return card;
}

// Where no worker thread can start and the step (or preset) asked for one.
std::string LabSession::on_this_page() const {
    if (options_.threads_unavailable.empty() || preset_to_main_thread_.empty()) return {};
    return "Here every job runs on the main thread: no worker thread can start (" + options_.threads_unavailable + "). What " +
           (lesson_ ? "this step" : "this preset") + " gives to workers runs inline (" + preset_to_main_thread_ +
           "), so its figures show the main thread doing all of the work; the text is about a computer with worker threads.";
}

LessonCard LabSession::lesson_card() const {
    if (!lesson_) return preset_card();
    LessonCard card;
    const int count = static_cast<int>(lesson_->steps.size());
    const LessonStep& step = lesson_->steps[static_cast<std::size_t>(lesson_step_)];
    card.heading = formatted("Step %d of %d  |  %s", lesson_step_ + 1, count, lesson_->title.c_str());
    card.title = step.title;
    card.text = step.text;
    card.question = step.question;
    for (const LessonTerm* term : terms_used(*lesson_, lesson_step_, lesson_revealed_))
        if (std::find(lesson_terms_met_.begin(), lesson_terms_met_.end(), term->name) == lesson_terms_met_.end())
            card.terms.push_back({term->name, term->meaning});
    card.answer = step.answer;
    card.revealed = lesson_revealed_;
    card.can_go_back = lesson_step_ > 0;
    card.can_go_forward = !lesson_revealed_ || lesson_step_ + 1 < count;
    if (preset_modified()) card.changed = "Changed since this step began: the card is about the step's own settings.";
    card.on_this_page = on_this_page();

    std::vector<const LessonMeasure*> measures;
    for (const std::string& name : step.reveal) {
        measures.push_back(find_measure(name));
        card.columns.push_back(measures.back()->label);
    }
    // With input ages, the exact model beside them (docs/semantics.md, section 6).
    const bool ages = std::find(step.reveal.begin(), step.reveal.end(), "input_age") != step.reveal.end() && step.scene != SceneKind::Exposure;
    if (ages) card.columns.push_back("model");
    const std::int64_t frames = add_reveal_rows(card, measures, ages, step);
    card.measured_over = measured_over_text(frames);
    // Times with their context: the computer they were measured on.
    if (frames > 0 && std::any_of(measures.begin(), measures.end(), [](const LessonMeasure* m) { return m->timed; })) {
        const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        card.measured_over += formatted("; %d core%s, %d worker%s", cores, cores == 1 ? "" : "s", jobs_.worker_count(),
                                        jobs_.worker_count() == 1 ? "" : "s");
    }
    if (lesson_revealed_) add_checks(card, step);
    // Input ages read best against the batch period T of the timing model.
    if (ages && !showing_exposure()) {
        const NpcSceneConfig& c = panes_.pane(panes_.size() - 1).config();
        if (c.timeslicing.mode != Mode::UpdateAll) card.measured_over += formatted(", T = %.0f ms", 1000.0 * batch_period_s(c));
    }
    return card;
}

// The reveal's rows, one per pane (or the exposure scene's one); returns the
// steps they were measured over.
std::int64_t LabSession::add_reveal_rows(LessonCard& card, const std::vector<const LessonMeasure*>& measures, bool ages,
                                         const LessonStep& step) const {
    auto values = [&](const auto& summary) {
        std::vector<std::string> out;
        for (const LessonMeasure* m : measures) {
            const std::optional<double> v = measure_value(*m, summary);
            std::string text = v ? measure_text(*v, m->unit) : "-";
            // A time varies from step to step: its spread (standard deviation) beside it, "3.34 ±0.9 ms".
            const std::optional<double> spread = v ? measure_spread(*m, summary) : std::nullopt;
            if (const std::string s = spread ? spread_text(*spread, *v) : std::string(); !s.empty())
                text = measure_number(*v) + " \xc2\xb1" + s + " " + m->unit;
            out.push_back(std::move(text));
        }
        return out;
    };
    std::int64_t frames = 0;
    if (showing_engine()) {
        // One row per pane, named by its caption (or its settings).
        const int panes = std::min(engine_->size(), static_cast<int>(engine_reveals_.size()));
        for (int i = 0; i < panes; ++i) {
            const EnginePaneConfig& pane = engine_->pane(i).config().pane;
            const std::string name = pane.caption.empty() ? engine_caption(pane) : pane.caption;
            card.rows.push_back({panes > 1 ? std::string(1, static_cast<char>('A' + i)) + "  " + name : name, panes > 1 ? i : -1,
                                 values(engine_reveals_[static_cast<std::size_t>(i)].whole)});
        }
        frames = engine_reveals_.empty() ? 0 : engine_reveals_.front().whole.ticks;
    } else if (showing_exposure()) {
        const ExposureSceneConfig& e = exposure_->config();
        std::string label(label_of(e.mode));
        if (e.algorithm == ExposureAlgorithm::Sweep) label += ", sweep";
        card.rows.push_back({label, -1, values(exposure_reveal_.whole)});
        frames = exposure_reveal_.whole.frames;
    } else if (settings_.scene == SceneKind::Npc && step.scene != SceneKind::Exposure) {
        const int panes = std::min(panes_.size(), static_cast<int>(summaries_.size()));
        for (int i = 0; i < panes; ++i) {
            const std::string& caption = settings_.npc.panes[static_cast<std::size_t>(i)].caption;
            const std::string name = caption.empty() ? std::string(label_of(panes_.pane(i).config().timeslicing.mode)) : caption;
            RevealRow row{std::string(1, static_cast<char>('A' + i)) + "  " + name, panes > 1 ? i : -1,
                          values(reveals_[static_cast<std::size_t>(i)].whole)};
            if (ages) row.values.push_back(measure_text(1000.0 * model_input_age_steps(panes_.pane(i).config()) * panes_.pane(i).step_s(), "ms"));
            // Panes that differ only in drawing (debug lines on and off) measure the same: one row for both.
            const bool same_as_first = i > 0 && panes_.pane(i).config() == panes_.pane(0).config() && row.values == card.rows.front().values;
            if (same_as_first) {
                card.rows.front().label.insert(1, std::string(", ") + static_cast<char>('A' + i));
                continue;
            }
            card.rows.push_back(std::move(row));
        }
        if (card.rows.size() == 1) card.rows.front().pane = -1;
        frames = reveals_.empty() ? 0 : reveals_.front().whole.frames;
    }
    return frames;
}

// The step being left: its reveal's figures, for the expectations of later
// steps that refer to it — only while it runs as the step set it up.
void LabSession::keep_step_results() {
    if (!lesson_ || preset_modified() || lesson_step_ >= static_cast<int>(lesson_results_.size())) return;
    StepResults kept;
    for (const RevealTally& r : reveals_) kept.npc.push_back(r.whole);
    kept.exposure = exposure_reveal_.whole;
    for (const EngineTally& t : engine_reveals_) kept.engine.push_back(t.whole);
    lesson_results_[static_cast<std::size_t>(lesson_step_)] = std::move(kept);
}

std::optional<double> LabSession::reveal_value(const std::string& name, int pane, int step) const {
    const LessonMeasure* m = find_measure(name);
    if (!m || pane < 0) return std::nullopt;
    const auto at = [pane](const auto& list) { return pane < static_cast<int>(list.size()) ? &list[static_cast<std::size_t>(pane)] : nullptr; };
    if (step >= 0 && step != lesson_step_) {  // an earlier step, as it was measured
        if (step >= static_cast<int>(lesson_results_.size()) || !lesson_results_[static_cast<std::size_t>(step)]) return std::nullopt;
        const StepResults& r = *lesson_results_[static_cast<std::size_t>(step)];
        if (m->scene() == SceneKind::Exposure) return pane == 0 ? measure_value(*m, r.exposure) : std::nullopt;
        if (m->scene() == SceneKind::Engine) return at(r.engine) ? measure_value(*m, *at(r.engine)) : std::nullopt;
        return at(r.npc) ? measure_value(*m, *at(r.npc)) : std::nullopt;
    }
    if (m->scene() == SceneKind::Exposure) return showing_exposure() && pane == 0 ? measure_value(*m, exposure_reveal_.whole) : std::nullopt;
    if (m->scene() == SceneKind::Engine) {
        if (!showing_engine() || pane >= engine_->size() || !at(engine_reveals_)) return std::nullopt;
        return measure_value(*m, at(engine_reveals_)->whole);
    }
    if (showing_exposure() || showing_engine() || pane >= panes_.size() || !at(reveals_)) return std::nullopt;
    return measure_value(*m, at(reveals_)->whole);
}

// The step's expectations against what its reveal measured, and why a miss
// happened where the lab can tell.
void LabSession::add_checks(LessonCard& card, const LessonStep& step) const {
    if (step.expect.empty()) return;
    ExpectationSource source;
    source.panes = showing_exposure() ? 1 : showing_engine() ? engine_->size() : panes_.size();
    source.value = [this](const std::string& measure, int pane, int at_step) { return reveal_value(measure, pane, at_step); };
    source.batch_period_ms = [this](int pane) -> std::optional<double> {
        if (showing_exposure() || showing_engine() || pane < 0 || pane >= panes_.size()) return std::nullopt;
        return 1000.0 * batch_period_s(panes_.pane(pane).config());
    };
    bool timed_miss = false, counted_miss = false;
    const auto revealed = [&](const ExpectOperand& o) {
        return !o.of_T && o.step < 0 && (o.measure.empty() || std::find(step.reveal.begin(), step.reveal.end(), o.measure) != step.reveal.end());
    };
    for (const Expectation& e : step.expect) {
        card.checks.push_back(check_expectation(e, source));
        if (!check_times_ && card.checks.back().timed) {
            card.checks.back().verdict = ExpectVerdict::Pending;
            card.checks.back().measured.clear();  // not checked: no figure to give (the card's layout stays the window's)
        }
        card.checks.back().in_table = std::find(step.reveal.begin(), step.reveal.end(), e.measure) != step.reveal.end() && revealed(e.value) &&
                                      (e.op != ExpectOp::Between || revealed(e.high));
        if (card.checks.back().verdict != ExpectVerdict::NotMet) continue;
        (card.checks.back().timed ? timed_miss : counted_miss) = true;
    }
    if (!timed_miss && !counted_miss) return;
    if (preset_modified()) {
        card.missed = "Not as expected: the settings changed since the step began (Restore runs it as written).";
    } else if (counted_miss) {
        card.missed = "Not as expected, in a figure that does not depend on the computer: the expectation or the lab is wrong.";
    } else if (!options_.threads_unavailable.empty()) {
        card.missed = on_this_page().empty()
                          ? "Not as expected here: no worker thread can start (" + options_.threads_unavailable + "), so the main thread does every job."
                          : "Not as expected here: the main thread does every job, as said above.";
    } else {
        const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        card.missed = formatted("Not as expected here: times depend on the computer and its load (%d core%s, %d worker%s); busy cores can swap "
                                "close figures.",
                                cores, cores == 1 ? "" : "s", jobs_.worker_count(), jobs_.worker_count() == 1 ? "" : "s");
    }
}

// What the reveal's figures were measured over, or why there are none yet.
std::string LabSession::measured_over_text(std::int64_t frames) const {
    const double seconds = static_cast<double>(frames) * step_s();
    if (showing_engine()) {
        return frames > 0 ? formatted("Measured over %.1f s: whole periods of the systems after the first %d ticks", seconds, kRevealSettleEngineTicks)
                          : formatted("Nothing measured yet: the first %d ticks settle, then whole periods of the systems count", kRevealSettleEngineTicks);
    }
    if (frames > 0) {
        return showing_exposure() ? formatted("Measured over %.1f s: whole passes of the map after the first %d steps", seconds, kRevealSettleExposureSteps)
                                  : formatted("Measured over %.1f s: whole batches after the first %d", seconds, kRevealSettleBatches);
    }
    return showing_exposure() ? formatted("Nothing measured yet: the first %d steps settle, then whole passes of the map count", kRevealSettleExposureSteps)
                              : formatted("Nothing measured yet: the first %d batches settle, then whole batches count", kRevealSettleBatches);
}

}  // namespace tsl
