// field_controls.h — the panel's control for any setting, made from its row
// in core/settings/settings_schema.h: the label, range, format, names and
// help text all come from there, so a setting has no hand-written slider.
// Drawing never changes a setting: a change comes back as a SetField command
// that the frame applies after the UI is drawn.
//
// Threading: main thread, inside an ImGui window.
#pragma once

#include "core/session/commands.h"
#include "core/settings/settings_schema.h"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace tsl::app {

struct FieldControlOptions {
    int pane = -1;                   // pane settings: which pane (-1: the edited one)
    // Enum radios and combos: the text of each (default: the name's label).
    std::function<std::string(const EnumName& name, int index)> radio_label;
    // Text combos: the choices offered (the current value is always one).
    std::vector<std::string> choices;
    // Numbers: the value the control shows instead of the setting's own (the
    // job system's worker count when the setting says -1 for "one per core").
    std::optional<double> shown_value;
    // Why a choice (an enum's value; a number's highest) cannot be taken here,
    // or "" when it can: such a choice is drawn disabled, with one line after
    // the control giving the reason (FieldSection passes its own).
    std::function<std::string(const FieldSpec& field, std::int64_t value)> unavailable;
};

// The last line drawn in sight (not scrolled away) that says which choices
// cannot be taken here and why ("" — none yet): for the browser page's test.
const std::string& last_unavailable_line();

// Draws the control and returns the command its change asks for, if any.
std::optional<SetField> field_control(const FieldSpec& field, const LabSettings& settings, const FieldControlOptions& options = {});

// A panel section's controls, keyed by the schema. Each control is drawn
// with `control`; at the end of the section, `finish` draws every visible
// field of its scopes that the section did not place, so that a new row of
// the schema appears in the panel without further code.
class FieldSection {
public:
    FieldSection(const LabSettings& settings, std::vector<Command>& commands) : settings_(settings), commands_(commands) {}
    // The control of the setting `name`.
    void control(SettingName name, const FieldControlOptions& options = {});
    // Every visible field of `scope` not drawn yet, in table order.
    void finish(FieldScope scope);
    // Why a choice cannot be taken here (FieldControlOptions::unavailable), for every control of the section.
    void set_unavailable(std::function<std::string(const FieldSpec&, std::int64_t)> why) { unavailable_ = std::move(why); }
    // The field is not shown now (its control depends on another setting).
    void skip(SettingName name) { drawn_.insert(name.key); }
    // A command of the section's own (a row picked, a preset button).
    void add(Command command) { commands_.push_back(std::move(command)); }
    const LabSettings& settings() const { return settings_; }

private:
    void control(const FieldSpec& field, const FieldControlOptions& options);

    const LabSettings& settings_;
    std::vector<Command>& commands_;
    std::set<std::string_view> drawn_;
    std::function<std::string(const FieldSpec&, std::int64_t)> unavailable_;
};

}  // namespace tsl::app
