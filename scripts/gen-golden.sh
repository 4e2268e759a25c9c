#!/bin/sh
# Regenerates core-time/tests/golden/*.zdump: `zdump -v` (glibc) output for the zones whose
# history is hardest to get right, over 1900..2100. The golden test compares the embedded
# database with these files, so run this after scripts/gen-tzdb.py with the same tzdata.
set -eu
dir=core-time/tests/golden
mkdir -p "$dir"
for z in Europe/Dublin Antarctica/Troll Pacific/Apia America/Sao_Paulo Asia/Gaza \
         Australia/Lord_Howe Pacific/Kiritimati America/Los_Angeles; do
    zdump -v -c 1900,2100 "/usr/share/zoneinfo/$z" | sed "s|/usr/share/zoneinfo/||" \
        > "$dir/$(echo "$z" | tr / _).zdump"
done
head -1 /usr/share/zoneinfo/tzdata.zi > "$dir/VERSION"
