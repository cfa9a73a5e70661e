#include "core/base/text_file.h"

#include <fstream>
#include <sstream>
#include <utility>

namespace tsl {

std::optional<std::string> read_text_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return std::move(text).str();
}

}  // namespace tsl
