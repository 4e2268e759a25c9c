#!/usr/bin/env python3
"""Regenerates core-time/data/tzdb.bin, the embedded IANA time-zone database, and the Rust list
of its zones (core-time/src/tzdb/generated.rs: the `Tz` enum, `TZ_VARIANTS`, the constants).

Source: the tz database in zic's input format: either IANA's source files (a directory holding
`africa`, `europe`, ..., `backward`, `etcetera` and `NEWS`: the main data, which is what IANA's
own build installs and what chrono-tz bundles) or one `tzdata.zi` file (Debian's `tzdata`
package ships one in /usr/share/zoneinfo; Debian's includes `backzone`, the pre-1970 history of
zones that the main data merges into links). It is compiled here with `zic -b fat`.
(`zic -b slim` from glibc 2.36 drops explicit transitions that the footer cannot express,
e.g. Asia/Gaza's predictions after 2072, so it is not used.) Each file's version-1 data block, which version-2+ readers skip, is replaced
by the minimal one that slim files carry; the rest of the file is kept byte for byte.

Usage (run from the repository root):
    scripts/gen-tzdb.py SOURCE [OUT.bin]   compile SOURCE (a tzdata.zi file or a directory of
                                           IANA source files) into OUT.bin (default
                                           core-time/data/tzdb.bin), then regenerate the Rust
                                           zone list from core-time/data/tzdb.bin
    scripts/gen-tzdb.py --rust             only regenerate the Rust zone list

The 2025b files in the repository were made with
    scripts/gen-tzdb.py path/to/tzdata-2025b          (IANA's release; chrono-tz 0.10.4 ships
                                                      the same files in its `tz` folder)
    scripts/gen-tzdb.py path/to/debian/2025b/tzdata.zi core-time/data/tzdb-backzone.bin

The embedded databases (data/tzdb.bin: main data; data/tzdb-backzone.bin: with backzone, for
the `tzdb-backzone` feature) must list the same names: the Rust zone list,
core-time/src/tzdb/generated.rs, is made from the first and the script checks the second.

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
import re
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


SOURCE_FILES = ["africa", "antarctica", "asia", "australasia", "europe", "northamerica",
                "southamerica", "etcetera", "backward"]


def source_version(src):
    """The release named by a tzdata.zi's first line or by the first release in NEWS."""
    if os.path.isdir(src):
        with open(os.path.join(src, "NEWS"), encoding="utf-8") as f:
            for line in f:
                if line.startswith("Release "):
                    return line.split()[1]
        sys.exit(f"{src}/NEWS: no 'Release' line")
    with open(src, encoding="utf-8") as f:
        first = f.readline()
    if not first.startswith("# version "):
        sys.exit(f"{src}: no '# version' line")
    return first.split()[2]


def compile_db(src, dst):
    version = source_version(src)
    inputs = [os.path.join(src, n) for n in SOURCE_FILES] if os.path.isdir(src) else [src]
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(["zic", "-b", "fat", "-d", out, *inputs], check=True)
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
    with open(dst, "wb") as f:
        f.write(out)
    print(f"{dst}: tzdata {version}, {len(names)} names, {len(blobs)} distinct files, "
          f"{len(out)} bytes")

def read_names(path):
    """The version and the zone names of an embedded database file."""
    with open(path, "rb") as f:
        b = f.read()
    if not b.startswith(b"CTZDB\x01"):
        sys.exit(f"{path}: not an embedded database")
    p = 6
    version = b[p + 1:p + 1 + b[p]].decode()
    p += 1 + b[p]
    (count,) = struct.unpack("<H", b[p:p + 2])
    p += 2
    names = []
    for _ in range(count):
        n = b[p]
        names.append(b[p + 1:p + 1 + n].decode())
        p += 1 + n + 8
    return version, names


def ident(part):
    """A Rust identifier for one part of a zone name, spelled as chrono-tz spells it:
    `+`/`-` before a digit become `Plus`/`Minus`, other `-` are dropped (`Port-au-Prince` ->
    `PortauPrince`, `W-SU` -> `WSU`)."""
    part = re.sub(r"\+(?=\d)", "Plus", part)
    part = re.sub(r"-(?=\d)", "Minus", part)
    return part.replace("-", "")


def packed(items, indent, width=99):
    """`items` joined by ", " into lines of at most `width` characters."""
    lines, line = [], indent
    for it in items:
        if len(line) + len(it) + 2 > width and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += it + ", "
    if line.strip():
        lines.append(line.rstrip())
    return "\n".join(lines)


def write_rust(bin_path, rs_path, check_path=None):
    version, names = read_names(bin_path)
    if check_path and os.path.exists(check_path):
        other_version, other = read_names(check_path)
        if set(other) - {"Factory"} != set(names) - {"Factory"} or other_version != version:
            sys.exit(f"{check_path} ({other_version}) lists other zones than {bin_path} ({version})")
    # `Factory` is a placeholder ("local time zone must be set"), not a place.
    names = sorted(n for n in names if n != "Factory")
    variants = ["__".join(ident(p) for p in n.split("/")) for n in names]
    if len(set(variants)) != len(variants):
        sys.exit("two zone names map to one identifier")
    out = [f"// Generated by scripts/gen-tzdb.py from core-time/data/tzdb.bin (tzdata {version}).",
           "// Do not edit; run `scripts/gen-tzdb.py --rust` instead.",
           "#![allow(non_upper_case_globals, non_camel_case_types, non_snake_case)]",
           "",
           "/// The release of the tz database that [`Tz`] holds.",
           f'pub const IANA_TZDB_VERSION: &str = "{version}";',
           "",
           "/// A zone of the embedded tz database, one variant per IANA name (links included), named",
           "/// after it with `/` spelled `__`; the constants in this module's sub-modules",
           "/// ([`Europe::Berlin`](Europe::Berlin), [`UTC`]) are the usual way to write them.",
           "///",
           "/// `Copy`, two bytes; see the [module documentation](super) for what it offers.",
           "///",
           "/// ```",
           "/// use core_time::tzdb::{Europe, Tz};",
           "///",
           '/// let berlin: Tz = "Europe/Berlin".parse().unwrap();',
           "/// assert_eq!(berlin, Europe::Berlin);",
           '/// assert_eq!(berlin.name(), "Europe/Berlin");',
           '/// assert!("Europe/Atlantis".parse::<Tz>().is_err()); // no such zone',
           "/// ```",
           "#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]",
           "#[repr(u16)]",
           "pub enum Tz {"]
    out += [f'    #[doc = "{n}"] {v},' for n, v in zip(names, variants)]
    out += ["}", "",
            "/// The number of zones.",
            f"pub(super) const COUNT: usize = {len(names)};",
            "",
            "/// The IANA names, in the order of [`Tz`]'s variants (sorted bytewise).",
            "pub(super) static NAMES: [&str; COUNT] = ["]
    out.append(packed([f'"{n}"' for n in names], "    "))
    out += ["];", "",
            "/// Every [`Tz`], sorted by name (bytewise), as chrono-tz's list of the same name.",
            "///",
            "/// ```",
            "/// use core_time::tzdb::{Tz, TZ_VARIANTS};",
            "/// assert!(TZ_VARIANTS.contains(&Tz::UTC));",
            "/// assert!(TZ_VARIANTS.windows(2).all(|w| w[0].name() < w[1].name()));",
            "/// ```",
            "pub static TZ_VARIANTS: [Tz; COUNT] = ["]
    out.append(packed([f"Tz::{v}" for v in variants], "    "))
    out += ["];", ""]
    # The constants: a module per name prefix, nested as the names are.
    tree = {}
    for n, v in zip(names, variants):
        parts = n.split("/")
        node = tree
        for p in parts[:-1]:
            node = node.setdefault(("mod", ident(p)), {})
        node[("const", ident(parts[-1]))] = (n, v)

    def emit(node, depth, prefix):
        pad = "    " * depth
        lines = []
        consts = sorted((k, val) for k, val in node.items() if k[0] == "const")
        for (_, name), (full, v) in consts:
            lines.append(f'{pad}#[doc = "{full}"] pub const {name}: Tz = Tz::{v};')
        for (_, name), child in sorted((k, val) for k, val in node.items() if k[0] == "mod"):
            full = f"{prefix}{name}/"
            lines.append(f'{pad}#[doc = "The zones whose names start with `{full}`."]')
            lines.append(f"{pad}pub mod {name} {{")
            lines.append(f"{pad}    use super::Tz;")
            lines += emit(child, depth + 1, full)
            lines.append(f"{pad}}}")
        return lines

    out += emit(tree, 0, "")
    with open(rs_path, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"{rs_path}: {len(names)} zones")


def main():
    rs = "core-time/src/tzdb/generated.rs"
    main_bin, back_bin = "core-time/data/tzdb.bin", "core-time/data/tzdb-backzone.bin"
    if sys.argv[1:] != ["--rust"]:
        if len(sys.argv) < 2:
            sys.exit(__doc__)
        compile_db(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else main_bin)
    write_rust(main_bin, rs, back_bin)


if __name__ == "__main__":
    main()
