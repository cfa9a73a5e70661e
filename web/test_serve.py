"""Where the page is served from:

  - opened from a folder (file://, a USB stick), the page says in one line
    that it needs a web server and how to start one, instead of a blank
    page with "Script error.";
  - `serve.py --lan` listens on every address and prints the one to give a
    class; served there, the page's files come (the page at that address is
    not cross-origin isolated over plain http, as the line says);
  - compressed copies are sent only to a browser that takes gzip.
"""
import os
import re
import subprocess
import sys
import urllib.request

from browser_check import HERE, wait_for


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


def run(page, url):
    check_folder(page)
    check_lan(page, page.folder)
