// Following one NPC (the follow_npc setting): the timing diagram tells its
// jobs as the trace recorded them, and the frame its decision read the target
// on is the input of its newest job saved, in every mode.
#include "build_paths.h"
#include "core/session/lab_session.h"
#include "core/timeslicing/trace.h"

#include <catch2/catch.hpp>

#include <string>

using namespace tsl;

TEST_CASE("A job's four events in words, as the timing diagram marks them", "[follow]") {
    CHECK(describe_job({4, 3, 120, 129, 129, 129}) == "batch 4: input 120, ran 129, saved 129");
    CHECK(describe_job({4, 3, 120, 121, 123, 125}) == "batch 4: input 120, ran 121-123, saved 125");
    CHECK(describe_job({4, 3, 120, -1, -1, -1}) == "batch 4: input 120, waiting");
    CHECK(describe_job({4, 3, -1, 10, -1, -1}) == "batch 4: running since 10");
    CHECK(describe_job({5, 3, 5, 6, 8, -1}) == "batch 5: input 5, ran 6-8, not saved yet");

    const std::vector<JobTiming> jobs = {{1, 2, 0, 1, 1, 1}, {1, 3, 0, 2, 2, 2}, {2, 3, 9, 9, 9, -1}, {2, 2, 9, 10, -1, -1}};
    const std::vector<JobTiming> mine = jobs_of(jobs, 3);
    REQUIRE(mine.size() == 2);
    CHECK(mine[0].batch == 1);
    CHECK(mine[0].start == 2);
    CHECK(mine[1].batch == 2);
    CHECK(mine[1].save == -1);
}

TEST_CASE("The NPC followed acts on the input of its newest job saved, in every mode and gathering", "[follow]") {
    for (const char* preset : {"update-all", "aiao-10hz", "siao-10hz", "siso-10hz", "aiso-10hz", "next-frame-jobs", "threading"}) {
        INFO(preset);
        SessionOptions options;
        options.assets_dir = std::string(tsl::test::kSourceDir) + "/assets";
        LabSession session({}, options);
        REQUIRE(session.apply(LoadPreset{preset}));
        REQUIRE(session.apply(SetField{"follow_npc", "3"}));
        CHECK(session.settings().follow_npc == 3);
        for (int step = 0; step < 150; ++step) {
            session.step(1);
            const TraceLog* log = session.diagram_trace();
            REQUIRE(log);
            const std::vector<JobTiming> mine = jobs_of(job_timings(log->records(), 2), 3);
            const JobTiming* saved = nullptr;
            for (const JobTiming& job : mine) {
                CHECK(job.key == 3);
                // The events in their order (those that happened).
                if (job.input >= 0 && job.start >= 0) CHECK(job.input <= job.start);
                if (job.finish >= 0) CHECK(job.start <= job.finish);
                if (job.save >= 0) CHECK(job.finish <= job.save);
                if (job.save >= 0) saved = &job;
            }
            if (!saved) continue;  // its saved job is older than the two batches kept
            const std::int64_t read = saved->input >= 0 ? saved->input : saved->start;
            CHECK(session.diagram_pane()->npcs()[3].decision.input_frame == read);
            CHECK(describe_job(*saved).find(", saved " + std::to_string(saved->save)) != std::string::npos);
        }
    }
    // Following stays a view: the run is the same with or without it.
    SessionOptions options;
    options.assets_dir = std::string(tsl::test::kSourceDir) + "/assets";
    LabSession followed({}, options), plain({}, options);
    for (LabSession* s : {&followed, &plain}) REQUIRE(s->apply(LoadPreset{"siao-10hz"}));
    REQUIRE(followed.apply(SetField{"follow_npc", "5"}));
    followed.step(90);
    plain.step(90);
    for (std::size_t i = 0; i < plain.pane(0).npcs().size(); ++i)
        CHECK(followed.pane(0).npcs()[i].facing_deg == plain.pane(0).npcs()[i].facing_deg);
    CHECK(followed.diagram_trace()->records() == plain.diagram_trace()->records());
}
