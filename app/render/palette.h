// palette.h — the colours of every scene and of the UI accents. Two sets: the
// classic one (the article's black and red) and a colour-blind-safe one built
// from the Okabe–Ito palette, where no meaning rests on red vs green alone.
#pragma once

#include "core/settings/lab_settings.h"

#include <cstdint>

namespace tsl::app {

struct Rgba {
    float r = 0, g = 0, b = 0, a = 1;
    Rgba with_alpha(float alpha) const { return {r, g, b, alpha}; }
    std::uint32_t packed() const {  // RGBA8, R in the low byte (also ImGui's IM_COL32 layout)
        auto byte = [](float v) { return static_cast<std::uint32_t>(v <= 0 ? 0 : v >= 1 ? 255 : v * 255.0f + 0.5f); };
        return byte(r) | byte(g) << 8 | byte(b) << 16 | byte(a) << 24;
    }
};

constexpr Rgba hex(std::uint32_t rgb, float alpha = 1) {
    return {((rgb >> 16) & 0xFF) / 255.0f, ((rgb >> 8) & 0xFF) / 255.0f, (rgb & 0xFF) / 255.0f, alpha};
}

struct Palette {
    Rgba background;       // scene background
    Rgba facing;           // black arrow: where an NPC faces
    Rgba desired;          // red arrow: where its newest decision wants it to face
    Rgba debug_line;       // line to the target position that decision saw
    Rgba target_fill, target_outline;
    Rgba running;          // halo of an NPC whose job runs this update
    Rgba ink, faint_ink;   // text and quiet text drawn over the scene
    Rgba saved, finished, pending;  // batch progress: saved, finished but held, not started
    // The exposure scene: map cells, rays by result, the sentinel, the character.
    // Exposed and hidden differ in lightness as well as hue.
    Rgba exposed, hidden, wall, cell_line;
    Rgba ray_seen, ray_blocked;
    Rgba sentinel, character;
};

inline const Palette& palette(PaletteKind kind) {
    static const Palette classic{
        hex(0xFBFAF7), hex(0x161616), hex(0xD0202E), hex(0xD0202E, 0.70f), hex(0xBDBDBD), hex(0x161616),
        hex(0xF0A202), hex(0x1E1E1E), hex(0x6B6B6B), hex(0x2B2B2B), hex(0xD0202E), hex(0xDDDAD3),
        hex(0xF8E3A3), hex(0x8397AD), hex(0x34363A), hex(0x000000, 0.12f),
        hex(0xE09A00, 0.85f), hex(0x2C4A6E, 0.55f), hex(0xD0202E), hex(0x128A5C)};
    static const Palette colour_blind{
        hex(0xFBFAF7), hex(0x161616), hex(0xD55E00), hex(0xD55E00, 0.70f), hex(0xBDBDBD), hex(0x161616),
        hex(0x0072B2), hex(0x1E1E1E), hex(0x6B6B6B), hex(0x2B2B2B), hex(0xD55E00), hex(0xDDDAD3),
        hex(0xF0E442), hex(0x56B4E9), hex(0x333333), hex(0x000000, 0.12f),
        hex(0xE69F00, 0.90f), hex(0x0072B2, 0.60f), hex(0xD55E00), hex(0x009E73)};
    return kind == PaletteKind::Classic ? classic : colour_blind;
}

// The article demo's colours: black facing darts, red desired darts and lines,
// a grey target with a black ring, on white.
inline constexpr std::uint32_t kArticleInk = 0x000000, kArticleRed = 0xCC0000, kArticleTargetFill = 0xCCCCCC, kArticlePaper = 0xFFFFFF;

// Series and chips of the comparison view's panes: Okabe-Ito hues, told apart
// by everyone, in both palettes.
inline Rgba pane_colour(int index) {
    static constexpr std::uint32_t hues[] = {0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7, 0xE69F00};
    return hex(hues[static_cast<unsigned>(index) % 5]);
}
inline char pane_letter(int index) { return static_cast<char>('A' + index); }

}  // namespace tsl::app
