//! Drop-in: a program written against the `base64` crate and one written against
//! `base64-simd`, each compiled against its peer and against `core_text::base64` with only
//! the `use` lines changed, must compute the same log.

mod with_base64 {
    use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
    use base64::{DecodeError, Engine as _};
    include!("dropin/base64_program.rs");
}

mod with_core_text_for_base64 {
    use core_text::base64::{DecodeError, STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
    include!("dropin/base64_program.rs");
}

mod with_base64_simd {
    use base64_simd::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
    include!("dropin/base64_simd_program.rs");
}

mod with_core_text_for_base64_simd {
    use core_text::base64::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
    include!("dropin/base64_simd_program.rs");
}

fn same(peer: Vec<String>, ours: Vec<String>) {
    assert_eq!(peer.len(), ours.len());
    for (p, o) in peer.iter().zip(&ours) {
        assert_eq!(p, o);
    }
}

#[test]
fn a_base64_program_runs_the_same_on_core_text() {
    same(with_base64::run(), with_core_text_for_base64::run());
}

#[test]
fn a_base64_simd_program_runs_the_same_on_core_text() {
    same(with_base64_simd::run(), with_core_text_for_base64_simd::run());
}
