//! Exact conversions between the half-precision formats and `f32`/`f64`, on raw bits.
//!
//! Narrowing is one function for every pair of formats: the source's magnitude is shifted
//! right to the target's precision in integer arithmetic and rounded once, to nearest with ties
//! to even, from the exact bits that fall off. Nothing goes through an intermediate format, so
//! no value is rounded twice (rounding `f64` to `f32` first and then to `f16` moves values
//! that lie just off a halfway point of `f16` onto it). Values below the smallest normal
//! number are shifted further, which makes subnormal results exact as well. Widening is
//! exact: every `f16` and `bf16` value is an `f32` value.
//!
//! NaNs keep their sign and the top bits of their payload and come out quiet, as the x86 and
//! Arm conversion instructions do, so the scalar and vector paths agree bit for bit.
//!
//! The functions are `const`: the types' constants are computed by them from the `f64`
//! constants of `core`.

/// A binary interchange format: `E` exponent bits, `M` stored mantissa bits, a sign bit.
pub(crate) struct Format {
    exp: u32,
    man: u32,
}

/// IEEE binary16.
pub(crate) const F16: Format = Format { exp: 5, man: 10 };
/// bfloat16: `f32`'s exponent with 7 mantissa bits.
pub(crate) const BF16: Format = Format { exp: 8, man: 7 };
const F32: Format = Format { exp: 8, man: 23 };
const F64: Format = Format { exp: 11, man: 52 };

/// The bits of `src` (in format `from`) rounded to format `to` (at most 16 bits wide),
/// to nearest, ties to even.
const fn narrow(bits: u64, from: Format, to: Format) -> u16 {
    let (se, sm, te, tm) = (from.exp, from.man, to.exp, to.man);
    let abs_mask = (1u64 << (se + sm)) - 1;
    let sign = (((bits >> (se + sm)) & 1) as u16) << (te + tm);
    let abs = bits & abs_mask;
    let s_man_mask = (1u64 << sm) - 1;
    let s_exp_all = ((1u64 << se) - 1) << sm;
    let t_inf = (((1u32 << te) - 1) << tm) as u64;
    if abs & s_exp_all == s_exp_all {
        if abs & s_man_mask == 0 {
            return sign | t_inf as u16;
        }
        // Quiet NaN with the payload's top bits.
        let payload = (abs >> (sm - tm)) & ((1 << tm) - 1);
        return sign | (t_inf | 1 << (tm - 1) | payload) as u16;
    }
    let s_bias = (1i32 << (se - 1)) - 1;
    let t_bias = (1i32 << (te - 1)) - 1;
    let e = (abs >> sm) as i32;
    // The target's biased exponent of a normal result.
    let te_biased = if e == 0 { 1 } else { e } - s_bias + t_bias;
    let (m, shift) = if te_biased >= 1 {
        // Normal (or overflowing) result: rebias in place, then drop the extra mantissa bits.
        (abs - (((s_bias - t_bias) as u64) << sm), sm - tm)
    } else {
        // Subnormal result: the significand with its implicit bit, shifted further by how
        // far the exponent lies below the target's minimum. A shift of `sm + 2` already
        // leaves every significand below half a unit, so larger ones are capped there.
        let m = if e == 0 { abs } else { (abs & s_man_mask) | 1 << sm };
        let extra = (1 - te_biased) as u32;
        let shift = sm - tm + extra;
        (m, if shift > sm + 2 { sm + 2 } else { shift })
    };
    let half = 1u64 << (shift - 1);
    let odd = (m >> shift) & 1;
    let rounded = (m + half - 1 + odd) >> shift;
    if rounded >= t_inf {
        sign | t_inf as u16
    } else {
        sign | rounded as u16
    }
}

/// The `f32` bits of a value of format `from` (exact); a NaN comes out quiet.
const fn widen_to_f32(h: u16, from: Format) -> u32 {
    let (e_bits, m_bits) = (from.exp, from.man);
    let h = h as u32;
    let sign = (h >> (e_bits + m_bits)) << 31;
    let abs = h & ((1 << (e_bits + m_bits)) - 1);
    let man_mask = (1u32 << m_bits) - 1;
    let e = abs >> m_bits;
    let m = abs & man_mask;
    let up = F32.man - m_bits;
    if e == (1 << e_bits) - 1 {
        return if m == 0 { sign | 0x7F80_0000 } else { sign | 0x7FC0_0000 | m << up };
    }
    let rebias = 127 - ((1u32 << (e_bits - 1)) - 1);
    if e != 0 {
        return sign | (e + rebias) << 23 | m << up;
    }
    if m == 0 {
        return sign;
    }
    // Subnormal: move the leading one to the implicit position.
    let s = m.leading_zeros() - (31 - m_bits);
    sign | (rebias + 1 - s) << 23 | ((m << s) & man_mask) << up
}

/// `f32` bits to binary16 bits.
#[inline]
pub(crate) const fn f32_to_f16(x: u32) -> u16 {
    narrow(x as u64, F32, F16)
}

/// `f64` bits to binary16 bits.
#[inline]
pub(crate) const fn f64_to_f16(x: u64) -> u16 {
    narrow(x, F64, F16)
}

/// `f32` bits to bfloat16 bits.
#[inline]
pub(crate) const fn f32_to_bf16(x: u32) -> u16 {
    narrow(x as u64, F32, BF16)
}

/// `f64` bits to bfloat16 bits.
#[inline]
pub(crate) const fn f64_to_bf16(x: u64) -> u16 {
    narrow(x, F64, BF16)
}

/// Binary16 bits to `f32` bits.
#[inline]
pub(crate) const fn f16_to_f32(h: u16) -> u32 {
    widen_to_f32(h, F16)
}

/// Bfloat16 bits to `f32` bits: the top half of an `f32`, NaNs quieted (as the `half` crate
/// does).
#[inline]
pub(crate) const fn bf16_to_f32(h: u16) -> u32 {
    let x = (h as u32) << 16;
    if x & 0x7FFF_FFFF > 0x7F80_0000 {
        x | 0x0040_0000
    } else {
        x
    }
}

/// The `f32` value nearest `x` in round-to-odd: `x` itself when it is an `f32`, else the
/// neighbour towards zero with its last bit set. Rounding this once more to a format of at
/// most 22 significant bits gives the correctly rounded result of `x` (the set bit stands for
/// everything that was cut off), which lets `f64` slices go through `f32` kernels.
#[inline(always)]
pub(crate) fn f64_to_f32_odd(x: f64) -> f32 {
    let r = x as f32;
    let back = r as f64;
    if back == x || x.is_nan() {
        return r;
    }
    let toward_zero = if back.abs() > x.abs() { r.to_bits() - 1 } else { r.to_bits() };
    f32::from_bits(toward_zero | 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_then_narrowing_is_the_identity() {
        for h in 0..=u16::MAX {
            let f = f16_to_f32(h);
            let back = f32_to_f16(f);
            let nan = h & 0x7FFF > 0x7C00;
            assert_eq!(back, if nan { h | 0x0200 } else { h }, "{h:#06x}");
            let d = f32::from_bits(f) as f64;
            assert_eq!(f64_to_f16(d.to_bits()), back, "{h:#06x}");
        }
    }

    #[test]
    fn halfway_points_go_to_even() {
        // 1 + 2^-11 lies halfway between 1 and the next f16; 1 + 3 * 2^-11 between that one
        // and the one after it.
        assert_eq!(f32_to_f16(f32::to_bits(1.0 + 1.0 / 2048.0)), 0x3C00);
        assert_eq!(f32_to_f16(f32::to_bits(1.0 + 3.0 / 2048.0)), 0x3C02);
        // Just above halfway in f64 but exactly halfway once rounded to f32.
        let x = 1.0 + 1.0 / 2048.0 + 1.0 / (1u64 << 40) as f64;
        assert_eq!(f64_to_f16(x.to_bits()), 0x3C01);
        assert_eq!(f32_to_f16((x as f32).to_bits()), 0x3C00);
        // The overflow threshold 65520 is halfway between MAX and 2^16: ties go to infinity.
        assert_eq!(f32_to_f16(65520f32.to_bits()), 0x7C00);
        assert_eq!(f32_to_f16(65519.996f32.to_bits()), 0x7BFF);
        // Subnormals: 2^-25 is halfway to the smallest one and rounds to zero.
        assert_eq!(f64_to_f16((2f64).powi(-25).to_bits()), 0);
        assert_eq!(f64_to_f16(((2f64).powi(-25) * 1.0000001).to_bits()), 1);
    }
}
