//! `Offset`: a fixed difference from UTC.

use crate::error::RangeError;
use core::fmt;

/// A fixed offset from UTC, in whole seconds east of Greenwich (`-07:00` is `-25_200`).
///
/// The range is ±25:59:59, which covers every offset in the IANA database and in POSIX TZ
/// strings.
///
/// ```
/// use core_time::Offset;
/// let pdt = Offset::from_hours(-7).unwrap();
/// assert_eq!(pdt.seconds(), -25_200);
/// assert_eq!(pdt.to_string(), "-07:00");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Offset {
    secs: i32,
}

impl Offset {
    /// UTC itself.
    pub const UTC: Offset = Offset { secs: 0 };
    /// The largest offset, +25:59:59.
    pub const MAX: Offset = Offset { secs: Self::LIMIT };
    /// The smallest offset, -25:59:59.
    pub const MIN: Offset = Offset { secs: -Self::LIMIT };
    const LIMIT: i32 = 26 * 3600 - 1;

    /// An offset of `secs` seconds east of UTC.
    ///
    /// # Errors
    ///
    /// A [`RangeError`] ("offset") beyond ±25:59:59 (±93,599 seconds).
    ///
    /// ```
    /// use core_time::Offset;
    ///
    /// assert_eq!(Offset::from_seconds(19_800)?.to_string(), "+05:30");
    /// assert_eq!(Offset::from_seconds(-3_723)?.to_string(), "-01:02:03");
    /// assert_eq!(Offset::from_seconds(93_600).unwrap_err().max(), 93_599);
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn from_seconds(secs: i32) -> Result<Offset, RangeError> {
        if secs < -Self::LIMIT || secs > Self::LIMIT {
            return Err(RangeError::new(
                "offset",
                secs as i128,
                -Self::LIMIT as i128,
                Self::LIMIT as i128,
            ));
        }
        Ok(Offset { secs })
    }

    /// An offset of whole hours.
    ///
    /// # Errors
    ///
    /// A [`RangeError`] ("offset", in seconds) beyond ±25 hours.
    ///
    /// ```
    /// use core_time::Offset;
    ///
    /// assert_eq!(Offset::from_hours(9)?.seconds(), 32_400);
    /// assert_eq!(Offset::from_hours(26).unwrap_err().value(), 93_600);
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn from_hours(hours: i32) -> Result<Offset, RangeError> {
        if hours < -25 || hours > 25 {
            // Reported in seconds, the unit of every offset error.
            let secs = hours as i128 * 3600;
            return Err(RangeError::new("offset", secs, -Self::LIMIT as i128, Self::LIMIT as i128));
        }
        Ok(Offset { secs: hours * 3600 })
    }

    /// Internal constructor for values already known to be in range.
    pub(crate) const fn from_seconds_unchecked(secs: i32) -> Offset {
        Offset { secs }
    }

    /// Seconds east of UTC.
    ///
    /// ```
    /// use core_time::Offset;
    /// assert_eq!(Offset::from_hours(-5).unwrap().seconds(), -18_000);
    /// ```
    pub const fn seconds(self) -> i32 {
        self.secs
    }

    /// `(sign, hours, minutes, seconds)` with `sign` of `+1` or `-1` (`+1` for UTC).
    ///
    /// ```
    /// use core_time::Offset;
    /// assert_eq!(Offset::from_seconds(-20_700).unwrap().parts(), (-1, 5, 45, 0));
    /// assert_eq!(Offset::UTC.parts(), (1, 0, 0, 0));
    /// ```
    pub const fn parts(self) -> (i8, u8, u8, u8) {
        let sign = if self.secs < 0 { -1 } else { 1 };
        let a = self.secs.unsigned_abs();
        (sign, (a / 3600) as u8, (a / 60 % 60) as u8, (a % 60) as u8)
    }
}

/// `+hh:mm`, or `+hh:mm:ss` when the offset has seconds.
impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (sign, h, m, s) = self.parts();
        let c = if sign < 0 { '-' } else { '+' };
        if s == 0 {
            write!(f, "{c}{h:02}:{m:02}")
        } else {
            write!(f, "{c}{h:02}:{m:02}:{s:02}")
        }
    }
}
