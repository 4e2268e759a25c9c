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
    pub fn local_type_before_first(&self) -> usize {
        0
    }
}

/// Why a TZif file was rejected.
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
    let footer =
        if text.is_empty() { None } else { Some(PosixTz::parse(text).map_err(TzifError::BadFooter)?) };
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
