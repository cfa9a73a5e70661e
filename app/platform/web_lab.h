// web_lab.h — what the page's platform (web_main.cpp) lends to the other
// files of the browser edition: the page's app, once it has started.
#pragma once

namespace tsl::app {

class LabApp;

// The page's app; nullptr before it has started (or when it could not).
LabApp* web_app();

}  // namespace tsl::app
