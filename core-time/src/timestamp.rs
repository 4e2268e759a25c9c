//! `Timestamp`: an instant on the UTC time line.

use crate::civil;
use crate::datetime::DateTime;
use crate::error::RangeError;
use crate::offset::Offset;
use core::time::Duration;
use std::time::SystemTime;

/// An instant in time: seconds and nanoseconds since 1970-01-01T00:00:00Z (leap seconds are
/// not counted, as in POSIX time).
///
/// The range is `-9999-01-02T01:59:59Z` to `9999-12-30T22:00:00.999999999Z`: the civil range
/// (years -9999..=9999) narrowed by the largest offset, 25:59:59, at each end, so every instant
/// has a civil date and time in every offset.
///
/// ```
/// use core_time::Timestamp;
/// let t = Timestamp::from_unix(1_784_116_800, 0).unwrap();
/// assert_eq!(t.to_string(), "2026-07-15T12:00:00.0000000Z");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    secs: i64,
    nanos: u32,
}

impl Timestamp {
    /// 1970-01-01T00:00:00Z.
    pub const UNIX_EPOCH: Timestamp = Timestamp { secs: 0, nanos: 0 };
    /// The earliest instant, `-9999-01-02T01:59:59Z`.
    pub const MIN: Timestamp = Timestamp { secs: MIN_SECS, nanos: 0 };
    /// The latest instant, `9999-12-30T22:00:00.999999999Z`.
    pub const MAX: Timestamp = Timestamp { secs: MAX_SECS, nanos: 999_999_999 };

    /// The instant `secs` seconds plus `nanos` nanoseconds after the Unix epoch.
    ///
    /// # Errors
    ///
    /// A [`RangeError`] when `nanos` is 1,000,000,000 or more ("nanosecond") or the instant lies
    /// outside [`MIN`](Self::MIN)..=[`MAX`](Self::MAX) ("timestamp", with the seconds and
    /// their bounds).
    ///
    /// ```
    /// use core_time::Timestamp;
    ///
    /// let t = Timestamp::from_unix(-1, 500_000_000)?; // half a second before the epoch
    /// assert_eq!(t.to_string(), "1969-12-31T23:59:59.5000000Z");
    /// assert_eq!(Timestamp::from_unix(0, 1_000_000_000).unwrap_err().what(), "nanosecond");
    /// let far = Timestamp::from_unix(i64::MAX, 0).unwrap_err();
    /// assert_eq!(far.max(), Timestamp::MAX.unix_secs() as i128);
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn from_unix(secs: i64, nanos: u32) -> Result<Timestamp, RangeError> {
        if nanos >= 1_000_000_000 {
            return Err(RangeError::new("nanosecond", nanos as i128, 0, 999_999_999));
        }
        if secs < MIN_SECS || secs > MAX_SECS {
            return Err(out_of_range(secs as i128));
        }
        Ok(Timestamp { secs, nanos })
    }

    /// The instant `secs` whole seconds after the Unix epoch.
    ///
    /// # Errors
    ///
    /// A [`RangeError`] ("timestamp") outside [`MIN`](Self::MIN)..=[`MAX`](Self::MAX).
    ///
    /// ```
    /// use core_time::Timestamp;
    ///
    /// assert_eq!(Timestamp::from_unix_secs(86_400)?.to_string(), "1970-01-02T00:00:00.0000000Z");
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn from_unix_secs(secs: i64) -> Result<Timestamp, RangeError> {
        Self::from_unix(secs, 0)
    }

    /// Whole seconds since the Unix epoch (rounded toward negative infinity).
    ///
    /// ```
    /// use core_time::Timestamp;
    ///
    /// let t: Timestamp = "1969-12-31T23:59:59.5Z".parse().unwrap();
    /// assert_eq!((t.unix_secs(), t.subsec_nanos()), (-1, 500_000_000)); // floor, not truncation
    /// ```
    pub const fn unix_secs(self) -> i64 {
        self.secs
    }

    /// The nanoseconds past [`unix_secs`](Self::unix_secs), `0..1_000_000_000`.
    ///
    /// ```
    /// use core_time::Timestamp;
    ///
    /// assert_eq!(Timestamp::from_unix(1_784_116_800, 42)?.subsec_nanos(), 42);
    /// assert_eq!(Timestamp::from_unix_secs(1_784_116_800)?.subsec_nanos(), 0);
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn subsec_nanos(self) -> u32 {
        self.nanos
    }

    /// The current instant from the system clock.
    ///
    /// # Panics
    ///
    /// Only if the system clock is outside the years -9999..=9999.
    ///
    /// ```
    /// use core_time::Timestamp;
    /// let t = Timestamp::now();
    /// assert!(t > Timestamp::from_unix_secs(1_700_000_000).unwrap()); // after November 2023
    /// ```
    #[inline]
    pub fn now() -> Timestamp {
        #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
        if let Some(t) = clock::realtime() {
            return t;
        }
        Timestamp::try_from(SystemTime::now()).expect("system clock out of range")
    }

    /// The civil date and time of this instant at `offset`.
    ///
    /// ```
    /// use core_time::{Offset, Timestamp};
    /// let t = Timestamp::from_unix_secs(1_784_116_800)?; // 2026-07-15T12:00:00Z
    /// let dt = t.to_datetime(Offset::from_seconds(-9_000)?); // -02:30, Newfoundland summer
    /// assert_eq!((dt.hour(), dt.minute()), (9, 30));
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    #[inline]
    pub fn to_datetime(self, offset: Offset) -> DateTime {
        DateTime::from_local_secs(self.secs + offset.seconds() as i64, self.nanos)
    }

    /// This instant moved by `secs` seconds.
    ///
    /// # Errors
    ///
    /// A [`RangeError`] ("timestamp") when the result lies outside
    /// [`MIN`](Self::MIN)..=[`MAX`](Self::MAX).
    ///
    /// ```
    /// use core_time::Timestamp;
    ///
    /// let day = Timestamp::UNIX_EPOCH.checked_add_secs(86_400)?;
    /// assert_eq!(day.unix_secs(), 86_400);
    /// assert!(Timestamp::MAX.checked_add_secs(1).is_err());
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub const fn checked_add_secs(self, secs: i64) -> Result<Timestamp, RangeError> {
        match self.secs.checked_add(secs) {
            Some(s) => Self::from_unix(s, self.nanos),
            None => Err(out_of_range(self.secs as i128 + secs as i128)),
        }
    }
}

/// The largest offset magnitude, 25:59:59.
const MAX_OFFSET: i64 = 26 * 3600 - 1;
const MIN_SECS: i64 = civil::days_from_civil(-9999, 1, 1) * civil::SECS_PER_DAY + MAX_OFFSET;
const MAX_SECS: i64 = civil::days_from_civil(10_000, 1, 1) * civil::SECS_PER_DAY - 1 - MAX_OFFSET;

/// A timestamp `secs` seconds from the epoch is outside [`Timestamp::MIN`]..=[`Timestamp::MAX`].
const fn out_of_range(secs: i128) -> RangeError {
    RangeError::new("timestamp", secs, MIN_SECS as i128, MAX_SECS as i128)
}

impl TryFrom<SystemTime> for Timestamp {
    type Error = RangeError;

    fn try_from(t: SystemTime) -> Result<Timestamp, RangeError> {
        match t.duration_since(SystemTime::UNIX_EPOCH) {
            Ok(d) => {
                let secs =
                    i64::try_from(d.as_secs()).map_err(|_| out_of_range(d.as_secs() as i128))?;
                Timestamp::from_unix(secs, d.subsec_nanos())
            }
            Err(e) => {
                let d = e.duration();
                let secs =
                    i64::try_from(d.as_secs()).map_err(|_| out_of_range(-(d.as_secs() as i128)))?;
                let (s, n) = match d.subsec_nanos() {
                    0 => (-secs, 0),
                    n => (-secs - 1, 1_000_000_000 - n),
                };
                Timestamp::from_unix(s, n)
            }
        }
    }
}

impl From<Timestamp> for SystemTime {
    fn from(t: Timestamp) -> SystemTime {
        if t.secs >= 0 {
            SystemTime::UNIX_EPOCH + Duration::new(t.secs as u64, t.nanos)
        } else {
            SystemTime::UNIX_EPOCH - Duration::new(t.secs.unsigned_abs(), 0)
                + Duration::new(0, t.nanos)
        }
    }
}

/// The system clock read directly: `SystemTime::now` followed by `duration_since` spends a
/// third of its time converting (about 10 ns here); `clock_gettime` hands over the two fields
/// we store.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
mod clock {
    use super::Timestamp;

    /// `struct timespec` on 64-bit Linux: `time_t` and `long` are both 64 bits.
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }

    const CLOCK_REALTIME: i32 = 0;

    extern "C" {
        // The C library's clock_gettime, which std already links on this target.
        fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
    }

    /// The wall clock, or `None` if the call fails or the value is out of range (the caller
    /// then takes the portable route, which reports the problem).
    #[inline]
    pub(super) fn realtime() -> Option<Timestamp> {
        let mut ts = Timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `ts` is a valid, writable `struct timespec` for the duration of the call
        // (the layout above is the 64-bit Linux one, selected by the cfg on this module), and
        // CLOCK_REALTIME is a clock every Linux kernel supports.
        let rc = unsafe { clock_gettime(CLOCK_REALTIME, &mut ts) };
        if rc != 0 || !(0..1_000_000_000).contains(&ts.tv_nsec) {
            return None;
        }
        Timestamp::from_unix(ts.tv_sec, ts.tv_nsec as u32).ok()
    }
}
