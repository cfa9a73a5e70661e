// board_panel.cpp — the lesson's results board over the window: every step
// that asks for a guess, with the class's guess, what the reveal measured,
// the model and how close the guess came; buttons to save it as CSV and PNG,
// to clear it and to close it.
#include "app/render/palette.h"
#include "app/ui/lesson_panel.h"
#include "app/ui/text.h"
#include "app/ui/ui_text.h"

#include "core/base/formatted.h"
#include "core/content/guess.h"

#include <imgui.h>

#include <algorithm>

namespace tsl::app {

namespace {

void board_table(const ResultsBoard& board, const UiFonts& fonts) {
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("board", 6, flags)) return;
    // The headings are the header row's labels (and IDs): the English ones whatever the language.
    ImGui::TableSetupColumn(tr_label("Step##in the board"));  // a lesson's step, not the Step button
    ImGui::TableSetupColumn(tr_label("Guessed"), ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn(tr_label("Guess"));
    ImGui::TableSetupColumn(tr_label("Measured"));
    ImGui::TableSetupColumn(tr_label("Model"));
    ImGui::TableSetupColumn(tr_label("How close"));
    ImGui::PushFont(fonts.bold);
    ImGui::TableHeadersRow();
    ImGui::PopFont();
    for (const BoardRow& row : board.rows) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::Text("%d", row.step);
        ImGui::TableSetColumnIndex(1);
        text_wrapped(row.title);
        disabled_text_wrapped(row.asked);
        ImGui::TableSetColumnIndex(2);
        if (row.guess.empty()) ImGui::TextDisabled("%s", tr("none"));
        else ImGui::TextUnformatted(with_unit(row.guess, row.unit).c_str());
        ImGui::TableSetColumnIndex(3);
        if (row.measured.empty()) ImGui::TextDisabled("%s", tr("not revealed"));
        else ImGui::TextUnformatted(with_unit(row.measured, row.unit).c_str());
        ImGui::TableSetColumnIndex(4);
        if (row.model.empty()) ImGui::TextDisabled("-");
        else ImGui::TextUnformatted(with_unit(row.model, row.unit).c_str());
        ImGui::TableSetColumnIndex(5);
        if (!row.closeness.empty()) {
            const Rgba colour = hex(row.close ? 0x007A5A : 0xC0392B);  // as the card's checks
            ImGui::PushFont(fonts.bold);
            ImGui::TextColored({colour.r, colour.g, colour.b, 1.0f}, "%s", row.closeness.c_str());
            ImGui::PopFont();
        }
    }
    ImGui::EndTable();
}

}  // namespace

BoardActions draw_results_board(const ResultsBoard& board, const UiFonts& fonts, ImVec2 display, PixelRect& rect, bool picture) {
    BoardActions actions;
    const ImVec2 size{std::min(display.x * 0.9f, ImGui::GetFontSize() * 52.0f), display.y * 0.8f};
    ImGui::SetNextWindowPos({(display.x - size.x) / 2, (display.y - size.y) / 2});
    ImGui::SetNextWindowSize(size);
    ImGui::SetNextWindowFocus();
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 2.0f);
    ImGui::Begin("Results board", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                               ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
    rect = {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, size.x, size.y};
    ImGui::PushFont(fonts.caption);
    ImGui::TextUnformatted(tr("Results board"));
    ImGui::PopFont();
    const char* close = tr_label("Close (Esc)");
    if (!picture) {
        ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(close, nullptr, true).x - ImGui::GetStyle().FramePadding.x * 2);
        if (ImGui::Button(close)) actions.close = true;
    }
    if (board.lesson.empty()) {
        ImGui::Separator();
        text_wrapped(tr("No lesson is being taught. Start one in the panel: its steps ask for the class's guess before each reveal, "
                        "and this board keeps every guess beside what was measured."));
    } else if (board.rows.empty()) {
        ImGui::Separator();
        text_wrapped(formatted(tr("\"%s\" asks for no guesses."), board.title.c_str()));
    } else {
        ImGui::PushFont(fonts.bold);
        text_wrapped(board.title);
        ImGui::PopFont();
        const int graded = board.graded();
        ImGui::TextDisabled("%s", graded == 0 ? formatted(tr("%d of %d steps guessed; nothing revealed yet"), board.guessed(), static_cast<int>(board.rows.size())).c_str()
                                              : formatted(tr("%d of %d guesses revealed close or right (within %.0f %% for a number)"), board.close(), graded,
                                                          kCloseShare * 100).c_str());
        ImGui::Separator();
        // The rows in a child of their own (the same table, with its column widths, in a picture).
        const float buttons_h = ImGui::GetFrameHeightWithSpacing();
        ImGui::BeginChild("rows", {0, picture ? 0.0f : -buttons_h}, false);
        board_table(board, fonts);
        const float rows_end = ImGui::GetCursorScreenPos().y;
        ImGui::EndChild();
        if (picture) {  // the board alone, cut below its last row
            rect.h = std::min(size.y, rows_end - rect.y + ImGui::GetStyle().WindowPadding.y);
            ImGui::End();
            ImGui::PopStyleVar();
            return actions;
        }
        if (ImGui::Button(tr_label("Save CSV"))) actions.save_csv = true;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("The board as a CSV file, in the recordings folder."));
        ImGui::SameLine();
        if (ImGui::Button(tr_label("Save PNG"))) actions.save_png = true;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("A picture of this board for a slide, in the recordings folder."));
        ImGui::SameLine();
        if (ImGui::Button(tr_label("Clear"))) actions.clear = true;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Forget this lesson's guesses and results."));
    }
    ImGui::End();
    ImGui::PopStyleVar();
    return actions;
}

}  // namespace tsl::app
