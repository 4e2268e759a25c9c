//! Parsing arbitrary text as f16 and bf16: nothing panics, the error is `f32`'s exactly, and
//! a parsed value is the correctly rounded one: the text's exact value, compared with the
//! halfway points to the value's neighbours in big-integer arithmetic, lies between them (at a
//! halfway point, the value's last bit is even).
#![no_main]

use core_num::{bf16, f16};
use libfuzzer_sys::fuzz_target;
use num_bigint::BigInt;
use std::cmp::Ordering;

/// The exact magnitude of valid finite decimal text, as `num / den`.
fn exact_text(s: &str) -> (BigInt, BigInt) {
    let s = s.trim_start_matches(['+', '-']);
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], s[i + 1..].parse::<i64>().unwrap_or(0)),
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

/// A positive finite `f64` as `num / den`.
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

fn cmp(t: &(BigInt, BigInt), x: f64) -> Ordering {
    let (a, b) = exact_f64(x);
    (&t.0 * b).cmp(&(a * &t.1))
}

/// Checks `v` (magnitude, with neighbours `down` and `up` as f64, `up` past the largest finite
/// value standing for the overflow step) against the exact text value `t`.
fn check(t: &(BigInt, BigInt), bits: u16, v: f64, down: f64, up: f64, max: f64, beyond: f64) {
    if v.is_infinite() {
        assert_ne!(cmp(t, (max + beyond) / 2.0), Ordering::Less, "overflowed too early");
        return;
    }
    let up = if up.is_infinite() { beyond } else { up };
    if v > 0.0 {
        let lo = cmp(t, (v + down) / 2.0);
        assert_ne!(lo, Ordering::Less);
        if lo == Ordering::Equal {
            assert_eq!(bits & 1, 0);
        }
    }
    let hi = cmp(t, (v + up) / 2.0);
    assert_ne!(hi, Ordering::Greater);
    if hi == Ordering::Equal {
        assert_eq!(bits & 1, 0);
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let reference = s.parse::<f32>();
    let (h, b) = (s.parse::<f16>(), s.parse::<bf16>());
    match &reference {
        Err(e) => {
            assert_eq!(h.as_ref().unwrap_err(), e);
            assert_eq!(b.as_ref().unwrap_err(), e);
            return;
        }
        Ok(r) if !r.is_finite() && !s.bytes().any(|c| c.is_ascii_digit()) => return, // inf, nan
        Ok(_) => {}
    }
    let (h, b) = (h.unwrap(), b.unwrap());
    // Keep the big-number work bounded: exponents far outside both ranges round to 0 or inf,
    // which f64 already decides.
    let exp_len = s.find(['e', 'E']).map_or(0, |i| s.len() - i);
    if s.len() > 2000 || exp_len > 6 {
        return;
    }
    let t = exact_text(s);
    let (ha, ba) = (h.abs(), b.abs());
    check(
        &t,
        ha.to_bits(),
        ha.to_f64(),
        ha.next_down().to_f64(),
        ha.next_up().to_f64(),
        65504.0,
        65536.0,
    );
    check(
        &t,
        ba.to_bits(),
        ba.to_f64(),
        ba.next_down().to_f64(),
        ba.next_up().to_f64(),
        bf16::MAX.to_f64(),
        2f64.powi(128),
    );
});
