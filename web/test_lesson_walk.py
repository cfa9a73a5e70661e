"""Every lesson walked in the page as a class follows a lecturer's link:
from ?lesson=NAME&step=1, Page Down reveals each step and moves to the next
up to the last step's reveal (one more press changes nothing), then Page Up
goes back to the first step (one more press changes nothing). After every
press the page must show the step expected, keep drawing, and log no error:
a frame drawn between a step's change and the next simulation step once read
plots sized for the step before and stopped the page."""
import os
import re

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from browser_check import wait_for

LESSON_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'assets', 'lessons')


def step_count(lesson):
    """The steps of a shipped lesson, as the page packs it: its [[step]] tables."""
    with open(os.path.join(LESSON_DIR, lesson + '.toml'), encoding='utf-8') as f:
        return len(re.findall(r'^\[\[step\]\]\s*$', f.read(), flags=re.MULTILINE))


LESSONS = {name: step_count(name) for name in ('timeslicing', 'which-mode', 'delayed-gathering', 'parallel-engine')}


def walk(page, url, lesson, steps):
    driver, check = page.driver, page.check
    state, status = page.load(url + f'index.html?lesson={lesson}&step=1')
    if not check(state == 'ready', f'{lesson}: ?lesson={lesson}&step=1 reaches "ready" (status: {status!r})'):
        return

    def press(key, expected):
        ActionChains(driver).send_keys(key).perform()
        shown = wait_for(driver, f"return Module.ccall('tsl_web_lesson', 'string', [], []) === {expected!r};", 60,
                         f'{lesson}: {expected}')
        return bool(shown)

    seen = [page.call_text('tsl_web_lesson')]
    ok = seen[0] == f'{lesson} 1'
    for step in range(1, steps + 1):
        ok = ok and press(Keys.PAGE_DOWN, f'{lesson} {step} revealed')
        ok = ok and press(Keys.PAGE_DOWN, f'{lesson} {step + 1}' if step < steps else f'{lesson} {steps} revealed')
    for step in range(steps - 1, 0, -1):
        ok = ok and press(Keys.PAGE_UP, f'{lesson} {step}')
    ok = ok and press(Keys.PAGE_UP, f'{lesson} 1')
    check(ok, f'{lesson}: Page Down to the last reveal and Page Up back to step 1, every step shown in order '
              f'(last seen {page.call_text("tsl_web_lesson")!r})')
    check(page.drawing(), f'{lesson}: the lab still draws after the walk')
    page.check_console(f'lesson walk {lesson}')


def run(page, url):
    for lesson, steps in LESSONS.items():
        walk(page, url, lesson, steps)


def run_single_threaded(page, url):
    walk(page, url, 'timeslicing', LESSONS['timeslicing'])
