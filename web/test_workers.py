"""Which threads run the job system's jobs (JobSystem::jobs_run, through
tsl_web_jobs_run_on_workers and tsl_web_jobs_run_elsewhere in
app/web/web_checks.cpp), with the preset next-frame-jobs (?preset=next-frame-jobs:
both NPC panes on the job system, pane B gathering its jobs one update
later, so they wait for a worker rather than for the main thread to run
them while it waits):

  - in the threaded page, the workers (web workers) run jobs: their count
    rises above 0 and keeps rising while the page runs — not only the main
    thread, which helps while it waits;
  - in the single-threaded page, the preset's job system falls back to inline: the
    scene's jobs run (the pane starts jobs) and no worker ever runs one;
  - in the threaded page, one clock for the main thread and the workers
    (core/base/page_clock.c, read through tsl_web_clock_kick_to_job_us): no
    job on a worker starts, by the clock the timeline's zones are read on,
    before the main thread scheduled it. A job cannot start earlier, so only
    the browser's rounding of the two reads (5 us steps) may show: the check
    allows four steps. With emscripten's own clock a worker's clock read
    behind the main thread's by 0.16-1.36 ms.

The first checks count, not time: each waits for a count to rise, with a generous
timeout. The clock's check compares two reads that bracket a causal order, not a speed.
"""
from browser_check import wait_for

TIMEOUT_S = 120
CLOCK_ROUNDING_US = 20  # four steps of the isolated page's clock (5 us)


def run(page, url):
    driver, check = page.driver, page.check
    state, status = page.load(url + 'index.html?preset=next-frame-jobs')
    threaded = driver.execute_script('return Module._tsl_web_threaded();') if state else None
    name = 'threaded' if threaded == 1 else 'single-threaded'
    if threaded == 1:
        check(state == 'ready', f'?preset=next-frame-jobs ({name}): the page reaches "ready" (status: {status!r})')
    if not state:
        check(False, f'?preset=next-frame-jobs: the page loads (status: {status!r})')
        return
    started = wait_for(driver, 'const n = Module._tsl_web_jobs_started(); return n > 0 ? n : null;', TIMEOUT_S,
                       'the pane to start jobs')
    check(bool(started), f'{name}: the NPC pane starts jobs ({started} in a step)')
    if threaded == 1:
        first = wait_for(driver, 'const n = Module._tsl_web_jobs_run_on_workers(); return n > 0 ? n : null;', TIMEOUT_S,
                         'a worker to run a job')
        check(bool(first), f'threaded: the workers (web workers) ran jobs ({first})')
        if first:
            later = wait_for(driver, f'const n = Module._tsl_web_jobs_run_on_workers(); return n > {first} ? n : null;',
                             TIMEOUT_S, 'the workers to run more jobs')
            elsewhere = driver.execute_script('return Module._tsl_web_jobs_run_elsewhere();')
            check(bool(later), f'threaded: the workers keep running jobs ({first} → {later}; the main thread ran {elsewhere})')
        least_us = driver.execute_script('return Module._tsl_web_clock_kick_to_job_us(200);')
        check(least_us is not None and least_us >= -CLOCK_ROUNDING_US,
              f'threaded: on the page\'s clock no job on a worker starts before the main thread scheduled it '
              f'(least time from the kick to the start over 200 jobs: {"none" if least_us is None else f"{least_us:.1f}"} µs; allowed -{CLOCK_ROUNDING_US} µs)')
    else:
        setting = page.call_text('tsl_web_setting', 'threading')
        frames = driver.execute_script('return Module._tsl_web_frames();')
        more = wait_for(driver, f'return Module._tsl_web_frames() > {frames + 60};', TIMEOUT_S, '60 more frames')
        on_workers = driver.execute_script('return Module._tsl_web_jobs_run_on_workers();')
        workers = driver.execute_script('return Module._tsl_web_workers();')
        check(bool(more) and setting == 'inline' and workers == 0 and on_workers == 0,
              f'single-threaded: the jobs run inline on the main thread, none on a worker '
              f'(threading {setting!r}, {workers} workers, {on_workers} runs on workers over 60 frames)')
    page.console_errors(f'workers ({name})')
