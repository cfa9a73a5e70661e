#!/usr/bin/python3
"""The browser edition in a real browser: headless Chromium (Debian's, driven
by Selenium through chromium-driver, WebGL 2 on SwiftShader) loads the page
from serve.py and checks that

  - served with the isolation headers, the page is cross-origin isolated,
    loads the threaded build and reaches "ready", with no error in its
    console; the job system has worker threads (web workers), and they run: a
    worker goes to sleep after looking for jobs, which only a running thread
    does; a picture of the canvas, read back by the program inside a frame,
    is not blank: it has the lab's many colours, not one;
  - links into the lab work: ?lesson=timeslicing&step=3 shows that lesson's
    third step, ?set=mode=siso sets the mode, the key 3 then switches it to
    SIAO, "copy link to this view" gives the view's parameters, and a bad
    parameter shows its one-line problem on the status line;
  - served without the headers (serve.py --no-isolation, as a host that
    cannot set them), the page loads the single-threaded build, reaches
    "ready" with no console error, its job system has no workers, the panel
    says why the threading choices that need them are disabled, and a
    command asking for one falls back to the main thread, saying so in a
    calm notice (not an error).

The checks of other parts of the page are in the test_*.py beside this file,
each run here on the page it needs (ISOLATED and NOT_ISOLATED below).

Usage: test_browser.py [--out DIR] FOLDER   (FOLDER: build/web)
The pictures are written to DIR/*.png (default build/web-test), the console
to DIR/console.log. Exit status 0 when every check passes; each failure is
named on stderr.
"""

import argparse
import os
import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from browser_check import Page, start_server_at, wait_for
import test_a11y
import test_bench
import test_files
import test_glossary
import test_language
import test_input
import test_keys
import test_lanes
import test_layout
import test_lesson_walk
import test_loading
import test_quiz
import test_record
import test_serve
import test_thread_limits
import test_trace
import test_weight
import test_workers

# Further checks, each a module with run(page, url): the page served with the
# isolation headers (the threaded build), and without them.
ISOLATED = [test_lesson_walk, test_quiz, test_glossary, test_language, test_keys, test_input, test_a11y, test_thread_limits, test_workers, test_trace, test_record, test_layout, test_files,
            test_bench, test_lanes, test_weight, test_loading, test_serve]
NOT_ISOLATED = [test_workers, test_files, test_weight, test_loading, test_glossary, test_language]


def check_threaded_page(page, url):
    driver, check = page.driver, page.check
    state, status = page.load(url + 'index.html')
    check(state == 'ready', f'the page reaches "ready" (status: {status!r})')
    check(driver.execute_script('return window.crossOriginIsolated;') is True, 'the page is cross-origin isolated')
    if state == 'ready':
        check(driver.execute_script('return Module._tsl_web_threaded();') == 1, 'it loaded the threaded build')
        workers = driver.execute_script('return Module._tsl_web_workers();')
        cores = driver.execute_script('return navigator.hardwareConcurrency;')
        check(workers > 0, f'the job system has worker threads ({workers}; the browser reports {cores} cores)')
        sleeps = wait_for(driver, 'return Module._tsl_web_worker_sleeps();', 60, 'a worker thread to run')
        check(bool(sleeps) and sleeps > 0, f'its workers run (they went to sleep {sleeps} times after looking for jobs)')
        page.picture('canvas.png')
        # The main thread's work per frame, on the page's clock (wall: it has no thread CPU clock).
        total = wait_for(driver, 'const t = Module._tsl_web_frame_total_ms(); return t > 0 ? t : null;', 60,
                         'a frame total above 0')
        name = page.call_text('tsl_web_frame_total_name')
        check(bool(total) and total > 0 and name == 'frame total (main thread, wall)',
              f'the frame total reads above 0 and says it is wall-clock time ({total} ms, {name!r})')
    page.check_console('index.html')


def check_links(page, url):
    driver, check, call_text = page.driver, page.check, page.call_text
    state, status = page.load(url + 'index.html?lesson=timeslicing&step=3')
    check(state == 'ready', f'?lesson=timeslicing&step=3: the page reaches "ready" (status: {status!r})')
    if state == 'ready':
        lesson = call_text('tsl_web_lesson')
        check(lesson == 'timeslicing 3', f'?lesson=timeslicing&step=3 shows that step ({lesson!r})')
        page.drawing()
        page.picture('lesson-step3.png')
        # Revealed, the link to this view says so (and not the presenter view a lesson starts in).
        ActionChains(driver).send_keys(Keys.PAGE_DOWN).perform()
        revealed = wait_for(driver, "return Module.ccall('tsl_web_lesson', 'string', [], []) === 'timeslicing 3 revealed';", 30, 'the reveal')
        link = call_text('tsl_web_copy_link')
        check(bool(revealed) and link == '?lesson=timeslicing&step=3&reveal=1',
              f'after a reveal, "copy link to this view" gives the step revealed ({link!r})')
        # The address follows the steps, and the browser's Back and Forward move between them.
        ActionChains(driver).send_keys(Keys.PAGE_DOWN).perform()
        moved = wait_for(driver, "return location.search === '?lesson=timeslicing&step=4';", 30, 'the address of step 4')
        check(bool(moved), f'the address follows the lesson to step 4 ({driver.execute_script("return location.search;")!r})')
        for go, expected in (('back', 'timeslicing 3 revealed'), ('back', 'timeslicing 3'), ('forward', 'timeslicing 3 revealed'),
                             ('forward', 'timeslicing 4')):
            driver.execute_script(f'history.{go}();')
            shown = wait_for(driver, f"return Module.ccall('tsl_web_lesson', 'string', [], []) === '{expected}';", 30, expected)
            check(bool(shown) and page.drawing(),
                  f'the browser\'s {go.title()} shows {expected!r} ({call_text("tsl_web_lesson")!r}, {driver.execute_script("return location.search;")!r})')
    page.check_console('lesson')

    state, status = page.load(url + 'index.html?set=mode=siso&set=jobs_per_update=2')
    check(state == 'ready', f'?set=mode=siso: the page reaches "ready" (status: {status!r})')
    if state == 'ready':
        mode = call_text('tsl_web_setting', 'mode')
        check(mode == 'siso', f'?set=mode=siso sets the mode ({mode!r})')
        ActionChains(driver).send_keys('3').perform()
        switched = wait_for(driver, "return Module.ccall('tsl_web_setting', 'string', ['string'], ['mode']) === 'siao';",
                            30, 'the key 3 to switch the mode')
        check(bool(switched), f'the key 3 switches the mode to siao ({call_text("tsl_web_setting", "mode")!r})')
        link = call_text('tsl_web_copy_link')
        check('set=mode%3Dsiao' in link and 'set=jobs_per_update%3D2' in link and 'scene=npc' in link,
              f'"copy link to this view" gives the view ({link!r})')
        state, status = page.load(url + 'index.html' + link)
        again = (call_text('tsl_web_setting', 'mode'), call_text('tsl_web_setting', 'jobs_per_update'))
        check(state == 'ready' and again == ('siao', '2'), f'the copied link opens that view again ({again}, status {status!r})')
    page.check_console('set')

    for query, problem in (('?step=abc', 'step=abc: a whole number from 1 to 1000 is needed'),
                           ('?lessn=timeslicing', "'lessn' is not a parameter of this page"),
                           ('?set=mode=sometimes', 'mode:'),
                           ('?lesson=timeslicing&step=99', 'lesson \'timeslicing\' has'),
                           # Files a link names are read as the desktop reads them: a device
                           # (which never ends) and a folder are refused by name, at once.
                           ('?scene=exposure&set=level=/dev/urandom', '/dev/urandom: is a device, not a level file'),
                           ('?scene=exposure&set=level=/tmp', '/tmp: is a folder, not a level file')):
        state, status = page.load(url + 'index.html' + query)
        check(state == 'error' and problem in status and page.drawing(),
              f'{query}: the status line shows the problem and the lab runs ({status!r})')
        page.console_errors(query)


def check_single_threaded_page(page, url):
    driver, check = page.driver, page.check
    state, status = page.load(url + 'index.html')
    check(state == 'ready', f'without the headers: the page reaches "ready" (status: {status!r})')
    check(driver.execute_script('return window.crossOriginIsolated;') is False, 'the page is not cross-origin isolated')
    if state == 'ready':
        check(driver.execute_script('return Module._tsl_web_threaded();') == 0, 'it loaded the single-threaded build')
        workers = driver.execute_script('return Module._tsl_web_workers();')
        check(workers == 0, f'its job system has no workers ({workers})')
        page.drawing()
        page.picture('single-threaded.png')
        # A window tall enough for the panel to show the threading choices.
        driver.set_window_size(1600, 1800)
        line = wait_for(driver, "return Module.ccall('tsl_web_unavailable_line', 'string', [], []);", 30,
                        'the line about the disabled choices')
        check(bool(line) and 'this page is not cross-origin isolated, which threads in a browser need' in line,
              f'the panel shows why the threading choices are disabled ({line!r})')
        page.picture('single-threaded-threading.png')
        driver.set_window_size(1600, 900)
    page.check_console('single-threaded')
    state, status = page.load(url + 'index.html?set=threading=pool')
    threading = page.call_text('tsl_web_setting', 'threading') if state else ''
    notice = driver.execute_script("return document.getElementById('notice-text').textContent;")
    check(state == 'ready' and 'threading pool \u2192 inline' in notice and threading == 'inline' and page.drawing(),
          f'?set=threading=pool falls back to inline and says so calmly ({threading!r}, status {status!r}, notice {notice!r})')
    page.check_console('single-threaded set')


def serving(page, folder, isolated, sections):
    server, url = start_server_at(folder, isolated)
    try:
        for section in sections:
            start = time.monotonic()
            section(page, url)
            name = getattr(section, '__module__', '') + '.' + section.__name__
            print(f'test_browser: {name} ({"with" if isolated else "without"} the isolation headers) took {time.monotonic() - start:.0f} s')
    finally:
        server.terminate()
        server.wait()


def main():
    parser = argparse.ArgumentParser(description='Test the browser edition in headless Chromium.')
    parser.add_argument('--out', default='build/web-test')
    parser.add_argument('folder')
    parser.add_argument('--only', help='only these checks, by module (test_language,test_weight), with and without the headers')
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    page = Page(args.out)
    page.folder = os.path.abspath(args.folder)  # the page's files, for the checks that read them from disk
    try:
        if args.only:
            only = args.only.split(',')
            serving(page, args.folder, True, [m.run for m in ISOLATED if m.__name__ in only])
            serving(page, args.folder, False, [m.run for m in NOT_ISOLATED if m.__name__ in only])
        else:
            serving(page, args.folder, True, [check_threaded_page, check_links] + [m.run for m in ISOLATED])
            serving(page, args.folder, False,
                    [check_single_threaded_page, test_lesson_walk.run_single_threaded, test_input.run_single_threaded] +
                    [m.run for m in NOT_ISOLATED])
    finally:
        page.close()
    if page.failures:
        print(f'test_browser: {len(page.failures)} check(s) failed', file=sys.stderr)
        return 1
    print('test_browser: all checks passed')
    return 0


if __name__ == '__main__':
    sys.exit(main())
