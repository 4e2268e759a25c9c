//! The power tree `B^(2^j)` (`B` the chunk base) shared by one divide-and-conquer conversion.
//!
//! Each power is squared from the one before and kept without its low zero limbs: `B^(2^j)`
//! is `limbs * 2^(64 * shift)`, so products and divisions by it only see `limbs` (for decimal
//! about 30% of the limbs are zero, the factor `2^(19 * 2^j)`).

use alloc::vec;
use alloc::vec::Vec;

use super::RadixParams;
use crate::bigint::mpn::{mul::sqr, normalized_len};

/// `radix^digits == limbs * 2^(64 * shift)`, `limbs` normalised with a non-zero low limb.
pub(super) struct Power {
    pub(super) limbs: Vec<u64>,
    pub(super) shift: usize,
    pub(super) digits: usize,
}

impl Power {
    /// Length of the whole power in limbs.
    pub(super) fn len(&self) -> usize {
        self.shift + self.limbs.len()
    }
}

/// `B^(2^j)` for `j = 0, 1, ...`, squaring again while `more(last power)` says so.
pub(super) fn build(p: &RadixParams, mut more: impl FnMut(&Power) -> bool) -> Vec<Power> {
    let mut tree = vec![Power { limbs: vec![p.chunk_base], shift: 0, digits: p.chunk_digits }];
    while let Some(last) = tree.last().filter(|&last| more(last)) {
        let mut sq = vec![0u64; 2 * last.limbs.len()];
        sqr(&mut sq, &last.limbs);
        sq.truncate(normalized_len(&sq));
        let zeros = sq.iter().take_while(|&&l| l == 0).count();
        sq.drain(..zeros);
        let next = Power { limbs: sq, shift: 2 * last.shift + zeros, digits: 2 * last.digits };
        tree.push(next);
    }
    tree
}
