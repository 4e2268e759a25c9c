//! The SIMD algorithms, each written once over core-cpu's vector traits
//! ([`Vector`](core_cpu::vector::Vector), `Lookup`, `Shuffle`) and monomorphised per level by
//! the entry points of the operation table (`ops`).

pub(crate) mod count;
pub(crate) mod latin1;
pub(crate) mod memchr;
pub(crate) mod set;
pub(crate) mod utf16_check;
pub(crate) mod utf16_to_utf8;
pub(crate) mod utf8_to_utf16;
pub(crate) mod utf8_validate;

/// 64 zero bytes, then 64 of 0xFF (see [`window`]).
static WINDOW: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 64;
    while i < 128 {
        t[i] = 0xFF;
        i += 1;
    }
    t
};

/// Where the 64 bytes whose first `d` are 0 and the rest 0xFF start (`d <= 64`): loaded, a
/// mask for counting through a vector that overlaps `d` bytes counted already.
#[inline(always)]
pub(crate) fn window(d: usize) -> *const u8 {
    debug_assert!(d <= 64);
    WINDOW.as_ptr().wrapping_add(64 - d)
}
