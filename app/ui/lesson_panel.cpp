#include "app/ui/lesson_panel.h"

#include "app/ui/text.h"

#include "core/session/key_bindings.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace tsl::app {

namespace {

void wrapped(const std::string& text) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
}

void disabled_wrapped(const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    wrapped(text);
    ImGui::PopStyleColor();
}

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

void reveal_table(const LessonCard& card, const UiFonts& fonts) {
    const int columns = 1 + static_cast<int>(card.columns.size());
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("reveal", columns, flags)) return;
    // A number column is as wide as its widest value or the longest word of
    // its heading (the heading wraps), so the labels keep the rest.
    ImGui::TableSetupColumn("##what", ImGuiTableColumnFlags_WidthStretch);
    for (int i = 1; i < columns; ++i) {
        const std::string& heading = card.columns[i - 1];
        float width = 0;
        for (const RevealRow& row : card.rows)
            if (i - 1 < static_cast<int>(row.values.size())) width = std::max(width, ImGui::CalcTextSize(row.values[i - 1].c_str()).x);
        ImGui::PushFont(fonts.bold);
        for (std::size_t start = 0; start < heading.size();) {
            const std::size_t space = std::min(heading.find(' ', start), heading.size());
            width = std::max(width, ImGui::CalcTextSize(heading.c_str() + start, heading.c_str() + space).x);
            start = space + 1;
        }
        ImGui::PopFont();
        ImGui::TableSetupColumn(heading.c_str(), ImGuiTableColumnFlags_WidthFixed, width);
    }
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
        chip_then(row.pane, row.label);
        for (int i = 1; i < columns && i - 1 < static_cast<int>(row.values.size()); ++i) {
            ImGui::TableSetColumnIndex(i);
            ImGui::TextUnformatted(row.values[i - 1].c_str());
        }
    }
    ImGui::EndTable();
}

}  // namespace

LessonCardResult draw_lesson_card(const LessonCard& card, const UiFonts& fonts, const PixelRect& rect) {
    LessonCardResult result;
    if (rect.empty()) return result;
    begin_fixed_window("Lesson", rect);
    const ImGuiStyle& style = ImGui::GetStyle();

    disabled_wrapped(card.heading);
    ImGui::PushFont(fonts.caption);
    wrapped(card.title);
    ImGui::PopFont();
    ImGui::Spacing();
    wrapped(card.text);

    if (!card.question.empty()) {
        ImGui::Spacing();
        ImGui::Separator();
        bold(fonts, "Predict");
        ImGui::PushFont(fonts.bold);
        wrapped(card.question);
        ImGui::PopFont();
        ImGui::Spacing();
        if (card.revealed) {
            bold(fonts, "Measured");
            ImGui::SameLine();
            ImGui::TextDisabled("%s", card.measured_over.c_str());
            if (!card.rows.empty()) reveal_table(card, fonts);
            if (!card.answer.empty()) wrapped(card.answer);
        } else {
            disabled_wrapped("Page Down (or Reveal) shows what the running scene measured.");
        }
    }

    // The buttons sit at the bottom of the card, or under the text when it is long.
    const float buttons_h = ImGui::GetFrameHeight();
    const float bottom = ImGui::GetWindowHeight() - style.WindowPadding.y - buttons_h;
    ImGui::SetCursorPosY(std::max(ImGui::GetCursorPosY() + style.ItemSpacing.y, bottom));
    if (!card.question.empty() || card.can_go_back || card.can_go_forward) {
        ImGui::BeginDisabled(!card.can_go_back);
        if (ImGui::Button("< Back")) result.back = true;
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("The step before (Page Up).");
        ImGui::SameLine();
        ImGui::BeginDisabled(!card.can_go_forward);
        if (ImGui::Button(card.revealed || card.question.empty() ? "Next >" : "Reveal")) result.forward = true;
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Page Down: first the measured answer, then the next step.");
        ImGui::SameLine();
        ImGui::TextDisabled("PgUp / PgDn");
    }
    const float end = ImGui::GetCursorPosY() - style.ItemSpacing.y + style.WindowPadding.y;
    result.fits = end <= ImGui::GetWindowHeight() + 0.5f;
    ImGui::End();
    return result;
}

namespace {

void keys_page(const UiFonts& fonts) {
    if (!ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit)) return;
    ImGui::TableSetupColumn("key");
    ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
    for (const KeyBinding& k : key_bindings()) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        bold(fonts, std::string(k.keys).c_str());
        ImGui::TableSetColumnIndex(1);
        wrapped(std::string(k.help));
    }
    ImGui::EndTable();
}

void about_page(const UiFonts& fonts) {
    wrapped("A batch runs one job per key (here, a decision per NPC). A timeslicer spreads the batch over frames: every P frames "
            "it starts up to J jobs. The mode decides when a job reads its input and when its output becomes visible to the game.");
    ImGui::Spacing();
    struct Row {
        const char* mode;
        const char* input;
        const char* output;
        const char* age;
    };
    static const Row rows[] = {
        {"Update All", "every key, every frame: no timeslicing", "at once", "0"},
        {"AIAO  async in, async out", "when its job starts", "as soon as its job finishes", "T/2"},
        {"SIAO  sync in, async out", "for every key, when the batch starts", "as soon as its job finishes", "T"},
        {"SISO  sync in, sync out", "for every key, when the batch starts", "all together, when the whole batch has finished", "1.5T"},
        {"AISO  async in, sync out", "when its job starts", "all together, when the whole batch has finished", "T"},
    };
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("modes", 4, flags)) {
        ImGui::TableSetupColumn("mode", ImGuiTableColumnFlags_WidthStretch, 1.1f);
        ImGui::TableSetupColumn("a job's input is read", ImGuiTableColumnFlags_WidthStretch, 1.2f);
        ImGui::TableSetupColumn("its output is saved to the history", ImGuiTableColumnFlags_WidthStretch, 1.4f);
        ImGui::TableSetupColumn("mean input age", ImGuiTableColumnFlags_WidthStretch, 0.6f);
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
            bold(fonts, r.mode);
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
    bold(fonts, "The timing model");
    wrapped("T is the time one batch takes: N keys at J jobs every P frames is N / J updates, or T = N x P / J frames. "
            "The article's 10 Hz figures (10 NPCs, J = 1, P = 3, 30 frames a second) have T = 30 frames = 1 s.");
    for (const char* why : {"AIAO: decisions are spread evenly, and each ages from nothing to one batch before it is replaced: T/2 on average.",
                            "SIAO: inputs are read at the batch's start, so a decision is already up to a batch old when it appears: T.",
                            "SISO: results appear a batch after their input and stay another batch: between T and 2T, 1.5T on average.",
                            "AISO: each input is read when its job starts, half a batch fresher than SISO's: T."}) {
        ImGui::Bullet();
        wrapped(why);
    }
    wrapped("Decisions land on whole frames, so measured ages come out a frame or two under the model.");
    ImGui::Spacing();
    bold(fonts, "Threads and gathering");
    wrapped("The modes are about timing, not threads: jobs can run inline on the main thread, on a new thread each (the article's "
            "version, costly), or on a job system. Gathered the same frame, the main thread waits for its jobs; gathered the "
            "next frame, it collects them at the start of the next update: far less main-thread time, one more update of latency.");
}

}  // namespace

bool draw_help_page(HelpPage page, const UiFonts& fonts, ImVec2 display) {
    const bool about = page == HelpPage::About;
    const ImVec2 size{std::min(display.x * 0.86f, ImGui::GetFontSize() * (about ? 60.0f : 44.0f)), display.y * (about ? 0.9f : 0.8f)};
    ImGui::SetNextWindowPos({(display.x - size.x) / 2, (display.y - size.y) / 2});
    ImGui::SetNextWindowSize(size);
    ImGui::SetNextWindowFocus();
    bool open = true;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 2.0f);
    ImGui::Begin("Help", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                       ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
    ImGui::PushFont(fonts.caption);
    ImGui::TextUnformatted(about ? "About the modes" : "Keyboard shortcuts");
    ImGui::PopFont();
    const char* close = "Close (Esc)";
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(close).x - ImGui::GetStyle().FramePadding.x * 2);
    if (ImGui::Button(close)) open = false;
    ImGui::Separator();
    if (about) about_page(fonts);
    else keys_page(fonts);
    ImGui::End();
    ImGui::PopStyleVar();
    return open;
}

}  // namespace tsl::app
