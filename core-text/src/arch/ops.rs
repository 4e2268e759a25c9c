//! The operation table: every operation, its signature and its kernel at each level.
//!
//! Adding an operation: write the algorithm in `generic/` (over `core_cpu::vector`), add one
//! entry here (its signature, and one line per table), then the public function over
//! `impl Ops` and its `Backend` method. See core-cpu's README ("Adding a kernel").

#[cfg(target_arch = "aarch64")]
use super::aarch64::neon;
use super::generic::set::{self, Spec, Spec16};
use super::generic::{
    count, latin1, memchr, utf16_check, utf16_to_utf8, utf8_to_utf16, utf8_validate,
};
use super::scalar;
#[cfg(target_arch = "x86_64")]
use super::x86_64::latin1 as x86_latin1;
#[cfg(target_arch = "x86_64")]
use super::x86_64::{avx2, avx512, sse2, sse42};
use crate::utf8::Utf8Error;
use core::mem::MaybeUninit;
#[cfg(target_arch = "aarch64")]
use core_cpu::vector::neon::V128 as Neon;
#[cfg(target_arch = "x86_64")]
use core_cpu::vector::{avx2::V256, avx512::V512, sse2::V128 as Sse2, sse42::V128 as Sse42};

core_cpu::dispatch! {
    tables {
        avx512 => [Avx512],
        avx2 => [Avx2],
        sse42 => [Sse42],
        sse2 => [Sse2],
        neon => [Neon],
        scalar => [Scalar],
    }
    ops {
        /// Is the input valid UTF-8? (At `avx512`, the AVX2 algorithm: ternary logic and
        /// mask registers make it about 1.15x faster from 1 KiB up.)
        safe fn utf8_validate(src: &[u8]) -> bool {
            avx512: utf8_validate::validate::<V256>,
            avx2: utf8_validate::validate::<V256>,
            sse42: utf8_validate::validate::<Sse42>,
            sse2: utf8_validate::validate_no_lookup::<Sse2>,
            neon: utf8_validate::validate::<Neon>,
            scalar: scalar::utf8::validate,
        }
        /// `from_utf8`'s kernel: `None` for valid UTF-8, else std's exact error. The
        /// validation kernel inlined, the error search out of line (see
        /// `utf8_error_entry!`).
        safe fn utf8_error(src: &[u8]) -> Option<Utf8Error> {
            avx512: avx512::utf8_error,
            avx2: avx2::utf8_error,
            sse42: sse42::utf8_error,
            sse2: sse2::utf8_error,
            neon: neon::utf8_error,
            scalar: scalar::utf8::error,
        }
        /// `Ok(number of UTF-16 units)` for valid UTF-8; on invalid input `Err(resume)`: a
        /// char boundary such that `input[..resume]` is valid, from which a scalar re-scan
        /// finds the first error within a few vectors.
        safe fn utf8_check(src: &[u8]) -> Result<usize, usize> {
            avx512: utf8_validate::check::<V256>,
            avx2: utf8_validate::check::<V256>,
            sse42: utf8_validate::check::<Sse42>,
            sse2: utf8_validate::check_no_lookup::<Sse2>,
            neon: utf8_validate::check::<Neon>,
            scalar: scalar::utf8::check,
        }
        /// The number of bytes that are not UTF-8 continuation bytes (`chars().count()` for
        /// a str).
        safe fn utf8_count_chars(src: &[u8]) -> usize {
            avx512: avx512::count_chars,
            avx2: count::count_chars::<V256>,
            sse42: count::count_chars::<Sse42>,
            sse2: count::count_chars::<Sse2>,
            neon: count::count_chars::<Neon>,
            scalar: scalar::utf8::count_chars,
        }
        /// The UTF-16 length of input already known to be valid UTF-8 (no validation; any
        /// input is memory-safe).
        safe fn utf8_utf16_len_valid(src: &[u8]) -> usize {
            avx512: avx512::utf16_len_valid,
            avx2: count::utf16_len_valid_by_table::<V256>,
            sse42: count::utf16_len_valid_by_table::<Sse42>,
            sse2: count::utf16_len_valid::<Sse2>,
            neon: count::utf16_len_valid_by_table::<Neon>,
            scalar: scalar::utf8::units_of_valid,
        }
        /// Is every surrogate in the input correctly paired?
        safe fn utf16_validate(src: &[u16]) -> bool {
            avx512: avx512::utf16_pairing_ok,
            avx2: utf16_check::validate::<V256>,
            sse42: utf16_check::validate::<Sse42>,
            sse2: utf16_check::validate::<Sse2>,
            neon: utf16_check::validate::<Neon>,
            scalar: scalar::utf16::validate,
        }
        /// `Ok(number of UTF-8 bytes)` for well-formed UTF-16; on error `Err(resume)`: an
        /// index not inside a surrogate pair such that `input[..resume]` is well formed, from
        /// which a scalar re-scan finds the first unpaired surrogate within a few vectors.
        safe fn utf16_check(src: &[u16]) -> Result<usize, usize> {
            avx512: avx512::scan_utf16::<true, true>,
            avx2: avx2::check_utf16,
            sse42: utf16_check::check::<Sse42>,
            sse2: utf16_check::check::<Sse2>,
            neon: utf16_check::check::<Neon>,
            scalar: scalar::utf16::check,
        }
        /// Transcodes valid UTF-8 to UTF-16, returning the units written. Contract: the
        /// input is valid UTF-8 and `dst` holds at least as many units as it needs.
        unsafe fn utf8_to_utf16(src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize {
            avx512: avx512::transcode_utf8,
            avx2: utf8_to_utf16::to_utf16::<V256>,
            sse42: utf8_to_utf16::to_utf16::<Sse42>,
            sse2: utf8_to_utf16::to_utf16_no_shuffle::<Sse2>,
            neon: utf8_to_utf16::to_utf16::<Neon>,
            scalar: scalar::utf8::to_utf16_kernel,
        }
        /// Validates UTF-8 and transcodes it to UTF-16: `Ok(units written)`, or
        /// `Err(resume)` as `utf8_check` (then `dst` holds anything). Contract: `dst` holds
        /// at least `src.len()` units. One fused pass where the level walks non-ASCII text
        /// in scalar code (`sse2`, `scalar`) and at `avx512` (a check per block), the two
        /// kernels in turn elsewhere.
        unsafe fn utf8_to_utf16_checked(
            src: &[u8],
            dst: &mut [MaybeUninit<u16>],
        ) -> Result<usize, usize> {
            avx512: avx512::transcode_utf8_checked,
            avx2: utf8_to_utf16::checked_in_two_passes::<V256>,
            sse42: utf8_to_utf16::checked_in_two_passes::<Sse42>,
            sse2: utf8_to_utf16::to_utf16_checked_no_shuffle::<Sse2>,
            neon: utf8_to_utf16::checked_in_two_passes::<Neon>,
            scalar: scalar::utf8::to_utf16_checked,
        }
        /// Transcodes well-formed UTF-16 to UTF-8, returning the bytes written. Contract:
        /// the input is well formed and `dst` holds at least as many bytes as it needs.
        unsafe fn utf16_to_utf8(src: &[u16], dst: &mut [MaybeUninit<u8>]) -> usize {
            avx512: avx512::transcode_utf16,
            avx2: utf16_to_utf8::to_utf8::<V256>,
            sse42: utf16_to_utf8::to_utf8::<Sse42>,
            sse2: utf16_to_utf8::to_utf8_no_shuffle::<Sse2>,
            neon: utf16_to_utf8::to_utf8::<Neon>,
            scalar: scalar::utf16::to_utf8_kernel,
        }
        /// Validates UTF-16 and transcodes it to UTF-8: `Some(bytes written)`, or `None`
        /// when a surrogate is unpaired (then `dst` holds anything). Contract: `dst` holds at
        /// least `3 * src.len()` bytes. One fused pass at `avx512`, the pairing check and the
        /// transcoder in turn elsewhere.
        unsafe fn utf16_to_utf8_checked(
            src: &[u16],
            dst: &mut [MaybeUninit<u8>],
        ) -> Option<usize> {
            avx512: avx512::transcode_utf16_checked,
            avx2: utf16_to_utf8::checked_in_two_passes::<V256>,
            sse42: utf16_to_utf8::checked_in_two_passes::<Sse42>,
            sse2: utf16_to_utf8::checked_no_shuffle::<Sse2>,
            neon: utf16_to_utf8::checked_in_two_passes::<Neon>,
            scalar: scalar::utf16::to_utf8_checked,
        }
        /// The first position of the byte `a`.
        safe fn memchr(hay: &[u8], a: u8) -> Option<usize> {
            avx512: avx512::memchr1,
            avx2: memchr::find1::<V256>,
            sse42: memchr::find1::<Sse42>,
            sse2: memchr::find1::<Sse2>,
            neon: memchr::find1::<Neon>,
            scalar: scalar::search::find1,
        }
        /// The first position of `a` or `b`.
        safe fn memchr2(hay: &[u8], a: u8, b: u8) -> Option<usize> {
            avx512: avx512::memchr2,
            avx2: memchr::find2::<V256>,
            sse42: memchr::find2::<Sse42>,
            sse2: memchr::find2::<Sse2>,
            neon: memchr::find2::<Neon>,
            scalar: scalar::search::find2,
        }
        /// The first position of `a`, `b` or `c`.
        safe fn memchr3(hay: &[u8], a: u8, b: u8, c: u8) -> Option<usize> {
            avx512: avx512::memchr3,
            avx2: memchr::find3::<V256>,
            sse42: memchr::find3::<Sse42>,
            sse2: memchr::find3::<Sse2>,
            neon: memchr::find3::<Neon>,
            scalar: scalar::search::find3,
        }
        /// The last position of the byte `a`.
        safe fn memrchr(hay: &[u8], a: u8) -> Option<usize> {
            avx512: avx512::memrchr1,
            avx2: memchr::rfind1::<V256>,
            sse42: memchr::rfind1::<Sse42>,
            sse2: memchr::rfind1::<Sse2>,
            neon: memchr::rfind1::<Neon>,
            scalar: scalar::search::rfind1,
        }
        /// The last position of `a` or `b`.
        safe fn memrchr2(hay: &[u8], a: u8, b: u8) -> Option<usize> {
            avx512: avx512::memrchr2,
            avx2: memchr::rfind2::<V256>,
            sse42: memchr::rfind2::<Sse42>,
            sse2: memchr::rfind2::<Sse2>,
            neon: memchr::rfind2::<Neon>,
            scalar: scalar::search::rfind2,
        }
        /// The last position of `a`, `b` or `c`.
        safe fn memrchr3(hay: &[u8], a: u8, b: u8, c: u8) -> Option<usize> {
            avx512: avx512::memrchr3,
            avx2: memchr::rfind3::<V256>,
            sse42: memchr::rfind3::<Sse42>,
            sse2: memchr::rfind3::<Sse2>,
            neon: memchr::rfind3::<Neon>,
            scalar: scalar::search::rfind3,
        }
        /// The number of bytes equal to `a`.
        safe fn count_byte(hay: &[u8], a: u8) -> usize {
            avx512: avx512::memchr_count,
            avx2: memchr::count::<V256>,
            sse42: memchr::count::<Sse42>,
            sse2: memchr::count::<Sse2>,
            neon: memchr::count::<Neon>,
            scalar: scalar::search::count,
        }
        /// The first byte in `set` (not in it when `not`).
        safe fn set_find(hay: &[u8], set: &Spec, not: bool) -> Option<usize> {
            avx512: avx512::set_find,
            avx2: set::lookup::find::<V256>,
            sse42: set::lookup::find::<Sse42>,
            sse2: set::no_lookup::find::<Sse2>,
            neon: set::lookup::find::<Neon>,
            scalar: scalar::search::set_find,
        }
        /// The last byte in `set` (not in it when `not`).
        safe fn set_rfind(hay: &[u8], set: &Spec, not: bool) -> Option<usize> {
            avx512: avx512::set_rfind,
            avx2: set::lookup::rfind::<V256>,
            sse42: set::lookup::rfind::<Sse42>,
            sse2: set::no_lookup::rfind::<Sse2>,
            neon: set::lookup::rfind::<Neon>,
            scalar: scalar::search::set_rfind,
        }
        /// The number of bytes in `set` (not in it when `not`).
        safe fn set_count(hay: &[u8], set: &Spec, not: bool) -> usize {
            avx512: set::lookup::count::<V512>,
            avx2: set::lookup::count::<V256>,
            sse42: set::lookup::count::<Sse42>,
            sse2: set::no_lookup::count::<Sse2>,
            neon: set::lookup::count::<Neon>,
            scalar: scalar::search::set_count,
        }
        /// Bit `j` set where byte `j` of the first 64 is in `set` (not in it when `not`).
        safe fn set_mask64(hay: &[u8], set: &Spec, not: bool) -> u64 {
            avx512: avx512::set_mask64,
            avx2: set::lookup::mask64::<V256>,
            sse42: set::lookup::mask64::<Sse42>,
            sse2: set::no_lookup::mask64::<Sse2>,
            neon: set::lookup::mask64::<Neon>,
            scalar: scalar::search::set_mask64,
        }
        /// The first unit in `set` (not in it when `not`).
        safe fn set_find16(hay: &[u16], set: &Spec16, not: bool) -> Option<usize> {
            avx512: set::lookup::find16::<V512>,
            avx2: set::lookup::find16::<V256>,
            sse42: set::lookup::find16::<Sse42>,
            sse2: set::no_lookup::find16::<Sse2>,
            neon: set::lookup::find16::<Neon>,
            scalar: scalar::search::set_find16,
        }
        /// The last unit in `set` (not in it when `not`).
        safe fn set_rfind16(hay: &[u16], set: &Spec16, not: bool) -> Option<usize> {
            avx512: set::lookup::rfind16::<V512>,
            avx2: set::lookup::rfind16::<V256>,
            sse42: set::lookup::rfind16::<Sse42>,
            sse2: set::no_lookup::rfind16::<Sse2>,
            neon: set::lookup::rfind16::<Neon>,
            scalar: scalar::search::set_rfind16,
        }
        /// The number of units in `set` (not in it when `not`).
        safe fn set_count16(hay: &[u16], set: &Spec16, not: bool) -> usize {
            avx512: set::lookup::count16::<V512>,
            avx2: set::lookup::count16::<V256>,
            sse42: set::lookup::count16::<Sse42>,
            sse2: set::no_lookup::count16::<Sse2>,
            neon: set::lookup::count16::<Neon>,
            scalar: scalar::search::set_count16,
        }
        /// The UTF-8 length of Latin-1 input.
        safe fn latin1_utf8_len(src: &[u8]) -> usize {
            avx512: x86_latin1::utf8_len,
            avx2: latin1::utf8_len::<V256>,
            sse42: latin1::utf8_len::<Sse42>,
            sse2: latin1::utf8_len::<Sse2>,
            neon: latin1::utf8_len::<Neon>,
            scalar: scalar::latin1::utf8_len,
        }
        /// Latin-1 to UTF-8, returning the bytes written. Contract: `dst` holds the input's
        /// UTF-8 length.
        unsafe fn latin1_to_utf8(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize {
            avx512: x86_latin1::to_utf8,
            avx2: x86_latin1::avx2_to_utf8,
            sse42: latin1::to_utf8::<Sse42>,
            sse2: latin1::to_utf8_no_shuffle::<Sse2>,
            neon: latin1::to_utf8::<Neon>,
            scalar: scalar::latin1::to_utf8,
        }
        /// Latin-1 to UTF-16, returning the units written. Contract: `dst` holds as many
        /// units as the input has bytes.
        unsafe fn latin1_to_utf16(src: &[u8], dst: &mut [MaybeUninit<u16>]) -> usize {
            avx512: x86_latin1::to_utf16,
            avx2: x86_latin1::avx2_to_utf16,
            sse42: latin1::to_utf16::<Sse42>,
            sse2: latin1::to_utf16::<Sse2>,
            neon: latin1::to_utf16::<Neon>,
            scalar: scalar::latin1::to_utf16,
        }
        /// Valid UTF-8 to Latin-1: `Ok(bytes written)`, or `Err(offset of the first char
        /// above U+00FF)`. Contract: the input is valid UTF-8 and `dst` holds as many bytes
        /// as it has chars.
        unsafe fn utf8_to_latin1(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> Result<usize, usize> {
            avx512: x86_latin1::from_utf8,
            avx2: latin1::from_utf8::<V256>,
            sse42: latin1::from_utf8::<Sse42>,
            sse2: latin1::from_utf8_no_shuffle::<Sse2>,
            neon: latin1::from_utf8::<Neon>,
            scalar: scalar::latin1::from_utf8,
        }
        /// UTF-16 to Latin-1: `Ok(units read)`, or `Err(index of the first unit > 0xFF)`.
        /// Contract: `dst` holds as many bytes as the input has units.
        unsafe fn utf16_to_latin1(src: &[u16], dst: &mut [MaybeUninit<u8>]) -> Result<usize, usize> {
            avx512: x86_latin1::from_utf16,
            avx2: x86_latin1::avx2_from_utf16,
            sse42: latin1::from_utf16::<Sse42>,
            sse2: latin1::from_utf16::<Sse2>,
            neon: latin1::from_utf16::<Neon>,
            scalar: scalar::latin1::from_utf16,
        }
    }
}
