// launch_query.h — a launch request (launch.h) as a web address's query and
// back: the browser page's parameters scene, preset, lesson, step, reveal and
// set (repeatable: set=mode=siso) are what the desktop's --scene, --preset,
// --lesson, --step, --reveal and --set are; lang=zh-Hant is set=language=zh-Hant
// (and a link's language is written so); quiz=modes&seed=42 is the lesson
// quiz-modes-42 (core/content/quiz.h; without a seed, seed 1). "Copy link to this view" writes
// query_of(launch_request_for(session)); the page reads launch_of_query.
#pragma once

#include "core/session/launch.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tsl {

// A query's items in order, decoded ("?bench=lookup,frame&quick" →
// {"bench", "lookup,frame"}, {"quick", ""}); the "?" optional, empty items
// skipped.
std::vector<std::pair<std::string, std::string>> query_items(std::string_view query);

// The launch a query asks for ("?lesson=timeslicing&step=3&set=mode=siso",
// the "?" optional, values %-encoded or not), or the problem with it, one
// line: a parameter the page does not have, a step that is not a whole
// number from 1 to 1000.
struct QueryLaunch {
    LaunchRequest request;
    std::string problem;
};
QueryLaunch launch_of_query(std::string_view query);

// The query of `request` ("?lesson=timeslicing&step=3&set=mode%3Dsiso"; ""
// for an empty one): lesson and step, preset, scene, then every set, each
// value %-encoded except letters, digits and -._~.
std::string query_of(const LaunchRequest& request);

}  // namespace tsl
