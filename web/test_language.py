"""The page in the articles' languages, as a class follows a teacher's link:
?lang=zh-Hans&lesson=parallel-engine and ?lang=zh-Hant&lesson=timeslicing
show the step's text in that language (fetched when the language is first
chosen: it is not in the first download), the card's words in it, every
Chinese character with its glyph, and a link to the view that keeps the
language."""
import pathlib
import tomllib

from browser_check import wait_for

ASSETS = pathlib.Path(__file__).resolve().parent.parent / 'assets'
STATE = "return Module.ccall('tsl_web_state', 'string', [], []);"
WIDE = "const m = Module.ccall('tsl_web_state', 'string', [], []).match(/ wide_glyphs=(\\d+)\\/(\\d+) /); return m ? [+m[1], +m[2]] : null;"


def step_text(language, lesson, step):
    with open(ASSETS / 'lang' / language / f'{lesson}.toml', 'rb') as f:
        return tomllib.load(f)['step'][step - 1]


def ui_text(language, english):
    with open(ASSETS / 'lang' / language / 'ui.toml', 'rb') as f:
        return tomllib.load(f)[english]


def run(page, url):
    driver, check = page.driver, page.check
    for language, lesson, step in (('zh-Hans', 'parallel-engine', 1), ('zh-Hant', 'timeslicing', 3)):
        loaded, status = page.load(url + f'index.html?lang={language}&lesson={lesson}&step={step}')
        if not check(loaded == 'ready', f'language {language}: the link reaches "ready" (status: {status!r})'):
            continue
        check(f' lang={language} ' in driver.execute_script(STATE), f'language {language}: lang= sets the language')
        expected = step_text(language, lesson, step)
        title = wait_for(driver, f"return document.getElementById('card-title').textContent === {expected['title']!r};", 30,
                         'the translated card')
        shown = driver.execute_script("return document.getElementById('card-title').textContent;")
        check(bool(title), f'language {language}: the card shows the step\'s title in it, fetched with its files ({shown!r})')
        body = driver.execute_script("return document.getElementById('card-body').textContent;")
        check(expected['text'] in body, f'language {language}: the card shows the step\'s text in it')
        check(ui_text(language, 'Predict: %s').replace('%s', expected['question']) in body,
              f'language {language}: the card\'s own words are in it ("Predict: ")')
        check(driver.execute_script("return document.getElementById('card').lang;") == language,
              f'language {language}: the card says its language to a screen reader')
        drawn = wait_for(driver, WIDE.replace('return m ?', 'return m && m[1] === m[2] && +m[2] > 0 ?'), 60, 'the Chinese font')
        check(bool(drawn), f'language {language}: once its font is fetched, every Chinese character has a glyph ({driver.execute_script(WIDE)})')
        page.picture(f'language-{language}.png')
        link = driver.execute_script("return Module.ccall('tsl_web_copy_link', 'string', [], []);")
        check(f'lang={language}' in link, f'language {language}: the link to this view keeps the language ({link!r})')
    page.check_console('language')
