// assets.h — where levels, presets and lessons are: $TSL_ASSETS_DIR, else the
// assets/ folder of the source tree the program was built from.
#pragma once

#include <string>

namespace tsl::app {

std::string assets_directory();

}  // namespace tsl::app
