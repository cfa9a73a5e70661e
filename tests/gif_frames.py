#!/usr/bin/env python3
"""gif_frames.py FILE.gif — reads a GIF back as a viewer would and prints
"WIDTHxHEIGHT FRAMES TOTAL_CS" (its size, its frames and the sum of their
delays in centiseconds); exit 1, saying why, if it is not a whole GIF89a
(a truncated file has no trailer). For the window scripts, which check the
file a recording wrote, not what the app says it wrote."""

import struct
import sys


def read_gif(data):
    if data[:6] != b"GIF89a":
        raise ValueError("no GIF89a header")
    width, height, packed = struct.unpack("<HHB", data[6:11])
    at = 13
    if packed & 0x80:
        at += 3 << ((packed & 7) + 1)
    frames, delays, delay = 0, [], 0

    def skip_sub_blocks(at):
        while True:
            if at >= len(data):
                raise ValueError("the file ends inside a block")
            size = data[at]
            at += 1
            if size == 0:
                return at
            at += size

    while True:
        if at >= len(data):
            raise ValueError("the file ends without a trailer")
        kind = data[at]
        if kind == 0x3B:
            return width, height, frames, delays
        if kind == 0x21:
            label = data[at + 1]
            if label == 0xF9:  # graphic control: the next image's delay
                delay = struct.unpack("<H", data[at + 4:at + 6])[0]
            at = skip_sub_blocks(at + 2)
        elif kind == 0x2C:
            packed = data[at + 9]
            at += 10
            if packed & 0x80:
                at += 3 << ((packed & 7) + 1)
            at = skip_sub_blocks(at + 1)  # after the LZW minimum code size
            frames += 1
            delays.append(delay)
            delay = 0
        else:
            raise ValueError(f"unexpected block 0x{kind:02x} at byte {at}")


def main():
    path = sys.argv[1]
    try:
        with open(path, "rb") as f:
            width, height, frames, delays = read_gif(f.read())
    except (OSError, ValueError, struct.error, IndexError) as e:
        print(f"{path}: not a whole GIF: {e}")
        return 1
    print(f"{width}x{height} {frames} {sum(delays)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
