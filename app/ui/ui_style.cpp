#include "app/ui/ui_style.h"

#include "app/ui/text.h"

#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <filesystem>

namespace tsl::app {

namespace {

constexpr const char* kRegularFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr const char* kBoldFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
// Simplified and Traditional Chinese in one face; the page's copy is cut to
// the characters the lab uses (web/CMakeLists.txt), under the same name.
constexpr const char* kChineseFont = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc";
constexpr float kBodyPx = 17.0f;

ImVec4 v4(Rgba c) { return {c.r, c.g, c.b, c.a}; }

}  // namespace

void UiStyle::set_wide_characters(const std::vector<char32_t>& characters) {
    if (characters == wide_) return;
    wide_ = characters;
    wide_ranges_.clear();
    for (char32_t c : wide_)
        if (c <= 0xFFFF) wide_ranges_.insert(wide_ranges_.end(), {static_cast<ImWchar>(c), static_cast<ImWchar>(c)});
    wide_ranges_.push_back(0);
    built_ = false;  // rebuilt at the next update
}

int UiStyle::wide_characters_drawn() const {
    if (!fonts_.regular || !ImGui::GetIO().Fonts->IsBuilt()) return 0;
    return static_cast<int>(std::count_if(wide_.begin(), wide_.end(), [&](char32_t c) {
        return c <= 0xFFFF && fonts_.regular->FindGlyphNoFallback(static_cast<ImWchar>(c)) != nullptr;
    }));
}

bool UiStyle::update(float ui_scale, PaletteKind palette, UiTheme theme, float density) {
    density = std::clamp(density, 1.0f, 4.0f);
    if (built_ && ui_scale == scale_ && density == density_ && palette == palette_ && theme == theme_) return false;
    const bool rescale = !built_ || ui_scale != scale_ || density != density_;
    scale_ = ui_scale;
    density_ = density;
    palette_ = palette;
    theme_ = theme;
    if (rescale) {
        build_fonts(ui_scale, density);
        if (ImGui::GetIO().BackendRendererUserData) {
            // The backend uploaded an atlas already (its first NewFrame does
            // that): replace it by hand, it does not notice new fonts.
            ImGui_ImplOpenGL3_DestroyFontsTexture();
            ImGui_ImplOpenGL3_CreateFontsTexture();
        }
    }
    apply_theme(ui_scale, palette, theme);
    built_ = true;
    return true;
}

void UiStyle::build_fonts(float scale, float density) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    io.FontGlobalScale = 1.0f / density;
    std::error_code ec;
    system_font_ = std::filesystem::exists(kRegularFont, ec) && std::filesystem::exists(kBoldFont, ec);
    if (system_font_) {
        // The characters the lab writes: TSL_FONT_RANGES (app/view_sources.cmake,
        // where the page's fonts are cut to the same).
        static const ImWchar kRanges[] = {TSL_FONT_RANGES, 0};
        const float px = scale * density;  // the display's pixels
        // Each face, then the Chinese characters merged into it (the bold
        // ones too: the Chinese face has no bold).
        const bool chinese = wide_ranges_.size() > 1 && std::filesystem::exists(kChineseFont, ec);
        auto add = [&](const char* file, float size) {
            ImFont* font = io.Fonts->AddFontFromFileTTF(file, size, nullptr, kRanges);
            if (font && chinese) {
                ImFontConfig merge;
                merge.MergeMode = true;
                io.Fonts->AddFontFromFileTTF(kChineseFont, size, &merge, wide_ranges_.data());
            }
            return font;
        };
        fonts_.regular = add(kRegularFont, kBodyPx * px);
        fonts_.bold = add(kBoldFont, kBodyPx * px);
        fonts_.caption = add(kBoldFont, 24.0f * px);
    }
    if (!fonts_.regular || !fonts_.bold || !fonts_.caption) {
        // ImGui's own 13 px font, scaled at draw time: less crisp, always there.
        system_font_ = false;
        io.Fonts->Clear();
        ImFontConfig config;
        config.SizePixels = 13.0f;
        fonts_.regular = fonts_.bold = fonts_.caption = io.Fonts->AddFontDefault(&config);
        io.FontGlobalScale = scale * kBodyPx / 13.0f;
    }
    io.FontDefault = fonts_.regular;
}

void UiStyle::apply_theme(float scale, PaletteKind palette_kind, UiTheme theme) {
    ImGuiStyle style;
    ImGui::StyleColorsLight(&style);
    style.WindowRounding = 0.0f;
    style.FrameRounding = 4.0f;
    style.GrabRounding = 4.0f;
    style.PopupRounding = 4.0f;
    style.WindowBorderSize = 0.0f;
    style.FrameBorderSize = 1.0f;
    style.WindowPadding = {14, 10};
    style.FramePadding = {8, 4};
    style.ItemSpacing = {10, 6};
    style.ItemInnerSpacing = {8, 6};
    style.GrabMinSize = 14.0f;
    style.ScrollbarSize = 16.0f;

    const Palette& p = palette(palette_kind);
    const Rgba accent = p.running;  // amber or blue: the one UI accent
    ImVec4* c = style.Colors;
    c[ImGuiCol_WindowBg] = v4(hex(0xF2F0EB));
    c[ImGuiCol_ChildBg] = v4(hex(0xF2F0EB));
    c[ImGuiCol_PopupBg] = v4(hex(0xFFFFFF));
    c[ImGuiCol_Text] = v4(hex(0x1E1E1E));
    c[ImGuiCol_TextDisabled] = v4(hex(0x7A7A7A));
    c[ImGuiCol_Border] = v4(hex(0xC9C5BC));
    c[ImGuiCol_FrameBg] = v4(hex(0xFFFFFF));
    c[ImGuiCol_FrameBgHovered] = v4(accent.with_alpha(0.18f));
    c[ImGuiCol_FrameBgActive] = v4(accent.with_alpha(0.30f));
    c[ImGuiCol_CheckMark] = v4(hex(0x1E1E1E));
    // A mid-grey handle: the slider's value is written over it and stays readable.
    c[ImGuiCol_SliderGrab] = v4(hex(0xB3ADA2));
    c[ImGuiCol_SliderGrabActive] = v4(hex(0x8F897E));
    c[ImGuiCol_Button] = v4(hex(0xE4E0D7));
    c[ImGuiCol_ButtonHovered] = v4(accent.with_alpha(0.45f));
    c[ImGuiCol_ButtonActive] = v4(accent.with_alpha(0.70f));
    c[ImGuiCol_Header] = v4(hex(0xE4E0D7));
    c[ImGuiCol_HeaderHovered] = v4(accent.with_alpha(0.35f));
    c[ImGuiCol_HeaderActive] = v4(accent.with_alpha(0.55f));
    c[ImGuiCol_Separator] = v4(hex(0xC9C5BC));
    c[ImGuiCol_PlotHistogram] = v4(accent);
    plot_ = {hex(0x1E1E1E), hex(0x7A7A7A), hex(0xFBFAF7), hex(0xC9C5BC), hex(0x000000, 0.07f), hex(0x1E1E1E, 0.45f), hex(0xD55E00)};
    if (theme == UiTheme::HighContrast) {
        plot_ = {hex(0x000000), hex(0x2E2E2E), hex(0xFFFFFF), hex(0x000000), hex(0x000000, 0.16f), hex(0x000000, 0.6f), hex(0xD55E00)};
        // Black on white, no grey text, borders that survive a washed-out
        // projector; the accent at full strength wherever it marks a state.
        style.FrameBorderSize = 2.0f;
        style.WindowBorderSize = 1.0f;
        style.TabBorderSize = 2.0f;
        c[ImGuiCol_WindowBg] = c[ImGuiCol_ChildBg] = c[ImGuiCol_PopupBg] = v4(hex(0xFFFFFF));
        c[ImGuiCol_Text] = c[ImGuiCol_CheckMark] = v4(hex(0x000000));
        c[ImGuiCol_SliderGrab] = v4(hex(0xA0A0A0));
        c[ImGuiCol_SliderGrabActive] = v4(hex(0x7A7A7A));
        c[ImGuiCol_TextDisabled] = v4(hex(0x2E2E2E));
        c[ImGuiCol_Border] = c[ImGuiCol_Separator] = v4(hex(0x000000));
        c[ImGuiCol_FrameBg] = v4(hex(0xFFFFFF));
        c[ImGuiCol_FrameBgHovered] = v4(accent.with_alpha(0.35f));
        c[ImGuiCol_FrameBgActive] = v4(accent.with_alpha(0.55f));
        c[ImGuiCol_Button] = c[ImGuiCol_Header] = v4(hex(0xDADADA));
        c[ImGuiCol_ButtonHovered] = c[ImGuiCol_HeaderHovered] = v4(accent.with_alpha(0.60f));
        c[ImGuiCol_ButtonActive] = c[ImGuiCol_HeaderActive] = v4(accent);
        c[ImGuiCol_Tab] = v4(hex(0xDADADA));
        c[ImGuiCol_TabHovered] = v4(accent.with_alpha(0.60f));
        c[ImGuiCol_TabActive] = v4(accent);
        c[ImGuiCol_TitleBg] = c[ImGuiCol_TitleBgActive] = v4(hex(0xDADADA));
        c[ImGuiCol_ScrollbarBg] = v4(hex(0xFFFFFF));
        c[ImGuiCol_ScrollbarGrab] = v4(hex(0x555555));
    }
    style.ScaleAllSizes(scale);
    ImGui::GetStyle() = style;
}

void begin_fixed_window(const char* name, const PixelRect& rect, ImGuiWindowFlags extra) {
    ImGui::SetNextWindowPos({rect.x, rect.y});
    ImGui::SetNextWindowSize({rect.w, rect.h});
    ImGui::Begin(name, nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus | extra);
}

void tooltip(const char* text) {
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    text_wrapped(text, ImGui::GetFontSize() * 26.0f);  // Chinese too, which has no spaces to break at
    ImGui::EndTooltip();
}

}  // namespace tsl::app
