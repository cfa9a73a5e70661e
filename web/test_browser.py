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
    command asking for one falls back to the main thread, saying so.

Usage: test_browser.py [--out DIR] FOLDER   (FOLDER: build/web)
The pictures are written to DIR/*.png (default build/web-test), the console
to DIR/console.log. Exit status 0 when every check passes; each failure is
named on stderr.
"""
import argparse
import base64
import os
import re
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains

HERE = os.path.dirname(os.path.abspath(__file__))
LOAD_TIMEOUT_S = 300  # WebAssembly compiled and WebGL drawn in software, on a busy machine


def start_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = '/usr/bin/chromium'
    for flag in ('--headless=new', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
                 '--window-size=1600,900', '--disable-dev-shm-usage'):
        options.add_argument(flag)
    options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
    return webdriver.Chrome(service=Service('/usr/bin/chromedriver'), options=options)


def wait_for(driver, script, timeout_s, what):
    """Polls `script` until it returns a true value; None after timeout_s."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.25)
    print(f'test_browser: timed out after {timeout_s} s waiting for {what}', file=sys.stderr)
    return None


# The PNG the program wrote, drawn into a 2D canvas and counted: distinct
# colours (quantised to 5 bits a channel) and the share of the most common one.
PICTURE_STATS = """
const done = arguments[arguments.length - 1];
const bytes = Module.FS.readFile(arguments[0]);
createImageBitmap(new Blob([bytes], {type: 'image/png'})).then((bitmap) => {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d');
  context.drawImage(bitmap, 0, 0);
  const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
  const counts = new Map();
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i] >> 3) << 10 | (data[i + 1] >> 3) << 5 | (data[i + 2] >> 3);
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  let most = 0;
  for (const n of counts.values()) most = Math.max(most, n);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  done({width: bitmap.width, height: bitmap.height, colours: counts.size, most: most / (data.length / 4), png: btoa(binary)});
}).catch((error) => done({error: String(error)}));
"""


def start_server_at(folder, isolated):
    args = [sys.executable, os.path.join(HERE, 'serve.py'), '--port', '0', folder]
    if not isolated:
        args.insert(2, '--no-isolation')
    server = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r'http://127\.0\.0\.1:(\d+)/', line)
    if not match:
        server.kill()
        sys.exit(f'test_browser: serve.py did not start: {line!r}')
    return server, f'http://127.0.0.1:{match.group(1)}/'


def main():
    parser = argparse.ArgumentParser(description='Test the browser edition in headless Chromium.')
    parser.add_argument('--out', default='build/web-test')
    parser.add_argument('folder')
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    failures = []
    console = open(os.path.join(args.out, 'console.log'), 'w')

    def check(ok, what):
        print(f'test_browser: {"ok" if ok else "FAILED"}: {what}')
        if not ok:
            failures.append(what)

    def load(driver, address):
        """Loads the page; its state ('ready' or 'error') and status line."""
        driver.get(address)
        state = wait_for(driver, "const s = document.getElementById('status').dataset.state;"
                                 "return s === 'ready' || s === 'error' ? s : null;", LOAD_TIMEOUT_S, 'the page to load')
        status = driver.execute_script("return document.getElementById('status').textContent;")
        return state, status

    def drawing(driver):
        return bool(wait_for(driver, 'return Module._tsl_web_frames() > 2;', 60, 'frames'))

    def call_text(driver, function, *arguments):
        """A string-returning function of the program, called with string arguments."""
        return driver.execute_script('return Module.ccall(arguments[0], "string", arguments[1].map(() => "string"), arguments[1]);',
                                     function, list(arguments))

    def console_errors(driver, page):
        log = driver.get_log('browser')
        for entry in log:
            console.write(f'[{page}] {entry["level"]} {entry["message"]}\n')
        return [entry['message'] for entry in log if entry['level'] == 'SEVERE']

    def picture(driver, name):
        driver.execute_script('Module._tsl_web_request_capture();')
        result = wait_for(driver, 'return UTF8ToString(Module._tsl_web_capture_result());', 60, 'the picture')
        check(bool(result) and not result.startswith('error'), f'the program reads its canvas back ({result!r})')
        if not result or result.startswith('error'):
            return
        stats = driver.execute_async_script(PICTURE_STATS, result)
        if 'error' in stats:
            check(False, f'the picture decodes ({stats["error"]})')
            return
        path = os.path.join(args.out, name)
        with open(path, 'wb') as out:
            out.write(base64.b64decode(stats['png']))
        print(f'test_browser: the picture: {path} ({stats["width"]} x {stats["height"]}, '
              f'{stats["colours"]} colours, the commonest on {stats["most"]:.0%} of it)')
        check(stats['colours'] >= 16 and stats['most'] < 0.9, f'the picture {name} is not blank')

    driver = start_browser()
    driver.set_script_timeout(60)
    try:
        # --- Served with the isolation headers: the threaded build. --------------
        server, url = start_server_at(args.folder, True)
        try:
            state, status = load(driver, url + 'index.html')
            check(state == 'ready', f'the page reaches "ready" (status: {status!r})')
            check(driver.execute_script('return window.crossOriginIsolated;') is True, 'the page is cross-origin isolated')
            if state == 'ready':
                check(driver.execute_script('return Module._tsl_web_threaded();') == 1, 'it loaded the threaded build')
                workers = driver.execute_script('return Module._tsl_web_workers();')
                cores = driver.execute_script('return navigator.hardwareConcurrency;')
                check(workers > 0, f'the job system has worker threads ({workers}; the browser reports {cores} cores)')
                sleeps = wait_for(driver, 'return Module._tsl_web_worker_sleeps();', 60, 'a worker thread to run')
                check(bool(sleeps) and sleeps > 0, f'its workers run (they went to sleep {sleeps} times after looking for jobs)')
                picture(driver, 'canvas.png')
                # The main thread's work per frame, on the page's clock (wall: it has no thread CPU clock).
                total = wait_for(driver, 'const t = Module._tsl_web_frame_total_ms(); return t > 0 ? t : null;', 60,
                                 'a frame total above 0')
                name = call_text(driver, 'tsl_web_frame_total_name')
                check(bool(total) and total > 0 and name == 'frame total (main thread, wall)',
                      f'the frame total reads above 0 and says it is wall-clock time ({total} ms, {name!r})')
            errors = console_errors(driver, 'index.html')
            check(not errors, 'no error in the console' + ''.join('\n    ' + e for e in errors))

            # Links into the lab.
            state, status = load(driver, url + 'index.html?lesson=timeslicing&step=3')
            check(state == 'ready', f'?lesson=timeslicing&step=3: the page reaches "ready" (status: {status!r})')
            if state == 'ready':
                lesson = call_text(driver, 'tsl_web_lesson')
                check(lesson == 'timeslicing 3', f'?lesson=timeslicing&step=3 shows that step ({lesson!r})')
                drawing(driver)
                picture(driver, 'lesson-step3.png')
            errors = console_errors(driver, 'lesson')
            check(not errors, 'no error in the console' + ''.join('\n    ' + e for e in errors))

            state, status = load(driver, url + 'index.html?set=mode=siso&set=jobs_per_update=2')
            check(state == 'ready', f'?set=mode=siso: the page reaches "ready" (status: {status!r})')
            if state == 'ready':
                mode = call_text(driver, 'tsl_web_setting', 'mode')
                check(mode == 'siso', f'?set=mode=siso sets the mode ({mode!r})')
                ActionChains(driver).send_keys('3').perform()
                switched = wait_for(driver, "return Module.ccall('tsl_web_setting', 'string', ['string'], ['mode']) === 'siao';",
                                    30, 'the key 3 to switch the mode')
                check(bool(switched), f'the key 3 switches the mode to siao ({call_text(driver, "tsl_web_setting", "mode")!r})')
                link = call_text(driver, 'tsl_web_copy_link')
                check('set=mode%3Dsiao' in link and 'set=jobs_per_update%3D2' in link and 'scene=npc' in link,
                      f'"copy link to this view" gives the view ({link!r})')
                state, status = load(driver, url + 'index.html' + link)
                again = (call_text(driver, 'tsl_web_setting', 'mode'), call_text(driver, 'tsl_web_setting', 'jobs_per_update'))
                check(state == 'ready' and again == ('siao', '2'), f'the copied link opens that view again ({again}, status {status!r})')
            errors = console_errors(driver, 'set')
            check(not errors, 'no error in the console' + ''.join('\n    ' + e for e in errors))

            for query, problem in (('?step=abc', 'step=abc: a whole number from 1 to 1000 is needed'),
                                   ('?lessn=timeslicing', "'lessn' is not a parameter of this page"),
                                   ('?set=mode=sometimes', 'mode:'),
                                   ('?lesson=timeslicing&step=99', 'lesson \'timeslicing\' has')):
                state, status = load(driver, url + 'index.html' + query)
                check(state == 'error' and problem in status and drawing(driver),
                      f'{query}: the status line shows the problem and the lab runs ({status!r})')
                console_errors(driver, query)
        finally:
            server.terminate()
            server.wait()

        # --- Served without them: the single-threaded build. ----------------------
        server, url = start_server_at(args.folder, False)
        try:
            state, status = load(driver, url + 'index.html')
            check(state == 'ready', f'without the headers: the page reaches "ready" (status: {status!r})')
            check(driver.execute_script('return window.crossOriginIsolated;') is False, 'the page is not cross-origin isolated')
            if state == 'ready':
                check(driver.execute_script('return Module._tsl_web_threaded();') == 0, 'it loaded the single-threaded build')
                workers = driver.execute_script('return Module._tsl_web_workers();')
                check(workers == 0, f'its job system has no workers ({workers})')
                drawing(driver)
                picture(driver, 'single-threaded.png')
                # A window tall enough for the panel to show the threading choices.
                driver.set_window_size(1600, 1800)
                line = wait_for(driver, "return Module.ccall('tsl_web_unavailable_line', 'string', [], []);", 30,
                                'the line about the disabled choices')
                check(bool(line) and 'needs a cross-origin isolated page; see web/README.md' in line,
                      f'the panel shows why the threading choices are disabled ({line!r})')
                picture(driver, 'single-threaded-threading.png')
                driver.set_window_size(1600, 900)
            errors = console_errors(driver, 'single-threaded')
            check(not errors, 'no error in the console' + ''.join('\n    ' + e for e in errors))
            state, status = load(driver, url + 'index.html?set=threading=pool')
            threading = call_text(driver, 'tsl_web_setting', 'threading') if state else ''
            check(state == 'error' and 'threading pool \u2192 inline' in status and threading == 'inline' and drawing(driver),
                  f'?set=threading=pool falls back to inline and says so ({threading!r}, {status!r})')
            console_errors(driver, 'single-threaded set')
        finally:
            server.terminate()
            server.wait()
    finally:
        driver.quit()
        console.close()
    if failures:
        print(f'test_browser: {len(failures)} check(s) failed', file=sys.stderr)
        return 1
    print('test_browser: all checks passed')
    return 0


if __name__ == '__main__':
    sys.exit(main())
