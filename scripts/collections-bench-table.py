#!/usr/bin/env python3
"""Prints core-collections/README.md's benchmark tables from one `report --markdown` file.

    cargo run --release -p core-benches --bin report -- --time-ms 600 --markdown /tmp/r.md
    python3 scripts/collections-bench-table.py /tmp/r.md

The frozen, ord and slice tables are the report's own, without its `bytes` column; the
persistent hash and vec operations are folded into one table with imbl and rpds as columns
(any other column goes in parentheses after the case name). The prose around the tables (the
header line and the targets) is written by hand.
"""
import sys

IMMUTABLE = "core-collections/immutable/"


def sections(path):
    """{operation: (header cells, [row cells])} in report order."""
    out, op, header = {}, None, None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("## "):
            op, header = line[3:], None
            continue
        if op is None or not line.startswith("|") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if header is None:
            header = cells
            out[op] = (header, [])
        else:
            out[op][1].append(cells)
    return out


def table(header, rows):
    keep = [i for i, h in enumerate(header) if h != "bytes"]
    lines = ["| " + " | ".join(header[i] for i in keep) + " |"]
    lines.append("|---|" + "--:|" * (len(keep) - 1))
    lines += ["| " + " | ".join(r[i] for i in keep) + " |" for r in rows]
    return "\n".join(lines)


def immutable(secs):
    lines = ["| case | core | imbl (× vs core) | rpds (× vs core) |", "|---|--:|--:|--:|"]
    for op, (header, rows) in secs.items():
        if not op.startswith(IMMUTABLE):
            continue
        name = op[len(IMMUTABLE):]
        for r in rows:
            cell = dict(zip(header, r))
            extra = [f"{h.replace(' (× vs core)', '')} {cell[h]}" for h in header
                     if h not in ("input", "bytes", "core", "imbl (× vs core)",
                                  "rpds (× vs core)")]
            case = f"{name}/{cell['input']}" + (f" ({'; '.join(extra)})" if extra else "")
            lines.append(f"| {case} | {cell['core']} | {cell['imbl (× vs core)']} | "
                         f"{cell['rpds (× vs core)']} |")
    return "\n".join(lines)


def main():
    secs = sections(sys.argv[1])
    parts = []
    for title, op in [("core-collections/frozen/lookup", "core-collections/frozen/lookup"),
                      ("core-collections/frozen/build (1,000 keys)",
                       "core-collections/frozen/build")]:
        parts.append(f"### {title}\n\n{table(*secs[op])}")
    parts.append(f"### core-collections/immutable\n\n{immutable(secs)}")
    for op in ["core-collections/ord", "core-collections/slice"]:
        parts.append(f"### {op}\n\n{table(*secs[op])}")
    print("\n\n".join(parts))


if __name__ == "__main__":
    main()
