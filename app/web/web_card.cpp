// web_card.cpp — the lesson card and the controls a student needs, as the
// page's own text and buttons (web/index.html, #a11y), beside the canvas that
// draws them: a screen reader reads them, the browser can select, search and
// translate them, and the keyboard reaches them (Shift+Tab from the canvas).
//
// Each frame, web_main.cpp calls mirror_card: when what the card says (or
// the pause, the mode, the scene) changed, the page gets it as one JSON object
// (Module.showCard). The page's buttons come back as commands through
// tsl_web_control and tsl_web_set_mode, the same commands the panel's buttons
// and the keys give. Built into the page only. Main thread.
#include "app/frame/lab_app.h"
#include "app/ui/text.h"
#include "app/ui/ui_text.h"
#include "app/web/web_lab.h"

#include "core/session/lab_session.h"
#include "core/settings/settings_schema.h"

#include <emscripten.h>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace tsl::app {

namespace {

const char* verdict_text(ExpectVerdict verdict) {
    return verdict == ExpectVerdict::Met ? tr("met") : verdict == ExpectVerdict::NotMet ? tr("not met") : tr("waiting");
}

std::string card_json(const LabApp& app) {
    const LabSession& session = app.session();
    nlohmann::json j;
    const LabSettings& s = session.settings();
    j["paused"] = s.paused;
    const FieldSpec* mode = &field_of(app.mode_setting());
    nlohmann::json options = nlohmann::json::array();
    for (const EnumName& name : mode->names)
        if (!name.label.empty()) options.push_back({name.name, tr_of(name.label)});
    // A quiz's question about the mode keeps it from the page's text until the reveal.
    const std::string value = session.answer_hidden("mode") ? std::string() : format_value(*mode, get_field(s, *mode));
    j["mode"] = {{"key", mode->key}, {"noun", tr_of(mode->noun)}, {"value", value}, {"options", options}};
    // The page's own words follow the lab's language (index.html fetches its file).
    j["lang"] = language_code(s.language);
    j["lesson"] = session.lesson() != nullptr;
    if (session.lesson() || !session.preset().empty()) {
        std::optional<LessonCard> built;  // when the frame drew none: the panel folded, no presenter view
        const LessonCard& card = app.card_drawn() ? *app.card_drawn() : built.emplace(session.lesson_card());
        nlohmann::json rows = nlohmann::json::array(), checks = nlohmann::json::array();
        for (const RevealRow& row : card.rows) {
            nlohmann::json cells = nlohmann::json::array({row.label});
            for (const std::string& v : row.values) cells.push_back(v);
            rows.push_back(cells);
        }
        for (const ExpectationResult& c : card.checks) checks.push_back({verdict_text(c.verdict), c.described, c.measured});
        std::vector<std::string> terms;  // "T: one batch, ...", as the panel shows them
        for (const CardTerm& term : card.terms) terms.push_back(term.line());
        j["card"] = {{"heading", card.heading},       {"title", card.title},       {"text", card.text},
                     {"on_this_page", card.on_this_page}, {"question", card.question}, {"terms", terms},
                     {"predict", card.question.empty() ? std::string() : formatted(tr("Predict: %s"), card.question.c_str())},
                     {"lang", language_code(s.language)}, {"untranslated", card.untranslated},
                     {"revealed", card.revealed},     {"measured_over", card.measured_over}, {"columns", card.columns},
                     {"rows", rows},                  {"answer", card.answer},     {"checks", checks},
                     {"missed", card.missed},         {"changed", card.changed},   {"can_go_back", card.can_go_back},
                     {"can_go_forward", card.can_go_forward}};
        if (card.guess.asked)
            j["card"]["guess"] = {{"prompt", card.guess.prompt}, {"unit", card.guess.unit}, {"value", card.guess.value},
                                  {"result", card.guess.result_full}};
    }
    return j.dump();
}

std::string& shown() {
    static std::string json;
    return json;
}

}  // namespace

void mirror_card(const LabApp& app) {
    std::string json = card_json(app);
    if (json == shown()) return;
    shown() = std::move(json);
    EM_ASM({ if (Module.showCard) Module.showCard(JSON.parse(UTF8ToString($0))); }, shown().c_str());
}

}  // namespace tsl::app

extern "C" {

// The page's buttons: "back", "forward" (reveal, then the next step) and
// "pause" (pause or play), as Page Up, Page Down and Space.
EMSCRIPTEN_KEEPALIVE void tsl_web_control(const char* what) {
    tsl::app::LabApp* app = tsl::app::web_app();
    if (!app) return;
    const std::string w = what;
    if (w == "back") app->apply(tsl::LessonBack{});
    else if (w == "forward") app->apply(tsl::LessonForward{});
    else if (w == "pause") app->apply(tsl::TogglePause{});
}

// The page's mode menu: the scene's mode by its name ("siso"), as the panel's
// radio buttons set it; a problem shows as the panel's would.
EMSCRIPTEN_KEEPALIVE void tsl_web_set_mode(const char* name) {
    tsl::app::LabApp* app = tsl::app::web_app();
    if (!app) return;
    const tsl::FieldSpec& field = tsl::field_of(app->mode_setting());
    if (const tsl::Result<tsl::FieldValue> value = tsl::parse_value(field, name)) app->apply(tsl::SetField{std::string(field.key), *value});
}

}  // extern "C"
