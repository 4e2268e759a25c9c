//! The TZif binary format of compiled time-zone files (RFC 8536; versions 1 to 4), as found
//! under `/usr/share/zoneinfo`.
//!
//! [`parse`] checks the whole file against the format's rules and never panics: every count is
//! checked against the bytes actually present before anything is allocated, so the memory used
//! is bounded by the size of the input.
//!
//! For version 2 and later files only the second (64-bit) header and data block and the footer
//! are read; the version 1 block is skipped once its size has been checked. Bytes after the end
//! of the data (after the footer for version 2+) are ignored, as the format reserves the right
//! to append data in future versions.

use super::posix::{PosixError, PosixTz};
use crate::zoned::Abbreviation;
use core::fmt;

/// Size of a TZif header.
const HEADER_LEN: usize = 44;
/// Largest magnitude of a UT offset accepted: 25:59:59 (RFC 8536 gives -89999..=93599 as the
/// realistic range; -2^31 is explicitly invalid).
const MAX_OFFSET: i32 = 25 * 3600 + 59 * 60 + 59;
/// The most local time types a file can usefully hold: transition types are single bytes.
const MAX_TYPES: usize = 256;

/// The contents of a TZif file.
///
/// ```
/// # #[cfg(feature = "embedded-tzdb")] {
/// use core_time::tz::{embedded_tzif, tzif};
/// let data = tzif::parse(embedded_tzif("America/Sao_Paulo").unwrap()).unwrap();
/// assert_eq!(data.transitions.len(), data.transition_types.len());
/// let last = data.local_types[usize::from(*data.transition_types.last().unwrap())];
/// assert_eq!((last.offset, last.is_dst), (-3 * 3600, false)); // no DST since 2019
/// assert_eq!(data.footer.unwrap().to_string(), "<-03>3");
/// # }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TzifData {
    /// The format version: 1, 2, 3 or 4 (a NUL version byte means 1).
    pub version: u8,
    /// Transition instants in seconds since the Unix epoch (UTC), strictly increasing.
    pub transitions: Vec<i64>,
    /// For each transition, the index into `local_types` of the type in effect from it on.
    pub transition_types: Vec<u8>,
    /// The local time types; there is always at least one.
    pub local_types: Vec<LocalType>,
    /// Leap-second records as `(occurrence, correction)`: the UTC instant and the total
    /// correction in seconds from then on. Validated but otherwise informational.
    pub leap_seconds: Vec<(i64, i32)>,
    /// The rule for instants after the last transition (the footer of version 2+ files), or
    /// `None` for version 1 files and files with an empty footer.
    pub footer: Option<PosixTz>,
}

/// A local time type: a UT offset, a daylight-saving flag and an abbreviation.
///
/// ```
/// # #[cfg(feature = "embedded-tzdb")] {
/// use core_time::tz::{embedded_tzif, tzif};
/// let data = tzif::parse(embedded_tzif("Europe/Dublin").unwrap()).unwrap();
/// assert!(data.local_types.iter().any(|t| t.abbr.as_str() == "IST"));
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LocalType {
    /// Offset from UTC in seconds, positive east.
    pub offset: i32,
    /// Whether this type is daylight-saving time.
    pub is_dst: bool,
    /// The abbreviation, such as `PDT`.
    pub abbr: Abbreviation,
}

impl TzifData {
    /// Index into `local_types` of the type in effect before the first transition (and at all
    /// times when there are no transitions and no footer).
    ///
    /// RFC 8536 makes this local time type 0; older readers used heuristics such as "the first
    /// standard-time type", which this parser does not follow.
    ///
    /// ```
    /// # #[cfg(feature = "embedded-tzdb")] {
    /// use core_time::tz::{embedded_tzif, tzif};
    ///
    /// // New York's first local time type is its local mean time, before 1883's change.
    /// let data = tzif::parse(embedded_tzif("America/New_York").unwrap()).unwrap();
    /// let first = data.local_types[data.local_type_before_first()];
    /// assert_eq!((first.abbr.as_str(), first.offset, first.is_dst), ("LMT", -17_762, false));
    /// # }
    /// ```
    pub fn local_type_before_first(&self) -> usize {
        0
    }
}

/// Why a TZif file was rejected.
///
/// ```
/// use core_time::tz::tzif::{self, TzifError};
/// let mut file = [0u8; 44]; // a header with every count zero
/// file[..5].copy_from_slice(b"TZif9");
/// assert_eq!(tzif::parse(&file).unwrap_err(), TzifError::UnsupportedVersion(b'9'));
/// file[..4].copy_from_slice(b"TZjf");
/// assert_eq!(tzif::parse(&file).unwrap_err(), TzifError::BadMagic);
/// let err = tzif::parse(b"TZif2 and not much more").unwrap_err();
/// assert_eq!(err, TzifError::Truncated { needed: 44, have: 23 });
/// assert_eq!(err.to_string(), "invalid TZif data: truncated: 44 bytes needed, 23 present");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TzifError {
    /// The file does not start with `TZif` (or the second header of a version 2+ file does
    /// not).
    BadMagic,
    /// The version byte is not NUL, `2`, `3` or `4`; holds the byte.
    UnsupportedVersion(u8),
    /// The second header of a version 2+ file names a different version from the first.
    VersionMismatch {
        /// Version byte of the first header.
        first: u8,
        /// Version byte of the second header.
        second: u8,
    },
    /// The file ends before the data its headers describe.
    Truncated {
        /// Bytes needed from the start of the file (saturated at `usize::MAX`).
        needed: usize,
        /// Bytes the file has.
        have: usize,
    },
    /// A header count breaks the format's rules; names the count and the problem.
    BadCount(&'static str),
    /// Transition `index` is not later than the one before it.
    TransitionsNotSorted(usize),
    /// Transition `index` refers to a local time type that does not exist.
    BadTypeIndex(usize),
    /// Local time type `index` has an offset beyond ±25:59:59.
    BadOffset(usize),
    /// Local time type `index` has a daylight-saving flag other than 0 or 1.
    BadDstFlag(usize),
    /// The abbreviation of local time type `index` starts outside the abbreviation table, is
    /// not NUL-terminated inside it, or is not a valid [`Abbreviation`] (1 to 15 ASCII
    /// letters, digits, `+` or `-`).
    BadAbbreviation(usize),
    /// Leap-second record `index` is out of order or changes the correction by more than one
    /// second.
    BadLeapSecond(usize),
    /// Standard/wall or UT/local indicator `index` is not 0 or 1, or marks UT without marking
    /// standard time.
    BadIndicator(usize),
    /// A version 2+ file lacks the newline-enclosed footer.
    MissingFooter,
    /// The footer is not a valid POSIX TZ string.
    BadFooter(PosixError),
}

impl fmt::Display for TzifError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid TZif data: ")?;
        match self {
            TzifError::BadMagic => f.write_str("missing \"TZif\" magic"),
            TzifError::UnsupportedVersion(v) => write!(f, "unsupported version byte {v:#04x}"),
            TzifError::VersionMismatch { first, second } => {
                write!(f, "headers disagree on the version ({first:#04x} and {second:#04x})")
            }
            TzifError::Truncated { needed, have } => {
                write!(f, "truncated: {needed} bytes needed, {have} present")
            }
            TzifError::BadCount(what) => write!(f, "bad header count: {what}"),
            TzifError::TransitionsNotSorted(i) => {
                write!(f, "transition {i} is not later than the previous one")
            }
            TzifError::BadTypeIndex(i) => write!(f, "transition {i} has an invalid type index"),
            TzifError::BadOffset(i) => write!(f, "local time type {i} has an invalid UT offset"),
            TzifError::BadDstFlag(i) => write!(f, "local time type {i} has an invalid DST flag"),
            TzifError::BadAbbreviation(i) => {
                write!(f, "local time type {i} has an invalid abbreviation")
            }
            TzifError::BadLeapSecond(i) => write!(f, "leap-second record {i} is invalid"),
            TzifError::BadIndicator(i) => write!(f, "indicator {i} is invalid"),
            TzifError::MissingFooter => f.write_str("missing footer"),
            TzifError::BadFooter(e) => write!(f, "bad footer: {e}"),
        }
    }
}

impl std::error::Error for TzifError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TzifError::BadFooter(e) => Some(e),
            _ => None,
        }
    }
}

/// Parses a TZif file.
///
/// Checks, besides the layout: a known version; `typecnt` from 1 to 256 and `charcnt` at least
/// 1; standard/wall and UT/local indicator counts of 0 or `typecnt`, with 0/1 values and no
/// UT indicator without its standard indicator; strictly increasing transitions with valid type
/// indices; offsets within ±25:59:59; DST flags of 0 or 1; abbreviations that start inside
/// the table, end with a NUL inside it and are valid [`Abbreviation`]s; strictly increasing
/// leap-second occurrences whose correction changes by exactly one each time (the last record
/// may repeat the previous correction, marking the table's expiry); and for version 2+, a
/// footer enclosed in newlines that is empty or a valid POSIX TZ string (version 3 extensions
/// included).
///
/// # Errors
///
/// A [`TzifError`] naming the first check that failed.
///
/// ```
/// use core_time::tz::{embedded_tzif, tzif};
/// let data = tzif::parse(embedded_tzif("Europe/Paris").unwrap())?;
/// assert!(data.version >= 2);
/// assert!(tzif::parse(b"TZif2 but truncated").is_err());
/// # Ok::<(), tzif::TzifError>(())
/// ```
pub fn parse(bytes: &[u8]) -> Result<TzifData, TzifError> {
    let mut r = Reader { data: bytes, pos: 0 };
    let first = Header::read(&mut r)?;
    let version = first.version;
    if version == 1 {
        let block = read_block(&mut r, &first, 4)?;
        return Ok(block.into_data(version, None));
    }

    // Version 2+: skip the 32-bit block, then read the 64-bit one.
    let v1_len = first.block_len(4);
    r.skip(v1_len)?;
    let second = Header::read(&mut r)?;
    if second.version_byte != first.version_byte {
        return Err(TzifError::VersionMismatch {
            first: first.version_byte,
            second: second.version_byte,
        });
    }
    let block = read_block(&mut r, &second, 8)?;

    // The footer: a newline, a possibly empty POSIX TZ string, a newline.
    if r.byte().ok() != Some(b'\n') {
        return Err(TzifError::MissingFooter);
    }
    let rest = r.rest();
    let Some(len) = rest.iter().position(|&b| b == b'\n') else {
        return Err(TzifError::MissingFooter);
    };
    let text = rest.get(..len).unwrap_or_default();
    let footer = if text.is_empty() {
        None
    } else {
        Some(PosixTz::parse(text).map_err(TzifError::BadFooter)?)
    };
    Ok(block.into_data(version, footer))
}

/// A bounds-checked cursor over the file.
struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn truncated(&self, needed: u64) -> TzifError {
        TzifError::Truncated {
            needed: usize::try_from(needed).unwrap_or(usize::MAX),
            have: self.data.len(),
        }
    }

    /// The next `n` bytes.
    fn take(&mut self, n: u64) -> Result<&'a [u8], TzifError> {
        let end = (self.pos as u64).saturating_add(n);
        let slice = usize::try_from(end)
            .ok()
            .and_then(|end| self.data.get(self.pos..end).map(|s| (s, end)));
        match slice {
            Some((s, end)) => {
                self.pos = end;
                Ok(s)
            }
            None => Err(self.truncated(end)),
        }
    }

    fn skip(&mut self, n: u64) -> Result<(), TzifError> {
        self.take(n).map(|_| ())
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], TzifError> {
        let s = self.take(N as u64)?;
        s.try_into().map_err(|_| self.truncated(self.pos as u64))
    }

    fn byte(&mut self) -> Result<u8, TzifError> {
        Ok(u8::from_be_bytes(self.array()?))
    }

    fn i32(&mut self) -> Result<i32, TzifError> {
        Ok(i32::from_be_bytes(self.array()?))
    }

    fn u32(&mut self) -> Result<u32, TzifError> {
        Ok(u32::from_be_bytes(self.array()?))
    }

    /// A transition or leap-second time of `size` bytes (4 or 8).
    fn time(&mut self, size: u64) -> Result<i64, TzifError> {
        if size == 4 {
            Ok(i64::from(self.i32()?))
        } else {
            Ok(i64::from_be_bytes(self.array()?))
        }
    }

    fn rest(&self) -> &'a [u8] {
        self.data.get(self.pos..).unwrap_or_default()
    }
}

/// A TZif header.
#[derive(Clone, Copy)]
struct Header {
    version: u8,
    version_byte: u8,
    isutcnt: u64,
    isstdcnt: u64,
    leapcnt: u64,
    timecnt: u64,
    typecnt: u64,
    charcnt: u64,
}

impl Header {
    fn read(r: &mut Reader<'_>) -> Result<Header, TzifError> {
        // Check the magic before complaining about length, so that non-TZif input says so.
        let rest = r.rest();
        let n = rest.len().min(4);
        if rest.get(..n) != b"TZif".get(..n) {
            return Err(TzifError::BadMagic);
        }
        let start = r.pos as u64;
        if r.rest().len() < HEADER_LEN {
            return Err(r.truncated(start + HEADER_LEN as u64));
        }
        let _magic: [u8; 4] = r.array()?;
        let version_byte = r.byte()?;
        let version = match version_byte {
            0 => 1,
            b'2' => 2,
            b'3' => 3,
            b'4' => 4,
            other => return Err(TzifError::UnsupportedVersion(other)),
        };
        let _reserved: [u8; 15] = r.array()?;
        let mut counts = [0u64; 6];
        for c in &mut counts {
            *c = u64::from(r.u32()?);
        }
        let [isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt] = counts;
        Ok(Header { version, version_byte, isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt })
    }

    /// Checks the counts against the format's rules (only for the block actually decoded: the
    /// version 1 block of a version 2+ file is skipped unexamined).
    fn validate(&self) -> Result<(), TzifError> {
        let Header { isutcnt, isstdcnt, typecnt, charcnt, .. } = *self;
        if typecnt == 0 {
            return Err(TzifError::BadCount("typecnt is zero"));
        }
        if typecnt > MAX_TYPES as u64 {
            return Err(TzifError::BadCount("typecnt exceeds 256"));
        }
        if charcnt == 0 {
            return Err(TzifError::BadCount("charcnt is zero"));
        }
        if isstdcnt != 0 && isstdcnt != typecnt {
            return Err(TzifError::BadCount("isstdcnt is neither zero nor typecnt"));
        }
        if isutcnt != 0 && isutcnt != typecnt {
            return Err(TzifError::BadCount("isutcnt is neither zero nor typecnt"));
        }
        Ok(())
    }

    /// Length of the data block that follows the header, with `time_size`-byte times. Each
    /// count is below 2^32, so the sum cannot overflow.
    fn block_len(&self, time_size: u64) -> u64 {
        self.timecnt * (time_size + 1)
            + self.typecnt * 6
            + self.charcnt
            + self.leapcnt * (time_size + 4)
            + self.isstdcnt
            + self.isutcnt
    }
}

/// The decoded data block.
struct Block {
    transitions: Vec<i64>,
    transition_types: Vec<u8>,
    local_types: Vec<LocalType>,
    leap_seconds: Vec<(i64, i32)>,
}

impl Block {
    fn into_data(self, version: u8, footer: Option<PosixTz>) -> TzifData {
        TzifData {
            version,
            transitions: self.transitions,
            transition_types: self.transition_types,
            local_types: self.local_types,
            leap_seconds: self.leap_seconds,
            footer,
        }
    }
}

/// Converts a count already checked against the input length.
fn count(n: u64) -> usize {
    usize::try_from(n).unwrap_or(0)
}

fn read_block(r: &mut Reader<'_>, h: &Header, time_size: u64) -> Result<Block, TzifError> {
    h.validate()?;
    // Everything the header promises must be present before anything is allocated.
    let len = h.block_len(time_size);
    if (r.rest().len() as u64) < len {
        return Err(r.truncated(r.pos as u64 + len));
    }

    let mut transitions = Vec::with_capacity(count(h.timecnt));
    for i in 0..count(h.timecnt) {
        let t = r.time(time_size)?;
        if transitions.last().is_some_and(|&prev| t <= prev) {
            return Err(TzifError::TransitionsNotSorted(i));
        }
        transitions.push(t);
    }

    let mut transition_types = Vec::with_capacity(count(h.timecnt));
    for i in 0..count(h.timecnt) {
        let ty = r.byte()?;
        if u64::from(ty) >= h.typecnt {
            return Err(TzifError::BadTypeIndex(i));
        }
        transition_types.push(ty);
    }

    let mut raw_types = Vec::with_capacity(count(h.typecnt));
    for i in 0..count(h.typecnt) {
        let offset = r.i32()?;
        let is_dst = r.byte()?;
        let abbr_index = r.byte()?;
        if !(-MAX_OFFSET..=MAX_OFFSET).contains(&offset) {
            return Err(TzifError::BadOffset(i));
        }
        if is_dst > 1 {
            return Err(TzifError::BadDstFlag(i));
        }
        raw_types.push((offset, is_dst == 1, usize::from(abbr_index)));
    }

    let chars = r.take(h.charcnt)?;
    let mut local_types = Vec::with_capacity(raw_types.len());
    for (i, (offset, is_dst, at)) in raw_types.into_iter().enumerate() {
        let abbr = chars
            .get(at..)
            .and_then(|tail| tail.iter().position(|&b| b == 0).and_then(|n| tail.get(..n)))
            .and_then(Abbreviation::new)
            .ok_or(TzifError::BadAbbreviation(i))?;
        local_types.push(LocalType { offset, is_dst, abbr });
    }

    let leapcnt = count(h.leapcnt);
    let mut leap_seconds: Vec<(i64, i32)> = Vec::with_capacity(leapcnt);
    for i in 0..leapcnt {
        let occurrence = r.time(time_size)?;
        let correction = r.i32()?;
        if let Some(&(prev_at, prev_corr)) = leap_seconds.last() {
            let step = (i64::from(correction) - i64::from(prev_corr)).abs();
            let expiry = step == 0 && i + 1 == leapcnt;
            if occurrence <= prev_at || (step != 1 && !expiry) {
                return Err(TzifError::BadLeapSecond(i));
            }
        }
        leap_seconds.push((occurrence, correction));
    }

    let isstd = r.take(h.isstdcnt)?;
    if let Some(i) = isstd.iter().position(|&b| b > 1) {
        return Err(TzifError::BadIndicator(i));
    }
    let isut = r.take(h.isutcnt)?;
    for (i, &b) in isut.iter().enumerate() {
        if b > 1 || (b == 1 && isstd.get(i) != Some(&1)) {
            return Err(TzifError::BadIndicator(i));
        }
    }

    Ok(Block { transitions, transition_types, local_types, leap_seconds })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    const ZONEINFO: &str = "/usr/share/zoneinfo";

    /// Offsets of the six counts inside a header.
    const ISUTCNT: usize = 20;
    const ISSTDCNT: usize = 24;
    const LEAPCNT: usize = 28;
    const TIMECNT: usize = 32;
    const TYPECNT: usize = 36;
    const CHARCNT: usize = 40;

    /// A small TZif writer for synthetic test files.
    #[derive(Clone)]
    struct Build {
        version: u8,
        transitions: Vec<i64>,
        types: Vec<u8>,
        /// `(utoff, isdst, desigidx)`.
        ttinfo: Vec<(i32, u8, u8)>,
        chars: Vec<u8>,
        leaps: Vec<(i64, i32)>,
        isstd: Vec<u8>,
        isut: Vec<u8>,
        /// The text between the footer's newlines (version 2+).
        footer: Vec<u8>,
        /// Replaces the 32-bit header and block of a version 2+ file.
        v1_block: Option<Vec<u8>>,
    }

    impl Build {
        fn new(version: u8) -> Build {
            Build {
                version,
                transitions: vec![-100, 0, 1_772_953_200],
                types: vec![1, 0, 1],
                ttinfo: vec![(-18_000, 0, 0), (-14_400, 1, 4)],
                chars: b"EST\0EDT\0".to_vec(),
                leaps: Vec::new(),
                isstd: Vec::new(),
                isut: Vec::new(),
                footer: b"EST5EDT,M3.2.0,M11.1.0".to_vec(),
                v1_block: None,
            }
        }

        fn version_byte(&self) -> u8 {
            if self.version == 1 {
                0
            } else {
                b'0' + self.version
            }
        }

        fn header(&self, out: &mut Vec<u8>) {
            out.extend_from_slice(b"TZif");
            out.push(self.version_byte());
            out.extend_from_slice(&[0; 15]);
            for n in [
                self.isut.len(),
                self.isstd.len(),
                self.leaps.len(),
                self.transitions.len(),
                self.ttinfo.len(),
                self.chars.len(),
            ] {
                out.extend_from_slice(&(n as u32).to_be_bytes());
            }
        }

        fn block(&self, out: &mut Vec<u8>, wide: bool) {
            let time = |out: &mut Vec<u8>, t: i64| {
                if wide {
                    out.extend_from_slice(&t.to_be_bytes());
                } else {
                    out.extend_from_slice(&(t as i32).to_be_bytes());
                }
            };
            for &t in &self.transitions {
                time(out, t);
            }
            out.extend_from_slice(&self.types);
            for &(off, dst, idx) in &self.ttinfo {
                out.extend_from_slice(&off.to_be_bytes());
                out.push(dst);
                out.push(idx);
            }
            out.extend_from_slice(&self.chars);
            for &(at, corr) in &self.leaps {
                time(out, at);
                out.extend_from_slice(&corr.to_be_bytes());
            }
            out.extend_from_slice(&self.isstd);
            out.extend_from_slice(&self.isut);
        }

        fn bytes(&self) -> Vec<u8> {
            let mut out = Vec::new();
            if let Some(v1) = &self.v1_block {
                out.extend_from_slice(v1);
            } else {
                self.header(&mut out);
                self.block(&mut out, false);
            }
            if self.version >= 2 {
                self.header(&mut out);
                self.block(&mut out, true);
                out.push(b'\n');
                out.extend_from_slice(&self.footer);
                out.push(b'\n');
            }
            out
        }

        /// Where the header that gets decoded starts.
        fn main_header(&self) -> usize {
            if self.version == 1 {
                0
            } else {
                let mut v1 = Vec::new();
                self.header(&mut v1);
                self.block(&mut v1, false);
                v1.len()
            }
        }

        fn parse(&self) -> Result<TzifData, TzifError> {
            parse(&self.bytes())
        }
    }

    fn set_u32(bytes: &mut [u8], at: usize, v: u32) {
        bytes[at..at + 4].copy_from_slice(&v.to_be_bytes());
    }

    fn est() -> Abbreviation {
        Abbreviation::new(b"EST").unwrap()
    }

    fn edt() -> Abbreviation {
        Abbreviation::new(b"EDT").unwrap()
    }

    #[test]
    fn synthetic_versions_parse() {
        for version in 1..=4 {
            let data = Build::new(version).parse().unwrap();
            assert_eq!(data.version, version);
            assert_eq!(data.transitions, [-100, 0, 1_772_953_200]);
            assert_eq!(data.transition_types, [1, 0, 1]);
            assert_eq!(
                data.local_types,
                [
                    LocalType { offset: -18_000, is_dst: false, abbr: est() },
                    LocalType { offset: -14_400, is_dst: true, abbr: edt() },
                ]
            );
            assert!(data.leap_seconds.is_empty());
            assert_eq!(data.local_type_before_first(), 0);
            if version == 1 {
                assert_eq!(data.footer, None);
            } else {
                let footer = data.footer.unwrap();
                assert_eq!(footer.to_string(), "EST5EDT,M3.2.0,M11.1.0");
            }
        }
    }

    #[test]
    fn wide_times_and_version_3_footers() {
        let mut b = Build::new(3);
        b.transitions = vec![-(1 << 59), -(1 << 40), 1 << 40];
        // The 32-bit block cannot hold those: give it a slim one of its own.
        let mut slim = Build::new(3);
        slim.transitions.clear();
        slim.types.clear();
        slim.ttinfo.truncate(1);
        slim.chars = b"EST\0".to_vec();
        let mut v1 = Vec::new();
        slim.header(&mut v1);
        slim.block(&mut v1, false);
        b.v1_block = Some(v1);
        for footer in [
            "EST5EDT,0/0,J365/25",
            "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
            "XXX3YYY,J60/-167,300/167:59:59",
        ] {
            b.footer = footer.as_bytes().to_vec();
            let data = b.parse().unwrap();
            assert_eq!(data.transitions, [-(1 << 59), -(1 << 40), 1 << 40]);
            assert_eq!(data.footer.unwrap().to_string(), footer);
        }
        // An empty footer means no rule.
        b.footer.clear();
        assert_eq!(b.parse().unwrap().footer, None);
    }

    #[test]
    fn version_1_block_of_later_versions_is_skipped() {
        let mut b = Build::new(2);
        // A 32-bit block full of nonsense (unsorted, bad indices, bad offsets) with the right
        // size for its own header.
        let mut junk = Build::new(2);
        junk.transitions = vec![5, 4, 3];
        junk.types = vec![9, 9, 9];
        junk.ttinfo = vec![(i32::MIN, 7, 200), (0, 0, 0)];
        junk.chars = b"\xff\xff".to_vec();
        let mut v1 = Vec::new();
        junk.header(&mut v1);
        junk.block(&mut v1, false);
        b.v1_block = Some(v1.clone());
        assert_eq!(b.parse().unwrap().transitions, [-100, 0, 1_772_953_200]);

        // Even counts that a decoded block may not have are fine there.
        let mut empty = Vec::new();
        empty.extend_from_slice(b"TZif2");
        empty.extend_from_slice(&[0; 39]);
        b.v1_block = Some(empty);
        assert!(b.parse().is_ok());

        // But the block must be there in full.
        let mut short = v1;
        short.pop();
        b.v1_block = Some(short);
        assert!(b.parse().is_err());
    }

    #[test]
    fn leap_seconds() {
        let mut b = Build::new(4);
        b.leaps = vec![(78_796_800, 1), (94_694_401, 2), (126_230_402, 3)];
        assert_eq!(b.parse().unwrap().leap_seconds, b.leaps);
        // A negative leap second.
        b.leaps.push((136_230_402, 2));
        b.leaps.push((146_230_402, 3));
        assert!(b.parse().is_ok());
        // The last record may repeat the correction: the table's expiry.
        b.leaps.push((1_800_000_000, 3));
        assert!(b.parse().is_ok());
        // A truncated table may start with any correction.
        b.leaps = vec![(1_000_000_000, 22), (1_100_000_000, 23)];
        assert!(b.parse().is_ok());
        // Version 1 blocks hold 32-bit occurrences.
        let mut b1 = Build::new(1);
        b1.leaps = vec![(78_796_800, 1), (94_694_401, 2)];
        assert_eq!(b1.parse().unwrap().leap_seconds, b1.leaps);
    }

    #[test]
    fn error_variants() {
        use TzifError::*;
        let err = |b: &Build| b.parse().unwrap_err();

        // Magic and version.
        let good = Build::new(2).bytes();
        let mut bytes = good.clone();
        bytes[3] = b'F';
        assert_eq!(parse(&bytes), Err(BadMagic));
        assert_eq!(parse(b"PK\x03\x04"), Err(BadMagic));
        assert_eq!(parse(b"T"), Err(Truncated { needed: 44, have: 1 }));
        assert_eq!(parse(b""), Err(Truncated { needed: 44, have: 0 }));
        for v in [1, b'1', b'5', b'A', 0xff] {
            let mut bytes = good.clone();
            bytes[4] = v;
            assert_eq!(parse(&bytes), Err(UnsupportedVersion(v)));
        }
        let second = Build::new(2).main_header();
        let mut bytes = good.clone();
        bytes[second + 4] = b'3';
        assert_eq!(parse(&bytes), Err(VersionMismatch { first: b'2', second: b'3' }));
        let mut bytes = good.clone();
        bytes[second] = b'X';
        assert_eq!(parse(&bytes), Err(BadMagic));

        // Truncation: a header promising more than is there.
        let v1 = Build::new(1).bytes();
        assert_eq!(
            parse(&v1[..v1.len() - 1]),
            Err(Truncated { needed: v1.len(), have: v1.len() - 1 })
        );
        let mut bytes = v1.clone();
        set_u32(&mut bytes, TIMECNT, u32::MAX);
        let needed = 44 + u32::MAX as usize * 5 + 2 * 6 + 8;
        assert_eq!(parse(&bytes), Err(Truncated { needed, have: bytes.len() }));
        let mut bytes = good.clone();
        set_u32(&mut bytes, second + LEAPCNT, u32::MAX);
        assert!(matches!(parse(&bytes), Err(Truncated { .. })));

        // Counts.
        for (field, value, msg) in [
            (TYPECNT, 0, "typecnt is zero"),
            (TYPECNT, 257, "typecnt exceeds 256"),
            (CHARCNT, 0, "charcnt is zero"),
            (ISSTDCNT, 1, "isstdcnt is neither zero nor typecnt"),
            (ISUTCNT, 3, "isutcnt is neither zero nor typecnt"),
        ] {
            for version in [1, 2] {
                let b = Build::new(version);
                let mut bytes = b.bytes();
                set_u32(&mut bytes, b.main_header() + field, value);
                assert_eq!(parse(&bytes), Err(BadCount(msg)), "v{version} {msg}");
            }
        }

        // Transitions.
        let mut b = Build::new(2);
        b.transitions = vec![0, 10, 10];
        assert_eq!(err(&b), TransitionsNotSorted(2));
        b.transitions = vec![0, -10, 10];
        assert_eq!(err(&b), TransitionsNotSorted(1));
        let mut b = Build::new(1);
        b.types = vec![0, 2, 0];
        assert_eq!(err(&b), BadTypeIndex(1));
        b.types = vec![0, 1, 255];
        assert_eq!(err(&b), BadTypeIndex(2));

        // Local time types.
        for (off, ok) in [
            (i32::MIN, false),
            (-93_600, false),
            (93_600, false),
            (i32::MAX, false),
            (-93_599, true),
            (93_599, true),
        ] {
            let mut b = Build::new(2);
            b.ttinfo[1].0 = off;
            assert_eq!(b.parse().err(), if ok { None } else { Some(BadOffset(1)) }, "{off}");
        }
        let mut b = Build::new(2);
        b.ttinfo[1].1 = 2;
        assert_eq!(err(&b), BadDstFlag(1));

        // Abbreviations.
        let cases: &[(&[u8], u8)] = &[
            (b"EST\0EDT\0", 8), // index past the table
            (b"EST\0EDT\0", 255),
            (b"EST\0EDT", 4),   // no terminating NUL
            (b"EST\0\0", 4),    // empty
            (b"EST\0E T\0", 4), // bad character
            (b"EST\0E\xc3\xa9\0", 4),
            (b"EST\0ABCDEFGHIJKLMNOP\0", 4), // 16 bytes
        ];
        for &(chars, idx) in cases {
            let mut b = Build::new(2);
            b.chars = chars.to_vec();
            b.ttinfo[1].2 = idx;
            assert_eq!(err(&b), BadAbbreviation(1), "{chars:?} {idx}");
        }
        let mut b = Build::new(2);
        b.chars = b"EST\0ABCDEFGHIJKLMNO\0".to_vec();
        assert_eq!(b.parse().unwrap().local_types[1].abbr.as_str(), "ABCDEFGHIJKLMNO");
        // Abbreviations may share bytes: "DT" is the tail of "EDT".
        b.chars = b"EST\0EDT\0".to_vec();
        b.ttinfo[0].2 = 5;
        assert_eq!(b.parse().unwrap().local_types[0].abbr.as_str(), "DT");

        // Leap seconds.
        let mut b = Build::new(2);
        b.leaps = vec![(100, 1), (100, 2)];
        assert_eq!(err(&b), BadLeapSecond(1));
        b.leaps = vec![(100, 1), (200, 3)];
        assert_eq!(err(&b), BadLeapSecond(1));
        b.leaps = vec![(100, 1), (200, 1), (300, 2)];
        assert_eq!(err(&b), BadLeapSecond(1));
        b.leaps = vec![(100, 1), (200, 2), (150, 3)];
        assert_eq!(err(&b), BadLeapSecond(2));
        b.leaps = vec![(100, i32::MIN), (200, i32::MAX)];
        assert_eq!(err(&b), BadLeapSecond(1));

        // Indicators.
        let mut b = Build::new(2);
        b.isstd = vec![0, 2];
        assert_eq!(err(&b), BadIndicator(1));
        b.isstd = vec![1, 0];
        b.isut = vec![1, 1];
        assert_eq!(err(&b), BadIndicator(1));
        b.isut = vec![1, 2];
        assert_eq!(err(&b), BadIndicator(1));
        b.isut = vec![1, 0];
        assert!(b.parse().is_ok());
        b.isstd.clear();
        b.isut = vec![0, 1];
        assert_eq!(err(&b), BadIndicator(1));
        b.isut = vec![0, 0];
        assert!(b.parse().is_ok());

        // Footer.
        let b = Build::new(2);
        let bytes = b.bytes();
        assert_eq!(parse(&bytes[..bytes.len() - 1]), Err(MissingFooter));
        let body = bytes.len() - b.footer.len() - 2;
        assert_eq!(parse(&bytes[..body]), Err(MissingFooter));
        let mut no_nl = bytes.clone();
        no_nl[body] = b' ';
        assert_eq!(parse(&no_nl), Err(MissingFooter));
        let mut b = Build::new(3);
        b.footer = b"EST5EDT,M13.1.0,M11.1.0".to_vec();
        let e = err(&b);
        assert_eq!(e, BadFooter(PosixTz::parse(&b.footer).unwrap_err()));
        match &e {
            BadFooter(p) => assert_eq!(p.position(), 9),
            other => panic!("{other:?}"),
        }
        assert!(std::error::Error::source(&e).is_some());
        b.footer = b"EST5EDT\r".to_vec();
        assert!(matches!(err(&b), BadFooter(_)));

        // Trailing data is allowed (future versions may append some).
        let mut bytes = Build::new(2).bytes();
        bytes.extend_from_slice(b"more data");
        assert!(parse(&bytes).is_ok());
        let mut bytes = Build::new(1).bytes();
        bytes.extend_from_slice(b"TZif2 and more");
        assert_eq!(parse(&bytes).unwrap().version, 1);

        // Every variant displays.
        for e in [
            BadMagic,
            UnsupportedVersion(9),
            VersionMismatch { first: 2, second: 3 },
            Truncated { needed: 9, have: 3 },
            BadCount("x"),
            TransitionsNotSorted(1),
            BadTypeIndex(1),
            BadOffset(1),
            BadDstFlag(1),
            BadAbbreviation(1),
            BadLeapSecond(1),
            BadIndicator(1),
            MissingFooter,
            BadFooter(PosixTz::parse(b"").unwrap_err()),
        ] {
            assert!(e.to_string().starts_with("invalid TZif data: "), "{e}");
        }
    }

    /// Checks what a successful parse promises.
    fn check_invariants(data: &TzifData) {
        assert!(matches!(data.version, 1..=4));
        assert!(!data.local_types.is_empty());
        assert_eq!(data.transitions.len(), data.transition_types.len());
        assert!(data.transitions.windows(2).all(|w| w[0] < w[1]));
        assert!(data.transition_types.iter().all(|&t| (t as usize) < data.local_types.len()));
        assert!(data.local_type_before_first() < data.local_types.len());
        if data.version == 1 {
            assert!(data.footer.is_none());
        }
    }

    #[test]
    fn synthetic_mutations_never_panic() {
        let mut b = Build::new(2);
        b.leaps = vec![(78_796_800, 1), (94_694_401, 2)];
        b.isstd = vec![1, 0];
        b.isut = vec![1, 0];
        for bytes in [b.bytes(), Build::new(1).bytes(), Build::new(3).bytes()] {
            for len in 0..bytes.len() {
                assert!(parse(&bytes[..len]).is_err(), "prefix {len}");
            }
            for i in 0..bytes.len() {
                for v in [0, 1, 2, 0x7f, 0x80, 0xff, bytes[i] ^ 1, bytes[i].wrapping_add(1)] {
                    let mut m = bytes.clone();
                    m[i] = v;
                    if let Ok(d) = parse(&m) {
                        check_invariants(&d);
                    }
                }
            }
        }
    }

    fn zoneinfo_files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                zoneinfo_files(&path, out);
            } else if path.is_file() {
                out.push(path);
            }
        }
    }

    fn read_zone(name: &str) -> Option<Vec<u8>> {
        std::fs::read(Path::new(ZONEINFO).join(name)).ok()
    }

    #[test]
    fn every_system_zone_parses() {
        if !Path::new(ZONEINFO).is_dir() {
            return;
        }
        let mut files = Vec::new();
        zoneinfo_files(Path::new(ZONEINFO), &mut files);
        let mut parsed = 0;
        for path in files {
            let Ok(bytes) = std::fs::read(&path) else { continue };
            if !bytes.starts_with(b"TZif") {
                continue;
            }
            let data = match parse(&bytes) {
                Ok(d) => d,
                Err(e) => panic!("{}: {e}", path.display()),
            };
            check_invariants(&data);
            // The footer must agree with the type after the last transition.
            if let (Some(footer), Some(&last), Some(&ty)) =
                (&data.footer, data.transitions.last(), data.transition_types.last())
            {
                let want = data.local_types[ty as usize];
                let (offset, is_dst, abbr) = footer.local_at(last);
                assert_eq!(LocalType { offset, is_dst, abbr }, want, "{}", path.display());
            }
            parsed += 1;
        }
        assert!(parsed > 300, "only {parsed} TZif files found");
    }

    #[test]
    fn los_angeles() {
        let Some(bytes) = read_zone("America/Los_Angeles") else { return };
        let data = parse(&bytes).unwrap();
        assert!(data.version >= 2);
        assert_eq!(data.footer.unwrap().to_string(), "PST8PDT,M3.2.0,M11.1.0");
        // 2026-03-08T10:00:00Z: clocks spring forward to PDT.
        let i = data.transitions.binary_search(&1_772_964_000).unwrap();
        let ty = data.local_types[data.transition_types[i] as usize];
        assert_eq!((ty.offset, ty.is_dst, ty.abbr.as_str()), (-25_200, true, "PDT"));
        let before = data.local_types[data.transition_types[i - 1] as usize];
        assert_eq!((before.offset, before.is_dst, before.abbr.as_str()), (-28_800, false, "PST"));
        // Before the first transition: local mean time, type 0.
        let lmt = data.local_types[data.local_type_before_first()];
        assert_eq!((lmt.offset, lmt.abbr.as_str()), (-28_378, "LMT"));
    }

    #[test]
    fn footers_reproduce_file_transitions() {
        // Zones whose files (when built "fat") list rule transitions through 2037: from 2030
        // on, each must match what the footer rule computes.
        for name in [
            "America/New_York",
            "America/Los_Angeles",
            "Europe/Berlin",
            "Europe/Dublin",
            "Europe/London",
            "Australia/Sydney",
            "Australia/Lord_Howe",
            "Pacific/Auckland",
            "America/Nuuk",
            "Antarctica/Troll",
            "America/Santiago",
            "Pacific/Chatham",
        ] {
            let Some(bytes) = read_zone(name) else { continue };
            let data = parse(&bytes).unwrap();
            let footer = data.footer.unwrap();
            let as_tuple = |t: LocalType| (t.offset, t.is_dst, t.abbr);
            for (i, &t) in data.transitions.iter().enumerate() {
                if t < 1_893_456_000 {
                    continue; // 2030-01-01
                }
                let after = data.local_types[data.transition_types[i] as usize];
                let before = data.local_types[data.transition_types[i - 1] as usize];
                assert_eq!(footer.local_at(t), as_tuple(after), "{name} at {t}");
                assert_eq!(footer.local_at(t - 1), as_tuple(before), "{name} before {t}");
            }
        }
    }

    #[test]
    fn leap_second_files() {
        let Some(bytes) = read_zone("right/UTC") else { return };
        let data = parse(&bytes).unwrap();
        assert!(data.leap_seconds.len() >= 27);
        // 1972-07-01T00:00:00Z, the first leap second (occurrences count leap seconds too).
        assert_eq!(data.leap_seconds[0], (78_796_800, 1));
        assert_eq!(data.leap_seconds.iter().map(|l| l.1).max(), Some(27));
    }

    #[test]
    fn real_file_prefixes_and_corruptions() {
        let Some(bytes) = read_zone("America/Los_Angeles") else { return };
        for len in 0..bytes.len() {
            assert!(parse(&bytes[..len]).is_err(), "prefix {len}");
        }
        // Every byte flipped.
        for i in 0..bytes.len() {
            let mut m = bytes.clone();
            m[i] ^= 0xff;
            if let Ok(d) = parse(&m) {
                check_invariants(&d);
            }
        }
        // Header counts of both headers set to awkward values.
        let second = {
            let counts: Vec<u64> = (0..6)
                .map(|k| {
                    u64::from(u32::from_be_bytes(bytes[20 + 4 * k..24 + 4 * k].try_into().unwrap()))
                })
                .collect();
            let h = Header {
                version: 2,
                version_byte: b'2',
                isutcnt: counts[0],
                isstdcnt: counts[1],
                leapcnt: counts[2],
                timecnt: counts[3],
                typecnt: counts[4],
                charcnt: counts[5],
            };
            44 + h.block_len(4) as usize
        };
        assert_eq!(&bytes[second..second + 4], b"TZif");
        for header in [0, second] {
            for field in [ISUTCNT, ISSTDCNT, LEAPCNT, TIMECNT, TYPECNT, CHARCNT] {
                let orig = u32::from_be_bytes(
                    bytes[header + field..header + field + 4].try_into().unwrap(),
                );
                for v in [0, 1, 2, 255, 256, 257, orig.wrapping_sub(1), orig + 1, 1 << 31, u32::MAX]
                {
                    let mut m = bytes.clone();
                    set_u32(&mut m, header + field, v);
                    if let Ok(d) = parse(&m) {
                        check_invariants(&d);
                    }
                }
                for bit in 0..32 {
                    let mut m = bytes.clone();
                    set_u32(&mut m, header + field, orig ^ (1 << bit));
                    if let Ok(d) = parse(&m) {
                        check_invariants(&d);
                    }
                }
            }
        }
    }
}
