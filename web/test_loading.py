"""The loading bar on a slow first visit: with the browser's cache off and
the network held to 2 Mbit/s, every state of the status line's bar is
recorded as the page loads (a MutationObserver made before the page's own
script runs), and the bar must

  - measure the whole first load: its maximum is the WebAssembly's bytes and
    the data file's, as ./lab web wrote them into index.html (and they are
    the files' sizes on disk);
  - move through the download, never back: many values between empty and
    full, past half of it while loading, in order;
  - end full, saying the lab is starting, before the page says "ready";

with no error in the console.
"""
import os

THROTTLE = {'offline': False, 'latency': 20, 'downloadThroughput': 250_000, 'uploadThroughput': 250_000}

# Each change of the status line while a bar is in it: [value or null, max, the line's text].
RECORDER = """
window.loadingSeen = [];
new MutationObserver(() => {
  const bar = document.querySelector('#status progress');
  if (!bar) return;
  const seen = [bar.hasAttribute('value') ? bar.value : null, bar.max, document.getElementById('status').textContent];
  const last = window.loadingSeen[window.loadingSeen.length - 1];
  if (!last || last.join('|') !== seen.join('|')) window.loadingSeen.push(seen);
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""


def run(page, url):
    driver, check = page.driver, page.check
    send = driver.execute_cdp_cmd
    send('Network.enable', {})
    send('Network.setCacheDisabled', {'cacheDisabled': True})
    send('Network.emulateNetworkConditions', THROTTLE)
    script = send('Page.addScriptToEvaluateOnNewDocument', {'source': RECORDER})['identifier']
    try:
        state, status = page.load(url + 'index.html')
    finally:
        send('Page.removeScriptToEvaluateOnNewDocument', {'identifier': script})
        send('Network.emulateNetworkConditions', {'offline': False, 'latency': 0, 'downloadThroughput': -1, 'uploadThroughput': -1})
        send('Network.setCacheDisabled', {'cacheDisabled': False})
        send('Network.disable', {})
    if not check(state == 'ready', f'a slow first load reaches "ready" (status: {status!r})'):
        return
    threaded = driver.execute_script('return Module._tsl_web_threaded();') == 1
    build = 'threaded' if threaded else 'single-threaded'
    wasm = 'timeslice-lab.wasm' if threaded else 'timeslice-lab-st.wasm'
    sizes = driver.execute_script('return fileSizes;')
    on_disk = {name: os.path.getsize(os.path.join(page.folder, name)) for name in (wasm, 'timeslice-lab.data')}
    check(all(sizes.get(name) == size for name, size in on_disk.items()),
          f'index.html has the sizes of the files it loads ({sizes}; on disk {on_disk})')
    whole = sum(on_disk.values())
    seen = driver.execute_script('return window.loadingSeen;') or []
    values = [value for value, _, _ in seen if value is not None]
    print(f'test_browser: the {build} page\'s loading bar took {len(values)} values: '
          + ', '.join(f'{value:,.0f}' for value in values[:12]) + (' ...' if len(values) > 12 else ''))
    check(bool(seen) and all(bar_max == whole for value, bar_max, _ in seen if value is not None),
          f'the {build} page\'s bar measures the WebAssembly and the data file ({whole:,} bytes; '
          f'its maxima {sorted({m for v, m, _ in seen if v is not None})})')
    between = sorted({value for value in values if 0 < value < whole})
    check(len(between) >= 5 and between[-1] > whole / 2,
          f'it moves through the download ({len(between)} values between empty and full, the largest {between[-1] if between else 0:,.0f})')
    check(values == sorted(values), f'it never goes back ({len(values)} values)')
    check(bool(values) and values[-1] == whole and 'starting' in seen[-1][2],
          f'it ends full, saying the lab is starting ({seen[-1] if seen else None})')
    page.check_console(f'slow first load ({build})')
