//! SSE4.2 (x86-64-v2): the transcoder hooks and the `utf8_error` kernel of the level.
//!
//! With SSSE3's `pshufb` the table-lookup algorithms run on 16-byte vectors here: UTF-8
//! validation by nibble tables, transcoding by shuffles, UTF-16 lengths by table (see `ops`).

use crate::arch::generic::utf8_to_utf16::Transcode;
use core_cpu::vector::sse42::V128;

impl Transcode for V128 {
    crate::arch::byte_run_out_of_line!(sse42, V128);
}

crate::arch::utf8_error_entry!(sse42, sized: V128);
