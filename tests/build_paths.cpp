#include "build_paths.h"

namespace tsl::test {

const char* const kApp = TSL_APP;
const char* const kAppPreload = TSL_APP_PRELOAD;
const char* const kSourceDir = TSL_SOURCE_DIR;

}  // namespace tsl::test
