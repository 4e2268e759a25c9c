//! Byte and UTF-16 unit sets built once and searched many times (the `SearchValues` idea).

use super::split::Cursor;
use crate::arch::generic::set::{Kind, Kind16, Spec, Spec16};
use crate::arch::ops::{Auto, Ops, Pinned};
use alloc::boxed::Box;
use core::fmt;
use core::iter::FusedIterator;
use core::ops::RangeInclusive;

/// How a [`ByteSet`] or [`U16Set`] is searched, chosen when the set is built.
///
/// Every strategy gives the same answers; they differ in the work per vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetStrategy {
    /// The set is empty: nothing to compare.
    Empty,
    /// Up to five values, each compared with every lane, the results OR-ed.
    Values(u8),
    /// A contiguous range: one subtraction and one unsigned comparison.
    Range,
    /// Bytes all below 0x80: a 128-bit bitmap read by two 16-entry table lookups (the row by
    /// the low nibble, the bit by the high one) and an AND.
    AsciiBitmap,
    /// Any bytes: the same with two row tables, chosen by the byte's top bit.
    Bitmap,
    /// Units all at most 254: two vectors of units narrowed to one of bytes (clamped and
    /// biased so the narrowing is exact), then searched with the byte strategy given.
    Packed(PackedStrategy),
    /// Other unit sets: candidates whose low byte and high byte both occur in members, by two
    /// byte bitmaps, each confirmed in an exact bitmap of the units.
    Filter,
}

/// The byte strategy under [`SetStrategy::Packed`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PackedStrategy {
    /// Up to five values (biased).
    Values(u8),
    /// A range (biased, wrapping).
    Range,
    /// A bitmap of the biased bytes below 0x80.
    AsciiBitmap,
    /// A two-table bitmap.
    Bitmap,
}

impl fmt::Display for SetStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetStrategy::Empty => f.write_str("empty"),
            SetStrategy::Values(n) => write!(f, "{n} values"),
            SetStrategy::Range => f.write_str("range"),
            SetStrategy::AsciiBitmap => f.write_str("ASCII bitmap"),
            SetStrategy::Bitmap => f.write_str("bitmap"),
            SetStrategy::Packed(p) => write!(f, "packed ({p:?})"),
            SetStrategy::Filter => f.write_str("filter"),
        }
    }
}

fn byte_strategy(kind: &Kind) -> SetStrategy {
    match kind {
        Kind::Empty => SetStrategy::Empty,
        Kind::Values(n, _) => SetStrategy::Values(*n),
        Kind::Range(..) => SetStrategy::Range,
        Kind::Ascii(_) => SetStrategy::AsciiBitmap,
        Kind::Full(..) => SetStrategy::Bitmap,
    }
}

/// The level a set search runs at: the process-wide best, or a [`Backend`](crate::Backend)'s.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Via {
    Auto,
    Pinned(Pinned),
}

macro_rules! via {
    ($($name:ident($($a:ident: $t:ty),*) -> $ret:ty;)*) => {
        impl Via {$(
            #[inline]
            pub(crate) fn $name(self, $($a: $t),*) -> $ret {
                match self {
                    Via::Auto => Auto.$name($($a),*),
                    Via::Pinned(k) => k.$name($($a),*),
                }
            }
        )*}
    };
}

via! {
    memchr(hay: &[u8], a: u8) -> Option<usize>;
    memchr2(hay: &[u8], a: u8, b: u8) -> Option<usize>;
    memchr3(hay: &[u8], a: u8, b: u8, c: u8) -> Option<usize>;
    memrchr(hay: &[u8], a: u8) -> Option<usize>;
    memrchr2(hay: &[u8], a: u8, b: u8) -> Option<usize>;
    memrchr3(hay: &[u8], a: u8, b: u8, c: u8) -> Option<usize>;
    set_find(hay: &[u8], set: &Spec, not: bool) -> Option<usize>;
    set_rfind(hay: &[u8], set: &Spec, not: bool) -> Option<usize>;
    set_mask64(hay: &[u8], set: &Spec, not: bool) -> u64;
    set_find16(hay: &[u16], set: &Spec16, not: bool) -> Option<usize>;
    set_rfind16(hay: &[u16], set: &Spec16, not: bool) -> Option<usize>;
}

/// A set of bytes, analysed once and then searched for with the fastest strategy for its
/// shape (see [`SetStrategy`]): the `IndexOfAny` family over a prebuilt set.
///
/// ```
/// use core_text::search::ByteSet;
/// let vowels = ByteSet::new(b"aeiouAEIOU");
/// assert_eq!(vowels.find(b"rhythm and blues"), Some(7));
/// assert_eq!(vowels.rfind(b"rhythm and blues"), Some(14));
/// assert_eq!(vowels.find_not(b"aeiXou"), Some(3));
/// assert_eq!(vowels.count(b"queueing"), 5);
/// let digits = ByteSet::from(b'0'..=b'9');
/// assert_eq!(digits.find_iter(b"a1b22").collect::<Vec<_>>(), [1, 3, 4]);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ByteSet {
    spec: Spec,
}

impl ByteSet {
    /// The set of the bytes in `bytes` (duplicates allowed).
    pub fn new(bytes: &[u8]) -> ByteSet {
        let mut members = [0u64; 4];
        for &b in bytes {
            members[(b >> 6) as usize] |= 1 << (b & 63);
        }
        ByteSet { spec: Spec::new(members) }
    }

    /// The set of no byte.
    pub fn empty() -> ByteSet {
        ByteSet::new(&[])
    }

    /// The bytes in `range` (empty when its start is past its end).
    pub fn from_range(range: RangeInclusive<u8>) -> ByteSet {
        let mut members = [0u64; 4];
        for b in range {
            members[(b >> 6) as usize] |= 1 << (b & 63);
        }
        ByteSet { spec: Spec::new(members) }
    }

    /// The bytes not in this set.
    pub fn complement(&self) -> ByteSet {
        ByteSet { spec: Spec::new(self.spec.members.map(|w| !w)) }
    }

    /// Is `b` in the set?
    #[inline]
    pub fn contains(&self, b: u8) -> bool {
        self.spec.contains(b)
    }

    /// The number of bytes in the set.
    pub fn len(&self) -> usize {
        self.spec.members.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Is the set empty?
    pub fn is_empty(&self) -> bool {
        self.spec.members == [0; 4]
    }

    /// The members, in increasing order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = u8> + '_ {
        (0..=255u8).filter(|&b| self.contains(b))
    }

    /// The strategy the searches use.
    pub fn strategy(&self) -> SetStrategy {
        byte_strategy(&self.spec.kind)
    }

    /// Does the strategy search the complement (sets of more than 250 bytes look for the
    /// few bytes outside them)?
    pub fn searches_complement(&self) -> bool {
        self.spec.invert
    }

    /// The first position in `haystack` of a byte in the set.
    #[inline]
    pub fn find(&self, haystack: &[u8]) -> Option<usize> {
        Auto.set_find(haystack, &self.spec, false)
    }

    /// The last position in `haystack` of a byte in the set.
    #[inline]
    pub fn rfind(&self, haystack: &[u8]) -> Option<usize> {
        Auto.set_rfind(haystack, &self.spec, false)
    }

    /// The first position in `haystack` of a byte not in the set (`IndexOfAnyExcept`).
    #[inline]
    pub fn find_not(&self, haystack: &[u8]) -> Option<usize> {
        Auto.set_find(haystack, &self.spec, true)
    }

    /// The last position in `haystack` of a byte not in the set.
    #[inline]
    pub fn rfind_not(&self, haystack: &[u8]) -> Option<usize> {
        Auto.set_rfind(haystack, &self.spec, true)
    }

    /// Does `haystack` hold a byte of the set?
    #[inline]
    pub fn contains_any(&self, haystack: &[u8]) -> bool {
        self.find(haystack).is_some()
    }

    /// The number of bytes of `haystack` in the set.
    #[inline]
    pub fn count(&self, haystack: &[u8]) -> usize {
        Auto.set_count(haystack, &self.spec, false)
    }

    /// Every position in `haystack` of a byte in the set; double-ended.
    #[inline]
    pub fn find_iter<'h>(&self, haystack: &'h [u8]) -> ByteSetIter<'h> {
        ByteSetIter(Cursor::new(haystack, self.spec, Via::Auto))
    }

    pub(crate) fn spec(&self) -> &Spec {
        &self.spec
    }
}

impl Default for ByteSet {
    fn default() -> ByteSet {
        ByteSet::empty()
    }
}

impl fmt::Debug for ByteSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Members<'a>(&'a ByteSet);
        impl fmt::Debug for Members<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let mut l = f.debug_list();
                for b in self.0.iter() {
                    l.entry(&format_args!("{}", core::ascii::escape_default(b)));
                }
                l.finish()
            }
        }
        f.debug_struct("ByteSet")
            .field("members", &Members(self))
            .field("strategy", &self.strategy())
            .finish()
    }
}

impl From<&[u8]> for ByteSet {
    fn from(bytes: &[u8]) -> ByteSet {
        ByteSet::new(bytes)
    }
}

impl<const N: usize> From<&[u8; N]> for ByteSet {
    fn from(bytes: &[u8; N]) -> ByteSet {
        ByteSet::new(bytes)
    }
}

impl From<RangeInclusive<u8>> for ByteSet {
    fn from(range: RangeInclusive<u8>) -> ByteSet {
        ByteSet::from_range(range)
    }
}

impl FromIterator<u8> for ByteSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> ByteSet {
        let mut members = [0u64; 4];
        for b in iter {
            members[(b >> 6) as usize] |= 1 << (b & 63);
        }
        ByteSet { spec: Spec::new(members) }
    }
}

/// The positions of a [`ByteSet`]'s bytes in a haystack ([`ByteSet::find_iter`]):
/// double-ended, a 64-bit mask per 64-byte block where they are dense.
#[derive(Clone, Debug)]
pub struct ByteSetIter<'h>(Cursor<'h>);

super::split::cursor_iterator!(ByteSetIter);

/// A set of UTF-16 code units, analysed once: [`ByteSet`] for `&[u16]` haystacks.
///
/// Sets whose members are all at most 254 (ASCII and most Latin-1 punctuation) take the
/// packed path, searching twice as many units per compare.
///
/// ```
/// use core_text::search::{SetStrategy, U16Set};
/// let hay: Vec<u16> = "key = value; other".encode_utf16().collect();
/// let seps = U16Set::new(&[b'=' as u16, b';' as u16, b',' as u16, b'&' as u16, b'|' as u16, b'#' as u16]);
/// assert!(matches!(seps.strategy(), SetStrategy::Packed(_)));
/// assert_eq!(seps.find(&hay), Some(4));
/// assert_eq!(seps.rfind(&hay), Some(11));
/// assert_eq!(seps.count(&hay), 2);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct U16Set {
    spec: Spec16,
}

impl U16Set {
    /// The set of the units in `units` (duplicates allowed).
    pub fn new(units: &[u16]) -> U16Set {
        units.iter().copied().collect()
    }

    /// The units in `range` (empty when its start is past its end).
    pub fn from_range(range: RangeInclusive<u16>) -> U16Set {
        range.collect()
    }

    /// The units not in this set.
    pub fn complement(&self) -> U16Set {
        let mut members = Box::new(*self.spec.members);
        for w in members.iter_mut() {
            *w = !*w;
        }
        U16Set { spec: Spec16::new(members) }
    }

    /// Is `u` in the set?
    #[inline]
    pub fn contains(&self, u: u16) -> bool {
        self.spec.contains(u)
    }

    /// The number of units in the set.
    pub fn len(&self) -> usize {
        self.spec.members.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Is the set empty?
    pub fn is_empty(&self) -> bool {
        self.spec.members.iter().all(|&w| w == 0)
    }

    /// The members, in increasing order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = u16> + '_ {
        (0..=u16::MAX).filter(|&u| self.contains(u))
    }

    /// The strategy the searches use.
    pub fn strategy(&self) -> SetStrategy {
        match &self.spec.kind {
            Kind16::Empty => SetStrategy::Empty,
            Kind16::Values(n, _) => SetStrategy::Values(*n),
            Kind16::Range(..) => SetStrategy::Range,
            Kind16::Packed(s) => SetStrategy::Packed(match s.kind {
                Kind::Values(n, _) => PackedStrategy::Values(n),
                Kind::Range(..) => PackedStrategy::Range,
                Kind::Ascii(_) => PackedStrategy::AsciiBitmap,
                Kind::Empty | Kind::Full(..) => PackedStrategy::Bitmap,
            }),
            Kind16::Filter(..) => SetStrategy::Filter,
        }
    }

    /// Does the strategy search the complement (sets of all but at most five units)?
    pub fn searches_complement(&self) -> bool {
        self.spec.invert
    }

    /// The first position in `haystack` of a unit in the set.
    #[inline]
    pub fn find(&self, haystack: &[u16]) -> Option<usize> {
        Auto.set_find16(haystack, &self.spec, false)
    }

    /// The last position in `haystack` of a unit in the set.
    #[inline]
    pub fn rfind(&self, haystack: &[u16]) -> Option<usize> {
        Auto.set_rfind16(haystack, &self.spec, false)
    }

    /// The first position in `haystack` of a unit not in the set.
    #[inline]
    pub fn find_not(&self, haystack: &[u16]) -> Option<usize> {
        Auto.set_find16(haystack, &self.spec, true)
    }

    /// The last position in `haystack` of a unit not in the set.
    #[inline]
    pub fn rfind_not(&self, haystack: &[u16]) -> Option<usize> {
        Auto.set_rfind16(haystack, &self.spec, true)
    }

    /// Does `haystack` hold a unit of the set?
    #[inline]
    pub fn contains_any(&self, haystack: &[u16]) -> bool {
        self.find(haystack).is_some()
    }

    /// The number of units of `haystack` in the set.
    #[inline]
    pub fn count(&self, haystack: &[u16]) -> usize {
        Auto.set_count16(haystack, &self.spec, false)
    }

    /// Every position in `haystack` of a unit in the set; double-ended.
    #[inline]
    pub fn find_iter<'h, 's>(&'s self, haystack: &'h [u16]) -> U16SetIter<'h, 's> {
        U16SetIter { set: self, hay: haystack, start: 0, end: haystack.len(), via: Via::Auto }
    }

    pub(crate) fn spec(&self) -> &Spec16 {
        &self.spec
    }
}

impl Default for U16Set {
    fn default() -> U16Set {
        U16Set::new(&[])
    }
}

impl fmt::Debug for U16Set {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Members<'a>(&'a U16Set);
        impl fmt::Debug for Members<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let mut l = f.debug_list();
                for u in self.0.iter().take(64) {
                    l.entry(&format_args!("{u:#06x}"));
                }
                if self.0.len() > 64 {
                    l.entry(&format_args!("... {} in all", self.0.len()));
                }
                l.finish()
            }
        }
        f.debug_struct("U16Set")
            .field("members", &Members(self))
            .field("strategy", &self.strategy())
            .finish()
    }
}

impl FromIterator<u16> for U16Set {
    fn from_iter<I: IntoIterator<Item = u16>>(iter: I) -> U16Set {
        let mut members = Box::new([0u64; 1024]);
        for u in iter {
            members[(u >> 6) as usize] |= 1 << (u & 63);
        }
        U16Set { spec: Spec16::new(members) }
    }
}

impl From<&[u16]> for U16Set {
    fn from(units: &[u16]) -> U16Set {
        U16Set::new(units)
    }
}

impl From<RangeInclusive<u16>> for U16Set {
    fn from(range: RangeInclusive<u16>) -> U16Set {
        U16Set::from_range(range)
    }
}

/// The positions of a [`U16Set`]'s units in a haystack ([`U16Set::find_iter`]).
#[derive(Clone, Debug)]
pub struct U16SetIter<'h, 's> {
    set: &'s U16Set,
    hay: &'h [u16],
    start: usize,
    end: usize,
    via: Via,
}

impl Iterator for U16SetIter<'_, '_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let part = &self.hay[self.start..self.end];
        let at = self.start + self.via.set_find16(part, &self.set.spec, false)?;
        self.start = at + 1;
        Some(at)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.end - self.start))
    }
}

impl DoubleEndedIterator for U16SetIter<'_, '_> {
    #[inline]
    fn next_back(&mut self) -> Option<usize> {
        let part = &self.hay[self.start..self.end];
        let at = self.start + self.via.set_rfind16(part, &self.set.spec, false)?;
        self.end = at;
        Some(at)
    }
}

impl FusedIterator for U16SetIter<'_, '_> {}

/// The first position in `haystack` of a byte in `lo..=hi` (none when `lo > hi`): one
/// subtraction and one unsigned comparison per vector.
///
/// ```
/// assert_eq!(core_text::search::find_in_range(b"abc123", b'0', b'9'), Some(3));
/// ```
#[inline]
pub fn find_in_range(haystack: &[u8], lo: u8, hi: u8) -> Option<usize> {
    Auto.set_find(haystack, &range_spec(lo, hi), false)
}

/// The first position in `haystack` of a byte outside `lo..=hi`.
///
/// ```
/// assert_eq!(core_text::search::find_not_in_range(b"1234x6", b'0', b'9'), Some(4));
/// ```
#[inline]
pub fn find_not_in_range(haystack: &[u8], lo: u8, hi: u8) -> Option<usize> {
    Auto.set_find(haystack, &range_spec(lo, hi), true)
}

/// The last position in `haystack` of a byte in `lo..=hi`.
#[inline]
pub fn rfind_in_range(haystack: &[u8], lo: u8, hi: u8) -> Option<usize> {
    Auto.set_rfind(haystack, &range_spec(lo, hi), false)
}

/// The last position in `haystack` of a byte outside `lo..=hi`.
#[inline]
pub fn rfind_not_in_range(haystack: &[u8], lo: u8, hi: u8) -> Option<usize> {
    Auto.set_rfind(haystack, &range_spec(lo, hi), true)
}

/// The spec of one to three needles (repeats allowed), built directly (no analysis).
///
/// Inline and without indexed stores: each membership word is computed in a register (a
/// store to `members[b >> 6]` followed by a load of the whole array stalls on store
/// forwarding, which was most of the cost of starting a `memchr_iter` on a short haystack).
#[inline]
pub(crate) fn needle_spec(needles: &[u8]) -> Spec {
    let mut v = [needles[0]; 5];
    v[..needles.len()].copy_from_slice(needles);
    let members: [u64; 4] = core::array::from_fn(|k| {
        needles.iter().fold(0, |m, &b| m | u64::from(usize::from(b >> 6) == k) << (b & 63))
    });
    Spec { kind: Kind::Values(needles.len() as u8, v), invert: false, members }
}

/// The spec of `lo..=hi` built directly (no analysis).
#[inline]
fn range_spec(lo: u8, hi: u8) -> Spec {
    let mut members = [0u64; 4];
    for (k, w) in members.iter_mut().enumerate() {
        let base = 64 * k as u32;
        let (a, b) = ((lo as u32).max(base), (hi as u32).min(base + 63));
        if a <= b {
            *w = core_cpu::vector::low_bits((b - a + 1) as usize) << (a - base);
        }
    }
    let kind = if lo > hi { Kind::Empty } else { Kind::Range(lo, hi) };
    Spec { kind, invert: false, members }
}
