"""Where the page is served from:

  - opened from a folder (file://, a USB stick), the page says in one line
    that it needs a web server and how to start one, instead of a blank
    page with "Script error.";
  - `serve.py --lan` listens on every address and prints the one to give a
    class; served there, the page's files come (the page at that address is
    not cross-origin isolated over plain http, as the line says);
  - compressed copies are sent only to a browser that takes gzip;
  - offline after a first visit: once the service worker (sw.js) holds its
    copy, the server stopped, a lesson link opens again, threaded and
    cross-origin isolated as before.
"""
import os
import re
import subprocess
import sys
import time
import urllib.request

from browser_check import HERE, LOAD_TIMEOUT_S, start_server_at, wait_for

KEPT = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready.then(() => caches.open('timeslice-lab')).then((cache) => cache.keys())
  .then((keys) => done(keys.map((k) => k.url.split('/').pop()))).catch((e) => done(String(e)));
"""


def check_folder(page):
    driver, check = page.driver, page.check
    driver.get('file://' + os.path.join(page.folder, 'index.html'))
    state = wait_for(driver, "return document.getElementById('status').dataset.state === 'error';", 30, 'the line about a server')
    status = driver.execute_script("return document.getElementById('status').textContent;")
    check(bool(state) and 'This page needs a web server' in status and 'python3 -m http.server' in status,
          f'opened from a folder, the page says what to do instead ({status!r})')
    errors = page.console_errors('file://')
    check(not errors, 'opened from a folder: no error in the console' + ''.join('\n    ' + e for e in errors))


def check_lan(page, folder):
    check = page.check
    server = subprocess.Popen([sys.executable, os.path.join(HERE, 'serve.py'), '--lan', '--port', '0', folder],
                              stdout=subprocess.PIPE, text=True)
    try:
        first, second = server.stdout.readline(), server.stdout.readline()
        port = re.search(r'http://127\.0\.0\.1:(\d+)/', first)
        check(bool(port), f'serve.py --lan: serving on 127.0.0.1 ({first.strip()!r})')
        address = re.search(r'for the class: http://([0-9.]+):(\d+)/', second)
        check(bool(address) or 'no network address' in second, f'serve.py --lan: the address for the class ({second.strip()!r})')
        if address and port:
            check(address.group(2) == port.group(1), 'serve.py --lan: the class\'s address has the port served')
            with urllib.request.urlopen(f'http://{address.group(1)}:{address.group(2)}/index.html', timeout=30) as reply:
                body = reply.read()
            check(b'Timeslice Lab' in body, f'serve.py --lan: the page comes from http://{address.group(1)}:{address.group(2)}/')
        if port:
            base = f'http://127.0.0.1:{port.group(1)}/timeslice-lab.wasm'
            with urllib.request.urlopen(urllib.request.Request(base, headers={'Accept-Encoding': 'gzip'}), timeout=30) as reply:
                zipped = (reply.headers.get('Content-Encoding'), len(reply.read()))
            with urllib.request.urlopen(base, timeout=30) as reply:
                plain = (reply.headers.get('Content-Encoding'), len(reply.read()))
            check(zipped[0] == 'gzip' and plain[0] is None and zipped[1] < plain[1] / 2,
                  f'serve.py sends the compressed copy only to a browser that takes gzip (gzip {zipped}, plain {plain})')
    finally:
        server.terminate()
        server.wait()


def check_offline(page):
    driver, check = page.driver, page.check
    server, url = start_server_at(page.folder, True)
    link = url + 'index.html?lesson=timeslicing&step=2'
    try:
        state, status = page.load(link)
        if not check(state == 'ready', f'offline: the first visit reaches "ready" (status: {status!r})'):
            return
        kept = []
        for _ in range(120):
            kept = driver.execute_async_script(KEPT)
            if isinstance(kept, list) and 'timeslice-lab.wasm' in kept and 'timeslice-lab-st.wasm' in kept:
                break
            time.sleep(0.5)
        check(isinstance(kept, list) and len(kept) >= 8, f'offline: the service worker keeps the page\'s files ({kept})')
    finally:
        server.terminate()
        server.wait()
    # The server gone: the same link again (not page.load, which would clear the copy).
    driver.get(link)
    state = wait_for(driver, "const s = document.getElementById('status').dataset.state;"
                             "return s === 'ready' || s === 'error' ? s : null;", LOAD_TIMEOUT_S, 'the page to load offline')
    shown = page.call_text('tsl_web_lesson') if state == 'ready' else ''
    isolated = driver.execute_script('return window.crossOriginIsolated;')
    check(state == 'ready' and shown == 'timeslicing 2' and isolated and page.drawing(),
          f'offline: with the server stopped the link opens again, threaded and isolated ({state}, {shown!r}, isolated {isolated})')
    page.check_console('offline')


def run(page, url):
    check_folder(page)
    check_offline(page)
    check_lan(page, page.folder)
