// lab_session_card.cpp — LabSession's lesson card: the preset's card, the
// step's card with its reveal rows and checks, and the values a reveal keeps.
#include "core/session/lab_session.h"

#include "core/base/formatted.h"

#include <algorithm>
#include <cmath>
#include <thread>

namespace tsl {

namespace {

// The glossary's terms the card's words use (the answer's once it shows).
void link_glossary(LessonCard& card, const Catalog& catalog) {
    if (!catalog.glossary) return;
    const std::string words = card.title + "\n" + card.text + "\n" + card.question + (card.revealed ? "\n" + card.answer : "");
    for (const GlossaryTerm* term : terms_in(*catalog.glossary, words)) card.glossary.push_back({term->id, term->name});
}

// "2 cores, 1 worker": the computer the times were measured on.
std::string computer_words(const Words& tr, int cores, int workers) {
    return formatted(cores == 1 ? tr("%d core") : tr("%d cores"), cores) + formatted(workers == 1 ? tr(", %d worker") : tr(", %d workers"), workers);
}

}  // namespace

// The step's text in the session's language, where the lesson has it; the
// English, and a line saying so, where it has not.
void LabSession::translate_card(LessonCard& card) const {
    const Language language = settings_.language;
    if (language == Language::En) return;
    const Words tr = words();
    const ShownStepText shown = step_text(lesson_->steps[static_cast<std::size_t>(lesson_step_)], language);
    card.heading = formatted(tr("Step %d of %d  |  %s"), lesson_step_ + 1, static_cast<int>(lesson_->steps.size()),
                             lesson_title(*lesson_, language).c_str());
    card.title = shown.text.title;
    card.text = shown.text.text;
    card.question = shown.text.question;
    card.answer = shown.text.answer;
    for (CardTerm& term : card.terms)
        for (const LessonTerm& t : lesson_->terms)
            if (t.name == term.name) term.meaning = term_meaning(*lesson_, t, language);
    if (!shown.whole) card.untranslated = formatted(tr("This step has no text in %s yet: it shows in English."), language_name(language).data());
}

// The presenter view without a lesson: what the preset shows.
LessonCard LabSession::preset_card() const {
    const Words tr = words();
    LessonCard card;
    card.heading = tr("Preset");
    card.title = tr("Your own settings");
    card.text = tr("Pick a lesson or a preset in the panel (P shows it again), or press F1 to read about the modes.");
    for (const CatalogEntry& p : catalog().presets)
        if (p.name == preset_) {
            card.title = p.title_in(settings_.language) + (preset_modified() ? tr(" (modified)") : "");
            card.text = p.description_in(settings_.language);
        }
    if (preset_modified()) card.changed = tr("Changed since the preset loaded.");
    if (!preset_.empty()) card.on_this_page = on_this_page();
    link_glossary(card, catalog());
    return card;
}

// Where no worker thread can start and the step (or preset) asked for one.
std::string LabSession::on_this_page() const {
    if (options_.threads_unavailable.empty() || preset_to_main_thread_.empty()) return {};
    const Words tr = words();
    return formatted(lesson_ ? tr("Here every job runs on the main thread: no worker thread can start (%s). What this step gives to workers "
                                  "runs inline (%s), so its figures show the main thread doing all of the work; the text is about a "
                                  "computer with worker threads.")
                             : tr("Here every job runs on the main thread: no worker thread can start (%s). What this preset gives to "
                                  "workers runs inline (%s), so its figures show the main thread doing all of the work; the text is "
                                  "about a computer with worker threads."),
                     std::string(tr.of(options_.threads_unavailable)).c_str(), preset_to_main_thread_.c_str());
}

LessonCard LabSession::lesson_card() const {
    if (!lesson_) return preset_card();
    const Words tr = words();
    LessonCard card;
    const int count = static_cast<int>(lesson_->steps.size());
    const LessonStep& step = lesson_->steps[static_cast<std::size_t>(lesson_step_)];
    card.heading = formatted(tr("Step %d of %d  |  %s"), lesson_step_ + 1, count, lesson_title(*lesson_, settings_.language).c_str());
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
    if (preset_modified()) card.changed = tr("Changed since this step began: the card is about the step's own settings.");
    card.on_this_page = on_this_page();

    std::vector<const LessonMeasure*> measures;
    for (const std::string& name : step.reveal) {
        measures.push_back(find_measure(name));
        card.columns.emplace_back(tr.of(measures.back()->label));
    }
    // With input ages, the exact model beside them (docs/semantics.md, section 6).
    const bool ages = std::find(step.reveal.begin(), step.reveal.end(), "input_age") != step.reveal.end();  // an NPC step (load_lesson)
    if (ages) card.columns.emplace_back(tr("model"));
    const std::int64_t frames = shown_scene().add_reveal_rows(card, {measures, ages, step, tr}, settings_);
    card.measured_over = shown_scene().measured_over(frames, tr);
    // Times with their context: the computer they were measured on.
    if (frames > 0 && std::any_of(measures.begin(), measures.end(), [](const LessonMeasure* m) { return m->timed; })) {
        const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        card.measured_over += formatted(tr("; %s"), computer_words(tr, cores, jobs_.worker_count()).c_str());
    }
    if (lesson_revealed_) add_checks(card, step);
    add_guess(card, step);
    if (ages) card.measured_over += shown_scene().ages_note(tr);
    link_glossary(card, catalog());  // from the English words
    translate_card(card);
    return card;
}

// The step being left: its reveal's figures, for the expectations of later
// steps that refer to it — only while it runs as the step set it up.
void LabSession::keep_step_results() {
    if (!lesson_ || preset_modified() || lesson_step_ < 0 || lesson_step_ >= static_cast<int>(lesson_results_.size())) return;
    StepResults kept;
    for (int k = 0; k < kSceneKinds; ++k)
        if (const SessionScene* s = scene(static_cast<SceneKind>(k))) kept[static_cast<std::size_t>(k)] = s->kept_reveal();
    lesson_results_[static_cast<std::size_t>(lesson_step_)] = std::move(kept);
}

std::optional<double> LabSession::reveal_value(const std::string& name, int pane, int step) const {
    const LessonMeasure* m = find_measure(name);
    if (!m || pane < 0) return std::nullopt;
    if (step >= 0 && step != lesson_step_) {  // an earlier step, as it was measured
        if (step >= static_cast<int>(lesson_results_.size()) || !lesson_results_[static_cast<std::size_t>(step)]) return std::nullopt;
        const RevealReader& kept = (*lesson_results_[static_cast<std::size_t>(step)])[static_cast<std::size_t>(m->scene())];
        return kept ? kept(*m, pane) : std::nullopt;
    }
    if (m->scene() != settings_.scene) return std::nullopt;
    return shown_scene().reveal_value(*m, pane);
}

// The step's expectations against what its reveal measured, and why a miss
// happened where the lab can tell.
void LabSession::add_checks(LessonCard& card, const LessonStep& step) const {
    if (step.expect.empty()) return;
    ExpectationSource source;
    source.panes = shown_scene().reveal_panes();
    source.value = [this](const std::string& measure, int pane, int at_step) { return reveal_value(measure, pane, at_step); };
    source.batch_period_ms = [this](int pane) { return shown_scene().batch_period_ms(pane); };
    source.words = words();
    const Words& tr = source.words;
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
        card.missed = tr("Not as expected: the settings changed since the step began (Restore runs it as written).");
    } else if (counted_miss) {
        card.missed = tr("Not as expected, in a figure that does not depend on the computer: the expectation or the lab is wrong.");
    } else if (!options_.threads_unavailable.empty()) {
        card.missed = on_this_page().empty()
                          ? formatted(tr("Not as expected here: no worker thread can start (%s), so the main thread does every job."),
                                      std::string(tr.of(options_.threads_unavailable)).c_str())
                          : tr("Not as expected here: the main thread does every job, as said above.");
    } else {
        const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        card.missed = formatted(tr("Not as expected here: times depend on the computer and its load (%s); busy cores can swap close figures."),
                                computer_words(tr, cores, jobs_.worker_count()).c_str());
    }
}

}  // namespace tsl
