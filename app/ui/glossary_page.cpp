#include "app/ui/glossary_page.h"

#include "app/ui/text.h"
#include "app/ui/ui_text.h"

#include <imgui_internal.h>  // PushOverrideID

#include <algorithm>

namespace tsl::app {

const char* const kGlossaryPageWords = "術語表 术语表";

namespace {

void bold(const UiFonts& fonts, const std::string& text) {
    ImGui::PushFont(fonts.bold);
    text_wrapped(text);
    ImGui::PopFont();
}

// Terms [from, to) of the glossary, one row each in the three languages,
// under the languages' names when `header`; a click chooses one. The table
// does not scroll by itself: the page does.
void term_rows(const Glossary& glossary, std::size_t from, std::size_t to, std::string& chosen, const UiFonts& fonts, const char* id,
               bool header) {
    if (from >= to) return;
    // A term's row keeps its ID whichever table it is in (above or below the
    // chosen term): the window's, not the table's, then the term's id.
    const ImGuiID rows_id = ImGui::GetID("term rows");
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable(id, kLanguages, flags)) return;
    for (Language l : kAllLanguages) ImGui::TableSetupColumn(std::string(language_name(l)).c_str(), ImGuiTableColumnFlags_WidthStretch, l == Language::En ? 1.6f : 1.0f);
    if (header) {
        // In bold on the panel's own header colour (the style's blue header
        // background would read as a chosen row).
        ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, ImGui::GetColorU32(ImGuiCol_Header));
        for (int c = 0; c < kLanguages; ++c) {
            ImGui::TableSetColumnIndex(c);
            ImGui::PushFont(fonts.bold);
            ImGui::TextUnformatted(ImGui::TableGetColumnName(c));
            ImGui::PopFont();
        }
    }
    for (std::size_t i = from; i < to; ++i) {
        const GlossaryTerm& term = glossary.terms[i];
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::PushOverrideID(rows_id);
        ImGui::PushID(term.id.c_str());
        if (ImGui::Selectable(term.name.in(Language::En).c_str(), term.id == chosen, ImGuiSelectableFlags_SpanAllColumns)) chosen = term.id;
        ImGui::PopID();
        ImGui::PopID();
        for (int c = 1; c < kLanguages; ++c) {
            ImGui::TableSetColumnIndex(c);
            ImGui::TextUnformatted(term.name.in(kAllLanguages[static_cast<std::size_t>(c)]).c_str());
        }
    }
    ImGui::EndTable();
}

// The chosen term: its names, its meaning in each language, its articles.
void term_detail(const Glossary& glossary, const GlossaryTerm& term, const UiFonts& fonts) {
    const float text_x = ImGui::GetCursorPosX() + ImGui::GetFontSize() * 6.0f;  // right of the languages' names
    for (Language l : kAllLanguages) {
        ImGui::TextDisabled("%s", std::string(language_name(l)).c_str());
        ImGui::SameLine(text_x);
        ImGui::BeginGroup();
        std::string name = term.name.in(l);
        if (!term.also.in(l).empty()) name += "  (" + term.also.in(l) + ")";
        bold(fonts, name);
        text_wrapped(term.means.in(l));
        ImGui::EndGroup();
        ImGui::Spacing();
    }
    ImGui::Separator();
    ImGui::TextDisabled("%s", tr("In the articles"));
    for (const std::string& id : term.articles) {
        const GlossaryArticle* article = glossary.article(id);
        if (!article) continue;
        std::string line;
        for (Language l : article->written_in)
            line += (line.empty() ? "" : ";  ") + article->title.in(l) + " (" + std::string(language_name(l)) + ")";
        ImGui::Bullet();
        text_wrapped(line);
    }
}

}  // namespace

bool draw_glossary_page(const Glossary* glossary, std::string& chosen, bool chinese_missing, const UiFonts& fonts, ImVec2 display) {
    const ImVec2 size{std::min(display.x * 0.86f, ImGui::GetFontSize() * 54.0f), display.y * 0.9f};
    ImGui::SetNextWindowPos({(display.x - size.x) / 2, (display.y - size.y) / 2});
    ImGui::SetNextWindowSize(size);
    ImGui::SetNextWindowFocus();
    bool open = true;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 2.0f);
    ImGui::Begin("Glossary", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                           ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
    ImGui::PushFont(fonts.caption);
    // The title names the page in its three languages, whichever is chosen (as its columns do).
    ImGui::TextUnformatted((std::string("Glossary  ") + kGlossaryPageWords).c_str());
    ImGui::PopFont();
    const char* close = tr_label("Close (Esc)");
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(close, nullptr, true).x - ImGui::GetStyle().FramePadding.x * 2);
    if (ImGui::Button(close)) open = false;
    ImGui::Separator();
    if (!glossary) {
        text_wrapped(tr("The glossary did not load: assets/glossary.toml is missing or has a problem (the notice at the start named it)."));
    } else {
        disabled_text_wrapped(tr("The articles' words in English, Traditional and Simplified Chinese. Click a term for its meaning in each "
                                 "language and the articles that use it; a lesson card's \"Terms\" opens the step's own."));
        ImGui::Spacing();
        // In English whatever the language: it is shown while the Chinese characters cannot be drawn.
        if (chinese_missing)
            text_wrapped("Chinese characters show as ? until their font is here: the page fetches it now; a computer needs "
                         "Debian's fonts-wqy-microhei (./lab installs it).");
        if (!glossary->term(chosen)) chosen = glossary->terms.front().id;
        // The list, opened under the chosen term at its meaning in each
        // language: one page that scrolls, the chosen term in view when the
        // page opens (a card's link may choose one far down).
        const std::string shown = chosen;  // a click this frame shows next frame
        const auto at = static_cast<std::size_t>(glossary->term(shown) - glossary->terms.data());
        term_rows(*glossary, 0, at + 1, chosen, fonts, "terms", true);
        if (ImGui::IsWindowAppearing()) ImGui::SetScrollHereY(0.25f);
        ImGui::Indent();
        ImGui::Spacing();
        term_detail(*glossary, *glossary->term(shown), fonts);
        ImGui::Spacing();
        ImGui::Unindent();
        term_rows(*glossary, at + 1, glossary->terms.size(), chosen, fonts, "terms after", false);
    }
    ImGui::End();
    ImGui::PopStyleVar();
    return open;
}

}  // namespace tsl::app
