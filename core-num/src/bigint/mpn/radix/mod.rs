//! Conversion between natural numbers and digit strings in any radix.
//!
//! Power-of-two radices are bit slicing, linear in both directions. Every other radix `r` works
//! on chunks of `k` digits, the most whose value fits a limb (`B = r^k`; `10^19` for decimal):
//!
//! ```text
//! parse(s):  short: x = 0; for each chunk c of s: x = x * B + c
//!            long:  s = hi ++ lo with lo of k * 2^j digits; parse(hi) * B^(2^j) + parse(lo)
//! write(x):  short: repeat { x, c = x / B, x % B; emit c as k digits } (right to left)
//!            long:  q, r = x / B^(2^j), x % B^(2^j); write(q); write(r) padded to k * 2^j
//! ```
//!
//! The powers `B^(2^j)` come from repeated squaring once per call (`powers.rs`) and are stored
//! without their low zero limbs, which for even radices shortens every product and divisor by
//! up to a third. With subquadratic multiplication and division both directions cost
//! `O(M(n) log n)` (Brent & Zimmermann, "Modern Computer Arithmetic", section 1.7), so a
//! million-digit string is not a denial of service.

mod chunk;
mod format;
mod parse;
mod pow2;
mod powers;
#[cfg(test)]
mod tests;

use alloc::vec::Vec;

/// Constants of one radix, precomputed for every radix `2..=256`.
#[derive(Clone, Copy)]
pub(super) struct RadixParams {
    /// The radix itself.
    radix: u32,
    /// Digits per chunk: the largest `k` with `radix^k < 2^64`.
    chunk_digits: usize,
    /// `radix^chunk_digits`.
    chunk_base: u64,
    /// Leading zeros of `chunk_base`.
    base_shift: u32,
    /// `floor((2^128 - 1) / (chunk_base << base_shift)) - 2^64`, the reciprocal for
    /// [`format`]'s 2/1 divisions.
    base_inverse: u64,
    /// `radix^2`, `radix^4`, `radix^8` (wrapping; only used where they fit).
    pow2: u64,
    pow4: u64,
    pow8: u64,
    /// An upper bound (by a relative 1e-10) on `log_radix(2)`.
    digits_per_bit: f64,
}

impl RadixParams {
    /// An upper bound on the number of digits of a value below `2^bits`.
    fn digits_bound(&self, bits: usize) -> usize {
        (bits as f64 * self.digits_per_bit) as usize + 1
    }
}

/// `log2(r)` for `r >= 2`, good to about 1e-13: the integer part, then fraction bits by
/// repeated squaring of the mantissa.
const fn log2(r: u64) -> f64 {
    let e = 63 - r.leading_zeros();
    let mut m = r as f64 / (1u64 << e) as f64;
    let mut frac = 0.0;
    let mut bit = 0.5;
    let mut i = 0;
    while i < 60 {
        m *= m;
        if m >= 2.0 {
            m /= 2.0;
            frac += bit;
        }
        bit /= 2.0;
        i += 1;
    }
    e as f64 + frac
}

const fn radix_params(r: u64) -> RadixParams {
    let mut k = 1;
    let mut base = r;
    while let Some(next) = base.checked_mul(r) {
        base = next;
        k += 1;
    }
    let base_shift = base.leading_zeros();
    let normalised = (base << base_shift) as u128;
    RadixParams {
        radix: r as u32,
        chunk_digits: k,
        chunk_base: base,
        base_shift,
        base_inverse: (u128::MAX / normalised - (1 << 64)) as u64,
        pow2: r.wrapping_pow(2),
        pow4: r.wrapping_pow(4),
        pow8: r.wrapping_pow(8),
        digits_per_bit: (1.0 + 1e-10) / log2(r),
    }
}

/// [`RadixParams`] for every radix `2..=256` (entries 0 and 1 are placeholders).
static RADICES: [RadixParams; 257] = {
    let mut t = [radix_params(2); 257];
    let mut r = 3;
    while r <= 256 {
        t[r] = radix_params(r as u64);
        r += 1;
    }
    t
};

/// Byte to digit value: `'0'..='9'` are 0..=9, letters of either case 10..=35, others 255.
static DIGIT_VALUE: [u8; 256] = {
    let mut t = [255u8; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 26 {
        t[b'a' as usize + i] = 10 + i as u8;
        t[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    t
};

/// How the bytes of a digit string map to digit values (one monomorphised parser each).
pub(super) trait DigitSet {
    /// The byte that stands for the digit 0.
    const ZERO: u8;
    /// Whether every digit's value is its byte minus [`Self::ZERO`] (which allows SWAR).
    const LINEAR: bool;
    /// The value of a digit byte already known to be valid.
    fn value(b: u8) -> u8;
}

/// Digit values as bytes (`parse_digit_values`).
pub(super) struct Values;
/// ASCII `'0'..='9'` (radix at most 10).
pub(super) struct AsciiDecimal;
/// ASCII digits and letters of either case.
pub(super) struct AsciiAlnum;

impl DigitSet for Values {
    const ZERO: u8 = 0;
    const LINEAR: bool = true;
    #[inline(always)]
    fn value(b: u8) -> u8 {
        b
    }
}

impl DigitSet for AsciiDecimal {
    const ZERO: u8 = b'0';
    const LINEAR: bool = true;
    #[inline(always)]
    fn value(b: u8) -> u8 {
        b.wrapping_sub(b'0')
    }
}

impl DigitSet for AsciiAlnum {
    const ZERO: u8 = b'0';
    const LINEAR: bool = false;
    #[inline(always)]
    fn value(b: u8) -> u8 {
        DIGIT_VALUE[b as usize]
    }
}

/// `Err(i)` for the first byte of `src` that is not a digit of `radix` (2..=36).
fn validate(src: &[u8], radix: u32) -> Result<(), usize> {
    let bad = |b: u8| {
        if radix <= 10 {
            b.wrapping_sub(b'0') >= radix as u8
        } else {
            DIGIT_VALUE[b as usize] >= radix as u8
        }
    };
    // Branch once per block so that the decimal check vectorises.
    let mut start = 0;
    for block in src.chunks(64) {
        if block.iter().fold(false, |acc, &b| acc | bad(b)) {
            let at = block.iter().position(|&b| bad(b)).unwrap_or(0);
            return Err(start + at);
        }
        start += block.len();
    }
    Ok(())
}

/// `log2(radix)` when the radix is a power of two.
fn pow2_bits(radix: u32) -> Option<u32> {
    radix.is_power_of_two().then(|| radix.trailing_zeros())
}

/// Parses ASCII digits of `radix` (2..=36, letters of either case) into normalised limbs;
/// `Err(i)` is the index of the first byte that is not a digit of `radix`.
pub(crate) fn parse_radix(src: &[u8], radix: u32) -> Result<Vec<u64>, usize> {
    debug_assert!((2..=36).contains(&radix));
    validate(src, radix)?;
    Ok(match pow2_bits(radix) {
        Some(bits) if radix <= 8 => pow2::parse::<AsciiDecimal>(src, bits),
        Some(bits) => pow2::parse::<AsciiAlnum>(src, bits),
        None if radix <= 10 => parse::parse::<AsciiDecimal>(src, &RADICES[radix as usize]),
        None => parse::parse::<AsciiAlnum>(src, &RADICES[radix as usize]),
    })
}

/// Builds the normalised limbs of big-endian digit values (each below `radix`, 2..=256).
pub(crate) fn parse_digit_values(values: &[u8], radix: u32) -> Vec<u64> {
    debug_assert!((2..=256).contains(&radix));
    debug_assert!(values.iter().all(|&v| (v as u32) < radix));
    match pow2_bits(radix) {
        Some(bits) => pow2::parse::<Values>(values, bits),
        None => parse::parse::<Values>(values, &RADICES[radix as usize]),
    }
}

/// Appends the digits of `a` in `radix` (2..=36) to `out`, letters in upper case if `upper`;
/// zero is `"0"`.
pub(crate) fn write_radix(a: &[u64], radix: u32, upper: bool, out: &mut Vec<u8>) {
    debug_assert!((2..=36).contains(&radix));
    let start = out.len();
    write_values(a, radix, out);
    let letter = if upper { b'A' - 10 } else { b'a' - 10 };
    for d in &mut out[start..] {
        *d += if *d < 10 { b'0' } else { letter };
    }
}

/// The big-endian digit values of `a` in `radix` (2..=256); zero is `[0]`.
pub(crate) fn to_digit_values(a: &[u64], radix: u32) -> Vec<u8> {
    debug_assert!((2..=256).contains(&radix));
    let mut out = Vec::new();
    write_values(a, radix, &mut out);
    out
}

/// [`write_values`] for a non-zero `x < 2^128` (three chunks at most, as `chunk_base > 2^56`).
fn write_small(mut x: u128, p: &RadixParams, out: &mut Vec<u8>) {
    let k = p.chunk_digits;
    let write = chunk::writer(p.radix);
    let mut digits = [0u8; 3 * 64];
    let mut end = digits.len();
    while x != 0 {
        let (q, c) = format::divide_u128(x, p);
        write(c, &mut digits[end - k..end], p.radix as u64);
        end -= k;
        x = q;
    }
    let zeros = digits[end..].iter().take_while(|&&d| d == 0).count();
    out.extend_from_slice(&digits[end + zeros..]);
}

/// Appends the digit values of `a` to `out`, without leading zeros (one 0 for zero).
fn write_values(a: &[u64], radix: u32, out: &mut Vec<u8>) {
    let a = super::normalized(a);
    let start = out.len();
    let Some(&top) = a.last() else {
        out.push(0);
        return;
    };
    let bits = a.len() * 64 - top.leading_zeros() as usize;
    if let Some(b) = pow2_bits(radix) {
        out.resize(start + bits.div_ceil(b as usize), 0);
        pow2::write(a, b, &mut out[start..]);
        return;
    }
    let params = &RADICES[radix as usize];
    if a.len() <= 2 {
        let x = a.iter().rev().fold(0u128, |x, &l| (x << 64) | l as u128);
        return write_small(x, params, out);
    }
    out.resize(start + params.digits_bound(bits), 0);
    format::write(a, params, &mut out[start..]);
    let written = &out[start..];
    let zeros = written.iter().position(|&d| d != 0).unwrap_or(written.len() - 1);
    if zeros > 0 {
        out.copy_within(start + zeros.., start);
        out.truncate(out.len() - zeros);
    }
}
