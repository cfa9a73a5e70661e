"""The lesson card and the controls a student needs, as the page's own text
and buttons (app/web/web_card.cpp), beside the canvas that draws them:

  - a lesson link's step is in the page's text: its title, question and the
    term its question needs (T), and after a reveal the measured table, in
    step with the canvas (Page Down in the lab reveals it here too);
  - the keyboard reaches the buttons: Shift+Tab in the lab goes to the first,
    which shows the card over the lab; Tab moves between them; Enter on
    "Reveal" reveals, Space on "Pause" pauses (once: the lab does not take
    the key too), the mode menu sets the mode, "Back" goes back a step; Esc
    returns to the lab and the card is out of sight again;
  - "Text" (for the mouse) shows the card as selectable page text, and again
    hides it.
Keys are sent as the browser's own events (Chrome DevTools' Input domain).
"""
from browser_check import press, wait_for
from test_input import frames_pass, state


def key(page, name, code, key_code, text='', shift=False):
    press(page.driver, name, code, key_code, text=text, shift=shift)


def shift_tab(page):
    key(page, 'Tab', 'Tab', 9, shift=True)


def text_of(page, element_id):
    return page.driver.execute_script(f"return document.getElementById('{element_id}').textContent;")


def focused(page):
    return page.driver.execute_script('return document.activeElement.id;')


def card_shown(page):
    """The card's width on the screen (0: out of sight, for screen readers only)."""
    return page.driver.execute_script("return document.getElementById('a11y').getBoundingClientRect().width;")


def lesson(page):
    frames_pass(page)
    return page.call_text('tsl_web_lesson')


def run(page, url):
    driver, check = page.driver, page.check
    driver.set_window_size(1366, 768)
    state_, status = page.load(url + 'index.html?lesson=timeslicing&step=3')
    if not check(state_ == 'ready', f'card as text: the page reaches "ready" (status: {status!r})'):
        return
    frames_pass(page)
    title, body = text_of(page, 'card-title'), text_of(page, 'card-body')
    check(title == 'Async in, async out (AIAO)' and 'Predict: The NPCs turn one by one' in body and 'T: one batch' in body,
          f'card as text: the step\'s title, question and the term T are the page\'s text ({title!r}; {body[:80]!r}...)')
    check(card_shown(page) <= 1, f'card as text: out of sight until asked for ({card_shown(page)} px wide)')
    # The lab's own Page Down reveals; the page's text follows.
    driver.execute_script('Module.canvas.focus();')
    key(page, 'PageDown', 'PageDown', 34)
    now = lesson(page)
    rows = driver.execute_script("return Array.from(document.querySelectorAll('#card-body tbody tr')).map((r) => r.cells[0].textContent);")
    columns = driver.execute_script("return Array.from(document.querySelectorAll('#card-body thead th')).map((c) => c.textContent);")
    check(now == 'timeslicing 3 revealed' and len(rows) >= 1 and 'mean input age' in columns,
          f'card as text: Page Down in the lab reveals the measured table in the page\'s text too ({now}; rows {rows}, columns {columns})')

    # The keyboard: Shift+Tab from the lab reaches the buttons, and shows the card.
    shift_tab(page)
    first = focused(page)
    check(first == 'ctl-back' and card_shown(page) > 300, f'card as text: Shift+Tab from the lab reaches "Back" and shows the card ({first}, {card_shown(page)} px)')
    order = []
    for _ in range(2):
        key(page, 'Tab', 'Tab', 9)
        order.append(focused(page))
    check(order == ['ctl-forward', 'ctl-pause'], f'card as text: Tab moves to "Next" and "Pause" ({order})')
    before = state(page)['paused']
    key(page, ' ', 'Space', 32, text=' ')
    frames_pass(page)
    after = state(page)['paused']
    check((before, after, text_of(page, 'ctl-pause')) == ('0', '1', 'Play'),
          f'card as text: Space on "Pause" pauses the lab once, and the button says Play ({before} -> {after})')
    shift_tab(page)  # back to "Next"
    key(page, 'Enter', 'Enter', 13, text='\r')
    check(lesson(page) == 'timeslicing 4' and text_of(page, 'card-title') == 'Sync in, async out (SIAO)',
          f'card as text: Enter on "Next" goes to step 4, in the lab and in the text ({lesson(page)}, {text_of(page, "card-title")!r})')
    driver.execute_script("const s = document.getElementById('ctl-mode'); s.focus(); s.value = 'siso'; s.dispatchEvent(new Event('change'));")
    frames_pass(page)
    check(state(page)['mode'] == 'siso', f'card as text: the mode menu sets the mode ({state(page)["mode"]})')
    driver.execute_script("document.getElementById('ctl-back').focus();")
    key(page, 'Enter', 'Enter', 13, text='\r')
    check(lesson(page) == 'timeslicing 3', f'card as text: Enter on "Back" goes back a step ({lesson(page)})')
    key(page, 'Escape', 'Escape', 27)
    frames_pass(page)
    check(focused(page) == 'canvas' and card_shown(page) <= 1 and state(page)['help'] == 'none',
          f'card as text: Esc returns to the lab, the card out of sight ({focused(page)}, {card_shown(page)} px)')

    # The mouse: "Text" shows the card as selectable text, and hides it again.
    driver.find_element('id', 'text-toggle').click()
    shown = card_shown(page)
    selectable = driver.execute_script("return getComputedStyle(document.getElementById('card-body')).userSelect;")
    driver.save_screenshot(page.out + '/card-as-text.png')
    driver.find_element('id', 'text-toggle').click()
    check(shown > 300 and selectable != 'none' and card_shown(page) <= 1,
          f'card as text: "Text" shows the card as selectable text ({shown} px, user-select {selectable}) and hides it again')
    page.check_console('card as text')
