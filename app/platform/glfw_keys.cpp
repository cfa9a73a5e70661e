#include "app/platform/glfw_keys.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <vector>

namespace tsl::app {

std::optional<Key> lab_key(int key) {
    if (key >= GLFW_KEY_1 && key <= GLFW_KEY_5) return static_cast<Key>(static_cast<int>(Key::Digit1) + key - GLFW_KEY_1);
    if (key >= GLFW_KEY_KP_1 && key <= GLFW_KEY_KP_5) return static_cast<Key>(static_cast<int>(Key::Digit1) + key - GLFW_KEY_KP_1);
    switch (key) {
        case GLFW_KEY_SPACE: return Key::Space;
        case GLFW_KEY_RIGHT: return Key::Right;
        case GLFW_KEY_LEFT: return Key::Left;
        case GLFW_KEY_PAGE_DOWN: return Key::PageDown;
        case GLFW_KEY_PAGE_UP: return Key::PageUp;
        case GLFW_KEY_P: return Key::P;
        case GLFW_KEY_R: return Key::R;
        case GLFW_KEY_H: return Key::H;
        case GLFW_KEY_F: return Key::F;
        case GLFW_KEY_Q: return Key::Q;
        case GLFW_KEY_B: return Key::B;
        case GLFW_KEY_G: return Key::G;
        case GLFW_KEY_SLASH: return Key::Slash;
        case GLFW_KEY_F1: return Key::F1;
        case GLFW_KEY_TAB: return Key::Tab;
        case GLFW_KEY_ESCAPE: return Key::Escape;
        case GLFW_KEY_MINUS: return Key::Minus;
        case GLFW_KEY_KP_SUBTRACT: return Key::Minus;
        case GLFW_KEY_EQUAL: return Key::Equal;
        default: return std::nullopt;
    }
}

void queue_lab_key(GLFWwindow* window, int key, int, int action, int mods) {
    auto* queue = static_cast<std::vector<KeyPress>*>(glfwGetWindowUserPointer(window));
    const std::optional<Key> lab = lab_key(key);
    if (!queue || action == GLFW_RELEASE || !lab) return;
    const std::uint8_t lab_mods = static_cast<std::uint8_t>(((mods & GLFW_MOD_SHIFT) ? kShift : 0) | ((mods & GLFW_MOD_CONTROL) ? kCtrl : 0));
    queue->push_back({*lab, lab_mods, action == GLFW_REPEAT});
}

const char* IdlePointer::update(GLFWwindow* window, bool enabled, double now_s) {
    double x = 0, y = 0;
    glfwGetCursorPos(window, &x, &y);
    if (x != x_ || y != y_ || !seen_) {
        x_ = x;
        y_ = y;
        seen_ = true;
        moved_s_ = now_s;
    }
    const bool hide = enabled && now_s - moved_s_ >= kIdleS;
    if (hide == hidden_) return "";
    hidden_ = hide;
    ImGuiIO& io = ImGui::GetIO();
    if (hide) io.ConfigFlags |= ImGuiConfigFlags_NoMouseCursorChange;
    else io.ConfigFlags &= ~ImGuiConfigFlags_NoMouseCursorChange;
    return hide ? "pointer hidden (idle)" : "pointer shown";
}

}  // namespace tsl::app
