// walk_frames — the paths teachers and students take, through the frame the
// window runs (LabApp::frame over the headless platform: keys queued as the
// window queues them, the panel's requests applied between draws, a frame
// drawn between a command and the step after it), not part by part:
//   - every lesson walked with Page Down to its end (reveal, next) and with
//     Page Up back to its start, with and without the presenter view;
//   - random jumps between the steps of every lesson, reveals, scene switches
//     and the presenter view toggled on the way;
//   - every shipped preset loaded after every other (pane counts and scenes
//     changing under the drawn views);
//   - GIFs saved and cancelled, PNGs and scene switches, again and again,
//     leaving no GL object behind (counted from outside, as class-run does).
// After each move it checks where the lesson is and what runs (the step's
// preset, its scene and panes), and that the app told the user of no problem.
// Needs an offscreen OpenGL context (EGL, no display).
#include "app/cli/assets.h"
#include "app/frame/boot.h"
#include "app/frame/lab_app.h"
#include "app/frame/settings_keeper.h"
#include "app/platform/headless_session.h"
#include "app/render/gl_util.h"

#include "core/content/lesson.h"
#include "core/content/preset.h"
#include "core/session/launch.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

using namespace tsl;
using namespace tsl::app;

namespace {

// Sanitizer builds run the same paths over fewer frames per move.
#ifdef TSL_SANITIZED
constexpr int kFramesPerMove = 2;
#else
constexpr int kFramesPerMove = 4;
#endif

// The panes a preset shows, by scene.
struct PresetShape {
    SceneKind scene = SceneKind::Npc;
    int panes = 1;
};

PresetShape shape_of(const std::string& preset) {
    const Result<Preset> loaded = load_preset_by_name(assets_directory(), preset);
    REQUIRE(loaded);
    const Preset& p = *loaded;
    if (p.scene == SceneKind::Engine) return {SceneKind::Engine, static_cast<int>(p.engine.panes.size())};
    if (p.scene == SceneKind::Exposure) return {SceneKind::Exposure, 1};
    return {SceneKind::Npc, std::max(1, static_cast<int>(p.npc.panes.size()))};
}

// The app in a headless "window" of the given size and UI scale.
class Walk {
public:
    Walk(int width, int height, double ui_scale, const LaunchRequest& request = {}) {
        Result<std::unique_ptr<HeadlessSession>> display = HeadlessSession::create(width, height);
        INFO(display.error());
        REQUIRE(display);
        display_ = std::move(*display);
        SessionOptions options;
        options.assets_dir = assets_directory();
        auto session = std::make_unique<LabSession>(LabSettings{}, options);
        REQUIRE(session->apply(SetField{"ui_scale", ui_scale}));
        const CommandResult launched = launch(*session, request);
        INFO(launched.problem);
        REQUIRE(launched);
        app_ = std::make_unique<LabApp>(std::move(session));
        REQUIRE(app_->init());
        frames();
    }

    LabApp& app() { return *app_; }
    const LabSession& session() const { return app_->session(); }

    // Frames as the window draws them: some with a step, some without.
    void frames(int count = kFramesPerMove) {
        for (int i = 0; i < count; ++i) display_->render(*app_, i % 2);
    }
    // A key as the window delivers it: queued, handled at the start of the next frame.
    void key(Key key) {
        app_->pending_keys.push_back({key});
        frames();
    }
    // What the panel, a picker or the card asks for: applied between frames, as UiRequests are.
    void command(const Command& command, int frame_count = kFramesPerMove) {
        app_->apply(command);
        frames(frame_count);
    }
    // The app told the user of no problem since the last call (a problem notice is closed).
    void require_no_problem(const std::string& where) {
        const Notice& notice = app_->notice();
        INFO(where << ": " << notice.text);
        CHECK(notice.kind != Notice::Kind::Problem);
        app_->post({});
    }

private:
    std::unique_ptr<HeadlessSession> display_;
    std::unique_ptr<LabApp> app_;
};

// The lesson is at `step` (from 0), revealed or not, running that step's preset as it loaded.
void require_at(const Walk& walk, const Lesson& lesson, int step, bool revealed) {
    const LabSession& s = walk.session();
    INFO(lesson.name << " step " << step + 1 << (revealed ? " revealed" : ""));
    REQUIRE(s.lesson());
    CHECK(s.lesson_step() == step);
    CHECK(s.lesson_revealed() == revealed);
    const LessonStep& expected = lesson.steps[static_cast<std::size_t>(step)];
    CHECK(s.preset() == expected.preset);
    CHECK_FALSE(s.preset_modified());
    const PresetShape shape = shape_of(expected.preset);
    CHECK(s.settings().scene == shape.scene);
    CHECK(s.showing_exposure() == (shape.scene == SceneKind::Exposure));
    CHECK(s.showing_engine() == (shape.scene == SceneKind::Engine));
    if (shape.scene == SceneKind::Npc) CHECK(s.panes().size() == shape.panes);
    if (shape.scene == SceneKind::Engine) CHECK(s.engine()->size() == shape.panes);
    const LessonCard card = s.lesson_card();
    CHECK(card.revealed == revealed);
    CHECK(card.can_go_back == (step > 0));
}

Lesson lesson_named(const std::string& name) {
    Result<Lesson> loaded = load_lesson_by_name(assets_directory(), name);
    INFO(loaded.error());
    REQUIRE(loaded);
    return *loaded;
}

// Forward with Page Down to the last step's reveal, then one more press that
// must change nothing, then back with Page Up to the first step.
void walk_forward_and_back(Walk& walk, const Lesson& lesson) {
    const int steps = static_cast<int>(lesson.steps.size());
    require_at(walk, lesson, 0, false);
    for (int step = 0; step < steps; ++step) {
        walk.key(Key::PageDown);
        require_at(walk, lesson, step, true);
        walk.require_no_problem(lesson.name + " reveal " + std::to_string(step + 1));
        walk.key(Key::PageDown);
        require_at(walk, lesson, std::min(step + 1, steps - 1), step + 1 == steps);
        walk.require_no_problem(lesson.name + " forward from " + std::to_string(step + 1));
    }
    for (int step = steps - 1; step > 0; --step) {
        walk.key(Key::PageUp);
        require_at(walk, lesson, step - 1, false);
        walk.require_no_problem(lesson.name + " back from " + std::to_string(step + 1));
    }
    walk.key(Key::PageUp);  // at the first step: nothing to go back to
    require_at(walk, lesson, 0, false);
}

const char* const kLessons[] = {"timeslicing", "which-mode", "delayed-gathering", "parallel-engine"};

// 0 .. n-1 in an order that has every ordered pair (a, b), a != b, once as
// neighbours: an Euler circuit of the complete directed graph (Hierholzer).
std::vector<int> every_pair_once(int n) {
    std::vector<int> next(static_cast<std::size_t>(n), 0), path{0}, circuit;
    while (!path.empty()) {
        const int v = path.back();
        int& w = next[static_cast<std::size_t>(v)];
        if (w == v) ++w;
        if (w < n) {
            path.push_back(w++);
        } else {
            circuit.push_back(v);
            path.pop_back();
        }
    }
    return {circuit.rbegin(), circuit.rend()};
}

}  // namespace

TEST_CASE("Every lesson walked with Page Down to its end and Page Up back to its start, in the window's frame, at 1280x720 x1.5",
          "[gl][walks]") {
    for (const char* name : kLessons) {
        const Lesson lesson = lesson_named(name);
        LaunchRequest request;
        request.lesson = name;  // presenter view on, as --lesson opens it
        Walk walk(1280, 720, 1.5, request);
        CHECK(walk.session().settings().presenter);
        walk_forward_and_back(walk, lesson);
    }
}

TEST_CASE("Every lesson walked forward and back with the panel shown (presenter view off), at 1920x1080 x2", "[gl][walks]") {
    for (const char* name : kLessons) {
        const Lesson lesson = lesson_named(name);
        LaunchRequest request;
        request.lesson = name;
        request.sets = {"presenter=false"};
        Walk walk(1920, 1080, 2.0, request);
        CHECK_FALSE(walk.session().settings().presenter);
        walk_forward_and_back(walk, lesson);
    }
}

TEST_CASE("Random jumps between lesson steps, with reveals, scene switches and the presenter view toggled on the way", "[gl][walks]") {
    std::mt19937 random(20261125);
    Walk walk(1280, 720, 1.5);
    std::map<std::string, Lesson> lessons;
    for (const char* name : kLessons) lessons.emplace(name, lesson_named(name));
    const char* const scenes[] = {"npc", "exposure", "engine"};
    const int moves = kFramesPerMove == 4 ? 240 : 120;
    for (int move = 0; move < moves; ++move) {
        const std::string where = "move " + std::to_string(move);
        const int what = std::uniform_int_distribution<int>(0, 9)(random);
        const Lesson* lesson = walk.session().lesson() ? &lessons.at(walk.session().lesson()->name) : nullptr;
        if (!lesson || what == 0) {  // the lesson picker: another lesson, at any step
            const char* name = kLessons[std::uniform_int_distribution<int>(0, static_cast<int>(std::size(kLessons)) - 1)(random)];
            const int steps = static_cast<int>(lessons.at(name).steps.size());
            const int step = std::uniform_int_distribution<int>(0, steps - 1)(random);
            walk.command(StartLesson{name, step});
            require_at(walk, lessons.at(name), step, false);
        } else if (what <= 2) {  // a jump to any step
            const int step = std::uniform_int_distribution<int>(0, static_cast<int>(lesson->steps.size()) - 1)(random);
            walk.command(GoToStep{step});
            require_at(walk, *lesson, step, false);
        } else if (what <= 4) {
            walk.key(Key::PageDown);
        } else if (what <= 6) {
            walk.key(Key::PageUp);
        } else if (what == 7) {  // the scene picker in the middle of the step
            walk.command(SetField{"scene", std::string(scenes[std::uniform_int_distribution<int>(0, 2)(random)])});
            walk.key(Key::PageDown);  // the card's way on: reveal or next, whatever is shown
        } else if (what == 8) {
            walk.key(Key::P);
        } else {  // Restore, as the card offers when the step was changed
            walk.command(GoToStep{walk.session().lesson_step()});
            require_at(walk, *lesson, walk.session().lesson_step(), false);
        }
        walk.require_no_problem(where);
    }
}

TEST_CASE("Every shipped preset loaded after every other, each drawn in the window's frame", "[gl][walks]") {
    const std::vector<std::string> presets = list_presets(assets_directory());
    REQUIRE(presets.size() >= 20);
    // The plots drawn under the scene (the dock's Plots tab) and, every other
    // preset, in the presenter view.
    LaunchRequest request;
    request.sets = {"dock=plots"};
    Walk walk(1280, 720, 1.5, request);
    std::vector<PresetShape> shapes;
    for (const std::string& p : presets) shapes.push_back(shape_of(p));
    const std::vector<int> order = every_pair_once(static_cast<int>(presets.size()));
    REQUIRE(order.size() == presets.size() * (presets.size() - 1) + 1);
    for (std::size_t i = 0; i < order.size(); ++i) {
        const std::string& to = presets[static_cast<std::size_t>(order[i])];
        const std::string where = (i > 0 ? presets[static_cast<std::size_t>(order[i - 1])] + " then " : std::string()) + to;
        INFO(where);
        walk.command(SetField{"presenter", i % 2 == 1}, 0);
        walk.command(LoadPreset{to}, 2);
        const LabSession& s = walk.session();
        const PresetShape& shape = shapes[static_cast<std::size_t>(order[i])];
        CHECK(s.preset() == to);
        CHECK(s.settings().scene == shape.scene);
        if (shape.scene == SceneKind::Npc) CHECK(s.panes().size() == shape.panes);
        if (shape.scene == SceneKind::Engine) CHECK(s.engine()->size() == shape.panes);
        walk.require_no_problem(where);
    }
}

namespace Catch {
template <>
struct StringMaker<tsl::app::GlObjectCounts> {
    static std::string convert(const tsl::app::GlObjectCounts& c) {
        return std::to_string(c.buffers) + " buffers, " + std::to_string(c.textures) + " textures, " + std::to_string(c.vertex_arrays) +
               " vertex arrays, " + std::to_string(c.framebuffers) + " framebuffers, " + std::to_string(c.renderbuffers) +
               " renderbuffers, " + std::to_string(c.programs) + " programs, " + std::to_string(c.shaders) + " shaders";
    }
};
}  // namespace Catch

// The count a class run (app/cli/class_run.h) watches is the objects alive:
// one made and bound counts, and is uncounted once deleted.
TEST_CASE("The GL objects counted from outside are the ones alive", "[gl][class-run]") {
    Walk walk(640, 360, 1.0);
    const GlObjectCounts before = live_gl_objects();
    CHECK(before.textures > 0);  // the font atlas, at least
    CHECK(before.programs > 0);
    {
        GlTexture texture = new_texture();
        glBindTexture(GL_TEXTURE_2D, texture.id());
        GlBuffer buffer = new_buffer();
        glBindBuffer(GL_ARRAY_BUFFER, buffer.id());
        const GlObjectCounts with = live_gl_objects();
        CHECK(with.textures == before.textures + 1);
        CHECK(with.buffers == before.buffers + 1);
        CHECK(with.total() == before.total() + 2);
    }
    CHECK(live_gl_objects() == before);
}

// What a teacher does again and again leaves nothing behind in GL: a GIF
// saved, one cancelled, a PNG, every scene shown (after a first round, in
// which each may make what it keeps).
TEST_CASE("GIFs saved and cancelled, PNGs and scene switches leave no GL object behind", "[gl][class-run]") {
    const std::string folder = std::filesystem::temp_directory_path() / ("tsl-walk-gl-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    LaunchRequest request;
    request.sets = {"record_folder=" + folder};
    Walk walk(1280, 720, 1.5, request);
    auto round = [&] {
        for (const char* scene : {"npc", "exposure", "engine"}) {
            walk.command(SetField{"scene", std::string(scene)});
            walk.key(Key::R);
            walk.frames(20);
            walk.key(Key::R);  // saved
            walk.key(Key::R);
            walk.frames(10);
            walk.app().cancel_recording();
            walk.app().request_snapshot();
            walk.frames(2);
            REQUIRE_FALSE(walk.app().recording().active());
        }
    };
    round();
    const GlObjectCounts after_first = live_gl_objects();
    for (int i = 0; i < 3; ++i) round();
    CHECK(live_gl_objects() == after_first);
    CHECK(std::distance(std::filesystem::directory_iterator(folder), std::filesystem::directory_iterator{}) == 4 * 3 * 2);  // a GIF and a PNG each
    std::filesystem::remove_all(folder);
}

// The panel's numbers (its frame counter, the summary table, the card's
// reveal) are those of the picture beside them: the UI is drawn after the
// frame's step, in every scene.
TEST_CASE("The panel, dock and card show the frame on screen: they are drawn after the step", "[gl][walks]") {
    Walk walk(1280, 720, 1.5);
    for (const char* scene : {"npc", "exposure", "engine"}) {
        INFO(scene);
        walk.command(SetField{"scene", std::string(scene)}, 2);  // the second frame steps once
        const std::int64_t frame = walk.session().frames_stepped();
        CHECK(frame > 0);
        CHECK(walk.app().panel_frame() == frame);
    }
}

TEST_CASE("The lab boots as every platform boots it: stored settings under the launch, their problems one notice, only the user's changes kept",
          "[gl][walks]") {
    const Result<std::unique_ptr<HeadlessSession>> made = HeadlessSession::create(1280, 720);
    INFO(made.error());
    REQUIRE(made);
    const std::unique_ptr<HeadlessSession>& display = *made;
    // What a store kept: 77 NPCs and SISO; and a line it could not read.
    SettingsLoad stored;
    stored.found = true;
    stored.values.push_back({&field_of(setting::npcs), FieldValue(std::int64_t{77})});
    stored.values.push_back({&field_of(setting::mode), FieldValue(static_cast<std::int64_t>(Mode::SISO))});
    stored.problems.push_back("settings file 's.toml', line 3: npc.turn_speed: -1 is out of range (0 to 3600)");
    LaunchRequest request;
    request.sets = {"mode=aiao"};  // --set on the command line, or set= in the page's address
    SessionOptions options;
    options.assets_dir = assets_directory();
    Boot boot = boot_lab(options, &stored, request);
    INFO(boot.launched.problem);
    REQUIRE(boot.launched);
    REQUIRE(boot.session);
    CHECK(boot.session->settings().npc.world.npc_count == 77);                     // the store's
    CHECK(boot.session->settings().pane().timeslicing.mode == Mode::AIAO);         // the launch's, over the store's
    CHECK(boot.from_store.pane().timeslicing.mode == Mode::SISO);                  // what the keeper starts from
    CHECK(boot.store_problems == stored.problems);

    LabApp app(std::move(boot.session));
    REQUIRE(app.init());
    CHECK(post_store_problems(app, boot) == stored.problems[0]);
    CHECK(app.notice().kind == Notice::Kind::Problem);
    CHECK(app.notice().text == stored.problems[0]);

    std::vector<LabSettings> saved;
    SettingsKeeper keeper(boot.from_store, app.session().settings(), [&saved](const LabSettings& to_save) {
        saved.push_back(to_save);
        return Status{};
    });
    double now_s = 0;
    const auto frames = [&](int count) {
        for (int i = 0; i < count; ++i, now_s += 1.0 / 60) {
            display->render(app, i % 2);
            keeper.after_frame(app, now_s);
        }
    };
    frames(10);
    CHECK(saved.empty());  // the launch's AIAO is not the user's change
    app.apply(SetField{setting::ui_scale, 2.0});
    frames(40);
    REQUIRE(saved.size() == 1);
    CHECK(saved.back().ui_scale == 2.0f);
    CHECK(saved.back().pane().timeslicing.mode == Mode::SISO);
    CHECK(saved.back().npc.world.npc_count == 77);

    // A launch that cannot apply says why, with the command line's status; the session is still there.
    LaunchRequest wrong;
    wrong.step_given = true;
    const Boot refused = boot_lab(options, nullptr, wrong);
    CHECK(refused.launched.problem == "--step and --reveal go with --lesson NAME");
    CHECK(refused.launched.status == 2);
    CHECK(refused.session);
    CHECK(refused.store_problems.empty());
}

TEST_CASE("The card a frame drew is the session's card until a command changes it", "[gl][walks]") {
    LaunchRequest request;
    request.lesson = "timeslicing";
    request.step = 3;
    Walk walk(1280, 720, 1.5, request);
    const auto same = [](const LessonCard& a, const LessonCard& b) {
        CHECK(a.heading == b.heading);
        CHECK(a.title == b.title);
        CHECK(a.text == b.text);
        CHECK(a.question == b.question);
        CHECK(a.revealed == b.revealed);
        CHECK(a.answer == b.answer);
        REQUIRE(a.rows.size() == b.rows.size());
        for (std::size_t i = 0; i < a.rows.size(); ++i) CHECK(a.rows[i].values == b.rows[i].values);
    };
    for (int move = 0; move < 4; ++move) {
        INFO("move " << move);
        REQUIRE(walk.app().card_drawn());
        same(*walk.app().card_drawn(), walk.session().lesson_card());
        walk.app().apply(LessonForward{});  // reveal, then the next step
        CHECK_FALSE(walk.app().card_drawn());
        walk.frames();
    }
    REQUIRE(walk.app().card_drawn());
    CHECK(walk.app().card_drawn()->title == walk.session().lesson_card().title);
    walk.command(SetField{setting::presenter, false});
    walk.command(SetField{setting::panel_open, false});
    // The card still shows beside the folded panel, or none is drawn: never one that is not the session's.
    if (const LessonCard* drawn = walk.app().card_drawn()) same(*drawn, walk.session().lesson_card());
}

// A window dragged small, at any UI scale, with or without a lesson, the
// presenter view, the panel folded: every rectangle lies inside the window
// with no negative size, and the panel keeps to its 42% (a clamp whose bounds
// crossed on a narrow window aborted the frame under the sanitizers).
TEST_CASE("The layout holds at every window size from 200 px and every UI scale", "[gl][layout]") {
    int layouts = 0;
    for (float width = 200; width <= 2000; width += 37)
        for (float height : {150.0f, 240.0f, 360.0f, 720.0f, 1080.0f})
            for (float scale : {0.5f, 0.75f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f})
                for (int view = 0; view < 8; ++view) {
                    LabSettings settings;
                    settings.ui_scale = scale;
                    settings.presenter = view & 1;
                    settings.panel_open = !(view & 2);
                    const bool lesson = view & 4;
                    const Layout l = compute_layout(settings, lesson, {width, height});
                    INFO(width << "x" << height << " at " << scale << (settings.presenter ? ", presenter" : "")
                               << (settings.panel_open ? "" : ", panel folded") << (lesson ? ", a lesson" : ""));
                    for (const PixelRect& r : {l.panel, l.scene, l.dock, l.lesson, l.plot}) {
                        REQUIRE(r.w >= 0);
                        REQUIRE(r.h >= 0);
                        if (r.w == 0 || r.h == 0) continue;
                        REQUIRE(r.x >= 0);
                        REQUIRE(r.y >= 0);
                        REQUIRE(r.x + r.w <= width + 0.5f);
                        REQUIRE(r.y + r.h <= height + 0.5f);
                    }
                    if (settings.panel_open && !settings.presenter) REQUIRE(l.panel.w <= std::floor(width * 0.42f) + 0.5f);
                    ++layouts;
                }
    CHECK(layouts > 10000);
}

// The same frame drawn in a window dragged small (the frame's own layout and
// drawing, not only the arithmetic above).
TEST_CASE("The frame draws in small windows at every UI scale", "[gl][layout]") {
    for (const auto& [w, h] : std::vector<std::pair<int, int>>{{640, 360}, {480, 320}, {320, 240}})
        for (double scale : {0.5, 1.0, 2.0}) {
            INFO(w << "x" << h << " at " << scale);
            LaunchRequest request;
            request.lesson = "timeslicing";
            Walk walk(w, h, scale, request);
            walk.frames(3);
            walk.key(Key::P);
            walk.key(Key::Tab);
            walk.require_no_problem("a small window");
        }
}
