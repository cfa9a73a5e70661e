// card_height_check — the lesson card's reveal is never taller for narrower
// numbers: the panes' names show only where they and every heading fit on one
// line (lesson_panel.cpp, reveal_table). When the names could wrap, a run
// whose figures came out narrow ("0.002 ms") drew a taller table than one
// whose figures were wide ("0.002 ±0.0006 ms"), so whether a step fitted the
// card at 1280x720, UI scale 1.5 hung on the run's numbers. Dear ImGui alone
// with its default font, no window and no OpenGL; the card drawn at every
// width from 200 to 700 pixels.
#include "app/ui/lesson_panel.h"
#include "app/ui/ui_probe.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <cstdio>
#include <cstring>

namespace {

tsl::LessonCard threading_card(bool wide_numbers) {
    tsl::LessonCard card;
    card.heading = "Step 7 of 8  |  Timeslicing batched algorithms";
    card.title = "Threads: where jobs run";
    card.question = "Which panes take the jobs off the main thread?";
    card.revealed = true;
    card.columns = {"main thread", "workers busy"};
    const char* labels[] = {"A  Inline", "B  Thread per job", "C  Pool, same frame", "D  Pool, next frame"};
    for (int pane = 0; pane < 4; ++pane)
        card.rows.push_back({labels[pane], pane, {wide_numbers ? "0.002 ±0.0006 ms" : "0.002 ms", wide_numbers ? "3.52 ±1.0 ms" : "3.5 ms"}});
    card.measured_over = "Measured over 9.8 s";
    card.answer = "D only starts them.";
    card.can_go_back = card.can_go_forward = true;
    return card;
}

// The height of the card's text as laid out at `width` pixels.
float card_text_height(const tsl::LessonCard& card, const tsl::app::UiFonts& fonts, int width) {
    float height = -1;
    for (int frame = 0; frame < 3; ++frame) {  // ImGui lays a window out on its first frame
        ImGui::NewFrame();
        tsl::app::draw_lesson_card(card, fonts, {0, 0, static_cast<float>(width), 2000});
        ImGui::EndFrame();
        tsl::app::ui_probe_end_frame(frame);  // as the app ends a frame (the link wraps ImGui's ItemAdd: app/CMakeLists.txt)
    }
    for (ImGuiWindow* window : ImGui::GetCurrentContext()->Windows)
        if (std::strstr(window->Name, "card text")) height = window->ContentSize.y;
    return height;
}

}  // namespace

int main() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = {1000, 2000};
    io.IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    const tsl::app::UiFonts fonts{io.Fonts->Fonts[0], io.Fonts->Fonts[0], io.Fonts->Fonts[0]};

    int failures = 0, widths = 0;
    for (int width = 200; width <= 700; width += 5, ++widths) {
        const float narrow = card_text_height(threading_card(false), fonts, width);
        const float wide = card_text_height(threading_card(true), fonts, width);
        if (narrow <= 0 || wide <= 0) {
            std::printf("card_height_check: no card text laid out at %d pixels\n", width);
            return 1;
        }
        if (narrow > wide) {
            std::printf("card_height_check: at %d pixels the card is %.0f pixels tall with narrow numbers, %.0f with wide ones\n", width,
                        narrow, wide);
            ++failures;
        }
    }
    ImGui::DestroyContext();
    if (failures == 0) std::printf("card_height_check: at %d widths the card is never taller for narrower numbers\n", widths);
    return failures == 0 ? 0 : 1;
}
