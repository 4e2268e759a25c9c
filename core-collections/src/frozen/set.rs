//! [`FrozenSet`]: a read-optimised set, a [`FrozenMap`] without values.

use super::iter::Keys;
use super::{FrozenKey, FrozenMap, Strategy};
use core::borrow::Borrow;
use core::fmt;

/// A set built once from its elements, with a lookup strategy picked for them (see
/// [`FrozenMap`]).
///
/// ```
/// use core_collections::frozen::{FrozenSet, Strategy};
/// let primes: FrozenSet<u32> = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31].into_iter().collect();
/// assert!(primes.contains(&13));
/// assert!(!primes.contains(&15));
/// assert_eq!(primes.strategy(), Strategy::DenseInts);
/// ```
#[derive(Clone)]
pub struct FrozenSet<T> {
    map: FrozenMap<T, ()>,
}

impl<T: FrozenKey> FrozenSet<T> {
    /// Builds a set from elements. When elements repeat, the last one is kept.
    ///
    /// # Panics
    /// With 2³² − 1 elements or more.
    pub fn new<I: IntoIterator<Item = T>>(elements: I) -> FrozenSet<T> {
        FrozenSet { map: FrozenMap::new(elements.into_iter().map(|t| (t, ()))) }
    }

    /// Whether the set has `value`.
    #[inline]
    pub fn contains<Q: FrozenKey + ?Sized>(&self, value: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        self.map.contains_key(value)
    }

    /// The stored element equal to `value`.
    #[inline]
    pub fn get<Q: FrozenKey + ?Sized>(&self, value: &Q) -> Option<&T>
    where
        T: Borrow<Q>,
    {
        self.map.get_key_value(value).map(|(k, _)| k)
    }
}

impl<T> FrozenSet<T> {
    /// The number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The lookup strategy picked for the elements.
    pub fn strategy(&self) -> Strategy {
        self.map.strategy()
    }

    /// The elements.
    pub fn iter(&self) -> Keys<'_, T, ()> {
        self.map.keys()
    }
}

impl<T: FrozenKey> FromIterator<T> for FrozenSet<T> {
    fn from_iter<I: IntoIterator<Item = T>>(elements: I) -> Self {
        FrozenSet::new(elements)
    }
}

impl<T: FrozenKey, const N: usize> From<[T; N]> for FrozenSet<T> {
    fn from(elements: [T; N]) -> Self {
        FrozenSet::new(elements)
    }
}

impl<T: FrozenKey> PartialEq for FrozenSet<T> {
    fn eq(&self, other: &Self) -> bool {
        self.map == other.map
    }
}

impl<T: FrozenKey> Eq for FrozenSet<T> {}

impl<T: FrozenKey> Default for FrozenSet<T> {
    fn default() -> Self {
        FrozenSet::new([])
    }
}

impl<T: fmt::Debug> fmt::Debug for FrozenSet<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<'a, T> IntoIterator for &'a FrozenSet<T> {
    type Item = &'a T;
    type IntoIter = Keys<'a, T, ()>;
    fn into_iter(self) -> Keys<'a, T, ()> {
        self.iter()
    }
}
