//! `core-num`: arbitrary-precision integers on 64-bit limbs, a faster drop-in for
//! [num-bigint](https://docs.rs/num-bigint/0.4).
//!
//! [`BigUint`] and [`BigInt`] have num-bigint 0.4's API and semantics: the same method names,
//! the same operators (every owned/borrowed form, every primitive integer on either side), the
//! same conversions, formatting, parsing rules and panics. Underneath, numbers are
//! little-endian `u64` limbs (num-bigint uses `u64` too, but through generic code) with values
//! of up to 128 bits stored inline, and every operation runs on a tuned algorithm ladder with
//! BMI2/ADX kernels on x86_64.
//!
//! [`f16`](struct@f16) and [`bf16`] (module [`half`]) have the `half` crate's API, round every
//! conversion exactly once, and convert slices with F16C, AVX-512 or NEON picked at run time.
//!
//! # Example
//!
//! ```
//! use core_num::{BigInt, BigUint};
//!
//! // 2^255 - 19, and a modular inverse and power in its field.
//! let p = (BigUint::from(1u32) << 255) - 19u32;
//! let x = BigUint::from(9u32);
//! let inv = x.modinv(&p).unwrap();
//! assert_eq!((&x * &inv) % &p, BigUint::from(1u32));
//! assert_eq!(x.modpow(&(&p - 1u32), &p), BigUint::from(1u32)); // Fermat
//!
//! // Signed values behave like num-bigint's: truncating division, flooring shifts,
//! // two's-complement bit operations.
//! let n: BigInt = "-123456789012345678901234567890".parse().unwrap();
//! assert_eq!((&n / 1000u32).to_string(), "-123456789012345678901234567");
//! assert_eq!(&n >> 64, BigInt::from(-6692605943i64));
//! assert_eq!(format!("{:#x}", BigInt::from(-255)), "-0xff");
//! ```
//!
//! # Migrating from num-bigint
//!
//! Replace `num_bigint::` with `core_num::` in paths; nothing else changes:
//!
//! ```
//! // use num_bigint::{BigInt, BigUint, Sign, ToBigInt};
//! use core_num::{BigInt, BigUint, Sign, ToBigInt};
//!
//! let a = BigInt::from_slice(Sign::Minus, &[1, 2]);
//! assert_eq!(a.to_u32_digits(), (Sign::Minus, vec![1, 2]));
//! assert_eq!(7.to_bigint().unwrap() * 6u8, BigInt::from(42));
//! assert_eq!(BigUint::parse_bytes(b"ff", 16), Some(BigUint::from(255u32)));
//! ```
//!
//! - The num-traits/num-integer trait impls (`Zero`, `One`, `Num`, `Signed`, `Pow`,
//!   `ToPrimitive`, `FromPrimitive`, `Integer`, `Roots`, `Checked*`, `Euclid`...) come with the
//!   `num-traits` feature. The methods they provide are also inherent here (`is_zero`,
//!   `to_f64`, `from_f64`, `to_u64`..., `gcd`, `lcm`, `div_rem`, `checked_sub`...), with the
//!   traits' signatures, so code compiles with or without the traits in scope.
//! - Serialised data (`serde` feature) uses num-bigint's format: files written by one crate
//!   read back in the other. `rand` gives `RandBigInt` as num-bigint's (rand 0.8).
//! - Differences: parsing never panics (a radix outside `2..=36` is an error, or `None`, where
//!   num-bigint panics); [`ParseBigIntError`] also says where the first bad digit is
//!   ([`position`](ParseBigIntError::position)), and its `Debug` shows that position;
//!   `parse_utf8`/`write_utf8` parse and print bytes without going through `str`/`String`.
//!   Hash values differ from num-bigint's (they only agree with `Eq`).
//!
//! # Features
//!
//! | feature      | default | what                                                          |
//! |--------------|---------|---------------------------------------------------------------|
//! | `std`        | yes     | runtime CPU detection, `std::error::Error` impls, buffer reuse |
//! | `num-traits` | no      | num-traits and num-integer impls (big integers, `f16`, `bf16`) |
//! | `num-bigint` | no      | `From` conversions to and from num-bigint's types             |
//! | `serde`      | no      | `Serialize`/`Deserialize` in num-bigint's and half's formats  |
//! | `rand`       | no      | `RandBigInt`, `RandomBits`, uniform sampling                  |
//! | `half`       | no      | `From` conversions to and from the half crate's `f16`/`bf16`  |
//! | `bytemuck`   | no      | `Pod`/`Zeroable` for `f16` and `bf16`                         |
//!
//! Without `std` the crate is `#![no_std]` + `alloc`, and the kernel level is fixed at compile
//! time from the enabled target features.
//!
//! With `std`, each thread keeps the heap buffers of its last four dropped values of 1 to
//! 16 KiB (64 KiB at most, freed when the thread exits) and hands them to new values of about
//! the same size: a shift or sum of mid-sized numbers then skips `malloc` and `free`.
//!
//! # Algorithms
//!
//! The public types sit on an internal "mpn" layer of functions over limb slices:
//!
//! - `*`: schoolbook, then Karatsuba, Toom-3, Toom-4 and a three-prime NTT as operands grow;
//!   unbalanced operands go through Toom-3.2 or are cut into pieces; squaring has its own
//!   ladder.
//! - `/` and `%`: one-limb divisors by a precomputed reciprocal, Knuth D with 3/2 estimates,
//!   Burnikel–Ziegler, Newton reciprocals for huge operands; exact division by Hensel's method
//!   (used by `lcm`).
//! - Text: power-of-two radices by bit slicing, the others by divide and conquer over cached
//!   powers of the radix, `O(M(n) log n)` in both directions (a long input is not a denial of
//!   service).
//! - `modpow`: Montgomery multiplication with sliding windows for odd moduli; even moduli
//!   split into an odd part and a power of two joined by CRT. `pow`: square and multiply on
//!   the odd part, the power of two as a shift.
//! - `gcd`, `modinv`: Lehmer with double-digit steps, binary gcd once values fit `u128`.
//! - `sqrt`, `cbrt`, `nth_root`: Newton iteration from above, recursively halving the
//!   precision.
//!
//! The cut-overs between rungs live in one table, measured on the development machine (see the
//! README).
//!
//! The limb kernels (`add_n`, `addmul_1`, `mul_basecase`...) exist in a portable `u128`
//! version and, on x86_64, a BMI2/ADX version (`mulx` with two carry chains); the best one is
//! picked at first use (see [`arch::Level`]).
//!
//! # Tensor primitives
//!
//! [`tensor`] has vectorized math over `f32` and `f64` slices (elementwise arithmetic,
//! rounding, exponentials, logarithms, hyperbolic and inverse trigonometric functions,
//! reductions, softmax), each dispatched to the best SIMD level at run time, with documented
//! error bounds.
//!
//! # `CORE_SIMD_MAX`
//!
//! Set `CORE_SIMD_MAX=scalar|sse2|avx2|avx512|neon` to cap the kernel level for the whole
//! process (read once; the same variable serves every core-* crate). Tests and benchmarks use
//! it to check and compare each level; [`arch::Level::available`] lists what runs here.
#![no_std]
#![warn(clippy::missing_errors_doc, clippy::missing_panics_doc)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod arch;
pub mod bigint;
pub mod half;

pub use half::{bf16, f16};
pub mod tensor;

pub use bigint::{
    BigInt, BigUint, ParseBigIntError, Sign, ToBigInt, ToBigUint, TryFromBigIntError, U32Digits,
    U64Digits,
};

#[cfg(feature = "rand")]
pub use bigint::{RandBigInt, RandomBits, UniformBigInt, UniformBigUint};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
