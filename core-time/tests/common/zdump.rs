//! Reading `zdump -v` output: each line is an instant (UT) and what the zone shows then.

use core_time::{DateTime, Timestamp};

/// One `zdump -v` line: the instant, and the zone's local time, abbreviation, DST flag and
/// offset at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub utc: i64,
    pub local: DateTime,
    pub abbr: String,
    pub is_dst: bool,
    pub gmtoff: i32,
}

fn month(m: &str) -> Option<u8> {
    let names =
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    names.iter().position(|&n| n == m).map(|i| i as u8 + 1)
}

/// "Sun Mar  8 09:59:59 2026" (the weekday is checked by the caller through the date).
fn civil(words: &[&str]) -> Option<DateTime> {
    let [_wd, mon, day, hms, year] = words else { return None };
    let mut t = hms.split(':').map(|x| x.parse::<u8>());
    let (h, mi, s) = (t.next()?.ok()?, t.next()?.ok()?, t.next()?.ok()?);
    DateTime::new(year.parse().ok()?, month(mon)?, day.parse().ok()?, h, mi, s, 0).ok()
}

/// Parses one line; `None` for the `= NULL` lines at the ends of time.
pub fn parse_line(line: &str) -> Option<Line> {
    let (left, right) = line.split_once(" UT = ")?;
    let lw: Vec<&str> = left.split_whitespace().collect();
    let utc_dt = civil(&lw[lw.len().checked_sub(5)?..])?;
    let utc = utc_dt.to_timestamp(core_time::Offset::UTC).ok()?.unix_secs();
    let rw: Vec<&str> = right.split_whitespace().collect();
    let local = civil(&rw[..5])?;
    let abbr = rw.get(5)?.to_string();
    let is_dst = rw.get(6)?.strip_prefix("isdst=")? == "1";
    let gmtoff = rw.get(7)?.strip_prefix("gmtoff=")?.parse().ok()?;
    Some(Line { utc, local, abbr, is_dst, gmtoff })
}

/// All lines of a `zdump -v` output that describe instants.
pub fn parse(text: &str) -> Vec<Line> {
    text.lines().filter_map(parse_line).collect()
}

/// Compares a zone with zdump's lines: every listed instant shows the same local time,
/// abbreviation, DST flag and offset; and the zone's transitions strictly inside
/// `(lo, hi)` are exactly the instants where zdump's consecutive lines change.
pub fn check(tz: &core_time::TimeZone, lines: &[Line], lo: i64, hi: i64) -> Result<(), String> {
    let name = tz.name();
    for l in lines {
        let t = Timestamp::from_unix(l.utc, 0).unwrap();
        let z = tz.to_local(t);
        let got = (z.datetime(), z.abbreviation().to_string(), z.is_dst(), z.offset().seconds());
        let want = (l.local, l.abbr.clone(), l.is_dst, l.gmtoff);
        if got != want {
            return Err(format!("{name} at {}: got {got:?}, zdump says {want:?}", l.utc));
        }
    }
    // zdump prints each change as the pair (t - 1, t).
    let mut want = Vec::new();
    for w in lines.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        if b.utc == a.utc + 1
            && (a.gmtoff, a.is_dst, &a.abbr) != (b.gmtoff, b.is_dst, &b.abbr)
            && b.utc > lo
            && b.utc < hi
        {
            want.push(b.utc);
        }
    }
    let start = Timestamp::from_unix(lo, 0).unwrap();
    let got: Vec<i64> = tz
        .transitions_after(start)
        .map(|t| t.timestamp().unix_secs())
        .take_while(|&t| t < hi)
        .collect();
    if got != want {
        let first = got.iter().zip(&want).position(|(a, b)| a != b);
        return Err(format!(
            "{name}: {} transitions, zdump has {}; first difference at index {first:?}: {:?} vs {:?}",
            got.len(),
            want.len(),
            first.map(|i| got[i]),
            first.map(|i| want[i])
        ));
    }
    // Backwards from the end gives the same list reversed.
    let end = Timestamp::from_unix(hi - 1, 0).unwrap();
    let mut back: Vec<i64> = tz
        .transitions_before(end)
        .map(|t| t.timestamp().unix_secs())
        .take_while(|&t| t > lo)
        .collect();
    back.reverse();
    if back != want {
        return Err(format!(
            "{name}: backward iteration differs ({} vs {})",
            back.len(),
            want.len()
        ));
    }
    Ok(())
}
