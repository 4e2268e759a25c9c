//! SSE2: the level's `utf8_error` kernel.
//!
//! SSE2 has no byte table lookup (`pshufb` is SSSE3), so UTF-8 validation here scans ASCII runs
//! with vectors and checks the non-ASCII sequences between them with the exact scalar code.
//! Counting and UTF-16 pairing use the full vector algorithms. The transcoders' shuffle paths
//! need `pshufb` too: here UTF-8 -> UTF-16 vectorizes ASCII, 2-byte and 4-byte runs and
//! UTF-16 -> UTF-8 ASCII runs, with the exact scalar code for the rest (see `ops`).

use crate::arch::generic::utf8_validate;
use core_cpu::vector::sse2::V128;

crate::arch::utf8_error_entry!(sse2, whole: utf8_validate::validate_no_lookup::<V128>);
