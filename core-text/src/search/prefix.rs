//! Slice comparison: the length of the common prefix of two slices, and equality of slices of
//! 16-byte plain values, both compared as bytes by the best SIMD level.
//!
//! ```
//! use core_text::search::{common_prefix_len, eq_16byte};
//! assert_eq!(common_prefix_len(b"interstellar", b"internet"), 5);
//! let a: Vec<u16> = "naïve".encode_utf16().collect();
//! let b: Vec<u16> = "naïf".encode_utf16().collect();
//! assert_eq!(common_prefix_len(&a, &b), 3);
//! assert_eq!(common_prefix_len(&["a", "b", "c"], &["a", "b", "x"]), 2);
//! assert!(eq_16byte(&[1u128, 2], &[1u128, 2]));
//! ```
//!
//! Element types whose equality is equality of their bytes (the integers, `char`, `bool`, and
//! arrays of them) are compared as byte slices: the common prefix in bytes, divided by the
//! element size, is the common prefix in elements, because the first differing byte lies in
//! the first differing element. Other types compare with `==`, element by element.

mod kernels;

use core::fmt;
use core::mem::size_of;

/// The kernel table of this module.
mod ops {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    use super::kernels::{eq, prefix};
    use super::kernels::{scalar_eq, scalar_prefix};
    #[cfg(target_arch = "aarch64")]
    use core_cpu::vector::neon::V128 as Neon;
    #[cfg(target_arch = "x86_64")]
    use core_cpu::vector::{avx2::V256, avx512::V512, sse2::V128 as Sse2, sse42::V128 as Sse42};

    core_cpu::dispatch! {
        tables {
            avx512 => [Avx512],
            avx2 => [Avx2],
            sse42 => [Sse42],
            sse2 => [Sse2],
            neon => [Neon],
            scalar => [Scalar],
        }
        ops {
            /// The number of leading bytes the inputs share.
            safe fn prefix_bytes(a: &[u8], b: &[u8]) -> usize {
                avx512: prefix::<V512>,
                avx2: prefix::<V256>,
                sse42: prefix::<Sse42>,
                sse2: prefix::<Sse2>,
                neon: prefix::<Neon>,
                scalar: scalar_prefix,
            }
            /// Are the inputs equal?
            safe fn eq_bytes(a: &[u8], b: &[u8]) -> bool {
                avx512: eq::<V512>,
                avx2: eq::<V256>,
                sse42: eq::<Sse42>,
                sse2: eq::<Sse2>,
                neon: eq::<Neon>,
                scalar: scalar_eq,
            }
        }
    }
}

use ops::{Auto, Ops, Pinned};

/// Element types of [`common_prefix_len`].
///
/// The provided method answers `None`: elements compare with `==`, one by one, which is
/// right for every `Eq` type, so `impl PrefixEq for MyType {}` is all a type of one's own
/// needs. The integers, `char`, `bool` and arrays of them answer their bytes and are
/// compared by the SIMD kernel.
///
/// # Examples
///
/// ```
/// use core_text::search::{common_prefix_len, PrefixEq};
/// // A type of one's own: the default compares elements with `==`.
/// #[derive(PartialEq, Eq)]
/// enum Op { Push(u32), Pop }
/// impl PrefixEq for Op {}
/// let a = [Op::Push(1), Op::Push(2), Op::Pop];
/// let b = [Op::Push(1), Op::Push(3)];
/// assert_eq!(common_prefix_len(&a, &b), 1);
/// ```
pub trait PrefixEq: Eq + Sized {
    /// The elements of `s` as bytes, when two elements are equal exactly when their bytes
    /// are (no padding, no two representations of one value); `None` (the default)
    /// otherwise.
    #[inline]
    fn as_eq_bytes(s: &[Self]) -> Option<&[u8]> {
        let _ = s;
        None
    }
}

/// Implements `PrefixEq` with the byte view for types without padding whose equality is
/// that of their bytes.
macro_rules! bytewise {
    ($($t:ty),*) => {$(
        impl PrefixEq for $t {
            #[inline]
            fn as_eq_bytes(s: &[Self]) -> Option<&[u8]> {
                // SAFETY: the type has no padding and every bit pattern of a value is
                // initialised, so its `size_of_val(s)` bytes are readable as `u8`, for the
                // lifetime of `s`.
                Some(unsafe {
                    core::slice::from_raw_parts(s.as_ptr().cast::<u8>(), core::mem::size_of_val(s))
                })
            }
        }
    )*};
}
bytewise!(u8, i8, u16, i16, u32, i32, u64, i64, u128, i128, usize, isize, char, bool);

impl<T: PrefixEq, const N: usize> PrefixEq for [T; N] {
    #[inline]
    fn as_eq_bytes(s: &[Self]) -> Option<&[u8]> {
        T::as_eq_bytes(s.as_flattened())
    }
}

impl<T: Eq + ?Sized> PrefixEq for &T {}
impl PrefixEq for alloc::string::String {}
impl<T: Eq> PrefixEq for alloc::vec::Vec<T> {}
impl<T: Eq> PrefixEq for Option<T> {}

/// The number of leading elements `a` and `b` share: the index of the first position where
/// they differ, or the shorter length. As `a.iter().zip(b).take_while(|(x, y)| x == y).count()`.
///
/// ```
/// use core_text::search::common_prefix_len;
/// assert_eq!(common_prefix_len(b"abcdef", b"abcxyz"), 3);
/// assert_eq!(common_prefix_len(b"abc", b"abcdef"), 3);
/// assert_eq!(common_prefix_len(&[1u32, 2, 3], &[1, 2, 4]), 2);
/// ```
#[inline]
pub fn common_prefix_len<T: PrefixEq>(a: &[T], b: &[T]) -> usize {
    prefix_in(Auto, a, b, true)
}

#[inline(always)]
fn prefix_in<T: PrefixEq>(k: impl Ops, a: &[T], b: &[T], inline_short: bool) -> usize {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    match (T::as_eq_bytes(a), T::as_eq_bytes(b)) {
        (Some(x), Some(y)) if size_of::<T>() > 0 => {
            let bytes = if inline_short && x.len() < 16 {
                kernels::scalar_prefix(x, y)
            } else {
                k.prefix_bytes(x, y)
            };
            (bytes / size_of::<T>()).min(n)
        }
        _ => a.iter().zip(b).take_while(|(x, y)| x == y).count(),
    }
}

/// Types of exactly 16 bytes that [`eq_16byte`] compares as bytes: identifiers (GUIDs,
/// UUIDs), 128-bit integers, small fixed arrays.
///
/// # Safety
/// An implementing type has a size of 16 bytes (checked at compile time by `eq_16byte`), no
/// padding and no uninitialised bytes in any value, and where it implements `PartialEq`, two
/// values are equal exactly when their 16 bytes are. Floating-point fields break the last
/// rule (`-0.0 == 0.0`, `NaN != NaN`); so does a `PartialEq` that ignores a field.
///
/// ```
/// use core_text::search::{eq_16byte, Plain16};
/// #[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// #[repr(C)]
/// struct Guid { a: u32, b: u16, c: u16, d: [u8; 8] }
/// // SAFETY: 4 + 2 + 2 + 8 = 16 bytes, all fields integers, no padding with `repr(C)`,
/// // and the derived equality compares every field.
/// unsafe impl Plain16 for Guid {}
/// let g = Guid { a: 1, b: 2, c: 3, d: [4; 8] };
/// assert!(eq_16byte(&[g, g], &[g, g]));
/// ```
pub unsafe trait Plain16: Copy {}

// SAFETY: each of these is 16 bytes of integers: no padding, equality is bytewise.
unsafe impl Plain16 for u128 {}
// SAFETY: as above.
unsafe impl Plain16 for i128 {}
// SAFETY: as above.
unsafe impl Plain16 for [u8; 16] {}
// SAFETY: as above.
unsafe impl Plain16 for [i8; 16] {}
// SAFETY: as above.
unsafe impl Plain16 for [u16; 8] {}
// SAFETY: as above.
unsafe impl Plain16 for [i16; 8] {}
// SAFETY: as above.
unsafe impl Plain16 for [u32; 4] {}
// SAFETY: as above.
unsafe impl Plain16 for [i32; 4] {}
// SAFETY: as above.
unsafe impl Plain16 for [u64; 2] {}
// SAFETY: as above.
unsafe impl Plain16 for [i64; 2] {}

/// Are `a` and `b` equal? Compared as bytes (`a == b` for the [`Plain16`] types, where
/// equality is that of the bytes), with the best SIMD level.
///
/// ```
/// use core_text::search::eq_16byte;
/// let ids = [[7u8; 16], [0; 16]];
/// assert!(eq_16byte(&ids, &ids.clone()));
/// assert!(!eq_16byte(&ids, &ids[..1]));
/// assert!(!eq_16byte(&[1i128], &[-1i128]));
/// ```
#[inline]
pub fn eq_16byte<T: Plain16>(a: &[T], b: &[T]) -> bool {
    eq_16byte_in(Auto, a, b, true)
}

/// `s` as its bytes.
#[inline(always)]
fn plain_bytes<T: Plain16>(s: &[T]) -> &[u8] {
    const { assert!(size_of::<T>() == 16, "a Plain16 type is 16 bytes") };
    // SAFETY: `Plain16` types have no padding and no uninitialised bytes, so the
    // `16 * s.len()` bytes of `s` are readable as `u8` for its lifetime.
    unsafe { core::slice::from_raw_parts(s.as_ptr().cast::<u8>(), core::mem::size_of_val(s)) }
}

#[inline(always)]
fn eq_16byte_in<T: Plain16>(k: impl Ops, a: &[T], b: &[T], inline_short: bool) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let (x, y) = (plain_bytes(a), plain_bytes(b));
    if inline_short && a.len() <= 2 {
        // One or two values: as 128-bit integers, inline.
        let value = |c: &[u8]| u128::from_ne_bytes(c.try_into().unwrap_or([0; 16]));
        return x.chunks_exact(16).zip(y.chunks_exact(16)).all(|(p, q)| value(p) == value(q));
    }
    k.eq_bytes(x, y)
}

/// [`common_prefix_len`] and [`eq_16byte`] at one fixed [`Level`](crate::Level), for tests
/// and benchmarks of each level's kernels (the free functions use the best level).
///
/// ```
/// use core_text::search::CompareBackend;
/// for b in CompareBackend::all() {
///     assert_eq!(b.common_prefix_len(b"abcd", b"abed"), 2, "{:?}", b.level());
/// }
/// ```
#[derive(Clone, Copy)]
pub struct CompareBackend {
    k: Pinned,
}

impl fmt::Debug for CompareBackend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("CompareBackend").field(&self.k.level()).finish()
    }
}

impl CompareBackend {
    /// The backend for `level`, or `None` when this CPU (or build) cannot run it.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::CompareBackend;
    /// use core_text::Level;
    /// let scalar = CompareBackend::new(Level::Scalar).expect("scalar always runs");
    /// assert_eq!(scalar.common_prefix_len(b"abc", b"abd"), 2);
    /// let missing = Level::ALL.into_iter().find(|l| !l.is_available()).unwrap();
    /// assert!(CompareBackend::new(missing).is_none());
    /// ```
    pub fn new(level: crate::Level) -> Option<CompareBackend> {
        ops::pinned(level).map(|k| CompareBackend { k })
    }

    /// Backends for every level in [`Level::available`](crate::Level::available), best
    /// first.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::CompareBackend;
    /// use core_text::Level;
    /// let levels: Vec<Level> = CompareBackend::all().map(|b| b.level()).collect();
    /// assert_eq!(levels, Level::available().collect::<Vec<_>>());
    /// ```
    pub fn all() -> impl Iterator<Item = CompareBackend> {
        ops::levels().map(|k| CompareBackend { k })
    }

    /// The level this backend runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::CompareBackend;
    /// use core_text::Level;
    /// assert_eq!(CompareBackend::new(Level::Scalar).unwrap().level(), Level::Scalar);
    /// ```
    #[inline]
    pub fn level(&self) -> crate::Level {
        self.k.level()
    }

    /// [`common_prefix_len`] at this level (every length through its kernel).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::CompareBackend;
    /// let long_a = vec![5u16; 100];
    /// let mut long_b = long_a.clone();
    /// long_b[70] = 6;
    /// for backend in CompareBackend::all() {
    ///     assert_eq!(backend.common_prefix_len(&long_a, &long_b), 70);
    /// }
    /// ```
    #[inline]
    pub fn common_prefix_len<T: PrefixEq>(&self, a: &[T], b: &[T]) -> usize {
        prefix_in(self.k, a, b, false)
    }

    /// [`eq_16byte`] at this level (every length through its kernel).
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::search::CompareBackend;
    /// let a = [1u128, 2, 3];
    /// for backend in CompareBackend::all() {
    ///     assert!(backend.eq_16byte(&a, &[1, 2, 3]));
    ///     assert!(!backend.eq_16byte(&a, &[1, 2, 4]));
    /// }
    /// ```
    #[inline]
    pub fn eq_16byte<T: Plain16>(&self, a: &[T], b: &[T]) -> bool {
        eq_16byte_in(self.k, a, b, false)
    }
}
