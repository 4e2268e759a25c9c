//! [`FrozenKey`]: how a key type tells the builder that it is an integer or a string.

use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

/// A key type of a frozen collection.
///
/// The builder asks each key whether it is an integer ([`as_u64`](FrozenKey::as_u64)) or a
/// string ([`as_str`](FrozenKey::as_str)); the answers unlock the integer strategies (a
/// vectorised scan, a dense array, an identity-hashed table) and the string strategies
/// (length buckets, substring hashing). Both methods default to `None`, which selects a
/// general hash table, so a custom key type needs only an empty impl:
///
/// ```
/// use core_collections::frozen::{FrozenKey, FrozenMap};
///
/// #[derive(PartialEq, Eq, Hash)]
/// struct Point { x: i32, y: i32 }
/// impl FrozenKey for Point {}
///
/// let map = FrozenMap::new([(Point { x: 1, y: 2 }, "a")]);
/// assert_eq!(map.get(&Point { x: 1, y: 2 }), Some(&"a"));
/// ```
///
/// # Contract
///
/// When a map's keys are `K` and lookups take `&Q` with `K: Borrow<Q>`, the answers of `K`
/// and `Q` must agree, as `Eq` and `Hash` must for [`Borrow`](core::borrow::Borrow):
///
/// - `as_u64` is injective (different keys, different numbers), returns `Some` for every
///   value of the type or for none, and equals for a key and its borrowed form. Integer
///   implementations preserve order (signed integers are offset by 2⁶³).
/// - `as_str` returns the text that equality compares, for a key and its borrowed form.
///
/// Breaking the contract is a logic error: lookups may miss or find the wrong entry, but
/// nothing panics and there is no undefined behaviour.
pub trait FrozenKey: Eq + core::hash::Hash {
    /// The key as an integer, mapped to `u64` injectively and in order; `None` if the type
    /// is not an integer type.
    #[inline(always)]
    fn as_u64(&self) -> Option<u64> {
        None
    }

    /// The key as text; `None` if the type is not a string type.
    #[inline(always)]
    fn as_str(&self) -> Option<&str> {
        None
    }
}

macro_rules! unsigned_keys {
    ($($t:ty),*) => {$(
        impl FrozenKey for $t {
            #[inline(always)]
            fn as_u64(&self) -> Option<u64> {
                Some(*self as u64)
            }
        }
    )*};
}

macro_rules! signed_keys {
    ($($t:ty),*) => {$(
        impl FrozenKey for $t {
            #[inline(always)]
            fn as_u64(&self) -> Option<u64> {
                // Flipping the sign bit of the sign-extended value keeps the order.
                Some((*self as i64 as u64) ^ (1 << 63))
            }
        }
    )*};
}

unsigned_keys!(u8, u16, u32, u64, usize);
signed_keys!(i8, i16, i32, i64, isize);

/// 128-bit integers do not fit the `u64` mapping: they use the general hash table.
impl FrozenKey for u128 {}
/// 128-bit integers do not fit the `u64` mapping: they use the general hash table.
impl FrozenKey for i128 {}

impl FrozenKey for char {
    #[inline(always)]
    fn as_u64(&self) -> Option<u64> {
        Some(*self as u64)
    }
}

impl FrozenKey for bool {
    #[inline(always)]
    fn as_u64(&self) -> Option<u64> {
        Some(*self as u64)
    }
}

macro_rules! string_keys {
    ($($t:ty),*) => {$(
        impl FrozenKey for $t {
            #[inline(always)]
            fn as_str(&self) -> Option<&str> {
                Some(self)
            }
        }
    )*};
}

string_keys!(str, String, Box<str>, Rc<str>, Arc<str>, Cow<'_, str>);

impl<T: FrozenKey + ?Sized> FrozenKey for &T {
    #[inline(always)]
    fn as_u64(&self) -> Option<u64> {
        (**self).as_u64()
    }
    #[inline(always)]
    fn as_str(&self) -> Option<&str> {
        (**self).as_str()
    }
}

macro_rules! tuple_keys {
    ($(($($n:ident),+)),*) => {$(
        impl<$($n: Eq + core::hash::Hash),+> FrozenKey for ($($n,)+) {}
    )*};
}

tuple_keys!((A), (A, B), (A, B, C), (A, B, C, D), (A, B, C, D, E), (A, B, C, D, E, F));

impl FrozenKey for () {}
impl<T: Eq + core::hash::Hash> FrozenKey for Option<T> {}
impl<T: Eq + core::hash::Hash> FrozenKey for [T] {}
impl<T: Eq + core::hash::Hash> FrozenKey for Vec<T> {}
impl<T: Eq + core::hash::Hash, const N: usize> FrozenKey for [T; N] {}
