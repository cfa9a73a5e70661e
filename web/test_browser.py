#!/usr/bin/python3
"""The browser edition in a real browser: headless Chromium (Debian's, driven
by Selenium through chromium-driver, WebGL 2 on SwiftShader) loads the page
from serve.py and checks that

  - the page is cross-origin isolated and reaches "ready", with no error in
    its console;
  - the job system has worker threads (web workers), and they run: a worker
    goes to sleep after looking for jobs, which only a running thread does;
  - a picture of the canvas, read back by the program inside a frame, is not
    blank: it has the lab's many colours, not one.

Usage: test_browser.py [--out DIR] FOLDER   (FOLDER: build/web)
The picture is written to DIR/canvas.png (default build/web-test). Exit
status 0 when every check passes; each failure is named on stderr.
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

HERE = os.path.dirname(os.path.abspath(__file__))
LOAD_TIMEOUT_S = 300  # WebAssembly compiled and WebGL drawn in software, on a busy machine


def start_server(folder):
    server = subprocess.Popen([sys.executable, os.path.join(HERE, 'serve.py'), '--port', '0', folder],
                              stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r'http://127\.0\.0\.1:(\d+)/', line)
    if not match:
        server.kill()
        sys.exit(f'test_browser: serve.py did not start: {line!r}')
    return server, f'http://127.0.0.1:{match.group(1)}/'


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


def main():
    parser = argparse.ArgumentParser(description='Test the browser edition in headless Chromium.')
    parser.add_argument('--out', default='build/web-test')
    parser.add_argument('folder')
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    failures = []

    def check(ok, what):
        print(f'test_browser: {"ok" if ok else "FAILED"}: {what}')
        if not ok:
            failures.append(what)

    server, url = start_server(args.folder)
    driver = start_browser()
    try:
        driver.set_script_timeout(60)
        driver.get(url + 'index.html')
        state = wait_for(driver, "const s = document.getElementById('status').dataset.state;"
                                 "return s === 'ready' || s === 'error' ? s : null;", LOAD_TIMEOUT_S, 'the page to be ready')
        status = driver.execute_script("return document.getElementById('status').textContent;")
        check(state == 'ready', f'the page reaches "ready" (status: {status!r})')
        check(driver.execute_script('return window.crossOriginIsolated;') is True, 'the page is cross-origin isolated')
        if state == 'ready':
            workers = driver.execute_script('return Module._tsl_web_workers();')
            cores = driver.execute_script('return navigator.hardwareConcurrency;')
            check(workers > 0, f'the job system has worker threads ({workers}; the browser reports {cores} cores)')
            sleeps = wait_for(driver, 'return Module._tsl_web_worker_sleeps();', 60, 'a worker thread to run')
            check(bool(sleeps) and sleeps > 0, f'its workers run (they went to sleep {sleeps} times after looking for jobs)')
            driver.execute_script('Module._tsl_web_request_capture();')
            result = wait_for(driver, 'return UTF8ToString(Module._tsl_web_capture_result());', 60, 'the picture')
            check(bool(result) and not result.startswith('error'), f'the program reads its canvas back ({result!r})')
            if result and not result.startswith('error'):
                stats = driver.execute_async_script(PICTURE_STATS, result)
                if 'error' in stats:
                    check(False, f'the picture decodes ({stats["error"]})')
                else:
                    path = os.path.join(args.out, 'canvas.png')
                    with open(path, 'wb') as out:
                        out.write(base64.b64decode(stats['png']))
                    print(f'test_browser: the picture: {path} ({stats["width"]} x {stats["height"]}, '
                          f'{stats["colours"]} colours, the commonest on {stats["most"]:.0%} of it)')
                    check(stats['colours'] >= 16 and stats['most'] < 0.9, 'the picture is not blank')
        log = driver.get_log('browser')
        with open(os.path.join(args.out, 'console.log'), 'w') as out:
            for entry in log:
                out.write(f'{entry["level"]} {entry["message"]}\n')
        errors = [entry['message'] for entry in log if entry['level'] == 'SEVERE']
        check(not errors, 'no error in the console' + ''.join('\n    ' + e for e in errors))
    finally:
        driver.quit()
        server.terminate()
        server.wait()
    if failures:
        print(f'test_browser: {len(failures)} check(s) failed', file=sys.stderr)
        return 1
    print('test_browser: all checks passed')
    return 0


if __name__ == '__main__':
    sys.exit(main())
