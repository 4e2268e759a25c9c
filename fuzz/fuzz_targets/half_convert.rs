//! f16/bf16 conversions of arbitrary `f32` and `f64` bit patterns: the scalar conversions
//! match the `half` crate from `f32` and round `f64` to a nearest neighbour (ties to even)
//! once, and the slice kernels of every level give the same bits as the scalar ones.
#![no_main]

use core_num::arch::Level;
use core_num::half::__at;
use core_num::{bf16, f16};
use libfuzzer_sys::fuzz_target;

/// `h` is the correctly rounded value of the finite or infinite `x`: no value of the type lies
/// closer, and at a tie the last bit is even. `up`/`down` are `h`'s neighbours as `f64`
/// (`max_plus` stands for the step past the largest finite value).
fn assert_nearest(x: f64, h_bits: u16, v: f64, up: f64, down: f64) {
    if x.is_nan() {
        assert!(v.is_nan(), "{x:e}");
        return;
    }
    if v.is_infinite() || x.is_infinite() {
        // Overflow: x lies at or beyond the halfway point past the largest finite value.
        assert!(
            x.is_infinite() || (x.abs() >= down.abs().min(up.abs()) && v.signum() == x.signum()),
            "{x:e}"
        );
        return;
    }
    let (hi_mid, lo_mid) = ((v + up) / 2.0, (v + down) / 2.0);
    assert!(x <= hi_mid && x >= lo_mid, "{x:e} rounded to {v:e}");
    if x == hi_mid || x == lo_mid {
        assert_eq!(h_bits & 1, 0, "{x:e}: tie not to even");
    }
}

fuzz_target!(|data: &[u8]| {
    let f32s: Vec<f32> =
        data.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
    let f64s: Vec<f64> =
        data.chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().unwrap())).collect();
    let bits: Vec<u16> =
        data.chunks_exact(2).map(|c| u16::from_le_bytes(c.try_into().unwrap())).collect();

    for &x in &f32s {
        assert_eq!(f16::from_f32(x).to_bits(), half::f16::from_f32(x).to_bits(), "{x:e}");
        assert_eq!(bf16::from_f32(x).to_bits(), half::bf16::from_f32(x).to_bits(), "{x:e}");
    }
    for &x in &f64s {
        let h = f16::from_f64(x);
        let (v, up, down) = (h.to_f64(), h.next_up().to_f64(), h.next_down().to_f64());
        let (up, down) = (
            if up.is_infinite() && v == 65504.0 { 65536.0 } else { up },
            if down.is_infinite() && v == -65504.0 { -65536.0 } else { down },
        );
        assert_nearest(x, h.to_bits(), v, up, down);
        let b = bf16::from_f64(x);
        let lim = bf16::MAX.to_f64();
        let (v, up, down) = (b.to_f64(), b.next_up().to_f64(), b.next_down().to_f64());
        let beyond = 2f64.powi(128);
        let (up, down) = (
            if up.is_infinite() && v == lim { beyond } else { up },
            if down.is_infinite() && v == -lim { -beyond } else { down },
        );
        assert_nearest(x, b.to_bits(), v, up, down);
    }

    for level in Level::available() {
        let mut h = vec![f16::ZERO; f32s.len()];
        __at::from_f32(level, &f32s, &mut h).unwrap();
        assert!(h.iter().zip(&f32s).all(|(h, &x)| h.to_bits() == f16::from_f32(x).to_bits()));
        let mut b = vec![bf16::ZERO; f32s.len()];
        __at::from_f32(level, &f32s, &mut b).unwrap();
        assert!(b.iter().zip(&f32s).all(|(b, &x)| b.to_bits() == bf16::from_f32(x).to_bits()));
        let mut h = vec![f16::ZERO; f64s.len()];
        __at::from_f64(level, &f64s, &mut h).unwrap();
        assert!(h.iter().zip(&f64s).all(|(h, &x)| h.to_bits() == f16::from_f64(x).to_bits()));
        let mut b = vec![bf16::ZERO; f64s.len()];
        __at::from_f64(level, &f64s, &mut b).unwrap();
        assert!(b.iter().zip(&f64s).all(|(b, &x)| b.to_bits() == bf16::from_f64(x).to_bits()));
        let halves: Vec<f16> = bits.iter().map(|&b| f16::from_bits(b)).collect();
        let mut w = vec![0f32; bits.len()];
        __at::to_f32(level, &halves, &mut w).unwrap();
        assert!(w.iter().zip(&halves).all(|(w, h)| w.to_bits() == h.to_f32().to_bits()));
        let brains: Vec<bf16> = bits.iter().map(|&b| bf16::from_bits(b)).collect();
        let mut w = vec![0f64; bits.len()];
        __at::to_f64(level, &brains, &mut w).unwrap();
        assert!(w.iter().zip(&brains).all(|(w, h)| w.to_bits() == h.to_f64().to_bits()));
    }
});
