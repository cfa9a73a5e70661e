"""The glossary in the page, as a student reading a Chinese article opens it:
G on a lesson step shows it, the Chinese font (not in the first download) is
fetched then and every character the glossary writes gets its glyph, and Esc
closes it."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from browser_check import wait_for

WIDE = "const m = Module.ccall('tsl_web_state', 'string', [], []).match(/ wide_glyphs=(\\d+)\\/(\\d+) /); return m ? [+m[1], +m[2]] : null;"


def run(page, url):
    driver, check = page.driver, page.check
    loaded, status = page.load(url + 'index.html?lesson=timeslicing&step=3')
    if not check(loaded == 'ready', f'glossary: the lesson link reaches "ready" (status: {status!r})'):
        return
    before = driver.execute_script(WIDE)
    check(before is not None and before[0] == 0 and before[1] > 400,
          f'glossary: before it is shown, the page has not fetched the Chinese font ({before} of the glossary\'s characters drawn)')
    ActionChains(driver).send_keys('g').perform()
    shown = wait_for(driver, "return Module.ccall('tsl_web_state', 'string', [], []).includes(' help=glossary ');", 30, 'the glossary')
    check(bool(shown), 'glossary: G shows it')
    drawn = wait_for(driver, WIDE.replace('return m ?', 'return m && m[1] === m[2] && +m[2] > 0 ?'), 60, 'the Chinese font')
    check(bool(drawn), f'glossary: once its font is fetched, every Chinese character it writes has a glyph ({driver.execute_script(WIDE)})')
    page.picture('glossary.png')
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    closed = wait_for(driver, "return Module.ccall('tsl_web_state', 'string', [], []).includes(' help=none ');", 30, 'the glossary closed')
    check(bool(closed), 'glossary: Esc closes it')
    page.check_console('glossary')
