//! Arithmetic identities of `BigInt` / `BigUint` on operands of up to 2,600 limbs, checked on
//! our side alone (no oracle): `(a*b)/b == a`, `a == q*b + r` with `|r| < |b|` and `r` taking
//! `a`'s sign, `(a+b)-b == a`, distributivity, shifts as multiplication and floor division by
//! powers of two, squares, and the integer square root's bracket.
#![no_main]

#[path = "common/bigint_input.rs"]
mod input;

use core_num::{BigInt, BigUint, Sign};
use input::Input;
use libfuzzer_sys::fuzz_target;

const MAX_LIMBS: usize = 2600;

fn check_division(a: &BigInt, b: &BigInt) {
    if b.is_zero() {
        assert!(a.checked_div(b).is_none());
        return;
    }
    let (q, r) = a.div_rem(b);
    assert_eq!(&q * b + &r, *a, "a == q*b + r");
    assert!(r.magnitude() < b.magnitude(), "|r| < |b|");
    assert!(r.is_zero() || r.sign() == a.sign(), "r takes a's sign");
    assert_eq!(a / b, q);
    assert_eq!(a % b, r);
    let p = a * b;
    assert_eq!(&p / b, *a, "(a*b)/b == a");
    assert!((&p % b).is_zero(), "(a*b) % b == 0");
    // Unsigned forms.
    let (qu, ru) = a.magnitude().div_rem(b.magnitude());
    assert_eq!(&qu * b.magnitude() + &ru, *a.magnitude());
    assert!(ru < *b.magnitude());
}

fn check_shifts(a: &BigInt, s: usize) {
    let pow2 = BigInt::from(BigUint::from(1u32) << s);
    let up = a << s;
    assert_eq!(up, a * &pow2, "a << s == a * 2^s");
    assert_eq!(&up >> s, *a, "(a << s) >> s == a");
    // `>>` rounds toward negative infinity.
    let down = a >> s;
    let floor = {
        let (q, r) = a.div_rem(&pow2);
        if r.sign() == Sign::Minus {
            q - 1
        } else {
            q
        }
    };
    assert_eq!(down, floor, "a >> s == floor(a / 2^s)");
    assert_eq!(a.magnitude() >> s, a.magnitude() / pow2.magnitude());
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let a = input.int(MAX_LIMBS);
    let b = input.int(MAX_LIMBS);
    let c = input.int(64);
    let shift = input.u16() as usize % 5000;

    assert_eq!(&(&a + &b) - &b, a, "(a+b)-b == a");
    assert_eq!(&a - &b, -(&b - &a));
    assert_eq!(&a * &b, &b * &a, "a*b == b*a");
    assert_eq!(&a * (&b + &c), &a * &b + &a * &c, "a*(b+c) == a*b + a*c");
    assert_eq!(&a * &a, a.pow(2), "a*a == a^2");
    let mut x = a.clone();
    x += &b;
    x *= &c;
    assert_eq!(x, (&a + &b) * &c);

    check_division(&a, &b);
    check_division(&b, &c);
    check_division(&(&a * &b + &c), &b);
    check_shifts(&a, shift);

    let m = a.magnitude();
    let root = m.sqrt();
    assert!(&root * &root <= *m, "sqrt(a)^2 <= a");
    let next = &root + 1u32;
    assert!(&next * &next > *m, "(sqrt(a)+1)^2 > a");
});
