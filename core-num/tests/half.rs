//! f16 and bf16: every value against the `half` crate and independent models, rounding of
//! `f64` and text against an exact reference, and the slice conversions at every level.

use core::cmp::Ordering;
use core_num::arch::Level;
use core_num::half::{self as ours, HalfBitsSliceExt, HalfFloatSliceExt};
use core_num::{bf16, f16};
use num_bigint::BigInt;
use proptest::prelude::*;

fn is_nan16(b: u16) -> bool {
    b & 0x7FFF > 0x7C00
}

fn is_nanb16(b: u16) -> bool {
    b & 0x7FFF > 0x7F80
}

/// Every non-negative value of a type (`+0` to `+inf`) with its bits, sorted by value.
fn sorted(bits_to_f64: impl Fn(u16) -> f64, nan: impl Fn(u16) -> bool) -> Vec<(f64, u16)> {
    let mut v: Vec<(f64, u16)> =
        (0..=0x7FFF).filter(|&b| !nan(b)).map(|b| (bits_to_f64(b), b)).collect();
    v.sort_by(|a, b| a.0.total_cmp(&b.0));
    v
}

/// The reference rounding of an `f64` to the type whose finite values (and infinities) are
/// `table`, by locating `x` between two neighbours and comparing it with their midpoint
/// (exact in `f64`); ties to the even bit pattern. `max_plus` is the value one step past the
/// largest finite one (where the rounding to infinity starts halfway).
fn reference_round(
    table: &[(f64, u16)],
    x: f64,
    nan_bits: impl Fn(f64) -> u16,
    max_plus: f64,
) -> u16 {
    if x.is_nan() {
        return nan_bits(x);
    }
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    let a = x.abs();
    if a == 0.0 {
        return sign;
    }
    let pos = table;
    let i = pos.partition_point(|e| e.0 <= a); // pos[i-1].0 <= a < pos[i].0
    let (lo_v, lo_b) = pos[i - 1];
    if lo_v == a {
        return sign | lo_b;
    }
    let inf_bits = pos.last().unwrap().1;
    let (hi_v, hi_b) =
        if i < pos.len() && pos[i].1 != inf_bits { pos[i] } else { (max_plus, inf_bits) };
    let mid = (lo_v + hi_v) / 2.0;
    let r = match a.partial_cmp(&mid).unwrap() {
        Ordering::Less => lo_b,
        Ordering::Greater => hi_b,
        Ordering::Equal => {
            if lo_b & 1 == 0 {
                lo_b
            } else {
                hi_b
            }
        }
    };
    sign | r
}

/// Every non-NaN value with its bits, sorted by value (`-0` before `+0`).
fn full_table(to_f64: impl Fn(u16) -> f64, nan: impl Fn(u16) -> bool) -> Vec<(f64, u16)> {
    let mut v: Vec<(f64, u16)> =
        (0..=u16::MAX).filter(|&b| !nan(b)).map(|b| (to_f64(b), b)).collect();
    v.sort_by(|a, b| a.0.total_cmp(&b.0));
    v
}

fn f16_table() -> Vec<(f64, u16)> {
    sorted(|b| half::f16::from_bits(b).to_f64(), is_nan16)
}

fn bf16_table() -> Vec<(f64, u16)> {
    sorted(|b| half::bf16::from_bits(b).to_f64(), is_nanb16)
}

fn f16_nan_of(x: f64) -> u16 {
    let b = x.to_bits();
    (((b >> 63) as u16) << 15) | 0x7E00 | ((b >> 42) as u16 & 0x3FF)
}

fn bf16_nan_of(x: f64) -> u16 {
    let b = x.to_bits();
    (((b >> 63) as u16) << 15) | 0x7FC0 | ((b >> 45) as u16 & 0x7F)
}

#[test]
fn every_f16_widens_classifies_and_steps_like_the_references() {
    let table = full_table(|b| half::f16::from_bits(b).to_f64(), is_nan16);
    for b in 0..=u16::MAX {
        let x = f16::from_bits(b);
        let h = half::f16::from_bits(b);
        assert_eq!(x.to_f32().to_bits(), h.to_f32().to_bits(), "{b:#06x}");
        assert_eq!(x.to_f64().to_bits(), h.to_f64().to_bits(), "{b:#06x}");
        assert_eq!(x.to_f32_const().to_bits(), h.to_f32().to_bits(), "{b:#06x}");
        let f = x.to_f32();
        assert_eq!(x.is_nan(), f.is_nan());
        assert_eq!(x.is_infinite(), f.is_infinite());
        assert_eq!(x.is_finite(), f.is_finite());
        assert_eq!(x.is_normal(), h.is_normal());
        assert_eq!(x.classify(), h.classify());
        assert_eq!(x.is_sign_positive(), f.is_sign_positive());
        assert_eq!(x.is_sign_negative(), f.is_sign_negative());
        assert_eq!(x.signum().to_bits(), h.signum().to_bits());
        assert_eq!(x.abs().to_bits(), b & 0x7FFF);
        assert_eq!((-x).to_bits(), (-h).to_bits());
        // Round trips: every value (NaNs quieted) comes back from f32 and f64.
        let quiet = if is_nan16(b) { b | 0x0200 } else { b };
        assert_eq!(f16::from_f32(f).to_bits(), quiet);
        assert_eq!(f16::from_f64(f as f64).to_bits(), quiet);
        // next_up / next_down against the sorted table.
        let (up, down) = if x.is_nan() {
            (b, b)
        } else {
            let i = table.partition_point(|e| e.0 <= f as f64);
            let up = table.get(i).map_or(b, |e| e.1);
            let j = table.partition_point(|e| e.0 < f as f64);
            let down = if j == 0 { b } else { table[j - 1].1 };
            // Between the zeros and the smallest subnormals std steps to -0 / +0.
            let down =
                if f64::from(half::f16::from_bits(down).to_f32()) == 0.0 { 0x0000 } else { down };
            let up = if f64::from(half::f16::from_bits(up).to_f32()) == 0.0 { 0x8000 } else { up };
            (up, down)
        };
        assert_eq!(x.next_up().to_bits(), up, "next_up {b:#06x}");
        assert_eq!(x.next_down().to_bits(), down, "next_down {b:#06x}");
        // The same steps in f32, where they stay inside the f16 range.
        if x.is_finite() && x != f16::MAX && x != f16::MIN {
            assert!(x.next_up().to_f32() > f && x.next_down().to_f32() < f);
        }
    }
}

#[test]
fn every_bf16_widens_classifies_and_steps_like_the_references() {
    let table = full_table(|b| half::bf16::from_bits(b).to_f64(), is_nanb16);
    for b in 0..=u16::MAX {
        let x = bf16::from_bits(b);
        let h = half::bf16::from_bits(b);
        assert_eq!(x.to_f32().to_bits(), h.to_f32().to_bits(), "{b:#06x}");
        assert_eq!(x.to_f64().to_bits(), h.to_f64().to_bits(), "{b:#06x}");
        let f = x.to_f32();
        assert_eq!(x.is_nan(), f.is_nan());
        assert_eq!(x.is_infinite(), f.is_infinite());
        assert_eq!(x.is_finite(), f.is_finite());
        assert_eq!(x.is_normal(), f.is_normal());
        assert_eq!(x.classify(), f.classify());
        assert_eq!(x.signum().to_bits(), h.signum().to_bits());
        let quiet = if is_nanb16(b) { b | 0x0040 } else { b };
        assert_eq!(bf16::from_f32(f).to_bits(), quiet);
        assert_eq!(bf16::from_f64(f as f64).to_bits(), quiet);
        if !x.is_nan() {
            let i = table.partition_point(|e| e.0 <= f as f64);
            let up = table.get(i).map_or(b, |e| e.1);
            let up = if half::bf16::from_bits(up).to_f32() == 0.0 { 0x8000 } else { up };
            assert_eq!(x.next_up().to_bits(), up, "next_up {b:#06x}");
            assert_eq!((-x).next_down().to_bits(), up ^ 0x8000, "next_down {b:#06x}");
        } else {
            assert_eq!(x.next_up().to_bits(), b);
            assert_eq!(x.next_down().to_bits(), b);
        }
    }
}

/// Values that exercise comparisons: zeros, subnormals, normals, extremes, infinities, NaNs.
fn specials() -> Vec<u16> {
    let mut v = vec![
        0x0000, 0x0001, 0x0002, 0x03FF, 0x0400, 0x3BFF, 0x3C00, 0x3C01, 0x7BFF, 0x7C00, 0x7C01,
        0x7E00, 0x7FFF,
    ];
    v.extend(v.clone().iter().map(|b| b | 0x8000));
    v.extend((0..200u32).map(|i| (i.wrapping_mul(2654435761) >> 16) as u16));
    v
}

#[test]
fn comparisons_match_f32_for_every_value() {
    let specials = specials();
    for a in 0..=u16::MAX {
        for &b in &specials {
            for (x, y) in [(a, b), (b, a)] {
                let (fx, fy) = (f16::from_bits(x), f16::from_bits(y));
                let (gx, gy) = (fx.to_f32(), fy.to_f32());
                assert_eq!(fx == fy, gx == gy, "{x:#06x} {y:#06x}");
                assert_eq!(fx < fy, gx < gy);
                assert_eq!(fx <= fy, gx <= gy);
                assert_eq!(fx > fy, gx > gy);
                assert_eq!(fx >= fy, gx >= gy);
                assert_eq!(fx.partial_cmp(&fy), gx.partial_cmp(&gy));
                let (hx, hy) = (half::f16::from_bits(x), half::f16::from_bits(y));
                assert_eq!(fx.total_cmp(&fy), hx.total_cmp(&hy));
                assert_eq!(fx.max(fy).to_bits(), hx.max(hy).to_bits());
                assert_eq!(fx.min(fy).to_bits(), hx.min(hy).to_bits());
                let (bx, by) = (bf16::from_bits(x), bf16::from_bits(y));
                let (cx, cy) = (bx.to_f32(), by.to_f32());
                assert_eq!(bx == by, cx == cy);
                assert_eq!(bx < by, cx < cy);
                assert_eq!(bx.partial_cmp(&by), cx.partial_cmp(&cy));
                let (ix, iy) = (half::bf16::from_bits(x), half::bf16::from_bits(y));
                assert_eq!(bx.total_cmp(&by), ix.total_cmp(&iy));
            }
        }
    }
}

#[test]
fn arithmetic_is_the_rounded_f32_result() {
    let specials = specials();
    for a in (0..=u16::MAX).step_by(7) {
        for &b in specials.iter().step_by(3) {
            let (x, y) = (f16::from_bits(a), f16::from_bits(b));
            let (hx, hy) = (half::f16::from_bits(a), half::f16::from_bits(b));
            // NaN payloads of f32 arithmetic depend on operand order, which the compiler may
            // swap: NaN results are compared as NaN.
            let same =
                |a: f16, b: half::f16| (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits();
            assert!(same(x + y, hx + hy));
            assert!(same(x - y, hx - hy));
            assert!(same(x * y, hx * hy));
            assert!(same(x / y, hx / hy));
            assert!(same(x % y, hx % hy));
            // Correct rounding: the same as rounding the exact f64 result once.
            if !x.is_nan() && !y.is_nan() {
                let exact = x.to_f64() * y.to_f64();
                assert_eq!((x * y).to_bits(), f16::from_f64(exact).to_bits());
                let mut z = x;
                z += y;
                assert_eq!(z.to_bits(), (x + y).to_bits());
            }
        }
    }
    let v: Vec<f16> = (1..=10u8).map(f16::from).collect();
    let hv: Vec<half::f16> = (1..=10u8).map(half::f16::from).collect();
    assert_eq!(v.iter().sum::<f16>().to_bits(), hv.iter().sum::<half::f16>().to_bits());
    // 10! overflows f16 to infinity. (half's own product gives 0 on aarch64, so the reference
    // is the exact value rounded once, not half.)
    assert_eq!(v.iter().copied().product::<f16>().to_bits(), f16::from_f64(3628800.0).to_bits());
    assert_eq!(v[..5].iter().copied().product::<f16>().to_bits(), f16::from_f32(120.0).to_bits());
}

#[test]
fn constants_match_half() {
    macro_rules! same {
        ($t:ident, $($c:ident),*) => {
            $(assert_eq!($t::$c.to_bits(), half::$t::$c.to_bits(), concat!(stringify!($t), "::", stringify!($c)));)*
        };
    }
    macro_rules! same_int {
        ($t:ident, $($c:ident),*) => {
            $(assert_eq!($t::$c, half::$t::$c, stringify!($c));)*
        };
    }
    for_both!(
        same,
        EPSILON,
        INFINITY,
        MAX,
        MIN,
        MIN_POSITIVE,
        NAN,
        NEG_INFINITY,
        MIN_POSITIVE_SUBNORMAL,
        MAX_SUBNORMAL,
        ONE,
        ZERO,
        NEG_ZERO,
        NEG_ONE,
        E,
        PI,
        FRAC_1_PI,
        FRAC_1_SQRT_2,
        FRAC_2_PI,
        FRAC_2_SQRT_PI,
        FRAC_PI_2,
        FRAC_PI_3,
        FRAC_PI_4,
        FRAC_PI_6,
        FRAC_PI_8,
        LN_10,
        LN_2,
        LOG10_E,
        LOG10_2,
        LOG2_E,
        LOG2_10,
        SQRT_2
    );
    for_both!(same_int, DIGITS, MANTISSA_DIGITS, MAX_10_EXP, MAX_EXP, MIN_10_EXP, MIN_EXP, RADIX);
}

macro_rules! for_both {
    ($m:ident, $($c:ident),*) => {
        $m!(f16, $($c),*);
        $m!(bf16, $($c),*);
    };
}
use for_both;

/// `f64` values around every halfway point and every value of the type: exactly on it, one
/// `f64` step either side, and far off.
fn probes(table: &[(f64, u16)]) -> Vec<f64> {
    let mut out = Vec::new();
    let pos: Vec<f64> = table.iter().filter(|e| e.0.is_finite()).map(|e| e.0).collect();
    for w in pos.windows(2) {
        for p in [w[0], (w[0] + w[1]) / 2.0] {
            for q in [p, p.next_up(), p.next_down(), p.next_up().next_up(), p * (1.0 + 1e-9)] {
                out.push(q);
                out.push(-q);
            }
        }
    }
    out
}

#[test]
fn from_f64_rounds_once_like_the_reference() {
    let t = f16_table();
    for x in probes(&t).into_iter().chain([
        65519.99,
        65520.0,
        65520.0f64.next_down(),
        1e300,
        1e-300,
        f64::MAX,
        f64::NAN,
        -f64::NAN,
        f64::INFINITY,
    ]) {
        let expect = reference_round(&t, x, f16_nan_of, 65536.0);
        assert_eq!(f16::from_f64(x).to_bits(), expect, "{x:e}");
        assert_eq!(f16::from_f64_const(x).to_bits(), expect, "{x:e}");
    }
    let t = bf16_table();
    let max_plus = 2f64.powi(128);
    for x in probes(&t).into_iter().step_by(3).chain([f64::MAX, 1e-50, f64::NAN]) {
        assert_eq!(
            bf16::from_f64(x).to_bits(),
            reference_round(&t, x, bf16_nan_of, max_plus),
            "{x:e}"
        );
    }
}

#[test]
fn from_f32_matches_half_on_a_dense_sample() {
    // The exhaustive check over every f32 is `every_f32_narrows_like_half` (ignored: long).
    for i in (0..=u32::MAX).step_by(251) {
        check_f32(i);
    }
}

fn check_f32(i: u32) {
    let x = f32::from_bits(i);
    assert_eq!(f16::from_f32(x).to_bits(), half::f16::from_f32(x).to_bits(), "{i:#010x}");
    assert_eq!(bf16::from_f32(x).to_bits(), half::bf16::from_f32(x).to_bits(), "{i:#010x}");
}

#[test]
#[ignore = "long: every f32 (about 95 s in release on 2 busy cores)"]
fn every_f32_narrows_like_half() {
    for i in 0..=u32::MAX {
        check_f32(i);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_f64_rounds_like_the_reference(bits in any::<u64>(), scale in -30i32..20) {
        // Random significands at exponents where f16 lives.
        let x = f64::from_bits(bits & 0x800F_FFFF_FFFF_FFFF | ((1023 + scale) as u64) << 52);
        let t = f16_table_cached();
        prop_assert_eq!(f16::from_f64(x).to_bits(), reference_round(t, x, f16_nan_of, 65536.0));
    }

    #[test]
    fn random_text_parses_to_the_exact_rounding(int in 0u64..100_000, frac in any::<u64>(), digits in 0usize..30, exp in -12i32..6) {
        let frac = format!("{frac:020}{frac:020}");
        let s = format!("{int}.{}e{exp}", &frac[..digits]);
        prop_assert_eq!(s.parse::<f16>().unwrap().to_bits(), reference_parse(&s, f16_table_cached(), 65536.0), "{}", s);
    }
}

fn f16_table_cached() -> &'static [(f64, u16)] {
    static T: std::sync::OnceLock<Vec<(f64, u16)>> = std::sync::OnceLock::new();
    T.get_or_init(f16_table)
}

/// The exact value of decimal text as a fraction `num / den` (both positive).
fn exact_text(s: &str) -> (BigInt, BigInt) {
    let s = s.trim_start_matches(['+', '-']);
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], s[i + 1..].parse::<i64>().unwrap()),
        None => (s, 0),
    };
    let point = mant.find('.').unwrap_or(mant.len());
    let digits: String = mant.chars().filter(|&c| c != '.').collect();
    let frac_len = (mant.len() - point).saturating_sub(1) as i64;
    let n: BigInt = if digits.is_empty() { 0.into() } else { digits.parse().unwrap() };
    let e = exp - frac_len;
    let ten = BigInt::from(10);
    if e >= 0 {
        (n * ten.pow(e as u32), 1.into())
    } else {
        (n, ten.pow((-e) as u32))
    }
}

/// An `f64` as a fraction (positive finite).
fn exact_f64(x: f64) -> (BigInt, BigInt) {
    let b = x.to_bits();
    let e = ((b >> 52) & 0x7FF) as i64;
    let m = b & ((1 << 52) - 1);
    let (m, k) = if e == 0 { (m, -1074) } else { (m | 1 << 52, e - 1075) };
    if k >= 0 {
        (BigInt::from(m) << k as usize, 1.into())
    } else {
        (BigInt::from(m), BigInt::from(1) << (-k) as usize)
    }
}

/// The reference parse: the text's exact value between two neighbours of the table, compared
/// with their midpoint in exact rational arithmetic.
fn reference_parse(s: &str, table: &[(f64, u16)], max_plus: f64) -> u16 {
    let neg = s.starts_with('-');
    let (n, d) = exact_text(s);
    let sign = if neg { 0x8000 } else { 0 };
    if n == BigInt::from(0) {
        return sign;
    }
    let pos = table;
    let inf_bits = pos.last().unwrap().1;
    // The last entry <= value, by exact comparison.
    let le = |v: f64| {
        let (a, b) = exact_f64(v);
        &a * &d <= &n * &b
    };
    let i = pos.partition_point(|e| e.1 == 0 || (e.1 != inf_bits && le(e.0)));
    let (lo_v, lo_b) = pos[i - 1];
    let (hi_v, hi_b) = if pos[i].1 == inf_bits { (max_plus, inf_bits) } else { pos[i] };
    let (a, b) = exact_f64(lo_v);
    if a * &d == &n * b {
        return sign | lo_b;
    }
    let (a, b) = exact_f64((lo_v + hi_v) / 2.0);
    let r = match (&n * &b).cmp(&(a * &d)) {
        Ordering::Less => lo_b,
        Ordering::Greater => hi_b,
        Ordering::Equal => {
            if lo_b & 1 == 0 {
                lo_b
            } else {
                hi_b
            }
        }
    };
    sign | r
}

#[test]
fn halfway_text_is_decided_by_every_digit() {
    let t = f16_table();
    // 1 + 2^-11 = 1.00048828125 is halfway between 1 and 1 + 2^-10.
    for (s, bits) in [
        ("1.00048828125", 0x3C00),
        ("1.000488281250000000000000000001", 0x3C01),
        ("1.00048828124999999999999999999", 0x3C00),
        ("100048828125e-11", 0x3C00),
        ("0.000000000100048828125000000000001e10", 0x3C01),
        ("65520", 0x7C00),
        ("65519.99999999999999999999", 0x7BFF),
        ("-65520.0000000000000000001", 0xFC00),
        // 2^-25: halfway between 0 and the smallest subnormal.
        ("0.0000000298023223876953125", 0x0000),
        ("0.0000000298023223876953125000000000000001", 0x0001),
        ("2.98023223876953125E-8", 0x0000),
        ("inf", 0x7C00),
        ("-0", 0x8000),
    ] {
        assert_eq!(s.parse::<f16>().unwrap().to_bits(), bits, "{s}");
        if s != "inf" {
            assert_eq!(reference_parse(s, &t, 65536.0), bits, "reference {s}");
        }
    }
    assert!("NaN".parse::<f16>().unwrap().is_nan());
    for bad in ["", "1.2.3", "e5", "0x10", " 1", "1e", "--1"] {
        assert_eq!(bad.parse::<f16>().unwrap_err(), bad.parse::<f32>().unwrap_err(), "{bad:?}");
    }
    // Every halfway point of f16 and bf16, exactly and nudged by a digit far down.
    for (table, max_plus, is_bf) in [(t, 65536.0, false), (bf16_table(), 2f64.powi(128), true)] {
        let pos: Vec<f64> = table.iter().filter(|e| e.0.is_finite()).map(|e| e.0).collect();
        for (k, w) in pos.windows(2).enumerate() {
            if is_bf && k % 17 != 0 {
                continue;
            }
            let mid = (w[0] + w[1]) / 2.0;
            let (n, d) = exact_f64(mid);
            // The exact decimal: n / d with d a power of two: n * 5^j / 10^j.
            let j = d.bits() - 1;
            let digits = (n * BigInt::from(5).pow(j as u32)).to_string();
            let text = format!("{digits}e-{j}");
            for s in [
                text.clone(),
                format!("{digits}000000000000001e-{}", j + 15),
                format!("{}e-{}", (digits.parse::<BigInt>().unwrap() * 1000 - 1), j + 3),
            ] {
                let expect = reference_parse(&s, &table, max_plus);
                let got = if is_bf {
                    s.parse::<bf16>().unwrap().to_bits()
                } else {
                    s.parse::<f16>().unwrap().to_bits()
                };
                assert_eq!(got, expect, "{s}");
            }
        }
    }
}

#[test]
fn formatting_and_bytes_match_half() {
    for b in (0..=u16::MAX).step_by(97).chain([0x7C00, 0xFC00, 0x7E00, 0x8000]) {
        let (x, h) = (f16::from_bits(b), half::f16::from_bits(b));
        assert_eq!(format!("{x} {x:?} {x:e} {x:E}"), format!("{h} {h:?} {h:e} {h:E}"));
        assert_eq!(format!("{x:x} {x:X} {x:o} {x:b}"), format!("{h:x} {h:X} {h:o} {h:b}"));
        let (y, g) = (bf16::from_bits(b), half::bf16::from_bits(b));
        assert_eq!(format!("{y} {y:?} {y:e}"), format!("{g} {g:?} {g:e}"));
        assert_eq!(x.to_le_bytes(), h.to_le_bytes());
        assert_eq!(x.to_be_bytes(), h.to_be_bytes());
        assert_eq!(f16::from_be_bytes(x.to_be_bytes()).to_bits(), b);
        assert_eq!(f16::from_le_bytes(x.to_le_bytes()).to_bits(), b);
        assert_eq!(f16::from_ne_bytes(x.to_ne_bytes()).to_bits(), b);
        // Display reads back exactly (the f32 text rounds to the same f16).
        if !x.is_nan() {
            assert_eq!(x.to_string().parse::<f16>().unwrap().to_bits(), b);
            assert_eq!(y.to_string().parse::<bf16>().unwrap().to_bits(), b);
        }
    }
    assert_eq!(f16::default().to_bits(), 0);
    assert_eq!(f16::from(200u8).to_f32(), 200.0);
    assert_eq!(bf16::from(-7i8).to_f32(), -7.0);
    assert_eq!(f32::from(f16::ONE), 1.0);
    assert_eq!(f64::from(bf16::ONE), 1.0);
    assert_eq!(f16::from_f32(-2.0).clamp(f16::NEG_ONE, f16::ONE), f16::NEG_ONE);
    assert!(f16::NAN.clamp(f16::NEG_ONE, f16::ONE).is_nan());
    assert_eq!(f16::ONE.copysign(f16::NEG_ZERO), f16::NEG_ONE);
}

#[test]
#[should_panic(expected = "clamp")]
fn clamp_panics_on_reversed_bounds() {
    let _ = f16::ONE.clamp(f16::ONE, f16::ZERO);
}

/// Inputs for the slice conversions: every special value class, cycled.
fn f32_inputs(n: usize) -> Vec<f32> {
    let specials = [
        0.0,
        -0.0,
        1.0,
        -1.5,
        65504.0,
        65520.0,
        1e-8,
        -3e-5,
        1e-40,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        f32::from_bits(0xFFC0_1234),
        f32::MAX,
        1.0 + 1.0 / 2048.0,
        3.0e38,
        1.0 + 1.0 / 256.0,
    ];
    (0..n)
        .map(|i| {
            if i % 3 == 0 {
                specials[i / 3 % specials.len()]
            } else {
                f32::from_bits((i as u32).wrapping_mul(2654435761))
            }
        })
        .collect()
}

fn f64_inputs(n: usize) -> Vec<f64> {
    let specials = [
        0.0,
        -0.0,
        1.0 + 1.0 / 2048.0 + 1e-12,
        65519.999999,
        2.980_232_238_769_531_2e-8,
        2.980_232_238_769_531_2e-8 * (1.0 + 1e-15),
        1e-300,
        1e300,
        f64::NAN,
        -f64::INFINITY,
        1.0 + 1.0 / 256.0 + 1e-13,
    ];
    (0..n)
        .map(|i| {
            if i % 3 == 0 {
                specials[i / 3 % specials.len()]
            } else {
                f64::from_bits(
                    (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 2 | 0x3F00_0000_0000_0000,
                )
            }
        })
        .collect()
}

/// Every level, every length 0..=300 at misaligned starts (0..8 elements in), against the
/// scalar conversions.
#[test]
fn slice_conversions_agree_at_every_level() {
    let levels: Vec<Level> = Level::available().collect();
    let f32s = f32_inputs(320);
    let f64s = f64_inputs(320);
    let bits: Vec<u16> = (0..320u32).map(|i| (i.wrapping_mul(40503) >> 3) as u16).collect();
    for &level in &levels {
        for len in 0..=300 {
            for off in [0, 1, 3, 7] {
                if off + len > 310 {
                    continue;
                }
                let src = &f32s[off..off + len];
                let mut out = vec![f16::ZERO; len];
                ours::__at::from_f32(level, src, &mut out).unwrap();
                for (o, s) in out.iter().zip(src) {
                    assert_eq!(
                        o.to_bits(),
                        f16::from_f32(*s).to_bits(),
                        "{level} {len} {off} {s:e}"
                    );
                }
                let mut outb = vec![bf16::ZERO; len];
                ours::__at::from_f32(level, src, &mut outb).unwrap();
                for (o, s) in outb.iter().zip(src) {
                    assert_eq!(
                        o.to_bits(),
                        bf16::from_f32(*s).to_bits(),
                        "{level} {len} {off} {s:e}"
                    );
                }
                let src = &f64s[off..off + len];
                ours::__at::from_f64(level, src, &mut out).unwrap();
                for (o, s) in out.iter().zip(src) {
                    assert_eq!(
                        o.to_bits(),
                        f16::from_f64(*s).to_bits(),
                        "{level} {len} {off} {s:e}"
                    );
                }
                ours::__at::from_f64(level, src, &mut outb).unwrap();
                for (o, s) in outb.iter().zip(src) {
                    assert_eq!(
                        o.to_bits(),
                        bf16::from_f64(*s).to_bits(),
                        "{level} {len} {off} {s:e}"
                    );
                }
                let src: &[f16] = bits[off..off + len].reinterpret_cast();
                let mut wide = vec![0f32; len];
                ours::__at::to_f32(level, src, &mut wide).unwrap();
                for (o, s) in wide.iter().zip(src) {
                    assert_eq!(o.to_bits(), s.to_f32().to_bits(), "{level} {len} {off}");
                }
                let mut wide64 = vec![0f64; len];
                ours::__at::to_f64(level, src, &mut wide64).unwrap();
                for (o, s) in wide64.iter().zip(src) {
                    assert_eq!(o.to_bits(), s.to_f64().to_bits(), "{level} {len} {off}");
                }
                let srcb: &[bf16] = bits[off..off + len].reinterpret_cast();
                ours::__at::to_f32(level, srcb, &mut wide).unwrap();
                for (o, s) in wide.iter().zip(srcb) {
                    assert_eq!(o.to_bits(), s.to_f32().to_bits(), "{level} {len} {off}");
                }
                ours::__at::to_f64(level, srcb, &mut wide64).unwrap();
                for (o, s) in wide64.iter().zip(srcb) {
                    assert_eq!(o.to_bits(), s.to_f64().to_bits(), "{level} {len} {off}");
                }
            }
        }
        // Lengths must match.
        assert!(ours::__at::to_f32(level, &[f16::ONE; 3], &mut [0f32; 4]).is_none());
    }
}

#[test]
fn every_f16_converts_through_the_slice_kernels() {
    let all: Vec<u16> = (0..=u16::MAX).collect();
    for level in Level::available() {
        let halves: &[f16] = all.reinterpret_cast();
        let mut wide = vec![0f32; all.len()];
        ours::__at::to_f32(level, halves, &mut wide).unwrap();
        let mut back = vec![f16::ZERO; all.len()];
        ours::__at::from_f32(level, &wide, &mut back).unwrap();
        for (b, (w, r)) in all.iter().zip(wide.iter().zip(&back)) {
            assert_eq!(w.to_bits(), half::f16::from_bits(*b).to_f32().to_bits(), "{level}");
            let quiet = if is_nan16(*b) { b | 0x0200 } else { *b };
            assert_eq!(r.to_bits(), quiet, "{level}");
        }
    }
}

/// The `f64` slice kernels over every f16: widening, narrowing back, and the points just
/// below, at and just above the halfway point to the next value (where a double rounding
/// through `f32` would go wrong), plus NaNs with payloads, against the scalar conversions.
/// At `avx512` on a CPU with AVX-512 FP16 this runs the direct `vcvtph2pd`/`vcvtpd2ph` path.
#[test]
fn every_f16_converts_through_the_f64_slice_kernels() {
    let all: Vec<u16> = (0..=u16::MAX).collect();
    let mut probes: Vec<f64> = Vec::with_capacity(5 * all.len());
    for &b in &all {
        let x = f16::from_bits(b);
        let (lo, hi) = (x.to_f64(), x.next_up().to_f64());
        if x.is_finite() && hi.is_finite() && hi > lo {
            let mid = lo + (hi - lo) / 2.0;
            probes.extend([
                mid,
                f64::from_bits(mid.to_bits() - 1),
                f64::from_bits(mid.to_bits() + 1),
            ]);
        }
    }
    probes.extend([f64::from_bits(0x7FF0_0000_0000_0001), f64::from_bits(0xFFF4_0000_0000_0000)]);
    probes.extend([f64::from_bits(0x7FFA_BCDE_F000_0000), 65520.0, -65520.0, 1e-30, -1e-30]);
    for level in Level::available() {
        let halves: &[f16] = all.reinterpret_cast();
        let mut wide = vec![0f64; all.len()];
        ours::__at::to_f64(level, halves, &mut wide).unwrap();
        let mut back = vec![f16::ZERO; all.len()];
        ours::__at::from_f64(level, &wide, &mut back).unwrap();
        for (b, (w, r)) in all.iter().zip(wide.iter().zip(&back)) {
            let x = f16::from_bits(*b);
            assert_eq!(w.to_bits(), x.to_f64().to_bits(), "{level} {b:#06x}");
            assert_eq!(r.to_bits(), f16::from_f64(*w).to_bits(), "{level} {b:#06x}");
        }
        let mut out = vec![f16::ZERO; probes.len()];
        ours::__at::from_f64(level, &probes, &mut out).unwrap();
        for (p, o) in probes.iter().zip(&out) {
            assert_eq!(
                o.to_bits(),
                f16::from_f64(*p).to_bits(),
                "{level} {p:e} {:#x}",
                p.to_bits()
            );
        }
    }
}

#[test]
fn slice_api_checks_lengths_and_the_traits_match_half() {
    let src = f32_inputs(100);
    let mut ours_out = vec![f16::ZERO; 100];
    ours_out.convert_from_f32_slice(&src);
    let mut theirs = [half::f16::ZERO; 100];
    half::slice::HalfFloatSliceExt::convert_from_f32_slice(&mut theirs[..], &src);
    let a: &[u16] = ours_out.reinterpret_cast();
    let b: &[u16] = half::slice::HalfFloatSliceExt::reinterpret_cast(&theirs[..]);
    assert_eq!(a, b);
    assert_eq!(ours_out.to_f32_vec().len(), 100);
    let err = ours::convert_to_f32(&ours_out, &mut [0f32; 99]).unwrap_err();
    assert_eq!((err.src_len(), err.dst_len()), (100, 99));
    assert!(ours::convert_from_f64(&[1.0], &mut [bf16::ZERO; 2]).is_err());
    let r = std::panic::catch_unwind(|| {
        let mut dst = [0f32; 2];
        [f16::ONE; 3].convert_to_f32_slice(&mut dst);
    });
    assert!(r.is_err());
}
