"""The threaded page's limits on threads, which a desktop does not have: its
threads are web workers started with the page, and a thread past those starts
only once the frame that asked for it returns to the browser.

  - "Thread per job" with ten jobs an update (four panes of them) keeps
    drawing: a thread is taken only while the page has a worker to give,
    else the job runs on the main thread (core/timeslicing/job_threads.h);
    without that, the first frame joining a thread that could not start
    would wait forever;
  - asking for more job-system workers than the page has gets what it has,
    and a calm notice says so (not an error)."""
from browser_check import wait_for


def run(page, url):
    driver, check = page.driver, page.check
    state, status = page.load(url + 'index.html?set=threading=thread-per-job&set=jobs_per_update=10&set=mode=siso&set=panes=4')
    if check(state == 'ready', f'thread per job: the page reaches "ready" (status: {status!r})'):
        frames = driver.execute_script('return Module._tsl_web_frames();')
        later = wait_for(driver, f'return Module._tsl_web_frames() > {frames} + 60;', 120, 'sixty more frames')
        check(bool(later), 'thread per job with ten jobs an update in four panes: the page keeps drawing '
                           f'({driver.execute_script("return Module._tsl_web_frames();")} frames)')
    page.check_console('thread per job')

    cores = driver.execute_script('return navigator.hardwareConcurrency;')
    most = min(cores, 16)
    state, status = page.load(url + f'index.html?set=workers={most + 6}')
    workers = driver.execute_script('return Module._tsl_web_workers();') if state else None
    notice = driver.execute_script("return document.getElementById('notice').hidden ? '' : document.getElementById('notice-text').textContent;")
    check(state == 'ready' and workers == most and f'workers {most + 6} \u2192 {most} (the page has {most} web workers' in notice
          and page.drawing(), f'?set=workers={most + 6}: the page gives its {most} and says so calmly ({workers}, {notice!r}, status {status!r})')
    page.check_console('workers')
