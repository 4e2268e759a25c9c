#!/usr/bin/env bash
# Renders the comparison report's --html page in headless Chromium and checks the screenshot.
#
#   bash scripts/check-report-html.sh [PAGE.html]
#
# Without an argument, writes a small page first (a quick smoke run of the release report
# binary over a few operations of three crates). Passes when Chromium renders the page, the
# screenshot is a PNG of the requested size, and it is not blank: its PNG is several times the
# size of the screenshot of an empty page of the same size (a blank render compresses to almost
# nothing; bar charts, text and table rules do not). Needs Debian's `chromium` (.ci/run
# installs it). The screenshot is kept as target/report-html/report.png for a look.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=target/report-html
mkdir -p "$out"

page="${1:-}"
if [ -z "$page" ]; then
  page="$out/report.html"
  cargo run -q --release -p core-benches --bin report -- --smoke --time-ms 2 \
    --filter core-text/utf8/count_chars --filter core-time/ --filter union_into_empty \
    --html "$page" >/dev/null
fi
[ -s "$page" ] || { echo "check-report-html: no page at $page" >&2; exit 1; }

browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "check-report-html: chromium is not installed" >&2; exit 1; }

width=1200
height=1600
shot() { # shot PAGE PNG: screenshot PAGE into PNG
  rm -f "$2"
  # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start. The page is ours.
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --no-first-run --user-data-dir="$out/profile" --window-size="$width,$height" \
    --screenshot="$2" "file://$(realpath "$1")" >"$out/chromium.log" 2>&1 || {
    tail -n 20 "$out/chromium.log" >&2
    echo "check-report-html: chromium failed on $1" >&2
    exit 1
  }
  [ -s "$2" ] || { echo "check-report-html: no screenshot of $1" >&2; exit 1; }
}

printf '<!DOCTYPE html><html><head><meta charset="utf-8"><title>empty</title></head><body></body></html>\n' \
  >"$out/empty.html"
shot "$out/empty.html" "$out/empty.png"
shot "$page" "$out/report.png"

# A PNG starts with its 8-byte signature, then the IHDR chunk: width and height, big-endian,
# at bytes 16..24.
sig=$(head -c 8 "$out/report.png" | od -An -tx1 | tr -d ' \n')
[ "$sig" = 89504e470d0a1a0a ] || { echo "check-report-html: not a PNG" >&2; exit 1; }
dims=$(od -An -tu1 -j16 -N8 "$out/report.png" | tr -s ' ' | sed 's/^ //')
read -r w3 w2 w1 w0 h3 h2 h1 h0 <<<"$dims"
got_w=$(((w3 << 24) | (w2 << 16) | (w1 << 8) | w0))
got_h=$(((h3 << 24) | (h2 << 16) | (h1 << 8) | h0))
[ "$got_w" -eq "$width" ] && [ "$got_h" -eq "$height" ] || {
  echo "check-report-html: screenshot is ${got_w}x$got_h, wanted ${width}x$height" >&2
  exit 1
}

empty_size=$(stat -c %s "$out/empty.png")
page_size=$(stat -c %s "$out/report.png")
echo "check-report-html: $page rendered ${got_w}x$got_h, $page_size bytes (empty page: $empty_size)"
if [ "$page_size" -lt $((empty_size * 5)) ]; then
  echo "check-report-html: the screenshot looks blank (under 5x the empty page's size)" >&2
  exit 1
fi
