#include "trace.h"

#include <algorithm>
#include <ostream>

namespace tsl {

std::string_view name_of(TraceEvent event) {
    switch (event) {
        case TraceEvent::Input: return "input";
        case TraceEvent::Start: return "start";
        case TraceEvent::Finish: return "finish";
        case TraceEvent::Save: return "save";
    }
    return "?";
}

void TraceLog::drop_before(std::int64_t frame) {
    // Records are appended in frame order, except that a reset restarts frame
    // numbers; keep only what comes after the last record older than `frame`.
    auto it = std::find_if(records_.rbegin(), records_.rend(),
                           [&](const TraceRecord& r) { return r.frame < frame; });
    records_.erase(records_.begin(), it.base());
}

void TraceLog::write_csv(std::ostream& out) const {
    out << "frame,key,batch,event\n";
    for (const TraceRecord& r : records_)
        out << r.frame << ',' << r.key << ',' << r.batch << ',' << name_of(r.event) << '\n';
}

}  // namespace tsl
