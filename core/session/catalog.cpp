#include "core/session/catalog.h"

#include "core/content/lesson.h"
#include "core/content/preset.h"
#include "core/exposure/level.h"

#include <algorithm>
#include <filesystem>
#include <tuple>

namespace tsl {

const Translation* Catalog::translation(Language language) const {
    for (const Translation& t : translations)
        if (t.language == language) return &t;
    return nullptr;
}

Catalog scan_catalog(const std::string& assets_dir) {
    Catalog c;
    // The pickers list every preset and lesson that loads; a broken file is named.
    struct Order {
        int lesson_step = 1 << 20;  // where a lesson first uses it (lessons in their order)
        int distinct_modes = 0;     // 1: one mode's figure; more: a comparison of modes
        int first_mode = 0;
    };
    std::vector<Order> order;
    std::vector<Lesson> lessons;
    for (const std::string& name : list_presets(assets_dir)) {
        const Result<Preset> loaded = load_preset_by_name(assets_dir, name);
        if (!loaded) {
            c.problem = loaded.error();
            continue;
        }
        const Preset& p = *loaded;
        CatalogEntry entry{name, p.title, p.description, p.scene, {}, {}};
        for (Language language : kAllLanguages) {
            const PresetWords& w = p.in_language[static_cast<std::size_t>(language)];
            entry.titles[static_cast<std::size_t>(language)] = w.title;
            entry.descriptions[static_cast<std::size_t>(language)] = w.description;
            c.translated_text += w.title + w.description;
        }
        c.presets.push_back(std::move(entry));
        Order o;
        std::vector<Mode> modes;
        for (const NpcPaneSettings& pane : p.npc.panes)
            if (std::find(modes.begin(), modes.end(), pane.timeslicing.mode) == modes.end()) modes.push_back(pane.timeslicing.mode);
        o.distinct_modes = static_cast<int>(modes.size());
        o.first_mode = modes.empty() ? 0 : static_cast<int>(modes.front());
        order.push_back(o);
    }
    c.levels = level_names(assets_dir + "/levels");
    std::error_code ec;
    if (std::filesystem::exists(assets_dir + "/glossary.toml", ec)) {  // an assets folder without one has no glossary
        if (Result<Glossary> glossary = load_glossary(assets_dir)) c.glossary = std::move(*glossary);
        else c.problem = glossary.error();
    }
    for (const std::string& name : list_lessons(assets_dir)) {
        Result<Lesson> loaded = load_lesson_by_name(assets_dir, name);
        if (!loaded) {
            c.problem = loaded.error();
            continue;
        }
        lessons.push_back(std::move(*loaded));
    }
    // Grouped by scene (NPCs, exposure, engine), in the order the lessons
    // teach them; the rest after, one mode's figures before comparisons of several.
    auto scene_rank = [](const CatalogEntry& e) { return static_cast<int>(e.scene); };  // SceneKind's order
    auto lesson_scene = [&](const Lesson& l) {
        for (const CatalogEntry& p : c.presets)
            if (!l.steps.empty() && p.name == l.steps.front().preset) return p;
        return CatalogEntry{};
    };
    std::stable_sort(lessons.begin(), lessons.end(),
                     [&](const Lesson& a, const Lesson& b) { return scene_rank(lesson_scene(a)) < scene_rank(lesson_scene(b)); });
    int step_index = 0;
    for (const Lesson& l : lessons) {
        const CatalogEntry first = lesson_scene(l);
        CatalogEntry entry{l.name, l.title, l.description, first.scene, {}, {}};
        for (Language language : kAllLanguages) {
            const std::size_t at = static_cast<std::size_t>(language);
            const LessonWords& w = l.in_language[at];
            entry.titles[at] = w.title;
            entry.descriptions[at] = w.description;
            c.translated_text += w.title + w.description;
            for (const auto& [term, meaning] : w.terms) c.translated_text += meaning;
            for (const LessonStep& step : l.steps) {
                const StepText& t = step.in_language[at];
                c.translated_text += t.title + t.text + t.question + t.answer;
            }
        }
        c.lessons.push_back(std::move(entry));
        for (const LessonStep& step : l.steps) {
            for (std::size_t i = 0; i < c.presets.size(); ++i)
                if (c.presets[i].name == step.preset) order[i].lesson_step = std::min(order[i].lesson_step, step_index);
            ++step_index;
        }
    }
    for (Language language : kAllLanguages) {
        if (language == Language::En) continue;
        Result<Translation> loaded = load_translation(assets_dir, language);
        if (loaded) c.translations.push_back(std::move(*loaded));
        else c.problem = loaded.error();
    }
    std::vector<std::size_t> index(c.presets.size());
    for (std::size_t i = 0; i < index.size(); ++i) index[i] = i;
    std::stable_sort(index.begin(), index.end(), [&](std::size_t a, std::size_t b) {
        const CatalogEntry &pa = c.presets[a], &pb = c.presets[b];
        const Order &oa = order[a], &ob = order[b];
        const int ra = scene_rank(pa), rb = scene_rank(pb);
        return std::tie(ra, oa.lesson_step, oa.distinct_modes, oa.first_mode, pa.name) <
               std::tie(rb, ob.lesson_step, ob.distinct_modes, ob.first_mode, pb.name);
    });
    std::vector<CatalogEntry> sorted;
    for (std::size_t i : index) sorted.push_back(std::move(c.presets[i]));
    c.presets = std::move(sorted);
    return c;
}

}  // namespace tsl
