"""Files in the browser (app/web/web_files.cpp), checked in the page:

  - what the app saves arrives as a download in the folder given to Chromium:
    a GIF recorded with the app's own record key (R, for 0.2 simulated
    seconds) is a GIF89a with at least 2 frames; the panel's PNG is a PNG of
    the scene's size; the latency plot's "Export CSV" has the desktop's header
    row; the notice says "Downloaded NAME" (no folder to open in a page);
  - settings persist in the browser's storage: a mode changed with a key is
    still set after the page is reloaded; a stored text that is not TOML gets
    the desktop's message for a bad settings.toml on the status line, the
    defaults, and is set aside;
  - a preset file opened through the page's file picker applies its settings,
    and one dropped on the page too; a lesson file opens its first step, and a broken preset or lesson shows
    its `NAME:LINE:` problem on the status line and in the notice while the
    lab keeps drawing.

run(page, url) is called by test_browser.py, on each page (threaded and
single-threaded). The page's storage is emptied before and after.
"""
import os
import re
import struct
import tempfile
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from browser_check import wait_for

HERE = os.path.dirname(os.path.abspath(__file__))
LATENCY_HEADER = 'time_s,mean input age (ms),max input age (ms)'


def gif_frames(data):
    """The number of images in a GIF, walking its blocks; None when it is not a whole GIF89a."""
    if data[:6] != b'GIF89a' or len(data) < 13:
        return None
    flags = data[10]
    at = 13 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)
    frames = 0

    def skip_sub_blocks(at):
        while at < len(data) and data[at] != 0:
            at += data[at] + 1
        return at + 1

    while at < len(data):
        block = data[at]
        if block == 0x3B:  # the trailer
            return frames
        if block == 0x21:  # an extension: its label, then sub-blocks
            at = skip_sub_blocks(at + 2)
        elif block == 0x2C:  # an image: its descriptor, colour table, LZW code size, sub-blocks
            local = data[at + 9]
            at += 10 + (3 * 2 ** ((local & 7) + 1) if local & 0x80 else 0)
            at = skip_sub_blocks(at + 1)
            frames += 1
        else:
            return None
    return None  # no trailer: cut short


def png_size(data):
    """(width, height) from a PNG's IHDR; None when the signature is not a PNG's."""
    if data[:8] != b'\x89PNG\r\n\x1a\n' or data[12:16] != b'IHDR':
        return None
    return struct.unpack('>II', data[16:24])


def wait_for_download(folder, suffix, before, timeout_s=60):
    """A new, complete file ending in `suffix` in `folder`: its name, or None."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        names = [n for n in os.listdir(folder) if n.endswith(suffix) and n not in before]
        if names and not any(n.endswith('.crdownload') for n in os.listdir(folder)):
            return names[0]
        time.sleep(0.25)
    return None


def read(folder, name):
    with open(os.path.join(folder, name), 'rb') as f:
        return f.read()


def forget_settings(page, url):
    """Empties the page's storage, from a page of its origin without the lab."""
    page.driver.get(url + 'no-such-page')
    page.driver.execute_script('localStorage.clear();')
    page.console_errors('no lab: the storage emptied')  # that page's 404 is no error of the lab's


def check_downloads(page, url, where):
    driver, check, call_text = page.driver, page.check, page.call_text
    folder = os.path.abspath(os.path.join(page.out, 'downloads'))
    os.makedirs(folder, exist_ok=True)
    driver.execute_cdp_cmd('Browser.setDownloadBehavior', {'behavior': 'allow', 'downloadPath': folder})
    state, status = page.load(url + 'index.html?set=record_seconds=0.2')
    check(state == 'ready', f'{where}: ?set=record_seconds=0.2: the page reaches "ready" (status: {status!r})')
    if state != 'ready':
        return
    page.drawing()

    before = set(os.listdir(folder))
    ActionChains(driver).send_keys('r').perform()
    name = wait_for_download(folder, '.gif', before)
    frames = gif_frames(read(folder, name)) if name else None
    notice = call_text('tsl_web_notice')
    check(bool(name) and frames is not None and frames >= 2,
          f'{where}: the key R records a GIF that arrives as a download ({name!r}: GIF89a, {frames} frames)')
    check(bool(name) and notice.startswith('Downloaded ' + name) and 'frames)' in notice and 'Saved' not in notice,
          f'{where}: the notice says it was downloaded ({notice!r})')

    before = set(os.listdir(folder))
    driver.execute_script('Module._tsl_web_snapshot();')
    name = wait_for_download(folder, '.png', before)
    size = png_size(read(folder, name)) if name else None
    canvas = driver.execute_script('return [Module.canvas.width, Module.canvas.height];')
    check(bool(size) and 100 <= size[0] <= canvas[0] and 100 <= size[1] <= canvas[1],
          f'{where}: the PNG arrives as a download ({name!r}: a PNG of {size}, within the canvas {canvas})')

    before = set(os.listdir(folder))
    driver.execute_script('Module._tsl_web_export_csv();')
    name = wait_for_download(folder, '.csv', before)
    lines = read(folder, name).decode().splitlines() if name else []
    check(bool(name) and lines[:1] == [LATENCY_HEADER] and len(lines) > 1,
          f'{where}: Export CSV arrives as a download ({name!r}: header {lines[:1]}, {len(lines) - 1} rows)')
    page.check_console(where + ' downloads')


def check_settings(page, url, where):
    driver, check, call_text = page.driver, page.check, page.call_text
    state, status = page.load(url + 'index.html')
    if not check(state == 'ready', f'{where}: the page reaches "ready" (status: {status!r})'):
        return
    ActionChains(driver).send_keys('3').perform()
    stored = wait_for(driver, "const t = localStorage.getItem('timeslice-lab/settings.toml');"
                              "return t && /mode = ['\"]siao['\"]/.test(t) ? t : null;", 30, 'the stored settings')
    check(bool(stored) and '[npc]' in stored, f'{where}: the key 3 is stored in the settings.toml schema ([npc] mode = \'siao\')')
    state, status = page.load(url + 'index.html', keep_settings=True)
    mode = call_text('tsl_web_setting', 'mode') if state == 'ready' else None
    check(mode == 'siao', f'{where}: the mode is still siao after a reload ({mode!r}, status {status!r})')
    page.check_console(where + ' settings')

    bad = 'mode = [\n'
    driver.execute_script("localStorage.setItem('timeslice-lab/settings.toml', arguments[0]);", bad)
    state, status = page.load(url + 'index.html', keep_settings=True)
    mode = call_text('tsl_web_setting', 'mode')
    aside = driver.execute_script("return localStorage.getItem('timeslice-lab/settings.toml.bad');")
    check(state == 'error' and "settings file '" in status and 'line 1' in status and 'using defaults' in status
          and mode == 'aiao' and aside == bad and page.drawing(),
          f'{where}: a stored text that is not TOML: the desktop\'s message, the defaults ({mode!r}), set aside ({status!r})')
    page.console_errors(where + ' bad settings')


def open_file(page, path):
    """Gives `path` to the page's file picker; the status line once it changed."""
    driver = page.driver
    driver.execute_script("document.getElementById('status').dataset.state = 'waiting';")
    driver.find_element(By.ID, 'file').send_keys(path)
    wait_for(driver, "const s = document.getElementById('status').dataset.state; return s === 'file' || s === 'error';",
             30, 'the file to open')
    return driver.execute_script("return document.getElementById('status').textContent;")


def check_opened_files(page, url, where):
    driver, check, call_text = page.driver, page.check, page.call_text
    state, status = page.load(url + 'index.html')
    if not check(state == 'ready', f'{where}: the page reaches "ready" (status: {status!r})'):
        return
    with open(os.path.join(HERE, '..', 'assets', 'presets', 'siso-10hz.toml')) as f:
        preset = f.read().replace('jobs_per_update = 1', 'jobs_per_update = 2')
    with tempfile.TemporaryDirectory() as folder:
        def written(name, text):
            path = os.path.join(folder, name)
            with open(path, 'w') as f:
                f.write(text)
            return path

        status = open_file(page, written('my-siso.toml', preset))
        got = (call_text('tsl_web_setting', 'mode'), call_text('tsl_web_setting', 'jobs_per_update'))
        check(got == ('siso', '2') and "opened preset 'my-siso' from my-siso.toml" in status,
              f'{where}: a preset opened from a file applies its settings ({got}, {status!r})')

        # A file dropped on the page: a drop event carrying it, as the browser makes one.
        driver.execute_script("document.getElementById('status').dataset.state = 'waiting';")
        driver.execute_script("""
            const data = new DataTransfer();
            data.items.add(new File([arguments[0]], 'dropped.toml', {type: 'application/toml'}));
            Module.canvas.dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));
        """, preset.replace('jobs_per_update = 2', 'jobs_per_update = 3'))
        wait_for(driver, "const s = document.getElementById('status').dataset.state; return s === 'file' || s === 'error';",
                 30, 'the dropped file to open')
        status = driver.execute_script("return document.getElementById('status').textContent;")
        got = (call_text('tsl_web_setting', 'mode'), call_text('tsl_web_setting', 'jobs_per_update'))
        check(got == ('siso', '3') and "opened preset 'dropped' from dropped.toml" in status,
              f'{where}: a preset file dropped on the page opens the same way ({got}, {status!r})')

        lesson = ('title = "Mine"\ndescription = "One step."\n\n[[step]]\ntitle = "SISO"\npreset = "siso-10hz"\n'
                  'text = "The NPCs turn in unison."\nquestion = "Why?"\nanswer = "One batch."\nreveal = ["input_age"]\n'
                  'frames = 60\n')
        status = open_file(page, written('my-lesson.toml', lesson))
        shown = call_text('tsl_web_lesson')
        check(shown == 'my-lesson 1' and "opened lesson 'my-lesson'" in status,
              f'{where}: a lesson opened from a file shows its first step ({shown!r}, {status!r})')

        for name, text in (('broken.toml', 'title = "Broken"\n\n[scene]\nnpcs = "many"\n'),
                           ('broken-lesson.toml', 'title = "Broken"\ndescription = "x"\n\n[[step]]\ntitle = "A"\n'
                                                  'preset = "no-such-preset"\ntext = "x"\n')):
            frames = driver.execute_script('return Module._tsl_web_frames();')
            status = open_file(page, written(name, text))
            notice = call_text('tsl_web_notice')
            drawing = wait_for(driver, f'return Module._tsl_web_frames() > {frames + 3};', 60, 'frames after the file')
            pattern = re.escape(name) + r':\d+: '
            check(status.startswith('error: ') and re.search(pattern, status) and re.search(pattern, notice) and bool(drawing),
                  f'{where}: {name} shows its NAME:LINE: problem on the status line and the notice, and the lab draws on '
                  f'({status!r})')
        # Files too large: a preset past its 256 KB (the program's read says so) and
        # anything past a lesson's 1 MB (the page does not read it); the lab keeps what it had.
        before = (call_text('tsl_web_setting', 'mode'), call_text('tsl_web_setting', 'jobs_per_update'), call_text('tsl_web_lesson'))
        for name, text, said in (('big-preset.toml', preset + '#' * (300 << 10) + '\n', 'is larger than 256 KB, the most a preset file may be'),
                                 ('huge.toml', '#' * ((1 << 20) + 1), 'is larger than 1 MB, the most a lesson file may be')):
            status = open_file(page, written(name, text))
            after = (call_text('tsl_web_setting', 'mode'), call_text('tsl_web_setting', 'jobs_per_update'), call_text('tsl_web_lesson'))
            check(status == f'error: {name}: {said}' and after == before,
                  f'{where}: {name} is refused by name and size, and the lab keeps what it had ({status!r}, {after} was {before})')
    page.console_errors(where + ' files')


def run(page, url):
    forget_settings(page, url)
    where = 'files (threaded page)' if page.driver.execute_script('return window.crossOriginIsolated;') else \
        'files (single-threaded page)'
    try:
        check_downloads(page, url, where)
        check_settings(page, url, where)
        check_opened_files(page, url, where)
    finally:
        forget_settings(page, url)
