//! Every vector operation of every available level against a scalar model, on random and edge
//! lanes (0, 0x7f, 0x80, 0xff in every byte position).

#![allow(clippy::undocumented_unsafe_blocks)] // each test body runs behind its level's check

use core_cpu::vector::{Lookup, MulAdd, Shuffle, Vector};
use core_cpu::Level;

/// splitmix64.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let z = self.0;
        let z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn bytes(&mut self) -> [u8; 64] {
        let edges = [0u8, 1, 0x7f, 0x80, 0x81, 0xfe, 0xff];
        core::array::from_fn(|_| {
            let r = self.next();
            if r.is_multiple_of(4) {
                edges[(r >> 8) as usize % edges.len()]
            } else {
                (r >> 16) as u8
            }
        })
    }
}

/// The bytes of `v`.
#[inline(always)]
unsafe fn get<V: Vector>(v: V) -> Vec<u8> {
    let mut out = [0u8; 64];
    unsafe { v.store(out.as_mut_ptr()) };
    out[..V::BYTES].to_vec()
}

#[inline(always)]
unsafe fn load<V: Vector>(b: &[u8; 64]) -> V {
    unsafe { V::load(b.as_ptr()) }
}

fn u16s(b: &[u8]) -> Vec<u16> {
    b.chunks(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect()
}
fn from_u16s(w: &[u16]) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn i32s(b: &[u8]) -> Vec<i32> {
    b.chunks(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}
fn from_u32s(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn mask8(c: bool) -> u8 {
    if c {
        0xff
    } else {
        0
    }
}
fn mask16(c: bool) -> u16 {
    if c {
        0xffff
    } else {
        0
    }
}

/// Per-byte binary operations: vector result against the model on every lane.
macro_rules! bytewise {
    ($v:ty, $a:expr, $b:expr; $($op:ident => |$x:ident, $y:ident| $model:expr;)*) => {$(
        let got = unsafe { get(load::<$v>(&$a).$op(load::<$v>(&$b))) };
        let want: Vec<u8> = (0..<$v>::BYTES).map(|i| { let ($x, $y) = ($a[i], $b[i]); $model }).collect();
        assert_eq!(got, want, "{}", stringify!($op));
    )*};
}

/// Per-16-bit-lane binary operations.
macro_rules! wordwise {
    ($v:ty, $a:expr, $b:expr; $($op:ident => |$x:ident, $y:ident| $model:expr;)*) => {$(
        let got = unsafe { get(load::<$v>(&$a).$op(load::<$v>(&$b))) };
        let (wa, wb) = (u16s(&$a[..<$v>::BYTES]), u16s(&$b[..<$v>::BYTES]));
        let want: Vec<u16> = wa.iter().zip(&wb).map(|(&$x, &$y)| $model).collect();
        assert_eq!(got, from_u16s(&want), "{}", stringify!($op));
    )*};
}

#[inline(always)]
fn check_vector<V: Vector>(rng: &mut Rng) {
    let n = V::BYTES;
    let (a, b) = (rng.bytes(), rng.bytes());
    // Half the lanes of `c` equal `a`'s, for the equality tests.
    let mut c = rng.bytes();
    for i in (0..64).step_by(2) {
        c[i] = a[i];
    }
    unsafe {
        assert_eq!(get(V::zero()), vec![0; n]);
        assert_eq!(get(V::splat8(0xa5)), vec![0xa5; n]);
        assert_eq!(u16s(&get(V::splat16(0x1234))), vec![0x1234; n / 2]);
        assert_eq!(get(V::splat32(0x0102_0304)), from_u32s(&vec![0x0102_0304; n / 4]));
        assert_eq!(get(load::<V>(&a)), a[..n].to_vec());
        for len in 8..n {
            if let Some(v) = V::load_padded(a.as_ptr(), len) {
                let mut want = a[..len].to_vec();
                want.resize(n, 0);
                assert_eq!(get(v), want, "load_padded {len}");
            }
        }
    }
    bytewise! { V, a, c;
        or => |x, y| x | y;
        and => |x, y| x & y;
        xor => |x, y| x ^ y;
        and_not => |x, y| x & !y;
        eq8 => |x, y| mask8(x == y);
        gt_i8 => |x, y| mask8((x as i8) > (y as i8));
        min_u8 => |x, y| x.min(y);
        max_u8 => |x, y| x.max(y);
        ge_u8 => |x, y| mask8(x >= y);
        le_u8 => |x, y| mask8(x <= y);
        add8 => |x, y| x.wrapping_add(y);
        sub8 => |x, y| x.wrapping_sub(y);
        subs_u8 => |x, y| x.saturating_sub(y);
    }
    wordwise! { V, a, c;
        eq16 => |x, y| mask16(x == y);
        min_u16 => |x, y| x.min(y);
        max_u16 => |x, y| x.max(y);
        ge_u16 => |x, y| mask16(x >= y);
        le_u16 => |x, y| mask16(x <= y);
        add16 => |x, y| x.wrapping_add(y);
        sub16 => |x, y| x.wrapping_sub(y);
        mullo16 => |x, y| x.wrapping_mul(y);
        mulhi_u16 => |x, y| ((x as u32 * y as u32) >> 16) as u16;
    }
    // Equal 16-bit lanes (both bytes equal) are rare in `a`, `c`: test them with `a`, `a`.
    wordwise! { V, a, a; eq16 => |x, y| mask16(x == y); ge_u16 => |x, y| mask16(x >= y); }
    let (da, db) = (i32s(&a[..n]), i32s(&b[..n]));
    unsafe {
        let pairs = da.iter().zip(&db);
        let want: Vec<u32> = pairs.clone().map(|(x, y)| if x > y { u32::MAX } else { 0 }).collect();
        assert_eq!(get(load::<V>(&a).gt_i32(load::<V>(&b))), from_u32s(&want), "gt_i32");
        let want: Vec<u32> = pairs.clone().map(|(x, y)| x.wrapping_add(*y) as u32).collect();
        assert_eq!(get(load::<V>(&a).add32(load::<V>(&b))), from_u32s(&want), "add32");
        let want: Vec<u32> = pairs.map(|(x, y)| x.wrapping_sub(*y) as u32).collect();
        assert_eq!(get(load::<V>(&a).sub32(load::<V>(&b))), from_u32s(&want), "sub32");
        let (ia, ib) = (u16s(&a[..n]), u16s(&b[..n]));
        let want: Vec<u32> = (0..n / 4)
            .map(|k| {
                let p = |i: usize| ia[i] as i16 as i32 * ib[i] as i16 as i32;
                p(2 * k).wrapping_add(p(2 * k + 1)) as u32
            })
            .collect();
        assert_eq!(get(load::<V>(&a).madd_i16(load::<V>(&b))), from_u32s(&want), "madd_i16");
        let wa = u16s(&a[..n]);
        let shifted =
            |f: &dyn Fn(u16) -> u16| from_u16s(&wa.iter().map(|&x| f(x)).collect::<Vec<_>>());
        assert_eq!(get(load::<V>(&a).shl16::<3>()), shifted(&|x| x << 3), "shl16");
        assert_eq!(get(load::<V>(&a).shr16::<7>()), shifted(&|x| x >> 7), "shr16");
        let ua: Vec<u32> = da.iter().map(|&x| x as u32).collect();
        let shifted32 =
            |f: &dyn Fn(u32) -> u32| from_u32s(&ua.iter().map(|&x| f(x)).collect::<Vec<_>>());
        assert_eq!(get(load::<V>(&a).shl32::<5>()), shifted32(&|x| x << 5), "shl32");
        assert_eq!(get(load::<V>(&a).shr32::<12>()), shifted32(&|x| x >> 12), "shr32");

        // prevN: the last N bytes of `b` then the first n - N of `a`.
        for (k, got) in [
            (1, get(load::<V>(&a).prev1(load::<V>(&b)))),
            (2, get(load::<V>(&a).prev2(load::<V>(&b)))),
            (3, get(load::<V>(&a).prev3(load::<V>(&b)))),
        ] {
            let want: Vec<u8> = b[n - k..n].iter().chain(&a[..n - k]).copied().collect();
            assert_eq!(got, want, "prev{k}");
        }

        let high: Vec<usize> = (0..n).filter(|&i| a[i] >= 0x80).collect();
        assert_eq!(load::<V>(&a).any_high_bit(), !high.is_empty());
        assert_eq!(load::<V>(&a).first_high_bit(), high.first().copied().unwrap_or(n));
        let bits = high.iter().fold(0u64, |m, &i| m | 1 << i);
        assert_eq!(load::<V>(&a).bitmask(), bits, "bitmask");
        assert!(!V::zero().any() && load::<V>(&a).any());
        let mut one = [0u8; 64];
        one[n - 1] = 0x10;
        assert!(load::<V>(&one).any() && !load::<V>(&one).any_high_bit());
        assert_eq!(load::<V>(&one).first_high_bit(), n);

        let eq = load::<V>(&a).eq8(load::<V>(&c));
        let m = eq.match_mask();
        for i in 0..n {
            let bit = m >> (i as u32 * V::MATCH_STRIDE) & 1 == 1;
            assert_eq!(bit, a[i] == c[i], "match_mask {i}");
        }
        let first = (0..n).find(|&i| a[i] == c[i]).unwrap_or(n);
        assert_eq!(if m == 0 { n } else { (m.trailing_zeros() / V::MATCH_STRIDE) as usize }, first);

        assert_eq!(load::<V>(&a).sum8(), a[..n].iter().map(|&x| x as u64).sum::<u64>());
        assert_eq!(load::<V>(&a).sum16(), wa.iter().map(|&x| x as u64).sum::<u64>());

        let (lo, hi) = load::<V>(&a).widen8();
        let widened: Vec<u16> = a[..n].iter().map(|&x| x as u16).collect();
        assert_eq!([get(lo), get(hi)].concat(), from_u16s(&widened), "widen8");
        let wb = u16s(&b[..n]);
        let narrow = |w: u16| (w as i16).clamp(-128, 127) as i8 as u8;
        let want: Vec<u8> = wa.iter().chain(&wb).map(|&w| narrow(w)).collect();
        assert_eq!(get(load::<V>(&a).pack16(load::<V>(&b))), want, "pack16");
        let (z0, z1) = load::<V>(&a).zip16(load::<V>(&b));
        let want: Vec<u16> = wa.iter().zip(&wb).flat_map(|(&x, &y)| [x, y]).collect();
        assert_eq!([get(z0), get(z1)].concat(), from_u16s(&want), "zip16");
    }
}

#[inline(always)]
fn check_lookup<V: Lookup>(rng: &mut Rng) {
    let n = V::BYTES;
    let a = rng.bytes();
    let t: [u8; 16] = core::array::from_fn(|i| (i as u8).wrapping_mul(37) ^ 0x5a);
    unsafe {
        let v = load::<V>(&a);
        let (hi, lo) = (v.high_nibbles(), v.low_nibbles());
        assert_eq!(get(hi), a[..n].iter().map(|x| x >> 4).collect::<Vec<_>>());
        assert_eq!(get(lo), a[..n].iter().map(|x| x & 15).collect::<Vec<_>>());
        let table = V::table(&t);
        assert_eq!(
            get(lo.lookup(table)),
            a[..n].iter().map(|x| t[(x & 15) as usize]).collect::<Vec<_>>()
        );
    }
}

#[inline(always)]
fn check_mul_add<V: MulAdd>(rng: &mut Rng) {
    let n = V::BYTES;
    let (a, b) = (rng.bytes(), rng.bytes());
    let want: Vec<u16> = (0..n / 2)
        .map(|k| {
            let p = |i: usize| a[i] as i32 * b[i] as i8 as i32;
            (p(2 * k) + p(2 * k + 1)).clamp(-32768, 32767) as i16 as u16
        })
        .collect();
    let got = unsafe { get(load::<V>(&a).madd_u8_i8(load::<V>(&b))) };
    assert_eq!(got, from_u16s(&want), "madd_u8_i8");
}

#[inline(always)]
fn check_shuffle<V: Shuffle>(rng: &mut Rng) {
    let n = V::BYTES;
    let (a, b, m) = (rng.bytes(), rng.bytes(), rng.bytes());
    // Indices below 16, or with the high bit set (zero).
    let idx: [u8; 64] =
        core::array::from_fn(|i| if m[i] & 0x40 != 0 { m[i] | 0x80 } else { m[i] & 15 });
    unsafe {
        let got = get(load::<V>(&a).shuffle(load::<V>(&idx)));
        let want: Vec<u8> = (0..n)
            .map(|i| if idx[i] >= 0x80 { 0 } else { a[i / 16 * 16 + idx[i] as usize] })
            .collect();
        assert_eq!(got, want, "shuffle");
        // Windows: lane 0 from `a`, lane 1 (if any) from `b`.
        let w = V::load_windows(a.as_ptr(), b.as_ptr());
        let want: Vec<u8> = a[..16].iter().chain(&b[..16]).take(n).copied().collect();
        assert_eq!(get(w), want, "load_windows");
        let (mut q0, mut q1) = ([0u8; 16], [0u8; 16]);
        w.store_windows(q0.as_mut_ptr(), q1.as_mut_ptr());
        assert_eq!(q0[..], a[..16]);
        if n > 16 {
            assert_eq!(q1[..], b[..16]);
        }
        for lane in 0..n / 16 {
            let mut q = [0u8; 16];
            load::<V>(&a).shuffle_window_to(lane, idx.as_ptr(), q.as_mut_ptr());
            let want: Vec<u8> = (0..16)
                .map(|i| if idx[i] >= 0x80 { 0 } else { a[lane * 16 + idx[i] as usize] })
                .collect();
            assert_eq!(q.to_vec(), want, "shuffle_window_to {lane}");
        }
        let mask: [u8; 64] = core::array::from_fn(|i| mask8(m[i] & 1 == 1));
        let blended = get(V::blend(load::<V>(&mask), load::<V>(&a), load::<V>(&b)));
        let want: Vec<u8> = (0..n).map(|i| if mask[i] != 0 { a[i] } else { b[i] }).collect();
        assert_eq!(blended, want, "blend");
        let blended = get(V::blend_high(load::<V>(&m), load::<V>(&a), load::<V>(&b)));
        let want: Vec<u8> = (0..n).map(|i| if m[i] >= 0x80 { a[i] } else { b[i] }).collect();
        assert_eq!(blended, want, "blend_high");
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;
    use core_cpu::vector::{avx2::V256, avx512::V512, sse2, sse42};

    core_cpu::target_fn!(sse2;
        pub unsafe fn sse2(rng: &mut Rng) {
            check_vector::<sse2::V128>(rng);
        }
    );
    core_cpu::target_fn!(sse42;
        pub unsafe fn sse42(rng: &mut Rng) {
            check_vector::<sse42::V128>(rng);
            check_lookup::<sse42::V128>(rng);
            check_mul_add::<sse42::V128>(rng);
            check_shuffle::<sse42::V128>(rng);
        }
    );
    core_cpu::target_fn!(avx2;
        pub unsafe fn avx2(rng: &mut Rng) {
            check_vector::<V256>(rng);
            check_lookup::<V256>(rng);
            check_mul_add::<V256>(rng);
            check_shuffle::<V256>(rng);
        }
    );
    core_cpu::target_fn!(avx512;
        pub unsafe fn avx512(rng: &mut Rng) {
            check_vector::<V512>(rng);
            check_lookup::<V512>(rng);
            check_mul_add::<V512>(rng);
        }
    );
}

#[cfg(target_arch = "aarch64")]
mod arm {
    use super::*;
    core_cpu::target_fn!(neon;
        pub unsafe fn neon(rng: &mut Rng) {
            use core_cpu::vector::neon::V128;
            check_vector::<V128>(rng);
            check_lookup::<V128>(rng);
            check_mul_add::<V128>(rng);
            check_shuffle::<V128>(rng);
        }
    );
}

#[test]
fn every_level_matches_the_model() {
    let mut tested = Vec::new();
    for level in Level::available() {
        let mut rng = Rng(level as u64 + 1);
        for _ in 0..300 {
            // SAFETY: each arm runs only for an available level, whose features it needs.
            match level {
                #[cfg(target_arch = "x86_64")]
                Level::Sse2 => unsafe { x86::sse2(&mut rng) },
                #[cfg(target_arch = "x86_64")]
                Level::Sse42 => unsafe { x86::sse42(&mut rng) },
                #[cfg(target_arch = "x86_64")]
                Level::Avx2 => unsafe { x86::avx2(&mut rng) },
                #[cfg(target_arch = "x86_64")]
                Level::Avx512 => unsafe { x86::avx512(&mut rng) },
                #[cfg(target_arch = "aarch64")]
                Level::Neon => unsafe { arm::neon(&mut rng) },
                _ => break,
            }
        }
        tested.push(level);
    }
    // Every level the machine has was tested (scalar has no vector type).
    assert!(tested.contains(&Level::best()));
    eprintln!("vector levels tested: {tested:?}");
}
