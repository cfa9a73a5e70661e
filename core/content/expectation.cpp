#include "core/content/expectation.h"

#include "core/base/formatted.h"

#include "core/content/lesson.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tsl {

namespace {

// --- Reading ---------------------------------------------------------------------

struct Token {
    enum Kind { Word, Pane, Number, Op, Times, End } kind = End;
    std::string text;
    double number = 0;
};

std::vector<Token> tokens_of(std::string_view text, std::string& error) {
    std::vector<Token> out;
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (std::isspace(c)) {
            ++i;
        } else if (c == '<' || c == '>' || c == '=') {
            std::string op(1, static_cast<char>(c));
            if (c != '=' && i + 1 < text.size() && text[i + 1] == '=') op += '=';
            out.push_back({Token::Op, op});
            i += op.size();
        } else if (c == '*') {
            out.push_back({Token::Times, "*"});
            ++i;
        } else if (text.substr(i, 2) == "\xc3\x97") {  // the multiplication sign, as the card writes it
            out.push_back({Token::Times, "x"});
            i += 2;
        } else if (std::isdigit(c) || c == '.') {
            std::size_t j = i;
            while (j < text.size() && (std::isdigit(static_cast<unsigned char>(text[j])) || text[j] == '.')) ++j;
            const std::string number(text.substr(i, j - i));
            char* end = nullptr;
            const double value = std::strtod(number.c_str(), &end);
            if (end != number.c_str() + number.size() || !std::isfinite(value)) {
                error = "'" + number + "' is not a number";
                return {};
            }
            out.push_back({Token::Number, number, value});
            i = j;
        } else if (std::isalpha(c) || c == '_') {
            std::size_t j = i;
            while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
            const std::string word(text.substr(i, j - i));
            if (word.size() == 1 && word[0] >= 'A' && word[0] <= 'E') out.push_back({Token::Pane, word});
            else if (word == "x") out.push_back({Token::Times, word});
            else out.push_back({Token::Word, word});
            i = j;
        } else {
            error = std::string("unexpected '") + static_cast<char>(c) + "'";
            return {};
        }
    }
    out.push_back({Token::End, "the end"});
    return out;
}

std::string known_measures() {
    std::string names;
    for (const LessonMeasure& m : lesson_measures()) names += (names.empty() ? "" : ", ") + std::string(m.name);
    return names;
}

class Parser {
public:
    Parser(std::vector<Token> tokens, std::string& error) : tokens_(std::move(tokens)), error_(error) {}

    bool fail(const std::string& what) {
        if (error_.empty()) error_ = what;
        return false;
    }
    const Token& peek() const { return tokens_[at_]; }
    Token take() { return tokens_[std::min(at_++, tokens_.size() - 1)]; }
    bool word(const char* w) {
        if (peek().kind != Token::Word || peek().text != w) return false;
        ++at_;
        return true;
    }

    // [PANE] MEASURE
    bool measure(std::string& name, int& pane) {
        if (peek().kind == Token::Pane) pane = take().text[0] - 'A';
        if (peek().kind != Token::Word) return fail("expected a measure such as input_age or main_ms, not " + describe(peek()));
        name = take().text;
        if (!find_measure(name)) return fail("unknown measure '" + name + "' (known: " + known_measures() + ")");
        return true;
    }

    // NUMBER [T] | [FACTOR x] [PANE] MEASURE [of step N]
    bool operand(ExpectOperand& out) {
        out.number = 1;
        if (peek().kind == Token::Number) {
            out.number = take().number;
            if (peek().kind == Token::Word && peek().text == "T") {
                ++at_;
                out.of_T = true;
                return true;
            }
            if (peek().kind != Token::Times) return true;  // a plain number
            ++at_;
        }
        if (!measure(out.measure, out.pane)) return false;
        if (word("of")) {
            if (!word("step")) return fail("expected 'of step N', not 'of " + peek().text + "'");
            // Lessons are short; a step number past 999 is a typo, and no larger one fits an int safely.
            if (peek().kind != Token::Number || peek().number < 1 || peek().number > 999 ||
                peek().number != std::floor(peek().number))
                return fail("expected a step number from 1 to 999 after 'of step', not " + describe(peek()));
            out.step = static_cast<int>(take().number) - 1;
        }
        return true;
    }

    bool done() {
        if (peek().kind == Token::End) return true;
        return fail("unexpected " + describe(peek()) + " at the end");
    }

    static std::string describe(const Token& t) { return t.kind == Token::End ? std::string("the end") : "'" + t.text + "'"; }

private:
    std::vector<Token> tokens_;
    std::size_t at_ = 0;
    std::string& error_;
};

// --- Checking --------------------------------------------------------------------

std::string number_text(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", v);
    return buffer;
}

std::string pane_name(int pane) { return std::string(1, static_cast<char>('A' + pane)); }

// "LEFT at most RIGHT", in the card's language: the sides are filled in.
const char* op_words(ExpectOp op, bool against_measure, const Words& tr) {
    switch (op) {
        case ExpectOp::Less: return tr("%s < %s");
        case ExpectOp::AtMost: return tr("%s at most %s");
        case ExpectOp::Greater: return tr("%s > %s");
        case ExpectOp::AtLeast: return tr("%s at least %s");
        case ExpectOp::Equal: return against_measure ? tr("%s equal to %s") : tr("%s = %s");
        case ExpectOp::Between: return tr("%s between %s and %s");
    }
    return "";
}

// "0.45 T", "100", "0.1 x A main thread", "exposure: all threads (step 1)".
std::string operand_words(const ExpectOperand& o, int left_pane, int panes, const Words& tr) {
    if (o.measure.empty()) return number_text(o.number) + (o.of_T ? " T" : "");
    std::string s = o.number != 1 ? number_text(o.number) + " \xc3\x97 " : std::string();
    // The other side's pane when it is another than the left side's ("B waiting > 0.5 x work" reads as B's work).
    if (panes > 1 && o.pane >= 0 && o.pane != left_pane) s += pane_name(o.pane) + " ";
    s += tr.of(find_measure(o.measure)->label);
    if (o.step >= 0) s += formatted(tr(" (step %d)"), o.step + 1);
    return s;
}

std::optional<double> operand_value(const ExpectOperand& o, int left_pane, const ExpectationSource& source) {
    if (o.measure.empty()) {
        if (!o.of_T) return o.number;
        const std::optional<double> t = source.batch_period_ms ? source.batch_period_ms(left_pane) : std::nullopt;
        if (!t) return std::nullopt;
        return o.number * *t;
    }
    const std::optional<double> v = source.value(o.measure, o.pane >= 0 ? o.pane : left_pane, o.step);
    if (!v) return std::nullopt;
    return o.number * *v;
}

bool holds(ExpectOp op, double left, double value, double high) {
    switch (op) {
        case ExpectOp::Less: return left < value;
        case ExpectOp::AtMost: return left <= value;
        case ExpectOp::Greater: return left > value;
        case ExpectOp::AtLeast: return left >= value;
        case ExpectOp::Equal: return std::fabs(left - value) <= 1e-9 * std::max(1.0, std::fabs(value));
        case ExpectOp::Between: return left >= value && left <= high;
    }
    return false;
}

// The expectation, or nullopt with `error` said (the parser writes it as it fails).
std::optional<Expectation> parsed(std::string_view text, std::string& error) {
    std::vector<Token> tokens = tokens_of(text, error);
    if (!error.empty()) return std::nullopt;
    Parser p(std::move(tokens), error);
    Expectation e;
    e.text = std::string(text);
    if (!p.measure(e.measure, e.pane)) return std::nullopt;
    const Token op = p.take();
    if (op.kind == Token::Op) {
        e.op = op.text == "<"    ? ExpectOp::Less
               : op.text == "<=" ? ExpectOp::AtMost
               : op.text == ">"  ? ExpectOp::Greater
               : op.text == ">=" ? ExpectOp::AtLeast
                                 : ExpectOp::Equal;
    } else if (op.kind == Token::Word && op.text == "between") {
        e.op = ExpectOp::Between;
    } else {
        p.fail("expected <, <=, >, >=, = or between after '" + e.measure + "', not " + Parser::describe(op));
        return std::nullopt;
    }
    if (!p.operand(e.value)) return std::nullopt;
    if (e.op == ExpectOp::Between) {
        if (!p.word("and")) {
            p.fail("expected 'and' in 'between LOW and HIGH', not " + Parser::describe(p.peek()));
            return std::nullopt;
        }
        if (!p.operand(e.high)) return std::nullopt;
    }
    if (!p.done()) return std::nullopt;
    const bool in_T = e.value.of_T || e.high.of_T;
    if (in_T && std::string_view(find_measure(e.measure)->unit) != "ms") {
        error = "T (the batch period) measures ages and times in ms, not " + e.measure;
        return std::nullopt;
    }
    return e;
}

}  // namespace

Result<Expectation> parse_expectation(std::string_view text) {
    std::string error;
    std::optional<Expectation> e = parsed(text, error);
    if (!e) return Failed{error};
    return std::move(*e);
}

bool expectation_is_timed(const Expectation& e) {
    for (const std::string* name : {&e.measure, &e.value.measure, &e.high.measure})
        if (!name->empty() && find_measure(*name)->timed) return true;
    return false;
}

int expectation_last_step(const Expectation& e) { return std::max(e.value.step, e.high.step); }

ExpectationResult check_expectation(const Expectation& e, const ExpectationSource& source) {
    ExpectationResult result;
    result.timed = expectation_is_timed(e);
    const LessonMeasure& measure = *find_measure(e.measure);
    const bool against_measure = !e.value.measure.empty();
    const bool in_T = e.value.of_T || e.high.of_T;
    // In words.
    const Words& tr = source.words;
    const std::string who = e.pane >= 0 && source.panes > 1 ? pane_name(e.pane) + " " : "";
    const std::string left_words = who + std::string(tr.of(measure.label));
    const std::string value_words = operand_words(e.value, e.pane, source.panes, tr);
    result.described = e.op == ExpectOp::Between
                           ? formatted(op_words(e.op, against_measure, tr), left_words.c_str(), value_words.c_str(),
                                       operand_words(e.high, e.pane, source.panes, tr).c_str())
                           : formatted(op_words(e.op, against_measure, tr), left_words.c_str(), value_words.c_str());

    // Checked for its pane, or every pane: all met is met; one miss is a miss.
    std::vector<int> panes;
    if (e.pane >= 0) panes.push_back(e.pane);
    else for (int i = 0; i < source.panes; ++i) panes.push_back(i);
    bool pending = false, missed = false;
    std::string measured, waiting_for;
    std::vector<std::string> shown_per_pane;
    for (int pane : panes) {
        const std::optional<double> left = source.value(e.measure, pane, -1);
        const std::optional<double> value = operand_value(e.value, pane, source);
        const std::optional<double> high = e.op == ExpectOp::Between ? operand_value(e.high, pane, source) : std::optional<double>(0.0);
        if (!left || !value || !high) {
            pending = true;
            // An earlier step not measured: say which, so that the class can run it.
            for (const ExpectOperand* o : {&e.value, &e.high})
                if (o->step >= 0 && !operand_value(*o, pane, source) && waiting_for.empty())
                    waiting_for = formatted(tr("step %d not run in this lesson yet"), o->step + 1);
            continue;
        }
        const bool met = holds(e.op, *left, *value, *high);
        missed = missed || !met;
        std::string shown;
        if (in_T) {
            const std::optional<double> t = source.batch_period_ms(pane);
            char buffer[32];
            std::snprintf(buffer, sizeof buffer, "%.2f T", *left / *t);
            shown = buffer;
        } else {
            shown = measure_text(*left, measure.unit, tr);
        }
        if (against_measure) {
            const int other = e.value.pane >= 0 ? e.value.pane : pane;
            const LessonMeasure& m = *find_measure(e.value.measure);
            shown = formatted(tr("%s vs %s"), shown.c_str(),
                              ((source.panes > 1 ? pane_name(other) + " " : std::string()) +
                               measure_text(*value / (e.value.number != 0 ? e.value.number : 1), m.unit, tr))
                                  .c_str());
        }
        shown_per_pane.push_back(shown);
        if (panes.size() > 1) shown = pane_name(pane) + " " + shown;
        measured += (measured.empty() ? "" : ", ") + shown;
    }
    // Every pane the same (panes that differ only in drawing): said once.
    const bool alike = shown_per_pane.size() > 1 && std::all_of(shown_per_pane.begin(), shown_per_pane.end(),
                                                                [&](const std::string& s) { return s == shown_per_pane.front(); });
    if (alike && !pending) measured = formatted(tr("%s in every pane"), shown_per_pane.front().c_str());
    result.measured = missed || waiting_for.empty() ? measured : waiting_for;
    result.verdict = missed ? ExpectVerdict::NotMet : pending ? ExpectVerdict::Pending : ExpectVerdict::Met;
    return result;
}

}  // namespace tsl
