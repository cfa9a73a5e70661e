"""Writes the characters at or above U+2E80 (Chinese, full-width punctuation)
that the given UTF-8 files hold, one line, sorted: what the page's Chinese
font is cut to (web/CMakeLists.txt). Given the glossary and the sources that
write Chinese themselves, it holds every character the app asks its fonts for
(core/content/glossary.h: wide_characters), and a few more from comments.

    chinese_characters.py OUT FILE...
"""
import sys

wide = set()
for name in sys.argv[2:]:
    with open(name, encoding='utf-8') as f:
        wide.update(c for c in f.read() if ord(c) >= 0x2E80)
with open(sys.argv[1], 'w', encoding='utf-8') as out:
    out.write(''.join(sorted(wide)) + '\n')
