// ui_style.h — fonts and theme for the projector: DejaVu Sans from the
// system's fonts-dejavu-core (ImGui's built-in font if it is missing), sized by
// the UI scale, and a light or high-contrast theme whose accents follow the
// palette. Chinese characters come from WenQuanYi Micro Hei (Debian's
// fonts-wqy-microhei), merged into each font: only the characters the lab's
// texts use (set_wide_characters), so the atlas stays small.
//
// Fonts are rebuilt between frames when the scale changes (never inside one).
#pragma once

#include "app/render/palette.h"

#include "core/base/view.h"

#include <imgui.h>

#include <vector>

namespace tsl::app {

struct UiFonts {
    ImFont* regular = nullptr;  // body text
    ImFont* bold = nullptr;     // headings
    ImFont* caption = nullptr;  // large captions over the scene
};

// Hover help for the last item: one or two plain sentences, wrapped.
void tooltip(const char* text);

// Begins a window that fills `rect` exactly: no title, never moved, resized
// or brought in front of the others (the layout places it every frame).
// Always pair with ImGui::End().
void begin_fixed_window(const char* name, const PixelRect& rect, ImGuiWindowFlags extra = 0);

// The plots' colours in the current theme (the widget is drawn on ImDrawList,
// so it does not follow ImGui's style colours by itself).
struct PlotColours {
    Rgba ink, faint, paper, border, grid, cursor, frozen;
};

class UiStyle {
public:
    // Call between frames. Rebuilds fonts and sizes when the scale, palette or
    // theme changed since the last call; returns true when it did.
    // `density`: the display's pixels per ImGui unit (io.DisplayFramebufferScale,
    // 2 on a page at a device pixel ratio of 2): the fonts are rasterised at
    // that many pixels and drawn at 1/density, so text is sharp, not stretched.
    bool update(float ui_scale, PaletteKind palette, UiTheme theme = UiTheme::Light, float density = 1.0f);
    // The characters at or above U+2E80 the fonts must draw (the glossary's,
    // core/content/glossary.h: wide_characters); the fonts are rebuilt at the
    // next update when they change.
    void set_wide_characters(const std::vector<char32_t>& characters);
    // Of those, how many the built fonts draw (the others show as '?'): all
    // of them, unless the Chinese font is missing.
    int wide_characters_drawn() const;
    int wide_characters_wanted() const { return static_cast<int>(wide_.size()); }
    // The fonts are built again at the next update (a font file has appeared).
    void rebuild_fonts() { built_ = false; }
    const UiFonts& fonts() const { return fonts_; }
    const PlotColours& plot_colours() const { return plot_; }
    bool using_system_font() const { return system_font_; }
    float scale() const { return scale_; }
    UiTheme theme() const { return theme_; }

private:
    void build_fonts(float scale, float density);
    void apply_theme(float scale, PaletteKind palette, UiTheme theme);

    UiFonts fonts_;
    PlotColours plot_{};
    float scale_ = 0;
    float density_ = 1;
    PaletteKind palette_ = PaletteKind::Classic;
    UiTheme theme_ = UiTheme::Light;
    bool built_ = false;
    bool system_font_ = false;
    std::vector<char32_t> wide_;
    std::vector<ImWchar> wide_ranges_;  // pairs, 0-terminated: alive while the atlas is built
};

}  // namespace tsl::app
