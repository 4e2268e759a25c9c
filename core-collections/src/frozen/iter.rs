//! Iterators over the entries of frozen maps and sets (in storage order).

use core::iter::FusedIterator;
use core::slice;

macro_rules! entry_iterator {
    ($(#[$doc:meta])* $name:ident<$($lt:lifetime,)? $($g:ident),*>, $inner:ty, $item:ty, |$e:ident| $map:expr) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub struct $name<$($lt,)? $($g),*> {
            pub(crate) inner: $inner,
        }

        impl<$($lt,)? $($g),*> Iterator for $name<$($lt,)? $($g),*> {
            type Item = $item;
            #[inline]
            fn next(&mut self) -> Option<$item> {
                self.inner.next().map(|$e| $map)
            }
            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                self.inner.size_hint()
            }
        }

        impl<$($lt,)? $($g),*> DoubleEndedIterator for $name<$($lt,)? $($g),*> {
            #[inline]
            fn next_back(&mut self) -> Option<$item> {
                self.inner.next_back().map(|$e| $map)
            }
        }

        impl<$($lt,)? $($g),*> ExactSizeIterator for $name<$($lt,)? $($g),*> {}
        impl<$($lt,)? $($g),*> FusedIterator for $name<$($lt,)? $($g),*> {}
    };
}

entry_iterator!(
    /// The entries of a frozen map, as `(&K, &V)`.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map = FrozenMap::from([(1, 'a')]);
    /// let mut it = map.iter();
    /// assert_eq!(it.len(), 1);
    /// assert_eq!(it.next(), Some((&1, &'a')));
    /// assert_eq!(it.next(), None);
    /// ```
    Iter<'a, K, V>, slice::Iter<'a, (K, V)>, (&'a K, &'a V), |e| (&e.0, &e.1)
);
entry_iterator!(
    /// The entries of a frozen map, as `(&K, &mut V)`.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let mut map = FrozenMap::from([(1, 'a')]);
    /// if let Some((_, v)) = map.iter_mut().next() {
    ///     *v = 'b';
    /// }
    /// assert_eq!(map[&1], 'b');
    /// ```
    IterMut<'a, K, V>, slice::IterMut<'a, (K, V)>, (&'a K, &'a mut V), |e| (&e.0, &mut e.1)
);
entry_iterator!(
    /// The keys of a frozen map.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map = FrozenMap::from([(7, ())]);
    /// assert_eq!(map.keys().collect::<Vec<_>>(), [&7]);
    /// ```
    Keys<'a, K, V>, slice::Iter<'a, (K, V)>, &'a K, |e| &e.0
);
entry_iterator!(
    /// The values of a frozen map.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map = FrozenMap::from([("a", 2), ("b", 3)]);
    /// assert_eq!(map.values().product::<i32>(), 6);
    /// ```
    Values<'a, K, V>, slice::Iter<'a, (K, V)>, &'a V, |e| &e.1
);
entry_iterator!(
    /// The values of a frozen map, mutable.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let mut map = FrozenMap::from([("a", 2), ("b", 3)]);
    /// map.values_mut().for_each(|v| *v *= 10);
    /// assert_eq!(map["b"], 30);
    /// ```
    ValuesMut<'a, K, V>, slice::IterMut<'a, (K, V)>, &'a mut V, |e| &mut e.1
);
entry_iterator!(
    /// The entries of a frozen map, by value.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map = FrozenMap::from([("k", String::from("v"))]);
    /// let pairs: Vec<(&str, String)> = map.into_iter().collect();
    /// assert_eq!(pairs, [("k", String::from("v"))]);
    /// ```
    IntoIter<K, V>, std::vec::IntoIter<(K, V)>, (K, V), |e| e
);
entry_iterator!(
    /// The keys of a frozen map, by value.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map = FrozenMap::from([(String::from("k"), 1)]);
    /// assert_eq!(map.into_keys().next().as_deref(), Some("k"));
    /// ```
    IntoKeys<K, V>, std::vec::IntoIter<(K, V)>, K, |e| e.0
);
entry_iterator!(
    /// The values of a frozen map, by value.
    ///
    /// ```
    /// use core_collections::frozen::FrozenMap;
    /// let map = FrozenMap::from([(1, vec![1, 2])]);
    /// assert_eq!(map.into_values().flatten().sum::<i32>(), 3);
    /// ```
    IntoValues<K, V>, std::vec::IntoIter<(K, V)>, V, |e| e.1
);

impl<K, V> Clone for Iter<'_, K, V> {
    fn clone(&self) -> Self {
        Iter { inner: self.inner.clone() }
    }
}
impl<K, V> Clone for Keys<'_, K, V> {
    fn clone(&self) -> Self {
        Keys { inner: self.inner.clone() }
    }
}
impl<K, V> Clone for Values<'_, K, V> {
    fn clone(&self) -> Self {
        Values { inner: self.inner.clone() }
    }
}
