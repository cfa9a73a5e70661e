// build_paths.h — where this build put the app and where the sources are.
// The build sets them on build_paths.cpp alone (tests/CMakeLists.txt), so
// every other test file compiles to the same thing in any clone's folder and
// the compiler cache (./lab) shares it between clones.
#pragma once

namespace tsl::test {

extern const char* const kApp;         // the timeslice-lab binary of this build
extern const char* const kAppPreload;  // what LD_PRELOAD gives the app under ASan, or ""
extern const char* const kSourceDir;   // the repository's root

}  // namespace tsl::test
