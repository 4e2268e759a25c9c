#!/usr/bin/env python3
"""Regenerates core-time/data/tzdb.bin, the embedded IANA time-zone database.

Source: the tz database in zic's input format (`tzdata.zi`, shipped by Debian's `tzdata`
package in /usr/share/zoneinfo), compiled here with `zic -b fat`. (`zic -b slim` from glibc 2.36 drops
explicit transitions that the footer cannot express, e.g. Asia/Gaza's predictions after 2072,
so it is not used.) Each file's version-1 data block, which version-2+ readers skip, is replaced
by the minimal one that slim files carry; the rest of the file is kept byte for byte.

Usage: scripts/gen-tzdb.py [path/to/tzdata.zi]   (run from the repository root)

File layout (all integers little-endian):
    b"CTZDB\\x01"
    u8 len, version text (the "# version" line of tzdata.zi, e.g. "2025b")
    u16 number of names
    per name, sorted by ASCII-lowercased name:
        u8 len, name bytes, u32 offset of the TZif data (from the start of the data section),
        u32 length
    the data section: each distinct TZif file once (links share their target's bytes)
"""
import os
import struct
import subprocess
import sys
import tempfile

def strip_v1(data):
    """Replaces the 32-bit data block of a version 2+ TZif file with an empty-but-valid one."""
    if data[4] == 0:
        return data
    isut, isstd, leap, time, typ, char = struct.unpack(">6l", data[20:44])
    v1_len = time * 5 + typ * 6 + char + leap * 8 + isstd + isut
    header = data[:20] + struct.pack(">6l", 0, 0, 0, 0, 1, 1)
    return header + bytes(6) + bytes(1) + data[44 + v1_len:]


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/zoneinfo/tzdata.zi"
    with open(src, encoding="utf-8") as f:
        first = f.readline()
    if not first.startswith("# version "):
        sys.exit(f"{src}: no '# version' line")
    version = first.split()[2]
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(["zic", "-b", "fat", "-d", out, src], check=True)
        files = {}
        for root, _dirs, names in os.walk(out):
            for n in names:
                p = os.path.join(root, n)
                name = os.path.relpath(p, out)
                with open(p, "rb") as f:
                    data = f.read()
                if data[:4] == b"TZif":
                    files[name] = strip_v1(data)
    blobs, offsets, section = {}, {}, bytearray()
    for name in sorted(files, key=lambda n: (n.lower(), n)):
        data = files[name]
        if data not in blobs:
            blobs[data] = (len(section), len(data))
            section += data
        offsets[name] = blobs[data]
    names = sorted(files, key=lambda n: (n.lower(), n))
    out = bytearray(b"CTZDB\x01")
    out += struct.pack("<B", len(version)) + version.encode()
    out += struct.pack("<H", len(names))
    for name in names:
        b = name.encode()
        out += struct.pack("<B", len(b)) + b + struct.pack("<II", *offsets[name])
    out += section
    dst = "core-time/data/tzdb.bin"
    with open(dst, "wb") as f:
        f.write(out)
    print(f"{dst}: tzdata {version}, {len(names)} names, {len(blobs)} distinct files, "
          f"{len(out)} bytes")

if __name__ == "__main__":
    main()
