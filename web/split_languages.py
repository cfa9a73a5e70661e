#!/usr/bin/env python3
"""The page's assets in two parts (web/CMakeLists.txt): what its first download
holds, in English only, and one file per other language that the page fetches
when that language is first chosen (app/web/web_main.cpp).

    split_languages.py ASSETS PRELOAD_DIR OUT_DIR

PRELOAD_DIR becomes a copy of ASSETS without lang/ and with every lesson's and
preset's language tables left out ([zh-Hant], [zh-Hant.terms],
[step.zh-Hant] ...: core/content/lesson.h, preset.h). OUT_DIR gets
lang-<code>.json for each language of ASSETS/lang/<code>.toml: {"files": a
path under the assets folder -> that file's text (each lesson and preset
with its English and that language's tables only), "words": the language's
words (English -> translation, lang/<code>.toml read), which the program
writes back as lang/<code>.toml and the page's own text uses (web/index.html)}. A table of a language is cut from its header to the
next header; the result is checked with tomllib: what is left must read as
the file did with those tables taken out, else the build stops and says which
file.
"""
import json
import pathlib
import re
import shutil
import sys
import tomllib

HEADER = re.compile(r'^\s*\[\[?\s*([^\]\s][^\]]*?)\s*\]\]?\s*(#.*)?$')


def languages_of(assets):
    return sorted(p.stem for p in (assets / 'lang').glob('*.toml'))


def keep_only(text, keep, languages):
    """`text` without the tables of the languages not in `keep`."""
    out, dropping = [], False
    for line in text.split('\n'):
        header = HEADER.match(line)
        if header:
            parts = [p.strip().strip('"') for p in header.group(1).split('.')]
            dropping = any(p in languages and p not in keep for p in parts)
        if not dropping:
            out.append(line)
    return '\n'.join(out)


def without(table, languages, keep):
    """A parsed file with the other languages' tables taken out, as keep_only should leave it."""
    if isinstance(table, dict):
        return {k: without(v, languages, keep) for k, v in table.items() if not (k in languages and k not in keep)}
    if isinstance(table, list):
        return [without(v, languages, keep) for v in table]
    return table


def cut(path, keep, languages):
    text = path.read_text(encoding='utf-8')
    result = keep_only(text, keep, languages)
    expected = without(tomllib.loads(text), languages, keep)
    if tomllib.loads(result) != expected:
        sys.exit(f'split_languages.py: {path}: its language tables cannot be cut out line by line '
                 '(write each as a [table] of its own, as core/content/lesson.h shows)')
    return result


def main():
    assets, preload, out = (pathlib.Path(a) for a in sys.argv[1:4])
    languages = languages_of(assets)
    if preload.exists():
        shutil.rmtree(preload)
    shutil.copytree(assets, preload, ignore=shutil.ignore_patterns('lang'))
    content = sorted((assets / 'lessons').glob('*.toml')) + sorted((assets / 'presets').glob('*.toml'))
    for path in content:
        (preload / path.relative_to(assets)).write_text(cut(path, set(), languages), encoding='utf-8')
    out.mkdir(parents=True, exist_ok=True)
    for language in languages:
        words_file = assets / 'lang' / f'{language}.toml'
        files = {}  # (its words file the page writes from "words": one copy in the download)
        for path in content:
            files[str(path.relative_to(assets))] = cut(path, {language}, languages)
        with open(words_file, 'rb') as f:
            words = tomllib.load(f)
        bundle = {'files': files, 'words': words}
        (out / f'lang-{language}.json').write_text(json.dumps(bundle, ensure_ascii=False, separators=(',', ':')), encoding='utf-8')


if __name__ == '__main__':
    main()
