//! Borrowing iterators over a trie: a depth-first walk with a fixed stack (no allocation).

use super::node::{live, Entry, Node, Slot};
use std::iter::FusedIterator;
use std::slice;

/// Branch levels (shifts 0, 5, ..., 60 cover the 64 hash bits) and a collision node below.
const MAX_DEPTH: usize = 14;

/// The entries of a trie, in trie order.
pub(crate) struct Entries<'a, K, V> {
    stack: [slice::Iter<'a, Slot<K, V>>; MAX_DEPTH],
    depth: usize,
    remaining: usize,
}

impl<K, V> Clone for Entries<'_, K, V> {
    fn clone(&self) -> Self {
        Entries { stack: self.stack.clone(), depth: self.depth, remaining: self.remaining }
    }
}

impl<'a, K, V> Entries<'a, K, V> {
    pub(crate) fn new(root: Option<&'a Node<K, V>>, len: usize) -> Self {
        let mut stack: [slice::Iter<'a, Slot<K, V>>; MAX_DEPTH] =
            std::array::from_fn(|_| [].iter());
        let mut depth = 0;
        if let Some(root) = root {
            stack[0] = root.live_slots().iter();
            depth = 1;
        }
        Entries { stack, depth, remaining: len }
    }
}

impl<'a, K, V> Iterator for Entries<'a, K, V> {
    type Item = &'a Entry<K, V>;

    #[inline(always)]
    fn next(&mut self) -> Option<&'a Entry<K, V>> {
        while self.depth > 0 {
            match self.stack[self.depth - 1].next() {
                Some(Slot::Leaf(e)) => {
                    self.remaining -= 1;
                    return Some(e);
                }
                Some(Slot::Child(b, c)) => {
                    self.stack[self.depth] = c[..live(*b, c)].iter();
                    self.depth += 1;
                }
                Some(Slot::Empty) => {}
                None => self.depth -= 1,
            }
        }
        None
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl<K, V> ExactSizeIterator for Entries<'_, K, V> {}
impl<K, V> FusedIterator for Entries<'_, K, V> {}
