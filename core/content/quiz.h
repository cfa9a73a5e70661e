// quiz.h — "Which mode is this?": a quiz every student can take alone, made
// from a seed so that a class given the same seed gets the same questions (no
// server: the seed is the whole quiz). It is a lesson like the files in
// assets/lessons (lesson.h), named "quiz-modes-SEED", made here instead of
// read: `--lesson quiz-modes-42`, the page's `?quiz=modes&seed=42`, or the
// panel's Quiz button (a new seed each time).
//
// Six questions: four show one unlabelled pane running a mode drawn at random
// (each of AIAO, SIAO, SISO and AISO once, in an order drawn from the seed),
// with N, J and P drawn within ranges and the debug lines on, and ask which
// mode it is (LessonGuess::Kind::Mode); two name a mode, N, J and P and ask
// for the mean input age in ms, graded against the measurement and the model
// (docs/semantics.md, section 6). The reveal explains the mode and shows the
// timing diagram of what ran; the results board is the score.
//
// Threading: plain functions; any thread.
#pragma once

#include "core/base/result.h"
#include "core/content/lesson.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tsl {

inline constexpr int kQuizQuestions = 6;
inline constexpr std::uint32_t kMaxQuizSeed = 999'999'999;

// The seed of a quiz's name ("quiz-modes-42" — 42); nullopt for any other name.
std::optional<std::uint32_t> quiz_seed(const std::string& name);
std::string quiz_name(std::uint32_t seed);  // "quiz-modes-42"

// The quiz of `seed`, its steps on the preset every question starts from
// (assets_dir/presets/aiao-10hz.toml, made one plain pane by each step's
// settings); the same for the same seed on every machine.
Result<Lesson> make_mode_quiz(std::uint32_t seed, const std::string& assets_dir);

}  // namespace tsl
