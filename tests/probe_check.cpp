// probe_check — the UI probe (app/ui/ui_probe.h) sees items through the
// wrapped ImGui::ItemAdd: two widgets with one ID in a frame are counted as a
// duplicate, two with distinct IDs are not. Without this, the window test
// that clicks everything (tests/window_click_all.py) could pass on a probe
// that records nothing. Dear ImGui alone, no window and no OpenGL.
#include "app/ui/ui_probe.h"

#include <imgui.h>

#include <cstdio>

namespace {

// Lays out one frame with two buttons and returns the duplicates it added.
int duplicates_in_frame(const char* first, const char* second) {
    const int before = tsl::app::ui_probe_duplicates();
    ImGui::NewFrame();
    ImGui::SetNextWindowPos({0, 0});
    ImGui::SetNextWindowSize({300, 200});
    ImGui::Begin("probe check");
    ImGui::Button(first);
    ImGui::Button(second);
    ImGui::End();
    ImGui::EndFrame();
    tsl::app::ui_probe_end_frame(0);
    return tsl::app::ui_probe_duplicates() - before;
}

}  // namespace

int main() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = {640, 480};
    io.IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    tsl::app::ui_probe_duplicates();  // counting starts

    int failures = 0;
    if (const int d = duplicates_in_frame("NPCs", "NPCs"); d != 1) {
        std::printf("probe_check: two buttons \"NPCs\" gave %d duplicates, expected 1\n", d);
        ++failures;
    }
    if (const int d = duplicates_in_frame("NPCs", "NPCs##count"); d != 0) {
        std::printf("probe_check: buttons \"NPCs\" and \"NPCs##count\" gave %d duplicates, expected 0\n", d);
        ++failures;
    }
    ImGui::DestroyContext();
    if (failures == 0) std::printf("probe_check: a shared ID is caught, distinct IDs pass\n");
    return failures == 0 ? 0 : 1;
}
