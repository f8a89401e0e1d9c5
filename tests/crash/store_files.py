"""Shared by the crash tests (imported, not run): a test picture and a folder's files."""
import os
import struct
import zlib


def png(width, height):
    """A grey PNG: a black square in the middle of white."""
    rows = b"".join(b"\x00" + bytes(0 if width // 4 <= x < 3 * width // 4 and
                                    height // 4 <= y < 3 * height // 4 else 255
                                    for x in range(width)) for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + \
            struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


def snapshot(folder):
    """{relative path: bytes} of every file under `folder`."""
    files = {}
    for top, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(top, name)
            with open(path, "rb") as f:
                files[os.path.relpath(path, folder)] = f.read()
    return files
