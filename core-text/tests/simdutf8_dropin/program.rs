// A program written against simdutf8's API: a reader of uploaded text files that checks them
// at once and in pieces, reports where they break and repairs them. The file that includes
// it supplies `basic` and `compat` (simdutf8's modules, or core-text's).

use basic::imp::{ChunkedUtf8Validator, Utf8Validator};
use std::fmt::Write;

/// std's lossy repair, written with compat's error positions.
fn repair(mut bytes: &[u8]) -> String {
    let mut out = String::new();
    loop {
        match compat::from_utf8(bytes) {
            Ok(s) => {
                out.push_str(s);
                return out;
            }
            Err(e) => {
                let (good, bad) = bytes.split_at(e.valid_up_to());
                out.push_str(basic::from_utf8(good).expect("valid_up_to ends a valid prefix"));
                out.push('\u{FFFD}');
                match e.error_len() {
                    Some(n) => bytes = &bad[n..],
                    None => return out,
                }
            }
        }
    }
}

/// Whether `bytes` fed to the streaming validators in pieces of `piece` bytes is valid,
/// per level the CPU has: (arbitrary pieces, 64-byte chunks and a rest) for AVX2 and SSE4.2.
#[cfg(target_arch = "x86_64")]
fn streamed(bytes: &[u8], piece: usize) -> Vec<(bool, bool)> {
    macro_rules! both {
        ($m:path) => {{
            use $m as imp;
            // SAFETY: the caller checked the CPU.
            unsafe {
                let mut v = imp::Utf8ValidatorImp::new();
                for p in bytes.chunks(piece) {
                    v.update(p);
                }
                let whole = (piece * 64).max(64);
                let cut = bytes.len() / whole * whole;
                let mut c = imp::ChunkedUtf8ValidatorImp::new();
                for blocks in bytes[..cut].chunks(whole) {
                    c.update_from_chunks(blocks);
                }
                let rest = &bytes[cut..];
                (v.finalize().is_ok(), c.finalize((!rest.is_empty()).then_some(rest)).is_ok())
            }
        }};
    }
    let mut out = Vec::new();
    if std::is_x86_feature_detected!("avx2") {
        out.push(both!(basic::imp::x86::avx2));
    }
    if std::is_x86_feature_detected!("sse4.2") {
        out.push(both!(basic::imp::x86::sse42));
    }
    out
}

#[cfg(not(target_arch = "x86_64"))]
fn streamed(bytes: &[u8], _piece: usize) -> Vec<(bool, bool)> {
    let ok = basic::from_utf8(bytes).is_ok();
    vec![(ok, ok)]
}

/// One-shot validation pinned to a level, in both flavours.
#[cfg(target_arch = "x86_64")]
fn pinned(bytes: &[u8]) -> String {
    if !std::is_x86_feature_detected!("avx2") {
        return String::from("no avx2");
    }
    // SAFETY: AVX2 (and so SSE4.2) was detected.
    unsafe {
        format!(
            "{:?} {:?} {:?} {:?}",
            basic::imp::x86::avx2::validate_utf8(bytes),
            basic::imp::x86::sse42::validate_utf8(bytes),
            compat::imp::x86::avx2::validate_utf8(bytes),
            compat::imp::x86::sse42::validate_utf8(bytes),
        )
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn pinned(bytes: &[u8]) -> String {
    format!("{:?} {:?}", basic::from_utf8(bytes).map(|_| ()), compat::from_utf8(bytes).map(|_| ()))
}

/// The report on one file.
fn describe(out: &mut String, name: &str, bytes: &[u8]) {
    let fast = basic::from_utf8(bytes);
    let exact = compat::from_utf8(bytes);
    writeln!(
        out,
        "{name}: {} bytes, basic {:?}, compat {:?}",
        bytes.len(),
        fast.map(|s| s.chars().count()),
        exact.map(|s| s.lines().count()),
    )
    .unwrap();
    if let Err(e) = fast {
        writeln!(out, "  basic: {e} ({e:?}); as a boxed error: {}", Box::<dyn std::error::Error>::from(e)).unwrap();
    }
    if let Err(e) = exact {
        writeln!(out, "  compat: {e}; {e:?}; up to {} len {:?}", e.valid_up_to(), e.error_len()).unwrap();
        let e2 = e;
        writeln!(out, "  copy equal: {}", e2 == e).unwrap();
    }
    let mut owned = bytes.to_vec();
    match compat::from_utf8_mut(&mut owned) {
        Ok(s) => {
            s.make_ascii_uppercase();
            writeln!(out, "  upper: {:?}", s.chars().take(40).collect::<String>()).unwrap();
        }
        Err(e) => writeln!(out, "  mut: {}", e.valid_up_to()).unwrap(),
    }
    writeln!(out, "  basic mut: {:?}", basic::from_utf8_mut(&mut owned).map(|s| s.len())).unwrap();
    let fixed = repair(bytes);
    writeln!(out, "  repaired: {} chars, {} replacements", fixed.chars().count(), fixed.matches('\u{FFFD}').count()).unwrap();
    for piece in [1, 2, 3, 5, 16, 63, 64, 100, 4096] {
        writeln!(out, "  pieces of {piece}: {:?}", streamed(bytes, piece)).unwrap();
    }
    writeln!(out, "  pinned: {}", pinned(bytes)).unwrap();
}

/// The report on every file.
pub fn run(files: &[(&str, Vec<u8>)]) -> String {
    let mut out = String::new();
    for (name, bytes) in files {
        describe(&mut out, name, bytes);
    }
    out
}
