//! Differential suite: every operation of `BigUint` and `BigInt` against num-bigint 0.4.
//!
//! Operands have 0 to 3,000 limbs: mostly a few, then sizes next to every algorithm cut-over
//! of the mpn layer (`src/bigint/mpn/thresholds.rs`, ±1), and a few large ones. Their limbs are
//! random, all ones (carry chains), a single bit (powers of two), or blocks of zeros, ones and
//! random limbs. Values cross to num-bigint as `u32` digits.
//!
//! The operators run at the process's level (`CORE_SIMD_MAX`, which CI sets to every level the
//! machine has); `kernels_at_every_level` checks the limb kernels under every available level
//! in one run.

use core_num::arch::{__kernels as kernels, Level};
use core_num::{BigInt, BigUint, Sign};
use num_bigint as nb;
use num_integer::Integer;
use num_traits::{
    CheckedAdd, CheckedDiv, CheckedMul, CheckedSub, Num, One, Signed, ToPrimitive, Zero,
};
use proptest::prelude::*;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

// --- operands --------------------------------------------------------------------------------

/// The cut-overs of `src/bigint/mpn/thresholds.rs`, in limbs: Lehmer gcd 3, divide-and-conquer
/// formatting 24, Karatsuba 30, Karatsuba squaring and split `mullo` 40, Burnikel–Ziegler and
/// recursive exact division 60, Toom-3 120, divide-and-conquer parsing 140 (chunks of about a
/// limb), Toom-3 squaring 190, two-product REDC 200, Toom-4 1000, Toom-4 squaring 1500. The
/// NTT (6000) and Newton division (4000) cut-overs are past this suite's sizes: the oracle
/// test (`tests/oracle.rs`) covers them.
const THRESHOLDS: &[usize] = &[3, 24, 30, 40, 60, 120, 140, 190, 200, 1000, 1500];
/// The largest operands.
const LARGE: &[usize] = &[2999, 3000];

/// Each threshold, one below and one above.
fn near_thresholds() -> Vec<usize> {
    THRESHOLDS.iter().flat_map(|&t| [t - 1, t, t + 1]).collect()
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `n` limbs of the given shape.
fn limbs(n: usize, seed: u64, shape: u8) -> Vec<u64> {
    let mut s = seed;
    let mut v: Vec<u64> = match shape % 6 {
        0 | 1 => (0..n).map(|_| splitmix(&mut s)).collect(),
        2 => vec![u64::MAX; n],
        3 => {
            let mut v = vec![0; n];
            if let Some(top) = v.last_mut() {
                *top = 1 << (seed % 64);
            }
            v
        }
        4 => (0..n)
            .map(|_| match splitmix(&mut s) % 3 {
                0 => 0,
                1 => u64::MAX,
                _ => splitmix(&mut s),
            })
            .collect(),
        // A one followed by zeros and a low random limb: 2^k + small.
        _ => {
            let mut v = vec![0; n];
            if n > 0 {
                v[0] = splitmix(&mut s);
                v[n - 1] |= 1;
            }
            v
        }
    };
    if let Some(top) = v.last_mut() {
        if *top == 0 {
            *top = 1;
        }
    }
    v
}

fn from_limbs(v: &[u64]) -> BigUint {
    let digits: Vec<u32> = v.iter().flat_map(|&x| [x as u32, (x >> 32) as u32]).collect();
    BigUint::new(digits)
}

fn len_up_to(max: usize) -> BoxedStrategy<usize> {
    let near: Vec<usize> = near_thresholds().into_iter().filter(|&n| n <= max).collect();
    let large: Vec<usize> = LARGE.iter().copied().filter(|&n| n <= max).collect();
    let mut options: Vec<(u32, BoxedStrategy<usize>)> = vec![(10, (0usize..=4.min(max)).boxed())];
    if max >= 5 {
        options.push((4, (5usize..=40.min(max)).boxed()));
    }
    if max >= 41 {
        options.push((1, (41usize..=700.min(max)).boxed()));
    }
    if !near.is_empty() {
        options.push((3, prop::sample::select(near).boxed()));
    }
    if !large.is_empty() {
        options.push((1, prop::sample::select(large).boxed()));
    }
    proptest::strategy::Union::new_weighted(options).boxed()
}

fn uint_of(len: BoxedStrategy<usize>) -> impl Strategy<Value = BigUint> {
    (len, any::<u64>(), any::<u8>()).prop_map(|(n, seed, shape)| from_limbs(&limbs(n, seed, shape)))
}

fn uint() -> impl Strategy<Value = BigUint> {
    uint_of(len_up_to(3000))
}

fn uint_max(max: usize) -> impl Strategy<Value = BigUint> {
    uint_of(len_up_to(max))
}

fn signed(u: impl Strategy<Value = BigUint>) -> impl Strategy<Value = BigInt> {
    (u, any::<bool>())
        .prop_map(|(m, neg)| BigInt::from_biguint(if neg { Sign::Minus } else { Sign::Plus }, m))
}

fn int() -> impl Strategy<Value = BigInt> {
    signed(uint())
}

fn int_max(max: usize) -> impl Strategy<Value = BigInt> {
    signed(uint_max(max))
}

/// Two operands, half of the time of equal or nearly equal length (balanced products and
/// quotients near one are where the algorithms switch).
fn uint_pair(max: usize) -> impl Strategy<Value = (BigUint, BigUint)> {
    let balanced = (len_up_to(max), 0usize..=2, any::<[u64; 2]>(), any::<[u8; 2]>()).prop_map(
        |(n, d, seeds, shapes)| {
            let m = n.saturating_sub(d);
            (from_limbs(&limbs(n, seeds[0], shapes[0])), from_limbs(&limbs(m, seeds[1], shapes[1])))
        },
    );
    prop_oneof![
        (uint_max(max), uint_max(max)),
        balanced.clone().prop_map(|(a, b)| (b, a)),
        balanced
    ]
}

fn int_pair(max: usize) -> impl Strategy<Value = (BigInt, BigInt)> {
    (uint_pair(max), any::<[bool; 2]>()).prop_map(|((a, b), neg)| {
        let s = |n: bool| if n { Sign::Minus } else { Sign::Plus };
        (BigInt::from_biguint(s(neg[0]), a), BigInt::from_biguint(s(neg[1]), b))
    })
}

// --- crossing to num-bigint ------------------------------------------------------------------

fn r(x: &BigUint) -> nb::BigUint {
    nb::BigUint::new(x.to_u32_digits())
}

fn ri(x: &BigInt) -> nb::BigInt {
    let (s, d) = x.to_u32_digits();
    nb::BigInt::new(rs(s), d)
}

fn rs(s: Sign) -> nb::Sign {
    match s {
        Sign::Minus => nb::Sign::Minus,
        Sign::NoSign => nb::Sign::NoSign,
        Sign::Plus => nb::Sign::Plus,
    }
}

fn hash<T: Hash>(x: &T) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

/// A value as (sign, u32 digits), for both crates' types.
trait Repr {
    fn repr(&self) -> (i8, Vec<u32>);
}

impl Repr for BigUint {
    fn repr(&self) -> (i8, Vec<u32>) {
        (!self.is_zero() as i8, self.to_u32_digits())
    }
}

impl Repr for nb::BigUint {
    fn repr(&self) -> (i8, Vec<u32>) {
        (!self.is_zero() as i8, self.to_u32_digits())
    }
}

impl Repr for BigInt {
    fn repr(&self) -> (i8, Vec<u32>) {
        let (s, d) = self.to_u32_digits();
        (s as i8 - 1, d)
    }
}

impl Repr for nb::BigInt {
    fn repr(&self) -> (i8, Vec<u32>) {
        let (s, d) = self.to_u32_digits();
        (s as i8 - 1, d)
    }
}

impl<T: Repr> Repr for &T {
    fn repr(&self) -> (i8, Vec<u32>) {
        (**self).repr()
    }
}

/// Asserts that our value equals num-bigint's (sign and digits).
macro_rules! same {
    ($ours:expr, $theirs:expr) => {{
        let (o, t) = ($ours.repr(), $theirs.repr());
        prop_assert_eq!(o, t, "{}", stringify!($ours));
    }};
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

// --- arithmetic ------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn biguint_arith((a, b) in uint_pair(3000)) {
        let (ra, rb) = (r(&a), r(&b));
        same!(&a + &b, &ra + &rb);
        same!(a.clone() + &b, &ra + &rb);
        same!(&a + b.clone(), &ra + &rb);
        same!(a.clone() + b.clone(), &ra + &rb);
        let mut x = a.clone();
        x += &b;
        same!(x, &ra + &rb);
        x += b.clone();
        same!(x, &ra + &rb + &rb);

        same!(&a * &b, &ra * &rb);
        same!(a.clone() * &b, &ra * &rb);
        same!(&a * b.clone(), &ra * &rb);
        same!(a.clone() * b.clone(), &ra * &rb);
        let mut x = a.clone();
        x *= &b;
        same!(x, &ra * &rb);
        let mut x = a.clone();
        x *= b.clone();
        same!(x, &ra * &rb);
        same!(&a * &a, &ra * &ra);

        let (hi, lo, rhi, rlo) = if a >= b { (&a, &b, &ra, &rb) } else { (&b, &a, &rb, &ra) };
        prop_assert_eq!(a.cmp(&b), ra.cmp(&rb));
        same!(hi - lo, rhi - rlo);
        same!(hi.clone() - lo, rhi - rlo);
        same!(hi - lo.clone(), rhi - rlo);
        same!(hi.clone() - lo.clone(), rhi - rlo);
        let mut x = hi.clone();
        x -= lo;
        same!(x, rhi - rlo);
        let mut x = hi.clone();
        x -= lo.clone();
        same!(x, rhi - rlo);
        prop_assert_eq!(hi.checked_sub(lo).map(|x| r(&x)), rhi.checked_sub(rlo));
        prop_assert_eq!(lo.checked_sub(hi).map(|x| r(&x)), rlo.checked_sub(rhi));
        prop_assert_eq!(a.checked_add(&b).map(|x| r(&x)), ra.checked_add(&rb));
        prop_assert_eq!(a.checked_mul(&b).map(|x| r(&x)), ra.checked_mul(&rb));
        prop_assert_eq!(a.checked_div(&b).map(|x| r(&x)), ra.checked_div(&rb));

        if !b.is_zero() {
            let (q, rem) = (&ra / &rb, &ra % &rb);
            same!(&a / &b, q);
            same!(a.clone() / &b, q);
            same!(&a / b.clone(), q);
            same!(a.clone() / b.clone(), q);
            same!(&a % &b, rem);
            same!(a.clone() % &b, rem);
            same!(&a % b.clone(), rem);
            same!(a.clone() % b.clone(), rem);
            let mut x = a.clone();
            x /= &b;
            same!(x, q);
            let mut x = a.clone();
            x /= b.clone();
            same!(x, q);
            let mut x = a.clone();
            x %= &b;
            same!(x, rem);
            let mut x = a.clone();
            x %= b.clone();
            same!(x, rem);
            let (q2, r2) = a.div_rem(&b);
            same!(q2, q);
            same!(r2, rem);
            // The identity, on our side alone.
            prop_assert_eq!(&(&a / &b) * &b + &a % &b, a.clone());
        }

        // Equality, order and hashing agree; equal values built differently hash equally.
        prop_assert_eq!(a == b, ra == rb);
        prop_assert_eq!(a.partial_cmp(&b), ra.partial_cmp(&rb));
        let rebuilt = &(&a + &b) - &b;
        prop_assert_eq!(&rebuilt, &a);
        prop_assert_eq!(hash(&rebuilt), hash(&a));
        let sum: BigUint = [a.clone(), b.clone()].iter().sum();
        same!(sum, &ra + &rb);
        let product: BigUint = [a.clone(), b.clone()].into_iter().product();
        same!(product, &ra * &rb);
    }

    #[test]
    fn bigint_arith((a, b) in int_pair(3000)) {
        let (ra, rb) = (ri(&a), ri(&b));
        same!(&a + &b, &ra + &rb);
        same!(a.clone() + &b, &ra + &rb);
        same!(&a + b.clone(), &ra + &rb);
        same!(a.clone() + b.clone(), &ra + &rb);
        same!(&a - &b, &ra - &rb);
        same!(a.clone() - &b, &ra - &rb);
        same!(&a - b.clone(), &ra - &rb);
        same!(a.clone() - b.clone(), &ra - &rb);
        same!(&a * &b, &ra * &rb);
        same!(a.clone() * &b, &ra * &rb);
        same!(&a * b.clone(), &ra * &rb);
        same!(a.clone() * b.clone(), &ra * &rb);
        same!(-&a, -&ra);
        same!(-a.clone(), -&ra);
        let mut x = a.clone();
        x += &b;
        x -= b.clone();
        x -= &b;
        x += b.clone();
        x *= &b;
        same!(x, &ra * &rb);
        let mut x = a.clone();
        x *= b.clone();
        same!(x, &ra * &rb);

        if !b.is_zero() {
            let (q, rem) = (&ra / &rb, &ra % &rb);
            same!(&a / &b, q);
            same!(a.clone() / &b, q);
            same!(&a / b.clone(), q);
            same!(a.clone() / b.clone(), q);
            same!(&a % &b, rem);
            same!(a.clone() % &b, rem);
            same!(&a % b.clone(), rem);
            same!(a.clone() % b.clone(), rem);
            let mut x = a.clone();
            x /= &b;
            same!(x, q);
            let mut x = a.clone();
            x %= b.clone();
            same!(x, rem);
            let (q2, r2) = a.div_rem(&b);
            same!(q2, q);
            same!(r2, rem);
            prop_assert_eq!(a.checked_div(&b).map(|x| ri(&x)), Some(q));
        } else {
            prop_assert!(a.checked_div(&b).is_none());
        }
        prop_assert_eq!(a.checked_add(&b).map(|x| ri(&x)), ra.checked_add(&rb));
        prop_assert_eq!(a.checked_sub(&b).map(|x| ri(&x)), ra.checked_sub(&rb));
        prop_assert_eq!(a.checked_mul(&b).map(|x| ri(&x)), ra.checked_mul(&rb));

        prop_assert_eq!(a.cmp(&b), ra.cmp(&rb));
        prop_assert_eq!(a == b, ra == rb);
        same!(a.abs(), ra.abs());
        same!(a.signum(), ra.signum());
        prop_assert_eq!(a.sign(), match ra.sign() {
            nb::Sign::Minus => Sign::Minus,
            nb::Sign::NoSign => Sign::NoSign,
            nb::Sign::Plus => Sign::Plus,
        });
        prop_assert_eq!(a.is_negative(), ra.is_negative());
        prop_assert_eq!(a.is_positive(), ra.is_positive());
        same!(a.magnitude(), ra.magnitude());
        prop_assert_eq!(a.to_biguint().map(|x| r(&x)), ra.to_biguint());
        let rebuilt = &(&a - &b) + &b;
        prop_assert_eq!(&rebuilt, &a);
        prop_assert_eq!(hash(&rebuilt), hash(&a));
        let sum: BigInt = [a.clone(), b.clone()].iter().sum();
        same!(sum, &ra + &rb);
        let product: BigInt = [a.clone(), b.clone()].into_iter().product();
        same!(product, &ra * &rb);
    }
}

#[test]
fn zero_has_one_sign_and_one_hash() {
    let zero = BigInt::from_biguint(Sign::Minus, BigUint::new(vec![]));
    assert_eq!(zero.sign(), Sign::NoSign);
    let other = BigInt::from(5) - BigInt::from(5);
    assert_eq!(zero, other);
    assert_eq!(hash(&zero), hash(&other));
    assert_eq!(hash(&-other.clone()), hash(&zero));
    assert_eq!(BigInt::from_biguint(Sign::NoSign, BigUint::from(7u32)), zero);
    assert_eq!(BigInt::new(Sign::Minus, vec![0, 0]).sign(), Sign::NoSign);
}

// --- primitive operands ----------------------------------------------------------------------

/// Every operator form with a primitive of type `$t` on either side, owned and borrowed.
/// `$unsigned`: subtraction is only defined when it does not go below zero.
macro_rules! primitive_ops {
    ($name:ident, $unsigned:literal, $conv:ident, $strategy:expr, $($t:ty),*) => {
        proptest! {
            #![proptest_config(config(128))]
            #[test]
            fn $name(a in $strategy, prim in any::<u128>(), small in any::<bool>()) {
                let ra = $conv(&a);
                $({
                    let p = if small { (prim % 300) as $t } else { prim as $t };
                    let rp = p;
                    same!(&a + p, &ra + rp);
                    same!(a.clone() + p, ra.clone() + rp);
                    same!(&a + &p, &ra + &rp);
                    same!(a.clone() + &p, ra.clone() + &rp);
                    same!(p + &a, rp + &ra);
                    same!(p + a.clone(), rp + ra.clone());
                    same!(&p + &a, &rp + &ra);
                    same!(&p + a.clone(), &rp + ra.clone());
                    same!(&a * p, &ra * rp);
                    same!(a.clone() * &p, ra.clone() * &rp);
                    same!(p * &a, rp * &ra);
                    same!(&p * a.clone(), &rp * ra.clone());
                    let (mut x, mut y) = (a.clone(), ra.clone());
                    x += p;
                    y += rp;
                    x *= p;
                    y *= rp;
                    same!(x, y);
                    let big_p = $conv(&<_>::from(p));
                    if !$unsigned || ra >= big_p {
                        same!(&a - p, &ra - rp);
                        same!(a.clone() - &p, ra.clone() - &rp);
                        same!(&a - &p, &ra - &rp);
                        let (mut x, mut y) = (a.clone(), ra.clone());
                        x -= p;
                        y -= rp;
                        same!(x, y);
                        let (mut x, mut y) = (a.clone(), ra.clone());
                        x -= p;
                        y -= rp;
                        same!(x, y);
                    }
                    if !$unsigned || ra <= big_p {
                        same!(p - &a, rp - &ra);
                        same!(p - a.clone(), rp - ra.clone());
                        same!(&p - a.clone(), &rp - ra.clone());
                    }
                    if p != 0 as $t {
                        same!(&a / p, &ra / rp);
                        same!(a.clone() / &p, ra.clone() / &rp);
                        same!(&a % p, &ra % rp);
                        same!(a.clone() % &p, ra.clone() % &rp);
                        let (mut x, mut y) = (a.clone(), ra.clone());
                        x /= p;
                        y /= rp;
                        same!(x, y);
                        let (mut x, mut y) = (a.clone(), ra.clone());
                        x %= p;
                        y %= rp;
                        same!(x, y);
                    }
                    if !a.is_zero() {
                        same!(p / &a, rp / &ra);
                        same!(&p / a.clone(), &rp / ra.clone());
                        same!(p % &a, rp % &ra);
                        same!(&p % a.clone(), &rp % ra.clone());
                    }
                })*
            }
        }
    };
}

primitive_ops!(biguint_primitive_ops, true, r, uint_max(400), u8, u16, u32, u64, u128, usize);
primitive_ops!(
    bigint_primitive_ops,
    false,
    ri,
    int_max(400),
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    i8,
    i16,
    i32,
    i64,
    i128,
    isize
);

// --- bitwise and shifts ----------------------------------------------------------------------

proptest! {
    #![proptest_config(config(384))]

    #[test]
    fn biguint_bitwise((a, b) in uint_pair(3000), shift in 0usize..=9000) {
        let (ra, rb) = (r(&a), r(&b));
        same!(&a & &b, &ra & &rb);
        same!(a.clone() & &b, &ra & &rb);
        same!(&a & b.clone(), &ra & &rb);
        same!(a.clone() & b.clone(), &ra & &rb);
        same!(&a | &b, &ra | &rb);
        same!(a.clone() | &b, &ra | &rb);
        same!(a.clone() | b.clone(), &ra | &rb);
        same!(&a ^ &b, &ra ^ &rb);
        same!(a.clone() ^ &b, &ra ^ &rb);
        same!(a.clone() ^ b.clone(), &ra ^ &rb);
        let mut x = a.clone();
        x &= &b;
        same!(x, &ra & &rb);
        let mut x = a.clone();
        x |= b.clone();
        same!(x, &ra | &rb);
        let mut x = a.clone();
        x ^= &b;
        same!(x, &ra ^ &rb);

        same!(&a << shift, &ra << shift);
        same!(a.clone() << shift, &ra << shift);
        same!(&a >> shift, &ra >> shift);
        same!(a.clone() >> shift, &ra >> shift);
        same!(&a << (shift as u8), &ra << (shift as u8));
        same!(&a >> (shift as u16), &ra >> (shift as u16));
        same!(&a << (shift as u32), &ra << (shift as u32));
        same!(&a >> (shift as u64), &ra >> (shift as u64));
        same!(&a << (shift as u128), &ra << (shift as u128));
        same!(&a >> (shift as i32), &ra >> (shift as i32));
        same!(&a << (shift as i64), &ra << (shift as i64));
        same!(&a >> (shift as i16 & 0x7fff), &ra >> (shift as i16 & 0x7fff));
        same!(&a << (shift as i8 & 0x7f), &ra << (shift as i8 & 0x7f));
        same!(&a >> (shift as isize), &ra >> (shift as isize));
        same!(&a << (shift as i128), &ra << (shift as i128));
        let mut x = a.clone();
        x <<= shift;
        same!(x, &ra << shift);
        x >>= shift as u32 + 7;
        same!(x, (&ra << shift) >> (shift + 7));
        let mut x = a.clone();
        x >>= &shift;
        same!(x, &ra >> shift);
    }

    #[test]
    fn bigint_bitwise((a, b) in int_pair(3000), shift in 0usize..=9000) {
        let (ra, rb) = (ri(&a), ri(&b));
        same!(&a & &b, &ra & &rb);
        same!(a.clone() & &b, &ra & &rb);
        same!(&a & b.clone(), &ra & &rb);
        same!(a.clone() & b.clone(), &ra & &rb);
        same!(&a | &b, &ra | &rb);
        same!(a.clone() | &b, &ra | &rb);
        same!(a.clone() | b.clone(), &ra | &rb);
        same!(&a ^ &b, &ra ^ &rb);
        same!(a.clone() ^ &b, &ra ^ &rb);
        same!(a.clone() ^ b.clone(), &ra ^ &rb);
        same!(!&a, !&ra);
        same!(!a.clone(), !&ra);
        let mut x = a.clone();
        x &= &b;
        same!(x, &ra & &rb);
        let mut x = a.clone();
        x |= b.clone();
        same!(x, &ra | &rb);
        let mut x = a.clone();
        x ^= &b;
        same!(x, &ra ^ &rb);

        // Arithmetic shifts: `>>` rounds toward negative infinity.
        same!(&a << shift, &ra << shift);
        same!(a.clone() << shift, &ra << shift);
        same!(&a >> shift, &ra >> shift);
        same!(a.clone() >> shift, &ra >> shift);
        same!(&a >> (shift as u8), &ra >> (shift as u8));
        same!(&a << (shift as u16), &ra << (shift as u16));
        same!(&a >> (shift as u32), &ra >> (shift as u32));
        same!(&a << (shift as u64), &ra << (shift as u64));
        same!(&a >> (shift as i64), &ra >> (shift as i64));
        same!(&a >> (shift as i128), &ra >> (shift as i128));
        same!(&a >> (shift % 64), &ra >> (shift % 64));
        let mut x = a.clone();
        x >>= shift;
        same!(x, &ra >> shift);
        let mut x = a.clone();
        x <<= shift as u16;
        same!(x, &ra << (shift as u16));

        // Bits, two's complement for negative values.
        prop_assert_eq!(a.bits(), ra.bits());
        prop_assert_eq!(a.trailing_zeros(), ra.trailing_zeros());
        for bit in [0, 1, 63, 64, 65, shift as u64, a.bits(), a.bits() + 1, a.bits().saturating_sub(1)] {
            prop_assert_eq!(a.bit(bit), ra.bit(bit), "bit {}", bit);
            for value in [false, true] {
                let (mut x, mut y) = (a.clone(), ra.clone());
                x.set_bit(bit, value);
                y.set_bit(bit, value);
                same!(x, y);
            }
        }
    }

    #[test]
    fn biguint_bit_queries(a in uint(), shift in 0u64..=10000) {
        let ra = r(&a);
        prop_assert_eq!(a.bits(), ra.bits());
        prop_assert_eq!(a.count_ones(), ra.count_ones());
        prop_assert_eq!(a.trailing_zeros(), ra.trailing_zeros());
        prop_assert_eq!(a.trailing_ones(), ra.trailing_ones());
        prop_assert_eq!(a.is_even(), ra.is_even());
        prop_assert_eq!(a.is_odd(), ra.is_odd());
        for bit in [0, 1, 63, 64, 65, shift, a.bits(), a.bits() + 1, a.bits().saturating_sub(1)] {
            prop_assert_eq!(a.bit(bit), ra.bit(bit), "bit {}", bit);
            for value in [false, true] {
                let (mut x, mut y) = (a.clone(), ra.clone());
                x.set_bit(bit, value);
                y.set_bit(bit, value);
                same!(x, y);
            }
        }
    }
}

// --- powers, roots, number theory ------------------------------------------------------------

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn pow_and_roots(a in int_max(700), e in 0u32..=40, n in 1u32..=70) {
        let ra = ri(&a);
        // Keep the power below ~200,000 bits.
        let e = if a.bits() * u64::from(e) > 200_000 { e % 3 } else { e };
        same!(a.pow(e), ra.pow(e));
        same!(a.magnitude().pow(e), ra.magnitude().pow(e));
        let m = a.magnitude();
        let rm = ra.magnitude();
        same!(m.sqrt(), rm.sqrt());
        same!(m.cbrt(), rm.cbrt());
        same!(m.nth_root(n), rm.nth_root(n));
        same!(a.cbrt(), ra.cbrt());
        if n % 2 == 1 || !a.is_negative() {
            same!(a.nth_root(n), ra.nth_root(n));
        }
        if !a.is_negative() {
            same!(a.sqrt(), ra.sqrt());
        }
    }

    #[test]
    fn roots_of_large_values(a in uint_of(prop::sample::select(LARGE.to_vec()).boxed()), n in 2u32..=9) {
        let ra = r(&a);
        same!(a.nth_root(n), ra.nth_root(n));
    }

    #[test]
    fn modular(
        (base, exp) in uint_pair(700),
        modulus in uint_max(210),
        bneg in any::<bool>(),
        mneg in any::<bool>(),
    ) {
        // num-bigint's modpow is slow for large moduli: keep exponent bits * modulus limbs^2
        // small.
        let mlen = modulus.bits().div_ceil(64).max(1);
        let max_exp_bits = (400_000 / (mlen * mlen)).max(64);
        let exp = &exp >> exp.bits().saturating_sub(max_exp_bits);
        let (rb, re, rm) = (r(&base), r(&exp), r(&modulus));
        if !modulus.is_zero() {
            same!(base.modpow(&exp, &modulus), rb.modpow(&re, &rm));
            prop_assert_eq!(base.modinv(&modulus).map(|x| r(&x)), rb.modinv(&rm));
            let s = |neg: bool| if neg { Sign::Minus } else { Sign::Plus };
            let sb = BigInt::from_biguint(s(bneg), base.clone());
            let sm = BigInt::from_biguint(s(mneg), modulus.clone());
            let se = BigInt::from(exp.clone());
            let (rsb, rsm, rse) = (ri(&sb), ri(&sm), ri(&se));
            same!(sb.modpow(&se, &sm), rsb.modpow(&rse, &rsm));
            prop_assert_eq!(sb.modinv(&sm).map(|x| ri(&x)), rsb.modinv(&rsm));
        }
    }

    #[test]
    fn gcd_lcm((a, b) in int_pair(700), c in uint_max(100)) {
        // A common factor makes the gcd non-trivial.
        let (a, b) = if c.is_zero() { (a, b) } else { (a * BigInt::from(c.clone()), b * BigInt::from(c)) };
        let (ra, rb) = (ri(&a), ri(&b));
        same!(a.gcd(&b), ra.gcd(&rb));
        same!(a.lcm(&b), ra.lcm(&rb));
        same!(a.magnitude().gcd(b.magnitude()), ra.magnitude().gcd(rb.magnitude()));
        same!(a.magnitude().lcm(b.magnitude()), ra.magnitude().lcm(rb.magnitude()));
    }
}

// --- bytes, digits, text ---------------------------------------------------------------------

/// `format!` with each spec on both values.
macro_rules! same_format {
    ($a:expr, $ra:expr, $($spec:literal),*) => {$(
        prop_assert_eq!(format!($spec, $a), format!($spec, $ra), "format {}", $spec);
    )*};
}

proptest! {
    #![proptest_config(config(384))]

    #[test]
    fn bytes_and_digits(a in int(), raw in prop::collection::vec(any::<u8>(), 0..80)) {
        let ra = ri(&a);
        let m = a.magnitude();
        let rm = ra.magnitude();
        prop_assert_eq!(m.to_bytes_be(), rm.to_bytes_be());
        prop_assert_eq!(m.to_bytes_le(), rm.to_bytes_le());
        prop_assert_eq!(m.to_u32_digits(), rm.to_u32_digits());
        prop_assert_eq!(m.to_u64_digits(), rm.to_u64_digits());
        prop_assert_eq!(m.iter_u32_digits().collect::<Vec<_>>(), rm.iter_u32_digits().collect::<Vec<_>>());
        prop_assert_eq!(m.iter_u64_digits().rev().collect::<Vec<_>>(), rm.iter_u64_digits().rev().collect::<Vec<_>>());
        prop_assert_eq!(m.iter_u32_digits().len(), rm.iter_u32_digits().len());
        let (s, be) = a.to_bytes_be();
        prop_assert_eq!((rs(s), be), ra.to_bytes_be());
        let (s, le) = a.to_bytes_le();
        prop_assert_eq!((rs(s), le), ra.to_bytes_le());
        prop_assert_eq!(a.to_signed_bytes_be(), ra.to_signed_bytes_be());
        prop_assert_eq!(a.to_signed_bytes_le(), ra.to_signed_bytes_le());
        let (s, d) = a.to_u64_digits();
        prop_assert_eq!((rs(s), d), ra.to_u64_digits());

        // From bytes, leading zeros and sign bytes included.
        same!(BigUint::from_bytes_be(&raw), nb::BigUint::from_bytes_be(&raw));
        same!(BigUint::from_bytes_le(&raw), nb::BigUint::from_bytes_le(&raw));
        same!(BigInt::from_signed_bytes_be(&raw), nb::BigInt::from_signed_bytes_be(&raw));
        same!(BigInt::from_signed_bytes_le(&raw), nb::BigInt::from_signed_bytes_le(&raw));
        same!(BigInt::from_bytes_be(Sign::Minus, &raw), nb::BigInt::from_bytes_be(nb::Sign::Minus, &raw));
        same!(BigInt::from_bytes_le(Sign::Plus, &raw), nb::BigInt::from_bytes_le(nb::Sign::Plus, &raw));
        let be = a.to_signed_bytes_be();
        prop_assert_eq!(BigInt::from_signed_bytes_be(&be), a.clone());
        let words: Vec<u32> = raw.chunks(4).map(|c| c.iter().fold(0, |acc, &x| acc << 8 | u32::from(x))).collect();
        same!(BigUint::from_slice(&words), nb::BigUint::from_slice(&words));
        same!(BigInt::from_slice(Sign::Minus, &words), nb::BigInt::from_slice(nb::Sign::Minus, &words));
        let mut x = a.magnitude().clone();
        x.assign_from_slice(&words);
        same!(x, nb::BigUint::from_slice(&words));
    }

    #[test]
    fn radix_digits(a in int_max(700), radix in 2u32..=256, raw in prop::collection::vec(any::<u8>(), 0..300)) {
        let ra = ri(&a);
        let m = a.magnitude();
        let rm = ra.magnitude();
        prop_assert_eq!(m.to_radix_be(radix), rm.to_radix_be(radix));
        prop_assert_eq!(m.to_radix_le(radix), rm.to_radix_le(radix));
        let (s, d) = a.to_radix_le(radix);
        prop_assert_eq!((rs(s), d), ra.to_radix_le(radix));
        let (s, d) = a.to_radix_be(radix);
        prop_assert_eq!((rs(s), d), ra.to_radix_be(radix));
        // Mostly valid digits, sometimes one out of range.
        let digits: Vec<u8> = raw.iter().map(|&x| if x == 255 { x } else { (u32::from(x) % radix) as u8 }).collect();
        let ours = BigUint::from_radix_be(&digits, radix).map(|x| r(&x));
        prop_assert_eq!(ours, nb::BigUint::from_radix_be(&digits, radix));
        let ours = BigUint::from_radix_le(&digits, radix).map(|x| r(&x));
        prop_assert_eq!(ours, nb::BigUint::from_radix_le(&digits, radix));
        let ours = BigInt::from_radix_be(Sign::Minus, &digits, radix).map(|x| ri(&x));
        prop_assert_eq!(ours, nb::BigInt::from_radix_be(nb::Sign::Minus, &digits, radix));
        let ours = BigInt::from_radix_le(Sign::Plus, &digits, radix).map(|x| ri(&x));
        prop_assert_eq!(ours, nb::BigInt::from_radix_le(nb::Sign::Plus, &digits, radix));
    }

    #[test]
    fn text(a in int(), radix in 2u32..=36) {
        let ra = ri(&a);
        let m = a.magnitude();
        let rm = ra.magnitude();
        let s = a.to_str_radix(radix);
        prop_assert_eq!(&s, &ra.to_str_radix(radix));
        prop_assert_eq!(m.to_str_radix(radix), rm.to_str_radix(radix));
        prop_assert_eq!(BigInt::from_str_radix(&s, radix).ok(), Some(a.clone()));
        prop_assert_eq!(BigInt::parse_bytes(s.as_bytes(), radix), Some(a.clone()));
        prop_assert_eq!(BigInt::parse_utf8(s.as_bytes(), radix).ok(), Some(a.clone()));
        let upper = s.to_uppercase();
        prop_assert_eq!(BigInt::from_str_radix(&upper, radix).ok(), Some(a.clone()));
        let ms = m.to_str_radix(radix);
        prop_assert_eq!(BigUint::from_str_radix(&ms, radix).ok(), Some(m.clone()));
        prop_assert_eq!(BigUint::parse_bytes(ms.as_bytes(), radix), Some(m.clone()));
        prop_assert_eq!(BigUint::parse_utf8(ms.as_bytes(), radix).ok(), Some(m.clone()));
        let plus = format!("+{ms}");
        prop_assert_eq!(BigUint::from_str_radix(&plus, radix).ok(), Some(m.clone()));

        let mut out = b"prefix".to_vec();
        a.write_utf8(&mut out);
        prop_assert_eq!(out[6..].to_vec(), a.to_string().into_bytes());
        let mut out = Vec::new();
        m.write_utf8(&mut out);
        prop_assert_eq!(out, m.to_string().into_bytes());

        prop_assert_eq!(a.to_string().parse::<BigInt>().ok(), Some(a.clone()));
        prop_assert_eq!(m.to_string().parse::<BigUint>().ok(), Some(m.clone()));
        same_format!(a, ra, "{}", "{:?}", "{:x}", "{:X}", "{:b}", "{:o}", "{:#x}", "{:#X}", "{:#b}",
            "{:#o}", "{:+}", "{:>50}", "{:<50}", "{:^51}", "{:050}", "{:+050}", "{:#050x}",
            "{:_>30}", "{:*^9}", "{:+#o}", "{:3}", "{:-<7b}");
        same_format!(m, rm, "{}", "{:?}", "{:x}", "{:X}", "{:b}", "{:o}", "{:#x}", "{:#X}", "{:#b}",
            "{:#o}", "{:+}", "{:>50}", "{:<50}", "{:^51}", "{:050}", "{:+050}", "{:#050x}",
            "{:_>30}", "{:*^9}", "{:+#o}", "{:3}", "{:-<7b}");
    }
}

// --- floats and primitive conversions --------------------------------------------------------

/// Values near float rounding boundaries: `2^k * m` plus or minus small amounts, where `m` has
/// 24, 25, 53 or 54 significant bits (ties and near-ties).
fn float_edges() -> impl Strategy<Value = BigInt> {
    (
        any::<u64>(),
        prop::sample::select(vec![24u32, 25, 53, 54, 55, 64]),
        0u32..1100,
        -3i32..=3,
        any::<bool>(),
    )
        .prop_map(|(m, width, k, delta, neg)| {
            let m = (m >> (64 - width)) | 1 << (width - 1);
            let v = (BigInt::from(m) << k) + BigInt::from(delta);
            if neg {
                -v
            } else {
                v
            }
        })
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn floats(a in prop_oneof![int_max(40), float_edges()], f in any::<f64>(), g in any::<f32>()) {
        // The oracle for float conversion is std's decimal parser, which rounds correctly.
        // num-bigint is not one: it keeps only the top 64 bits and drops the sticky bits
        // below them, so a value just above a halfway point can round down to even.
        let decimal = a.to_string();
        let ours = a.to_f64().map(f64::to_bits);
        prop_assert_eq!(ours, decimal.parse::<f64>().ok().map(f64::to_bits), "to_f64 {}", a);
        let ours = a.to_f32().map(f32::to_bits);
        prop_assert_eq!(ours, decimal.parse::<f32>().ok().map(f32::to_bits), "to_f32 {}", a);
        let decimal = a.magnitude().to_string();
        let ours = a.magnitude().to_f64().map(f64::to_bits);
        prop_assert_eq!(ours, decimal.parse::<f64>().ok().map(f64::to_bits));
        let ours = a.magnitude().to_f32().map(f32::to_bits);
        prop_assert_eq!(ours, decimal.parse::<f32>().ok().map(f32::to_bits));
        use num_traits::FromPrimitive;
        for f in [f, f64::from(g), f * 1e-300, f.trunc(), f.trunc() + 0.5, -f.abs()] {
            prop_assert_eq!(BigInt::from_f64(f).map(|x| ri(&x)), nb::BigInt::from_f64(f), "from_f64 {}", f);
            prop_assert_eq!(BigUint::from_f64(f).map(|x| r(&x)), nb::BigUint::from_f64(f), "from_f64 {}", f);
        }
        prop_assert_eq!(BigInt::from_f32(g).map(|x| ri(&x)), nb::BigInt::from_f32(g));
        prop_assert_eq!(BigUint::from_f32(g).map(|x| r(&x)), nb::BigUint::from_f32(g));
    }
}

/// Bits far below the top 64 still decide a rounding: a value just above a halfway point
/// rounds up. These are the cases where num-bigint 0.4 rounds down to even.
#[test]
fn float_rounding_keeps_low_sticky_bits() {
    let a: i128 = (1 << 120) + (1 << (120 - 53)) + 1;
    assert_eq!(BigInt::from(a).to_f64(), Some(a as f64));
    assert_eq!(BigInt::from(-a).to_f64(), Some(-a as f64));
    assert_ne!(BigInt::from(a).to_f64(), BigInt::from(a - 1).to_f64());
    let b: i128 = (1 << 100) + (1 << (100 - 24)) + 1;
    assert_eq!(BigUint::from(b as u128).to_f32(), Some(b as f32));
    let c: BigUint =
        "205701126516953414952983030199740637941687571133406154885522816491450764623874"
            .parse()
            .unwrap();
    assert_eq!(c.to_f64().map(f64::to_bits), Some(5763600831610670443));
}

/// `TryFrom` into every primitive, owned and borrowed, and `From` every primitive.
macro_rules! primitive_conversions {
    ($($t:ident),*) => {
        proptest! {
            #![proptest_config(config(256))]
            #[test]
            fn primitive_conversions(a in prop_oneof![int_max(3), (-5i128..5).prop_map(BigInt::from)], p in any::<i128>()) {
                let ra = ri(&a);
                let m = a.magnitude();
                let rm = ra.magnitude();
                $(
                    prop_assert_eq!(<$t>::try_from(&a).ok(), <$t>::try_from(&ra).ok());
                    prop_assert_eq!(<$t>::try_from(a.clone()).ok(), <$t>::try_from(ra.clone()).ok());
                    prop_assert_eq!(<$t>::try_from(m).ok(), <$t>::try_from(rm).ok());
                    prop_assert_eq!(<$t>::try_from(m.clone()).ok(), <$t>::try_from(rm.clone()).ok());
                    let narrow = p as $t;
                    same!(BigInt::from(narrow), nb::BigInt::from(narrow));
                    if let Ok(u) = BigUint::try_from(BigInt::from(narrow)) {
                        same!(u, nb::BigUint::try_from(nb::BigInt::from(narrow)).unwrap());
                    }
                )*
                if let Err(e) = u8::try_from(a.clone()) {
                    prop_assert_eq!(e.into_original(), a.clone());
                }
                prop_assert_eq!(BigUint::try_from(&a).ok().map(|x| r(&x)), nb::BigUint::try_from(&ra).ok());
            }
        }
    };
}

primitive_conversions!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

#[test]
fn unsigned_from_primitives() {
    for x in [0u128, 1, 255, 256, u64::MAX as u128, u64::MAX as u128 + 1, u128::MAX] {
        assert_eq!(BigUint::from(x).to_u32_digits(), nb::BigUint::from(x).to_u32_digits());
        assert_eq!(
            BigUint::from(x as u64).to_u32_digits(),
            nb::BigUint::from(x as u64).to_u32_digits()
        );
        assert_eq!(
            BigUint::from(x as u8).to_u32_digits(),
            nb::BigUint::from(x as u8).to_u32_digits()
        );
        assert_eq!(
            BigUint::from(x as usize).to_u32_digits(),
            nb::BigUint::from(x as usize).to_u32_digits()
        );
    }
    assert_eq!(BigUint::from(true), BigUint::from(1u8));
    assert_eq!(BigInt::from(false), BigInt::from(0));
    assert!(BigUint::try_from(BigInt::from(-1)).is_err());
    assert_eq!(nb::BigInt::from(-1).to_f64(), BigInt::from(-1).to_f64());
    assert!(BigUint::ONE.is_one() && BigInt::ZERO.is_zero());
}

// --- kernels at every level ------------------------------------------------------------------

#[test]
fn kernels_at_every_level() {
    let mut seed = 7u64;
    let levels: Vec<Level> = Level::available().collect();
    assert!(levels.contains(&Level::Scalar));
    for n in [1usize, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 100, 301] {
        for shape in 0..6u8 {
            let a = limbs(n, splitmix(&mut seed), shape);
            let b = limbs(n, splitmix(&mut seed), shape.wrapping_add(1));
            let m = match shape {
                2 => u64::MAX,
                3 => 1,
                _ => splitmix(&mut seed),
            };
            let bits = (splitmix(&mut seed) % 63 + 1) as u32;
            let (ra, rb) = (r(&from_limbs(&a)), r(&from_limbs(&b)));
            let rmod = nb::BigUint::one() << (64 * n);
            for &level in &levels {
                let ctx = format!("level {level:?}, n {n}, shape {shape}");
                let back = |v: &[u64], carry: u64| {
                    r(&from_limbs(v)) + (nb::BigUint::from(carry) << (64 * n))
                };
                let mut out = vec![0; n];
                let c = kernels::add_n_at(level, &mut out, &a, &b).unwrap();
                assert_eq!(back(&out, c), &ra + &rb, "add_n {ctx}");
                let mut acc = a.clone();
                let c = kernels::add_n_assign_at(level, &mut acc, &b).unwrap();
                assert_eq!(back(&acc, c), &ra + &rb, "add_n_assign {ctx}");
                let c = kernels::sub_n_at(level, &mut out, &a, &b).unwrap();
                let want = (&ra + &rmod - &rb) % &rmod;
                assert_eq!(r(&from_limbs(&out)), want, "sub_n {ctx}");
                assert_eq!(c == 1, ra < rb, "sub_n borrow {ctx}");
                let mut acc = a.clone();
                kernels::sub_n_assign_at(level, &mut acc, &b).unwrap();
                assert_eq!(r(&from_limbs(&acc)), want, "sub_n_assign {ctx}");
                let mut acc = b.clone();
                kernels::sub_n_rev_assign_at(level, &mut acc, &a).unwrap();
                assert_eq!(r(&from_limbs(&acc)), want, "sub_n_rev_assign {ctx}");
                let c = kernels::mul_1_at(level, &mut out, &a, m).unwrap();
                assert_eq!(back(&out, c), &ra * m, "mul_1 {ctx}");
                let mut acc = a.clone();
                let c = kernels::mul_1_assign_at(level, &mut acc, m).unwrap();
                assert_eq!(back(&acc, c), &ra * m, "mul_1_assign {ctx}");
                let mut acc = b.clone();
                let c = kernels::addmul_1_at(level, &mut acc, &a, m).unwrap();
                assert_eq!(back(&acc, c), &rb + &ra * m, "addmul_1 {ctx}");
                let mut acc = b.clone();
                let c = kernels::submul_1_at(level, &mut acc, &a, m).unwrap();
                let want = &rb + (nb::BigUint::from(c) << (64 * n)) - &ra * m;
                assert_eq!(r(&from_limbs(&acc)), want, "submul_1 {ctx}");
                let c = kernels::shl_at(level, &mut out, &a, bits).unwrap();
                assert_eq!(back(&out, c), &ra << bits, "shl {ctx}");
                let mut acc = a.clone();
                let c = kernels::shl_assign_at(level, &mut acc, bits).unwrap();
                assert_eq!(back(&acc, c), &ra << bits, "shl_assign {ctx}");
                let c = kernels::shr_at(level, &mut out, &a, bits).unwrap();
                assert_eq!(r(&from_limbs(&out)), &ra >> bits, "shr {ctx}");
                assert_eq!(c, a[0] << (64 - bits), "shr out {ctx}");
                let mut acc = a.clone();
                kernels::shr_assign_at(level, &mut acc, bits).unwrap();
                assert_eq!(r(&from_limbs(&acc)), &ra >> bits, "shr_assign {ctx}");
                for k in [1, n / 2 + 1, n] {
                    let mut prod = vec![0; n + k];
                    kernels::mul_basecase_at(level, &mut prod, &a, &b[..k]).unwrap();
                    assert_eq!(
                        r(&from_limbs(&prod)),
                        &ra * r(&from_limbs(&b[..k])),
                        "mul_basecase {ctx} {k}"
                    );
                }
                let mut sq = vec![0; 2 * n];
                kernels::sqr_basecase_at(level, &mut sq, &a).unwrap();
                assert_eq!(r(&from_limbs(&sq)), &ra * &ra, "sqr_basecase {ctx}");
            }
        }
    }
}

#[test]
fn num_traits_style_parsing_matches() {
    // `Num::from_str_radix` on num-bigint; ours is inherent with the same name.
    for (s, radix) in [("ff", 16), ("-101", 2), ("zz", 36), ("+7", 8), ("1_0", 10)] {
        let ours = BigInt::from_str_radix(s, radix).map(|x| x.to_string()).ok();
        let theirs = <nb::BigInt as Num>::from_str_radix(s, radix).map(|x| x.to_string()).ok();
        assert_eq!(ours, theirs, "{s}");
    }
}
