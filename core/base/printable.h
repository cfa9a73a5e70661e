// printable.h — text from a file or the command line, made safe to quote in a
// one-line message: every control character is shown as an escape instead of
// acting on the terminal or breaking the line.
//
//   printable("multi\n")        -> "multi\n" written as the two characters '\' 'n'
//   printable("red\x1b[31m")    -> "red\x1b[31m" (the escape shown, not obeyed)
//   printable("café ✓")         -> "café ✓" (UTF-8 text is kept)
//
// Escaped: the C0 controls and DEL (\t \n \r, else \xHH), the C1 controls
// U+0080..U+009F, the line and paragraph separators U+2028/U+2029 and the
// bidirectional overrides and isolates U+202A..U+202E, U+2066..U+2069 (which
// could make a message read differently from what it says) as \uHHHH, and any
// byte that is not part of valid UTF-8 as \xHH. A backslash is kept as it is,
// so printable(printable(s)) == printable(s): a message built from messages
// can be made printable again safely.
//
// Every message that quotes a preset, lesson, level or settings file (or a
// name given on the command line) goes through this one function.
//
// Threading: a pure function, any thread.
#pragma once

#include <string>
#include <string_view>

namespace tsl {

std::string printable(std::string_view text);

// True when `text` has nothing printable() would escape.
bool is_printable(std::string_view text);

}  // namespace tsl
