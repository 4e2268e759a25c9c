//! Digits to limbs for radices that are not powers of two.
//!
//! Short strings: one chunk of `k` digits at a time, `x = x * B + chunk`. Long strings split
//! off the low `k * 2^j` digits for the largest power below their length and combine the two
//! halves as `high * B^(2^j) + low`; the low halves all have power-of-two chunk counts, so the
//! recursion below the top is balanced.
//!
//! Every product at one level of the recursion has the same factor `B^(2^j)` and about the
//! same shape, so where the NTT pays (`mul::prepared_pays`) the power is transformed once per
//! level (`ntt::Prepared`) and each product costs two transforms per prime instead of three.

use alloc::vec;
use alloc::vec::Vec;

use super::powers::{self, Power};
use super::{chunk, DigitSet, RadixParams};
use crate::bigint::mpn::mul::{mul, prepared_pays};
use crate::bigint::mpn::ntt::Prepared;
use crate::bigint::mpn::thresholds::PARSE_DC;
use crate::bigint::mpn::{add_1_assign, add_assign, mul_1_assign, normalized_len};

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
    let mut prepared: Vec<Option<Prepared>> = tree.iter().map(|_| None).collect();
    dc_rec::<D>(s, p, tree, cut_digits, &mut prepared, true)
}

/// The recursion of [`divide_and_conquer`]. `prepared[j]` caches the NTT transforms of
/// `B^(2^j)`, made at its first product below the top (`top`: the first call, the only one
/// with the largest power, which gains nothing from them).
fn dc_rec<D: DigitSet>(
    s: &[u8],
    p: &RadixParams,
    tree: &[Power],
    cut_digits: usize,
    prepared: &mut [Option<Prepared>],
    top: bool,
) -> Vec<u64> {
    let j = tree.iter().rposition(|pw| pw.digits < s.len());
    let Some(j) = j.filter(|_| s.len() > cut_digits) else {
        return basecase::<D>(s, p);
    };
    let pw = &tree[j];
    let (high, low) = s.split_at(s.len() - pw.digits);
    let high = dc_rec::<D>(high, p, tree, cut_digits, prepared, false);
    let low = dc_rec::<D>(strip_zeros::<D>(low), p, tree, cut_digits, prepared, false);
    let mut out = vec![0u64; pw.len() + high.len()];
    let product = &mut out[pw.shift..];
    let (short, long) = (high.len().min(pw.limbs.len()), high.len().max(pw.limbs.len()));
    if !top && prepared_pays(short, long) {
        // Every `high` is below `B^(2^j)`, so at most `pw.len()` limbs: one transform length
        // serves the whole level.
        let pre = &mut prepared[j];
        if pre.as_ref().is_none_or(|pre| !pre.fits(high.len())) {
            *pre = Some(Prepared::new(&pw.limbs, pw.limbs.len() + pw.len().max(high.len())));
        }
        if let Some(pre) = pre {
            pre.mul(product, &high);
        }
    } else if high.len() >= pw.limbs.len() {
        mul(product, &high, &pw.limbs);
    } else {
        mul(product, &pw.limbs, &high);
    }
    // `low < B^(2^j)`, so it fits and the sum carries nowhere.
    add_assign(&mut out, &low);
    out.truncate(normalized_len(&out));
    out
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::super::{AsciiAlnum, AsciiDecimal, RADICES};
    use super::parse;

    /// Random digits of `radix`, the first one non-zero.
    fn digits(n: usize, radix: u32, seed: &mut u64) -> Vec<u8> {
        (0..n)
            .map(|i| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                let v = (*seed % radix as u64) as u8;
                let v = if i == 0 { v.max(1) } else { v };
                if v < 10 {
                    b'0' + v
                } else {
                    b'a' + v - 10
                }
            })
            .collect()
    }

    fn check(s: &[u8], radix: u32) {
        let p = &RADICES[radix as usize];
        let got = if radix <= 10 { parse::<AsciiDecimal>(s, p) } else { parse::<AsciiAlnum>(s, p) };
        let want = num_bigint::BigUint::parse_bytes(s, radix).unwrap().to_u64_digits();
        assert!(got == want, "radix {radix}, {} digits", s.len());
    }

    #[test]
    fn prepared_powers_at_every_level() {
        // Around power-of-two chunk counts, where the split and the transform lengths change;
        // long enough for the prepared transforms at several levels of the recursion (on
        // either NTT).
        let mut seed = 0x5EED;
        for radix in [10, 3, 36] {
            let k = RADICES[radix as usize].chunk_digits;
            for chunks in [255, 256, 257, 1023, 1024, 1025, 3000, 4097] {
                for extra in [0, 1, k - 1] {
                    check(&digits(chunks * k + extra, radix, &mut seed), radix);
                }
            }
        }
        // Runs of zeros and nines, so the low halves have leading zeros and the sums carry.
        let mut s = digits(150_000, 10, &mut seed);
        s[20_000..90_000].fill(b'0');
        s[100_000..].fill(b'9');
        check(&s, 10);
    }
}
