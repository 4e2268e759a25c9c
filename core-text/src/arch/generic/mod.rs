//! The SIMD algorithms, each written once over the [`Vector`](vector::Vector) trait and
//! monomorphised per instruction set by the thin files in `x86_64/` and `aarch64/`.

pub(crate) mod count;
pub(crate) mod utf16_check;
pub(crate) mod utf16_to_utf8;
pub(crate) mod utf8_to_utf16;
pub(crate) mod utf8_validate;
pub(crate) mod vector;

/// `load(WINDOW.as_ptr().add(32 - d))` is a mask whose first `d` bytes are 0 and the rest
/// 0xFF (for `d <= 32`): counting through a vector that overlaps `d` already-counted bytes.
pub(crate) static WINDOW: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 32;
    while i < 64 {
        t[i] = 0xFF;
        i += 1;
    }
    t
};
