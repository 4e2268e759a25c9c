//! Error types shared by the crate.

use core::fmt;

/// A value was outside the range this crate represents.
///
/// Timestamps cover 9999 BCE (year -9999) to 9999 CE, date-times the same years, and offsets
/// at most 25:59:59 either side of UTC. The error names the quantity, the value given and the
/// bounds it had to lie in.
///
/// ```
/// use core_time::DateTime;
///
/// let err = DateTime::new(2026, 2, 30, 0, 0, 0, 0).unwrap_err();
/// assert_eq!(err.what(), "day");
/// assert_eq!((err.value(), err.min(), err.max()), (30, 1, 28));
/// assert_eq!(err.to_string(), "day 30 out of range 1..=28");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RangeError {
    what: &'static str,
    value: i128,
    min: i128,
    max: i128,
}

impl RangeError {
    /// `what` was `value`, outside `min..=max`.
    pub(crate) const fn new(what: &'static str, value: i128, min: i128, max: i128) -> Self {
        RangeError { what, value, min, max }
    }

    /// Which quantity was out of range: "year", "month", "day", "hour", "minute", "second",
    /// "nanosecond", "offset" (seconds east of UTC) or "timestamp" (seconds since the Unix
    /// epoch).
    ///
    /// ```
    /// use core_time::{DateTime, Offset, Timestamp};
    ///
    /// assert_eq!(DateTime::new(2026, 7, 15, 5, 60, 0, 0).unwrap_err().what(), "minute");
    /// assert_eq!(Offset::from_seconds(26 * 3600).unwrap_err().what(), "offset");
    /// assert_eq!(Timestamp::from_unix_secs(i64::MAX).unwrap_err().what(), "timestamp");
    /// ```
    pub fn what(&self) -> &'static str {
        self.what
    }

    /// The value that was refused, in the unit [`what`](Self::what) names.
    ///
    /// ```
    /// use core_time::{DateTime, Offset};
    ///
    /// assert_eq!(DateTime::new(2026, 13, 1, 0, 0, 0, 0).unwrap_err().value(), 13);
    /// assert_eq!(Offset::from_seconds(-93_600).unwrap_err().value(), -93_600); // seconds
    /// ```
    pub fn value(&self) -> i128 {
        self.value
    }

    /// The smallest value allowed.
    ///
    /// ```
    /// use core_time::{DateTime, Offset};
    ///
    /// assert_eq!(DateTime::new(10_000, 1, 1, 0, 0, 0, 0).unwrap_err().min(), -9999);
    /// assert_eq!(Offset::from_seconds(100_000).unwrap_err().min(), -93_599); // -25:59:59
    /// ```
    pub fn min(&self) -> i128 {
        self.min
    }

    /// The largest value allowed.
    ///
    /// ```
    /// use core_time::DateTime;
    ///
    /// // The day's upper bound depends on the month and the year.
    /// assert_eq!(DateTime::new(2024, 2, 30, 0, 0, 0, 0).unwrap_err().max(), 29);
    /// assert_eq!(DateTime::new(2026, 4, 31, 0, 0, 0, 0).unwrap_err().max(), 30);
    /// ```
    pub fn max(&self) -> i128 {
        self.max
    }
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} out of range {}..={}", self.what, self.value, self.min, self.max)
    }
}

impl std::error::Error for RangeError {}
