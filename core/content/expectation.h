// expectation.h — what a lesson step says its reveal will show, written so
// that the lab can check it: "the mean input age is between 0.45 T and
// 0.55 T", "pane D's main thread works less than a tenth of pane A's", "the
// AI wins every conflict". The card shows each expectation beside what was
// measured, met or not; `timeslice-lab lesson-check` fails a lesson whose
// expectation is not met. A sentence on a card that is about a measured
// number should have an expectation that holds it.
//
// Written in a lesson step as `expect = ["...", ...]`, one check each:
//
//   [PANE] MEASURE  OP  VALUE                 OP: <  <=  >  >=  =
//   [PANE] MEASURE  between VALUE and VALUE
//
//   PANE     a pane's letter, A to E; left out on the left side: every pane
//            (and the exposure scene's one map); left out on the right: the
//            left side's pane
//   MEASURE  a lesson measure (lesson_measures() in lesson.h: input_age,
//            main_ms, exposure_cells, engine_ai_won, ...)
//   VALUE    a number in the measure's unit: 0.5, 100, 2500
//            | a number of batch periods: 0.45 T (NPC measures in ms: the
//              pane's T, docs/semantics.md section 6)
//            | [FACTOR x] [PANE] MEASURE [of step N]: another measure,
//              scaled ("0.1 x A main_ms"); "of step N" reads it from step N
//              of the same lesson, as measured when the class was there
//
// Examples:
//   "input_age between 0.45 T and 0.55 T"
//   "D main_ms < 0.1 x A main_ms"
//   "B engine_ai_won = 100"
//   "exposure_total_ms < 0.5 x exposure_total_ms of step 1"
//
// Measures of time (ms, and the shares that come from threads racing) depend
// on the machine and what else it runs: an expectation on them is checked
// only at the real step rate (lesson-check does; steps run back to back check
// only the others), and a miss in class is explained on the card.
//
// Threading: plain functions and values; any thread.
#pragma once

#include "core/base/result.h"
#include "core/content/translation.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tsl {

// One side of a comparison: a plain number (measure empty), a number of batch
// periods, or a scaled measure of a pane, maybe of another step.
struct ExpectOperand {
    double number = 0;    // the number, or the factor on the measure (1 when none is written)
    bool of_T = false;    // number x the pane's batch period T
    std::string measure;  // "" — a plain number
    int pane = -1;        // -1 — the left side's pane
    int step = -1;        // -1 — this step; else a step of the lesson, from 0
};

enum class ExpectOp { Less, AtMost, Greater, AtLeast, Equal, Between };

struct Expectation {
    std::string text;        // as written in the lesson
    std::string measure;     // the left side's measure
    int pane = -1;           // -1 — every pane
    ExpectOp op = ExpectOp::Less;
    ExpectOperand value;     // the right side (Between: its low end)
    ExpectOperand high;      // Between: the high end
};

// Parses one expectation, or says why it does not read ("unknown measure 'x'
// (known: ...)", "expected <, <=, >, >=, = or between after 'input_age'").
// Measure names are checked against lesson_measures().
Result<Expectation> parse_expectation(std::string_view text);

// Whether the expectation uses a measure of time (checked at the real rate only).
bool expectation_is_timed(const Expectation& expectation);

// The largest step number the expectation refers to ("of step 3" — 2), -1 when none.
int expectation_last_step(const Expectation& expectation);

// What the scenes measured, for the checks: nullopt while a value is not
// measured yet (the step has not settled, a step referred to was not run).
struct ExpectationSource {
    int panes = 1;  // the rows of the scene shown (1 for the exposure scene)
    std::function<std::optional<double>(const std::string& measure, int pane, int step)> value;
    std::function<std::optional<double>(int pane)> batch_period_ms;  // NPC panes; nullopt elsewhere
    Words words;    // the card's language (core/content/translation.h): English by default
};

enum class ExpectVerdict { Met, NotMet, Pending };

struct ExpectationResult {
    ExpectVerdict verdict = ExpectVerdict::Pending;
    std::string described;  // in words: "B: mean input age between 0.45 T and 0.55 T"
    std::string measured;   // what was measured: "0.48 T", "D 0.002 ms, A 3.31 ms"; while pending "" or
                            // what it waits for ("step 1 not run in this lesson yet")
    bool timed = false;     // a measure of time (see expectation_is_timed)
    bool in_table = false;  // every figure it reads is in the reveal's table beside it (the card need not repeat them)
};

ExpectationResult check_expectation(const Expectation& expectation, const ExpectationSource& source);

}  // namespace tsl
