//! The optional features of f16/bf16 against the `half` crate's own implementations. Run with
//! `cargo test -p core-num --all-features --test half_features`.

#![cfg(all(feature = "half", feature = "num-traits", feature = "bytemuck", feature = "serde"))]

use core_num::{bf16, f16};
use num_traits::{AsPrimitive, Float, FloatConst, FromPrimitive, Num, NumCast, ToPrimitive};

#[test]
fn from_half_round_trips_every_value() {
    for b in 0..=u16::MAX {
        let h = half::f16::from_bits(b);
        let ours: f16 = h.into();
        let theirs: half::f16 = ours.into();
        assert_eq!((ours.to_bits(), theirs.to_bits()), (b, b));
        let g = half::bf16::from_bits(b);
        let ours: bf16 = g.into();
        let theirs: half::bf16 = ours.into();
        assert_eq!((ours.to_bits(), theirs.to_bits()), (b, b));
    }
}

#[test]
fn bytemuck_casts_slices() {
    let v = [f16::ONE, f16::NEG_ZERO];
    let bits: &[u16] = bytemuck::cast_slice(&v);
    assert_eq!(bits, [0x3C00, 0x8000]);
    let z: bf16 = bytemuck::Zeroable::zeroed();
    assert_eq!(z.to_bits(), 0);
}

#[test]
fn serde_writes_and_reads_halfs_format() {
    for b in (0..=u16::MAX).step_by(257) {
        let (x, h) = (f16::from_bits(b), half::f16::from_bits(b));
        let ours = serde_json::to_string(&x).unwrap();
        assert_eq!(ours, serde_json::to_string(&h).unwrap());
        let back: half::f16 = serde_json::from_str(&ours).unwrap();
        assert_eq!(back.to_bits(), b);
        let (y, g) = (bf16::from_bits(b), half::bf16::from_bits(b));
        let ours = serde_json::to_string(&y).unwrap();
        assert_eq!(ours, serde_json::to_string(&g).unwrap());
        let back: bf16 = serde_json::from_str(&ours).unwrap();
        assert_eq!(back.to_bits(), b);
    }
    serde_test::assert_tokens(
        &f16::ONE,
        &[serde_test::Token::NewtypeStruct { name: "f16" }, serde_test::Token::U16(0x3C00)],
    );
    // Formats that hand a float or a string to the visitor get it rounded or parsed; JSON
    // asks for the newtype's u16 and rejects a float, in both crates.
    assert!(serde_json::from_str::<f16>("1.5").is_err());
    assert!(serde_json::from_str::<half::f16>("1.5").is_err());
}

/// Generic num-traits code gives the same answers for both crates' types.
fn generic<T: Float + FloatConst + FromPrimitive + ToPrimitive + NumCast + std::fmt::Debug>(
    x: T,
) -> Vec<f64> {
    let two = T::from_f64(2.0).unwrap();
    let results = [
        x.sqrt(),
        x.exp(),
        x.ln(),
        x.sin(),
        x.floor(),
        x.round(),
        x.abs(),
        x.powi(3),
        x.powf(two),
        x.mul_add(two, T::one()),
        x.recip(),
        x.atan2(two),
        x.hypot(two),
        x.max(T::zero()),
        T::PI() * x,
        T::epsilon(),
        T::max_value(),
        T::min_positive_value(),
    ];
    let mut out: Vec<f64> = results.iter().map(|r| r.to_f64().unwrap()).collect();
    out.push(x.to_i32().map_or(-1.0, |v| v as f64));
    out.push(<T as NumCast>::from(7u8).unwrap().to_f64().unwrap());
    let (m, e, s) = x.integer_decode();
    out.extend([m as f64, e as f64, s as f64]);
    out
}

#[test]
fn num_traits_match_half() {
    for b in (0..=0x7BFFu16).step_by(61) {
        let (x, h) = (f16::from_bits(b), half::f16::from_bits(b));
        let (a, c) = (generic(x), generic(h));
        for (p, q) in a.iter().zip(&c) {
            assert!(
                p.to_bits() == q.to_bits() || (p.is_nan() && q.is_nan()),
                "{b:#x}: {a:?} {c:?}"
            );
        }
        let (y, g) = (bf16::from_bits(b), half::bf16::from_bits(b));
        let (a, c) = (generic(y), generic(g));
        for (p, q) in a.iter().zip(&c) {
            assert!(
                p.to_bits() == q.to_bits() || (p.is_nan() && q.is_nan()),
                "{b:#x}: {a:?} {c:?}"
            );
        }
    }
    assert_eq!(<f16 as Num>::from_str_radix("1.5", 10).unwrap(), f16::from_f32(1.5));
    assert_eq!(<f16 as Num>::from_str_radix("ff", 16).unwrap(), f16::from_f32(255.0));
    let i: i32 = f16::from_f32(-3.75).as_();
    assert_eq!(i, -3);
    let h: bf16 = 1000u64.as_();
    assert_eq!(h.to_f32(), 1000.0);
}

#[test]
fn integers_round_once() {
    // 2^60 + 2^52 + 1 is just above the bf16 halfway point 2^60 + 2^52; f32 rounds it onto the
    // halfway point, from which ties-to-even goes down.
    let n: u64 = (1 << 60) + (1 << 52) + 1;
    let expect = 2f32.powi(60) + 2f32.powi(53);
    assert_eq!(bf16::from_u64(n).unwrap().to_f32(), expect);
    assert_eq!(<bf16 as NumCast>::from(n).unwrap().to_f32(), expect);
    let a: bf16 = n.as_();
    assert_eq!(a.to_f32(), expect);
    assert_eq!(bf16::from_i64(-(n as i64)).unwrap().to_f32(), -expect);
}
