// settings_schema.h — every setting of the lab, defined once: its name, where
// it lives, its type and range, its unit, the label and help text people see,
// its names when it is a choice, and how the command line, presets and the
// settings file spell it. Everything that reads or writes a setting goes
// through this table:
//   --set NAME=VALUE and `--help`           (apply_assignment, schema_help)
//   the scene options of `trace`/`metrics`  (FieldSpec::cli_flag)
//   presets and lessons                     (FieldSpec::preset_key, core/content/preset.h)
//   settings.toml                           (FieldSpec::settings_key, settings_file.h)
//   the panel's controls                    (FieldSpec::ui, app/ui/field_controls.h)
//
// A value is checked once, here (check_value): a number must be finite and in
// [min, max] — the same range everywhere —, a choice one of its names (any
// case, '_' or '-'), and a problem is one line that names the setting and
// what it accepts.
//
// Adding a setting: give it a field in LabSettings (lab_settings.h), its name
// in setting_names.h and a row in the table in settings_schema.cpp. Nothing else is needed for it to be
// settable with --set, listed by --help, readable from the settings it names
// and shown in the panel section its scope belongs to.
#pragma once

#include "core/base/result.h"
#include "core/settings/lab_settings.h"
#include "core/settings/setting_names.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace tsl {

enum class FieldKind : std::uint8_t {
    Int,    // a whole number (FieldValue holds std::int64_t)
    Float,  // a number (double)
    Bool,   // true or false (bool)
    Enum,   // one of `names` (std::int64_t: the enum's value)
    Text,   // free text (std::string)
};

// Where a setting lives, which is also the panel section that shows it.
enum class FieldScope : std::uint8_t {
    Scene,     // which scene is shown
    Panes,     // how many NPC panes, and which one pane settings change
    Pane,      // one NPC pane: timing and drawing (the edited pane, or a named one)
    World,     // the NPC world every pane shares
    Threads,   // the job system
    Exposure,  // the exposure scene: its world, and its panes
    ExposurePane,  // one exposure pane (the edited one, or a named one)
    EngineWorld,  // the parallel engine: its world, and its panes
    EnginePane,   // one engine pane (the edited one, or a named one)
    Clock,     // time scale, pause
    View,      // how the window looks
    Timeline,  // the timeline tab
    Record,    // GIF and PNG files
};

using FieldValue = std::variant<bool, std::int64_t, double, std::string>;

// How the panel shows a setting (app/ui/field_controls.h draws it).
struct FieldUi {
    enum class Widget : std::uint8_t {
        Auto,      // by kind: a slider for numbers, a checkbox, radio buttons, a text field
        Slider,    // numbers: a slider over [lo, hi] (Ctrl+click types any value in range)
        Input,     // numbers or text: a field to type in
        Checkbox,  // Bool; or an Enum of two values: checked is the second
        Radios,    // Enum: one radio button per name, one per line
        RadioRow,  // Enum: radio buttons on one line
        Combo,     // Enum or Text: a drop-down
        Hidden,    // not a control of the panel (set by keys, buttons or the command line)
    };
    Widget widget = Widget::Auto;
    double lo = 0, hi = 0;            // slider range; both 0 — the field's min and max (dynamic_hi, when set, gives hi)
    bool logarithmic = false;
    const char* format = nullptr;     // printf format of a slider's value ("%.0f deg/s"); nullptr — plain
    double (*dynamic_hi)(const LabSettings&) = nullptr;  // a slider end that follows another setting (J up to N)
};

struct FieldSpec {
    std::string_view key;            // "jobs_per_update": the --set name
    FieldScope scope;
    FieldKind kind;
    double min = 0, max = 0;         // Int and Float: the accepted range, inclusive; Text: min 1 — may not be empty
    std::string_view unit = {};      // "ms", "deg/s" — after values in help and errors
    std::string_view label = {};     // the control's label ("jobs per update (J)"; "" — the key)
    std::string_view help = {};      // one or two plain sentences: tooltips, --help
    std::span<const EnumName> names = {};  // Enum: the accepted names
    std::string_view noun = {};      // Enum: what a value is called in errors ("mode", "exposure mode")
    std::string_view cli_flag = {};  // "--jobs-per-update" where `trace`/`metrics` take it ("" — not there)
    std::string_view preset_key = {};    // its key in a preset's table ("" — the same as key, "-" — not in presets)
    std::string_view settings_key = {};  // "npc.mode": remembered in settings.toml under this path ("" — not remembered)
    bool linked = false;             // Pane: when panes are linked (link_panes), a change applies to every pane
    FieldUi ui = {};
    FieldValue (*get)(const LabSettings&, int pane) = nullptr;      // pane: -1 — the edited pane
    void (*set)(LabSettings&, int pane, const FieldValue&) = nullptr;  // the value has passed check_value

    std::string_view shown_label() const { return label.empty() ? key : label; }
    std::string_view file_key() const { return preset_key.empty() ? key : preset_key; }
    bool in_presets() const { return preset_key != "-"; }
};

// The table, in panel order.
std::span<const FieldSpec> settings_schema();
// nullptr when no field has that --set name (text from people: --set, a preset, a link).
const FieldSpec* find_field(std::string_view key);
// The field of a name code writes (setting::jobs_per_update): every name has one
// (tests/test_settings.cpp).
const FieldSpec& field_of(SettingName name);
// The field a preset table names `file_key` in `scope` (its [scene], [[pane]]
// or [exposure] table, or the top level); nullptr when none.
const FieldSpec* find_preset_field(FieldScope scope, std::string_view file_key);

// --- Checking and converting values ----------------------------------------
// Brings `value` to the field's type (a whole double is an Int, a number a
// Float, a name an Enum, text is parsed when the field is not Text) and checks
// it: finite, within [min, max], a known name. The value so brought, or why
// not (FailKind::Refused), in words that do not repeat the field's name ("0 is
// out of range (1 to 100000)", "'fast' is not a mode; accepted: update-all, aiao, ...").
Result<FieldValue> check_value(const FieldSpec& field, FieldValue value);
// Text from the command line, a preset or the settings file, checked.
Result<FieldValue> parse_value(const FieldSpec& field, std::string_view text);
// The value as the command line and settings file write it: "aiao", "3", "1.5", "true".
std::string format_value(const FieldSpec& field, const FieldValue& value);
// What a field accepts, for messages: "1 to 100000", "aiao, siao, ...", "true or false", "text".
std::string accepted_values(const FieldSpec& field);
// The same, short, for --help: "1..100000", "aiao|siao|...", "true|false", "TEXT".
std::string accepted_short(const FieldSpec& field);

// --- Changing settings --------------------------------------------------------
// Sets `field` (pane: -1 — the edited pane) to `value`, checked; or the
// one-line problem, naming the field ("npcs: 0 is out of range (1 to 100000)").
Status set_field(LabSettings& settings, const FieldSpec& field, FieldValue value, int pane = -1);
// "NAME=VALUE" (--set, lesson-check's and record's too) split at its first
// '=': the name and the value's text; nullopt without one. The one reader of
// that form: apply_assignment, and the launch's SetField commands, use it.
struct Assignment {
    std::string name, value;
};
std::optional<Assignment> split_assignment(std::string_view assignment);
// "NAME=VALUE" (--set); or the one-line problem (an unknown name lists the names).
Status apply_assignment(LabSettings& settings, std::string_view assignment);
// The field's current value (pane: -1 — the edited pane).
FieldValue get_field(const LabSettings& settings, const FieldSpec& field, int pane = -1);

// --- Where no worker thread can start (a browser page that is not cross-origin
// isolated: web/README.md) ------------------------------------------------------
// The choice `value` of the setting `key` needs threads besides the main one:
// threading thread-per-job and pool, the exposure scene's same-frame and
// next-frame, the engine's pool, workers above 0.
bool needs_worker_threads(std::string_view key, std::int64_t value);
// Every such choice in `settings` changed to its main-thread counterpart
// (threading and the engine's: inline; the exposure scene's: single; workers:
// 0 — -1 stays, one per core besides the main thread being none there). Returns
// what changed, one item each ("threading thread-per-job → inline"), or "".
std::string fall_back_to_main_thread(LabSettings& settings);

// "Controls for --set NAME=VALUE:" and one row per field: name, accepted values, help.
std::string schema_help();

// Numbers out of a FieldValue of the right kind.
std::int64_t int_value(const FieldValue& value);
double number_value(const FieldValue& value);
bool bool_value(const FieldValue& value);
const std::string& text_value(const FieldValue& value);

}  // namespace tsl
