#include "app/ui/field_controls.h"

#include "app/ui/text.h"
#include "app/ui/ui_style.h"
#include "app/ui/ui_text.h"

#include <imgui.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>

namespace tsl::app {

namespace {

using Widget = FieldUi::Widget;

Widget widget_of(const FieldSpec& f) {
    if (f.ui.widget != Widget::Auto) return f.ui.widget;
    switch (f.kind) {
        case FieldKind::Int:
        case FieldKind::Float: return Widget::Slider;
        case FieldKind::Bool: return Widget::Checkbox;
        case FieldKind::Enum: return Widget::Radios;
        case FieldKind::Text: return Widget::Input;
    }
    return Widget::Hidden;
}

// The label shown, and an ID of the setting's own: a control never shares an
// ID with a section header or another control that reads the same.
std::string label_of(const FieldSpec& f) { return tr_of(f.shown_label()) + "##" + std::string(f.key); }

// A choice's text in the chosen language; its ID the name's own, whatever the language.
std::string choice_text(const EnumName& name) { return tr_of(name.label.empty() ? name.name : name.label); }
std::string choice_label(const std::string& text, const EnumName& name) { return text + "###" + std::string(name.name); }

// A slider's format in the chosen language ("%.0f frames" -> "%.0f 個影格").
std::string format_of(const char* format, const char* otherwise) { return format ? tr_of(format) : std::string(otherwise); }

// A number typed or dragged: the field's range, whole for Int.
FieldValue number(const FieldSpec& f, double v) {
    v = std::clamp(v, f.min, f.max);
    if (f.kind == FieldKind::Int) return static_cast<std::int64_t>(std::llround(v));
    return v;
}

// The schema writes slider formats for doubles ("%.0f frames"); whole numbers
// are drawn as ImGui's 64-bit integers (whose grab is as wide as one value).
std::string integer_format(const char* format) {
    std::string f = format_of(format, "%.0f");
    if (const std::size_t at = f.find("%.0f"); at != std::string::npos) f.replace(at, 4, "%lld");
    return f;
}

std::string unavailable(const FieldSpec& f, const FieldControlOptions& o, std::int64_t value) {
    return o.unavailable ? o.unavailable(f, value) : std::string();
}

std::string g_last_unavailable_line;  // main thread only

// The line after a control with choices that cannot be taken here: which, and why.
void unavailable_line(const std::string& which, const std::string& why) {
    if (why.empty()) return;
    const std::string line = which + ": " + why;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    wrapped_in_language(line);
    ImGui::PopStyleColor();
    if (ImGui::IsItemVisible()) g_last_unavailable_line = line;
}

std::optional<FieldValue> slider(const FieldSpec& f, const LabSettings& s, const FieldControlOptions& o) {
    double lo = f.ui.lo, hi = f.ui.hi;
    if (lo == 0 && hi == 0) {
        lo = f.min;
        hi = f.max;
    }
    if (f.ui.dynamic_hi) hi = f.ui.dynamic_hi(s);
    const double shown = o.shown_value.value_or(number_value(get_field(s, f, o.pane)));
    ImGuiSliderFlags flags = f.ui.logarithmic ? ImGuiSliderFlags_Logarithmic : 0;
    const std::string label = label_of(f);
    if (f.kind == FieldKind::Int) {
        std::int64_t v = std::llround(shown);
        const std::int64_t ilo = std::llround(lo), ihi = std::llround(hi);
        const std::string format = integer_format(f.ui.format);
        // A number whose highest value cannot be taken here: shown, not changed.
        const std::string why = unavailable(f, o, ihi);
        ImGui::BeginDisabled(!why.empty());
        const bool moved = ImGui::SliderScalar(label.c_str(), ImGuiDataType_S64, &v, &ilo, &ihi, format.c_str(), flags | ImGuiSliderFlags_AlwaysClamp);
        ImGui::EndDisabled();
        unavailable_line(tr_of(f.shown_label()), why);
        if (!moved || !why.empty()) return std::nullopt;
        return number(f, static_cast<double>(v));
    }
    double v = shown;
    if (!ImGui::SliderScalar(label.c_str(), ImGuiDataType_Double, &v, &lo, &hi, format_of(f.ui.format, "%.3g").c_str(), flags)) return std::nullopt;
    return number(f, v);
}

std::optional<FieldValue> input(const FieldSpec& f, const LabSettings& s, const FieldControlOptions& o) {
    const std::string label = label_of(f);
    if (f.kind == FieldKind::Text) {
        char buffer[512];
        std::snprintf(buffer, sizeof buffer, "%s", text_value(get_field(s, f, o.pane)).c_str());
        if (!ImGui::InputText(label.c_str(), buffer, sizeof buffer)) return std::nullopt;
        if (f.min > 0 && buffer[0] == 0) return std::nullopt;  // an empty name is refused: keep the old one
        return std::string(buffer);
    }
    if (f.kind == FieldKind::Int) {
        std::int64_t v = int_value(get_field(s, f, o.pane));
        if (!ImGui::InputScalar(label.c_str(), ImGuiDataType_S64, &v)) return std::nullopt;
        return number(f, static_cast<double>(v));
    }
    double v = number_value(get_field(s, f, o.pane));
    if (!ImGui::InputScalar(label.c_str(), ImGuiDataType_Double, &v, nullptr, nullptr, "%.3g")) return std::nullopt;
    return number(f, v);
}

std::optional<FieldValue> checkbox(const FieldSpec& f, const LabSettings& s, const FieldControlOptions& o) {
    const FieldValue current = get_field(s, f, o.pane);
    if (f.kind == FieldKind::Bool) {
        bool on = bool_value(current);
        if (!ImGui::Checkbox(label_of(f).c_str(), &on)) return std::nullopt;
        return on;
    }
    // An Enum of two values: checked is the second.
    assert(f.kind == FieldKind::Enum && "field_control: a checkbox is for a Bool or an Enum of two values");
    int values[2] = {0, 0}, n = 0;
    for (const EnumName& name : f.names)
        if (is_canonical(f.names, name) && n < 2) values[n++] = name.value;
    bool on = int_value(current) == values[1];
    if (!ImGui::Checkbox(label_of(f).c_str(), &on)) return std::nullopt;
    return static_cast<std::int64_t>(on ? values[1] : values[0]);
}

std::optional<FieldValue> radios(const FieldSpec& f, const LabSettings& s, const FieldControlOptions& o, bool one_line) {
    const std::int64_t current = int_value(get_field(s, f, o.pane));
    std::optional<FieldValue> chosen;
    ImGui::PushID(std::string(f.key).c_str());
    if (one_line && !f.label.empty()) {
        ImGui::TextUnformatted(tr_of(f.label).c_str());
        ImGui::SameLine();
    }
    int index = 0;
    std::string disabled, why;  // the choices that cannot be taken here, and the reason
    const ImGuiStyle& style = ImGui::GetStyle();
    float first_x = -1;  // where the first choice went: a wrapped row lines up under it
    for (const EnumName& name : f.names) {
        if (!is_canonical(f.names, name)) continue;
        const std::string text = o.radio_label ? o.radio_label(name, index) : choice_text(name);
        // A row of choices: the next on the same line where it fits whole, else on the next line (never cut at the panel's edge).
        if (one_line && index > 0) {
            const float width = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(text.c_str()).x;
            ImGui::SameLine();
            if (ImGui::GetContentRegionAvail().x < width) {
                ImGui::NewLine();
                if (first_x + width <= ImGui::GetWindowContentRegionMax().x) ImGui::SetCursorPosX(first_x);
            }
        }
        if (first_x < 0) first_x = ImGui::GetCursorPosX();
        const std::string not_here = unavailable(f, o, name.value);
        ImGui::BeginDisabled(!not_here.empty());
        if (ImGui::RadioButton(choice_label(text, name).c_str(), current == name.value) && not_here.empty()) chosen = static_cast<std::int64_t>(name.value);
        ImGui::EndDisabled();
        if (!not_here.empty()) {
            disabled += (disabled.empty() ? "" : ", ") + text;
            why = not_here;
        } else if (!name.help.empty()) {
            tooltip(tr_of(name.help).c_str());
        }
        ++index;
    }
    unavailable_line(disabled, why);
    ImGui::PopID();
    return chosen;
}

std::optional<FieldValue> combo(const FieldSpec& f, const LabSettings& s, const FieldControlOptions& o) {
    const FieldValue current = get_field(s, f, o.pane);
    std::optional<FieldValue> chosen;
    if (f.kind == FieldKind::Enum) {
        std::string preview = tr_of(label_for(f.names, static_cast<int>(int_value(current))));
        int index = 0;  // of each canonical name, as radio_label counts them
        for (const EnumName& name : f.names) {
            if (!is_canonical(f.names, name)) continue;
            if (o.radio_label && name.value == int_value(current)) preview = o.radio_label(name, index);
            ++index;
        }
        if (!ImGui::BeginCombo(label_of(f).c_str(), preview.c_str())) return std::nullopt;
        index = 0;
        for (const EnumName& name : f.names) {
            if (!is_canonical(f.names, name)) continue;
            const std::string not_here = unavailable(f, o, name.value);
            std::string text = o.radio_label ? o.radio_label(name, index) : choice_text(name);
            ++index;
            if (!not_here.empty()) text += " (" + not_here + ")";
            if (ImGui::Selectable(choice_label(text, name).c_str(), int_value(current) == name.value, not_here.empty() ? 0 : ImGuiSelectableFlags_Disabled))
                chosen = static_cast<std::int64_t>(name.value);
        }
        ImGui::EndCombo();
        return chosen;
    }
    // Text choices (the levels: file names) shown in the chosen language where it has them, each its own ID.
    const std::string& text = text_value(current);
    if (!ImGui::BeginCombo(label_of(f).c_str(), tr_of(text).c_str())) return std::nullopt;
    for (const std::string& choice : o.choices)
        if (ImGui::Selectable((tr_of(choice) + "###" + choice).c_str(), choice == text)) chosen = choice;
    ImGui::EndCombo();
    return chosen;
}

}  // namespace

const std::string& last_unavailable_line() { return g_last_unavailable_line; }

std::optional<SetField> field_control(const FieldSpec& f, const LabSettings& s, const FieldControlOptions& o) {
    std::optional<FieldValue> changed;
    const Widget widget = widget_of(f);
    switch (widget) {
        case Widget::Slider: changed = slider(f, s, o); break;
        case Widget::Input: changed = input(f, s, o); break;
        case Widget::Checkbox: changed = checkbox(f, s, o); break;
        case Widget::Radios: changed = radios(f, s, o, false); break;
        case Widget::RadioRow: changed = radios(f, s, o, true); break;
        case Widget::Combo: changed = combo(f, s, o); break;
        case Widget::Auto:
        case Widget::Hidden: return std::nullopt;
    }
    // Radios carry their own help, one sentence per choice.
    if (widget != Widget::Radios && widget != Widget::RadioRow && !f.help.empty()) tooltip(tr_of(f.help).c_str());
    if (!changed) return std::nullopt;
    return SetField{std::string(f.key), std::move(*changed), o.pane};
}

void FieldSection::control(SettingName name, const FieldControlOptions& options) { control(field_of(name), options); }

void FieldSection::control(const FieldSpec& f, const FieldControlOptions& options) {
    drawn_.insert(f.key);
    FieldControlOptions with_hook = options;
    if (!with_hook.unavailable) with_hook.unavailable = unavailable_;
    if (std::optional<SetField> change = field_control(f, settings_, with_hook)) commands_.push_back(std::move(*change));
}

void FieldSection::finish(FieldScope scope) {
    for (const FieldSpec& f : settings_schema())
        if (f.scope == scope && widget_of(f) != Widget::Hidden && !drawn_.contains(f.key)) control(f, {});
}

}  // namespace tsl::app
