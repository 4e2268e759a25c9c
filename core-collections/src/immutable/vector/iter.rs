//! The iterators of [`Vector`]: each walks whole leaves as slices, so the per-element cost is
//! a slice iterator's, plus one tree lookup per 64 elements.

use super::Vector;
use std::fmt;
use std::iter::FusedIterator;

/// An iterator over references to a [`Vector`]'s elements; see [`Vector::iter`].
///
/// ```
/// use core_collections::vector;
/// let v = vector![1, 2, 3];
/// let mut it = v.iter();
/// assert_eq!((it.next(), it.next_back(), it.len()), (Some(&1), Some(&3), 1));
/// ```
pub struct Iter<'a, T> {
    vec: &'a Vector<T>,
    front: std::slice::Iter<'a, T>,
    back: std::slice::Iter<'a, T>,
    /// The elements in `front_index..back_index` are in neither `front` nor `back` yet.
    front_index: usize,
    back_index: usize,
}

impl<'a, T> Iter<'a, T> {
    pub(super) fn new(vec: &'a Vector<T>) -> Self {
        Iter { vec, front: [].iter(), back: [].iter(), front_index: 0, back_index: vec.len() }
    }
}

impl<T> Clone for Iter<'_, T> {
    fn clone(&self) -> Self {
        Iter {
            vec: self.vec,
            front: self.front.clone(),
            back: self.back.clone(),
            front_index: self.front_index,
            back_index: self.back_index,
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for Iter<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;

    #[inline]
    fn next(&mut self) -> Option<&'a T> {
        loop {
            if let Some(x) = self.front.next() {
                return Some(x);
            }
            if self.front_index == self.back_index {
                return self.back.next();
            }
            let run = self.vec.chunk_from(self.front_index, self.back_index);
            self.front_index += run.len();
            self.front = run.iter();
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.front.len() + self.back.len() + (self.back_index - self.front_index);
        (n, Some(n))
    }

    fn fold<B, F>(mut self, init: B, mut f: F) -> B
    where
        F: FnMut(B, &'a T) -> B,
    {
        let mut acc = self.front.fold(init, &mut f);
        while self.front_index < self.back_index {
            let run = self.vec.chunk_from(self.front_index, self.back_index);
            self.front_index += run.len();
            acc = run.iter().fold(acc, &mut f);
        }
        self.back.fold(acc, f)
    }

    fn count(self) -> usize {
        self.len()
    }

    fn nth(&mut self, n: usize) -> Option<&'a T> {
        let mut n = n;
        let in_front = self.front.len();
        if n < in_front {
            return self.front.nth(n);
        }
        n -= in_front;
        self.front = [].iter();
        let unloaded = self.back_index - self.front_index;
        if n < unloaded {
            self.front_index += n;
            return self.next();
        }
        self.front_index = self.back_index;
        self.back.nth(n - unloaded)
    }

    fn last(mut self) -> Option<&'a T> {
        self.next_back()
    }
}

impl<'a, T> DoubleEndedIterator for Iter<'a, T> {
    #[inline]
    fn next_back(&mut self) -> Option<&'a T> {
        loop {
            if let Some(x) = self.back.next_back() {
                return Some(x);
            }
            if self.front_index == self.back_index {
                return self.front.next_back();
            }
            let run = self.vec.chunk_to(self.front_index, self.back_index);
            self.back_index -= run.len();
            self.back = run.iter();
        }
    }

    fn rfold<B, F>(mut self, init: B, mut f: F) -> B
    where
        F: FnMut(B, &'a T) -> B,
    {
        let mut acc = self.back.rfold(init, &mut f);
        while self.front_index < self.back_index {
            let run = self.vec.chunk_to(self.front_index, self.back_index);
            self.back_index -= run.len();
            acc = run.iter().rfold(acc, &mut f);
        }
        self.front.rfold(acc, f)
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}
impl<T> FusedIterator for Iter<'_, T> {}

/// An iterator over mutable references to a [`Vector`]'s elements; see [`Vector::iter_mut`].
///
/// ```
/// use core_collections::vector;
/// let mut v = vector![1, 2, 3];
/// let old = v.clone();
/// v.iter_mut().for_each(|x| *x *= 10);
/// assert_eq!((v, old), (vector![10, 20, 30], vector![1, 2, 3]));
/// ```
pub struct IterMut<'a, T> {
    chunks: std::vec::IntoIter<&'a mut [T]>,
    front: std::slice::IterMut<'a, T>,
    back: std::slice::IterMut<'a, T>,
    remaining: usize,
}

impl<'a, T> IterMut<'a, T> {
    pub(super) fn new(chunks: Vec<&'a mut [T]>, len: usize) -> Self {
        IterMut {
            chunks: chunks.into_iter(),
            front: Default::default(),
            back: Default::default(),
            remaining: len,
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for IterMut<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IterMut").field("remaining", &self.remaining).finish_non_exhaustive()
    }
}

impl<'a, T> Iterator for IterMut<'a, T> {
    type Item = &'a mut T;

    #[inline]
    fn next(&mut self) -> Option<&'a mut T> {
        loop {
            if let Some(x) = self.front.next() {
                self.remaining -= 1;
                return Some(x);
            }
            match self.chunks.next() {
                Some(c) => self.front = c.iter_mut(),
                None => {
                    let x = self.back.next()?;
                    self.remaining -= 1;
                    return Some(x);
                }
            }
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl<'a, T> DoubleEndedIterator for IterMut<'a, T> {
    #[inline]
    fn next_back(&mut self) -> Option<&'a mut T> {
        loop {
            if let Some(x) = self.back.next_back() {
                self.remaining -= 1;
                return Some(x);
            }
            match self.chunks.next_back() {
                Some(c) => self.back = c.iter_mut(),
                None => {
                    let x = self.front.next_back()?;
                    self.remaining -= 1;
                    return Some(x);
                }
            }
        }
    }
}

impl<T> ExactSizeIterator for IterMut<'_, T> {}
impl<T> FusedIterator for IterMut<'_, T> {}

/// An iterator that moves the elements out of a [`Vector`]; see its `IntoIterator` impl.
///
/// ```
/// use core_collections::vector;
/// let v = vector![String::from("a"), String::from("b")];
/// let owned: Vec<String> = v.into_iter().collect();
/// assert_eq!(owned, ["a", "b"]);
/// ```
pub struct ConsumingIter<T> {
    chunks: std::vec::IntoIter<Vec<T>>,
    front: std::vec::IntoIter<T>,
    back: std::vec::IntoIter<T>,
    remaining: usize,
}

impl<T> ConsumingIter<T> {
    pub(super) fn new(chunks: Vec<Vec<T>>, len: usize) -> Self {
        ConsumingIter {
            chunks: chunks.into_iter(),
            front: Vec::new().into_iter(),
            back: Vec::new().into_iter(),
            remaining: len,
        }
    }
}

impl<T: Clone> Clone for ConsumingIter<T> {
    fn clone(&self) -> Self {
        ConsumingIter {
            chunks: self.chunks.clone(),
            front: self.front.clone(),
            back: self.back.clone(),
            remaining: self.remaining,
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for ConsumingIter<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConsumingIter").field("remaining", &self.remaining).finish_non_exhaustive()
    }
}

impl<T> Iterator for ConsumingIter<T> {
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        loop {
            if let Some(x) = self.front.next() {
                self.remaining -= 1;
                return Some(x);
            }
            match self.chunks.next() {
                Some(c) => self.front = c.into_iter(),
                None => {
                    let x = self.back.next()?;
                    self.remaining -= 1;
                    return Some(x);
                }
            }
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl<T> DoubleEndedIterator for ConsumingIter<T> {
    #[inline]
    fn next_back(&mut self) -> Option<T> {
        loop {
            if let Some(x) = self.back.next_back() {
                self.remaining -= 1;
                return Some(x);
            }
            match self.chunks.next_back() {
                Some(c) => self.back = c.into_iter(),
                None => {
                    let x = self.front.next_back()?;
                    self.remaining -= 1;
                    return Some(x);
                }
            }
        }
    }
}

impl<T> ExactSizeIterator for ConsumingIter<T> {}
impl<T> FusedIterator for ConsumingIter<T> {}

/// An iterator over a [`Vector`]'s elements as contiguous slices; see [`Vector::leaves`].
///
/// ```
/// use core_collections::Vector;
/// let v: Vector<u32> = (0..1000).collect();
/// let total: u32 = v.leaves().map(|leaf| leaf.iter().sum::<u32>()).sum();
/// assert_eq!(total, 499_500);
/// assert_eq!(v.leaves().map(<[u32]>::len).sum::<usize>(), 1000);
/// ```
pub struct Chunks<'a, T> {
    vec: &'a Vector<T>,
    front_index: usize,
    back_index: usize,
}

impl<'a, T> Chunks<'a, T> {
    pub(super) fn new(vec: &'a Vector<T>) -> Self {
        Chunks { vec, front_index: 0, back_index: vec.len() }
    }
}

impl<T> Clone for Chunks<'_, T> {
    fn clone(&self) -> Self {
        Chunks { vec: self.vec, front_index: self.front_index, back_index: self.back_index }
    }
}

impl<T: fmt::Debug> fmt::Debug for Chunks<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}

impl<'a, T> Iterator for Chunks<'a, T> {
    type Item = &'a [T];

    fn next(&mut self) -> Option<&'a [T]> {
        if self.front_index == self.back_index {
            return None;
        }
        let run = self.vec.chunk_from(self.front_index, self.back_index);
        self.front_index += run.len();
        Some(run)
    }
}

impl<'a, T> DoubleEndedIterator for Chunks<'a, T> {
    fn next_back(&mut self) -> Option<&'a [T]> {
        if self.front_index == self.back_index {
            return None;
        }
        let run = self.vec.chunk_to(self.front_index, self.back_index);
        self.back_index -= run.len();
        Some(run)
    }
}

impl<T> FusedIterator for Chunks<'_, T> {}

/// An iterator over a [`Vector`]'s elements as mutable contiguous slices; see
/// [`Vector::leaves_mut`].
///
/// ```
/// use core_collections::Vector;
/// let mut v: Vector<u32> = (0..1000).collect();
/// for leaf in v.leaves_mut() {
///     leaf.fill(7);
/// }
/// assert!(v.iter().all(|&x| x == 7));
/// ```
pub struct ChunksMut<'a, T> {
    chunks: std::vec::IntoIter<&'a mut [T]>,
}

impl<'a, T> ChunksMut<'a, T> {
    pub(super) fn new(chunks: Vec<&'a mut [T]>) -> Self {
        ChunksMut { chunks: chunks.into_iter() }
    }
}

impl<T: fmt::Debug> fmt::Debug for ChunksMut<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.chunks.as_slice()).finish()
    }
}

impl<'a, T> Iterator for ChunksMut<'a, T> {
    type Item = &'a mut [T];

    fn next(&mut self) -> Option<&'a mut [T]> {
        self.chunks.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.chunks.size_hint()
    }
}

impl<'a, T> DoubleEndedIterator for ChunksMut<'a, T> {
    fn next_back(&mut self) -> Option<&'a mut [T]> {
        self.chunks.next_back()
    }
}

impl<T> ExactSizeIterator for ChunksMut<'_, T> {}
impl<T> FusedIterator for ChunksMut<'_, T> {}
