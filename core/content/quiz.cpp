#include "core/content/quiz.h"

#include "core/content/translation.h"

#include "core/base/formatted.h"
#include "core/content/preset.h"

#include <algorithm>
#include <array>
#include <charconv>

namespace tsl {

namespace {

constexpr std::string_view kPrefix = "quiz-modes-";
constexpr const char* kBasePreset = "aiao-10hz";

// splitmix64: the same numbers from a seed on every platform (the standard
// library's distributions are not).
class QuizRandom {
public:
    explicit QuizRandom(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int between(int lo, int hi) { return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1)); }

private:
    std::uint64_t state_;
};

struct Drawn {
    Mode mode;
    int npcs, jobs, every;
};

const char* mode_key(Mode mode) {
    switch (mode) {
        case Mode::AIAO: return "aiao";
        case Mode::SIAO: return "siao";
        case Mode::SISO: return "siso";
        case Mode::AISO: return "aiso";
        default: return "aiao";
    }
}

// What the pane showed, in words, for the reveal (no figures: the table has them).
std::string explained(Mode mode, const Words& tr) {
    switch (mode) {
        case Mode::AIAO:
            return tr("AIAO: each job read the target as it started, so the thin lines fan out, and each NPC turned as soon as its own job "
                      "was done, one by one.");
        case Mode::SIAO:
            return tr("SIAO: every job of a batch read the target at the batch's start, so the lines of a batch meet at one point, yet each "
                      "NPC turned as soon as its own job was done.");
        case Mode::SISO:
            return tr("SISO: a batch read one moment and its results were held and saved together, so the lines meet and the NPCs turn "
                      "at once, on the oldest input of the four.");
        case Mode::AISO:
            return tr("AISO: each job read the target as it started, so the lines fan out, but the results were held and saved together "
                      "at the batch's end: the NPCs turn at once.");
        default: return {};
    }
}

std::string setup(const Drawn& d, const Words& tr) {
    const std::string jobs = formatted(d.jobs == 1 ? tr("J = %d job per update") : tr("J = %d jobs per update"), d.jobs);
    const std::string every = formatted(d.every == 1 ? tr("an update every P = %d frame") : tr("an update every P = %d frames"), d.every);
    return formatted(tr("%d NPCs, %s, %s at thirty frames a second"), d.npcs, jobs.c_str(), every.c_str());
}

// A question's words in `tr`'s language.
StepText question_text(const Drawn& d, bool which_mode, int number, const Words& tr) {
    StepText t;
    if (which_mode) {
        t.title = formatted(tr("Question %d: which mode is this?"), number);
        t.text = formatted(tr("One pane, %s. The thin lines show where the target was when each decision read it. Watch whether they fan "
                              "out or meet, and whether the NPCs turn one by one or together."),
                           setup(d, tr).c_str());
        t.question = tr("Which input/output mode is this pane running?");
        t.answer = formatted(tr("%s The timing diagram under the scene shows when each job read, ran and was saved."), explained(d.mode, tr).c_str());
    } else {
        t.title = formatted(tr("Question %d: how old is the input?"), number);
        t.text = formatted(tr("This pane runs %s (%s) with %s. One batch, T, is ceil(N / J) updates of P frames."),
                           std::string(tr.of(label_of(d.mode))).c_str(), kModeOptions[static_cast<int>(d.mode) - 1], setup(d, tr).c_str());
        t.question = tr("What will the mean input age of its decisions be, in ms?");
        t.answer = tr("The model (docs/semantics.md, section 6) follows each decision from the frame its job read the target to the frame "
                      "its result was saved, then through one batch until it is replaced.");
    }
    return t;
}

LessonStep question(const Drawn& d, bool which_mode, int number, const std::array<Translation, kLanguages>& languages) {
    LessonStep step;
    step.preset = kBasePreset;
    step.scene = SceneKind::Npc;
    step.frames = 300;
    step.plot = LessonPlot::Timing;
    step.reveal = {"input_age", "max_input_age"};
    step.sets = {"panes=1", "look=lab", "link_panes=false", std::string("mode=") + mode_key(d.mode), formatted("npcs=%d", d.npcs),
                 formatted("jobs_per_update=%d", d.jobs), formatted("update_every=%d", d.every), "debug_lines=true",
                 "highlight_running=false"};
    if (which_mode) step.sets.push_back(std::string("caption=") + to_translate("Which mode?"));  // the caption shows in the card's language
    step.guess = *parse_guess(which_mode ? "A mode" : "A input_age");
    StepText english = question_text(d, which_mode, number, Words{});
    step.title = english.title;
    step.text = english.text;
    step.question = english.question;
    step.answer = english.answer;
    for (Language language : kAllLanguages)
        if (language != Language::En)
            step.in_language[static_cast<std::size_t>(language)] =
                question_text(d, which_mode, number, Words(&languages[static_cast<std::size_t>(language)]));
    return step;
}

}  // namespace

std::optional<std::uint32_t> quiz_seed(const std::string& name) {
    if (name.size() <= kPrefix.size() || name.compare(0, kPrefix.size(), kPrefix) != 0 || name.size() > kPrefix.size() + 9) return std::nullopt;
    std::uint32_t seed = 0;
    const char* first = name.data() + kPrefix.size();
    const char* last = name.data() + name.size();
    const auto [end, error] = std::from_chars(first, last, seed);
    if (error != std::errc{} || end != last || seed > kMaxQuizSeed || (*first == '0' && last - first > 1)) return std::nullopt;
    return seed;
}

std::string quiz_name(std::uint32_t seed) { return std::string(kPrefix) + std::to_string(seed); }

Result<Lesson> make_mode_quiz(std::uint32_t seed, const std::string& assets_dir) {
    if (const Result<Preset> base = load_preset_by_name(assets_dir, kBasePreset); !base)
        return Failed{"the quiz's preset: " + base.error()};
    QuizRandom random(seed);
    // Which questions ask for the mode (four, one per mode) and which for an age (two).
    std::array<bool, kQuizQuestions> which_mode{true, true, true, true, false, false};
    std::array<Mode, 4> modes{Mode::AIAO, Mode::SIAO, Mode::SISO, Mode::AISO};
    for (int i = kQuizQuestions - 1; i > 0; --i) std::swap(which_mode[static_cast<std::size_t>(i)], which_mode[static_cast<std::size_t>(random.between(0, i))]);
    for (int i = 3; i > 0; --i) std::swap(modes[static_cast<std::size_t>(i)], modes[static_cast<std::size_t>(random.between(0, i))]);
    // Its words in every language: the lab's, as its language files give them (one that does not load: English).
    std::array<Translation, kLanguages> languages;
    for (Language language : kAllLanguages)
        if (Result<Translation> t = load_translation(assets_dir, language)) languages[static_cast<std::size_t>(language)] = std::move(*t);
    Lesson quiz;
    quiz.name = quiz_name(seed);
    const auto title = [&](const Words& tr) { return formatted(tr("Which mode is this? (quiz %u)"), seed); };
    const auto description = [](const Words& tr) {
        return std::string(tr("Four unlabelled panes to name the mode of, and two mean input ages to predict; the same seed gives everyone "
                              "the same questions."));
    };
    quiz.title = title(Words{});
    quiz.description = description(Words{});
    for (Language language : kAllLanguages) {
        if (language == Language::En) continue;
        const Words tr{&languages[static_cast<std::size_t>(language)]};
        quiz.in_language[static_cast<std::size_t>(language)] = {title(tr), description(tr), {}};
    }
    int mode_questions = 0;
    for (int i = 0; i < kQuizQuestions; ++i) {
        const bool asks_mode = which_mode[static_cast<std::size_t>(i)];
        Drawn d{asks_mode ? modes[static_cast<std::size_t>(mode_questions++)] : modes[static_cast<std::size_t>(random.between(0, 3))],
                random.between(6, 12), random.between(1, 2), random.between(1, 3)};
        quiz.steps.push_back(question(d, asks_mode, i + 1, languages));
    }
    return quiz;
}

}  // namespace tsl
