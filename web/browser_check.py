"""What the browser tests share: headless Chromium (Debian's, driven by
Selenium through chromium-driver, WebGL 2 on SwiftShader), the local server
(serve.py) with or without the isolation headers, and `Page`: one browser
with the checks made in it, its console log and the pictures it reads back.
The checks themselves are in test_browser.py and the test_*.py beside it.
"""
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


def start_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = '/usr/bin/chromium'
    for flag in ('--headless=new', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
                 '--window-size=1600,900', '--disable-dev-shm-usage'):
        options.add_argument(flag)
    options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
    return webdriver.Chrome(service=Service('/usr/bin/chromedriver'), options=options)


SHIFT = {'key': 'Shift', 'code': 'ShiftLeft', 'windowsVirtualKeyCode': 16}


def press(driver, key, code, key_code, text='', shift=False, unmodified=None):
    """One key pressed and let go as the browser's own events (Chrome DevTools'
    Input domain): `key` and `code` as a keyboard event names them, the key
    code Chromium gives, the `text` it types ('' for a key that types none)
    and, with `shift`, held down with Shift (`unmodified`: what the layout
    types without it)."""
    send = driver.execute_cdp_cmd
    modifiers = 8 if shift else 0
    if shift:
        send('Input.dispatchKeyEvent', {'type': 'rawKeyDown', 'modifiers': 8, **SHIFT})
    down = {'type': 'keyDown' if text else 'rawKeyDown', 'key': key, 'code': code, 'windowsVirtualKeyCode': key_code,
            'modifiers': modifiers, 'text': text}
    if unmodified is not None:
        down['unmodifiedText'] = unmodified
    send('Input.dispatchKeyEvent', down)
    send('Input.dispatchKeyEvent', {'type': 'keyUp', 'key': key, 'code': code, 'windowsVirtualKeyCode': key_code, 'modifiers': modifiers})
    if shift:
        send('Input.dispatchKeyEvent', {'type': 'keyUp', **SHIFT})


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




class Page:
    """One browser and the checks made in it: each check prints 'ok' or
    'FAILED' with what it checked; the failures are kept for the exit status."""

    def __init__(self, out):
        self.out = out
        self.failures = []
        self.console = open(os.path.join(out, 'console.log'), 'w')
        self.driver = start_browser()
        self.driver.set_script_timeout(60)

    def close(self):
        self.driver.quit()
        self.console.close()

    def check(self, ok, what):
        print(f'test_browser: {"ok" if ok else "FAILED"}: {what}')
        if not ok:
            self.failures.append(what)
        return ok

    def load(self, address, keep_settings=False, keep_start=False):
        """Loads the page; its state ('ready' or 'error') and status line.
        The page keeps its settings in the browser's storage (web_files.cpp),
        so that one check's key press would carry into the next: unless
        keep_settings, the lab is left and its origin's storage emptied first.
        The bare page opens on its start card, which is closed as a user
        would ("Explore on my own") unless keep_start."""
        if not keep_settings:
            origin = re.match(r'https?://[^/]+', address).group(0)
            self.driver.get('about:blank')  # no lab left to save its settings meanwhile
            # The offline copy goes too (sw.js), so that every check but the offline one sees the page as a first visit.
            self.driver.execute_cdp_cmd('Storage.clearDataForOrigin',
                                        {'origin': origin, 'storageTypes': 'local_storage,service_workers,cache_storage'})
        self.driver.get(address)
        state = wait_for(self.driver, "const s = document.getElementById('status').dataset.state;"
                                      "return s === 'ready' || s === 'error' ? s : null;", LOAD_TIMEOUT_S, 'the page to load')
        status = self.driver.execute_script("return document.getElementById('status').textContent;")
        if state == 'ready' and not keep_start and self.driver.execute_script("return !document.getElementById('start').hidden;"):
            self.driver.find_element('id', 'start-explore').click()
        return state, status

    def drawing(self):
        return bool(wait_for(self.driver, 'return Module._tsl_web_frames() > 2;', 60, 'frames'))

    def call_text(self, function, *arguments):
        """A string-returning function of the program, called with string arguments."""
        return self.driver.execute_script(
            'return Module.ccall(arguments[0], "string", arguments[1].map(() => "string"), arguments[1]);',
            function, list(arguments))

    def console_errors(self, page):
        log = self.driver.get_log('browser')
        for entry in log:
            self.console.write(f'[{page}] {entry["level"]} {entry["message"]}\n')
        return [entry['message'] for entry in log if entry['level'] == 'SEVERE']

    def check_console(self, page):
        errors = self.console_errors(page)
        self.check(not errors, 'no error in the console' + ''.join('\n    ' + e for e in errors))

    def picture(self, name):
        """Has the program read its canvas back inside a frame, saves it as
        OUT/name and checks it is not blank; its statistics, or None."""
        driver = self.driver
        driver.execute_script('Module._tsl_web_request_capture();')
        result = wait_for(driver, 'return UTF8ToString(Module._tsl_web_capture_result());', 60, 'the picture')
        self.check(bool(result) and not result.startswith('error'), f'the program reads its canvas back ({result!r})')
        if not result or result.startswith('error'):
            return None
        stats = driver.execute_async_script(PICTURE_STATS, result)
        if 'error' in stats:
            self.check(False, f'the picture decodes ({stats["error"]})')
            return None
        path = os.path.join(self.out, name)
        with open(path, 'wb') as out:
            out.write(base64.b64decode(stats['png']))
        print(f'test_browser: the picture: {path} ({stats["width"]} x {stats["height"]}, '
              f'{stats["colours"]} colours, the commonest on {stats["most"]:.0%} of it)')
        self.check(stats['colours'] >= 16 and stats['most'] < 0.9, f'the picture {name} is not blank')
        stats['path'] = path
        return stats
