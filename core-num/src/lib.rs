//! `core-num`: numbers for the core-* family.
//!
//! This crate will hold arbitrary-precision integers on 64-bit limbs (`BigUint`, `BigInt`, a
//! drop-in for num-bigint with subquadratic multiplication, division and radix conversion),
//! half-precision floats (`f16`, `bf16`) and vectorized slice math. None of it has landed yet:
//! the crate is an empty placeholder in the workspace so that its issue can fill it without
//! reshaping the repository. It intentionally exports nothing.
#![no_std]
