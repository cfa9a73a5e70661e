"""The page in the articles' languages, as a class follows a teacher's link:
?lang=zh-Hans&lesson=parallel-engine and ?lang=zh-Hant&lesson=timeslicing
show the step's text in that language (its file, lang-<code>.json, is fetched
when the language is first chosen: it is not in the first download), the
card's and the page's own words in it, every Chinese character with its
glyph, and a link to the view that keeps the language. Without the isolation
headers, the single-threaded page's notice is said in the language too."""
import pathlib
import tomllib

from browser_check import wait_for

ASSETS = pathlib.Path(__file__).resolve().parent.parent / 'assets'
STATE = "return Module.ccall('tsl_web_state', 'string', [], []);"
WIDE = "const m = Module.ccall('tsl_web_state', 'string', [], []).match(/ wide_glyphs=(\\d+)\\/(\\d+) /); return m ? [+m[1], +m[2]] : null;"


def step_text(language, lesson, step):
    with open(ASSETS / 'lessons' / f'{lesson}.toml', 'rb') as f:
        return tomllib.load(f)['step'][step - 1][language]


def words(language):
    with open(ASSETS / 'lang' / f'{language}.toml', 'rb') as f:
        return tomllib.load(f)


def run(page, url):
    driver, check = page.driver, page.check
    for language, lesson, step in (('zh-Hans', 'parallel-engine', 1), ('zh-Hant', 'timeslicing', 3)):
        tr = words(language)
        where = f'language {language}'
        loaded, status = page.load(url + f'index.html?lang={language}&lesson={lesson}&step={step}')
        if not check(loaded == 'ready', f'{where}: the link reaches "ready" (status: {status!r})'):
            continue
        isolated = driver.execute_script('return window.crossOriginIsolated;')
        check(f' lang={language} ' in driver.execute_script(STATE), f'{where}: lang= sets the language')
        expected = step_text(language, lesson, step)
        title = wait_for(driver, f"return document.getElementById('card-title').textContent === {expected['title']!r};", 30,
                         'the translated card')
        shown = driver.execute_script("return document.getElementById('card-title').textContent;")
        check(bool(title), f'{where}: the card shows the step\'s title in it, fetched with its file ({shown!r})')
        body = driver.execute_script("return document.getElementById('card-body').textContent;")
        check(expected['text'] in body, f'{where}: the card shows the step\'s text in it')
        check(tr['Predict: %s'].replace('%s', expected['question']) in body, f'{where}: the card\'s own words are in it ("Predict: ")')
        check(driver.execute_script("return document.getElementById('card').lang;") == language,
              f'{where}: the card says its language to a screen reader')
        # The page's own words: its buttons beside the card, and its language for the browser and a screen reader.
        own = wait_for(driver, f"return document.getElementById('ctl-back').textContent === {tr['Back']!r};", 30, 'the page\'s words')
        back = driver.execute_script("return document.getElementById('ctl-back').textContent;")
        check(bool(own), f'{where}: the page\'s own buttons are in it ({back!r})')
        check(driver.execute_script('return document.documentElement.lang;') == language, f'{where}: the page says its language')
        drawn = wait_for(driver, WIDE.replace('return m ?', 'return m && m[1] === m[2] && +m[2] > 0 ?'), 60, 'the Chinese font')
        check(bool(drawn), f'{where}: once its font is fetched, every Chinese character has a glyph ({driver.execute_script(WIDE)})')
        if not isolated:
            # The single-threaded page says once, calmly, that it has no worker threads: in the language.
            sentence = tr['This page runs every job on the main thread: it is not cross-origin isolated, so it has no worker threads.']
            said = wait_for(driver, f"return document.getElementById('notice-text').textContent.startsWith({sentence!r});", 30, 'the notice')
            notice = driver.execute_script("return document.getElementById('notice-text').textContent;")
            check(bool(said), f'{where}: the page without threads says so in the language ({notice!r})')
        page.picture(f'language-{language}{"" if isolated else "-single-threaded"}.png')
        link = driver.execute_script("return Module.ccall('tsl_web_copy_link', 'string', [], []);")
        check(f'lang={language}' in link, f'{where}: the link to this view keeps the language ({link!r})')
    page.check_console('language')
