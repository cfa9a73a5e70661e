"""The page's own keys and pointer, as the desktop window's: F puts the
page on the whole screen and back (the page, so that its own text stays in
sight; a browser allows that only while it handles the user's input: the
page asks in the key's own event), and
the mouse pointer hides after three still seconds and comes back when it
moves (hide idle pointer, on by default)."""
from selenium.webdriver.common.action_chains import ActionChains

from browser_check import wait_for

FULLSCREEN = "return document.fullscreenElement === document.documentElement;"
WINDOWED = "return document.fullscreenElement === null;"


def run(page, url):
    driver, check = page.driver, page.check
    state, status = page.load(url + 'index.html')
    if not check(state == 'ready', f'keys: the page reaches "ready" (status: {status!r})'):
        return
    ActionChains(driver).send_keys('f').perform()
    if check(bool(wait_for(driver, FULLSCREEN, 30, 'full screen')), 'the key F puts the page on the whole screen'):
        page.drawing()
        page.picture('fullscreen.png')
    ActionChains(driver).send_keys('f').perform()
    check(bool(wait_for(driver, WINDOWED, 30, 'the window again')), 'the key F again leaves the whole screen')
    check(page.drawing(), 'the lab keeps drawing after full screen and back')

    # The pointer: still for three seconds (the wait allows far more), then moved.
    ActionChains(driver).move_to_element_with_offset(driver.find_element('id', 'canvas'), 10, 10).perform()
    hidden = wait_for(driver, "return Module.canvas.style.cursor === 'none';", 60, 'the pointer to hide')
    check(bool(hidden), 'the pointer hides after a few still seconds')
    ActionChains(driver).move_by_offset(40, 30).perform()
    shown = wait_for(driver, "return Module.canvas.style.cursor === 'auto';", 30, 'the pointer to show')
    check(bool(shown), 'the pointer comes back when it moves')
    page.check_console('keys')
