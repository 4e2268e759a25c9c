//! Unit tests of the public types against num-bigint (the oracle) and, for floats, against
//! Rust's correctly rounded decimal parser.

extern crate std;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use num_bigint as nb;

use super::storage::LimbVec;
use super::{BigInt, BigUint, Sign};
use crate::bigint::mpn::test_util::Rng;

// --- helpers -------------------------------------------------------------------------------

/// This suite's operand shapes.
trait Operands {
    fn limbs(&mut self, n: usize) -> Vec<u64>;
}

impl Operands for Rng {
    fn limbs(&mut self, n: usize) -> Vec<u64> {
        (0..n).map(|_| self.next()).collect()
    }
}

fn nu(x: &BigUint) -> nb::BigUint {
    nb::BigUint::from_slice(&x.to_u32_digits())
}

fn ni(x: &BigInt) -> nb::BigInt {
    let (s, d) = x.to_u32_digits();
    let s = match s {
        Sign::Minus => nb::Sign::Minus,
        Sign::NoSign => nb::Sign::NoSign,
        Sign::Plus => nb::Sign::Plus,
    };
    nb::BigInt::from_slice(s, &d)
}

fn from_nu(x: &nb::BigUint) -> BigUint {
    BigUint::from_slice(&x.to_u32_digits())
}

fn from_ni(x: &nb::BigInt) -> BigInt {
    let (s, d) = x.to_u32_digits();
    let s = match s {
        nb::Sign::Minus => Sign::Minus,
        nb::Sign::NoSign => Sign::NoSign,
        nb::Sign::Plus => Sign::Plus,
    };
    BigInt::from_slice(s, &d)
}

fn ul(limbs: &[u64]) -> BigUint {
    BigUint::from_limbs(limbs.to_vec())
}

/// Magnitudes at the inline boundary (1, 2, 3 limbs), with carries, powers of two, and
/// random operands on both sides of the multiplication and division thresholds.
fn unsigned_values() -> Vec<BigUint> {
    const M: u64 = u64::MAX;
    let mut rng = Rng(42);
    let mut v: Vec<BigUint> = [
        &[][..],
        &[1],
        &[2],
        &[3],
        &[M],
        &[0, 1],
        &[1, 1],
        &[M, M],
        &[0, 0, 1],
        &[M, M, M],
        &[1, 0, 0, 1 << 63],
        &[M; 5],
    ]
    .iter()
    .map(|l| ul(l))
    .collect();
    for n in [1, 2, 3, 4, 7, 25, 40] {
        v.push(ul(&rng.limbs(n)));
    }
    v.push(BigUint::from(1u32) << 200u32);
    v.push((BigUint::from(1u32) << 130u32) - 1u32);
    v
}

fn signed_values() -> Vec<BigInt> {
    let mut v = Vec::new();
    for m in unsigned_values() {
        v.push(BigInt::from(m.clone()));
        if !m.is_zero() {
            v.push(-BigInt::from(m));
        }
    }
    v
}

/// Checks every owned/borrowed form and both assign forms of a binary operator.
macro_rules! check_forms {
    ($a:expr, $b:expr, $op:tt, $op_assign:tt, $expect:expr) => {{
        let (a, b, e) = ($a, $b, &$expect);
        let op = stringify!($op);
        assert_eq!(&(a.clone() $op b.clone()), e, "{:?} {} {:?} (owned, owned)", a, op, b);
        assert_eq!(&(a.clone() $op b), e, "{:?} {} {:?} (owned, ref)", a, op, b);
        assert_eq!(&(a $op b.clone()), e, "{:?} {} {:?} (ref, owned)", a, op, b);
        assert_eq!(&(a $op b), e, "{:?} {} {:?} (ref, ref)", a, op, b);
        let mut x = a.clone();
        x $op_assign b.clone();
        assert_eq!(&x, e, "{:?} {}= {:?} (assign owned)", a, op, b);
        let mut x = a.clone();
        x $op_assign b;
        assert_eq!(&x, e, "{:?} {}= {:?} (assign ref)", a, op, b);
    }};
}

fn catch<R>(f: impl FnOnce() -> R + std::panic::UnwindSafe) -> Result<R, String> {
    std::panic::catch_unwind(f).map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

// --- storage and allocation ----------------------------------------------------------------

mod counting {
    use core::cell::Cell;
    use std::alloc::{GlobalAlloc, Layout, System};

    std::thread_local! {
        static ALLOCS: Cell<usize> = const { Cell::new(0) };
    }

    /// Counts the allocations of the current thread.
    pub(super) struct Counting;

    // SAFETY: every method forwards to `System` with the caller's arguments unchanged; the
    // counter is a const-initialised thread-local `Cell` that never allocates.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            ALLOCS.with(|c| c.set(c.get() + 1));
            // SAFETY: the caller's contract for `alloc` is passed on unchanged.
            unsafe { System.alloc(layout) }
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            // SAFETY: `ptr` came from `System.alloc` with this layout.
            unsafe { System.dealloc(ptr, layout) }
        }

        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            ALLOCS.with(|c| c.set(c.get() + 1));
            // SAFETY: the caller's contract for `realloc` is passed on unchanged.
            unsafe { System.realloc(ptr, layout, new_size) }
        }
    }

    /// Allocations made by `f` on this thread.
    pub(super) fn count<R>(f: impl FnOnce() -> R) -> (usize, R) {
        let before = ALLOCS.with(Cell::get);
        let r = f();
        (ALLOCS.with(Cell::get) - before, r)
    }
}

#[global_allocator]
static COUNTING: counting::Counting = counting::Counting;

#[test]
fn small_values_never_allocate() {
    let (n, x) = counting::count(|| BigUint::from(5u64) + 7u64);
    assert_eq!((n, x), (0, BigUint::from(12u32)));
    let (n, _) = counting::count(|| {
        let a = BigUint::from(u64::MAX);
        let b = BigUint::from(u64::MAX);
        let s = &a + &b; // two limbs
        let p = &a * &b; // two limbs
        let q = &p / &a;
        let q2 = &p / &(&a + 2u32);
        let r2 = &(&p + 3u32) % &s;
        let r = &p % 7u32;
        let d = &s - &a;
        let t = (s << 3u32) >> 2u32;
        (q, q2, r2, r, d, t, a.to_f64(), a.cmp(&b), a.count_ones())
    });
    assert_eq!(n, 0);
    let (n, x) = counting::count(|| BigInt::from(-5) + 7 - BigInt::from(u64::MAX) * -1i8);
    assert_eq!(n, 0);
    assert_eq!(x, BigInt::from(u64::MAX) + 2u8);
    let (n, _) = counting::count(|| BigInt::from(-6) & BigInt::from(13) | BigInt::from(-1));
    assert_eq!(n, 0);
}

#[test]
fn inline_boundary() {
    // 1, 2 and 3 limbs: crossing into the heap and back keeps values right.
    let one_limb = BigUint::from(u64::MAX);
    let two = &one_limb + 1u32;
    assert_eq!(two.limbs(), &[0, 1]);
    assert!(matches!(two.data, LimbVec::Inline { .. }));
    let three = BigUint::from(u128::MAX) + 1u32;
    assert_eq!(three.limbs(), &[0, 0, 1]);
    assert!(matches!(three.data, LimbVec::Heap(_)));
    let back = &three - 1u32;
    assert_eq!(back, BigUint::from(u128::MAX));
    assert!(matches!(back.clone().data, LimbVec::Inline { .. }));
    assert_eq!(three.clone() - BigUint::from(u128::MAX), BigUint::from(1u32));
}

#[test]
fn owned_operands_reuse_the_buffer() {
    let mut rng = Rng(7);
    let mut limbs = rng.limbs(20);
    limbs[19] = 1; // no carry out of the top
    let a = ul(&limbs);
    let mut x = a.clone();
    x.data.reserve_total(40);
    let p = x.limbs().as_ptr();
    x += &BigUint::from(12345u32);
    x *= 3u32;
    x -= 7u32;
    x <<= 64u32;
    x >>= 3u32;
    x %= &a;
    assert_eq!(x.limbs().as_ptr(), p);
    let expect = ((nu(&a) + 12345u32) * 3u32 - 7u32) << 64u32 >> 3u32;
    assert_eq!(nu(&x), expect % nu(&a));
}

// --- arithmetic ----------------------------------------------------------------------------

#[test]
fn biguint_operators_match_num_bigint() {
    let vals = unsigned_values();
    for a in &vals {
        for b in &vals {
            let (na, nbv) = (nu(a), nu(b));
            check_forms!(a, b, +, +=, from_nu(&(&na + &nbv)));
            check_forms!(a, b, *, *=, from_nu(&(&na * &nbv)));
            check_forms!(a, b, &, &=, from_nu(&(&na & &nbv)));
            check_forms!(a, b, |, |=, from_nu(&(&na | &nbv)));
            check_forms!(a, b, ^, ^=, from_nu(&(&na ^ &nbv)));
            if a >= b {
                check_forms!(a, b, -, -=, from_nu(&(&na - &nbv)));
                assert_eq!(a.checked_sub(b), Some(from_nu(&(&na - &nbv))));
            } else {
                assert_eq!(a.checked_sub(b), None);
                let msg = catch(|| a - b).unwrap_err();
                assert_eq!(msg, "Cannot subtract b from a because b is larger than a.");
            }
            if b.is_zero() {
                assert_eq!(catch(|| a / b).unwrap_err(), "attempt to divide by zero");
                assert_eq!(catch(|| a % b).unwrap_err(), "attempt to divide by zero");
                assert_eq!(a.checked_div(b), None);
            } else {
                check_forms!(a, b, /, /=, from_nu(&(&na / &nbv)));
                check_forms!(a, b, %, %=, from_nu(&(&na % &nbv)));
                assert_eq!(a.div_rem(b), (from_nu(&(&na / &nbv)), from_nu(&(&na % &nbv))));
            }
            assert_eq!(a.cmp(b), na.cmp(&nbv));
            assert_eq!(a == b, na == nbv);
            assert_eq!(a.gcd(b), from_nu(&num_integer::Integer::gcd(&na, &nbv)));
            assert_eq!(a.lcm(b), from_nu(&num_integer::Integer::lcm(&na, &nbv)));
        }
    }
}

#[test]
fn bigint_operators_match_num_bigint() {
    let vals = signed_values();
    for a in &vals {
        for b in &vals {
            let (na, nbv) = (ni(a), ni(b));
            check_forms!(a, b, +, +=, from_ni(&(&na + &nbv)));
            check_forms!(a, b, -, -=, from_ni(&(&na - &nbv)));
            check_forms!(a, b, *, *=, from_ni(&(&na * &nbv)));
            check_forms!(a, b, &, &=, from_ni(&(&na & &nbv)));
            check_forms!(a, b, |, |=, from_ni(&(&na | &nbv)));
            check_forms!(a, b, ^, ^=, from_ni(&(&na ^ &nbv)));
            if !b.is_zero() {
                check_forms!(a, b, /, /=, from_ni(&(&na / &nbv)));
                check_forms!(a, b, %, %=, from_ni(&(&na % &nbv)));
            } else {
                assert_eq!(catch(|| a % b).unwrap_err(), "attempt to divide by zero");
                assert_eq!(a.checked_div(b), None);
            }
            assert_eq!(a.cmp(b), na.cmp(&nbv), "{a} cmp {b}");
            assert_eq!(a.gcd(b), from_ni(&num_integer::Integer::gcd(&na, &nbv)));
            assert_eq!(a.lcm(b), from_ni(&num_integer::Integer::lcm(&na, &nbv)));
        }
        assert_eq!(-a, from_ni(&-ni(a)));
        assert_eq!(-a.clone(), from_ni(&-ni(a)));
        assert_eq!(!a, from_ni(&!ni(a)));
        assert_eq!(!a.clone(), from_ni(&!ni(a)));
        assert_eq!(a.abs(), from_ni(&num_traits::Signed::abs(&ni(a))));
        assert_eq!(a.signum(), from_ni(&num_traits::Signed::signum(&ni(a))));
    }
}

#[test]
fn primitive_operands_match_num_bigint() {
    macro_rules! check_unsigned {
        ($a:expr; $($p:ty),*) => {$(
            for &p in &[0 as $p, 1, 7, <$p>::MAX / 3, <$p>::MAX] {
                let a = $a;
                let na = nu(a);
                assert_eq!(a + p, from_nu(&(&na + p)));
                assert_eq!(p + a, from_nu(&(p + &na)));
                assert_eq!(a.clone() * &p, from_nu(&(&na * p)));
                assert_eq!(&p * a.clone(), from_nu(&(&na * p)));
                if *a >= BigUint::from(p) {
                    assert_eq!(a - p, from_nu(&(&na - p)));
                    let mut x = a.clone();
                    x -= p;
                    assert_eq!(x, from_nu(&(&na - p)));
                } else {
                    assert_eq!(p - a, from_nu(&(p - &na)));
                }
                if p != 0 {
                    assert_eq!(a / p, from_nu(&(&na / p)));
                    assert_eq!(a % p, from_nu(&(&na % p)));
                    let mut x = a.clone();
                    x %= p;
                    assert_eq!(x, from_nu(&(&na % p)));
                }
                if !a.is_zero() {
                    assert_eq!(p / a, from_nu(&(p / &na)));
                    assert_eq!(&p % a.clone(), from_nu(&(p % &na)));
                    let (mut x, mut y) = (p, p);
                    x %= a;
                    y %= &na;
                    assert_eq!(x, y);
                }
            }
        )*};
    }
    macro_rules! check_signed {
        ($a:expr; $($p:ty),*) => {$(
            for &p in &[0 as $p, 1, 7, <$p>::MAX, <$p>::MIN, <$p>::MIN + 1, <$p>::MAX / 3] {
                let a = $a;
                let na = ni(a);
                assert_eq!(a + p, from_ni(&(&na + p)));
                assert_eq!(p - a, from_ni(&(p - &na)));
                assert_eq!(a - p, from_ni(&(&na - p)));
                assert_eq!(a.clone() * p, from_ni(&(&na * p)));
                let mut x = a.clone();
                x += p;
                x *= p;
                assert_eq!(x, from_ni(&((&na + p) * p)));
                if p != 0 {
                    assert_eq!(a / p, from_ni(&(&na / p)));
                    assert_eq!(a % &p, from_ni(&(&na % p)));
                }
                if !a.is_zero() {
                    assert_eq!(p / a, from_ni(&(p / &na)));
                    assert_eq!(p % a, from_ni(&(p % &na)));
                }
            }
        )*};
    }
    for a in &unsigned_values()[..14] {
        check_unsigned!(a; u8, u16, u32, u64, u128, usize);
    }
    for a in &signed_values()[..24] {
        check_unsigned!(&a.magnitude().clone(); u8, u64, u128);
        check_signed!(a; u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
    }
    // `prim %= BigUint` keeps the primitive when the divisor does not fit its type.
    let mut i: i8 = -128;
    i %= BigUint::from(128u32);
    assert_eq!(i, -128);
    let mut u: u8 = 200;
    u %= &BigUint::from(7u32);
    assert_eq!(u, 4);
}

#[test]
fn sum_and_product() {
    let v = [BigInt::from(3), BigInt::from(-5), BigInt::from(u64::MAX)];
    let s: BigInt = v.iter().sum();
    let p: BigInt = v.iter().product();
    assert_eq!(s, BigInt::from(u64::MAX) - 2);
    assert_eq!(p, BigInt::from(u64::MAX) * -15);
    let s: BigUint = [1u32, 2, 3].into_iter().sum();
    assert_eq!(s, BigUint::from(6u32));
    let p: BigUint = vec![BigUint::from(4u32); 3].into_iter().product();
    assert_eq!(p, BigUint::from(64u32));
    let e: BigUint = core::iter::empty::<BigUint>().product();
    assert_eq!(e, BigUint::ONE);
}

// --- shifts and bits -----------------------------------------------------------------------

#[test]
fn shifts_match_num_bigint() {
    for a in &signed_values() {
        let na = ni(a);
        for s in [0u32, 1, 3, 63, 64, 65, 127, 128, 129, 200, 3000] {
            assert_eq!(a << s, from_ni(&(&na << s)), "{a} << {s}");
            assert_eq!(a >> s, from_ni(&(&na >> s)), "{a} >> {s}");
            assert_eq!(a.clone() << s, from_ni(&(&na << s)));
            assert_eq!(a.clone() >> s, from_ni(&(&na >> s)));
            let mut x = a.clone();
            x >>= s as i64;
            assert_eq!(x, from_ni(&(&na >> s)));
            let m = a.magnitude();
            assert_eq!(m >> s, from_nu(&(nu(m) >> s)));
            let s8 = s as u8;
            assert_eq!(core::ops::Shl::shl(m.clone(), &s8), from_nu(&(nu(m) << s8)));
        }
    }
    assert_eq!(BigUint::ZERO << u128::MAX, BigUint::ZERO);
    assert_eq!(BigUint::from(5u32) >> u128::MAX, BigUint::ZERO);
    assert_eq!(BigInt::from(-5) >> u128::MAX, BigInt::from(-1));
    assert_eq!(BigInt::from(-8) >> 3, BigInt::from(-1));
    assert_eq!(BigInt::from(-8) >> 4, BigInt::from(-1));
    assert_eq!(
        catch(|| BigUint::from(1u32) << -1i32).unwrap_err(),
        "attempt to shift left with negative"
    );
    assert_eq!(
        catch(|| BigInt::from(1) >> -1i64).unwrap_err(),
        "attempt to shift right with negative"
    );
}

#[test]
fn bit_queries_match_num_bigint() {
    for a in &signed_values() {
        let na = ni(a);
        assert_eq!(a.bits(), na.bits());
        assert_eq!(a.trailing_zeros(), na.trailing_zeros());
        for bit in [0u64, 1, 2, 3, 63, 64, 65, 128, 500, 5000] {
            assert_eq!(a.bit(bit), na.bit(bit), "{a} bit {bit}");
            for value in [false, true] {
                let mut x = a.clone();
                let mut y = na.clone();
                x.set_bit(bit, value);
                y.set_bit(bit, value);
                assert_eq!(x, from_ni(&y), "{a} set_bit({bit}, {value})");
            }
        }
        let m = a.magnitude();
        let nm = nu(m);
        assert_eq!(m.count_ones(), nm.count_ones());
        assert_eq!(m.trailing_ones(), nm.trailing_ones());
        assert_eq!(m.is_even(), num_integer::Integer::is_even(&nm));
    }
}

// --- powers and roots ----------------------------------------------------------------------

#[test]
fn pow_modpow_modinv_roots_match_num_bigint() {
    let vals = signed_values();
    let moduli: Vec<BigInt> = vals.iter().filter(|m| !m.is_zero()).take(18).cloned().collect();
    for a in vals.iter().take(26) {
        let na = ni(a);
        for e in [0u32, 1, 2, 3, 7] {
            assert_eq!(a.pow(e), from_ni(&na.pow(e)));
        }
        for m in &moduli {
            let nm = ni(m);
            for e in [0u32, 1, 2, 5, 65537] {
                let ex = BigInt::from(e);
                assert_eq!(a.modpow(&ex, m), from_ni(&na.modpow(&ni(&ex), &nm)), "{a}^{e} mod {m}");
            }
            assert_eq!(a.modinv(m), na.modinv(&nm).map(|x| from_ni(&x)), "{a} modinv {m}");
            let (ua, um) = (a.magnitude(), m.magnitude());
            assert_eq!(ua.modinv(um), nu(ua).modinv(&nu(um)).map(|x| from_nu(&x)));
            assert_eq!(
                ua.modpow(um, um),
                from_nu(&nu(ua).modpow(&nu(um), &nu(um))),
                "{ua}^{um} mod {um}"
            );
        }
        if !a.is_negative() {
            assert_eq!(a.sqrt(), from_ni(&na.sqrt()));
        } else {
            assert_eq!(catch(|| a.sqrt()).unwrap_err(), "square root is imaginary");
        }
        assert_eq!(a.cbrt(), from_ni(&na.cbrt()));
        assert_eq!(a.nth_root(5), from_ni(&na.nth_root(5)));
    }
    for (a, m) in [(-1, 1), (0, 1), (1, -1), (-1, -1), (0, -1), (2, -1), (7, 1)] {
        let (x, y) = (BigInt::from(a), BigInt::from(m));
        assert_eq!(x.modinv(&y), ni(&x).modinv(&ni(&y)).map(|v| from_ni(&v)), "{a} modinv {m}");
    }
    let zero = BigUint::ZERO;
    assert_eq!(
        catch(|| BigUint::from(3u32).modpow(&zero, &zero)).unwrap_err(),
        "attempt to calculate with zero modulus!"
    );
    assert_eq!(
        catch(|| BigInt::from(3).modpow(&BigInt::from(-1), &BigInt::from(5))).unwrap_err(),
        "negative exponentiation is not supported!"
    );
    assert_eq!(
        catch(|| BigInt::from(-4).nth_root(2)).unwrap_err(),
        "root of degree 2 is imaginary"
    );
}

// --- conversions ---------------------------------------------------------------------------

#[test]
fn to_f64_rounds_once_to_nearest_even() {
    let one = BigUint::from(1u32);
    let mut cases: Vec<BigUint> = vec![
        BigUint::from(u64::MAX),
        BigUint::from(u128::MAX),
        (one.clone() << 1024u32) - 1u32,
        (one.clone() << 1024u32) - (one.clone() << 970u32),
        (one.clone() << 1024u32) - (one.clone() << 970u32) - 1u32,
        (one.clone() << 1023u32),
        (one.clone() << 128u32) - (one.clone() << 103u32),
        (one.clone() << 128u32) - (one.clone() << 103u32) - 1u32,
    ];
    for k in [0u32, 1, 11, 12, 64, 100, 500, 960, 970] {
        for m in [(1u64 << 53) + 1, (1 << 53) + 3, (1 << 54) + 2, (1 << 54) + 6, u64::MAX] {
            let base = BigUint::from(m) << k;
            cases.push(base.clone());
            cases.push(&base + 1u32);
            cases.push(&base - 1u32);
        }
    }
    let mut rng = Rng(99);
    for n in 2..20 {
        let mut x = ul(&rng.limbs(n));
        // Some halfway patterns: clear everything under the 54th bit, then set it.
        if n % 2 == 0 {
            let b = x.bits();
            x = (x >> (b - 54)) | one.clone();
            x <<= b - 54;
        }
        cases.push(x);
    }
    for x in &cases {
        let s = x.to_string();
        let want64 = s.parse::<f64>().unwrap();
        let want32 = s.parse::<f32>().unwrap();
        let got = x.to_f64().unwrap();
        assert_eq!(got.to_bits(), want64.to_bits(), "{x}");
        assert_eq!(x.to_f32().unwrap().to_bits(), want32.to_bits(), "{x}");
        assert_eq!(Some(got), num_traits::ToPrimitive::to_f64(&nu(x)));
        let neg = -BigInt::from(x.clone());
        assert_eq!(neg.to_f64(), Some(-want64));
        assert_eq!(neg.to_f32(), Some(-want32));
    }
}

/// Checks `x`, `-x` and the magnitude against std's correctly rounded decimal parser.
fn check_float(x: &BigUint) {
    let s = x.to_string();
    let (want64, want32) = (s.parse::<f64>().unwrap(), s.parse::<f32>().unwrap());
    assert_eq!(x.to_f64().unwrap().to_bits(), want64.to_bits(), "f64 {x}");
    assert_eq!(x.to_f32().unwrap().to_bits(), want32.to_bits(), "f32 {x}");
    if *x == BigUint::ZERO {
        return; // zero has no sign: 0.0 either way
    }
    let neg = -BigInt::from(x.clone());
    assert_eq!(neg.to_f64().unwrap().to_bits(), (-want64).to_bits(), "f64 -{x}");
    assert_eq!(neg.to_f32().unwrap().to_bits(), (-want32).to_bits(), "f32 -{x}");
}

#[test]
fn to_float_ties_carries_and_limits() {
    let one = BigUint::from(1u32);
    // `head` is the significand followed by the rounding bit (54 bits for f64, 25 for f32),
    // placed at every bit length that moves it across the limb boundaries; `tail` is a one
    // bit below the rounding bit (none, just below, in the middle, the lowest bit), which
    // turns an exact tie into a round-up.
    let f64_lens: Vec<u64> = (54..=200).chain(950..=1030).collect();
    for (head_bits, lens) in [(54u64, f64_lens), (25, (25..=140).collect())] {
        let heads = [
            (1u64 << (head_bits - 1)) | 1, // even significand, tie
            (1 << (head_bits - 1)) | 3,    // odd significand, tie: rounds up
            (1 << head_bits) - 1,          // all ones: the carry reaches the exponent
            (1 << (head_bits - 1)) | 2,    // rounding bit clear
        ];
        for len in lens {
            let shift = len - head_bits;
            for head in heads {
                let base = BigUint::from(head) << shift;
                check_float(&base);
                for t in [shift.saturating_sub(1), shift / 2, 0] {
                    if t < shift {
                        check_float(&(&base | (one.clone() << t)));
                    }
                }
                check_float(&(&base - 1u32));
            }
        }
    }
    // The limits: f64::MAX's rounding boundary is 2^1024 - 2^970 (a tie with an odd
    // significand, so it rounds up to infinity), f32::MAX's 2^128 - 2^103.
    for (top, ulp_half) in [(1024u32, 970u32), (128, 103)] {
        let p = one.clone() << top;
        let h = one.clone() << ulp_half;
        for x in [&p - &h - 1u32, &p - &h, &p - &h + 1u32, &p - 1u32, p.clone(), &p + 1u32] {
            check_float(&x);
        }
    }
    assert_eq!(((one.clone() << 1024u32) - (one.clone() << 970u32)).to_f64(), Some(f64::INFINITY));
    assert_eq!(
        ((one.clone() << 1024u32) - (one.clone() << 970u32) - 1u32).to_f64(),
        Some(f64::MAX)
    );
    assert_eq!(((one.clone() << 128u32) - (one.clone() << 103u32)).to_f32(), Some(f32::INFINITY));
    assert_eq!((-BigInt::from(one << 2000u32)).to_f64(), Some(f64::NEG_INFINITY));
    // Small values: one and two limbs, both signs.
    for v in [0u128, 1, 2, (1 << 53) + 1, (1 << 64) - 1, 1 << 64, (1 << 64) + 1, u128::MAX] {
        check_float(&BigUint::from(v));
    }
}

#[test]
fn from_f64_truncates_like_num_bigint() {
    let mut rng = Rng(5);
    let mut floats = vec![
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.9,
        -1.9,
        -1e300,
        1e300,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        5e-324,
        f64::MAX,
        f64::MIN,
        4503599627370497.5,
        9007199254740993.0,
    ];
    for _ in 0..2000 {
        floats.push(f64::from_bits(rng.next()));
    }
    for &f in &floats {
        let u = BigUint::from_f64(f);
        let i = BigInt::from_f64(f);
        assert_eq!(u, num_traits::FromPrimitive::from_f64(f).map(|x: nb::BigUint| from_nu(&x)));
        assert_eq!(i, num_traits::FromPrimitive::from_f64(f).map(|x: nb::BigInt| from_ni(&x)));
        let g = f as f32;
        assert_eq!(
            BigInt::from_f32(g),
            num_traits::FromPrimitive::from_f32(g).map(|x: nb::BigInt| from_ni(&x))
        );
    }
}

#[test]
fn primitive_conversions() {
    for a in &signed_values() {
        let na = ni(a);
        use num_traits::ToPrimitive;
        assert_eq!(a.to_u8(), na.to_u8());
        assert_eq!(a.to_i16(), na.to_i16());
        assert_eq!(a.to_u64(), na.to_u64());
        assert_eq!(a.to_i64(), na.to_i64());
        assert_eq!(a.to_u128(), na.to_u128());
        assert_eq!(a.to_i128(), na.to_i128());
        assert_eq!(a.to_isize(), na.to_isize());
        assert_eq!(i64::try_from(a).ok(), i64::try_from(&na).ok());
        assert_eq!(u128::try_from(a.clone()).ok(), u128::try_from(na.clone()).ok());
        assert_eq!(BigUint::try_from(a).ok(), na.to_biguint().map(|x| from_nu(&x)));
        let m = a.magnitude();
        assert_eq!(m.to_u64(), nu(m).to_u64());
        assert_eq!(m.to_i128(), nu(m).to_i128());
    }
    for x in [i128::MIN, i128::MIN + 1, -1, 0, 1, i128::MAX] {
        assert_eq!(BigInt::from(x).to_i128(), Some(x));
        assert_eq!(BigInt::from(x).to_string(), x.to_string());
    }
    let err = u8::try_from(BigUint::from(300u32)).unwrap_err();
    assert_eq!(err.to_string(), "out of range conversion regarding big integer attempted");
    assert_eq!(err.into_original(), BigUint::from(300u32));
    assert!(BigUint::try_from(-1i8).is_err());
    assert_eq!(BigUint::try_from(BigInt::from(-1)).unwrap_err().into_original(), BigInt::from(-1));
    assert_eq!(BigInt::from(true), BigInt::ONE);
    assert_eq!(BigUint::from(false), BigUint::ZERO);
    assert_eq!(BigInt::new_const(-7), BigInt::from(-7));
    assert_eq!(BigInt::from_biguint(Sign::NoSign, BigUint::from(5u32)), BigInt::ZERO);
}

#[test]
fn bytes_and_digits_match_num_bigint() {
    for a in &signed_values() {
        let na = ni(a);
        let m = a.magnitude();
        let nm = nu(m);
        assert_eq!(m.to_bytes_be(), nm.to_bytes_be());
        assert_eq!(m.to_bytes_le(), nm.to_bytes_le());
        assert_eq!(m.to_u64_digits(), nm.to_u64_digits());
        assert_eq!(
            m.iter_u32_digits().rev().collect::<Vec<_>>(),
            nm.iter_u32_digits().rev().collect::<Vec<_>>()
        );
        assert_eq!(m.iter_u32_digits().len(), nm.iter_u32_digits().len());
        assert_eq!(a.to_signed_bytes_be(), na.to_signed_bytes_be(), "{a}");
        assert_eq!(a.to_signed_bytes_le(), na.to_signed_bytes_le(), "{a}");
        assert_eq!(BigInt::from_signed_bytes_be(&a.to_signed_bytes_be()), *a);
        assert_eq!(BigInt::from_signed_bytes_le(&na.to_signed_bytes_le()), *a);
        assert_eq!(BigUint::from_bytes_be(&m.to_bytes_be()), *m);
        assert_eq!(BigUint::from_bytes_le(&nm.to_bytes_le()), *m);
        for radix in [2u32, 3, 10, 16, 36, 100, 255, 256] {
            assert_eq!(m.to_radix_be(radix), nm.to_radix_be(radix));
            assert_eq!(m.to_radix_le(radix), nm.to_radix_le(radix));
            let digits = nm.to_radix_le(radix);
            assert_eq!(BigUint::from_radix_le(&digits, radix).as_ref(), Some(m));
            if radix <= 36 {
                assert_eq!(a.to_str_radix(radix), na.to_str_radix(radix));
            }
        }
        let mut v = m.clone();
        v.assign_from_slice(&[1, 2, 3]);
        assert_eq!(v, BigUint::new(vec![1, 2, 3]));
    }
    assert_eq!(BigInt::from_signed_bytes_be(&[]), BigInt::ZERO);
    assert_eq!(BigUint::from_radix_be(&[], 10), Some(BigUint::ZERO));
    assert_eq!(BigUint::from_radix_be(&[1, 10], 10), None);
    assert_eq!(BigUint::from(0u32).to_bytes_be(), vec![0]);
    assert_eq!(BigInt::ZERO.to_radix_le(10), (Sign::NoSign, vec![0]));
}

// --- text ----------------------------------------------------------------------------------

#[test]
fn parsing_matches_num_bigint() {
    use num_traits::Num;
    let inputs = [
        "",
        "+",
        "-",
        "_",
        "_1",
        "1_",
        "1__2",
        "+_1",
        "-_1",
        "+1",
        "-1",
        "-0",
        "+-1",
        "--1",
        "-+1",
        " 1",
        "1 ",
        "0x10",
        "1_000",
        "é",
        "00012",
        "+0",
        "1+",
        "-_",
        "+_",
        "-+",
        "Z",
        "zz",
        "123456789012345678901234567890123456789012345678901234567890",
        "ffff_ffff_ffff_ffff_f",
        "1e5",
        "٣",
    ];
    for s in inputs {
        for radix in [2u32, 10, 16, 36] {
            let (a, b) = (BigUint::from_str_radix(s, radix), nb::BigUint::from_str_radix(s, radix));
            match (&a, &b) {
                (Ok(x), Ok(y)) => assert_eq!(*x, from_nu(y)),
                (Err(x), Err(y)) => assert_eq!(x.to_string(), y.to_string(), "{s:?}"),
                _ => panic!("{s:?} radix {radix}: {a:?} vs {b:?}"),
            }
            let (a, b) = (BigInt::from_str_radix(s, radix), nb::BigInt::from_str_radix(s, radix));
            match (&a, &b) {
                (Ok(x), Ok(y)) => assert_eq!(*x, from_ni(y)),
                (Err(x), Err(y)) => assert_eq!(x.to_string(), y.to_string(), "{s:?}"),
                _ => panic!("{s:?} radix {radix}: {a:?} vs {b:?}"),
            }
            assert_eq!(
                BigInt::parse_bytes(s.as_bytes(), radix),
                nb::BigInt::parse_bytes(s.as_bytes(), radix).map(|y| from_ni(&y))
            );
        }
        assert_eq!(s.parse::<BigInt>().ok(), s.parse::<nb::BigInt>().ok().map(|y| from_ni(&y)));
    }
    let e = BigUint::from_str_radix("1_2x", 10).unwrap_err();
    assert_eq!((e.is_invalid_digit(), e.position()), (true, Some(3)));
    let e = BigInt::from_str_radix("-12_3_4_5_z", 10).unwrap_err();
    assert_eq!(e.position(), Some(10));
    let e = BigInt::from_str_radix("-_1", 10).unwrap_err();
    assert_eq!(e.position(), Some(1));
    let e = BigInt::from_str_radix("-", 10).unwrap_err();
    assert!(e.is_empty() && e.position().is_none());
    assert_eq!(e.to_string(), "cannot parse integer from empty string");
    assert_eq!(BigUint::parse_utf8(b"\xff", 10).unwrap_err().position(), Some(0));
    // num-bigint panics on a radix out of range; we return an error.
    let e = BigUint::from_str_radix("1", 37).unwrap_err();
    assert!(e.is_invalid_radix() && e.position().is_none());
    assert_eq!(BigInt::parse_bytes(b"1", 1), None);
    assert_eq!(BigUint::from_radix_be(&[1], 257), None);
}

#[test]
fn formatting_matches_num_bigint() {
    for a in &signed_values() {
        let na = ni(a);
        macro_rules! same {
            ($($f:literal),*) => {$(
                assert_eq!(format!($f, a), format!($f, na), "{}", $f);
                assert_eq!(format!($f, a.magnitude()), format!($f, nu(a.magnitude())), "{}", $f);
            )*};
        }
        same!(
            "{}",
            "{:?}",
            "{:x}",
            "{:X}",
            "{:b}",
            "{:o}",
            "{:#x}",
            "{:#X}",
            "{:#b}",
            "{:#o}",
            "{:+}",
            "{:>50}",
            "{:<50}|",
            "{:^50}",
            "{:050}",
            "{:+#060x}",
            "{:*^9}"
        );
        let mut out = b"x".to_vec();
        a.write_utf8(&mut out);
        assert_eq!(out, format!("x{a}").into_bytes());
        assert_eq!(a.to_string().parse::<BigInt>().as_ref(), Ok(a));
    }
}

#[test]
fn large_operands_match_num_bigint() {
    // Sizes across the multiplication and division ladders.
    let mut rng = Rng(2024);
    for (n, m) in [(30, 29), (61, 60), (100, 61), (300, 97), (700, 310), (2600, 2500)] {
        let a = ul(&rng.limbs(n));
        let b = ul(&rng.limbs(m));
        let (na, nbv) = (nu(&a), nu(&b));
        assert_eq!(nu(&(&a * &b)), &na * &nbv);
        assert_eq!(nu(&(&a * &a)), &na * &na);
        let p = &a * &b + 12345u32;
        assert_eq!(&p / &b, a);
        assert_eq!(&p % &b, BigUint::from(12345u32));
        assert_eq!(nu(&(&a / &b)), &na / &nbv);
        assert_eq!(nu(&(&a % &b)), &na % &nbv);
        assert_eq!(a.to_string(), na.to_string());
        assert_eq!(a.to_string().parse::<BigUint>().as_ref(), Ok(&a));
        assert_eq!(nu(&a.sqrt()), na.sqrt());
    }
}

#[test]
fn hash_agrees_with_eq() {
    use core::hash::BuildHasher;
    // Equal values, one in a shrunk heap buffer, one inline.
    let shrunk = (BigUint::from(77u32) << 640u32) >> 640u32;
    let inline = BigUint::from(77u32);
    assert_eq!(shrunk, inline);
    let state = std::collections::hash_map::RandomState::new();
    assert_eq!(state.hash_one(&shrunk), state.hash_one(&inline));
    let neg = -BigInt::from(shrunk);
    assert_eq!(neg, BigInt::from(-77));
    let mut set = std::collections::HashSet::new();
    set.insert(neg);
    assert!(set.contains(&BigInt::from(-77)));
}
