//! NEON: the transcoder hooks and the `utf8_error` kernel of the level; its other kernels
//! are the generic algorithms on [`V128`] (see `ops`).

use crate::arch::generic::utf8_to_utf16::Transcode;
use core_cpu::vector::neon::V128;

impl Transcode for V128 {
    crate::arch::byte_run_out_of_line!(neon, V128);
}

crate::arch::utf8_error_entry!(neon, sized: V128);
