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
///
/// # Examples
///
/// ```
/// use core_text::search::{ByteSet, SetStrategy};
/// // The strategy follows from the set's shape alone.
/// assert_eq!(ByteSet::empty().strategy(), SetStrategy::Empty);
/// assert_eq!(ByteSet::new(b",;").strategy(), SetStrategy::Values(2));
/// assert_eq!(ByteSet::from_range(b'a'..=b'z').strategy(), SetStrategy::Range);
/// assert_eq!(SetStrategy::Range.to_string(), "range");
/// ```
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
///
/// # Examples
///
/// ```
/// use core_text::search::{PackedStrategy, SetStrategy, U16Set};
/// // Two units are compared directly; more than five units, all at most 254, are packed.
/// assert_eq!(U16Set::new(&[0x3C, 0x3E]).strategy(), SetStrategy::Values(2));
/// let markup = U16Set::new(&[0x3C, 0x3E, 0x26, 0x22, 0x27, 0x3D]); // < > & " ' =
/// assert!(matches!(markup.strategy(), SetStrategy::Packed(PackedStrategy::Bitmap)));
/// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// let quotes = ByteSet::new(b"'\"'"); // the repeated quote counts once
    /// assert_eq!(quotes.len(), 2);
    /// assert_eq!(quotes.find(b"say \"hi\""), Some(4));
    /// ```
    pub fn new(bytes: &[u8]) -> ByteSet {
        let mut members = [0u64; 4];
        for &b in bytes {
            members[(b >> 6) as usize] |= 1 << (b & 63);
        }
        ByteSet { spec: Spec::new(members) }
    }

    /// The set of no byte.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// let none = ByteSet::empty();
    /// assert!(none.is_empty());
    /// assert_eq!(none.find(b"anything"), None);
    /// assert_eq!(none.find_not(b"anything"), Some(0));
    /// ```
    pub fn empty() -> ByteSet {
        ByteSet::new(&[])
    }

    /// The bytes in `range` (empty when its start is past its end).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// let upper = ByteSet::from_range(b'A'..=b'Z');
    /// assert_eq!(upper.len(), 26);
    /// assert_eq!(upper.find(b"camelCase"), Some(5));
    /// #[allow(clippy::reversed_empty_ranges)]
    /// let backwards = ByteSet::from_range(b'z'..=b'a');
    /// assert!(backwards.is_empty());
    /// ```
    pub fn from_range(range: RangeInclusive<u8>) -> ByteSet {
        let mut members = [0u64; 4];
        for b in range {
            members[(b >> 6) as usize] |= 1 << (b & 63);
        }
        ByteSet { spec: Spec::new(members) }
    }

    /// The bytes not in this set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// let not_digit = ByteSet::from_range(b'0'..=b'9').complement();
    /// assert_eq!(not_digit.len(), 246);
    /// assert_eq!(not_digit.find(b"2024-01"), Some(4));
    /// ```
    pub fn complement(&self) -> ByteSet {
        ByteSet { spec: Spec::new(self.spec.members.map(|w| !w)) }
    }

    /// Is `b` in the set?
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// let hex = ByteSet::new(b"0123456789abcdef");
    /// assert!(hex.contains(b'c'));
    /// assert!(!hex.contains(b'g'));
    /// ```
    #[inline]
    pub fn contains(&self, b: u8) -> bool {
        self.spec.contains(b)
    }

    /// The number of bytes in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// assert_eq!(ByteSet::new(b"hello").len(), 4); // h, e, l, o
    /// ```
    pub fn len(&self) -> usize {
        self.spec.members.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Is the set empty?
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// assert!(ByteSet::new(b"").is_empty());
    /// assert!(!ByteSet::new(b"x").is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.spec.members == [0; 4]
    }

    /// The members, in increasing order.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// let set = ByteSet::new(b"cab");
    /// assert_eq!(set.iter().collect::<Vec<_>>(), b"abc");
    /// assert_eq!(set.iter().next_back(), Some(b'c'));
    /// ```
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = u8> + '_ {
        (0..=255u8).filter(|&b| self.contains(b))
    }

    /// The strategy the searches use.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::{ByteSet, SetStrategy};
    /// assert_eq!(ByteSet::new(b"\r\n").strategy(), SetStrategy::Values(2));
    /// assert_eq!(ByteSet::from_range(b'0'..=b'9').strategy(), SetStrategy::Range);
    /// ```
    pub fn strategy(&self) -> SetStrategy {
        byte_strategy(&self.spec.kind)
    }

    /// Does the strategy search the complement (sets of more than 250 bytes look for the
    /// few bytes outside them)?
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// assert!(!ByteSet::new(b"xyz").searches_complement());
    /// // All bytes but one: searching for the one outside is cheaper.
    /// assert!(ByteSet::new(&[0]).complement().searches_complement());
    /// ```
    pub fn searches_complement(&self) -> bool {
        self.spec.invert
    }

    /// The first position in `haystack` of a byte in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// let delims = ByteSet::new(b"<>&");
    /// assert_eq!(delims.find(b"a &amp; b"), Some(2));
    /// assert_eq!(delims.find(b"plain"), None);
    /// ```
    #[inline]
    pub fn find(&self, haystack: &[u8]) -> Option<usize> {
        Auto.set_find(haystack, &self.spec, false)
    }

    /// The last position in `haystack` of a byte in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// let seps = ByteSet::new(b"/\\");
    /// assert_eq!(seps.rfind(b"a/b\\c.txt"), Some(3));
    /// assert_eq!(seps.rfind(b"c.txt"), None);
    /// ```
    #[inline]
    pub fn rfind(&self, haystack: &[u8]) -> Option<usize> {
        Auto.set_rfind(haystack, &self.spec, false)
    }

    /// The first position in `haystack` of a byte not in the set (`IndexOfAnyExcept`).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// let space = ByteSet::new(b" \t");
    /// assert_eq!(space.find_not(b" \t indent"), Some(3));
    /// assert_eq!(space.find_not(b"  "), None);
    /// ```
    #[inline]
    pub fn find_not(&self, haystack: &[u8]) -> Option<usize> {
        Auto.set_find(haystack, &self.spec, true)
    }

    /// The last position in `haystack` of a byte not in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// let zeros = ByteSet::new(b"0");
    /// assert_eq!(zeros.rfind_not(b"1.2500"), Some(3));
    /// assert_eq!(zeros.rfind_not(b"000"), None);
    /// ```
    #[inline]
    pub fn rfind_not(&self, haystack: &[u8]) -> Option<usize> {
        Auto.set_rfind(haystack, &self.spec, true)
    }

    /// Does `haystack` hold a byte of the set?
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// let controls = ByteSet::from_range(0..=0x1f);
    /// assert!(controls.contains_any(b"bell\x07"));
    /// assert!(!controls.contains_any(b"printable"));
    /// ```
    #[inline]
    pub fn contains_any(&self, haystack: &[u8]) -> bool {
        self.find(haystack).is_some()
    }

    /// The number of bytes of `haystack` in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// let brackets = ByteSet::new(b"()[]");
    /// assert_eq!(brackets.count(b"f(a[0], (b))"), 6);
    /// assert_eq!(brackets.count(b""), 0);
    /// ```
    #[inline]
    pub fn count(&self, haystack: &[u8]) -> usize {
        Auto.set_count(haystack, &self.spec, false)
    }

    /// Every position in `haystack` of a byte in the set; double-ended.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::ByteSet;
    /// let marks = ByteSet::new(b".!?");
    /// assert_eq!(marks.find_iter(b"Hi. Ok! Why?").collect::<Vec<_>>(), [2, 6, 11]);
    /// assert_eq!(marks.find_iter(b"Hi. Ok! Why?").rev().next(), Some(11));
    /// ```
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
///
/// # Examples
///
/// ```
/// use core_text::search::ByteSet;
/// let set = ByteSet::new(b"-");
/// let mut it = set.find_iter(b"a-b-c-d");
/// assert_eq!(it.next(), Some(1));
/// assert_eq!(it.next_back(), Some(5));
/// assert_eq!(it.collect::<Vec<_>>(), [3]);
/// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// let set = U16Set::new(&[0x2028, 0x2029, 0x2028]);
    /// assert_eq!(set.len(), 2);
    /// let t: Vec<u16> = "a\u{2029}b".encode_utf16().collect();
    /// assert_eq!(set.find(&t), Some(1));
    /// ```
    pub fn new(units: &[u16]) -> U16Set {
        units.iter().copied().collect()
    }

    /// The units in `range` (empty when its start is past its end).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// let surrogates = U16Set::from_range(0xD800..=0xDFFF);
    /// let t: Vec<u16> = "ab😀".encode_utf16().collect();
    /// assert_eq!(surrogates.find(&t), Some(2));
    /// assert_eq!(surrogates.count(&t), 2);
    /// ```
    pub fn from_range(range: RangeInclusive<u16>) -> U16Set {
        range.collect()
    }

    /// The units not in this set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// let non_ascii = U16Set::from_range(0..=0x7f).complement();
    /// let t: Vec<u16> = "café".encode_utf16().collect();
    /// assert_eq!(non_ascii.find(&t), Some(3));
    /// assert!(!non_ascii.contains(b'a' as u16));
    /// ```
    pub fn complement(&self) -> U16Set {
        let mut members = Box::new(*self.spec.members);
        for w in members.iter_mut() {
            *w = !*w;
        }
        U16Set { spec: Spec16::new(members) }
    }

    /// Is `u` in the set?
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// let set = U16Set::new(&[0xFEFF]);
    /// assert!(set.contains(0xFEFF));
    /// assert!(!set.contains(0xFFFE));
    /// ```
    #[inline]
    pub fn contains(&self, u: u16) -> bool {
        self.spec.contains(u)
    }

    /// The number of units in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// assert_eq!(U16Set::from_range(0x100..=0x1ff).len(), 256);
    /// ```
    pub fn len(&self) -> usize {
        self.spec.members.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Is the set empty?
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// assert!(U16Set::new(&[]).is_empty());
    /// assert!(!U16Set::new(&[0]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.spec.members.iter().all(|&w| w == 0)
    }

    /// The members, in increasing order.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// let set = U16Set::new(&[0x3000, 0x20, 0xA0]);
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [0x20, 0xA0, 0x3000]);
    /// ```
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = u16> + '_ {
        (0..=u16::MAX).filter(|&u| self.contains(u))
    }

    /// The strategy the searches use.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::{SetStrategy, U16Set};
    /// assert_eq!(U16Set::new(&[]).strategy(), SetStrategy::Empty);
    /// // Units above 254 cannot be packed into bytes.
    /// assert!(!matches!(U16Set::new(&[0x2028, 0x3000, 0x1680, 0x85, 0xA0, 0x20]).strategy(), SetStrategy::Packed(_)));
    /// ```
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
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// assert!(!U16Set::new(&[0x41]).searches_complement());
    /// assert!(U16Set::new(&[0x41]).complement().searches_complement());
    /// ```
    pub fn searches_complement(&self) -> bool {
        self.spec.invert
    }

    /// The first position in `haystack` of a unit in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// let set = U16Set::new(&[b'@' as u16]);
    /// let t: Vec<u16> = "me@host".encode_utf16().collect();
    /// assert_eq!(set.find(&t), Some(2));
    /// assert_eq!(set.find(&t[3..]), None);
    /// ```
    #[inline]
    pub fn find(&self, haystack: &[u16]) -> Option<usize> {
        Auto.set_find16(haystack, &self.spec, false)
    }

    /// The last position in `haystack` of a unit in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// let dot = U16Set::new(&[b'.' as u16]);
    /// let t: Vec<u16> = "a.b.c".encode_utf16().collect();
    /// assert_eq!(dot.rfind(&t), Some(3));
    /// assert_eq!(dot.rfind(&t[..1]), None);
    /// ```
    #[inline]
    pub fn rfind(&self, haystack: &[u16]) -> Option<usize> {
        Auto.set_rfind16(haystack, &self.spec, false)
    }

    /// The first position in `haystack` of a unit not in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// let zero = U16Set::new(&[b'0' as u16]);
    /// let t: Vec<u16> = "0042".encode_utf16().collect();
    /// assert_eq!(zero.find_not(&t), Some(2));
    /// assert_eq!(zero.find_not(&t[..2]), None);
    /// ```
    #[inline]
    pub fn find_not(&self, haystack: &[u16]) -> Option<usize> {
        Auto.set_find16(haystack, &self.spec, true)
    }

    /// The last position in `haystack` of a unit not in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// let pad = U16Set::new(&[b'=' as u16]);
    /// let t: Vec<u16> = "QQ==".encode_utf16().collect();
    /// assert_eq!(pad.rfind_not(&t), Some(1));
    /// assert_eq!(pad.rfind_not(&t[2..]), None);
    /// ```
    #[inline]
    pub fn rfind_not(&self, haystack: &[u16]) -> Option<usize> {
        Auto.set_rfind16(haystack, &self.spec, true)
    }

    /// Does `haystack` hold a unit of the set?
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// let quotes = U16Set::new(&[0x201C, 0x201D]);
    /// let t: Vec<u16> = "“hi”".encode_utf16().collect();
    /// assert!(quotes.contains_any(&t));
    /// assert!(!quotes.contains_any(&t[1..3]));
    /// ```
    #[inline]
    pub fn contains_any(&self, haystack: &[u16]) -> bool {
        self.find(haystack).is_some()
    }

    /// The number of units of `haystack` in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// let commas = U16Set::new(&[b',' as u16]);
    /// let t: Vec<u16> = "a,b,c,".encode_utf16().collect();
    /// assert_eq!(commas.count(&t), 3);
    /// ```
    #[inline]
    pub fn count(&self, haystack: &[u16]) -> usize {
        Auto.set_count16(haystack, &self.spec, false)
    }

    /// Every position in `haystack` of a unit in the set; double-ended.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::U16Set;
    /// let set = U16Set::new(&[b' ' as u16]);
    /// let t: Vec<u16> = "a b c".encode_utf16().collect();
    /// assert_eq!(set.find_iter(&t).collect::<Vec<_>>(), [1, 3]);
    /// ```
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
///
/// # Examples
///
/// ```
/// use core_text::search::U16Set;
/// let set = U16Set::new(&[b'|' as u16]);
/// let t: Vec<u16> = "|a|b|".encode_utf16().collect();
/// let mut it = set.find_iter(&t);
/// assert_eq!(it.next_back(), Some(4));
/// assert_eq!(it.next(), Some(0));
/// assert_eq!(it.collect::<Vec<_>>(), [2]);
/// ```
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
///
/// # Examples
///
/// ```
/// use core_text::search::rfind_in_range;
/// assert_eq!(rfind_in_range(b"v1.20-beta", b'0', b'9'), Some(4));
/// assert_eq!(rfind_in_range(b"beta", b'0', b'9'), None);
/// ```
#[inline]
pub fn rfind_in_range(haystack: &[u8], lo: u8, hi: u8) -> Option<usize> {
    Auto.set_rfind(haystack, &range_spec(lo, hi), false)
}

/// The last position in `haystack` of a byte outside `lo..=hi`.
///
/// # Examples
///
/// ```
/// use core_text::search::rfind_not_in_range;
/// assert_eq!(rfind_not_in_range(b"abc123", b'0', b'9'), Some(2));
/// assert_eq!(rfind_not_in_range(b"123", b'0', b'9'), None);
/// ```
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
