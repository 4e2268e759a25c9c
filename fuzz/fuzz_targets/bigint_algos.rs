//! Every big-number algorithm of core-num against num-bigint and against identities.
//!
//! Under `cargo fuzz` core-num is built with `--cfg fuzzing`, which lowers its algorithm
//! cut-overs (see core-num's `src/bigint/mpn/thresholds.rs`) so that operands of a few hundred
//! limbs go through Karatsuba, Toom-3, Toom-4, the NTT, Burnikel–Ziegler, Newton division,
//! divide-and-conquer radix conversion and two-product Montgomery reduction; the operands
//! here reach 1,200 limbs, so each cut-over is crossed from both sides, and num-bigint answers
//! quickly enough for many executions a second.
//!
//! Each input is a sequence of operations; each compares core-num with num-bigint, or checks
//! an identity num-bigint cannot answer fast (`q * b + r == a`, `(a * b) / b == a`,
//! `s^2 <= a < (s + 1)^2`).
#![no_main]

#[path = "common/bigint_input.rs"]
mod input;

use core_num::{BigInt, BigUint, Sign};
use input::Input;
use libfuzzer_sys::fuzz_target;
use num_bigint as nb;
use num_integer::Integer;

/// Largest operand, in limbs: four times the lowered NTT cut-over and past twice the lowered
/// Newton one in a dividend.
const MAX_LIMBS: usize = 1200;

fn r(x: &BigUint) -> nb::BigUint {
    nb::BigUint::new(x.to_u32_digits())
}

fn ri(x: &BigInt) -> nb::BigInt {
    let (sign, digits) = x.to_u32_digits();
    let sign = match sign {
        Sign::Minus => nb::Sign::Minus,
        Sign::NoSign => nb::Sign::NoSign,
        Sign::Plus => nb::Sign::Plus,
    };
    nb::BigInt::new(sign, digits)
}

/// `len` digits of `radix` from a splitmix64 stream seeded by `seed`, the first non-zero.
fn digits(radix: u32, len: usize, mut seed: u64) -> Vec<u8> {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut next = || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    (0..len)
        .map(|i| {
            let d = next() % u64::from(radix);
            let d = if i == 0 { d.max(1) } else { d };
            DIGITS[d as usize]
        })
        .collect()
}

fn one_op(input: &mut Input) {
    let op = input.byte();
    match op % 10 {
        0 => {
            // Products of every shape (balanced, unbalanced, with carries), checked both ways.
            let (a, b) = (input.int(MAX_LIMBS), input.int(MAX_LIMBS));
            let p = &a * &b;
            assert_eq!(ri(&p), ri(&a) * ri(&b));
            if !b.is_zero() {
                assert_eq!(&p / &b, a);
                assert!((&p % &b).is_zero());
            }
        }
        1 => {
            let a = input.uint(MAX_LIMBS);
            let s = &a * &a;
            assert_eq!(r(&s), r(&a) * r(&a));
            assert_eq!(a.pow(2), s);
        }
        2 => {
            // Division: dividend up to twice the divisor's length and more, so the quotient
            // and divisor both pass the Newton cut-over in some runs.
            let (a, b) = (input.int(MAX_LIMBS), input.int(MAX_LIMBS / 2));
            if b.is_zero() {
                return;
            }
            let (q, rem) = a.div_rem(&b);
            let (rq, rr) = ri(&a).div_rem(&ri(&b));
            assert_eq!(ri(&q), rq);
            assert_eq!(ri(&rem), rr);
            assert_eq!(&q * &b + &rem, a);
            assert!(rem.magnitude() < b.magnitude());
            assert_eq!(&a / &b, q);
            assert_eq!(&a % &b, rem);
        }
        3 => {
            // Formatting (single-limb division below the cut-over, divide and conquer above)
            // and parsing the result back.
            let a = input.int(MAX_LIMBS / 2);
            let radix = u32::from(input.byte()) % 35 + 2;
            let s = a.to_str_radix(radix);
            assert_eq!(s, ri(&a).to_str_radix(radix));
            assert_eq!(BigInt::from_str_radix(&s, radix).as_ref(), Ok(&a));
            if radix == 10 {
                assert_eq!(a.to_string(), s);
            }
        }
        4 => {
            // Parsing generated digits, chunk by chunk and by divide and conquer.
            let radix = u32::from(input.byte()) % 35 + 2;
            let len = usize::from(input.u16()) % 12_000 + 1;
            let text = digits(radix, len, input.u64());
            let ours = BigUint::parse_bytes(&text, radix).expect("valid digits");
            let theirs = nb::BigUint::parse_bytes(&text, radix).expect("valid digits");
            assert_eq!(r(&ours), theirs);
        }
        5 => {
            // Montgomery exponentiation: moduli on both sides of the two-product REDC cut-over
            // (even ones go through the CRT split).
            let (base, exp) = (input.uint(80), input.uint(3));
            let modulus = input.uint(80);
            if modulus.is_zero() {
                return;
            }
            assert_eq!(r(&base.modpow(&exp, &modulus)), r(&base).modpow(&r(&exp), &r(&modulus)));
        }
        6 => {
            // gcd with a common factor, and lcm (an exact division).
            let (a, b, c) = (input.uint(MAX_LIMBS / 3), input.uint(MAX_LIMBS / 3), input.uint(200));
            let (a, b) = (&a * &c, &b * &c);
            assert_eq!(r(&a.gcd(&b)), r(&a).gcd(&r(&b)));
            assert_eq!(r(&a.lcm(&b)), r(&a).lcm(&r(&b)));
        }
        7 => {
            // Square root by identity: s^2 <= a < (s + 1)^2.
            let a = input.uint(MAX_LIMBS);
            let s = a.sqrt();
            assert!(&s * &s <= a);
            let t = &s + 1u32;
            assert!(&t * &t > a);
        }
        8 => {
            let a = input.uint(MAX_LIMBS / 4);
            let k = u32::from(input.byte() % 16) + 2;
            assert_eq!(r(&a.nth_root(k)), r(&a).nth_root(k));
        }
        _ => {
            // A power then a division by the base: exact, so the quotient is the lower power.
            let a = input.uint(60);
            let e = u32::from(input.byte() % 24) + 1;
            if a.is_zero() {
                return;
            }
            let p = a.pow(e);
            assert_eq!(r(&p), r(&a).pow(e));
            assert_eq!(&p / &a, a.pow(e - 1));
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    for _ in 0..4 {
        if input.is_empty() {
            break;
        }
        one_op(&mut input);
    }
});
