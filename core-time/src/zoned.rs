//! `Zoned` and `Abbreviation`: a civil time as a zone shows it.

use crate::datetime::DateTime;
use crate::offset::Offset;
use crate::timestamp::Timestamp;
use core::fmt;

/// A time-zone abbreviation such as `PDT`, `CEST` or `+0530`: 1 to 15 ASCII letters, digits,
/// `+` or `-`, stored inline (no allocation).
///
/// ```
/// use core_time::Abbreviation;
/// let cest = Abbreviation::new(b"CEST").unwrap();
/// assert_eq!((cest.as_str(), cest.to_string()), ("CEST", "CEST".to_string()));
/// assert!(Abbreviation::new(b"").is_none());
/// assert!(Abbreviation::new(b"C\xc9ST").is_none()); // not ASCII
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Abbreviation {
    len: u8,
    bytes: [u8; Abbreviation::CAPACITY],
}

impl Abbreviation {
    /// The most bytes an abbreviation holds.
    pub const CAPACITY: usize = 15;

    /// `UTC`.
    pub const UTC: Abbreviation = match Abbreviation::new(b"UTC") {
        Some(a) => a,
        None => unreachable!(),
    };

    /// An abbreviation from its bytes, or `None` when `bytes` is empty, longer than
    /// [`CAPACITY`](Self::CAPACITY) or holds a byte other than an ASCII letter, digit, `+` or
    /// `-`.
    ///
    /// ```
    /// use core_time::Abbreviation;
    ///
    /// assert_eq!(Abbreviation::new(b"+0530").map(|a| a.len()), Some(5));
    /// assert!(Abbreviation::new(b"GMT BST").is_none()); // a space
    /// assert!(Abbreviation::new(&[b'A'; 16]).is_none()); // longer than CAPACITY
    /// ```
    pub const fn new(bytes: &[u8]) -> Option<Abbreviation> {
        if bytes.is_empty() || bytes.len() > Self::CAPACITY {
            return None;
        }
        let mut out = [0u8; Self::CAPACITY];
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if !(b.is_ascii_alphanumeric() || b == b'+' || b == b'-') {
                return None;
            }
            out[i] = b;
            i += 1;
        }
        Some(Abbreviation { len: bytes.len() as u8, bytes: out })
    }

    /// The abbreviation as text.
    ///
    /// ```
    /// use core_time::{Abbreviation, TimeZone, Timestamp};
    ///
    /// assert_eq!(Abbreviation::UTC.as_str(), "UTC");
    /// let paris = TimeZone::get("Europe/Paris").unwrap();
    /// let winter = paris.to_local(Timestamp::from_unix_secs(1_767_225_600).unwrap()); // 2026-01-01
    /// assert_eq!(winter.abbreviation().as_str(), "CET");
    /// ```
    pub fn as_str(&self) -> &str {
        // Only ASCII bytes are ever stored, so this cannot fail.
        core::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }
}

impl core::ops::Deref for Abbreviation {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for Abbreviation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Abbreviation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// An instant as shown in a time zone: the civil date and time, the zone's offset from UTC at
/// that instant, its abbreviation and whether daylight-saving time was in effect.
///
/// `Zoned` is a plain value (`Copy`, no reference to the zone).
///
/// ```
/// use core_time::{TimeZone, Timestamp};
/// let la = TimeZone::get("America/Los_Angeles").unwrap();
/// let z = la.to_local(Timestamp::from_unix(1_784_116_800, 0).unwrap());
/// assert_eq!(z.to_string(), "2026-07-15T05:00:00.0000000-07:00");
/// assert_eq!(z.abbreviation().as_str(), "PDT");
/// assert!(z.is_dst());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Zoned {
    pub(crate) timestamp: Timestamp,
    pub(crate) datetime: DateTime,
    pub(crate) offset: Offset,
    pub(crate) abbreviation: Abbreviation,
    pub(crate) is_dst: bool,
}

impl Zoned {
    /// Assembles a `Zoned` from an instant and the zone's state at that instant.
    ///
    /// ```
    /// use core_time::{Abbreviation, Offset, Timestamp, Zoned};
    /// let t = Timestamp::from_unix_secs(1_784_116_800)?;
    /// let ist = Offset::from_seconds(19_800)?;
    /// let z = Zoned::new(t, ist, Abbreviation::new(b"IST").unwrap(), false);
    /// assert_eq!(z.to_string(), "2026-07-15T17:30:00.0000000+05:30");
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    #[inline]
    pub fn new(
        timestamp: Timestamp,
        offset: Offset,
        abbreviation: Abbreviation,
        is_dst: bool,
    ) -> Zoned {
        Zoned { timestamp, datetime: timestamp.to_datetime(offset), offset, abbreviation, is_dst }
    }

    /// The instant.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    ///
    /// let la = TimeZone::get("America/Los_Angeles").unwrap();
    /// let z = la.to_local(Timestamp::from_unix_secs(1_784_116_800).unwrap()); // 12:00 UTC
    /// assert_eq!(z.timestamp().unix_secs(), 1_784_116_800);
    /// ```
    pub const fn timestamp(&self) -> Timestamp {
        self.timestamp
    }
    /// The civil date and time on the zone's clocks.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    ///
    /// let la = TimeZone::get("America/Los_Angeles").unwrap();
    /// let z = la.to_local(Timestamp::from_unix_secs(1_784_116_800).unwrap()); // 12:00 UTC
    /// let dt = z.datetime();
    /// assert_eq!((dt.year(), dt.month(), dt.day(), dt.hour()), (2026, 7, 15, 5));
    /// ```
    pub const fn datetime(&self) -> DateTime {
        self.datetime
    }
    /// The zone's offset from UTC at this instant.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    ///
    /// let la = TimeZone::get("America/Los_Angeles").unwrap();
    /// let z = la.to_local(Timestamp::from_unix_secs(1_784_116_800).unwrap()); // 12:00 UTC
    /// assert_eq!(z.offset().seconds(), -7 * 3600);
    /// ```
    pub const fn offset(&self) -> Offset {
        self.offset
    }
    /// The zone's abbreviation at this instant.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    ///
    /// let la = TimeZone::get("America/Los_Angeles").unwrap();
    /// let z = la.to_local(Timestamp::from_unix_secs(1_784_116_800).unwrap()); // 12:00 UTC
    /// assert_eq!(z.abbreviation().as_str(), "PDT");
    /// ```
    pub const fn abbreviation(&self) -> Abbreviation {
        self.abbreviation
    }
    /// Whether daylight-saving time is in effect.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    ///
    /// let la = TimeZone::get("America/Los_Angeles").unwrap();
    /// let z = la.to_local(Timestamp::from_unix_secs(1_784_116_800).unwrap()); // 12:00 UTC
    /// assert!(z.is_dst());
    /// let winter = la.to_local(Timestamp::from_unix_secs(1_767_225_600).unwrap()); // 2026-01-01
    /// assert!(!winter.is_dst());
    /// ```
    pub const fn is_dst(&self) -> bool {
        self.is_dst
    }
}
