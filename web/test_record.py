"""A GIF recorded in the page has the desktop `record`'s frames and timing:
the page records through the desktop's own code (tsl_web_record_start in
app/web/web_checks.cpp: record's session and GifRecording, drawn
through the page's WebGL context, a GIF frame per animation frame), and both
files — the page's and build/release/app/timeslice-lab record's for the same
arguments — are decoded here by a small walker of GIF blocks: the size, the
number of image descriptors and each frame's delay (graphic control
extension) must be the same.
"""
import base64
import os
import subprocess
import tempfile

from browser_check import wait_for
from test_trace import DESKTOP

TIMEOUT_S = 300
CASES = [
    '--preset siso-10hz --seconds 1',
    '--preset aiao-30hz --seconds 0.5 --size 320x200',
]

READ_BASE64 = """
const bytes = Module.FS.readFile(arguments[0]);
let binary = '';
for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
return btoa(binary);
"""


def skip_sub_blocks(data, i):
    while data[i] != 0:
        i += data[i] + 1
    return i + 1


def gif_frames(data):
    """(width, height, [delay in 1/100 s of each image]) of a GIF89a; ValueError if it is not one."""
    if data[:6] not in (b'GIF87a', b'GIF89a'):
        raise ValueError(f'not a GIF (starts {data[:6]!r})')
    width, height = int.from_bytes(data[6:8], 'little'), int.from_bytes(data[8:10], 'little')
    flags = data[10]
    i = 13 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)
    delays, delay = [], None
    while True:
        if i >= len(data):
            raise ValueError('no trailer')
        block = data[i]
        if block == 0x3B:  # trailer
            return width, height, delays
        if block == 0x21:  # extension
            label = data[i + 1]
            if label == 0xF9:  # graphic control: size 4, flags, delay (2 bytes), transparent index
                delay = int.from_bytes(data[i + 4:i + 6], 'little')
            i = skip_sub_blocks(data, i + 2)
        elif block == 0x2C:  # image descriptor
            local = data[i + 9]
            i += 10 + (3 * 2 ** ((local & 7) + 1) if local & 0x80 else 0)
            i = skip_sub_blocks(data, i + 1)  # after the LZW minimum code size
            delays.append(delay)
            delay = None
        else:
            raise ValueError(f'unknown block 0x{block:02x} at byte {i}')


def desktop_record(args):
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, 'clip.gif')
        done = subprocess.run([DESKTOP, 'record', *args.split(), '--out', out, '--no-progress'], capture_output=True, text=True)
        if done.returncode != 0:
            return None, done.stderr.strip()
        with open(out, 'rb') as f:
            return f.read(), ''


def run(page, url):
    driver, check = page.driver, page.check
    if not check(os.access(DESKTOP, os.X_OK), f'the desktop build is there to compare with ({DESKTOP}; ./lab build)'):
        return
    state, status = page.load(url + 'index.html')
    if not check(state == 'ready', f'record: the page reaches "ready" (status: {status!r})'):
        return
    for n, args in enumerate(CASES):
        path = f'/tmp/record-{n}.gif'
        problem = page.call_text('tsl_web_record_start', args, path)
        if not check(problem == '', f'record {args}: starts in the page ({problem!r})'):
            continue
        result = wait_for(driver, 'return UTF8ToString(Module._tsl_web_record_result());', TIMEOUT_S, f'the recording {args}')
        if not check(result == 'ok', f'record {args}: the page writes the GIF ({result!r})'):
            continue
        web = base64.b64decode(driver.execute_script(READ_BASE64, path))
        with open(os.path.join(page.out, f'record-{n}.gif'), 'wb') as f:
            f.write(web)
        desktop, error = desktop_record(args)
        if not check(desktop is not None, f'record {args}: the desktop writes it ({error})'):
            continue
        try:
            ours, theirs = gif_frames(web), gif_frames(desktop)
        except ValueError as e:
            check(False, f'record {args}: both files decode ({e})')
            continue
        check(len(ours[2]) > 1 and ours == theirs,
              f'record {args}: the page\'s GIF has the desktop\'s size, frames and delays '
              f'(page {ours[0]} x {ours[1]}, {len(ours[2])} frames, delays {sorted(set(ours[2]))} in 1/100 s, '
              f'{sum(d or 0 for d in ours[2])} in all; desktop {theirs[0]} x {theirs[1]}, {len(theirs[2])} frames, '
              f'{sum(d or 0 for d in theirs[2])} in all)')
    page.console_errors('record')
