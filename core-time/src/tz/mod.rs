//! Time zones: [`TimeZone`] and what it returns.
//!
//! A zone's data comes from a TZif file (RFC 8536) found by name, or from a POSIX TZ string.
//! At load time the transitions are laid out as parallel arrays (UTC instant, local window,
//! type) and the footer rule is expanded through 2040; later instants use the rule through a
//! per-year cache. A conversion is therefore one binary search over a few hundred instants or
//! a cache hit.

mod cache;
mod db;
pub mod posix;
pub mod tzif;
pub(crate) mod zone;

use crate::error::RangeError;
use crate::offset::Offset;
use crate::timestamp::Timestamp;
use crate::zoned::{Abbreviation, Zoned};
use crate::DateTime;
use core::fmt;
use core::ptr::NonNull;
use std::sync::Arc;
use zone::{LocalMatch, Zone};

pub use db::{available_names, embedded_tzif, embedded_version, system_version, Source};

/// A time zone: a name and the rules that map instants to local time and back.
///
/// Cloning is cheap (one reference-counted pointer) and zones are `Send + Sync`.
///
/// ```
/// use core_time::{DateTime, Disambiguation, TimeZone};
/// let la = TimeZone::get("america/los_angeles").unwrap();
/// assert_eq!(la.name(), "America/Los_Angeles");
/// let local = DateTime::new(2026, 7, 15, 5, 0, 0, 0).unwrap();
/// let t = la.to_utc(local, Disambiguation::Compatible).unwrap();
/// assert_eq!(t.unix_secs(), 1_784_116_800);
/// ```
#[derive(Clone)]
pub struct TimeZone {
    inner: Handle,
}

/// How a [`TimeZone`] holds its data. Zones handed out by the process-wide caches
/// ([`TimeZone::get`], [`TimeZone::system`], [`TimeZone::utc`]) live until the process ends,
/// so their handles own nothing: cloning and dropping one is a copy, with no atomic
/// read-modify-write (about 20 cycles each on some Intel server cores). Zones built by the
/// caller are reference counted and freed with their last clone. Either way the data is
/// reached through one pointer, with no branch on which kind of handle it is.
#[derive(Clone)]
struct Handle {
    data: NonNull<Inner>,
    /// The allocation `data` points into, for a counted zone; `None` for an interned one.
    owner: Option<Arc<Inner>>,
}

// The two impls below rest on this: the compiler checks that `Inner` is `Send` and `Sync`.
const _: fn() = || {
    fn shareable<T: Send + Sync>() {}
    shareable::<Inner>();
};

// SAFETY: a `Handle` is a shared reference to an `Inner` (which is `Send` and `Sync`) plus,
// for a counted zone, an `Arc` of it; both may cross and be shared between threads.
unsafe impl Send for Handle {}
// SAFETY: as for `Send`: `&Inner` and `Arc<Inner>` are both `Sync`.
unsafe impl Sync for Handle {}

impl Handle {
    fn counted(inner: Inner) -> Handle {
        let owner = Arc::new(inner);
        Handle { data: NonNull::from(&*owner), owner: Some(owner) }
    }

    fn interned(inner: &'static Inner) -> Handle {
        Handle { data: NonNull::from(inner), owner: None }
    }
}

impl core::ops::Deref for Handle {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        // SAFETY: `data` points to an `Inner` that outlives this handle: the one in `owner`'s
        // allocation, which `owner` keeps alive, or an interned one, which is never freed.
        unsafe { self.data.as_ref() }
    }
}

struct Inner {
    name: Box<str>,
    source: Source,
    zone: Zone,
}

/// What to do with a local time that a zone skips (a gap) or shows twice (an overlap).
///
/// ```
/// use core_time::{DateTime, Disambiguation, TimeZone};
/// let ny = TimeZone::get("America/New_York")?;
/// // 01:30 on 2026-11-01 happens twice: first in EDT (-04:00), then in EST (-05:00).
/// let wall = DateTime::new(2026, 11, 1, 1, 30, 0, 0)?;
/// let first = ny.to_utc(wall, Disambiguation::Earlier)?;
/// let second = ny.to_utc(wall, Disambiguation::Later)?;
/// assert_eq!(second.unix_secs() - first.unix_secs(), 3600);
/// assert_eq!(ny.to_utc(wall, Disambiguation::Compatible)?, first);
/// assert!(ny.to_utc(wall, Disambiguation::Reject).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Disambiguation {
    /// In a gap, the later instant (the clock reading pushed forward by the gap's length); in an
    /// overlap, the earlier. This is what most systems do (RFC 5545, Temporal, java.time).
    #[default]
    Compatible,
    /// The earlier of the two candidate instants.
    Earlier,
    /// The later of the two candidate instants.
    Later,
    /// An error for any local time that is not unique.
    Reject,
}

/// Why a local time did not give an instant.
///
/// ```
/// use core_time::{DateTime, Disambiguation, LocalTimeError, Offset, TimeZone};
/// let paris = TimeZone::get("Europe/Paris")?;
/// let skipped = DateTime::new(2026, 3, 29, 2, 30, 0, 0)?; // clocks jump 02:00 -> 03:00
/// let err = paris.to_utc(skipped, Disambiguation::Reject).unwrap_err();
/// let (cet, cest) = (Offset::from_hours(1)?, Offset::from_hours(2)?);
/// assert_eq!(err, LocalTimeError::Gap { before: cet, after: cest });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LocalTimeError {
    /// The zone's clocks skipped this time (with [`Disambiguation::Reject`]).
    Gap {
        /// Offset before the jump.
        before: Offset,
        /// Offset after the jump.
        after: Offset,
    },
    /// The zone's clocks showed this time twice (with [`Disambiguation::Reject`]).
    Ambiguous {
        /// Offset of the first occurrence.
        earlier: Offset,
        /// Offset of the second occurrence.
        later: Offset,
    },
    /// The instant would be outside [`Timestamp::MIN`] ..= [`Timestamp::MAX`].
    OutOfRange,
}

impl fmt::Display for LocalTimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LocalTimeError::Gap { before, after } => {
                write!(f, "local time skipped by a transition from {before} to {after}")
            }
            LocalTimeError::Ambiguous { earlier, later } => {
                write!(f, "local time occurs twice, at offsets {earlier} and {later}")
            }
            LocalTimeError::OutOfRange => f.write_str("instant out of range"),
        }
    }
}

impl std::error::Error for LocalTimeError {}

/// Why a zone could not be loaded.
///
/// ```
/// use core_time::{TimeZone, TzError};
/// assert!(matches!(TimeZone::get("Mars/Olympus_Mons"), Err(TzError::NotFound(_))));
/// assert!(matches!(TimeZone::get("../etc/passwd"), Err(TzError::InvalidName(_))));
/// let err = TimeZone::from_posix("EST5EDT,M3.2.0").unwrap_err(); // no end rule
/// assert!(matches!(err, TzError::Posix(_)));
/// assert!(std::error::Error::source(&err).is_some());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TzError {
    /// No zone of this name in `TZDIR`, the system database or the embedded one.
    NotFound(String),
    /// The name is not a valid zone name (empty, absolute, `..`, odd characters).
    InvalidName(String),
    /// The zone's TZif data is malformed.
    Tzif(tzif::TzifError),
    /// The POSIX TZ string is malformed.
    Posix(posix::PosixError),
    /// The file could not be read.
    Io(String),
}

impl fmt::Display for TzError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TzError::NotFound(n) => write!(f, "time zone {n:?} not found"),
            TzError::InvalidName(n) => write!(f, "invalid time zone name {n:?}"),
            TzError::Tzif(e) => write!(f, "malformed TZif data: {e}"),
            TzError::Posix(e) => e.fmt(f),
            TzError::Io(e) => write!(f, "reading time zone data: {e}"),
        }
    }
}

impl std::error::Error for TzError {
    /// The TZif or POSIX parse error this one wraps, if any.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TzError::Tzif(e) => Some(e),
            TzError::Posix(e) => Some(e),
            TzError::NotFound(_) | TzError::InvalidName(_) | TzError::Io(_) => None,
        }
    }
}

impl From<tzif::TzifError> for TzError {
    fn from(e: tzif::TzifError) -> Self {
        TzError::Tzif(e)
    }
}

impl From<posix::PosixError> for TzError {
    fn from(e: posix::PosixError) -> Self {
        TzError::Posix(e)
    }
}

/// One change of a zone's local time.
///
/// ```
/// use core_time::{TimeZone, Timestamp};
/// let berlin = TimeZone::get("Europe/Berlin")?;
/// let start: Timestamp = "2026-01-01T00:00:00Z".parse()?;
/// let next = berlin.transitions_after(start).next().unwrap();
/// assert_eq!(next.timestamp().to_string(), "2026-03-29T01:00:00.0000000Z");
/// assert_eq!((next.offset().seconds(), next.abbreviation().as_str(), next.is_dst()), (7200, "CEST", true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transition {
    timestamp: Timestamp,
    offset: Offset,
    abbreviation: Abbreviation,
    is_dst: bool,
}

impl Transition {
    /// The instant of the change.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    ///
    /// let ny = TimeZone::get("America/New_York").unwrap();
    /// let start = Timestamp::from_unix_secs(1_767_225_600).unwrap(); // 2026-01-01T00:00:00Z
    /// let (spring, fall) = {
    ///     let mut it = ny.transitions_after(start);
    ///     (it.next().unwrap(), it.next().unwrap())
    /// };
    /// assert_eq!(spring.timestamp().to_string(), "2026-03-08T07:00:00.0000000Z"); // 02:00 EST
    /// assert!(spring.timestamp() < fall.timestamp());
    /// ```
    pub const fn timestamp(&self) -> Timestamp {
        self.timestamp
    }
    /// The offset from this instant on.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    ///
    /// let ny = TimeZone::get("America/New_York").unwrap();
    /// let start = Timestamp::from_unix_secs(1_767_225_600).unwrap(); // 2026-01-01T00:00:00Z
    /// let (spring, fall) = {
    ///     let mut it = ny.transitions_after(start);
    ///     (it.next().unwrap(), it.next().unwrap())
    /// };
    /// assert_eq!(spring.offset().seconds(), -4 * 3600);
    /// assert_eq!(fall.offset().seconds(), -5 * 3600);
    /// ```
    pub const fn offset(&self) -> Offset {
        self.offset
    }
    /// The abbreviation from this instant on.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    ///
    /// let ny = TimeZone::get("America/New_York").unwrap();
    /// let start = Timestamp::from_unix_secs(1_767_225_600).unwrap(); // 2026-01-01T00:00:00Z
    /// let (spring, fall) = {
    ///     let mut it = ny.transitions_after(start);
    ///     (it.next().unwrap(), it.next().unwrap())
    /// };
    /// assert_eq!((spring.abbreviation().as_str(), fall.abbreviation().as_str()), ("EDT", "EST"));
    /// ```
    pub const fn abbreviation(&self) -> Abbreviation {
        self.abbreviation
    }
    /// Whether daylight-saving time is in effect from this instant on.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    ///
    /// let ny = TimeZone::get("America/New_York").unwrap();
    /// let start = Timestamp::from_unix_secs(1_767_225_600).unwrap(); // 2026-01-01T00:00:00Z
    /// let (spring, fall) = {
    ///     let mut it = ny.transitions_after(start);
    ///     (it.next().unwrap(), it.next().unwrap())
    /// };
    /// assert!(spring.is_dst());
    /// assert!(!fall.is_dst());
    /// ```
    pub const fn is_dst(&self) -> bool {
        self.is_dst
    }
}

impl TimeZone {
    fn new(name: &str, source: Source, zone: Zone) -> TimeZone {
        TimeZone { inner: Handle::counted(Inner { name: name.into(), source, zone }) }
    }

    /// This zone as a handle for the process-wide caches, which keep their zones until the
    /// process ends: its data is never freed, and its clones are copies.
    pub(crate) fn interned(self) -> TimeZone {
        match self.inner.owner {
            None => self,
            Some(arc) => {
                let kept: &'static Arc<Inner> = Box::leak(Box::new(arc));
                TimeZone { inner: Handle::interned(kept) }
            }
        }
    }

    /// The zone of this IANA name (`"Europe/Paris"`), matched ASCII-case-insensitively.
    ///
    /// Looks in `$TZDIR`, then `/usr/share/zoneinfo`, then the embedded database. Each zone
    /// is read once per process and kept until the process ends, so the zone returned (and
    /// each clone of it) is a handle that owns nothing and costs nothing to copy or drop.
    ///
    /// # Errors
    ///
    /// [`TzError::InvalidName`] for a name that cannot be a zone (empty, absolute, with `..`
    /// or characters outside IANA names), [`TzError::NotFound`] when no source has it, and
    /// [`TzError::Tzif`] or [`TzError::Io`] when the file found cannot be read or parsed.
    ///
    /// ```
    /// use core_time::TimeZone;
    /// let kolkata = TimeZone::get("asia/kolkata")?;
    /// assert_eq!(kolkata.name(), "Asia/Kolkata");
    /// assert!(TimeZone::get("Asia/Atlantis").is_err());
    /// # Ok::<(), core_time::TzError>(())
    /// ```
    pub fn get(name: &str) -> Result<TimeZone, TzError> {
        db::get(name)
    }

    /// The zone this process runs in: from `TZ` (a name, `:name`, a file path or a POSIX TZ
    /// string), else `/etc/localtime`, else UTC. Determined once per process.
    ///
    /// ```
    /// use core_time::TimeZone;
    /// let here = TimeZone::system();
    /// println!("this process runs in {here}, now {}", here.now());
    /// ```
    pub fn system() -> TimeZone {
        db::system().clone()
    }

    /// Coordinated Universal Time.
    ///
    /// ```
    /// use core_time::{Offset, TimeZone, Timestamp};
    /// let utc = TimeZone::utc();
    /// assert_eq!(utc.name(), "UTC");
    /// assert_eq!(utc.offset_at(Timestamp::UNIX_EPOCH), Offset::UTC);
    /// ```
    pub fn utc() -> TimeZone {
        db::utc().clone()
    }

    /// A zone that is always `offset` from UTC, named like `+05:30` (`UTC` for zero).
    ///
    /// ```
    /// use core_time::{Offset, TimeZone, Timestamp};
    /// let ist = TimeZone::fixed(Offset::from_seconds(19_800)?);
    /// assert_eq!(ist.name(), "+05:30");
    /// assert_eq!(ist.abbreviation(Timestamp::UNIX_EPOCH).as_str(), "+0530");
    /// # Ok::<(), core_time::RangeError>(())
    /// ```
    pub fn fixed(offset: Offset) -> TimeZone {
        if offset == Offset::UTC {
            return Self::utc();
        }
        let name = offset.to_string();
        let abbr_text: String = name.chars().filter(|&c| c != ':').collect();
        let abbr = Abbreviation::new(abbr_text.as_bytes()).unwrap_or(Abbreviation::UTC);
        TimeZone::new(&name, Source::Fixed, Zone::fixed(offset.seconds(), abbr))
    }

    /// A zone from the bytes of a TZif file (RFC 8536, versions 1 to 4), under the given name.
    ///
    /// # Errors
    ///
    /// [`TzError::Tzif`] when the bytes are not a well-formed TZif file (the wrapped
    /// [`tzif::TzifError`] says what is wrong), including a malformed POSIX footer.
    ///
    /// ```
    /// use core_time::{tz, TimeZone, Timestamp};
    /// let bytes = tz::embedded_tzif("Europe/Rome").expect("the embedded database has Rome");
    /// let rome = TimeZone::from_tzif("Rome", bytes)?;
    /// assert_eq!(rome.offset_at(Timestamp::UNIX_EPOCH).seconds(), 3600);
    /// assert!(TimeZone::from_tzif("junk", b"not a TZif file").is_err());
    /// # Ok::<(), core_time::TzError>(())
    /// ```
    pub fn from_tzif(name: &str, bytes: &[u8]) -> Result<TimeZone, TzError> {
        Ok(TimeZone::new(name, Source::Bytes, Zone::from_tzif(tzif::parse(bytes)?)))
    }

    pub(crate) fn from_tzif_with_source(
        name: &str,
        bytes: &[u8],
        source: Source,
    ) -> Result<TimeZone, TzError> {
        Ok(TimeZone::new(name, source, Zone::from_tzif(tzif::parse(bytes)?)))
    }

    /// A zone from a POSIX TZ string such as `"EST5EDT,M3.2.0,M11.1.0"`, applied to all years.
    /// The zone's name is the string itself.
    ///
    /// # Errors
    ///
    /// [`TzError::Posix`] with the byte position and reason (see [`posix::PosixTz::parse`] for
    /// the grammar).
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    /// let eastern = TimeZone::from_posix("EST5EDT,M3.2.0,M11.1.0")?;
    /// let july: Timestamp = "2026-07-04T16:00:00Z".parse()?;
    /// assert_eq!(eastern.abbreviation(july).as_str(), "EDT");
    /// assert!(TimeZone::from_posix("EST5EDT,M13.2.0,M11.1.0").is_err()); // month 13
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_posix(tz: &str) -> Result<TimeZone, TzError> {
        let rule = posix::PosixTz::parse(tz.as_bytes())?;
        Ok(TimeZone::new(tz, Source::Posix, Zone::from_posix(rule)))
    }

    /// The name: the canonical spelling of an IANA name, the POSIX string, or what the zone
    /// was built with.
    ///
    /// ```
    /// use core_time::TimeZone;
    /// assert_eq!(TimeZone::get("EUROPE/LONDON")?.name(), "Europe/London");
    /// assert_eq!(TimeZone::from_posix("<+03>-3")?.name(), "<+03>-3");
    /// # Ok::<(), core_time::TzError>(())
    /// ```
    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// Where the zone's data came from.
    ///
    /// ```
    /// use core_time::{tz::Source, Offset, TimeZone};
    /// assert_eq!(TimeZone::fixed(Offset::from_hours(3)?).source(), &Source::Fixed);
    /// match TimeZone::get("Asia/Tokyo")?.source() {
    ///     Source::File(path) => println!("read from {}", path.display()),
    ///     other => println!("from {other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn source(&self) -> &Source {
        &self.inner.source
    }

    #[inline]
    fn zoned(&self, t: Timestamp, ty: u32) -> Zoned {
        let lt = &self.inner.zone.types[ty as usize];
        Zoned::new(t, Offset::from_seconds_unchecked(lt.offset), lt.abbr, lt.is_dst)
    }

    /// The local type (offset, DST flag, abbreviation) at UTC second `secs`.
    #[cfg(feature = "chrono")]
    #[inline]
    pub(crate) fn local_type_at(&self, secs: i64) -> &tzif::LocalType {
        self.inner.zone.type_at(secs)
    }

    /// The local type at UTC second `secs` and the standard offset behind it (its own offset
    /// unless it is daylight time).
    #[cfg(all(feature = "chrono", feature = "embedded-tzdb"))]
    #[inline]
    pub(crate) fn local_type_and_standard_at(&self, secs: i64) -> (&tzif::LocalType, i32) {
        let zone = &self.inner.zone;
        let ty = zone.type_index_at(secs) as usize;
        (&zone.types[ty], zone.std_offsets[ty])
    }

    /// How a local wall-clock second maps to instants.
    #[cfg(feature = "chrono")]
    pub(crate) fn local_match(&self, local: i64) -> LocalMatch {
        self.inner.zone.local_match(local)
    }

    /// The instant `t` as shown on this zone's clocks.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    /// let sydney = TimeZone::get("Australia/Sydney")?;
    /// let z = sydney.to_local("2026-01-15T00:00:00Z".parse::<Timestamp>()?);
    /// assert_eq!((z.datetime().hour(), z.abbreviation().as_str(), z.is_dst()), (11, "AEDT", true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn to_local(&self, t: Timestamp) -> Zoned {
        self.zoned(t, self.inner.zone.type_index_at(t.unix_secs()))
    }

    /// The zone's offset from UTC at `t`.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    /// let kathmandu = TimeZone::get("Asia/Kathmandu")?;
    /// assert_eq!(kathmandu.offset_at("2026-07-15T12:00:00Z".parse::<Timestamp>()?).to_string(), "+05:45");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn offset_at(&self, t: Timestamp) -> Offset {
        Offset::from_seconds_unchecked(self.inner.zone.type_at(t.unix_secs()).offset)
    }

    /// The zone's standard offset at `t`: [`offset_at`](Self::offset_at) without the
    /// daylight-saving amount. TZif data records only total offsets and a DST flag, so for a
    /// daylight period this is the standard offset in force around it (see the README for the
    /// few wartime periods where the tz sources say otherwise).
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    /// let berlin = TimeZone::get("Europe/Berlin")?;
    /// let summer: Timestamp = "2026-07-15T12:00:00Z".parse()?;
    /// assert_eq!(berlin.offset_at(summer).seconds(), 7200);
    /// assert_eq!(berlin.standard_offset_at(summer).seconds(), 3600);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn standard_offset_at(&self, t: Timestamp) -> Offset {
        let zone = &self.inner.zone;
        let ty = zone.type_index_at(t.unix_secs()) as usize;
        Offset::from_seconds_unchecked(zone.std_offsets[ty])
    }

    /// Whether daylight-saving time is in effect at `t`.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    /// let chicago = TimeZone::get("America/Chicago")?;
    /// assert!(chicago.is_dst("2026-07-15T12:00:00Z".parse::<Timestamp>()?));
    /// assert!(!chicago.is_dst("2026-01-15T12:00:00Z".parse::<Timestamp>()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_dst(&self, t: Timestamp) -> bool {
        self.inner.zone.type_at(t.unix_secs()).is_dst
    }

    /// The zone's abbreviation at `t` (`PST`, `CEST`, `+0530`).
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    /// let la = TimeZone::get("America/Los_Angeles")?;
    /// assert_eq!(la.abbreviation("2026-01-15T12:00:00Z".parse::<Timestamp>()?).as_str(), "PST");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn abbreviation(&self, t: Timestamp) -> Abbreviation {
        self.inner.zone.type_at(t.unix_secs()).abbr
    }

    /// The instant at which this zone's clocks show `local`, resolving gaps and overlaps as
    /// `disambiguation` says.
    ///
    /// # Errors
    ///
    /// With [`Disambiguation::Reject`], [`LocalTimeError::Gap`] or
    /// [`LocalTimeError::Ambiguous`] (with the offsets on either side) for a local time that is
    /// skipped or repeated; with any mode, [`LocalTimeError::OutOfRange`] when the instant
    /// would fall outside [`Timestamp::MIN`]..=[`Timestamp::MAX`].
    ///
    /// ```
    /// use core_time::{DateTime, Disambiguation, TimeZone};
    /// let london = TimeZone::get("Europe/London")?;
    /// let wall = DateTime::new(2026, 7, 15, 13, 0, 0, 0)?;
    /// let t = london.to_utc(wall, Disambiguation::Reject)?; // unique: BST
    /// assert_eq!(t.to_string(), "2026-07-15T12:00:00.0000000Z");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_utc(
        &self,
        local: DateTime,
        disambiguation: Disambiguation,
    ) -> Result<Timestamp, LocalTimeError> {
        let l = local.local_secs();
        let offset = match (self.inner.zone.local_match(l), disambiguation) {
            (LocalMatch::Unique(o), _) => o,
            (
                LocalMatch::Gap { before, .. },
                Disambiguation::Compatible | Disambiguation::Later,
            ) => before,
            (LocalMatch::Gap { after, .. }, Disambiguation::Earlier) => after,
            (
                LocalMatch::Overlap { earlier, .. },
                Disambiguation::Compatible | Disambiguation::Earlier,
            ) => earlier,
            (LocalMatch::Overlap { later, .. }, Disambiguation::Later) => later,
            (LocalMatch::Gap { before, after }, Disambiguation::Reject) => {
                return Err(LocalTimeError::Gap {
                    before: Offset::from_seconds_unchecked(before),
                    after: Offset::from_seconds_unchecked(after),
                })
            }
            (LocalMatch::Overlap { earlier, later }, Disambiguation::Reject) => {
                return Err(LocalTimeError::Ambiguous {
                    earlier: Offset::from_seconds_unchecked(earlier),
                    later: Offset::from_seconds_unchecked(later),
                })
            }
        };
        Timestamp::from_unix(l - offset as i64, local.nanosecond())
            .map_err(|_: RangeError| LocalTimeError::OutOfRange)
    }

    /// [`to_utc`](Self::to_utc) followed by [`to_local`](Self::to_local).
    ///
    /// # Errors
    ///
    /// As [`to_utc`](Self::to_utc).
    ///
    /// ```
    /// use core_time::{DateTime, Disambiguation, TimeZone};
    /// let paris = TimeZone::get("Europe/Paris")?;
    /// let skipped = DateTime::new(2026, 3, 29, 2, 30, 0, 0)?;
    /// let z = paris.to_zoned(skipped, Disambiguation::Compatible)?; // pushed past the gap
    /// assert_eq!(z.to_string(), "2026-03-29T03:30:00.0000000+02:00");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_zoned(
        &self,
        local: DateTime,
        disambiguation: Disambiguation,
    ) -> Result<Zoned, LocalTimeError> {
        self.to_utc(local, disambiguation).map(|t| self.to_local(t))
    }

    /// The transitions strictly after `t`, earliest first. Entries that would change nothing
    /// visible (offset, abbreviation and DST flag all equal) are left out.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    /// let ny = TimeZone::get("America/New_York")?;
    /// let start: Timestamp = "2026-01-01T00:00:00Z".parse()?;
    /// let names: Vec<_> = ny.transitions_after(start).take(3).map(|t| t.abbreviation()).collect();
    /// assert_eq!(names.iter().map(|a| a.as_str()).collect::<Vec<_>>(), ["EDT", "EST", "EDT"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn transitions_after(&self, t: Timestamp) -> impl Iterator<Item = Transition> + '_ {
        self.inner.zone.transitions_forward(t.unix_secs()).map(|(s, ty)| self.transition(s, ty))
    }

    /// The transitions at or before `t`, latest first.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    /// let ny = TimeZone::get("America/New_York")?;
    /// let last = ny.transitions_before("2026-07-01T00:00:00Z".parse::<Timestamp>()?).next().unwrap();
    /// assert_eq!(last.timestamp().to_string(), "2026-03-08T07:00:00.0000000Z");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn transitions_before(&self, t: Timestamp) -> impl Iterator<Item = Transition> + '_ {
        self.inner.zone.transitions_back(t.unix_secs()).map(|(s, ty)| self.transition(s, ty))
    }

    fn transition(&self, secs: i64, ty: u32) -> Transition {
        let lt = &self.inner.zone.types[ty as usize];
        Transition {
            timestamp: Timestamp::from_unix(secs, 0).unwrap_or(if secs < 0 {
                Timestamp::MIN
            } else {
                Timestamp::MAX
            }),
            offset: Offset::from_seconds_unchecked(lt.offset),
            abbreviation: lt.abbr,
            is_dst: lt.is_dst,
        }
    }

    /// The current time in this zone.
    ///
    /// The zone remembers the span between the transitions around the last answer, so a call
    /// is a clock read, a comparison and the civil-date arithmetic.
    ///
    /// ```
    /// use core_time::TimeZone;
    /// let tokyo = TimeZone::get("Asia/Tokyo")?;
    /// let now = tokyo.now();
    /// assert_eq!(now.offset().seconds(), 9 * 3600); // Japan keeps no daylight time
    /// # Ok::<(), core_time::TzError>(())
    /// ```
    pub fn now(&self) -> Zoned {
        let t = Timestamp::now();
        let secs = t.unix_secs();
        let zone = &self.inner.zone;
        if let Some(span) = zone.now.get(secs) {
            let lt = &zone.types[span.ty as usize];
            let (day, sod) = crate::civil::split_secs(secs + lt.offset as i64);
            if day == span.day {
                // Same local day as the cached answer: only the time of day is new.
                let (y, m, d) =
                    ((span.ymd >> 16) as i16 as i32, (span.ymd >> 8) as u8, span.ymd as u8);
                let dt = DateTime::from_fields_unchecked(y, m, d, sod, t.subsec_nanos());
                let offset = Offset::from_seconds_unchecked(lt.offset);
                return Zoned {
                    timestamp: t,
                    datetime: dt,
                    offset,
                    abbreviation: lt.abbr,
                    is_dst: lt.is_dst,
                };
            }
        }
        self.now_slow(t)
    }

    #[cold]
    fn now_slow(&self, t: Timestamp) -> Zoned {
        let secs = t.unix_secs();
        let zone = &self.inner.zone;
        let ty = zone.type_index_at(secs);
        let (from, until) = zone.span_at(secs);
        let z = self.zoned(t, ty);
        let d = z.datetime();
        let ymd = (d.year() as i16 as u16 as u32) << 16 | (d.month() as u32) << 8 | d.day() as u32;
        let (day, _) = crate::civil::split_secs(secs + z.offset().seconds() as i64);
        zone.now.set(from, until, cache::Span { ty, day, ymd });
        z
    }
}

/// The current time in the system's zone ([`TimeZone::system`]).
///
/// ```
/// let now = core_time::now_local();
/// println!("{} ({})", now.format_g(), now.abbreviation());
/// ```
pub fn now_local() -> Zoned {
    db::system().now()
}

impl fmt::Debug for TimeZone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("TimeZone").field(&self.inner.name).finish()
    }
}

impl fmt::Display for TimeZone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.inner.name)
    }
}

/// Zones are equal when they have the same name and come from the same source.
impl PartialEq for TimeZone {
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq::<Inner>(&*self.inner, &*other.inner)
            || (self.inner.name == other.inner.name && self.inner.source == other.inner.source)
    }
}

impl Eq for TimeZone {}

impl core::hash::Hash for TimeZone {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.inner.name.hash(state);
    }
}

impl core::str::FromStr for TimeZone {
    type Err = TzError;
    fn from_str(s: &str) -> Result<Self, TzError> {
        TimeZone::get(s)
    }
}
