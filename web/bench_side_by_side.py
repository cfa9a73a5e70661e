#!/usr/bin/python3
"""The page's benchmarks beside the desktop's, in one sitting on one machine.

Runs the desktop's `timeslice-lab bench --json --only GROUPS` and the
threaded page's `index.html?bench=GROUPS` (headless Chromium, served by
serve.py with the isolation headers) alternately, RUNS times each (the
desktop first in odd runs, the page first in even ones, so that a machine
slowing or speeding up through the sitting weighs on both sides alike), and
prints one table: for every record both give, the median of each side's
runs, their ratio (page / desktop), and at the end the geometric mean of the
ratios, the records over 1.5x, and how far apart the desktop's own runs of a
record lay (the same code: what the machine moved between runs). The
desktop's frame_cpu_ms is set beside the page's frame_wall_ms (the page has
no clock of a thread's CPU time); records only one side has (OpenMP, oneTBB,
a thread per job, the workers' CPU) are left out.

Usage: bench_side_by_side.py [--runs N] [--quick] [--json OUT] [--groups lookup,threads,exposure,frame] [--page FOLDER]
(after ./lab build and ./lab web; FOLDER: the page's files, build/web by default)
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_check import start_browser, start_server_at  # noqa: E402
from test_bench import PAGE_NAME, wait_for_done  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
DESKTOP = os.path.join(ROOT, 'build', 'release', 'app', 'timeslice-lab')


def key(record, name=None):
    return (name or record['name'], json.dumps(record.get('params'), sort_keys=True))


def desktop_run(groups, quick):
    args = [DESKTOP, 'bench', '--json', '--only', *groups] + (['--quick'] if quick else [])
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return {key(r, PAGE_NAME.get(r['name'])): r['median'] for r in json.loads(out)}


def page_run(driver, url, groups, quick):
    driver.get('about:blank')
    driver.get(url + 'index.html?bench=' + ','.join(groups) + ('&quick' if quick else ''))
    state = wait_for_done(driver, 3600)
    if state != 'done':
        sys.exit(f'bench_side_by_side: the page did not finish ({state}): '
                 + driver.execute_script("return document.getElementById('status').textContent;"))
    text = driver.execute_script("return document.getElementById('bench').textContent;")
    return {key(r): r['median'] for r in json.loads(text)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--runs', type=int, default=2)
    parser.add_argument('--quick', action='store_true')
    parser.add_argument('--groups', default='lookup,threads,exposure,frame')
    parser.add_argument('--json', help='write every run of both sides to this file')
    parser.add_argument('--page', default=os.path.join(ROOT, 'build', 'web'), help="the page's files")
    args = parser.parse_args()
    groups = args.groups.split(',')
    server, url = start_server_at(args.page, True)
    driver = start_browser()
    driver.set_script_timeout(3600)
    desktop, page = [], []
    try:
        for run in range(args.runs):
            sides = [('desktop', desktop, lambda: desktop_run(groups, args.quick)),
                     ('page', page, lambda: page_run(driver, url, groups, args.quick))]
            for side, runs, measure in sides if run % 2 == 0 else reversed(sides):
                start = time.monotonic()
                runs.append(measure())
                print(f'run {run + 1}/{args.runs}: {side} in {time.monotonic() - start:.0f} s', file=sys.stderr)
    finally:
        driver.quit()
        server.terminate()
    if args.json:
        with open(args.json, 'w') as out:
            json.dump({'desktop': [list(r.items()) for r in desktop], 'page': [list(r.items()) for r in page]}, out)
    print('| record | params | desktop | page | page / desktop |')
    print('|---|---|---|---|---|')
    ratios, over = [], []
    for k in page[0]:
        if not all(k in r for r in desktop):
            continue
        d = statistics.median(r[k] for r in desktop)
        p = statistics.median(r[k] for r in page if k in r)
        params = ', '.join(f'{n}={v}' for n, v in json.loads(k[1]).items())
        ratio = p / d if d > 0 and p > 0 else None
        if ratio:
            ratios.append(ratio)
            if ratio > 1.5:
                over.append(f'{k[0]} ({params}) {ratio:.2f}x')
        print(f'| `{k[0]}` | {params} | {d:.4g} | {p:.4g} | {f"{ratio:.2f}x" if ratio else "-"} |')
    mean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    print(f'\n{len(ratios)} records on both sides ({args.runs} runs each, medians): geometric mean {mean:.2f}x, '
          f'{len(over)} over 1.5x' + ''.join(f'\n  {o}' for o in over))
    if args.runs > 1:
        apart = [max(r[k] for r in desktop) / min(r[k] for r in desktop) for k in desktop[0] if min(r[k] for r in desktop) > 0]
        print(f"the desktop's own runs of a record lay apart by {math.exp(sum(map(math.log, apart)) / len(apart)):.2f}x "
              f'(geometric mean of highest / lowest over {len(apart)} records), at most {max(apart):.2f}x')


if __name__ == '__main__':
    main()
