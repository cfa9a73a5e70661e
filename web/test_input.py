"""Input as a class's devices give it, sent as the browser's own events
(Chrome DevTools' Input domain, not JavaScript the page could tell apart):

  - the wheel: one notch down over the control panel scrolls it down by a
    few lines, and one notch up brings it back (emscripten's GLFW alone
    passed the raw pixels: the wrong way, a hundred times too far);
  - touch, on a tablet's viewport (820 x 1180): eight taps on the scene's
    panes, alternating, select the pane tapped each time; a tap on the
    panel's Pause button pauses and another plays; a finger dragging the
    panes slider adds panes (the controls found by their labels, web_items.cpp); a finger dragging
    the panel's scroll bar scrolls it; two fingers moving up scroll it too;
  - on a screen of two pixels to a CSS pixel, the canvas has the screen's
    pixels, the lab lays out in CSS pixels (taps land on the pane under the
    finger) and its text is rasterised at the screen's pixels (sharp);
  - a window the size of the screen (a browser on the whole screen, F11, a
    kiosk) draws at that size with no error and no request for full screen;
  - "?" opens the keys page by the character typed, on a German layout
    (Shift+ß), a French one (Shift+,) and a US one (Shift+/), each once;
  - the bare page opens on a start card listing the catalog's lessons as
    links (the keyboard on the first), whose keys are its own while it is
    open (Space does not pause the lab under it; Esc closes it), and whose
    first lesson opens at step 1.

And in the single-threaded page (run_single_threaded), a lesson link whose
step needs worker threads opens as asked: the step revealed, the presenter
view and every set=; the page says calmly, once, that it runs every job on
the main thread (no error on the status line or in the console), and the
lesson card says what runs instead.
"""
import json
import re

from browser_check import press, wait_for


def window(page, name):
    """The window `name` of the last frame: x, y, w, h, scroll_y, scroll_max_y; None when not shown."""
    text = page.call_text('tsl_web_window', name)
    return [float(v) for v in text.split()] if text else None


def state(page):
    return dict(item.split('=', 1) for item in page.call_text('tsl_web_state').split())


def frames_pass(page, count=3):
    driver = page.driver
    now = driver.execute_script('return Module._tsl_web_frames();')
    return bool(wait_for(driver, f'return Module._tsl_web_frames() >= {now + count};', 30, f'{count} frames'))


def mouse(page, kind, x, y, **more):
    page.driver.execute_cdp_cmd('Input.dispatchMouseEvent', dict(type=kind, x=x, y=y, **more))


def touch(page, kind, points):
    page.driver.execute_cdp_cmd('Input.dispatchTouchEvent',
                                {'type': kind, 'touchPoints': [{'x': x, 'y': y, 'id': i} for i, (x, y) in enumerate(points)]})


def item(page, label):
    """The control labelled `label` in the last frame: x, y, w, h in CSS pixels; None when not shown."""
    page.driver.execute_script('Module._tsl_web_watch_items(1);')
    frames_pass(page, 2)
    found = [i[2:] for i in json.loads(page.call_text('tsl_web_items')) if i[1] == label]
    return found[0] if found else None


def tap_at(page, x, y):
    touch(page, 'touchStart', [(x, y)])
    touch(page, 'touchEnd', [])
    frames_pass(page)


def tap_panes(page, panes, taps):
    """Taps the middles of panes B and A in turn, `taps` times: the pane each tap selected."""
    selected = []
    for tap in range(taps):
        r = panes[1 - tap % 2]
        tap_at(page, r[0] + r[2] / 2, r[1] + r[3] / 2)
        selected.append(state(page)['pane'])
    return ''.join(selected)


def settled_scroll(page, name):
    frames_pass(page)
    return window(page, name)[4]


def check_wheel(page, url):
    driver, check = page.driver, page.check
    driver.set_window_size(1366, 768)
    state_, status = page.load(url + 'index.html')
    if not check(state_ == 'ready', f'wheel: the page reaches "ready" (status: {status!r})'):
        return
    frames_pass(page)
    panel = window(page, 'Controls')
    if not check(panel is not None and panel[5] > 200, f'wheel: the panel is shown and scrolls ({panel})'):
        return
    x, y = panel[0] + panel[2] / 2, panel[1] + panel[3] / 2
    mouse(page, 'mouseMoved', x, y)
    frames_pass(page)
    top = settled_scroll(page, 'Controls')
    mouse(page, 'mouseWheel', x, y, deltaX=0, deltaY=100)  # one notch down, as Chromium reports it
    down = settled_scroll(page, 'Controls')
    # ImGui scrolls five lines of its font (15 px at scale 1) a notch.
    check(top == 0 and 30 <= down - top <= 150,
          f'wheel: one notch down scrolls the panel down by a few lines ({top} -> {down} px of {panel[5]})')
    mouse(page, 'mouseWheel', x, y, deltaX=0, deltaY=-100)
    up = settled_scroll(page, 'Controls')
    check(up == top, f'wheel: one notch up scrolls it back ({down} -> {up} px)')
    page.check_console('wheel')
    driver.set_window_size(1600, 900)


def check_touch(page, url):
    driver, check = page.driver, page.check
    driver.execute_cdp_cmd('Emulation.setDeviceMetricsOverride', {'width': 820, 'height': 1180, 'deviceScaleFactor': 1, 'mobile': True})
    driver.execute_cdp_cmd('Emulation.setTouchEmulationEnabled', {'enabled': True, 'maxTouchPoints': 5})
    try:
        state_, status = page.load(url + 'index.html?set=panes=2')
        if not check(state_ == 'ready', f'touch: the page reaches "ready" on a tablet\'s viewport (status: {status!r})'):
            return
        frames_pass(page)
        layout = json.loads(page.call_text('tsl_web_layout'))
        panes = layout['panes']
        if not check(len(panes) == 2, f'touch: two panes laid out ({panes})'):
            return
        # Eight taps, alternating B and A: each selects the pane it lands on.
        selected = tap_panes(page, panes, 8)
        check(selected == 'BA' * 4, f'touch: eight taps on the panes select the pane tapped each time ({selected})')

        # A tap on the panel's Pause button pauses, and on it again (Play) plays.
        pause = item(page, 'Pause')
        if check(pause is not None, 'touch: the panel shows its Pause button'):
            paused = []
            for _ in range(2):
                tap_at(page, pause[0] + pause[2] / 2, pause[1] + pause[3] / 2)
                paused.append(state(page)['paused'])
            check(paused == ['1', '0'], f'touch: a tap on Pause pauses, a tap again plays ({paused})')
        # A finger dragging the panes slider to the right adds panes.
        slider = item(page, 'panes##panes')
        if check(slider is not None, 'touch: the panel shows its panes slider'):
            before = page.call_text('tsl_web_setting', 'panes')
            x, y = slider[0] + 4, slider[1] + slider[3] / 2
            touch(page, 'touchStart', [(x, y)])
            for step in range(1, 7):
                touch(page, 'touchMove', [(x + 25 * step, y)])
                frames_pass(page, 1)
            touch(page, 'touchEnd', [])
            frames_pass(page)
            after = page.call_text('tsl_web_setting', 'panes')
            check(int(after) > int(before), f'touch: a finger dragging the panes slider to the right adds panes ({before} -> {after})')
            page.driver.execute_script('Module._tsl_web_watch_items(0);')
            page.load(url + 'index.html?set=panes=2')  # the panel as it was, for the scroll checks below
            frames_pass(page)

        # A finger on the panel's scroll bar, dragged down.
        panel = window(page, 'Controls')
        if check(panel is not None and panel[5] > 200, f'touch: the panel is shown and scrolls ({panel})'):
            x = panel[0] + panel[2] - 4  # in the scroll bar, at the right edge
            y = panel[1] + 20
            before = settled_scroll(page, 'Controls')
            touch(page, 'touchStart', [(x, y)])
            for step in range(1, 6):
                touch(page, 'touchMove', [(x, y + 20 * step)])
                frames_pass(page, 1)
            touch(page, 'touchEnd', [])
            after = settled_scroll(page, 'Controls')
            check(after > before + 50, f'touch: a finger dragging the panel\'s scroll bar scrolls it ({before} -> {after} px)')

            # Two fingers in the panel moving up: the panel scrolls further down, nothing is clicked.
            cx, cy = panel[0] + panel[2] / 2, panel[1] + panel[3] / 2
            shown = state(page)
            touch(page, 'touchStart', [(cx - 30, cy), (cx + 30, cy)])
            for step in range(1, 6):
                touch(page, 'touchMove', [(cx - 30, cy - 30 * step), (cx + 30, cy - 30 * step)])
                frames_pass(page, 1)
            touch(page, 'touchEnd', [])
            scrolled = settled_scroll(page, 'Controls')
            check(scrolled > after + 50, f'touch: two fingers moving up scroll the panel down ({after} -> {scrolled} px)')
            now = state(page)
            check(all(now[k] == shown[k] for k in ('scene', 'mode', 'paused', 'pane', 'help')),
                  f'touch: the two-finger scroll clicked nothing ({shown} -> {now})')
        page.check_console('touch')
    finally:
        driver.execute_cdp_cmd('Emulation.setTouchEmulationEnabled', {'enabled': False})
        driver.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})


def check_density(page, url):
    """A tablet's screen, two pixels to a CSS pixel: the canvas has the
    screen's pixels, the lab lays out in CSS pixels (its panes where the
    finger taps them), and its text is rasterised at the screen's pixels."""
    driver, check = page.driver, page.check
    driver.execute_cdp_cmd('Emulation.setDeviceMetricsOverride', {'width': 820, 'height': 1180, 'deviceScaleFactor': 2, 'mobile': True})
    driver.execute_cdp_cmd('Emulation.setTouchEmulationEnabled', {'enabled': True, 'maxTouchPoints': 5})
    try:
        state_, status = page.load(url + 'index.html?set=panes=2')
        if not check(state_ == 'ready', f'pixel ratio 2: the page reaches "ready" (status: {status!r})'):
            return
        frames_pass(page)
        layout = json.loads(page.call_text('tsl_web_layout'))
        canvas = driver.execute_script('return [devicePixelRatio, Module.canvas.width, Module.canvas.height];')
        check(canvas == [2, 1640, 2360] and layout['display'] == [820, 1180] and layout['framebuffer'] == [1640, 2360],
              f'pixel ratio 2: the canvas has the screen\'s pixels, the lab lays out in CSS pixels ({canvas}, {layout["display"]})')
        drawn, rasterised = (float(v) for v in page.call_text('tsl_web_font_px').split())
        check(abs(rasterised - 2 * drawn) < 0.01, f'pixel ratio 2: text is rasterised at the screen\'s pixels ({drawn} px drawn, {rasterised} rasterised)')
        panes = layout['panes']
        selected = tap_panes(page, panes, 4)
        check(selected == 'BA' * 2, f'pixel ratio 2: taps select the pane under the finger ({selected})')
        page.picture('tablet-ratio-2.png')
        page.check_console('pixel ratio 2')
    finally:
        driver.execute_cdp_cmd('Emulation.setTouchEmulationEnabled', {'enabled': False})
        driver.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})


def check_screen_sized(page, url):
    driver, check = page.driver, page.check
    driver.execute_cdp_cmd('Emulation.setDeviceMetricsOverride', {'width': 1366, 'height': 768, 'deviceScaleFactor': 1, 'mobile': False,
                                                                  'screenWidth': 1366, 'screenHeight': 768})
    try:
        state_, status = page.load(url + 'index.html')
        check(state_ == 'ready', f'screen-sized: the page reaches "ready" (status: {status!r})')
        screen = driver.execute_script('return [screen.width, screen.height, innerWidth, innerHeight];')
        frames_pass(page)
        canvas = driver.execute_script('return [Module.canvas.width, Module.canvas.height, document.fullscreenElement === null];')
        error = driver.execute_script("return document.getElementById('status').dataset.state === 'error';")
        check(screen[:2] == screen[2:] and canvas == [1366, 768, True] and not error,
              f'screen-sized: a window the size of the screen {screen} draws at its size, not full screen, with no error ({canvas})')
        page.check_console('screen-sized')
    finally:
        driver.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})


# "?" on three layouts: the key at its place (code), the key code Chromium
# gives on that layout, and the character the layout types without Shift.
LAYOUTS = (('German', 'Minus', 219, '\u00df'), ('French', 'KeyM', 188, ','), ('US', 'Slash', 191, '/'))


def press_question_mark(page, code, key_code, unshifted):
    press(page.driver, '?', code, key_code, text='?', shift=True, unmodified=unshifted)


def check_question_mark(page, url):
    check = page.check
    state_, status = page.load(url + 'index.html')
    if not check(state_ == 'ready', f'"?": the page reaches "ready" (status: {status!r})'):
        return
    for layout, code, key_code, unshifted in LAYOUTS:
        press_question_mark(page, code, key_code, unshifted)
        frames_pass(page)
        opened = state(page)['help']
        press_question_mark(page, code, key_code, unshifted)
        frames_pass(page)
        closed = state(page)['help']
        check((opened, closed) == ('keys', 'none'), f'"?" on a {layout} layout opens the keys page, and again closes it ({opened}, {closed})')
    page.check_console('"?"')


def run_single_threaded(page, url):
    driver, check = page.driver, page.check
    link = 'index.html?lesson=timeslicing&step=7&reveal&set=ui_scale=1.25'
    state_, status = page.load(url + link)
    if not check(state_ == 'ready', f'single-threaded {link}: the page reaches "ready", not an error (status: {status!r})'):
        return
    frames_pass(page)
    shown = (page.call_text('tsl_web_lesson'), page.call_text('tsl_web_setting', 'presenter'), page.call_text('tsl_web_setting', 'ui_scale'))
    check(shown == ('timeslicing 7 revealed', 'true', '1.25'),
          f'single-threaded {link}: the step revealed, the presenter view and the set= all apply ({shown})')
    notice = driver.execute_script("const n = document.getElementById('notice');"
                                   "return n.hidden ? null : document.getElementById('notice-text').textContent;")
    check(bool(notice) and 'runs every job on the main thread' in notice and 'threading pool \u2192 inline' in notice,
          f'single-threaded {link}: a calm notice says the page runs every job on the main thread and what changed ({notice!r})')
    why = driver.execute_script("document.getElementById('notice-why').click();"
                                "return document.getElementById('why').hidden ? '' : document.getElementById('why').textContent;")
    check('Cross-Origin-Embedder-Policy' in why, f'single-threaded: the notice\'s "Why?" says what the page lacks ({why[:60]!r}...)')
    card = page.call_text('tsl_web_on_this_page')
    check('Here every job runs on the main thread' in card and 'threading pool \u2192 inline' in card,
          f'single-threaded: the lesson card says what runs instead of the step\'s workers ({card!r})')
    page.picture('single-threaded-step7.png')
    page.check_console('single-threaded lesson link')


def check_start_card(page, url):
    driver, check = page.driver, page.check
    state_, status = page.load(url + 'index.html', keep_start=True)
    if not check(state_ == 'ready', f'start card: the bare page reaches "ready" (status: {status!r})'):
        return
    shown = driver.execute_script("return !document.getElementById('start').hidden;")
    lessons = driver.execute_script("return Array.from(document.querySelectorAll('#start-lessons a')).map((a) => [a.textContent, a.getAttribute('href')]);")
    catalog = [(lesson['title'], f'?lesson={lesson["name"]}&step=1') for lesson in json.loads(page.call_text('tsl_web_lessons'))]
    check(shown and [tuple(x) for x in lessons] == catalog and len(catalog) == 4,
          f'start card: the bare page opens on it, listing the lessons of the catalog as links to their first step ({lessons})')
    quiz = driver.execute_script("return document.getElementById('start-quiz').getAttribute('href');")
    check(re.fullmatch(r'\?quiz=modes&seed=[0-9]{1,6}', quiz or '') is not None,
          f'start card: it offers the quiz, with a seed of its own in the link ({quiz!r})')
    focused = driver.execute_script('return document.activeElement.textContent;')
    check(focused == catalog[0][0], f'start card: the keyboard starts on the first lesson ({focused!r})')
    # Its keys are its own: Space is not the lab's pause while it is open; Esc closes it.
    press(driver, ' ', 'Space', 32, text=' ')
    frames_pass(page)
    paused = state(page)['paused']
    press(driver, 'Escape', 'Escape', 27)
    closed = driver.execute_script("return document.getElementById('start').hidden;")
    check(paused == '0' and closed, f'start card: Space does not pause the lab under it, Esc closes it (paused {paused}, closed {closed})')
    press_question_mark(page, 'Slash', 191, '/')
    frames_pass(page)
    check(state(page)['help'] == 'keys', 'start card: closed, the keys are the lab\'s again ("?" opens the keys page)')
    # A lesson from the card: its first step, as its link opens it.
    page.load(url + 'index.html', keep_start=True)
    driver.find_element('css selector', '#start-lessons a').click()
    opened = wait_for(driver, "return document.getElementById('status').dataset.state === 'ready' &&"
                              "Module.ccall('tsl_web_lesson', 'string', [], []) === 'timeslicing 1';", 300, 'the lesson from the card')
    check(bool(opened) and driver.execute_script("return document.getElementById('start').hidden;"),
          f'start card: its first lesson opens at step 1, without the card ({driver.execute_script("return location.search;")!r})')
    page.check_console('start card')


def run(page, url):
    check_start_card(page, url)
    check_wheel(page, url)
    check_touch(page, url)
    check_density(page, url)
    check_screen_sized(page, url)
    check_question_mark(page, url)
