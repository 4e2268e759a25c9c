//! Digits to limbs for radices that are not powers of two.
//!
//! Short strings: one chunk of `k` digits at a time, `x = x * B + chunk`. Long strings split
//! off the low `k * 2^j` digits for the largest power below their length and combine the two
//! halves as `high * B^(2^j) + low`; the low halves all have power-of-two chunk counts, so the
//! recursion below the top is balanced.

use alloc::vec;
use alloc::vec::Vec;

use super::powers::{self, Power};
use super::{chunk, DigitSet, RadixParams};
use crate::bigint::mpn::thresholds::PARSE_DC;
use crate::bigint::mpn::{add_1_assign, add_assign, mul::mul, mul_1_assign, normalized_len};

/// The normalised limbs of the valid digits `s`.
pub(super) fn parse<D: DigitSet>(s: &[u8], p: &RadixParams) -> Vec<u64> {
    parse_with::<D>(s, p, PARSE_DC)
}

/// [`parse`] with the divide-and-conquer cut-over (in chunks) as a parameter.
pub(super) fn parse_with<D: DigitSet>(s: &[u8], p: &RadixParams, cut: usize) -> Vec<u64> {
    let s = strip_zeros::<D>(s);
    let cut_digits = cut.max(2) * p.chunk_digits;
    if s.len() <= cut_digits {
        return basecase::<D>(s, p);
    }
    let tree = powers::build(p, |last| 2 * last.digits < s.len());
    divide_and_conquer::<D>(s, p, &tree, cut_digits)
}

/// `s` without its leading zero digits.
fn strip_zeros<D: DigitSet>(s: &[u8]) -> &[u8] {
    &s[s.iter().position(|&b| b != D::ZERO).unwrap_or(s.len())..]
}

/// Chunk by chunk (quadratic); `s` has no leading zeros, so every limb pushed is the top one.
fn basecase<D: DigitSet>(s: &[u8], p: &RadixParams) -> Vec<u64> {
    let k = p.chunk_digits;
    let mut out = Vec::with_capacity(s.len().div_ceil(k));
    let head = match s.len() % k {
        0 => k.min(s.len()),
        h => h,
    };
    let first = chunk::parse::<D>(&s[..head], p);
    if first != 0 {
        out.push(first);
    }
    for c in s[head..].chunks_exact(k) {
        let v = chunk::parse::<D>(c, p);
        let top = mul_1_assign(&mut out, p.chunk_base) + add_1_assign(&mut out, v);
        if top != 0 {
            out.push(top);
        }
    }
    out
}

/// `s` (no leading zeros) as `parse(high) * B^(2^j) + parse(low)`; strings of at most
/// `cut_digits` digits go to the basecase.
fn divide_and_conquer<D: DigitSet>(
    s: &[u8],
    p: &RadixParams,
    tree: &[Power],
    cut_digits: usize,
) -> Vec<u64> {
    let j = tree.iter().rposition(|pw| pw.digits < s.len());
    let Some(pw) = j.map(|j| &tree[j]).filter(|_| s.len() > cut_digits) else {
        return basecase::<D>(s, p);
    };
    let (high, low) = s.split_at(s.len() - pw.digits);
    let high = divide_and_conquer::<D>(high, p, tree, cut_digits);
    let low = divide_and_conquer::<D>(strip_zeros::<D>(low), p, tree, cut_digits);
    let mut out = vec![0u64; pw.len() + high.len()];
    let product = &mut out[pw.shift..];
    if high.len() >= pw.limbs.len() {
        mul(product, &high, &pw.limbs);
    } else {
        mul(product, &pw.limbs, &high);
    }
    // `low < B^(2^j)`, so it fits and the sum carries nowhere.
    add_assign(&mut out, &low);
    out.truncate(normalized_len(&out));
    out
}
