"""What a first visit loads: with the browser's cache off, the page is loaded
and every file its main thread fetched is counted as the network carried it
(the Resource Timing API's transferSize: compressed body and headers). The
whole must stay under 1,000,000 bytes for either build (web/serve.py sends
the compressed copies ./lab web makes), and the single-threaded build must
load the threaded build's data file, not one of its own.
"""
from browser_check import wait_for

LIMIT = 1_000_000

FILES = """
const entries = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'));
return entries.map((e) => [e.name.replace(location.origin + '/', '').split('?')[0], e.transferSize, e.decodedBodySize]);
"""


def run(page, url):
    driver, check = page.driver, page.check
    driver.execute_cdp_cmd('Network.enable', {})
    driver.execute_cdp_cmd('Network.setCacheDisabled', {'cacheDisabled': True})
    try:
        state, status = page.load(url + 'index.html')
        if not check(state == 'ready', f'first load: the page reaches "ready" (status: {status!r})'):
            return
        threaded = driver.execute_script('return Module._tsl_web_threaded();') == 1
        build = 'threaded' if threaded else 'single-threaded'
        files = driver.execute_script(FILES)
        total = sum(sent for _, sent, _ in files)
        shown = ', '.join(f'{name} {sent:,} ({size:,})' for name, sent, size in files)
        print(f'test_browser: first load of the {build} page: {total:,} bytes sent: {shown}')
        check(0 < total < LIMIT, f'the {build} page\'s first load is under {LIMIT:,} bytes ({total:,})')
        names = [name for name, _, _ in files]
        check('timeslice-lab.data' in names and 'timeslice-lab-st.data' not in names,
              f'the {build} page loads the one data file both builds share ({names})')
        page.check_console(f'first load ({build})')
    finally:
        driver.execute_cdp_cmd('Network.setCacheDisabled', {'cacheDisabled': False})
        driver.execute_cdp_cmd('Network.disable', {})
