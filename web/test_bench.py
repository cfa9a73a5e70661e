"""index.html?bench in headless Chromium, beside the desktop's `bench --json`.

run(page, url) loads the threaded page's ?bench=...&quick (the lookup,
threads, exposure and frame groups with --quick's repetitions), waits for the
status line to say "done", and checks that <pre id="bench"> then holds one
JSON array of records {name, params, median, unit[, spread]}, laid out as
`bench --json` prints it, and that the records,
in order, have the names, params, units and spreads of the desktop binary's
`timeslice-lab bench --json --quick --only lookup threads exposure frame`
(build/release/app/timeslice-lab), less the records of what the page cannot
have: OpenMP, oneTBB and the thread per job (method openmp, tbb,
thread-per-job) and the frame's CPU over the app's threads
(frame_app_threads_cpu_ms: the page has no thread CPU clock). The page's frame
record is frame_wall_ms, main-thread wall-clock time, where the desktop's is
frame_cpu_ms, main-thread CPU time. Structure only: no figure is compared.
"""
import json
import os
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DESKTOP = os.path.join(HERE, '..', 'build', 'release', 'app', 'timeslice-lab')
GROUPS = ['lookup', 'threads', 'exposure', 'frame']
NOT_IN_PAGE = {'openmp', 'tbb', 'thread-per-job'}
NOT_IN_PAGE_RECORDS = {'frame_app_threads_cpu_ms'}
PAGE_NAME = {'frame_cpu_ms': 'frame_wall_ms'}  # the same frame, on the clock the page has
BENCH_TIMEOUT_S = 1200  # the four groups on a busy 2-core machine: about 2 minutes measured


def shape(record, name=None):
    """What a record says besides its figures."""
    return (name or record.get('name'), json.dumps(record.get('params'), sort_keys=True), record.get('unit'), 'spread' in record)


def desktop_output(check):
    """What the desktop's `bench --json` prints for the page's groups (None when it cannot run)."""
    if not os.path.exists(DESKTOP):
        check(False, f'the desktop binary for the comparison exists ({DESKTOP}; ./lab build makes it)')
        return None
    run = subprocess.run([DESKTOP, 'bench', '--json', '--quick', '--only', *GROUPS], capture_output=True, text=True)
    check(run.returncode == 0, f'the desktop bench runs (exit {run.returncode})')
    return run.stdout if run.returncode == 0 else None


def wait_for_done(driver, timeout_s):
    """The page holds its main thread while a group runs: each poll waits for it."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        state = driver.execute_script("return document.getElementById('status').dataset.state;")
        if state in ('done', 'error'):
            return state
        time.sleep(1)
    return None


def run(page, url):
    driver, check = page.driver, page.check
    driver.set_script_timeout(BENCH_TIMEOUT_S)
    address = url + 'index.html?bench=' + ','.join(GROUPS) + '&quick'
    driver.get(address)
    state = wait_for_done(driver, BENCH_TIMEOUT_S)
    status = driver.execute_script("return document.getElementById('status').textContent;")
    check(state == 'done', f'?bench reaches "done" (status: {status!r})')
    check(driver.execute_script('return Module._tsl_web_threaded();') == 1, 'the bench ran in the threaded build')
    text = driver.execute_script("return document.getElementById('bench').textContent;")
    with open(os.path.join(page.out, 'bench.json'), 'w') as out:
        out.write(text)
    try:
        run_records = json.loads(text)
    except ValueError as error:
        run_records = None
        check(False, f'the page\'s records are one JSON array, as `bench --json` prints them ({error}; {text[:80]!r}...)')
    if not isinstance(run_records, list):
        return
    records, bad = [], []
    for record in run_records:
        ok = (isinstance(record, dict) and set(record) <= {'name', 'params', 'median', 'unit', 'spread'} and
              isinstance(record.get('median'), (int, float)) and isinstance(record.get('params'), dict))
        (records if ok else bad).append(record)
    check(records and not bad, f'the page prints one JSON array of records, as `bench --json` does ({len(run_records)} records'
                               + ''.join(f'\n    not one: {b!r}' for b in bad[:5]) + ')')
    desktop_text = desktop_output(check)
    desktop = json.loads(desktop_text) if desktop_text else None
    if desktop_text:
        check(text.startswith('[\n  {\n    "name": ') and desktop_text.startswith('[\n  {\n    "name": '),
              'the page\'s array is laid out as the desktop\'s (two spaces an indent, "name" first)')
    if desktop is None:
        return
    expected = [shape(r, PAGE_NAME.get(r['name'])) for r in desktop
                if r.get('params', {}).get('method') not in NOT_IN_PAGE and r['name'] not in NOT_IN_PAGE_RECORDS]
    left_out = sorted({r['params']['method'] for r in desktop if r.get('params', {}).get('method') in NOT_IN_PAGE} |
                      {r['name'] for r in desktop if r['name'] in NOT_IN_PAGE_RECORDS})
    got = [shape(r) for r in records]
    first_difference = next((i for i, (e, g) in enumerate(zip(expected, got)) if e != g), min(len(expected), len(got)))
    check(got == expected,
          f'the page\'s {len(got)} records have the names, params, units and spreads of the desktop\'s {len(expected)} '
          f'(of {len(desktop)}; left out: {", ".join(left_out)})'
          + ('' if got == expected else
             f'\n    first difference at {first_difference}: page {got[first_difference:first_difference + 1]}, '
             f'desktop {expected[first_difference:first_difference + 1]}'))
    check(all(r['median'] >= 0 for r in records), 'every median is a figure, not negative')
    page.check_console('bench')
    driver.set_script_timeout(60)  # as the other checks have it
