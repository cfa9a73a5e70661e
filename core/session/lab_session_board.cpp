// lab_session_board.cpp — LabSession's results board: the class's guess on a
// step, what the step's reveal measured and modelled beside it, and the board
// of a lesson's guesses (core/session/results_board.h), kept in the settings.
#include "core/session/lab_session.h"

#include "core/base/formatted.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace tsl {

namespace {

bool asks_guesses(const Lesson& lesson) {
    return std::any_of(lesson.steps.begin(), lesson.steps.end(), [](const LessonStep& s) { return s.guess.has_value(); });
}

// A kept number as the board shows it ("483", "0.48"); a pane's letters as they are.
std::string shown_value(const std::string& kept, bool choice) {
    if (kept.empty() || choice) return kept;
    const std::optional<double> v = guessed_number(kept);
    return v ? measure_number(*v) : std::string();
}

// The panes' letters whose values are the lowest (or highest): "A", "AB" when two tie.
std::string picked_panes(const std::vector<double>& values, bool lowest) {
    if (values.empty()) return {};
    const double best = lowest ? *std::min_element(values.begin(), values.end()) : *std::max_element(values.begin(), values.end());
    std::string letters;
    for (std::size_t p = 0; p < values.size(); ++p)
        if (std::abs(values[p] - best) <= 1e-9 * std::max(1.0, std::abs(best))) letters += static_cast<char>('A' + p);
    return letters;
}

}  // namespace

// --- [SECTION] Guesses and the board ---------------------------------------------------

CommandResult LabSession::set_guess(const std::string& text) {
    const Words tr = words();
    if (!lesson_) return {tr("no lesson is being taught"), 2};
    const LessonStep& step = lesson_->steps[static_cast<std::size_t>(lesson_step_)];
    if (!step.guess) return {tr("this step asks for no guess"), 2};
    if (lesson_revealed_) return {tr("the answer is shown already: a guess comes before the reveal (Page Up, then back, to guess again)"), 2};
    std::string kept;
    const std::size_t first = text.find_first_not_of(" \t");
    if (first != std::string::npos) {
        const std::string trimmed = text.substr(first, text.find_last_not_of(" \t") - first + 1);
        if (step.guess->kind == LessonGuess::Kind::Mode) {
            std::string upper = trimmed;
            for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            if (std::find_if(std::begin(kModeOptions), std::end(kModeOptions), [&](const char* m) { return upper == m; }) == std::end(kModeOptions))
                return {formatted(tr("'%s' is not a mode: the guess is AIAO, SIAO, SISO or AISO"), trimmed.c_str()), 2};
            kept = upper;
        } else if (step.guess->is_choice()) {
            const int panes = shown_scene().reveal_panes();
            const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(trimmed[0])));
            if (trimmed.size() != 1 || letter < 'A' || letter >= 'A' + panes)
                return {formatted(tr("'%s' is not a pane: the guess is a pane's letter, A to %c"), trimmed.c_str(), 'A' + panes - 1), 2};
            kept = std::string(1, letter);
        } else {
            const std::optional<double> number = guessed_number(trimmed);
            if (!number) return {formatted(tr("'%s' is not a number"), trimmed.c_str()), 2};
            kept = board_number(*number);
        }
    }
    std::vector<BoardEntry> entries = parse_board(settings_.results_board);
    entry_of(entries, lesson_->name, lesson_step_).guess = kept;
    settings_.results_board = board_text(entries);
    event("lesson " + lesson_->name + ": step " + std::to_string(lesson_step_ + 1) + " guess " + (kept.empty() ? "cleared" : kept));
    return {};
}

void LabSession::clear_board() {
    std::vector<BoardEntry> entries = parse_board(settings_.results_board);
    if (lesson_) std::erase_if(entries, [&](const BoardEntry& e) { return e.lesson == lesson_->name; });
    else entries.clear();
    settings_.results_board = board_text(entries);
    event(lesson_ ? "results board of " + lesson_->name + " cleared" : "results boards cleared");
}

// The revealed step's measured and modelled values into its board entry —
// while it runs as the step set it up, and once there is something measured.
void LabSession::record_board() {
    if (!lesson_ || !lesson_revealed_ || lesson_step_ < 0 || preset_modified() || !lesson_->steps[static_cast<std::size_t>(lesson_step_)].guess) return;
    const BoardRow now = board_row(lesson_step_, nullptr, true, true);
    if (now.measured.empty()) return;
    std::vector<BoardEntry> entries = parse_board(settings_.results_board);
    BoardEntry& entry = entry_of(entries, lesson_->name, lesson_step_);
    entry.measured = now.measured;
    entry.model = now.model;
    settings_.results_board = board_text(entries);
}

// Step `step`'s row: the guess kept in `entry`, and what was measured — now
// (the step shown, revealed) or as `entry` kept it. Values are kept plain
// (board_number), and shown as a slide needs them (kept_form: as kept).
BoardRow LabSession::board_row(int step, const BoardEntry* entry, bool now, bool kept_form) const {
    const LessonStep& s = lesson_->steps[static_cast<std::size_t>(step)];
    const LessonGuess& g = *s.guess;
    const bool mode = g.kind == LessonGuess::Kind::Mode;
    static const LessonMeasure kNoMeasure{"mode", "mode", "", MeasureKind::Counted, static_cast<LessonMeasure::NpcReading>(nullptr)};
    const LessonMeasure& m = mode ? kNoMeasure : *find_measure(g.measure);
    const Words tr = words();
    const std::string label(tr.of(m.label));
    BoardRow row;
    row.step = step + 1;
    row.title = step_text(s, settings_.language).text.title;
    row.asked = mode            ? formatted(tr("%c: the mode"), 'A' + g.pane)
                : g.is_choice() ? formatted(g.kind == LessonGuess::Kind::Lowest ? tr("the pane with the lowest %s") : tr("the pane with the highest %s"), label.c_str())
                                : formatted(tr("%c: %s"), 'A' + g.pane, label.c_str());
    row.unit = g.is_choice() ? "" : g.of_T ? "T" : m.unit;
    if (entry) {
        row.guess = entry->guess;
        row.measured = entry->measured;
        row.model = entry->model;
        // A guess kept that does not fit this step's (a board set by hand, a lesson file changed since): none.
        const bool fits = mode            ? std::find_if(std::begin(kModeOptions), std::end(kModeOptions), [&](const char* o) { return row.guess == o; }) !=
                                                std::end(kModeOptions)
                          : g.is_choice() ? row.guess.size() == 1 && row.guess[0] >= 'A' && row.guess[0] <= 'E'
                                          : guessed_number(row.guess).has_value();
        if (!fits) row.guess.clear();
    }
    if (now && mode && settings_.scene == SceneKind::Npc && g.pane < static_cast<int>(settings_.npc.panes.size())) {
        // What ran is the answer: the measurement and the model agree on it.
        const Mode ran = settings_.npc.panes[static_cast<std::size_t>(g.pane)].timeslicing.mode;
        row.measured = row.model = ran == Mode::UpdateAll ? "ALL" : kModeOptions[static_cast<int>(ran) - 1];
    } else if (now && !mode && m.scene() == settings_.scene) {
        if (g.is_choice()) {
            std::vector<double> measured, modelled;
            for (int p = 0; p < shown_scene().reveal_panes(); ++p) {
                if (const std::optional<double> v = shown_scene().reveal_value(m, p)) measured.push_back(*v);
                if (const std::optional<double> v = shown_scene().model_value(m, p)) modelled.push_back(*v);
            }
            const bool all = static_cast<int>(measured.size()) == shown_scene().reveal_panes();
            if (all) row.measured = picked_panes(measured, g.kind == LessonGuess::Kind::Lowest);
            if (all && modelled.size() == measured.size()) row.model = picked_panes(modelled, g.kind == LessonGuess::Kind::Lowest);
        } else {
            const double per = g.of_T ? shown_scene().batch_period_ms(g.pane).value_or(0) : 1.0;
            const std::optional<double> v = shown_scene().reveal_value(m, g.pane);
            const std::optional<double> model = shown_scene().model_value(m, g.pane);
            if (v && per > 0) row.measured = board_number(*v / per);
            if (model && per > 0) row.model = board_number(*model / per);
        }
    }
    if (!row.guess.empty() && !row.measured.empty()) {
        if (mode) {
            row.close = row.guess == row.measured;
            row.closeness = row.close ? tr("right") : tr("wrong");
        } else if (g.is_choice()) {
            row.close = choice_right(row.guess, row.measured);
            row.closeness = row.close ? tr("right") : tr("wrong");
        } else if (const std::optional<double> guess = guessed_number(row.guess), measured = guessed_number(row.measured); guess && measured) {
            const GuessGrade grade = grade_number(*guess, *measured, tr);
            row.close = grade.close;
            row.closeness = grade.said;
        }
    }
    if (!kept_form)  // the guess as typed (kept by board_number); the figures as a slide needs them
        for (std::string* value : {&row.measured, &row.model}) *value = shown_value(*value, g.is_choice());
    return row;
}

ResultsBoard LabSession::results_board() const {
    ResultsBoard board;
    if (!lesson_) return board;
    board.lesson = lesson_->name;
    board.title = lesson_title(*lesson_, settings_.language);
    const std::vector<BoardEntry> entries = parse_board(settings_.results_board);
    for (int i = 0; i < static_cast<int>(lesson_->steps.size()); ++i) {
        if (!lesson_->steps[static_cast<std::size_t>(i)].guess) continue;
        const bool now = i == lesson_step_ && lesson_revealed_ && !preset_modified();
        BoardRow row = board_row(i, find_entry(entries, lesson_->name, i), false);
        if (now) {
            BoardRow live = board_row(i, find_entry(entries, lesson_->name, i), true);
            if (!live.measured.empty()) row = std::move(live);
        }
        board.rows.push_back(std::move(row));
    }
    return board;
}

// The card's guess: the field before the reveal, and after it the guess beside
// what was measured and the model.
void LabSession::add_guess(LessonCard& card, const LessonStep& step) const {
    card.board_next = lesson_revealed_ && lesson_step_ + 1 == static_cast<int>(lesson_->steps.size()) && asks_guesses(*lesson_);
    if (card.board_next) card.can_go_forward = true;
    if (!step.guess) return;
    const LessonGuess& g = *step.guess;
    const Words tr = words();
    CardGuess& out = card.guess;
    out.asked = true;
    out.choice = g.is_choice();
    if (g.kind == LessonGuess::Kind::Mode) {
        out.options.assign(std::begin(kModeOptions), std::end(kModeOptions));
        out.prompt = tr("Your answer:");
    } else {
        const LessonMeasure& m = *find_measure(g.measure);
        for (int p = 0; g.is_choice() && p < shown_scene().reveal_panes(); ++p) out.options.emplace_back(1, static_cast<char>('A' + p));
        out.unit = g.is_choice() ? "" : g.of_T ? "T" : m.unit;
        const std::string label(tr.of(m.label));
        out.prompt = g.is_choice() ? formatted(g.kind == LessonGuess::Kind::Lowest ? tr("Your guess: which pane has the lowest %s?")
                                                                                    : tr("Your guess: which pane has the highest %s?"),
                                               label.c_str())
                                   : formatted(tr("Your guess: %c's %s"), 'A' + g.pane, label.c_str());
    }
    const std::vector<BoardEntry> entries = parse_board(settings_.results_board);
    const BoardEntry* entry = find_entry(entries, lesson_->name, lesson_step_);
    if (entry) out.value = board_row(lesson_step_, entry, false, true).guess;  // a guess that fits this step's, as kept
    if (!lesson_revealed_ || out.value.empty()) return;
    const BoardRow row = board_row(lesson_step_, entry, !preset_modified());
    const std::string guessed = with_unit(row.guess, row.unit), measured = with_unit(row.measured, row.unit);
    if (row.measured.empty()) {
        out.result = out.result_short = out.result_full = formatted(tr("Guess %s: nothing measured yet"), guessed.c_str());
        return;
    }
    out.result = formatted(tr("Guess %s, measured %s: %s"), guessed.c_str(), measured.c_str(), row.closeness.c_str());
    out.result_short = formatted(tr("Guess %s: %s"), guessed.c_str(), row.closeness.c_str());
    out.result_full = row.model.empty() ? out.result
                                        : formatted(tr("Guess %s, measured %s, model %s: %s"), guessed.c_str(), measured.c_str(),
                                                    with_unit(row.model, row.unit).c_str(), row.closeness.c_str());
    out.close = row.close;
}

}  // namespace tsl
