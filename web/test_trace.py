"""The trace of a preset run in the page is byte for byte the desktop's: the
page runs `timeslice-lab trace` by the desktop's own code
(tsl_web_trace_start in app/web/web_checks.cpp: the same options, the
same session, written into the page's memory file system), and the test
compares that file with what build/release/app/timeslice-lab trace writes
for the same arguments — NPC presets of two rates and an engine preset.
"""
import os
import subprocess
import tempfile

from browser_check import HERE, wait_for

TIMEOUT_S = 300
DESKTOP = os.environ.get('TSL_DESKTOP', os.path.join(HERE, '..', 'build', 'release', 'app', 'timeslice-lab'))
CASES = [
    '--preset siso-10hz --frames 90',
    '--preset aiao-30hz --frames 90',
    '--preset next-frame-jobs --pane 2 --frames 60',
    '--preset engine-tiny-tasks --pane 2 --frames 30',
]

READ_TEXT = "return new TextDecoder().decode(Module.FS.readFile(arguments[0]));"


def desktop_trace(args):
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, 'trace.csv')
        done = subprocess.run([DESKTOP, 'trace', *args.split(), '--out', out], capture_output=True, text=True)
        if done.returncode != 0:
            return None, done.stderr.strip()
        with open(out, encoding='utf-8') as f:
            return f.read(), ''


def first_difference(a, b):
    lines_a, lines_b = a.split('\n'), b.split('\n')
    for i, (x, y) in enumerate(zip(lines_a, lines_b)):
        if x != y:
            return f'line {i + 1}: page {x!r}, desktop {y!r}'
    return f'lines: page {len(lines_a)}, desktop {len(lines_b)}'


def run(page, url):
    driver, check = page.driver, page.check
    if not page.check(os.access(DESKTOP, os.X_OK), f'the desktop build is there to compare with ({DESKTOP}; ./lab build)'):
        return
    state, status = page.load(url + 'index.html')
    if not check(state == 'ready', f'trace: the page reaches "ready" (status: {status!r})'):
        return
    for n, args in enumerate(CASES):
        path = f'/tmp/trace-{n}.csv'
        problem = page.call_text('tsl_web_trace_start', args, path)
        if not check(problem == '', f'trace {args}: starts in the page ({problem!r})'):
            continue
        status = wait_for(driver, 'const s = Module._tsl_web_trace_status(); return s >= 0 ? String(s) : null;', TIMEOUT_S,
                          f'the trace {args}')
        if not check(status == '0', f'trace {args}: the page writes it (exit status {status})'):
            continue
        web = driver.execute_script(READ_TEXT, path)
        desktop, error = desktop_trace(args)
        if not check(desktop is not None, f'trace {args}: the desktop writes it ({error})'):
            continue
        rows = desktop.count('\n') - 1
        same = web == desktop
        check(same and rows > 0,
              f'trace {args}: the page\'s file is byte-identical to the desktop\'s ({len(web)} bytes, {rows} rows'
              + ('' if same else '; first difference: ' + first_difference(web, desktop)) + ')')
    page.console_errors('trace')
