#!/usr/bin/python3
"""Serves the browser edition (build/web/) on 127.0.0.1 with the two headers
that make the page cross-origin isolated, which threads (web workers sharing
memory) need:

    Cross-Origin-Opener-Policy: same-origin
    Cross-Origin-Embedder-Policy: require-corp

A file with a compressed copy beside it (FILE.gz, which ./lab web makes) is
sent compressed to a browser that takes gzip.

With --lan it listens on every address of the machine, so that a teacher's
laptop can serve a class, and prints the address to give. (A browser makes a
page cross-origin isolated only on a secure origin: https://, or localhost;
from another machine over plain http:// the page is the single-threaded one.)

Usage: serve.py [--port PORT] [--no-isolation] [--lan] FOLDER
(--no-isolation leaves the headers out, as a static host that cannot set them would.)
"""
import argparse
import functools
import http.server
import os
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    isolate = True
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      '.wasm': 'application/wasm', '.js': 'text/javascript', '.data': 'application/octet-stream'}

    def send_head(self):
        """A file's compressed copy (FILE.gz, made by ./lab web) when the
        browser takes gzip, as the file itself with Content-Encoding: gzip."""
        path = self.translate_path(self.path)
        zipped = path + '.gz'
        accepts = 'gzip' in self.headers.get('Accept-Encoding', '')
        if not accepts or not os.path.isfile(path) or not os.path.isfile(zipped):
            return super().send_head()
        try:
            body = open(zipped, 'rb')
        except OSError:
            return super().send_head()
        self.send_response(200)
        self.send_header('Content-Type', self.guess_type(path))
        self.send_header('Content-Encoding', 'gzip')
        self.send_header('Vary', 'Accept-Encoding')
        self.send_header('Content-Length', str(os.fstat(body.fileno()).st_size))
        self.end_headers()
        return body

    def end_headers(self):
        if self.isolate:
            self.send_header('Cross-Origin-Opener-Policy', 'same-origin')
            self.send_header('Cross-Origin-Embedder-Policy', 'require-corp')
        self.send_header('Cache-Control', 'no-cache')
        super().end_headers()

    def log_message(self, format, *args):
        pass  # quiet: one line per file is noise


def lan_address():
    """The address other machines on the network reach this one at (the one
    its default route leaves from; connecting a UDP socket sends nothing); ""
    without a network."""
    import socket
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(('192.0.2.1', 9))  # TEST-NET-1: never routed anywhere real
            address = probe.getsockname()[0]
        except OSError:
            return ''
    return '' if address.startswith('127.') else address


def main():
    parser = argparse.ArgumentParser(description='Serve the browser edition with cross-origin isolation.')
    parser.add_argument('--port', type=int, default=8000)
    parser.add_argument('--no-isolation', action='store_true', help='leave the isolation headers out')
    parser.add_argument('--lan', action='store_true', help="listen on the machine's every address, for a class on its network")
    parser.add_argument('folder')
    args = parser.parse_args()
    Handler.isolate = not args.no_isolation
    handler = functools.partial(Handler, directory=args.folder)
    host = '0.0.0.0' if args.lan else '127.0.0.1'
    try:
        server = http.server.ThreadingHTTPServer((host, args.port), handler)
    except OSError as error:
        sys.exit(f'serve.py: cannot listen on {host}:{args.port}: {error.strerror}')
    port = server.server_address[1]
    print(f'serving {args.folder} on http://127.0.0.1:{port}/'
          + (' (cross-origin isolated)' if Handler.isolate else ' (no isolation headers)'), flush=True)
    if args.lan:
        address = lan_address()
        if address:
            print(f'for the class: http://{address}:{port}/ (over plain http from another machine, the single-threaded page)', flush=True)
        else:
            print('for the class: this machine has no network address besides 127.0.0.1', flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == '__main__':
    main()
