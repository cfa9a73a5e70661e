#!/usr/bin/python3
"""Serves the browser edition (build/web/) on 127.0.0.1 with the two headers
that make the page cross-origin isolated, which threads (web workers sharing
memory) need:

    Cross-Origin-Opener-Policy: same-origin
    Cross-Origin-Embedder-Policy: require-corp

A file with a compressed copy beside it (FILE.gz, which ./lab web makes) is
sent compressed to a browser that takes gzip.

Usage: serve.py [--port PORT] [--no-isolation] FOLDER
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


def main():
    parser = argparse.ArgumentParser(description='Serve the browser edition with cross-origin isolation.')
    parser.add_argument('--port', type=int, default=8000)
    parser.add_argument('--no-isolation', action='store_true', help='leave the isolation headers out')
    parser.add_argument('folder')
    args = parser.parse_args()
    Handler.isolate = not args.no_isolation
    handler = functools.partial(Handler, directory=args.folder)
    try:
        server = http.server.ThreadingHTTPServer(('127.0.0.1', args.port), handler)
    except OSError as error:
        sys.exit(f'serve.py: cannot listen on 127.0.0.1:{args.port}: {error.strerror}')
    print(f'serving {args.folder} on http://127.0.0.1:{server.server_address[1]}/'
          + (' (cross-origin isolated)' if Handler.isolate else ' (no isolation headers)'), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == '__main__':
    main()
