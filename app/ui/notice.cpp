#include "app/ui/notice.h"

#include "app/ui/text.h"
#include "app/ui/ui_text.h"

#include <imgui.h>

#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <thread>

extern char** environ;

namespace tsl::app {

Notice info_notice(std::string text) { return {Notice::Kind::Info, std::move(text), {}, {}}; }

Notice problem_notice(std::string text) { return {Notice::Kind::Problem, std::move(text), {}, {}}; }

Notice saved_notice(const std::string& path, const std::string& detail) {
    std::error_code error;
    const std::filesystem::path absolute = std::filesystem::absolute(path, error);
    const std::string shown = error ? path : absolute.lexically_normal().string();
    const std::string text = detail.empty() ? formatted(tr("Saved %s"), shown.c_str()) : formatted(tr("Saved %s %s"), shown.c_str(), detail.c_str());
    return {Notice::Kind::Saved, text, shown, detail};
}

NoticeActions draw_notice(Notice& notice, const PixelRect& area, const UiFonts& fonts) {
    NoticeActions actions;
    if (notice.empty() || area.empty()) return actions;
    // News and saved files fade after a while; the pointer resting on one keeps it; a problem waits to be closed.
    const double now = ImGui::GetTime();
    if (notice.shown_at < 0) notice.shown_at = now;
    const double age = now - notice.shown_at;
    const bool fades = notice.kind != Notice::Kind::Problem;
    if (fades && age > kNoticeSeconds + 1.0) {
        actions.close = true;
        return actions;
    }
    const float alpha = fades ? static_cast<float>(std::clamp(kNoticeSeconds + 1.0 - age, 0.0, 1.0)) : 1.0f;
    const float font = ImGui::GetFontSize(), margin = font * 0.6f;
    const float width = std::max(font * 8, std::min(area.w - 2 * margin, font * 36));
    ImGui::SetNextWindowPos({area.x + margin, area.y + area.h - margin}, ImGuiCond_Always, {0, 1});
    ImGui::SetNextWindowSizeConstraints({0, 0}, {width, area.h - 2 * margin});
    const bool problem = notice.kind == Notice::Kind::Problem;
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::GetStyleColorVec4(ImGuiCol_PopupBg));
    ImGui::PushStyleColor(ImGuiCol_Border, problem ? ImVec4(0.80f, 0.13f, 0.10f, 1.0f) : ImGui::GetStyleColorVec4(ImGuiCol_Border));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, std::max(1.0f, font * (problem ? 0.15f : 0.07f)));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, font * 0.3f);
    ImGui::PushStyleVar(ImGuiStyleVar_Alpha, alpha);
    ImGui::Begin("Notice", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_AlwaysAutoResize |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav);
    const float text_w = width - 2 * ImGui::GetStyle().WindowPadding.x;
    if (problem) {
        ImGui::PushFont(fonts.bold);
        wrapped_in_language(tr("Problem"), text_w);
        ImGui::PopFont();
    }
    wrapped_in_language(notice.text, text_w);
    if (notice.kind == Notice::Kind::Saved) {
        if (ImGui::Button(tr_label("Open folder"))) actions.open_folder = true;
        tooltip(tr("Opens the folder that holds the file in the file manager."));
        ImGui::SameLine();
    }
    if (ImGui::Button(tr_label("Close##notice"))) actions.close = true;
    if (fades && ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows)) notice.shown_at = now;  // read: not yet
    ImGui::End();
    ImGui::PopStyleVar(3);
    ImGui::PopStyleColor(2);
    return actions;
}

Status open_containing_folder(const std::string& file) {
    const std::string folder = std::filesystem::path(file).parent_path().string();
    const char* chosen = std::getenv("TIMESLICE_LAB_OPEN");
    const std::string program = chosen && *chosen ? chosen : "xdg-open";
    std::string folder_arg = folder.empty() ? "." : folder;
    char* argv[] = {const_cast<char*>(program.c_str()), folder_arg.data(), nullptr};
    pid_t pid = 0;
    if (const int error = posix_spawnp(&pid, program.c_str(), nullptr, nullptr, argv, environ); error != 0)
        return Failed{formatted(tr("cannot open the folder %s: cannot start %s: %s"), folder_arg.c_str(), program.c_str(), std::strerror(error))};
    // Reap it whenever it ends, without holding up the window.
    std::thread([pid] {
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }).detach();
    return {};
}

}  // namespace tsl::app
