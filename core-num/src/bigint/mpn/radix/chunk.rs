//! One chunk (at most a limb's worth of digits) to and from digit values.
//!
//! Parsing reads eight digits at a time for radices up to 16 with SWAR (one `u64` holds eight
//! digits; three multiply-shift-mask steps combine neighbours into pairs, quads and the whole
//! eight, each lane staying below its width), otherwise two at a time. Writing divides by
//! constants (one monomorphised function per radix up to 36), two digits per step; decimal
//! splits the chunk into 3 + 8 + 8 digits and writes pairs from a 100-entry table.

use super::{DigitSet, RadixParams};

/// The value of the valid digits `s` (at most `chunk_digits` of them).
#[inline]
pub(super) fn parse<D: DigitSet>(s: &[u8], p: &RadixParams) -> u64 {
    let r = p.radix as u64;
    let mut acc = 0u64;
    if D::LINEAR && r <= 16 {
        let head = s.len() % 8;
        for &b in &s[..head] {
            acc = acc * r + D::value(b) as u64;
        }
        for block in s[head..].chunks_exact(8) {
            acc = acc * p.pow8 + swar8::<D>(block, p);
        }
    } else {
        let head = s.len() % 2;
        if head == 1 {
            acc = D::value(s[0]) as u64;
        }
        for pair in s[head..].chunks_exact(2) {
            acc = acc * p.pow2 + (D::value(pair[0]) as u64 * r + D::value(pair[1]) as u64);
        }
    }
    acc
}

/// The value of eight digits (`block.len() == 8`, radix at most 16, linear digit set).
#[inline(always)]
fn swar8<D: DigitSet>(block: &[u8], p: &RadixParams) -> u64 {
    let bytes: [u8; 8] = block.try_into().unwrap_or_default();
    // The first (most significant) digit lands in the lowest byte.
    let mut v = u64::from_le_bytes(bytes).wrapping_sub(D::ZERO as u64 * 0x0101_0101_0101_0101);
    v = (v.wrapping_mul(p.radix as u64) + (v >> 8)) & 0x00FF_00FF_00FF_00FF;
    v = (v.wrapping_mul(p.pow2) + (v >> 16)) & 0x0000_FFFF_0000_FFFF;
    (v.wrapping_mul(p.pow4) + (v >> 32)) & 0xFFFF_FFFF
}

/// Writes the digit values of `x` into all of `out` (`x < radix^out.len()`,
/// `out.len() == chunk_digits` except for the top chunk); the radix is the writer's own.
pub(super) type Writer = fn(u64, &mut [u8], u64);

/// The chunk writer for `radix` (not a power of two).
pub(super) fn writer(radix: u32) -> Writer {
    macro_rules! pick {
        ($($r:literal)*) => {
            match radix {
                10 => write_decimal,
                $($r => write_const::<$r>,)*
                _ => write_any,
            }
        };
    }
    pick!(3 5 6 7 9 11 12 13 14 15 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 33 34 35 36)
}

/// Two digits per division by the constant `R^2`.
fn write_const<const R: u64>(mut x: u64, out: &mut [u8], _radix: u64) {
    let mut pairs = out.rchunks_exact_mut(2);
    for pair in &mut pairs {
        let p = (x % (R * R)) as u32;
        x /= R * R;
        pair[0] = (p / R as u32) as u8;
        pair[1] = (p % R as u32) as u8;
    }
    if let [d] = pairs.into_remainder() {
        *d = x as u8;
    }
}

/// Any radix up to 256, by run-time division.
fn write_any(mut x: u64, out: &mut [u8], radix: u64) {
    for d in out.iter_mut().rev() {
        *d = (x % radix) as u8;
        x /= radix;
    }
}

/// `(n / 10, n % 10)` for `n < 100`.
static DECIMAL_PAIRS: [[u8; 2]; 100] = {
    let mut t = [[0u8; 2]; 100];
    let mut n = 0;
    while n < 100 {
        t[n] = [(n / 10) as u8, (n % 10) as u8];
        n += 1;
    }
    t
};

/// Four decimal digits of `v < 10^4`.
#[inline(always)]
fn write4(v: u32, out: &mut [u8; 4]) {
    let [a, b] = DECIMAL_PAIRS[(v / 100) as usize];
    let [c, d] = DECIMAL_PAIRS[(v % 100) as usize];
    *out = [a, b, c, d];
}

/// Eight decimal digits of `v < 10^8`.
#[inline(always)]
fn write8(v: u32, out: &mut [u8]) {
    let mut hi = [0u8; 4];
    let mut lo = [0u8; 4];
    write4(v / 10_000, &mut hi);
    write4(v % 10_000, &mut lo);
    out[..4].copy_from_slice(&hi);
    out[4..8].copy_from_slice(&lo);
}

/// Decimal: a full chunk as 3 + 8 + 8 digits, pairs from the table.
fn write_decimal(x: u64, out: &mut [u8], radix: u64) {
    if out.len() != 19 {
        return write_const::<10>(x, out, radix);
    }
    let (top, rest) = (x / 10u64.pow(16), x % 10u64.pow(16));
    let (mid, low) = ((rest / 100_000_000) as u32, (rest % 100_000_000) as u32);
    let [a, b] = DECIMAL_PAIRS[(top % 100) as usize];
    out[..3].copy_from_slice(&[(top / 100) as u8, a, b]);
    write8(mid, &mut out[3..11]);
    write8(low, &mut out[11..19]);
}
