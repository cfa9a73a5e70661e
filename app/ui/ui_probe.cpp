#include "app/ui/ui_probe.h"

#include "core/media/output_file.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tsl::app {

namespace {

struct ProbedItem {
    ImGuiID id;
    std::string window, label;
    ImRect rect;
    char flags;
};

struct Probe {
    std::string path;
    std::string frames_path;  // TIMESLICE_LAB_PROBE_FRAMES: lockstep
    bool read_env = false;
    std::vector<ProbedItem> items;
    std::unordered_set<ImGuiID> seen;
    std::unordered_map<ImGuiID, std::string> labels;  // this frame's IDs made from text, and the text
    std::vector<std::pair<ImGuiID, std::string>> duplicates;
    int duplicates_counted = 0;  // also when no file is written (tests of the probe)
    bool counting = false;       // record even without a file
};

Probe& probe() {
    static Probe p;
    if (!p.read_env) {
        p.read_env = true;
        if (const char* path = std::getenv("TIMESLICE_LAB_PROBE"); path && *path) p.path = path;
        if (const char* path = std::getenv("TIMESLICE_LAB_PROBE_FRAMES"); path && *path) p.frames_path = path;
    }
    return p;
}

std::string hex(const std::string& text) {
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : text) {
        out += digits[c >> 4];
        out += digits[c & 15];
    }
    return out.empty() ? "-" : out;
}

void remember_label(ImGuiID id, const char* text, const char* text_end) {
    Probe& p = probe();
    if (p.path.empty() || !text) return;
    p.labels.emplace(id, text_end ? std::string(text, text_end) : std::string(text));
}

void record(ImGuiID id, const ImRect& bb, ImGuiItemFlags extra_flags, bool visible) {
    Probe& p = probe();
    if (p.path.empty() && !p.counting) return;
    ImGuiContext& g = *GImGui;
    ImGuiWindow* window = g.CurrentWindow;
    if (id == 0 || !window) return;
    if (!p.seen.insert(id).second) {
        p.duplicates.emplace_back(id, window->Name);
        ++p.duplicates_counted;
    }
    if (!visible) return;
    ImRect shown = bb;
    shown.ClipWithFull(window->ClipRect);
    if (shown.GetWidth() < 1 || shown.GetHeight() < 1) return;
    const bool disabled = (g.CurrentItemFlags & ImGuiItemFlags_Disabled) != 0;
    const char flags = disabled ? 'd' : (extra_flags & ImGuiItemFlags_Inputable) ? 'v' : '-';
    const auto label = p.labels.find(id);
    p.items.push_back({id, window->Name, label == p.labels.end() ? std::string() : label->second, shown, flags});
}

}  // namespace

int ui_probe_duplicates() {
    probe().counting = true;
    return probe().duplicates_counted;
}

bool ui_probe_active() { return !probe().path.empty(); }

bool ui_probe_lockstep() { return !probe().frames_path.empty(); }

std::int64_t ui_probe_frames_granted() {
    const Probe& p = probe();
    if (p.frames_path.empty()) return 0;
    // The test writes it whole (a rename), so a read never sees half a number.
    std::FILE* file = std::fopen(p.frames_path.c_str(), "r");
    if (!file) return 0;
    long long granted = 0;
    if (std::fscanf(file, "%lld", &granted) != 1) granted = 0;
    std::fclose(file);
    return granted;
}

void ui_probe_end_frame(std::int64_t frame, const std::string& state) {
    Probe& p = probe();
    if (!p.path.empty()) {
        // Through the one writer (core/media/output_file.h): a reader never sees half a frame's record.
        // A record not written is seen by the test that waits for it.
        (void)write_output_file(p.path, [&](std::ostream& out) {
            const ImVec2 display = ImGui::GetIO().DisplaySize;
            out << "frame " << frame << ' ' << display.x << ' ' << display.y << '\n';
            out << "active " << std::hex << GImGui->ActiveId << std::dec << ' ' << (ImGui::GetIO().WantCaptureKeyboard ? 1 : 0) << '\n';
            for (ImGuiWindow* w : GImGui->Windows)  // back to front
                if (w->Active && !w->Hidden && !w->IsFallbackWindow)
                    out << "window " << hex(w->Name) << ' ' << w->Pos.x << ' ' << w->Pos.y << ' ' << w->Size.x << ' ' << w->Size.y << ' '
                        << w->Scroll.y << ' ' << w->ScrollMax.y << '\n';
            for (const ProbedItem& item : p.items)
                out << "item " << std::hex << item.id << std::dec << ' ' << hex(item.window) << ' ' << hex(item.label) << ' ' << item.rect.Min.x
                    << ' ' << item.rect.Min.y << ' ' << item.rect.GetWidth() << ' ' << item.rect.GetHeight() << ' ' << item.flags << '\n';
            for (const auto& [id, window] : p.duplicates) out << "duplicate " << std::hex << id << std::dec << ' ' << hex(window) << '\n';
            if (!state.empty()) out << "state " << state << '\n';
            return true;
        });
    }
    p.items.clear();
    p.labels.clear();
    p.seen.clear();
    p.duplicates.clear();
}

}  // namespace tsl::app

#if TSL_UI_PROBE
// The link wraps ImGui::ItemAdd (-Wl,--wrap, app/CMakeLists.txt): every item
// any widget lays out passes here on its way to Dear ImGui's own.
extern "C" bool __real__ZN5ImGui7ItemAddERK6ImRectjPS1_i(const ImRect& bb, ImGuiID id, const ImRect* nav_bb, ImGuiItemFlags extra_flags);
extern "C" bool __wrap__ZN5ImGui7ItemAddERK6ImRectjPS1_i(const ImRect& bb, ImGuiID id, const ImRect* nav_bb, ImGuiItemFlags extra_flags) {
    const bool visible = __real__ZN5ImGui7ItemAddERK6ImRectjPS1_i(bb, id, nav_bb, extra_flags);
    tsl::app::record(id, bb, extra_flags, visible);
    return visible;
}

// And the ID of a label (ImGuiWindow::GetID(const char*, const char*)), to name the items.
extern "C" ImGuiID __real__ZN11ImGuiWindow5GetIDEPKcS1_(ImGuiWindow* window, const char* text, const char* text_end);
extern "C" ImGuiID __wrap__ZN11ImGuiWindow5GetIDEPKcS1_(ImGuiWindow* window, const char* text, const char* text_end) {
    const ImGuiID id = __real__ZN11ImGuiWindow5GetIDEPKcS1_(window, text, text_end);
    tsl::app::remember_label(id, text, text_end);
    return id;
}
#endif
