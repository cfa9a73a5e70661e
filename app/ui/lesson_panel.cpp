// lesson_panel.cpp — the lesson card (step, question, reveal, checks) and
// the help pages (keys, about the modes).
//
// [SECTION] The card's parts: reveal table and checks
// [SECTION] The lesson card
// [SECTION] Help pages: keys and about the modes
#include "app/ui/lesson_panel.h"

#include "app/ui/text.h"
#include "app/ui/ui_text.h"

#include "core/content/guess.h"
#include "core/session/key_bindings.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace tsl::app {

// --- [SECTION] The card's parts: reveal table and checks ------------------------

namespace {

void wrapped(const std::string& text) { text_wrapped(text); }


void bold(const UiFonts& fonts, const char* text) {
    ImGui::PushFont(fonts.bold);
    ImGui::TextUnformatted(text);
    ImGui::PopFont();
}

// A square in a pane's colour, the height of a line of text, then its label.
void chip_then(int pane, const std::string& label) {
    if (pane >= 0) {
        const Rgba chip = pane_colour(pane);
        const float side = ImGui::GetTextLineHeight() * 0.8f;
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float drop = (ImGui::GetTextLineHeight() - side) / 2;
        ImGui::GetWindowDrawList()->AddRectFilled({at.x, at.y + drop}, {at.x + side, at.y + drop + side}, chip.packed(), side * 0.2f);
        ImGui::Dummy({side, side});
        ImGui::SameLine();
    }
    wrapped(label);
}

// Too narrow for a table whose labels stay readable: each row as its label,
// then its values in words ("main thread 3.34 ms,  workers busy 0 ms").
void reveal_list(const LessonCard& card, const UiFonts& fonts) {
    for (const RevealRow& row : card.rows) {
        ImGui::PushFont(fonts.bold);
        chip_then(row.pane, row.label);
        ImGui::PopFont();
        std::string values;
        for (std::size_t i = 0; i < card.columns.size() && i < row.values.size(); ++i)
            values += (i ? ",  " : "") + card.columns[i] + " " + row.values[i];
        ImGui::Indent();
        wrapped(values);
        ImGui::Unindent();
    }
}

// A row's pane letters alone ("A, B" of "A, B  Async In / Async Out"): the
// scene's captions say the rest, in the same colours.
std::string letters_of(const std::string& label) {
    const std::size_t gap = label.find("  ");
    return gap == std::string::npos ? label : label.substr(0, gap);
}

// The table's widths: its widest label (with the chip and padding), and per
// number column the least width (its widest value or heading word) and the
// width that keeps its heading on one line.
struct RevealWidths {
    float labels = 0, least = 0, one_line = 0;  // least, one_line: the number columns' sums
    std::vector<float> least_of, one_line_of;
};

RevealWidths reveal_widths(const LessonCard& card, const UiFonts& fonts, bool letters_only) {
    RevealWidths w;
    const float padding = ImGui::GetStyle().CellPadding.x * 2;
    for (const RevealRow& row : card.rows)
        w.labels = std::max(w.labels, ImGui::CalcTextSize((letters_only ? letters_of(row.label) : row.label).c_str()).x);
    w.labels += ImGui::GetTextLineHeight() * 1.2f + padding;  // the chip
    for (std::size_t i = 0; i < card.columns.size(); ++i) {
        float width = 0;
        for (const RevealRow& row : card.rows)
            if (i < row.values.size()) width = std::max(width, ImGui::CalcTextSize(row.values[i].c_str()).x);
        ImGui::PushFont(fonts.bold);
        const std::string& heading = card.columns[i];
        for (std::size_t start = 0; start < heading.size();) {
            const std::size_t space = std::min(heading.find(' ', start), heading.size());
            width = std::max(width, ImGui::CalcTextSize(heading.c_str() + start, heading.c_str() + space).x);
            start = space + 1;
        }
        w.one_line_of.push_back(std::max(width, ImGui::CalcTextSize(heading.c_str()).x));
        ImGui::PopFont();
        w.least_of.push_back(width);
        w.least += width + padding;
        w.one_line += w.one_line_of.back() + padding;
    }
    return w;
}

void reveal_table(const LessonCard& card, const UiFonts& fonts) {
    // The panes' names only where they and every heading fit on one line,
    // else the pane letters, or else a list: the names never make the table
    // taller, so the card's height does not hang on how wide this run's
    // measured numbers came out (names and headings wrapping once pushed the
    // checks below the card at 1280x720, UI scale 1.5).
    const float room = ImGui::GetContentRegionAvail().x;
    const RevealWidths named = reveal_widths(card, fonts, false);
    const bool letters_only = named.labels + named.one_line > room;
    const RevealWidths w = letters_only ? reveal_widths(card, fonts, true) : named;
    if (letters_only && w.labels + w.least > room) return reveal_list(card, fonts);
    const int columns = 1 + static_cast<int>(card.columns.size());
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("reveal", columns, flags)) return;
    // A number column is as wide as its widest value or the longest word of
    // its heading (the heading wraps); the room the labels do not need widens
    // the headings toward one line each, so the table stays short.
    std::vector<float> widths = w.least_of;
    float spare = room - w.labels - w.least;
    for (std::size_t i = 0; i < widths.size() && spare > 0; ++i) {
        const float grow = std::min(spare, w.one_line_of[i] - widths[i]);
        widths[i] += grow;
        spare -= grow;
    }
    ImGui::TableSetupColumn("##what", ImGuiTableColumnFlags_WidthStretch);
    for (int i = 1; i < columns; ++i)
        ImGui::TableSetupColumn(card.columns[i - 1].c_str(), ImGuiTableColumnFlags_WidthFixed, widths[static_cast<std::size_t>(i - 1)]);
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int i = 1; i < columns; ++i) {
        ImGui::TableSetColumnIndex(i);
        ImGui::PushFont(fonts.bold);
        wrapped(card.columns[i - 1]);
        ImGui::PopFont();
    }
    for (const RevealRow& row : card.rows) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        chip_then(row.pane, letters_only ? letters_of(row.label) : row.label);
        for (int i = 1; i < columns && i - 1 < static_cast<int>(row.values.size()); ++i) {
            ImGui::TableSetColumnIndex(i);
            ImGui::TextUnformatted(row.values[i - 1].c_str());
        }
    }
    ImGui::EndTable();
}

// The step's expectations: each with its verdict, what it says and what was measured.
void checks_table(const LessonCard& card, const UiFonts& fonts) {
    if (card.checks.empty()) return;
    const ImGuiTableFlags flags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoPadOuterX;
    if (!ImGui::BeginTable("checks", 2, flags)) return;
    ImGui::PushFont(fonts.bold);
    const float tag_w = std::max(ImGui::CalcTextSize(tr("not met")).x, ImGui::CalcTextSize(tr("waiting")).x);
    ImGui::PopFont();
    ImGui::TableSetupColumn("verdict", ImGuiTableColumnFlags_WidthFixed, tag_w);
    ImGui::TableSetupColumn("check", ImGuiTableColumnFlags_WidthStretch);
    for (const ExpectationResult& c : card.checks) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        const bool met = c.verdict == ExpectVerdict::Met, missed = c.verdict == ExpectVerdict::NotMet;
        ImGui::PushFont(fonts.bold);
        const Rgba colour = hex(met ? 0x007A5A : 0xC0392B);
        if (met || missed) ImGui::TextColored({colour.r, colour.g, colour.b, 1.0f}, "%s", met ? tr("met") : tr("not met"));
        else ImGui::TextDisabled("%s", tr("waiting"));
        ImGui::PopFont();
        ImGui::TableSetColumnIndex(1);
        // Its figures are in the table above, unless it missed or reads others: said once.
        const bool repeat = !c.measured.empty() && !(c.in_table && c.verdict == ExpectVerdict::Met);
        wrapped(repeat ? formatted(tr("%s: %s"), c.described.c_str(), c.measured.c_str()) : c.described);
    }
    ImGui::EndTable();
}

// The class's guess before the reveal: a number with its unit, or one of the
// choices (a pane's letter, a mode). A number is handed over as it is typed,
// whenever it reads as one, and when the field is left.
void guess_field(const CardGuess& guess, const UiFonts& fonts, LessonCardResult& result) {
    const std::string prompt = guess.choice ? guess.prompt : formatted(tr("%s:"), guess.prompt.c_str());
    const ImGuiStyle& style = ImGui::GetStyle();
    // The field beside the prompt where both fit on one line, else under it.
    float controls_w = guess.choice ? 0.0f : ImGui::GetFontSize() * 5 + style.ItemSpacing.x + ImGui::CalcTextSize(guess.unit.c_str()).x;
    for (const std::string& option : guess.options)
        controls_w += ImGui::GetFrameHeight() + ImGui::CalcTextSize(option.c_str()).x + style.ItemInnerSpacing.x + style.ItemSpacing.x;
    ImGui::PushFont(fonts.bold);
    const bool one_line = ImGui::CalcTextSize(prompt.c_str()).x + style.ItemSpacing.x + controls_w <= ImGui::GetContentRegionAvail().x;
    if (one_line) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(prompt.c_str());
        ImGui::SameLine();
    } else {
        wrapped(prompt);
    }
    ImGui::PopFont();
    if (guess.choice) {
        for (std::size_t i = 0; i < guess.options.size(); ++i) {
            const std::string& option = guess.options[i];
            if (i > 0) ImGui::SameLine();
            if (ImGui::RadioButton(option.c_str(), guess.value == option)) result.guess = guess.value == option ? "" : option;
        }
    } else {
        // The field shows the guess kept while it is not being typed into.
        static char text[32] = "";
        static bool typing = false;
        if (!typing) std::snprintf(text, sizeof text, "%s", guess.value.c_str());
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
        // Kept as it is typed, whenever it reads as a number (or is emptied): Page Down then reveals with it.
        const bool edited = ImGui::InputText("##guess", text, sizeof text, ImGuiInputTextFlags_AutoSelectAll);
        typing = ImGui::IsItemActive();
        const std::string typed(text);
        if ((edited && (typed.empty() || guessed_number(typed))) || ImGui::IsItemDeactivatedAfterEdit()) result.guess = typed;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Type the class's guess; Page Down reveals the measurement beside it."));
        if (!guess.unit.empty()) {
            ImGui::SameLine();
            ImGui::TextUnformatted(guess.unit.c_str());
        }
    }
}

// After the reveal, the guess against the measurement, in the buttons' row:
// the longest form that fits, the whole of it in a tooltip.
void guess_result(const CardGuess& guess, const UiFonts& fonts) {
    if (guess.result.empty()) return;
    const Rgba colour = hex(guess.close ? 0x007A5A : 0xC0392B);  // as the checks' met and not met
    ImGui::PushFont(fonts.bold);
    const float room = ImGui::GetContentRegionAvail().x;
    const std::string& shown = ImGui::CalcTextSize(guess.result.c_str()).x <= room ? guess.result : guess.result_short;
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored({colour.r, colour.g, colour.b, 1.0f}, "%s", shown.c_str());
    ImGui::PopFont();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", guess.result_full.c_str());
}

// "Terms": the glossary's terms the step uses, each with its Chinese names;
// one chosen opens the glossary at it.
void glossary_links(const LessonCard& card, LessonCardResult& result) {
    if (card.glossary.empty()) return;
    if (ImGui::Button((std::string(tr("Terms")) + "###terms").c_str())) ImGui::OpenPopup("card terms");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("The articles' words for this step's terms, in English and Chinese (G: the whole glossary)."));
    ImGui::SameLine();
    if (!ImGui::BeginPopup("card terms")) return;
    result.terms_shown = true;
    for (const CardGlossaryTerm& term : card.glossary) {
        const std::string label = term.name.in(Language::En) + "   " + term.name.in(Language::ZhHant) + "  /  " + term.name.in(Language::ZhHans);
        if (ImGui::Selectable((label + "##" + term.id).c_str())) result.glossary_term = term.id;
    }
    ImGui::EndPopup();
}

}  // namespace

// --- [SECTION] The lesson card ---------------------------------------------------

LessonCardResult draw_lesson_card(const LessonCard& card, const UiFonts& fonts, const PixelRect& rect) {
    LessonCardResult result;
    if (rect.empty()) return result;
    begin_fixed_window("Lesson", rect, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    // The card's text at the UI's own size, always: what does not fit scrolls
    // above the buttons, which stay in place (and the card reports it).
    const bool buttons = !card.question.empty() || card.can_go_back || card.can_go_forward;
    const float buttons_h = buttons ? ImGui::GetFrameHeightWithSpacing() : 0.0f;
    ImGui::BeginChild("card text", {0, -buttons_h}, false);

    // One line: where the class is, and the lesson's title where it fits ("Step 3 of 8  |  Timeslicing ...").
    const std::size_t bar = card.heading.find("  |  ");
    const bool one_line = bar == std::string::npos || ImGui::CalcTextSize(card.heading.c_str()).x <= ImGui::GetContentRegionAvail().x;
    ImGui::TextDisabled("%s", one_line ? card.heading.c_str() : card.heading.substr(0, bar).c_str());
    // The title large where it fits on one line, else in bold at the body's size.
    ImGui::PushFont(fonts.caption);
    const bool large = ImGui::CalcTextSize(card.title.c_str()).x <= ImGui::GetContentRegionAvail().x;
    ImGui::PopFont();
    ImGui::PushFont(large ? fonts.caption : fonts.bold);
    wrapped(card.title);
    ImGui::PopFont();
    if (!card.untranslated.empty()) disabled_text_wrapped(card.untranslated);
    ImGui::Spacing();
    // Revealed, the card is about the measurement: the step's text folds away
    // (one click shows it again), so that the numbers fit at the UI's size;
    // so do the terms its question defines (what T means), named on the fold.
    const bool text_folded = card.revealed && !card.question.empty();
    if (!text_folded) {
        wrapped(card.text);
    } else {
        std::string names;
        for (const CardTerm& term : card.terms) names += (names.empty() ? "" : ", ") + term.name;
        const std::string fold = names.empty() ? tr("The step's text") : formatted(tr("The step's text, and what %s means"), names.c_str());
        ImGui::PushID(card.heading.c_str());
        if (ImGui::TreeNode("text", "%s", fold.c_str())) {
            wrapped(card.text);
            for (const CardTerm& term : card.terms) wrapped(term.line());
            ImGui::TreePop();
        }
        ImGui::PopID();
    }

    // What runs here instead of what the step asks (no worker threads): said
    // before the question, so that no figure contradicts the text unexplained.
    if (!card.on_this_page.empty()) {
        ImGui::Spacing();
        ImGui::PushFont(fonts.bold);
        wrapped(card.on_this_page);
        ImGui::PopFont();
    }
    if (!card.question.empty()) {
        ImGui::Spacing();
        ImGui::Separator();
        ImGui::PushFont(fonts.bold);
        wrapped(formatted(tr("Predict: %s"), card.question.c_str()));
        ImGui::PopFont();
        if (!text_folded)
            for (const CardTerm& term : card.terms) wrapped(term.line());  // what the question's symbols mean, met here first
        ImGui::Spacing();
        if (card.revealed) {
            disabled_text_wrapped(card.measured_over);
            if (!card.rows.empty()) reveal_table(card, fonts);
            if (!card.missed.empty()) {
                ImGui::PushFont(fonts.bold);
                wrapped(card.missed);
                ImGui::PopFont();
            }
            if (!card.answer.empty()) wrapped(card.answer);
            checks_table(card, fonts);
        } else if (card.guess.asked) {
            guess_field(card.guess, fonts, result);
        } else {
            disabled_text_wrapped(tr("Page Down (or Reveal) shows what the running scene measured."));
        }
    }

    // A key or a control changed what the step set up: the card is no longer
    // about what runs, so it says so and offers the way back.
    if (!card.changed.empty()) {
        ImGui::Spacing();
        ImGui::PushFont(fonts.bold);
        wrapped(card.changed);
        ImGui::PopFont();
        if (ImGui::Button(tr("Restore"))) result.restore = true;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Load the step's (or preset's) settings again and restart it."));
    }

    result.fits = ImGui::GetScrollMaxY() <= 0.5f;
    ImGui::EndChild();
    // The buttons at the bottom of the card, always in view.
    if (buttons) {
        ImGui::BeginDisabled(!card.can_go_back);
        if (ImGui::Button(tr("< Back"))) result.back = true;
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("The step before (Page Up)."));
        ImGui::SameLine();
        ImGui::BeginDisabled(!card.can_go_forward);
        if (ImGui::Button(card.board_next ? tr("Results board") : card.revealed || card.question.empty() ? tr("Next >") : tr("Reveal"))) result.forward = true;
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s", card.board_next ? tr("Page Down: every step's guess beside what was measured (B shows it too).")
                                                    : tr("Page Down: first the measured answer, then the next step."));
        ImGui::SameLine();
        glossary_links(card, result);
        if (!card.guess.result.empty()) guess_result(card.guess, fonts);
        else if (ImGui::CalcTextSize("PgUp / PgDn").x <= ImGui::GetContentRegionAvail().x) ImGui::TextDisabled("PgUp / PgDn");  // the hint where it fits
    }
    ImGui::End();
    return result;
}

// --- [SECTION] Help pages: keys and about the modes ---------------------------------

namespace {

void keys_page(const UiFonts& fonts) {
    if (!ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit)) return;
    ImGui::TableSetupColumn("key");
    ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
    for (const KeyBinding& k : key_bindings()) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        bold(fonts, tr_of(k.keys).c_str());  // key names as the keyboard prints them; the arrows in words
        ImGui::TableSetColumnIndex(1);
        wrapped(tr_of(k.help));
    }
    ImGui::EndTable();
}

void about_page(const UiFonts& fonts) {
    wrapped(tr("A batch runs one job per key (here, a decision per NPC). A timeslicer spreads the batch over frames: every P frames "
               "it starts up to J jobs. The mode decides when a job reads its input and when its output becomes visible to the game."));
    ImGui::Spacing();
    struct Row {
        const char* mode;
        const char* input;
        const char* output;
        const char* age;
    };
    // In the chosen language each frame (not static: the language can change).
    const Row rows[] = {
        {tr("Update All"), tr("every key, every frame: no timeslicing"), tr("at once"), "0"},
        {tr("AIAO  async in, async out"), tr("when its job starts"), tr("as soon as its job finishes"), "T/2"},
        {tr("SIAO  sync in, async out"), tr("for every key, when the batch starts"), tr("as soon as its job finishes"), "T"},
        {tr("SISO  sync in, sync out"), tr("for every key, when the batch starts"), tr("all together, when the whole batch has finished"), "1.5T"},
        {tr("AISO  async in, sync out"), tr("when its job starts"), tr("all together, when the whole batch has finished"), "T"},
    };
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("modes", 4, flags)) {
        ImGui::TableSetupColumn(tr("mode"), ImGuiTableColumnFlags_WidthStretch, 1.1f);
        ImGui::TableSetupColumn(tr("a job's input is read"), ImGuiTableColumnFlags_WidthStretch, 1.2f);
        ImGui::TableSetupColumn(tr("its output is saved to the history"), ImGuiTableColumnFlags_WidthStretch, 1.4f);
        ImGui::TableSetupColumn(tr("mean input age"), ImGuiTableColumnFlags_WidthStretch, 0.6f);
        ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
        for (int i = 0; i < 4; ++i) {
            ImGui::TableSetColumnIndex(i);
            ImGui::PushFont(fonts.bold);
            wrapped(ImGui::TableGetColumnName(i));
            ImGui::PopFont();
        }
        for (const Row& r : rows) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::PushFont(fonts.bold);
            wrapped(r.mode);  // "AIAO  async in, async out": wraps in a narrow column, never cut
            ImGui::PopFont();
            ImGui::TableSetColumnIndex(1);
            wrapped(r.input);
            ImGui::TableSetColumnIndex(2);
            wrapped(r.output);
            ImGui::TableSetColumnIndex(3);
            ImGui::TextUnformatted(r.age);
        }
        ImGui::EndTable();
    }
    ImGui::Spacing();
    bold(fonts, tr("The timing model"));
    wrapped(tr("T is the time one batch takes: N keys at J jobs every P frames is ceil(N / J) updates, or T = ceil(N / J) x P frames. "
               "The article's figures at 10 updates a second (10 NPCs, J = 1, P = 3, 30 frames a second) have T = 30 frames = 1 s."));
    for (const char* why : {tr("AIAO: decisions are spread evenly, and each ages from nothing to one batch before it is replaced: T/2 on average."),
                            tr("SIAO: inputs are read at the batch's start, so a decision is already up to a batch old when it appears: T."),
                            tr("SISO: results appear a batch after their input and stay another batch: between T and 2T, 1.5T on average."),
                            tr("AISO: each input is read when its job starts, half a batch fresher than SISO's: T.")}) {
        ImGui::Bullet();
        wrapped(why);
    }
    wrapped(tr("The model spreads a batch evenly over T. In the lab a job starts only every P frames, so a batch's last job starts "
               "P frames before the batch ends, and the exact means come out lower (docs/semantics.md, section 6): by half a frame for "
               "AIAO, (P + 1)/2 frames for SIAO and for AISO saved at its last finish, and P + 1/2 frames for SISO saved at its last "
               "finish, the default. Saved when the next batch starts, as the article's demo does, SISO is half a frame under 1.5T and "
               "AISO (P - 1)/2 frames over T. The gap grows with P. A lesson's reveal shows the exact figure beside the measurement."));
    ImGui::Spacing();
    bold(fonts, tr("Which mode, when"));
    wrapped(tr("A timesliced system's outputs are looked up by key, so one system can read another's: with the panel's danger map "
               "the NPC decisions read a second timesliced system, a map of twelve cells, each with its own mode, J and P "
               "(docs/semantics.md, section 9). The lesson \"Choosing a mode\" measures a case for each:"));
    for (const char* when : {tr("AIAO for decisions that stand alone: each reads the freshest input and is used as soon as it is done."),
                             tr("SIAO when the plain cursor's staggering is unwanted: a batch reads its input once, and each result is "
                                "still used as soon as it is done; late jobs act on an older reading."),
                             tr("SISO for maps whose cells must agree (influence, heat, danger): every cell from one moment, shown "
                                "together. Under the other modes a map can show the target in two cells or none; SISO's is older."),
                             tr("AISO: results that must change together, each read as late as its job starts. The article found no "
                                "case where it is the best choice, and asks its readers for one.")}) {
        ImGui::Bullet();
        wrapped(when);
    }
    ImGui::Spacing();
    bold(fonts, tr("Threads and gathering"));
    wrapped(tr("The modes are about timing, not threads: jobs can run inline on the main thread, on a new thread each (the article's "
               "version, costly), or on a job system. Gathered the same frame, the main thread waits for its jobs; gathered the "
               "next frame, it collects them at the start of the next update: far less main-thread time while the workers keep up, "
               "and one more update of latency (except for synchronous output saved when the next batch starts, which waits that "
               "update anyway)."));
    ImGui::Spacing();
    bold(fonts, tr("Reading the article's sample code"));
    wrapped(tr("Four places in the timeslicing article's code would not do what its text says (docs/semantics.md, section 8):"));
    for (const char* slip : {tr("The NPC frame applies a decision when the lookup fails: found decisions are ignored. The lab applies one "
                                "only when the history holds it."),
                             tr("The threaded job calls the timeslicer's job function without capturing the timeslicer: it does not "
                                "compile as written."),
                             tr("A read/write lock wraps every call, and the write lock is held while joining the job threads, so a "
                                "reader on another thread waits for the slowest job (the preset \"The article's read/write lock, and "
                                "none\" shows it on the timeline). Only the main thread writes the history, so the lab takes no lock."),
                             tr("It calls SIAO the cursor of its first attempt, but that cursor reads the target when each NPC's turn "
                                "comes: asynchronous input, AIAO.")}) {
        ImGui::Bullet();
        wrapped(slip);
    }
}

}  // namespace

HelpPage draw_help_page(HelpPage page, const UiFonts& fonts, ImVec2 display) {
    const bool about = page == HelpPage::About;
    const ImVec2 size{std::min(display.x * 0.86f, ImGui::GetFontSize() * (about ? 60.0f : 44.0f)), display.y * (about ? 0.9f : 0.8f)};
    ImGui::SetNextWindowPos({(display.x - size.x) / 2, (display.y - size.y) / 2});
    ImGui::SetNextWindowSize(size);
    ImGui::SetNextWindowFocus();
    HelpPage next = page;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 2.0f);
    ImGui::Begin("Help", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                       ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
    ImGui::PushFont(fonts.caption);
    ImGui::TextUnformatted(about ? tr("About the modes") : tr("Keyboard shortcuts"));
    ImGui::PopFont();
    // "Glossary (G)" and "Close (Esc)" at the right of the title, measured as shown (without their "###" IDs).
    const char *glossary = tr_label("Glossary (G)"), *close = tr_label("Close (Esc)");
    const ImGuiStyle& style = ImGui::GetStyle();
    const float buttons_w =
        ImGui::CalcTextSize(glossary, nullptr, true).x + ImGui::CalcTextSize(close, nullptr, true).x + style.FramePadding.x * 4 + style.ItemSpacing.x;
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - buttons_w);
    if (ImGui::Button(glossary)) next = HelpPage::Glossary;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("The articles' terms in English, Traditional and Simplified Chinese."));
    ImGui::SameLine();
    if (ImGui::Button(close)) next = HelpPage::None;
    ImGui::Separator();
    if (about) about_page(fonts);
    else keys_page(fonts);
    ImGui::End();
    ImGui::PopStyleVar();
    return next;
}

}  // namespace tsl::app
