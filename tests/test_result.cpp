// One shape for an answer that can fail (core/base/result.h): a value or one
// line saying why not, and the kind of failure the command line turns into
// its exit status (core/session/commands.h).
#include "build_paths.h"

#include "core/base/result.h"
#include "core/content/preset.h"
#include "core/session/commands.h"
#include "core/settings/settings_schema.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <string>

using namespace tsl;

namespace {

const std::string kAssets = std::string(tsl::test::kSourceDir) + "/assets";

Result<int> half(int n) {
    if (n % 2 != 0) return Failed{std::to_string(n) + " is odd"};
    return n / 2;
}

// Passes a failure on unchanged, its kind included.
Result<std::string> half_text(int n) {
    const Result<int> h = half(n);
    if (!h) return h.failure();
    return std::to_string(*h);
}

struct Base {
    virtual ~Base() = default;
};
struct Derived : Base {};

Result<std::unique_ptr<Base>> made(bool ok) {
    if (!ok) return Failed{"cannot be made", FailKind::Refused};
    return std::make_unique<Derived>();  // a pointer to the derived type converts
}

}  // namespace

TEST_CASE("A Result is its value or one line saying why not, and a failure passes on with its kind", "[result]") {
    const Result<int> four = half(8);
    REQUIRE(four);
    CHECK(*four == 4);
    CHECK(four.error().empty());

    const Result<int> odd = half(7);
    CHECK_FALSE(odd);
    CHECK(odd.error() == "7 is odd");
    CHECK(odd.kind() == FailKind::Broken);
    CHECK_FALSE(odd.value().has_value());

    CHECK(*half_text(8) == "4");
    CHECK(half_text(7).error() == "7 is odd");

    const Result<std::unique_ptr<Base>> object = made(true);
    REQUIRE(object);
    CHECK(dynamic_cast<const Derived*>(object->get()) != nullptr);
    const Result<std::unique_ptr<Base>> refused = made(false);
    CHECK_FALSE(refused);
    CHECK(refused.kind() == FailKind::Refused);

    const Status done;
    CHECK(done);
    const Status failed = Failed{"disk full"};
    CHECK_FALSE(failed);
    CHECK(failed.error() == "disk full");
}

TEST_CASE("A command's answer keeps the failure's kind: a name or value that does not fit is exit status 2, a broken file 1",
          "[result]") {
    const Result<Preset> unknown = load_preset_by_name(kAssets, "no-such-preset");
    REQUIRE_FALSE(unknown);
    CHECK(unknown.kind() == FailKind::Refused);
    CHECK(CommandResult::failed(unknown).status == 2);
    CHECK(CommandResult::failed(unknown).problem == unknown.error());

    const Result<Preset> broken = parse_preset("title = \"T\"\n[[pane]]\nmode = 3\n", "presets/broken.toml");
    REQUIRE_FALSE(broken);
    CHECK(broken.kind() == FailKind::Broken);
    CHECK(CommandResult::failed(broken).status == 1);

    LabSettings settings;
    const Status out_of_range = apply_assignment(settings, "npcs=0");
    REQUIRE_FALSE(out_of_range);
    CHECK(out_of_range.error() == "npcs: 0 is out of range (1 to 100000)");
    const CommandResult answered = CommandResult::failed(out_of_range);
    CHECK(answered.status == 2);
    // And back: a command's failure as a Result keeps its kind.
    CHECK(Status(answered.failure()).kind() == FailKind::Refused);
    CHECK(Status(CommandResult{"broken", 1}.failure()).kind() == FailKind::Broken);
}

// The shapes this replaced: an out-parameter for the reason, an optional
// beside an error string, a bool with an error string. A header that declares
// one again fails here, naming it.
TEST_CASE("No header of core or app answers a failure through a reason out-parameter", "[result][layout]") {
    // A parameter that is not const, right after '(' or ','.
    const std::regex out_parameter(R"([(,]\s*std::string\s*[&*]\s*(error|problem|why|reason)\s*[,)=])");
    int headers = 0;
    for (const char* folder : {"core", "app"}) {
        const std::filesystem::path root = std::filesystem::path(tsl::test::kSourceDir) / folder;
        for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
            if (entry.path().extension() != ".h") continue;
            ++headers;
            std::ifstream in(entry.path());
            int number = 0;
            for (std::string line; std::getline(in, line);) {
                ++number;
                INFO(entry.path().string() << ":" << number << ": " << line);
                CHECK_FALSE(std::regex_search(line, out_parameter));
            }
        }
    }
    CHECK(headers > 50);
}
