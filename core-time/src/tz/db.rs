//! Finding zones by name: `TZDIR`, the system database, the embedded database; the system
//! zone; the process-wide cache of loaded zones.

use super::zone::Zone;
use super::{TimeZone, TzError};
use crate::zoned::Abbreviation;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{OnceLock, RwLock};

/// Where a zone's data came from.
///
/// ```
/// use core_time::{tz::Source, TimeZone};
/// assert_eq!(TimeZone::from_posix("JST-9")?.source(), &Source::Posix);
/// # Ok::<(), core_time::TzError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Source {
    /// A TZif file on disk (under `TZDIR`, `/usr/share/zoneinfo`, or a path in `TZ`).
    File(PathBuf),
    /// The database compiled into this crate (see [`embedded_version`]).
    Embedded,
    /// A POSIX TZ string.
    Posix,
    /// A fixed offset (including UTC).
    Fixed,
    /// TZif bytes handed to [`TimeZone::from_tzif`].
    Bytes,
}

const SYSTEM_DIR: &str = "/usr/share/zoneinfo";

#[cfg(all(feature = "embedded-tzdb", not(feature = "tzdb-backzone")))]
static EMBEDDED: &[u8] = include_bytes!("../../data/tzdb.bin");
#[cfg(feature = "tzdb-backzone")]
static EMBEDDED: &[u8] = include_bytes!("../../data/tzdb-backzone.bin");
#[cfg(not(feature = "embedded-tzdb"))]
static EMBEDDED: &[u8] = &[];

/// The embedded database's index: `(name, TZif bytes)`, sorted by lowercased name.
struct Embedded {
    version: &'static str,
    entries: Vec<(&'static str, &'static [u8])>,
}

fn embedded() -> &'static Embedded {
    static E: OnceLock<Embedded> = OnceLock::new();
    E.get_or_init(|| {
        parse_embedded(EMBEDDED).unwrap_or(Embedded { version: "", entries: Vec::new() })
    })
}

/// Reads the layout written by `scripts/gen-tzdb.py`; `None` if it is not that layout.
fn parse_embedded(b: &'static [u8]) -> Option<Embedded> {
    let rest = b.strip_prefix(b"CTZDB\x01")?;
    let (&vlen, rest) = rest.split_first()?;
    let (version, rest) = split(rest, vlen as usize)?;
    let (count, mut rest) = split(rest, 2)?;
    let count = u16::from_le_bytes([count[0], count[1]]) as usize;
    let mut index = Vec::with_capacity(count.min(rest.len() / 9));
    for _ in 0..count {
        let (&nlen, r) = rest.split_first()?;
        let (name, r) = split(r, nlen as usize)?;
        let (nums, r) = split(r, 8)?;
        let off = u32::from_le_bytes(nums[..4].try_into().ok()?) as usize;
        let len = u32::from_le_bytes(nums[4..].try_into().ok()?) as usize;
        index.push((core::str::from_utf8(name).ok()?, off, len));
        rest = r;
    }
    let data = rest;
    let mut entries = Vec::with_capacity(index.len());
    for (name, off, len) in index {
        entries.push((name, data.get(off..off.checked_add(len)?)?));
    }
    Some(Embedded { version: core::str::from_utf8(version).ok()?, entries })
}

fn split(b: &[u8], n: usize) -> Option<(&[u8], &[u8])> {
    (b.len() >= n).then(|| b.split_at(n))
}

fn cmp_ignore_case(a: &str, b: &str) -> core::cmp::Ordering {
    a.bytes().map(|c| c.to_ascii_lowercase()).cmp(b.bytes().map(|c| c.to_ascii_lowercase()))
}

fn embedded_lookup(name: &str) -> Option<(&'static str, &'static [u8])> {
    let e = &embedded().entries;
    e.binary_search_by(|(n, _)| cmp_ignore_case(n, name)).ok().map(|i| e[i])
}

/// The TZif bytes of a zone in the embedded database (name matched ASCII-case-insensitively);
/// `None` for an unknown name or without the `embedded-tzdb` feature.
///
/// ```
/// # #[cfg(feature = "embedded-tzdb")] {
/// let bytes = core_time::tz::embedded_tzif("asia/tokyo").unwrap();
/// assert!(bytes.starts_with(b"TZif"));
/// assert!(core_time::tz::embedded_tzif("Asia/Atlantis").is_none());
/// # }
/// ```
pub fn embedded_tzif(name: &str) -> Option<&'static [u8]> {
    embedded_lookup(name).map(|(_, b)| b)
}

/// The tz database release compiled into the crate (`"2025b"`), or `""` without the
/// `embedded-tzdb` feature.
///
/// ```
/// let v = core_time::tz::embedded_version();
/// assert!(v.is_empty() || v.starts_with("20"));
/// ```
pub fn embedded_version() -> &'static str {
    embedded().version
}

/// The release of the system's tz database, read from `tzdata.zi` in `$TZDIR` or
/// `/usr/share/zoneinfo`, when there is one.
///
/// ```
/// match core_time::tz::system_version() {
///     Some(v) => println!("system tzdata {v}, embedded {}", core_time::tz::embedded_version()),
///     None => println!("no tzdata.zi on this system"),
/// }
/// ```
pub fn system_version() -> Option<String> {
    for dir in dirs() {
        if let Ok(text) = std::fs::read_to_string(dir.join("tzdata.zi")) {
            let v = text.lines().next()?.strip_prefix("# version ")?.trim().to_string();
            return Some(v);
        }
    }
    None
}

/// The zone names of the embedded database (canonical spelling, sorted
/// case-insensitively); without the `embedded-tzdb` feature, the TZif files under
/// `/usr/share/zoneinfo`.
///
/// ```
/// let names = core_time::tz::available_names();
/// assert!(names.iter().any(|n| n == "Europe/Vienna"));
/// ```
pub fn available_names() -> Vec<String> {
    let e = &embedded().entries;
    if !e.is_empty() {
        return e.iter().map(|(n, _)| n.to_string()).collect();
    }
    let mut out = Vec::new();
    let root = Path::new(SYSTEM_DIR);
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&dir) else { continue };
        for ent in rd.flatten() {
            let p = ent.path();
            if p.is_dir() {
                stack.push(p);
            } else if is_tzif_file(&p) {
                if let Ok(rel) = p.strip_prefix(root) {
                    out.push(rel.to_string_lossy().into_owned());
                }
            }
        }
    }
    out.sort_by(|a, b| cmp_ignore_case(a, b));
    out
}

fn is_tzif_file(p: &Path) -> bool {
    use std::io::Read;
    let mut magic = [0u8; 4];
    std::fs::File::open(p).and_then(|mut f| f.read_exact(&mut magic)).is_ok() && &magic == b"TZif"
}

fn dirs() -> Vec<PathBuf> {
    let mut v = Vec::with_capacity(2);
    if let Some(d) = std::env::var_os("TZDIR") {
        if !d.is_empty() {
            v.push(PathBuf::from(d));
        }
    }
    v.push(PathBuf::from(SYSTEM_DIR));
    v
}

/// IANA names: relative, at most 255 bytes, components of ASCII letters, digits, `_`, `-`,
/// `+` and `.` that are neither `.` nor `..`.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 255
        && name.split('/').all(|c| {
            !c.is_empty()
                && c != "."
                && c != ".."
                && c.bytes().all(|b| b.is_ascii_alphanumeric() || b"_-+.".contains(&b))
        })
}

fn cache() -> &'static RwLock<HashMap<String, TimeZone>> {
    static C: OnceLock<RwLock<HashMap<String, TimeZone>>> = OnceLock::new();
    C.get_or_init(|| RwLock::new(HashMap::new()))
}

/// Zones this thread asked for recently, by the exact name asked: a hit costs a string
/// comparison and no lock.
const RECENT: usize = 8;
thread_local! {
    static RECENT_ZONES: core::cell::RefCell<Vec<(Box<str>, TimeZone)>> =
        const { core::cell::RefCell::new(Vec::new()) };
}

pub(super) fn get(name: &str) -> Result<TimeZone, TzError> {
    let hit = RECENT_ZONES.with(|r| {
        let r = r.borrow();
        r.iter().find(|(n, _)| **n == *name).map(|(_, tz)| tz.clone())
    });
    if let Some(tz) = hit {
        return Ok(tz);
    }
    let tz = get_shared(name)?;
    RECENT_ZONES.with(|r| {
        let mut r = r.borrow_mut();
        if r.len() == RECENT {
            r.pop();
        }
        r.insert(0, (name.into(), tz.clone()));
    });
    Ok(tz)
}

fn get_shared(name: &str) -> Result<TimeZone, TzError> {
    // A name the embedded database knows (a valid name) has a slot of its own: no lock, no
    // lowercase copy.
    #[cfg(feature = "embedded-tzdb")]
    if let Some(found) = crate::tzdb::get_by_name(name, load) {
        return found;
    }
    if !valid_name(name) {
        return Err(TzError::InvalidName(name.to_string()));
    }
    let key = name.to_ascii_lowercase();
    if let Some(tz) = cache().read().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Ok(tz.clone());
    }
    let tz = load(name)?;
    let mut map = cache().write().unwrap_or_else(|e| e.into_inner());
    Ok(map.entry(key).or_insert_with(|| tz.interned()).clone())
}

fn load(name: &str) -> Result<TimeZone, TzError> {
    if name.eq_ignore_ascii_case("UTC") {
        return Ok(utc().clone());
    }
    let emb = embedded_lookup(name);
    let canonical = emb.map_or(name, |(n, _)| n);
    for dir in dirs() {
        let path = dir.join(canonical);
        if let Ok(bytes) = std::fs::read(&path) {
            if bytes.starts_with(b"TZif") {
                return TimeZone::from_tzif_with_source(
                    canonical,
                    &bytes,
                    super::Source::File(path),
                );
            }
        }
    }
    match emb {
        Some((n, bytes)) => TimeZone::from_tzif_with_source(n, bytes, Source::Embedded),
        None => Err(TzError::NotFound(name.to_string())),
    }
}

pub(super) fn utc() -> &'static TimeZone {
    static U: OnceLock<TimeZone> = OnceLock::new();
    U.get_or_init(|| {
        TimeZone::new("UTC", Source::Fixed, Zone::fixed(0, Abbreviation::UTC)).interned()
    })
}

pub(super) fn system() -> &'static TimeZone {
    static S: OnceLock<TimeZone> = OnceLock::new();
    S.get_or_init(|| {
        let tz = std::env::var("TZ").ok();
        detect_system(tz.as_deref(), Path::new("/etc/localtime")).interned()
    })
}

/// The zone named by a `TZ` value, or by the `localtime` file when `TZ` is unset.
pub(super) fn detect_system(tz: Option<&str>, localtime: &Path) -> TimeZone {
    match tz {
        Some("") => utc().clone(),
        Some(v) => {
            let v = v.strip_prefix(':').unwrap_or(v);
            if v.starts_with('/') {
                return from_path(Path::new(v)).unwrap_or_else(|| utc().clone());
            }
            get(v).or_else(|_| TimeZone::from_posix(v)).unwrap_or_else(|_| utc().clone())
        }
        None => from_path(localtime).unwrap_or_else(|| utc().clone()),
    }
}

/// A zone from a TZif file; named by the part of the path after `zoneinfo/` when the file
/// (or the link it is) sits in a zoneinfo tree.
fn from_path(p: &Path) -> Option<TimeZone> {
    let target = std::fs::read_link(p).ok().map(|t| p.parent().map_or(t.clone(), |d| d.join(t)));
    for cand in target.iter().chain(core::iter::once(&p.to_path_buf())) {
        let s = cand.to_string_lossy();
        if let Some(i) = s.rfind("zoneinfo/") {
            if let Ok(tz) = get(&s[i + 9..]) {
                return Some(tz);
            }
        }
    }
    let bytes = std::fs::read(p).ok()?;
    let name = p.file_name().map_or("localtime".into(), |n| n.to_string_lossy().into_owned());
    TimeZone::from_tzif_with_source(&name, &bytes, Source::File(p.to_path_buf())).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tz::Inner;
    use std::sync::Arc;

    #[test]
    fn embedded_index_is_sorted_and_complete() {
        let e = embedded();
        assert!(e.version.len() >= 5, "version {:?}", e.version);
        assert!(e.entries.len() > 500);
        for w in e.entries.windows(2) {
            assert_eq!(cmp_ignore_case(w[0].0, w[1].0), core::cmp::Ordering::Less);
        }
        for (name, bytes) in &e.entries {
            assert!(bytes.starts_with(b"TZif"), "{name}");
        }
        assert!(embedded_lookup("AMERICA/NEW_YORK").is_some());
        assert!(embedded_lookup("America/New_Yorkx").is_none());
    }

    #[test]
    #[cfg(feature = "embedded-tzdb")]
    fn every_spelling_of_a_name_gives_one_zone_from_the_usual_source() {
        // Through the per-variant slots (names the embedded database knows) and through the
        // map (other names), in other threads so that no recent-zone cache answers.
        for name in ["Europe/Paris", "eUROPE/pARIS", "Asia/Kolkata", "UTC", "utc"] {
            let here = get(name).unwrap();
            let there = std::thread::spawn(move || get(name).unwrap()).join().unwrap();
            assert_eq!(here, there, "{name}");
            assert!(is_interned(&here), "{name}");
            let canonical = embedded_lookup(name).map(|(n, _)| n).unwrap();
            assert_eq!(here.name(), canonical);
            let on_disk = dirs().iter().any(|d| d.join(canonical).is_file());
            match here.source() {
                Source::File(_) => assert!(on_disk, "{name}"),
                Source::Embedded => assert!(!on_disk, "{name}"),
                Source::Fixed => assert!(name.eq_ignore_ascii_case("UTC")),
                other => panic!("{name}: {other:?}"),
            }
        }
        assert!(matches!(get("Europe/Atlantis"), Err(TzError::NotFound(_))));
    }

    #[test]
    fn names_are_validated() {
        for bad in ["", "/etc/passwd", "../x", "a//b", "a/./b", "Europe/Paris\0", "é", "a b"] {
            assert!(!valid_name(bad), "{bad:?}");
        }
        for good in ["UTC", "Etc/GMT+5", "America/Port-au-Prince", "America/Argentina/Buenos_Aires"]
        {
            assert!(valid_name(good), "{good:?}");
        }
    }

    fn is_interned(tz: &TimeZone) -> bool {
        tz.inner.owner.is_none()
    }

    #[test]
    fn cached_zones_are_interned_and_built_zones_counted() {
        let paris = TimeZone::get("Europe/Paris").unwrap();
        assert!(is_interned(&paris));
        assert!(is_interned(&TimeZone::utc()));
        assert!(is_interned(&TimeZone::system()));
        // Another spelling misses the per-thread list and finds the shared cache's zone.
        let again = TimeZone::get("EUROPE/PARIS").unwrap();
        assert!(core::ptr::eq::<Inner>(&*paris.inner, &*again.inner));

        let posix = TimeZone::from_posix("EST5EDT,M3.2.0,M11.1.0").unwrap();
        assert!(!is_interned(&posix));
        let copy = posix.clone();
        assert!(core::ptr::eq::<Inner>(&*posix.inner, &*copy.inner));
        assert_eq!(Arc::strong_count(posix.inner.owner.as_ref().unwrap()), 2);
        drop(copy);
        assert_eq!(Arc::strong_count(posix.inner.owner.as_ref().unwrap()), 1);

        // Interning keeps the data where it is, and is idempotent.
        let name = posix.name().as_ptr();
        let kept = posix.interned();
        assert!(is_interned(&kept));
        assert_eq!(kept.name().as_ptr(), name);
        let twice = kept.clone().interned();
        assert!(core::ptr::eq::<Inner>(&*kept.inner, &*twice.inner));
        assert_eq!(twice.name(), "EST5EDT,M3.2.0,M11.1.0");
    }
}
