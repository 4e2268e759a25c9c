//! The Aho–Corasick automaton, for sets of any size: a trie of the patterns made into a
//! deterministic automaton (every failure link followed at build time), one transition table
//! row per state over byte classes, state ids premultiplied by the row length so a step is
//! one class lookup, one add and one load.
//!
//! The automaton reports every pattern that ends at each position (a state's matches are the
//! patterns that are suffixes of what it has read). Leftmost semantics come from two facts:
//!
//! ```text
//! scan until the first match state: candidate start s = end - longest pattern ending here
//! keep scanning while a partial match (the state's depth) could start before s,
//!     lowering s on each later match state
//! at s, walk the trie: the best pattern that occurs there (first listed, or longest)
//! ```
//!
//! A state's depth is the length of the longest suffix of the input that is a trie prefix, so
//! once `position - depth >= s` no pattern still in progress starts before `s`. Match states
//! are numbered first (one compare tells "match" in the hot loop); when every pattern starts
//! with one of at most three bytes the start state is numbered with them, and a search back in
//! the start state skips to the next such byte with the level's `memchr`.
//!
//! Byte classes: each byte a pattern contains has a class of its own (both cases of a letter
//! share one when case folds, which is all case insensitivity costs here); every byte that no
//! pattern contains shares one more.

use super::pattern::Patterns;
use super::rank::rank;
use super::rare::Needles;
use super::LiteralSetError;
use crate::arch::ops::Pinned;
use alloc::collections::VecDeque;
use alloc::vec;
use alloc::vec::Vec;

/// No state / no pattern.
const NONE: u32 = u32::MAX;
/// The most transitions the table may hold (256 MiB of `u32`).
const MAX_TRANSITIONS: usize = 1 << 26;
/// Start bytes ranked above this are too common for the start-state skip.
const COMMON: u8 = 245;

/// A deterministic Aho–Corasick automaton for leftmost searches.
#[derive(Clone, Debug)]
pub(super) struct Automaton {
    classes: [u8; 256],
    stride: usize,
    /// `trans[id + class]`: the next state's id (ids are state indices times `stride`).
    trans: Vec<u32>,
    /// Per state index: its depth (the trie prefix's length).
    depth: Vec<u32>,
    /// Per state index: the length of the longest pattern ending here, or `NONE`.
    longest: Vec<u32>,
    /// Per state index: the best pattern whose end is this trie node, or `NONE`.
    own: Vec<u32>,
    /// Ids below this are match states.
    match_end: u32,
    /// Ids below this are match states or the start state with a skip.
    special_end: u32,
    start: u32,
    skip: Option<Needles>,
    /// `id / stride` as `(id >> shift) * inverse` (wrapping): ids are exact multiples of
    /// `stride`, and an odd number has an inverse modulo 2^32.
    shift: u32,
    inverse: u32,
}

/// The inverse of odd `x` modulo 2^32 (Newton's iteration doubles the correct low bits; `x`
/// itself is correct to 3 bits).
fn inverse_of(x: u32) -> u32 {
    debug_assert!(x % 2 == 1);
    let mut y = x;
    for _ in 0..4 {
        y = y.wrapping_mul(2u32.wrapping_sub(x.wrapping_mul(y)));
    }
    y
}

impl Automaton {
    /// The automaton of `pats`.
    ///
    /// # Errors
    /// [`LiteralSetError::TooLarge`] when the table would exceed 2^26 transitions.
    pub(super) fn new(pats: &Patterns) -> Result<Automaton, LiteralSetError> {
        let n = pats.len();
        // Classes: one per byte a pattern has (per letter when folding), then one shared by
        // every byte no pattern has.
        let mut classes = [0u8; 256];
        let mut key_class = [NONE; 256];
        let mut used = [false; 256];
        for i in 0..n {
            for &b in pats.bytes_of(i) {
                used[usize::from(b)] = true;
            }
        }
        let mut stride = 0usize;
        let mut unused = false;
        for b in 0..=255u8 {
            let key = usize::from(if pats.folds() { b.to_ascii_lowercase() } else { b });
            if !used[key] {
                unused = true;
                continue;
            }
            if key_class[key] == NONE {
                key_class[key] = stride as u32;
                stride += 1;
            }
            classes[usize::from(b)] = key_class[key] as u8;
        }
        if unused {
            for b in 0..=255u8 {
                let key = usize::from(if pats.folds() { b.to_ascii_lowercase() } else { b });
                if !used[key] {
                    classes[usize::from(b)] = stride as u8;
                }
            }
            stride += 1;
        }
        let bound = (0..n).map(|i| pats.len_of(i)).sum::<usize>() + 1;
        let needed = bound.saturating_mul(stride);
        if needed > MAX_TRANSITIONS {
            return Err(LiteralSetError::TooLarge { transitions: needed, limit: MAX_TRANSITIONS });
        }

        // The trie, with `NONE` for missing edges.
        let mut next: Vec<u32> = vec![NONE; stride];
        let mut depth: Vec<u32> = vec![0];
        let mut own: Vec<u32> = vec![NONE];
        for i in 0..n {
            let mut s = 0usize;
            for &b in pats.bytes_of(i) {
                let c = usize::from(classes[usize::from(b)]);
                let t = next[s * stride + c];
                s = if t == NONE {
                    let new = depth.len();
                    next[s * stride + c] = new as u32;
                    next.extend(core::iter::repeat_n(NONE, stride));
                    depth.push(depth[s] + 1);
                    own.push(NONE);
                    new
                } else {
                    t as usize
                };
            }
            if own[s] == NONE || pats.better(i, own[s] as usize) {
                own[s] = i as u32;
            }
        }
        let states = depth.len();

        // Failure links, breadth first; each missing edge becomes the failure state's edge.
        let mut fail = vec![0u32; states];
        let mut longest = vec![NONE; states];
        longest[0] = if own[0] != NONE { 0 } else { NONE };
        let mut queue = VecDeque::new();
        for t in &mut next[..stride] {
            match *t {
                NONE => *t = 0,
                v => queue.push_back(v as usize),
            }
        }
        while let Some(u) = queue.pop_front() {
            let f = fail[u] as usize;
            longest[u] = if own[u] != NONE { depth[u] } else { longest[f] };
            for c in 0..stride {
                let v = next[u * stride + c];
                if v == NONE {
                    next[u * stride + c] = next[f * stride + c];
                } else {
                    fail[v as usize] =
                        if depth[v as usize] == 1 { 0 } else { next[f * stride + c] };
                    queue.push_back(v as usize);
                }
            }
        }

        // The start-state skip: at most three start bytes, none of them common.
        let mut first: Vec<u8> = Vec::new();
        for i in 0..n {
            if let Some(&b) = pats.bytes_of(i).first() {
                let mut add = |b: u8| {
                    if !first.contains(&b) {
                        first.push(b);
                    }
                };
                add(b);
                if pats.folds() {
                    add(b.to_ascii_uppercase());
                }
            }
        }
        let skip = Needles::new(&first)
            .filter(|_| own[0] == NONE && first.iter().all(|&b| rank(b) <= COMMON));

        // Renumber: match states, then the start state when it skips, then the rest.
        let is_match = |s: usize| longest[s] != NONE;
        let skips = skip.is_some() && !is_match(0);
        let mut perm = vec![0u32; states];
        let mut ordered: Vec<usize> = (0..states).filter(|&s| is_match(s)).collect();
        let match_count = ordered.len();
        if skips {
            ordered.push(0);
        }
        let special_count = ordered.len();
        ordered.extend((0..states).filter(|&s| !(is_match(s) || skips && s == 0)));
        for (k, &s) in ordered.iter().enumerate() {
            perm[s] = k as u32;
        }
        let mut trans = vec![0u32; states * stride];
        let mut new_depth = vec![0u32; states];
        let mut new_longest = vec![NONE; states];
        let mut new_own = vec![NONE; states];
        for (ni, &s) in ordered.iter().enumerate() {
            for c in 0..stride {
                trans[ni * stride + c] = perm[next[s * stride + c] as usize] * stride as u32;
            }
            new_depth[ni] = depth[s];
            new_longest[ni] = longest[s];
            new_own[ni] = own[s];
        }
        Ok(Automaton {
            classes,
            stride,
            trans,
            depth: new_depth,
            longest: new_longest,
            own: new_own,
            match_end: (match_count * stride) as u32,
            special_end: (special_count * stride) as u32,
            start: perm[0] * stride as u32,
            skip,
            shift: stride.trailing_zeros(),
            inverse: inverse_of((stride >> stride.trailing_zeros()) as u32),
        })
    }

    /// The state after `s` reads `b`.
    #[inline(always)]
    fn step(&self, s: u32, b: u8) -> u32 {
        let c = self.classes[usize::from(b)] as usize;
        debug_assert!((s as usize) + c < self.trans.len());
        // SAFETY: every id in the table (and `start`) is a state index times `stride`, below
        // `states * stride`, and every class is below `stride`: the index is in bounds.
        unsafe { *self.trans.get_unchecked(s as usize + c) }
    }

    /// The state index of id `s`.
    #[inline(always)]
    fn index(&self, s: u32) -> usize {
        let k = (s >> self.shift).wrapping_mul(self.inverse) as usize;
        debug_assert_eq!(k, s as usize / self.stride);
        k
    }

    /// The leftmost match in `hay`: `(start, pattern)`.
    pub(super) fn find(&self, pats: &Patterns, ops: Pinned, hay: &[u8]) -> Option<(usize, usize)> {
        if self.start < self.match_end {
            // The empty pattern: a match at 0.
            return self.best_at(pats, hay, 0);
        }
        let n = hay.len();
        let mut s = self.start;
        let mut i = 0;
        loop {
            if s == self.start {
                if let Some(skip) = &self.skip {
                    i += skip.find(ops, &hay[i..])?;
                }
            }
            loop {
                if i == n {
                    return None;
                }
                s = self.step(s, hay[i]);
                i += 1;
                if s < self.special_end {
                    break;
                }
            }
            if s < self.match_end {
                break;
            }
        }
        // The first match ends at `i`: lower its start while a partial match could start
        // earlier.
        let mut best = i - self.longest[self.index(s)] as usize;
        while i - (self.depth[self.index(s)] as usize) < best && i < n {
            s = self.step(s, hay[i]);
            i += 1;
            if s < self.match_end {
                best = best.min(i - self.longest[self.index(s)] as usize);
            }
        }
        self.best_at(pats, hay, best)
    }

    /// The best pattern occurring at `at`, by a walk down the trie.
    fn best_at(&self, pats: &Patterns, hay: &[u8], at: usize) -> Option<(usize, usize)> {
        let mut s = self.start;
        let mut best = self.own[self.index(s)];
        for &b in &hay[at..] {
            let t = self.step(s, b);
            if self.depth[self.index(t)] != self.depth[self.index(s)] + 1 {
                break;
            }
            s = t;
            let o = self.own[self.index(s)];
            if o != NONE && (best == NONE || pats.better(o as usize, best as usize)) {
                best = o;
            }
        }
        (best != NONE).then_some((at, best as usize))
    }
}
