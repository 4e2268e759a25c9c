//! POSIX TZ strings: the rule text found in the `TZ` environment variable and in the footer of
//! version 2+ TZif files.
//!
//! The grammar accepted is `std offset [dst [offset] [,start[/time],end[/time]]]` with the
//! extensions of RFC 8536 version 3: rule times may be negative and have up to 167 hours, and a
//! rule whose daylight-saving period covers the whole year (such as `EST5EDT,0/0,J365/25`)
//! means daylight-saving time all year.
//!
//! ```
//! use core_time::tz::posix::PosixTz;
//! let tz = PosixTz::parse(b"CET-1CEST,M3.5.0,M10.5.0/3").unwrap();
//! assert_eq!(tz.std_offset(), 3600);
//! // 2026-07-01T00:00:00Z is in summer time.
//! let (offset, is_dst, abbr) = tz.local_at(1_782_864_000);
//! assert_eq!((offset, is_dst, abbr.as_str()), (7200, true, "CEST"));
//! assert_eq!(tz.to_string(), "CET-1CEST,M3.5.0,M10.5.0/3");
//! ```

use crate::civil::{
    civil_from_days, days_from_civil, days_in_month, is_leap, weekday_from_days, SECS_PER_DAY,
};
use crate::zoned::Abbreviation;
use core::fmt;

/// The time of day of a transition when the rule gives none: 02:00 local time.
const DEFAULT_RULE_TIME: i32 = 7200;
/// The largest hour count of a UTC offset (`hh` in `[+-]hh[:mm[:ss]]`).
const MAX_OFFSET_HOURS: u32 = 24;
/// The largest hour count of a rule time (RFC 8536 version 3 extension).
const MAX_RULE_HOURS: u32 = 167;
/// The rule used when a zone names a daylight-saving abbreviation but gives no rule.
const DEFAULT_START: PosixRule = PosixRule::MonthWeekDay { month: 3, week: 2, weekday: 0 };
/// See [`DEFAULT_START`].
const DEFAULT_END: PosixRule = PosixRule::MonthWeekDay { month: 11, week: 1, weekday: 0 };
/// Seconds in 400 Gregorian years: the calendar, weekdays included, repeats with this period.
const CYCLE_SECS: i64 = 146_097 * SECS_PER_DAY;
/// 2000-01-01T00:00:00Z, the start of the 400-year cycle instants are folded into.
const CYCLE_BASE: i64 = 946_684_800;

/// A parsed POSIX TZ string: a standard time and, optionally, a daylight-saving time with the
/// rules that switch between them.
///
/// Offsets are stored in seconds *east* of UTC, the opposite sign convention to the POSIX text
/// (`EST5` is five hours *west*, so its offset is `-18000`).
///
/// ```
/// use core_time::tz::posix::{PosixRule, PosixTz};
/// let rule = PosixTz::parse(b"EST5EDT,M3.2.0,M11.1.0")?;
/// assert_eq!((rule.std_abbr().as_str(), rule.std_offset()), ("EST", -18_000));
/// let dst = rule.dst().unwrap();
/// assert_eq!(dst.start(), PosixRule::MonthWeekDay { month: 3, week: 2, weekday: 0 });
/// assert_eq!(rule.to_string(), "EST5EDT,M3.2.0,M11.1.0"); // prints back as POSIX text
/// # Ok::<(), core_time::tz::posix::PosixError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PosixTz {
    std_abbr: Abbreviation,
    std_offset: i32,
    dst: Option<PosixDst>,
}

/// The daylight-saving part of a [`PosixTz`]: its abbreviation, offset and the rules giving the
/// dates and local times at which it starts and ends each year.
///
/// ```
/// use core_time::tz::posix::{PosixRule, PosixTz};
/// let nz = PosixTz::parse(b"NZST-12NZDT,M9.5.0,M4.1.0/3")?;
/// let dst = nz.dst().unwrap();
/// assert_eq!((dst.abbr().as_str(), dst.offset()), ("NZDT", 13 * 3600));
/// assert_eq!((dst.start_time(), dst.end_time()), (2 * 3600, 3 * 3600));
/// assert_eq!(dst.end(), PosixRule::MonthWeekDay { month: 4, week: 1, weekday: 0 });
/// # Ok::<(), core_time::tz::posix::PosixError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PosixDst {
    abbr: Abbreviation,
    offset: i32,
    start: PosixRule,
    start_time: i32,
    end: PosixRule,
    end_time: i32,
}

/// The day of the year on which a daylight-saving transition happens.
///
/// ```
/// use core_time::tz::posix::{PosixRule, PosixTz};
/// let rule = PosixTz::parse(b"XST3XDT,J60,300")?;
/// let dst = rule.dst().unwrap();
/// assert_eq!((dst.start(), dst.end()), (PosixRule::Julian1(60), PosixRule::Julian0(300)));
/// assert_eq!(dst.start().to_string(), "J60");
/// # Ok::<(), core_time::tz::posix::PosixError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PosixRule {
    /// `Jn`: day `n` of the year, 1 to 365, where 29 February is never counted, so `J60` is
    /// always 1 March.
    Julian1(u16),
    /// `n`: zero-based day `n` of the year, 0 to 365, counting 29 February in leap years.
    /// Day 365 of a common year is 1 January of the next year.
    Julian0(u16),
    /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1 to 5) of month `m` (1 to 12). Week 1
    /// holds the first such weekday of the month; week 5 means the last one, which may be the
    /// fourth.
    MonthWeekDay {
        /// The month, 1 (January) to 12 (December).
        month: u8,
        /// The week, 1 to 5; 5 is the last occurrence of the weekday in the month.
        week: u8,
        /// The weekday, 0 (Sunday) to 6 (Saturday).
        weekday: u8,
    },
}

/// Why a POSIX TZ string was rejected: the byte position where the problem was found and a
/// short description.
///
/// ```
/// use core_time::tz::posix::PosixTz;
/// let err = PosixTz::parse(b"EST5EDT,M3.2.0").unwrap_err();
/// assert_eq!(err.position(), 14); // where the end rule should start
/// println!("{err}: {}", err.message());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PosixError {
    pos: usize,
    msg: &'static str,
}

impl PosixError {
    /// The byte offset in the input at which the problem was detected.
    ///
    /// ```
    /// use core_time::tz::posix::PosixTz;
    ///
    /// assert_eq!(PosixTz::parse(b"EST5EDT,M3.2.0,M11.1.0x").unwrap_err().position(), 22);
    /// assert_eq!(PosixTz::parse(b"EST").unwrap_err().position(), 3); // the offset is missing
    /// ```
    pub const fn position(&self) -> usize {
        self.pos
    }

    /// A short description of the problem.
    ///
    /// ```
    /// use core_time::tz::posix::PosixTz;
    ///
    /// let err = PosixTz::parse(b"EST5EDT,M3.2.0,M11.1.0x").unwrap_err();
    /// assert_eq!(err.message(), "unexpected characters after the end of the TZ string");
    /// ```
    pub const fn message(&self) -> &'static str {
        self.msg
    }
}

impl fmt::Display for PosixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid POSIX TZ string at byte {}: {}", self.pos, self.msg)
    }
}

impl std::error::Error for PosixError {}

impl PosixTz {
    /// Parses a POSIX TZ string such as `EST5EDT,M3.2.0,M11.1.0` or `<+0530>-5:30`.
    ///
    /// * Abbreviations are either 3 to 15 ASCII letters, or 3 to 15 ASCII letters, digits, `+`
    ///   or `-` between `<` and `>`.
    /// * Offsets are `[+-]hh[:mm[:ss]]`, with `hh` from 0 to 24 and positive *west* of UTC. The
    ///   daylight-saving offset defaults to one hour east of the standard offset.
    /// * Rules are `Jn`, `n` or `Mm.w.d`, each optionally followed by `/time`, where `time` is
    ///   `[+-]hh[:mm[:ss]]` with `hh` from 0 to 167 (the RFC 8536 version 3 extension); the time
    ///   defaults to `02:00`.
    /// * When a daylight-saving abbreviation is given without rules, the current United States
    ///   rules apply: `M3.2.0,M11.1.0` (second Sunday of March to first Sunday of November).
    ///
    /// The whole input must be consumed. This function never panics.
    ///
    /// # Errors
    ///
    /// A [`PosixError`] with the byte position of the problem and a short description: a
    /// malformed or out-of-range abbreviation, offset, rule or time, a missing end rule, or
    /// trailing input.
    ///
    /// ```
    /// use core_time::tz::posix::PosixTz;
    /// let rule = PosixTz::parse(b"CET-1CEST,M3.5.0,M10.5.0/3")?;
    /// assert_eq!(rule.std_offset(), 3600);
    /// assert_eq!(rule.dst().map(|d| d.offset()), Some(7200));
    /// let err = PosixTz::parse(b"CET-1CEST,M3.5.8,M10.5.0/3").unwrap_err();
    /// assert_eq!(err.position(), 15); // the weekday 8
    /// # Ok::<(), core_time::tz::posix::PosixError>(())
    /// ```
    pub fn parse(s: &[u8]) -> Result<PosixTz, PosixError> {
        let mut p = Parser { s, pos: 0 };
        let std_abbr = p.abbreviation()?;
        if !p.at_offset() {
            return Err(p.err("expected a UTC offset"));
        }
        let std_offset = -p.hms(MAX_OFFSET_HOURS)?;
        if p.at_end() {
            return Ok(PosixTz { std_abbr, std_offset, dst: None });
        }

        let abbr = p.abbreviation()?;
        let offset = if p.at_offset() { -p.hms(MAX_OFFSET_HOURS)? } else { std_offset + 3600 };
        let (start, start_time, end, end_time) = if p.eat(b',') {
            let start = p.rule()?;
            let start_time = p.rule_time()?;
            if !p.eat(b',') {
                return Err(p.err("expected ',' before the end rule"));
            }
            let end = p.rule()?;
            let end_time = p.rule_time()?;
            (start, start_time, end, end_time)
        } else {
            (DEFAULT_START, DEFAULT_RULE_TIME, DEFAULT_END, DEFAULT_RULE_TIME)
        };
        if !p.at_end() {
            return Err(p.err("unexpected characters after the end of the TZ string"));
        }
        let dst = PosixDst { abbr, offset, start, start_time, end, end_time };
        Ok(PosixTz { std_abbr, std_offset, dst: Some(dst) })
    }

    /// The standard-time offset, in seconds east of UTC.
    ///
    /// ```
    /// use core_time::tz::posix::PosixTz;
    ///
    /// // POSIX counts hours west of UTC, so "EST5" is five hours behind.
    /// assert_eq!(PosixTz::parse(b"EST5EDT,M3.2.0,M11.1.0").unwrap().std_offset(), -5 * 3600);
    /// assert_eq!(PosixTz::parse(b"<+0530>-5:30").unwrap().std_offset(), 19_800);
    /// ```
    pub const fn std_offset(&self) -> i32 {
        self.std_offset
    }

    /// The standard-time abbreviation.
    ///
    /// ```
    /// use core_time::tz::posix::PosixTz;
    ///
    /// assert_eq!(PosixTz::parse(b"CET-1CEST,M3.5.0,M10.5.0/3").unwrap().std_abbr().as_str(), "CET");
    /// assert_eq!(PosixTz::parse(b"<+0530>-5:30").unwrap().std_abbr().as_str(), "+0530");
    /// ```
    pub const fn std_abbr(&self) -> Abbreviation {
        self.std_abbr
    }

    /// The daylight-saving part, or `None` for a zone without daylight-saving time.
    ///
    /// ```
    /// use core_time::tz::posix::PosixTz;
    ///
    /// assert!(PosixTz::parse(b"JST-9").unwrap().dst().is_none());
    /// let ny = PosixTz::parse(b"EST5EDT,M3.2.0,M11.1.0").unwrap();
    /// assert_eq!(ny.dst().map(|d| d.offset()), Some(-4 * 3600));
    /// ```
    pub const fn dst(&self) -> Option<&PosixDst> {
        self.dst.as_ref()
    }

    /// The UTC instants (seconds since the Unix epoch) given by the start and end rules for
    /// `year`, as `(start, end)`, or `None` when the zone has no daylight-saving time.
    ///
    /// `start` is the start rule's date in `year` plus its time, read as local standard time;
    /// `end` is the end rule's date plus its time, read as local daylight-saving time. Either
    /// may fall in the UTC year before or after `year`, and `end` comes first for zones whose
    /// daylight-saving period spans the new year (southern hemisphere, or negative DST such as
    /// Europe/Dublin). For an all-year rule the values are still the nominal ones: the end of
    /// one year then coincides with the start of the next.
    ///
    /// ```
    /// use core_time::tz::posix::PosixTz;
    /// use core_time::Timestamp;
    /// let us = PosixTz::parse(b"EST5EDT,M3.2.0,M11.1.0")?;
    /// let (start, end) = us.transitions_in_year(2026).unwrap();
    /// assert_eq!(Timestamp::from_unix_secs(start).unwrap().to_string(), "2026-03-08T07:00:00.0000000Z");
    /// assert_eq!(Timestamp::from_unix_secs(end).unwrap().to_string(), "2026-11-01T06:00:00.0000000Z");
    /// assert_eq!(PosixTz::parse(b"JST-9")?.transitions_in_year(2026), None);
    /// # Ok::<(), core_time::tz::posix::PosixError>(())
    /// ```
    pub fn transitions_in_year(&self, year: i32) -> Option<(i64, i64)> {
        let dst = self.dst.as_ref()?;
        Some(self.raw_transitions(dst, year))
    }

    /// The local time type in effect at UTC second `t` (seconds since the Unix epoch): the
    /// offset in seconds east of UTC, whether daylight-saving time is in effect and the
    /// abbreviation. A transition takes effect at its own instant.
    ///
    /// Follows the reference implementation's reading of the rules: in a year whose rules give
    /// a start and end in the same order, daylight-saving time runs from start to end; when the
    /// end comes first, it runs from the start of the year to the end and from the start to the
    /// end of the year; when start and end coincide, standard time; when the period covers the
    /// whole year, the year has no transitions, and if no year has any, daylight-saving time is in effect permanently.
    ///
    /// ```
    /// use core_time::tz::posix::PosixTz;
    /// let sydney = PosixTz::parse(b"AEST-10AEDT,M10.1.0,M4.1.0/3")?;
    /// let (offset, dst, abbr) = sydney.local_at(1_768_435_200); // 2026-01-15T00:00:00Z
    /// assert_eq!((offset, dst, abbr.as_str()), (11 * 3600, true, "AEDT"));
    /// # Ok::<(), core_time::tz::posix::PosixError>(())
    /// ```
    pub fn local_at(&self, t: i64) -> (i32, bool, Abbreviation) {
        let Some(dst) = &self.dst else {
            return (self.std_offset, false, self.std_abbr);
        };
        let in_dst = self.is_dst_at(dst, t);
        if in_dst {
            (dst.offset, true, dst.abbr)
        } else {
            (self.std_offset, false, self.std_abbr)
        }
    }

    fn raw_transitions(&self, dst: &PosixDst, year: i32) -> (i64, i64) {
        let start = dst.start.day_in_year(year) * SECS_PER_DAY + i64::from(dst.start_time)
            - i64::from(self.std_offset);
        let end = dst.end.day_in_year(year) * SECS_PER_DAY + i64::from(dst.end_time)
            - i64::from(dst.offset);
        (start, end)
    }

    /// The transitions the rules produce in `year`, in time order, each with the state it
    /// switches to (`true` = daylight-saving time). Empty when the daylight-saving period
    /// covers the whole year. A start and an end at the same instant are both listed, start
    /// first, so they cancel: standard time on both sides (glibc reads such rules the same way).
    fn year_events(&self, dst: &PosixDst, year: i32) -> Option<[(i64, bool); 2]> {
        let (start, end) = self.raw_transitions(dst, year);
        let year_secs = if is_leap(year) { 366 } else { 365 } * SECS_PER_DAY;
        if end < start {
            Some([(end, false), (start, true)])
        } else if end - start < year_secs {
            Some([(start, true), (end, false)])
        } else {
            None
        }
    }

    fn is_dst_at(&self, dst: &PosixDst, t: i64) -> bool {
        // The rules repeat every 400 years, so fold `t` into years 2000..2400, well inside the
        // range where all the arithmetic below is exact.
        let folded = (i128::from(t) - i128::from(CYCLE_BASE)).rem_euclid(i128::from(CYCLE_SECS));
        let t = CYCLE_BASE + folded as i64;
        let year = civil_from_days(t.div_euclid(SECS_PER_DAY)).0;

        // A transition computed for one year can land in the neighbouring UTC year (rule times
        // reach ±167 hours), so consider the years around `t` and keep the latest at or before.
        let mut latest: Option<(i64, bool)> = None;
        for y in year - 1..=year + 1 {
            for (at, state) in self.year_events(dst, y).into_iter().flatten() {
                if at <= t && latest.is_none_or(|(best, _)| at >= best) {
                    latest = Some((at, state));
                }
            }
        }
        if let Some((_, state)) = latest {
            return state;
        }
        // Nothing nearby: the state is whatever the most recent earlier year switched to. Events
        // of year - 2 and before all lie before the start of `year`.
        for y in (year - 401..=year - 2).rev() {
            if let Some(events) = self.year_events(dst, y) {
                // The events of a year are in time order.
                return events[1].1;
            }
        }
        // No year of the cycle has a transition: daylight-saving time all year.
        true
    }
}

impl PosixDst {
    /// The daylight-saving abbreviation.
    ///
    /// ```
    /// use core_time::tz::posix::{PosixRule, PosixTz};
    ///
    /// let tz = PosixTz::parse(b"CET-1CEST,M3.5.0,M10.5.0/3").unwrap();
    /// let dst = tz.dst().unwrap();
    /// assert_eq!(dst.abbr().as_str(), "CEST");
    /// ```
    pub const fn abbr(&self) -> Abbreviation {
        self.abbr
    }

    /// The daylight-saving offset, in seconds east of UTC. It may be less than the standard
    /// offset (negative DST, as in Europe/Dublin).
    ///
    /// ```
    /// use core_time::tz::posix::{PosixRule, PosixTz};
    ///
    /// let tz = PosixTz::parse(b"CET-1CEST,M3.5.0,M10.5.0/3").unwrap();
    /// let dst = tz.dst().unwrap();
    /// assert_eq!(dst.offset(), 2 * 3600); // one hour more than CET
    /// let dublin = PosixTz::parse(b"IST-1GMT0,M10.5.0,M3.5.0/1").unwrap();
    /// assert_eq!(dublin.dst().unwrap().offset(), 0); // winter is the "DST" part
    /// ```
    pub const fn offset(&self) -> i32 {
        self.offset
    }

    /// The rule giving the day daylight-saving time starts.
    ///
    /// ```
    /// use core_time::tz::posix::{PosixRule, PosixTz};
    ///
    /// let tz = PosixTz::parse(b"CET-1CEST,M3.5.0,M10.5.0/3").unwrap();
    /// let dst = tz.dst().unwrap();
    /// // The last (week 5) Sunday (0) of March.
    /// assert_eq!(dst.start(), PosixRule::MonthWeekDay { month: 3, week: 5, weekday: 0 });
    /// ```
    pub const fn start(&self) -> PosixRule {
        self.start
    }

    /// The local standard time, in seconds after midnight of the start day (may be negative or
    /// exceed a day), at which daylight-saving time starts.
    ///
    /// ```
    /// use core_time::tz::posix::{PosixRule, PosixTz};
    ///
    /// let tz = PosixTz::parse(b"CET-1CEST,M3.5.0,M10.5.0/3").unwrap();
    /// let dst = tz.dst().unwrap();
    /// assert_eq!(dst.start_time(), 2 * 3600); // no "/time": 02:00 by default
    /// let tz = PosixTz::parse(b"<-03>3<-02>,M3.5.0/-2,M10.5.0/-1").unwrap();
    /// assert_eq!(tz.dst().unwrap().start_time(), -2 * 3600); // 22:00 the day before
    /// ```
    pub const fn start_time(&self) -> i32 {
        self.start_time
    }

    /// The rule giving the day daylight-saving time ends.
    ///
    /// ```
    /// use core_time::tz::posix::{PosixRule, PosixTz};
    ///
    /// let tz = PosixTz::parse(b"CET-1CEST,M3.5.0,M10.5.0/3").unwrap();
    /// let dst = tz.dst().unwrap();
    /// assert_eq!(dst.end(), PosixRule::MonthWeekDay { month: 10, week: 5, weekday: 0 });
    /// ```
    pub const fn end(&self) -> PosixRule {
        self.end
    }

    /// The local daylight-saving time, in seconds after midnight of the end day (may be
    /// negative or exceed a day), at which daylight-saving time ends.
    ///
    /// ```
    /// use core_time::tz::posix::{PosixRule, PosixTz};
    ///
    /// let tz = PosixTz::parse(b"CET-1CEST,M3.5.0,M10.5.0/3").unwrap();
    /// let dst = tz.dst().unwrap();
    /// assert_eq!(dst.end_time(), 3 * 3600); // "/3": 03:00 CEST
    /// ```
    pub const fn end_time(&self) -> i32 {
        self.end_time
    }
}

impl PosixRule {
    /// The day number (days since 1970-01-01) the rule designates in `year`, for any `i32`
    /// year: the calendar repeats every 400 years (146,097 days, a whole number of weeks), so
    /// the year is folded into 2000..2400 and the whole cycles are added back in `i64`.
    fn day_in_year(self, year: i32) -> i64 {
        let from_2000 = i64::from(year) - 2000;
        let in_cycle = from_2000.rem_euclid(400);
        let cycles = (from_2000 - in_cycle) / 400;
        // 2000 + 0..400 always fits in an i32.
        let folded = 2000 + in_cycle as i32;
        self.day_in_cycle_year(folded) + cycles * 146_097
    }

    /// [`day_in_year`](Self::day_in_year) for a year the calendar helpers handle directly.
    fn day_in_cycle_year(self, year: i32) -> i64 {
        match self {
            PosixRule::Julian1(n) => {
                let n = i64::from(n);
                let leap_day = i64::from(is_leap(year) && n >= 60);
                days_from_civil(year, 1, 1) + n - 1 + leap_day
            }
            PosixRule::Julian0(n) => days_from_civil(year, 1, 1) + i64::from(n),
            PosixRule::MonthWeekDay { month, week, weekday } => {
                let first = days_from_civil(year, month, 1);
                let to_weekday =
                    (i64::from(weekday) - i64::from(weekday_from_days(first))).rem_euclid(7);
                let mut offset = to_weekday + (i64::from(week) - 1) * 7;
                let len = i64::from(days_in_month(year, month));
                // Week 5 ("last") may overshoot the month by a week.
                while offset >= len && offset >= 7 {
                    offset -= 7;
                }
                first + offset
            }
        }
    }
}

impl fmt::Display for PosixRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PosixRule::Julian1(n) => write!(f, "J{n}"),
            PosixRule::Julian0(n) => write!(f, "{n}"),
            PosixRule::MonthWeekDay { month, week, weekday } => {
                write!(f, "M{month}.{week}.{weekday}")
            }
        }
    }
}

/// Writes an abbreviation bare when the unquoted grammar allows it, else between `<` and `>`.
fn write_abbr(f: &mut fmt::Formatter<'_>, abbr: Abbreviation) -> fmt::Result {
    let s = abbr.as_str();
    if s.len() >= 3 && s.bytes().all(|b| b.is_ascii_alphabetic()) {
        f.write_str(s)
    } else {
        write!(f, "<{s}>")
    }
}

/// Writes `[-]h[:mm[:ss]]`, leaving out trailing zero fields.
fn write_hms(f: &mut fmt::Formatter<'_>, secs: i32) -> fmt::Result {
    if secs < 0 {
        f.write_str("-")?;
    }
    let a = secs.unsigned_abs();
    let (h, m, s) = (a / 3600, a / 60 % 60, a % 60);
    write!(f, "{h}")?;
    if m != 0 || s != 0 {
        write!(f, ":{m:02}")?;
    }
    if s != 0 {
        write!(f, ":{s:02}")?;
    }
    Ok(())
}

impl fmt::Display for PosixTz {
    /// Writes the canonical TZ string: offsets without `+` or trailing zero fields, the
    /// daylight-saving offset only when it is not the default, rules always, and rule times
    /// only when they are not 02:00. The output parses back to an equal value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_abbr(f, self.std_abbr)?;
        write_hms(f, -self.std_offset)?;
        let Some(dst) = &self.dst else { return Ok(()) };
        write_abbr(f, dst.abbr)?;
        if i64::from(dst.offset) != i64::from(self.std_offset) + 3600 {
            write_hms(f, -dst.offset)?;
        }
        for (rule, time) in [(dst.start, dst.start_time), (dst.end, dst.end_time)] {
            write!(f, ",{rule}")?;
            if time != DEFAULT_RULE_TIME {
                f.write_str("/")?;
                write_hms(f, time)?;
            }
        }
        Ok(())
    }
}

impl core::str::FromStr for PosixTz {
    type Err = PosixError;

    fn from_str(s: &str) -> Result<PosixTz, PosixError> {
        PosixTz::parse(s.as_bytes())
    }
}

/// A cursor over the input; every read is bounds-checked.
struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn at_end(&self) -> bool {
        self.pos >= self.s.len()
    }

    fn err(&self, msg: &'static str) -> PosixError {
        PosixError { pos: self.pos, msg }
    }

    fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Whether the next byte can start an offset.
    fn at_offset(&self) -> bool {
        matches!(self.peek(), Some(b'+' | b'-' | b'0'..=b'9'))
    }

    fn abbreviation(&mut self) -> Result<Abbreviation, PosixError> {
        let quoted = self.eat(b'<');
        let start = self.pos;
        if quoted {
            while let Some(b) = self.peek() {
                if b == b'>' {
                    break;
                }
                if !(b.is_ascii_alphanumeric() || b == b'+' || b == b'-') {
                    return Err(self.err("invalid character in quoted abbreviation"));
                }
                self.pos += 1;
            }
        } else {
            while self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
                self.pos += 1;
            }
        }
        let end = self.pos;
        if quoted && !self.eat(b'>') {
            return Err(self.err("unterminated quoted abbreviation"));
        }
        let bytes = self.s.get(start..end).unwrap_or_default();
        if bytes.is_empty() {
            return Err(PosixError { pos: start, msg: "expected a time zone abbreviation" });
        }
        if bytes.len() < 3 {
            return Err(PosixError { pos: start, msg: "abbreviation shorter than 3 characters" });
        }
        Abbreviation::new(bytes)
            .ok_or(PosixError { pos: start, msg: "abbreviation longer than 15 characters" })
    }

    /// One or more decimal digits, saturating instead of overflowing.
    fn number(&mut self, what: &'static str) -> Result<u32, PosixError> {
        let start = self.pos;
        let mut n: u32 = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            n = n.saturating_mul(10).saturating_add(u32::from(d - b'0'));
            self.pos += 1;
        }
        if self.pos == start {
            Err(self.err(what))
        } else {
            Ok(n)
        }
    }

    /// A number in `min..=max`, reported at its first digit when out of range.
    fn bounded(&mut self, min: u32, max: u32, what: &'static str) -> Result<u32, PosixError> {
        let start = self.pos;
        let n = self.number(what)?;
        if (min..=max).contains(&n) {
            Ok(n)
        } else {
            Err(PosixError { pos: start, msg: what })
        }
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, with `hh` at most `max_hours`.
    fn hms(&mut self, max_hours: u32) -> Result<i32, PosixError> {
        let negative = if self.eat(b'-') {
            true
        } else {
            self.eat(b'+');
            false
        };
        let hours_msg = if max_hours == MAX_RULE_HOURS {
            "expected hours from 0 to 167"
        } else {
            "expected hours from 0 to 24"
        };
        let h = self.bounded(0, max_hours, hours_msg)?;
        let mut secs = h * 3600;
        if self.eat(b':') {
            secs += self.bounded(0, 59, "expected minutes from 0 to 59")? * 60;
            if self.eat(b':') {
                secs += self.bounded(0, 59, "expected seconds from 0 to 59")?;
            }
        }
        // At most 167:59:59, far inside i32.
        let secs = secs as i32;
        Ok(if negative { -secs } else { secs })
    }

    /// An optional `/time` after a rule date; 02:00 when absent.
    fn rule_time(&mut self) -> Result<i32, PosixError> {
        if self.eat(b'/') {
            self.hms(MAX_RULE_HOURS)
        } else {
            Ok(DEFAULT_RULE_TIME)
        }
    }

    fn rule(&mut self) -> Result<PosixRule, PosixError> {
        match self.peek() {
            Some(b'J') => {
                self.pos += 1;
                let n = self.bounded(1, 365, "expected a Julian day from 1 to 365")?;
                Ok(PosixRule::Julian1(n as u16))
            }
            Some(b'0'..=b'9') => {
                let n = self.bounded(0, 365, "expected a day of the year from 0 to 365")?;
                Ok(PosixRule::Julian0(n as u16))
            }
            Some(b'M') => {
                self.pos += 1;
                let month = self.bounded(1, 12, "expected a month from 1 to 12")? as u8;
                if !self.eat(b'.') {
                    return Err(self.err("expected '.' after the month"));
                }
                let week = self.bounded(1, 5, "expected a week from 1 to 5")? as u8;
                if !self.eat(b'.') {
                    return Err(self.err("expected '.' after the week"));
                }
                let weekday = self.bounded(0, 6, "expected a weekday from 0 to 6")? as u8;
                Ok(PosixRule::MonthWeekDay { month, week, weekday })
            }
            _ => Err(self.err("expected a rule: Jn, n or Mm.w.d")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tz(s: &str) -> PosixTz {
        match PosixTz::parse(s.as_bytes()) {
            Ok(tz) => tz,
            Err(e) => panic!("{s:?}: {e}"),
        }
    }

    /// `(offset, is_dst, abbreviation)` at `t`, with the abbreviation as text.
    fn at(tz: &PosixTz, t: i64) -> (i32, bool, String) {
        let (off, dst, abbr) = tz.local_at(t);
        (off, dst, abbr.as_str().to_owned())
    }

    fn state(off: i32, dst: bool, abbr: &str) -> (i32, bool, String) {
        (off, dst, abbr.to_owned())
    }

    /// A start and an end at the same instant cancel: standard time throughout, as glibc
    /// reads `CET-1CEST,M10.5.0,M10.5.0/3` (02:00 standard and 03:00 daylight are one instant).
    #[test]
    fn start_and_end_at_one_instant_cancel() {
        let z = tz("CET-1CEST,M10.5.0,M10.5.0/3");
        let (start, end) = z.transitions_in_year(2026).unwrap();
        assert_eq!(start, end);
        for t in [start - 1, start, start + 1, start - 200 * 86_400, start + 60 * 86_400] {
            assert_eq!(at(&z, t), state(3600, false, "CET"), "{t}");
        }
    }

    const CANONICAL: &[&str] = &[
        "EST5EDT,M3.2.0,M11.1.0",
        "CET-1CEST,M3.5.0,M10.5.0/3",
        "<+0330>-3:30",
        "IST-1GMT0,M10.5.0,M3.5.0/1",
        "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
        "<-02>2<-01>,M3.5.0/-1,M10.5.0/0",
        "EST5EDT,0/0,J365/25",
        "AEST-10AEDT,M10.1.0,M4.1.0/3",
        "NZST-12NZDT,M9.5.0,M4.1.0/3",
        "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
        "<-00>0<+02>-2,M3.5.0/1,M10.5.0/3",
        "<+00>0<+02>-2,M3.5.0/1,M10.5.0/3",
        "PST8PDT,M3.2.0,M11.1.0",
        "UTC0",
        "<+14>-14",
        "<-0930>9:30",
        "<+0545>-5:45",
        "LMT-0:53:28",
        "XXX3YYY,J60/-167,300/167:59:59",
        "WART4WARST,J1/0,J365/25",
        "ABCDEFGHIJKLMNO24<+ABCDEFGHIJKLMN>-24:59:59,M12.5.6/-0:00:01,M1.1.1/0:01",
        "<+03>-3<+04>,M1.1.0/0,M12.5.6/23:59:59",
    ];

    #[test]
    fn canonical_strings_round_trip_exactly() {
        for s in CANONICAL {
            let parsed = tz(s);
            assert_eq!(parsed.to_string(), *s);
            assert_eq!(tz(&parsed.to_string()), parsed);
            assert_eq!(s.parse::<PosixTz>(), Ok(parsed));
        }
    }

    #[test]
    fn non_canonical_strings_normalise() {
        let cases = [
            ("EST+5EDT", "EST5EDT,M3.2.0,M11.1.0"),
            ("EST5EDT", "EST5EDT,M3.2.0,M11.1.0"),
            ("EST05:00:00EDT04,M3.2.0/2:00,M11.1.0/02:00:00", "EST5EDT,M3.2.0,M11.1.0"),
            ("<EST>5<EDT>", "EST5EDT,M3.2.0,M11.1.0"),
            ("<UTC>+00", "UTC0"),
            ("GMT-0", "GMT0"),
            ("<-00>-0", "<-00>0"),
            ("AAA1:2:3", "AAA1:02:03"),
            ("AAA1:00:00BBB+2:0:0,J1/+0,001/-0", "AAA1BBB2,J1/0,1/0"),
        ];
        for (input, canonical) in cases {
            let parsed = tz(input);
            assert_eq!(parsed.to_string(), canonical, "{input}");
            assert_eq!(tz(canonical), parsed);
        }
    }

    #[test]
    fn fields() {
        let ny = tz("EST5EDT,M3.2.0,M11.1.0");
        assert_eq!(ny.std_offset(), -18_000);
        assert_eq!(ny.std_abbr().as_str(), "EST");
        let dst = ny.dst().unwrap();
        assert_eq!(dst.abbr().as_str(), "EDT");
        assert_eq!(dst.offset(), -14_400);
        assert_eq!(dst.start(), PosixRule::MonthWeekDay { month: 3, week: 2, weekday: 0 });
        assert_eq!(dst.end(), PosixRule::MonthWeekDay { month: 11, week: 1, weekday: 0 });
        assert_eq!((dst.start_time(), dst.end_time()), (7200, 7200));
        // No rule part: the US rules.
        assert_eq!(tz("EST5EDT"), ny);

        let india = tz("<+0530>-5:30");
        assert_eq!(india.std_offset(), 19_800);
        assert_eq!(india.std_abbr().as_str(), "+0530");
        assert!(india.dst().is_none());
        assert_eq!(india.transitions_in_year(2026), None);

        let dublin = tz("IST-1GMT0,M10.5.0,M3.5.0/1");
        assert_eq!(dublin.std_offset(), 3600);
        assert_eq!(dublin.dst().unwrap().offset(), 0);

        let nuuk = tz("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1");
        let d = nuuk.dst().unwrap();
        assert_eq!((nuuk.std_offset(), d.offset()), (-10_800, -7200));
        assert_eq!((d.start_time(), d.end_time()), (-7200, -3600));

        let all_year = tz("EST5EDT,0/0,J365/25");
        let d = all_year.dst().unwrap();
        assert_eq!((d.start(), d.start_time()), (PosixRule::Julian0(0), 0));
        assert_eq!((d.end(), d.end_time()), (PosixRule::Julian1(365), 90_000));

        let t = tz("XXX3YYY,J60/-167,300/167:59:59").dst().copied().unwrap();
        assert_eq!((t.start_time(), t.end_time()), (-167 * 3600, 167 * 3600 + 59 * 60 + 59));
    }

    // Expected instants below come from `zdump -v -c 2026,2027 <zone>` and were converted to
    // Unix seconds with python3.
    #[test]
    fn transitions_2026() {
        let cases: &[(&str, i64, i64)] = &[
            // 2026-03-08T07:00Z, 2026-11-01T06:00Z
            ("EST5EDT,M3.2.0,M11.1.0", 1_772_953_200, 1_793_512_800),
            // 2026-03-08T10:00Z, 2026-11-01T09:00Z
            ("PST8PDT,M3.2.0,M11.1.0", 1_772_964_000, 1_793_523_600),
            // 2026-03-29T01:00Z, 2026-10-25T01:00Z
            ("CET-1CEST,M3.5.0,M10.5.0/3", 1_774_746_000, 1_792_890_000),
            ("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", 1_774_746_000, 1_792_890_000),
            ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", 1_774_746_000, 1_792_890_000),
            ("<-00>0<+02>-2,M3.5.0/1,M10.5.0/3", 1_774_746_000, 1_792_890_000),
            // Dublin's "DST" (GMT) starts in October and ends in March.
            ("IST-1GMT0,M10.5.0,M3.5.0/1", 1_792_890_000, 1_774_746_000),
            // 2026-10-03T16:00Z, 2026-04-04T16:00Z
            ("AEST-10AEDT,M10.1.0,M4.1.0/3", 1_791_043_200, 1_775_318_400),
            // 2026-10-03T15:30Z, 2026-04-04T15:00Z
            ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", 1_791_041_400, 1_775_314_800),
            // 2026-09-26T14:00Z, 2026-04-04T14:00Z
            ("NZST-12NZDT,M9.5.0,M4.1.0/3", 1_790_431_200, 1_775_311_200),
        ];
        for &(s, start, end) in cases {
            let z = tz(s);
            assert_eq!(z.transitions_in_year(2026), Some((start, end)), "{s}");
            let d = z.dst().unwrap();
            let (std, dst) = ((z.std_offset(), false), (d.offset(), true));
            let get = |t| {
                let (o, is_dst, _) = z.local_at(t);
                (o, is_dst)
            };
            assert_eq!(get(start), dst, "{s} at start");
            assert_eq!(get(start - 1), std, "{s} before start");
            assert_eq!(get(end), std, "{s} at end");
            assert_eq!(get(end - 1), dst, "{s} before end");
        }
    }

    // Expected instants found with python3's zoneinfo (a synthetic TZif file holding only
    // the footer) by bisecting on the UTC offset.
    #[test]
    fn transitions_in_distant_years() {
        let cases: &[(&str, i32, i64, i64)] = &[
            // 1800-03-09T07:00Z, 1800-11-02T06:00Z
            ("EST5EDT,M3.2.0,M11.1.0", 1800, -5_358_848_400, -5_338_288_800),
            // 2400-03-12T07:00Z, 2400-11-05T06:00Z
            ("EST5EDT,M3.2.0,M11.1.0", 2400, 13_575_625_200, 13_596_184_800),
            // 9999-03-14T07:00Z, 9999-11-07T06:00Z
            ("EST5EDT,M3.2.0,M11.1.0", 9999, 253_377_010_800, 253_397_570_400),
            // 2100-10-02T16:00Z, 2100-04-03T16:00Z
            ("AEST-10AEDT,M10.1.0,M4.1.0/3", 2100, 4_126_176_000, 4_110_451_200),
            // 0001-10-28T01:00Z, 0001-03-25T01:00Z
            ("IST-1GMT0,M10.5.0,M3.5.0/1", 1, -62_109_673_200, -62_128_422_000),
            // 2032-03-28T01:00Z, 2032-10-31T01:00Z
            ("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", 2032, 1_964_048_400, 1_982_797_200),
        ];
        for &(s, year, start, end) in cases {
            let z = tz(s);
            assert_eq!(z.transitions_in_year(year), Some((start, end)), "{s} {year}");
            assert!(z.local_at(start).1 && !z.local_at(start - 1).1, "{s} {year}");
            assert!(!z.local_at(end).1 && z.local_at(end - 1).1, "{s} {year}");
        }
    }

    #[test]
    fn dublin_negative_dst() {
        let dublin = tz("IST-1GMT0,M10.5.0,M3.5.0/1");
        // 2026-07-01T00:00Z: summer, IST (+1), standard time.
        assert_eq!(at(&dublin, 1_782_864_000), state(3600, false, "IST"));
        // 2026-01-15T12:00Z: winter, GMT (0), flagged as daylight-saving time.
        assert_eq!(at(&dublin, 1_768_478_400), state(0, true, "GMT"));
        // 2026-12-31T23:59:59Z and 2027-01-01T00:00Z: still GMT across the new year.
        assert_eq!(at(&dublin, 1_798_761_599), state(0, true, "GMT"));
        assert_eq!(at(&dublin, 1_798_761_600), state(0, true, "GMT"));
    }

    #[test]
    fn all_year_dst() {
        let z = tz("EST5EDT,0/0,J365/25");
        // The nominal rule instants: 2026-01-01T05:00Z and 2027-01-01T05:00Z.
        assert_eq!(z.transitions_in_year(2026), Some((1_767_243_600, 1_798_779_600)));
        for t in [
            i64::MIN,
            -62_135_596_800, // 0001-01-01
            0,
            951_782_400,   // 2000-02-29
            1_767_243_599, // 2026-01-01T04:59:59Z
            1_767_243_600,
            1_798_779_600,
            253_402_300_799, // 9999-12-31T23:59:59Z
            i64::MAX,
        ] {
            assert_eq!(at(&z, t), state(-14_400, true, "EDT"), "t = {t}");
        }
    }

    #[test]
    fn southern_hemisphere() {
        let syd = tz("AEST-10AEDT,M10.1.0,M4.1.0/3");
        // 2026-01-15T00:00Z: summer, AEDT.
        assert_eq!(at(&syd, 1_768_435_200), state(39_600, true, "AEDT"));
        // 2026-07-01T00:00Z: winter, AEST.
        assert_eq!(at(&syd, 1_782_864_000), state(36_000, false, "AEST"));
        // Around the UTC new year (local time is already 2027).
        assert_eq!(at(&syd, 1_798_761_599), state(39_600, true, "AEDT"));
        assert_eq!(at(&syd, 1_798_761_600), state(39_600, true, "AEDT"));

        let lhi = tz("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0");
        assert_eq!(at(&lhi, 1_768_435_200), state(39_600, true, "+11"));
        assert_eq!(at(&lhi, 1_782_864_000), state(37_800, false, "+1030"));
    }

    #[test]
    fn no_dst_zones() {
        for (s, off, abbr) in
            [("UTC0", 0, "UTC"), ("<+14>-14", 50_400, "+14"), ("<-0930>9:30", -34_200, "-0930")]
        {
            let z = tz(s);
            for t in [i64::MIN, -1, 0, 1_782_864_000, i64::MAX] {
                assert_eq!(at(&z, t), state(off, false, abbr));
            }
        }
    }

    #[test]
    fn rule_days() {
        use PosixRule::*;
        let day = |r: PosixRule, y| civil_from_days(r.day_in_year(y));
        // Jn never counts 29 February: J59 is 28 February, J60 is 1 March.
        assert_eq!(day(Julian1(59), 2024), (2024, 2, 28));
        assert_eq!(day(Julian1(60), 2024), (2024, 3, 1));
        assert_eq!(day(Julian1(60), 2023), (2023, 3, 1));
        assert_eq!(day(Julian1(365), 2024), (2024, 12, 31));
        assert_eq!(day(Julian1(1), 2024), (2024, 1, 1));
        // n counts it, zero-based.
        assert_eq!(day(Julian0(59), 2024), (2024, 2, 29));
        assert_eq!(day(Julian0(59), 2023), (2023, 3, 1));
        assert_eq!(day(Julian0(365), 2024), (2024, 12, 31));
        assert_eq!(day(Julian0(365), 2023), (2024, 1, 1));
        assert_eq!(day(Julian0(0), 2023), (2023, 1, 1));
        // Mm.w.d; week 5 is the last one, sometimes the fourth.
        let m = |month, week, weekday| MonthWeekDay { month, week, weekday };
        assert_eq!(day(m(3, 5, 0), 2026), (2026, 3, 29));
        assert_eq!(day(m(2, 5, 0), 2026), (2026, 2, 22)); // February 2026 has four Sundays
        assert_eq!(day(m(2, 5, 0), 2015), (2015, 2, 22));
        assert_eq!(day(m(2, 5, 0), 2032), (2032, 2, 29)); // leap February with five Sundays
        assert_eq!(day(m(2, 4, 0), 2032), (2032, 2, 22));
        assert_eq!(day(m(11, 1, 0), 2026), (2026, 11, 1));
        assert_eq!(day(m(3, 2, 0), 2026), (2026, 3, 8));
        assert_eq!(day(m(12, 5, 6), 2026), (2026, 12, 26));
        assert_eq!(day(m(1, 1, 4), 1970), (1970, 1, 1));
    }

    #[test]
    fn extreme_years_do_not_overflow() {
        let z = tz("XXX3YYY,J60/-167,300/167:59:59");
        for y in [i32::MIN, i32::MIN + 1, -1_000_000, -9999, 0, 9999, 1_000_000, i32::MAX] {
            let (s, e) = z.transitions_in_year(y).unwrap();
            assert!(s < e, "{y}");
        }
        // The rules repeat every 400 years, however far from the present.
        let ny = tz("EST5EDT,M3.2.0,M11.1.0");
        let (s0, e0) = ny.transitions_in_year(2026).unwrap();
        for k in [-5_368_709i64, -1_000_000, -30, -1, 0, 1, 30, 1_000_000, 5_368_703] {
            let year = i32::try_from(2026 + 400 * k).unwrap();
            let shift = k * CYCLE_SECS;
            assert_eq!(ny.transitions_in_year(year), Some((s0 + shift, e0 + shift)), "{year}");
            let (off, dst, _) = ny.local_at(s0 + shift);
            assert!(dst && off == -14_400, "{year}");
            assert!(!ny.local_at(e0 + shift).1, "{year}");
        }
        for s in CANONICAL {
            let z = tz(s);
            for y in [i32::MIN, -9999, -1, 0, 1, 9999, i32::MAX] {
                let _ = z.transitions_in_year(y);
            }
            for t in [i64::MIN, i64::MIN + 1, -1, 0, i64::MAX - 1, i64::MAX] {
                let _ = z.local_at(t);
            }
        }
    }

    #[test]
    fn local_at_matches_transitions_over_centuries() {
        // For every year of a long span, the state just before and at each transition computed
        // by `transitions_in_year` must flip, for ordinary (non-degenerate) rules.
        for s in [
            "EST5EDT,M3.2.0,M11.1.0",
            "IST-1GMT0,M10.5.0,M3.5.0/1",
            "AEST-10AEDT,M10.1.0,M4.1.0/3",
            "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
            "XXX3YYY,J60/-167,300/167:59:59",
            "AAA-12BBB,J2/-10,J364/10",
            "AAA12BBB,M1.2.0/-160,M12.2.6/160",
        ] {
            let z = tz(s);
            for y in (-2000..=2600).step_by(7).chain(1995..=2005) {
                let (start, end) = z.transitions_in_year(y).unwrap();
                assert!(z.local_at(start).1, "{s} {y} at start");
                assert!(!z.local_at(start - 1).1, "{s} {y} before start");
                assert!(!z.local_at(end).1, "{s} {y} at end");
                assert!(z.local_at(end - 1).1, "{s} {y} before end");
            }
        }
    }

    #[test]
    fn errors() {
        let cases: &[(&str, usize)] = &[
            ("", 0),
            ("EST", 3),
            ("ES5", 0),
            ("5", 0),
            ("EST5EDT,M13.1.0,M11.1.0", 9),
            ("EST5EDT,M0.1.0,M11.1.0", 9),
            ("EST5EDT,M3.6.0", 11),
            ("EST5EDT,M3.0.0,M11.1.0", 11),
            ("EST5EDT,M3.1.7,M11.1.0", 13),
            ("EST5EDT,M3.1,M11.1.0", 12),
            ("EST5EDT,M3", 10),
            ("EST5EDT,M3.2.0", 14),
            ("EST5EDT,M3.2.0,", 15),
            ("EST5EDT,J0", 9),
            ("EST5EDT,J366,J1", 9),
            ("EST5EDT,366,1", 8),
            ("EST5EDT,J1/168,J2", 11),
            ("EST5EDT,J1/1:60,J2", 13),
            ("EST5EDT,J1/1:00:60,J2", 16),
            ("EST5EDT,J1/,J2", 11),
            ("EST25", 3),
            ("EST-25", 4),
            ("EST5:60", 5),
            ("EST5:", 5),
            ("EST5EDT25", 7),
            ("<EST5", 5),
            ("<ES>5", 1),
            ("<>5", 1),
            ("<E T>5", 2),
            ("ABCDEFGHIJKLMNOP5", 0),
            ("<ABCDEFGHIJKLMNOP>5", 1),
            ("EST5EDT,M3.2.0,M11.1.0x", 22),
            ("EST5EDT,M3.2.0,M11.1.0,", 22),
            ("EST5 ", 4),
            ("EST5ED", 4),
            ("EST5EDT4x", 8),
            ("EST5EDT;", 7),
            (":America/New_York", 0),
            ("EST5EDT,M3.2.0,M11.1.0/", 23),
            ("EST5EDT,X", 8),
            ("EST99999999999999999999", 3),
            ("EST5EDT,J99999999999999999999,J1", 9),
        ];
        for &(s, pos) in cases {
            match PosixTz::parse(s.as_bytes()) {
                Ok(v) => panic!("{s:?} parsed as {v:?}"),
                Err(e) => {
                    assert_eq!(e.position(), pos, "{s:?}: {e}");
                    assert!(!e.message().is_empty());
                    assert!(e
                        .to_string()
                        .starts_with(&format!("invalid POSIX TZ string at byte {pos}: ")));
                }
            }
        }
        // Non-ASCII and very long inputs.
        assert!(PosixTz::parse("ÉST5".as_bytes()).is_err());
        assert!(PosixTz::parse(&[0xff; 3]).is_err());
        let long = format!("EST5EDT,M3.2.0,M11.1.0{}", "9".repeat(1 << 20));
        assert!(PosixTz::parse(long.as_bytes()).is_err());
        let long = format!("EST{}5", "0".repeat(1 << 20));
        assert_eq!(tz(&long), tz("EST5"));
        let long = "A".repeat(1 << 20);
        assert!(PosixTz::parse(long.as_bytes()).is_err());
    }

    /// Parses `input`; when it parses, exercises everything on the result.
    fn exercise(input: &[u8]) {
        if let Ok(z) = PosixTz::parse(input) {
            let text = z.to_string();
            assert_eq!(PosixTz::parse(text.as_bytes()), Ok(z), "{text}");
            for y in [i32::MIN, -1, 1970, 2026, i32::MAX] {
                if let Some((s, e)) = z.transitions_in_year(y) {
                    for t in [s - 1, s, e - 1, e] {
                        let _ = z.local_at(t);
                    }
                }
            }
            for t in [i64::MIN, 0, i64::MAX] {
                let _ = z.local_at(t);
            }
        }
    }

    #[test]
    fn prefixes_and_mutations_never_panic() {
        const BYTES: &[u8] = b"\0 +-,./:<>0123456789AJMZaz\x7f\xff";
        for s in CANONICAL {
            let s = s.as_bytes();
            for len in 0..=s.len() {
                exercise(&s[..len]);
            }
            let mut m = s.to_vec();
            for i in 0..s.len() {
                for &b in BYTES {
                    m[i] = b;
                    exercise(&m);
                }
                m[i] = s[i];
                // Deleting and duplicating a byte.
                let mut del = s.to_vec();
                del.remove(i);
                exercise(&del);
                let mut dup = s.to_vec();
                dup.insert(i, s[i]);
                exercise(&dup);
            }
        }
    }

    #[test]
    fn error_trait() {
        let e = PosixTz::parse(b"EST").unwrap_err();
        let boxed: Box<dyn std::error::Error> = Box::new(e);
        assert_eq!(boxed.to_string(), "invalid POSIX TZ string at byte 3: expected a UTC offset");
    }
}
