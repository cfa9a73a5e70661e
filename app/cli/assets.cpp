#include "app/cli/assets.h"

#include <cstdlib>

#ifndef TSL_ASSETS_DIR
#error "TSL_ASSETS_DIR must be defined by the build"
#endif

namespace tsl::app {

std::string assets_directory() {
    if (const char* dir = std::getenv("TSL_ASSETS_DIR"); dir && *dir) return dir;
    return TSL_ASSETS_DIR;
}

}  // namespace tsl::app
