// web_items.cpp — the items of the page's last frame, named by their labels,
// for the browser test that taps a button and drags a slider by touch
// (web/test_input.py): the page's own ImGui is built with Dear ImGui's hooks
// for a test engine (IMGUI_ENABLE_TEST_ENGINE, web/CMakeLists.txt), and these
// are the hooks. They record only while tsl_web_watch_items(1) asked them to
// (ImGuiContext::TestEngineHookItems), so a class's page pays nothing.
//
// A widget reports its label (ImGuiTestEngineHook_ItemInfo) only when it is
// laid out unclipped; its rectangle is ImGui's last item's, clipped to its
// window. Built into the page only. Main thread.
#include <imgui.h>
#include <imgui_internal.h>
#include <emscripten.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace {

struct Item {
    std::string window, label;
    ImRect rect;
};

struct Items {
    int frame = -1;
    std::vector<Item> now, last;  // the frame being laid out, the last one laid out
};

Items& items() {
    static Items i;
    return i;
}

}  // namespace

// Dear ImGui's hooks (imgui_internal.h, under IMGUI_ENABLE_TEST_ENGINE).
void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect&, ImGuiID) {}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
void ImGuiTestEngineHook_ItemInfo(ImGuiContext* ctx, ImGuiID, const char* label, ImGuiItemStatusFlags) {
    Items& i = items();
    if (ctx->FrameCount != i.frame) {
        i.frame = ctx->FrameCount;
        i.last.swap(i.now);
        i.now.clear();
    }
    ImGuiWindow* window = ctx->CurrentWindow;
    if (!window || !label) return;
    ImRect shown = ctx->LastItemData.Rect;
    shown.ClipWithFull(window->ClipRect);
    if (shown.GetWidth() < 1 || shown.GetHeight() < 1) return;
    i.now.push_back({window->Name, label, shown});
}

extern "C" {

// Starts (1) or stops (0) recording the items of each frame.
EMSCRIPTEN_KEEPALIVE void tsl_web_watch_items(int on) {
    if (ImGui::GetCurrentContext()) ImGui::GetCurrentContext()->TestEngineHookItems = on != 0;
}

// The last frame's items as [[window, label, x, y, w, h], ...], in CSS pixels.
EMSCRIPTEN_KEEPALIVE const char* tsl_web_items() {
    static std::string value;
    nlohmann::json list = nlohmann::json::array();
    for (const Item& item : items().last)
        list.push_back({item.window, item.label, item.rect.Min.x, item.rect.Min.y, item.rect.GetWidth(), item.rect.GetHeight()});
    value = list.dump();
    return value.c_str();
}

}  // extern "C"
