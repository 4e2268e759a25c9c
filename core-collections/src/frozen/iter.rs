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
    Iter<'a, K, V>, slice::Iter<'a, (K, V)>, (&'a K, &'a V), |e| (&e.0, &e.1)
);
entry_iterator!(
    /// The entries of a frozen map, as `(&K, &mut V)`.
    IterMut<'a, K, V>, slice::IterMut<'a, (K, V)>, (&'a K, &'a mut V), |e| (&e.0, &mut e.1)
);
entry_iterator!(
    /// The keys of a frozen map.
    Keys<'a, K, V>, slice::Iter<'a, (K, V)>, &'a K, |e| &e.0
);
entry_iterator!(
    /// The values of a frozen map.
    Values<'a, K, V>, slice::Iter<'a, (K, V)>, &'a V, |e| &e.1
);
entry_iterator!(
    /// The values of a frozen map, mutable.
    ValuesMut<'a, K, V>, slice::IterMut<'a, (K, V)>, &'a mut V, |e| &mut e.1
);
entry_iterator!(
    /// The entries of a frozen map, by value.
    IntoIter<K, V>, std::vec::IntoIter<(K, V)>, (K, V), |e| e
);
entry_iterator!(
    /// The keys of a frozen map, by value.
    IntoKeys<K, V>, std::vec::IntoIter<(K, V)>, K, |e| e.0
);
entry_iterator!(
    /// The values of a frozen map, by value.
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
