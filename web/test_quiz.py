"""The quiz by link, as a student given ?quiz=modes&seed=42 opens it: the page
shows the quiz's question with the pane unlabelled, the student clicks the
mode they see, Page Down reveals it graded against the mode that ran (the
results board, kept in the settings, has the guess, what ran and the model),
B shows the board, and the address names the quiz and step for a link."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from browser_check import wait_for
from test_input import frames_pass, item, mouse, state

SEED = 42
STEP = 2  # a "which mode is this?" question of seed 42 (core/content/quiz.cpp; tests/test_quiz.cpp holds every seed)


def run(page, url):
    driver, check = page.driver, page.check
    loaded, status = page.load(url + f'index.html?quiz=modes&seed={SEED}&step={STEP}')
    if not check(loaded == 'ready', f'quiz: ?quiz=modes&seed={SEED} reaches "ready" (status: {status!r})'):
        return
    check(page.call_text('tsl_web_lesson') == f'quiz-modes-{SEED} {STEP}',
          f'quiz: the link opens question {STEP} of quiz {SEED} (shown: {page.call_text("tsl_web_lesson")!r})')
    check(page.call_text('tsl_web_setting', 'caption') == 'Which mode?', 'quiz: the pane is unlabelled ("Which mode?")')
    ran = page.call_text('tsl_web_setting', 'mode').upper()
    answer = item(page, ran)
    if not check(answer is not None, f'quiz: the card offers {ran} among the answers'):
        return
    x, y, w, h = answer
    mouse(page, 'mouseMoved', x + w / 2, y + h / 2)
    mouse(page, 'mousePressed', x + w / 2, y + h / 2, button='left', clickCount=1)
    mouse(page, 'mouseReleased', x + w / 2, y + h / 2, button='left', clickCount=1)
    driver.execute_script('Module._tsl_web_watch_items(0);')
    check(bool(wait_for(driver, f"return Module.ccall('tsl_web_state', 'string', [], []).includes(' guess={ran} ');", 30,
                        'the answer kept')), f'quiz: a click on {ran} gives the answer')
    ActionChains(driver).send_keys(Keys.PAGE_DOWN).perform()
    revealed = wait_for(driver, f"return Module.ccall('tsl_web_lesson', 'string', [], []) === 'quiz-modes-{SEED} {STEP} revealed';", 60,
                        'the reveal')
    if check(bool(revealed), 'quiz: Page Down reveals the answer'):
        board = page.call_text('tsl_web_setting', 'results_board')
        check(board == f'quiz-modes-{SEED}:{STEP}:{ran}:{ran}:{ran}',
              f'quiz: the board keeps the answer, what ran and the model, graded right (kept: {board!r})')
        ActionChains(driver).send_keys('b').perform()
        check(bool(wait_for(driver, "return Module.ccall('tsl_web_state', 'string', [], []).includes(' help=board ');", 30,
                            'the board')), 'quiz: B shows the results board')
        check(bool(wait_for(driver, f"return location.search.includes('quiz=modes') && location.search.includes('seed={SEED}');", 30,
                            'the address')), f'quiz: the address names the quiz ({driver.execute_script("return location.search;")!r})')
    frames_pass(page)
    check(page.drawing(), 'quiz: the lab still draws')
    check(state(page).get('lesson') == f'quiz-modes-{SEED}', 'quiz: still in the quiz')
    page.check_console('quiz')
