//! Cached per-operation dispatch.
//!
//! Each operation owns an `AtomicPtr` that starts at a detection function. The first call finds
//! the best [`Kernels`] table, stores that kernel's address and runs it; every later call is one
//! relaxed load and one indirect call. Races are benign: every thread stores the same pointer.

use super::Kernels;
use crate::utf8::Utf8Error;
use core::mem::MaybeUninit;
use core::sync::atomic::{AtomicPtr, Ordering};

/// The operations every backend provides, in safe form. [`Auto`] uses the cached pointers,
/// [`Backend`](crate::Backend) a pinned level's table; the public API is written once over this
/// trait, implemented once for kernel tables.
pub(crate) trait Ops: Copy {
    fn utf8_validate(self, src: &[u8]) -> bool;
    fn utf8_error(self, src: &[u8]) -> Option<Utf8Error>;
    fn utf8_check(self, src: &[u8]) -> Result<usize, usize>;
    fn utf8_count_chars(self, src: &[u8]) -> usize;
    fn utf8_utf16_len_valid(self, src: &str) -> usize;
    fn utf16_validate(self, src: &[u16]) -> bool;
    fn utf16_check(self, src: &[u16]) -> Result<usize, usize>;
    /// # Safety
    /// `src` is valid UTF-8 and `dst` holds at least as many units as it needs.
    unsafe fn utf8_to_utf16(self, src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize;
    /// # Safety
    /// `src` is well-formed UTF-16 and `dst` holds at least as many bytes as it needs.
    unsafe fn utf16_to_utf8(self, src: &[u16], dst: &mut [MaybeUninit<u8>]) -> usize;
}

/// Stamps out one cached-pointer entry point per kernel-table field.
macro_rules! cached {
    ($($field:ident: fn($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        $(
            #[inline]
            pub(crate) unsafe fn $field($($arg: $ty),*) -> $ret {
                type F = unsafe fn($($ty),*) -> $ret;
                static PTR: AtomicPtr<()> = AtomicPtr::new(detect as F as *mut ());
                unsafe fn detect($($arg: $ty),*) -> $ret {
                    let f: F = Kernels::best().$field;
                    PTR.store(f as *mut (), Ordering::Relaxed);
                    // SAFETY: `Kernels::best` only returns tables whose level this CPU runs;
                    // the caller upholds the kernel's input contract.
                    unsafe { f($($arg),*) }
                }
                let p = PTR.load(Ordering::Relaxed);
                // SAFETY: PTR only ever holds values of type `F` (the initial `detect` and
                // fields of a `Kernels` table), so turning it back into `F` is sound.
                let f = unsafe { core::mem::transmute::<*mut (), F>(p) };
                // SAFETY: as in `detect`: an available level's kernel; caller's contract.
                unsafe { f($($arg),*) }
            }
        )*
    };
}

mod cached {
    use super::*;
    cached! {
        utf8_validate: fn(src: &[u8]) -> bool;
        utf8_error: fn(src: &[u8]) -> Option<Utf8Error>;
        utf8_check: fn(src: &[u8]) -> Result<usize, usize>;
        utf8_count_chars: fn(src: &[u8]) -> usize;
        utf8_utf16_len_valid: fn(src: &[u8]) -> usize;
        utf16_validate: fn(src: &[u16]) -> bool;
        utf16_check: fn(src: &[u16]) -> Result<usize, usize>;
        utf8_to_utf16: fn(src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize;
        utf16_to_utf8: fn(src: &[u16], dst: &mut [MaybeUninit<u8>]) -> usize;
    }
}

/// The process-wide best level through the cached pointers.
///
/// This is a separate type with its own `Ops` impl (not a kernel table of the cached entry
/// points): a table of function pointers lives in relocated data, which the compiler cannot
/// fold, so every call would pay two indirect branches instead of one (measured: 0.5 ns on a
/// 64-byte validation).
#[derive(Clone, Copy)]
pub(crate) struct Auto;

impl Ops for Auto {
    #[inline]
    fn utf8_validate(self, src: &[u8]) -> bool {
        // SAFETY: the cached entry point runs an available level's kernel; any input is
        // accepted.
        unsafe { cached::utf8_validate(src) }
    }
    #[inline]
    fn utf8_error(self, src: &[u8]) -> Option<Utf8Error> {
        // SAFETY: as above.
        unsafe { cached::utf8_error(src) }
    }
    #[inline]
    fn utf8_check(self, src: &[u8]) -> Result<usize, usize> {
        // SAFETY: as above.
        unsafe { cached::utf8_check(src) }
    }
    #[inline]
    fn utf8_count_chars(self, src: &[u8]) -> usize {
        // SAFETY: as above.
        unsafe { cached::utf8_count_chars(src) }
    }
    #[inline]
    fn utf8_utf16_len_valid(self, src: &str) -> usize {
        // SAFETY: as above.
        unsafe { cached::utf8_utf16_len_valid(src.as_bytes()) }
    }
    #[inline]
    fn utf16_validate(self, src: &[u16]) -> bool {
        // SAFETY: as above.
        unsafe { cached::utf16_validate(src) }
    }
    #[inline]
    fn utf16_check(self, src: &[u16]) -> Result<usize, usize> {
        // SAFETY: as above.
        unsafe { cached::utf16_check(src) }
    }
    #[inline]
    unsafe fn utf8_to_utf16(self, src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize {
        // SAFETY: as above; the caller upholds the contract (valid input, large enough output).
        unsafe { cached::utf8_to_utf16(src, dst) }
    }
    #[inline]
    unsafe fn utf16_to_utf8(self, src: &[u16], dst: &mut [MaybeUninit<u8>]) -> usize {
        // SAFETY: as above; the caller upholds the contract (well-formed input, large enough
        // output).
        unsafe { cached::utf16_to_utf8(src, dst) }
    }
}

impl Ops for &'static Kernels {
    #[inline]
    fn utf8_validate(self, src: &[u8]) -> bool {
        // SAFETY: tables hold kernels of available levels; validation accepts any input.
        unsafe { (self.utf8_validate)(src) }
    }
    #[inline]
    fn utf8_error(self, src: &[u8]) -> Option<Utf8Error> {
        // SAFETY: as above.
        unsafe { (self.utf8_error)(src) }
    }
    #[inline]
    fn utf8_check(self, src: &[u8]) -> Result<usize, usize> {
        // SAFETY: as above; checking accepts any input.
        unsafe { (self.utf8_check)(src) }
    }
    #[inline]
    fn utf8_count_chars(self, src: &[u8]) -> usize {
        // SAFETY: as above; counting accepts any input.
        unsafe { (self.utf8_count_chars)(src) }
    }
    #[inline]
    fn utf8_utf16_len_valid(self, src: &str) -> usize {
        // SAFETY: as above; counting accepts any input (a `str` makes the count meaningful).
        unsafe { (self.utf8_utf16_len_valid)(src.as_bytes()) }
    }
    #[inline]
    fn utf16_validate(self, src: &[u16]) -> bool {
        // SAFETY: as above; validation accepts any input.
        unsafe { (self.utf16_validate)(src) }
    }
    #[inline]
    fn utf16_check(self, src: &[u16]) -> Result<usize, usize> {
        // SAFETY: as above; checking accepts any input.
        unsafe { (self.utf16_check)(src) }
    }
    #[inline]
    unsafe fn utf8_to_utf16(self, src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize {
        // SAFETY: as above; the caller upholds the contract (valid input, large enough output).
        unsafe { (self.utf8_to_utf16)(src, dst) }
    }
    #[inline]
    unsafe fn utf16_to_utf8(self, src: &[u16], dst: &mut [MaybeUninit<u8>]) -> usize {
        // SAFETY: as above; the caller upholds the contract (well-formed input, large enough
        // output).
        unsafe { (self.utf16_to_utf8)(src, dst) }
    }
}
