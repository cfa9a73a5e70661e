// class_run.cpp — the simulated teacher and the samples (class_run.h).
//
// [SECTION] Samples
// [SECTION] The teacher
// [SECTION] The run
#include "app/cli/class_run.h"

#include "app/cli/headless_commands.h"
#include "app/platform/headless_session.h"
#include "app/render/gl_util.h"

#include "core/base/process_memory.h"
#include "core/content/lesson.h"
#include "core/content/preset.h"
#include "core/settings/settings_schema.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>
#include <random>
#include <set>
#include <vector>

namespace tsl::app {

namespace {

constexpr int kFramesPerSecond = 60;  // the window's display rate
constexpr int kFramesPerMinute = 60 * kFramesPerSecond;
constexpr int kProbeFrames = 90;      // the probe's frames; the last 60 are timed
const char* const kProbePreset = "aiao-10hz";

// --- [SECTION] Samples ------------------------------------------------------------

struct Sample {
    int minute = 0;
    double rss_mb = 0;
    GlObjectCounts gl;
    int probe_vertices = 0;
    double probe_ms = 0;  // the probe's median frame, wall time (steps and drawing)
    double use_ms = 0;    // the minute's median frame as the teacher used it
};

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

std::string gl_words(const GlObjectCounts& c) {
    char text[200];
    std::snprintf(text, sizeof text, "%d GL objects (%d buffers, %d textures, %d vertex arrays, %d framebuffers, %d renderbuffers, "
                                     "%d programs, %d shaders)",
                  c.total(), c.buffers, c.textures, c.vertex_arrays, c.framebuffers, c.renderbuffers, c.programs, c.shaders);
    return text;
}

// The kinds of GL object of which `later` holds more than `before` ("" — none).
std::string gl_growth(const GlObjectCounts& before, const GlObjectCounts& later) {
    std::string grown;
    auto kind = [&](const char* name, int a, int b) {
        if (b > a) grown += (grown.empty() ? "" : ", ") + std::string(name) + " " + std::to_string(a) + " -> " + std::to_string(b);
    };
    kind("buffers", before.buffers, later.buffers);
    kind("textures", before.textures, later.textures);
    kind("vertex arrays", before.vertex_arrays, later.vertex_arrays);
    kind("framebuffers", before.framebuffers, later.framebuffers);
    kind("renderbuffers", before.renderbuffers, later.renderbuffers);
    kind("programs", before.programs, later.programs);
    kind("shaders", before.shaders, later.shaders);
    return grown;
}

GlObjectCounts most_of_each(const std::vector<Sample>& samples) {
    GlObjectCounts most;
    for (const Sample& s : samples) {
        most.buffers = std::max(most.buffers, s.gl.buffers);
        most.textures = std::max(most.textures, s.gl.textures);
        most.vertex_arrays = std::max(most.vertex_arrays, s.gl.vertex_arrays);
        most.framebuffers = std::max(most.framebuffers, s.gl.framebuffers);
        most.renderbuffers = std::max(most.renderbuffers, s.gl.renderbuffers);
        most.programs = std::max(most.programs, s.gl.programs);
        most.shaders = std::max(most.shaders, s.gl.shaders);
    }
    return most;
}

// --- [SECTION] The teacher --------------------------------------------------------

class Teacher {
public:
    Teacher(LabApp& app, HeadlessSession& display, std::uint64_t seed)
        : app_(app), display_(display), random_(seed), lessons_(list_lessons(app.session().assets_dir())),
          presets_(list_presets(app.session().assets_dir())) {}

    // One displayed frame, with what the teacher does before it.
    void frame() {
        act();
        draw(steps_now());
    }

    // The fixed view the probe measures, drawn kProbeFrames times: its median
    // frame over the last 60 and the ImGui vertices of its last.
    void probe(Sample& sample) {
        // The lesson being taught is taken up again where it was, after.
        const LabSession& session = app_.session();
        const std::optional<StartLesson> taught =
            session.lesson() ? std::optional<StartLesson>(StartLesson{session.lesson()->name, session.lesson_step(), session.lesson_revealed()})
                             : std::nullopt;
        const bool presenter = session.settings().presenter;
        if (app_.recording().active()) app_.cancel_recording();
        key(Key::Escape);  // a help page closed
        for (const Command& c : {Command{StopLesson{}}, Command{SetField{setting::presenter, false}}, Command{SetField{setting::hide_ui, false}},
                                 Command{SetField{setting::panel_open, true}}, Command{SetField{setting::paused, false}}, Command{LoadPreset{kProbePreset}}})
            app_.apply(c);
        std::vector<double> times;
        for (int i = 0; i < kProbeFrames; ++i) {
            const double ms = draw(steps_now());
            if (i >= kProbeFrames - 60) times.push_back(ms);
        }
        sample.probe_ms = median(times);
        sample.probe_vertices = ImGui::GetDrawData() ? ImGui::GetDrawData()->TotalVtxCount : 0;
        app_.post({});
        if (taught) app_.apply(*taught);
        app_.apply(SetField{setting::presenter, presenter});
    }

    // The frames drawn since the last call, wall time each.
    std::vector<double> take_frame_times() { return std::exchange(frame_ms_, {}); }
    bool touring() const { return !tour_done_; }
    std::int64_t actions() const { return actions_; }
    const std::vector<std::string>& problems() const { return problems_; }
    // Lesson steps seen revealed ("timeslicing 3"), and how many the lessons have.
    int steps_revealed() const { return static_cast<int>(revealed_.size()); }
    int lesson_steps() const {
        int steps = 0;
        for (const std::string& lesson : lessons_)
            if (const Result<Lesson> loaded = load_lesson_by_name(app_.session().assets_dir(), lesson); loaded)
                steps += static_cast<int>(loaded->steps.size());
        return steps;
    }

private:
    struct Action {
        double after_s;  // simulated seconds after the one before
        std::function<void()> act;
    };

    int steps_now() {
        if (app_.session().settings().paused) return 0;
        if (app_.recording().active()) return 1;  // as the window records: one step per displayed frame
        owed_s_ += 1.0 / kFramesPerSecond;
        const double step_s = app_.session().step_s();
        const int steps = static_cast<int>(owed_s_ / step_s);
        owed_s_ -= steps * step_s;
        return steps;
    }

    double draw(int steps) {
        const auto start = std::chrono::steady_clock::now();
        display_.render(app_, steps);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        frame_ms_.push_back(ms);
        if (const LabSession& s = app_.session(); s.lesson() && s.lesson_revealed())
            revealed_.insert(s.lesson()->name + " " + std::to_string(s.lesson_step() + 1));
        const Notice& notice = app_.notice();
        if (notice.kind == Notice::Kind::Problem && notice.text != last_problem_) problems_.push_back(last_problem_ = notice.text);
        return ms;
    }

    void key(Key key, std::uint8_t mods = kNoMods) { app_.pending_keys.push_back({key, mods}); }
    void apply(const Command& command) { app_.apply(command); }
    template <typename T>
    const T& pick(const std::vector<T>& from) {
        return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(random_)];
    }
    double seconds(double from, double to) { return std::uniform_real_distribution<double>(from, to)(random_); }
    int count(int from, int to) { return std::uniform_int_distribution<int>(from, to)(random_); }

    void act() {
        if (queue_.empty()) {
            if (!tour_done_ && !toured_) {
                tour();
                toured_ = true;
            } else {
                tour_done_ = true;
                at_random();
            }
        }
        wait_s_ -= 1.0 / kFramesPerSecond;
        while (!queue_.empty() && wait_s_ <= 0) {
            Action next = std::move(queue_.front());
            queue_.pop_front();
            next.act();
            ++actions_;
            if (!queue_.empty()) wait_s_ += queue_.front().after_s;
        }
    }
    void then(double after_s, std::function<void()> act) {
        if (queue_.empty()) wait_s_ = after_s;
        queue_.push_back({after_s, std::move(act)});
    }

    // Everything once: what the warm-up must have seen before the run is judged.
    void tour() {
        for (const std::string& lesson : lessons_) {
            then(1, [this, lesson] { apply(StartLesson{lesson}); });
            const Result<Lesson> loaded = load_lesson_by_name(app_.session().assets_dir(), lesson);
            const int n = loaded ? static_cast<int>(loaded->steps.size()) : 0;
            for (int i = 0; i < 2 * n; ++i) then(2, [this] { key(Key::PageDown); });
            for (int i = 0; i < n; ++i) then(1, [this] { key(Key::PageUp); });
            then(1, [this] { apply(StopLesson{}); });
        }
        for (const std::string& preset : presets_) then(1, [this, preset] { apply(LoadPreset{preset}); });
        for (const char* scene : {"npc", "exposure", "engine"}) {
            then(2, [this, scene] { apply(SetField{setting::scene, std::string(scene)}); });
            const SettingName field = std::string(scene) == "engine"     ? setting::engine_panes
                                      : std::string(scene) == "exposure" ? setting::exposure_panes
                                                                         : setting::panes;
            const int most = static_cast<int>(field_of(field).max);
            for (int panes = 1; panes <= most; ++panes) then(1, [this, field, panes] { apply(SetField{field, panes}); });
        }
        then(2, [this] { key(Key::R); });  // a GIF saved
        then(3, [this] { key(Key::R); });
        then(2, [this] { key(Key::R); });  // and one cancelled
        then(3, [this] { app_.cancel_recording(); });
        then(2, [this] { key(Key::Space); });  // plots paused and exported, a PNG
        then(1, [this] { app_.export_plot_csv(); });
        then(1, [this] { app_.request_snapshot(); });
        then(2, [this] { key(Key::Space); });
        for (Key k : {Key::P, Key::P, Key::Tab, Key::Tab, Key::H, Key::H, Key::F1, Key::Escape})
            then(1, [this, k] { key(k); });
        then(1, [this] { key(Key::Slash, kShift); });
        then(1, [this] { key(Key::Escape); });
    }

    // One of the same actions, drawn.
    void at_random() {
        const double after = seconds(2, 15);
        switch (std::discrete_distribution<int>({25, 15, 8, 8, 8, 8, 10, 10, 3})(random_)) {
            case 0:  // a lesson: started, walked on (mostly forward), ended
                then(after, [this] {
                    const LabSession& s = app_.session();
                    if (!s.lesson()) apply(StartLesson{pick(lessons_)});
                    else if (s.lesson_step() + 1 == static_cast<int>(s.lesson()->steps.size()) && s.lesson_revealed()) apply(StopLesson{});
                    else key(count(0, 3) == 0 ? Key::PageUp : Key::PageDown);
                });
                break;
            case 1:  // a preset, the lesson left
                then(after, [this] {
                    apply(StopLesson{});
                    apply(LoadPreset{pick(presets_)});
                });
                break;
            case 2:  // a GIF, saved or cancelled
                then(after, [this] {
                    if (!app_.recording().active()) key(Key::R);
                });
                if (count(0, 2) == 0) then(seconds(2, 6), [this] { app_.cancel_recording(); });
                else then(seconds(2, 6), [this] { if (app_.recording().active()) key(Key::R); });
                break;
            case 3:  // the plots paused, exported, a PNG, resumed
                then(after, [this] { if (!app_.session().settings().paused) key(Key::Space); });
                then(1, [this] { app_.export_plot_csv(); });
                then(1, [this] { app_.request_snapshot(); });
                then(seconds(1, 5), [this] { if (app_.session().settings().paused) key(Key::Space); });
                break;
            case 4:  // panes added or removed
                then(after, [this] {
                    const SettingName field = app_.session().showing_engine()     ? setting::engine_panes
                                              : app_.session().showing_exposure() ? setting::exposure_panes
                                                                                  : setting::panes;
                    apply(SetField{field, count(1, static_cast<int>(field_of(field).max))});
                });
                break;
            case 5:  // another scene
                then(after, [this] {
                    apply(StopLesson{});
                    apply(SetField{setting::scene, pick(std::vector<std::string>{"npc", "exposure", "engine"})});
                });
                break;
            case 6:  // the view: presenter, panel, everything hidden, a help page
                then(after, [this] { key(pick(std::vector<Key>{Key::P, Key::Tab, Key::H, Key::F1, Key::Escape})); });
                break;
            case 7:  // a mode key of the scene shown
                then(after, [this] { key(static_cast<Key>(static_cast<int>(Key::Digit1) + count(0, 4))); });
                break;
            default:  // stepped by hand, then resumed
                then(after, [this] { key(Key::Right); });
                then(0.5, [this] { key(Key::Right); });
                then(2, [this] { if (app_.session().settings().paused) key(Key::Space); });
                break;
        }
    }

    LabApp& app_;
    HeadlessSession& display_;
    std::mt19937_64 random_;
    std::vector<std::string> lessons_, presets_;
    std::deque<Action> queue_;
    double wait_s_ = 0, owed_s_ = 0;
    bool toured_ = false, tour_done_ = false;
    std::int64_t actions_ = 0;
    std::vector<double> frame_ms_;
    std::vector<std::string> problems_;
    std::set<std::string> revealed_;
    std::string last_problem_;
};

// --- [SECTION] The run ------------------------------------------------------------

void empty_folder(const std::filesystem::path& folder) {
    std::error_code ignored;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ignored)) std::filesystem::remove_all(entry.path(), ignored);
}

}  // namespace

int run_class_run(std::unique_ptr<LabSession> lab, const ClassRunOptions& options) {
    const auto display = open_headless("class-run", options.width, options.height);
    if (!display) return 1;
    std::filesystem::path folder = options.folder;
    const bool own_folder = folder.empty();
    if (own_folder) {
        char name[] = "/tmp/timeslice-lab-class-run-XXXXXX";
        if (!::mkdtemp(name)) {
            std::cerr << "timeslice-lab: class-run: cannot make a folder under /tmp for its files\n";
            return 1;
        }
        folder = name;
    }
    const Result<std::unique_ptr<LabApp>> made = ready_app(
        std::move(lab), {SetField{setting::ui_scale, static_cast<double>(options.ui_scale)}, SetField{setting::record_folder, folder.string()}});
    if (!made) return report_failure(made);
    LabApp& app = **made;

    Teacher teacher(app, *display, options.seed);
    const int minutes = std::max(1, static_cast<int>(options.minutes + 0.5));
    std::vector<Sample> samples;
    int warm_up = 0;  // minutes: the tour, and at least a tenth of the run
    const auto started = std::chrono::steady_clock::now();
    for (int minute = 1; minute <= minutes; ++minute) {
        const bool touring = teacher.touring();  // the minute the tour ends is the warm-up's too
        for (int f = 0; f < kFramesPerMinute; ++f) teacher.frame();
        Sample s;
        s.minute = minute;
        s.use_ms = median(teacher.take_frame_times());
        empty_folder(folder);  // the GIFs, PNGs and CSVs: a teacher's disk, not the lab's memory
        teacher.probe(s);
        teacher.take_frame_times();
        s.rss_mb = resident_mb();
        s.gl = live_gl_objects();
        samples.push_back(s);
        if (touring || minute * 10 <= minutes) warm_up = minute;
        if (!options.quiet)
            std::printf("minute %d%s: %.1f MB resident, %s; frames %.2f ms (median), probe %.2f ms, %d vertices\n", minute,
                        minute <= warm_up ? " (warm-up)" : "", s.rss_mb, gl_words(s.gl).c_str(), s.use_ms, s.probe_ms, s.probe_vertices);
        std::fflush(stdout);
    }
    if (own_folder) std::filesystem::remove_all(folder);
    const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    std::vector<std::string> failures;
    if (warm_up >= minutes) {
        failures.push_back("the run ended in its warm-up (" + std::to_string(warm_up) + " minutes): nothing after it to compare; run longer");
    } else {
        const int stretch = std::max(1, std::min(warm_up, minutes - warm_up));
        const std::vector<Sample> warm(samples.begin(), samples.begin() + warm_up), last(samples.end() - stretch, samples.end());
        auto most = [](const std::vector<Sample>& v, auto field) {
            double m = 0;
            for (const Sample& s : v) m = std::max(m, static_cast<double>(s.*field));
            return m;
        };
        auto middle = [](const std::vector<Sample>& v, auto field) {
            std::vector<double> values;
            for (const Sample& s : v) values.push_back(static_cast<double>(s.*field));
            return median(values);
        };
        const double warm_rss = most(warm, &Sample::rss_mb), end_rss = most(last, &Sample::rss_mb);
        const GlObjectCounts warm_gl = most_of_each(warm), end_gl = most_of_each(last);
        const double warm_vertices = most(warm, &Sample::probe_vertices), end_vertices = most(last, &Sample::probe_vertices);
        const double warm_probe = middle(warm, &Sample::probe_ms), end_probe = middle(last, &Sample::probe_ms);
        std::printf("class-run: %d simulated minutes at %dx%d, UI scale %.2g, seed %llu: %lld actions, %.0f s\n"
                    "  memory: %.1f MB resident at most in the warm-up (%d minutes), %.1f MB in the last %d; peak %.1f MB\n"
                    "  GL: %s in the warm-up at most; %s at the end\n"
                    "  probe (%s, %d frames): %.0f vertices at most in the warm-up, %.0f in the last %d minutes; "
                    "median frame %.2f ms then, %.2f ms at the end\n",
                    minutes, options.width, options.height, options.ui_scale, static_cast<unsigned long long>(options.seed),
                    static_cast<long long>(teacher.actions()), wall_s, warm_rss, warm_up, end_rss, stretch, peak_resident_mb(),
                    gl_words(warm_gl).c_str(), gl_words(samples.back().gl).c_str(), kProbePreset, kProbeFrames, warm_vertices,
                    end_vertices, stretch, warm_probe, end_probe);
        if (end_rss > warm_rss + options.rss_growth_mb)
            failures.push_back("resident memory grew from " + std::to_string(warm_rss) + " MB to " + std::to_string(end_rss) +
                               " MB (at most " + std::to_string(options.rss_growth_mb) + " MB allowed)");
        if (const std::string grown = gl_growth(warm_gl, end_gl); !grown.empty()) failures.push_back("GL objects grew: " + grown);
        if (end_vertices > warm_vertices * (1 + options.vertex_growth))
            failures.push_back("the probe frame's vertices grew from " + std::to_string(static_cast<int>(warm_vertices)) + " to " +
                               std::to_string(static_cast<int>(end_vertices)));
        if (options.max_frame_growth > 0 && end_probe > warm_probe * options.max_frame_growth)
            failures.push_back("the probe's median frame grew from " + std::to_string(warm_probe) + " ms to " + std::to_string(end_probe) + " ms");
    }
    std::printf("  lesson steps revealed: %d of %d\n", teacher.steps_revealed(), teacher.lesson_steps());
    if (teacher.steps_revealed() < teacher.lesson_steps())
        failures.push_back("the teacher did not reveal every lesson step (" + std::to_string(teacher.steps_revealed()) + " of " +
                           std::to_string(teacher.lesson_steps()) + "): run longer");
    for (const std::string& problem : teacher.problems()) failures.push_back("the lab told the teacher of a problem: " + problem);
    for (const std::string& failure : failures) std::cerr << "timeslice-lab: class-run: " << failure << '\n';
    if (failures.empty()) std::printf("  every check held\n");
    return failures.empty() ? 0 : 1;
}

}  // namespace tsl::app
