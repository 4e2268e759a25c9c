//! [`Level`] and [`Backend`] selection: name parsing and printing, availability, the
//! `CORE_SIMD_MAX` cap (whichever value this process runs with), and that `Backend::new`
//! exists exactly for the available levels.

use core_text::{Backend, Level};

/// Every level with its documented name.
const NAMED: [(Level, &str); 6] = [
    (Level::Scalar, "scalar"),
    (Level::Sse2, "sse2"),
    (Level::Sse42, "sse4.2"),
    (Level::Avx2, "avx2"),
    (Level::Avx512, "avx512"),
    (Level::Neon, "neon"),
];

/// The cap order documented on `CORE_SIMD_MAX`: scalar < 128-bit baselines < SSE4.2 < AVX2 <
/// AVX-512.
fn rank(level: Level) -> u8 {
    match level {
        Level::Scalar => 0,
        Level::Sse2 | Level::Neon => 1,
        Level::Sse42 => 2,
        Level::Avx2 => 3,
        Level::Avx512 => 4,
        other => panic!("unknown level {other:?}: extend this test"),
    }
}

/// The cap this process runs under, read the way the crate documents it.
fn cap() -> Option<Level> {
    std::env::var("CORE_SIMD_MAX").ok().and_then(|v| v.parse().ok())
}

#[test]
fn names_round_trip() {
    for (level, name) in NAMED {
        assert_eq!(level.name(), name);
        assert_eq!(level.to_string(), name);
        assert_eq!(name.parse::<Level>(), Ok(level));
        assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        assert_eq!(name.to_ascii_uppercase().parse::<Level>(), Ok(level), "case-insensitive");
        assert_eq!(format!(" {name}\n").parse::<Level>(), Ok(level), "surrounding space");
    }
}

#[test]
fn unknown_names_are_errors() {
    for bad in ["", "sse", "sse3", "avx", "avx-2", "avx2x", "native", "best", "neon64", "scalar!"] {
        let err = bad.parse::<Level>().expect_err(bad);
        let msg = err.to_string();
        for (_, name) in NAMED {
            assert!(msg.contains(name), "{msg:?} lists the valid names");
        }
    }
}

#[test]
fn available_levels() {
    let available: Vec<Level> = Level::available().collect();
    assert!(available.contains(&Level::Scalar), "{available:?}");
    assert_eq!(available.last(), Some(&Level::Scalar), "best first, scalar last: {available:?}");
    assert!(available.contains(&Level::best()), "best {} in {available:?}", Level::best());
    assert_eq!(available.first(), Some(&Level::best()), "best is the first available");
    for w in available.windows(2) {
        assert!(rank(w[0]) >= rank(w[1]), "best first: {available:?}");
    }
    for l in &available {
        assert!(l.is_available(), "{l} listed but not available");
        assert_eq!(available.iter().filter(|m| *m == l).count(), 1, "{l} listed twice");
    }
}

#[test]
fn backend_exists_exactly_for_available_levels() {
    let available: Vec<Level> = Level::available().collect();
    for (level, _) in NAMED {
        let b = Backend::new(level);
        // `Backend::new` ignores the cap: it says what the CPU can run.
        assert_eq!(b.is_some(), level.is_available(), "{level}");
        if let Some(b) = b {
            assert_eq!(b.level(), level);
            assert!(format!("{b:?}").contains(&format!("{level:?}")), "{b:?}");
        }
        if available.contains(&level) {
            assert!(b.is_some(), "{level} available without a backend");
        }
    }
    let all: Vec<Level> = Backend::all().map(|b| b.level()).collect();
    assert_eq!(all, available);
    assert_eq!(Backend::best().level(), Level::best());
}

#[test]
fn cap_is_respected() {
    let available: Vec<Level> = Level::available().collect();
    match cap() {
        Some(cap) => {
            for l in &available {
                assert!(rank(*l) <= rank(cap), "{l} above CORE_SIMD_MAX={cap}");
            }
            if cap == Level::Scalar {
                assert_eq!(available, [Level::Scalar]);
            }
        }
        None => {
            // Uncapped: every level the CPU has is listed.
            for (level, _) in NAMED {
                assert_eq!(available.contains(&level), level.is_available(), "{level}");
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn x86_64_detection() {
    use std::is_x86_feature_detected as has;
    assert!(Level::Sse2.is_available(), "SSE2 is the x86_64 baseline");
    assert!(!Level::Neon.is_available());
    let v2 = has!("ssse3") && has!("sse4.1") && has!("sse4.2") && has!("popcnt");
    assert_eq!(Level::Sse42.is_available(), v2, "SSE4.2 level = x86-64-v2");
    let v3 = v2
        && has!("avx2")
        && has!("bmi1")
        && has!("bmi2")
        && has!("f16c")
        && has!("fma")
        && has!("lzcnt")
        && has!("movbe");
    assert_eq!(Level::Avx2.is_available(), v3, "AVX2 level = x86-64-v3");
    if cap().is_none() && v3 {
        assert!(rank(Level::best()) >= rank(Level::Avx2), "best = {}", Level::best());
    }
}

/// The child side of `core_simd_max_caps_the_dispatch` (see there); passes trivially when
/// not run as that child.
#[test]
fn capped_child() {
    if !core_cpu::testing::is_child() {
        return;
    }
    let cap: Level = std::env::var("CORE_SIMD_MAX").unwrap().parse().unwrap();
    // The free functions' cached kernels come from `Backend::best()`'s table.
    assert!(rank(Backend::best().level()) <= rank(cap), "{:?}", Backend::best());
    assert_eq!(Backend::best().level(), Level::available().next().unwrap());
    assert!(Level::available().all(|l| rank(l) <= rank(cap)));
    assert_eq!(core_text::utf8::from_utf8(b"caf\xc3\xa9"), Ok("café"));
}

/// The child side of the bad-value case.
#[test]
fn misspelt_child() {
    if !core_cpu::testing::is_child() {
        return;
    }
    assert!(Level::from_env().is_err());
    assert!(core_text::utf8::validate(b"ok"));
    // Reported, then ignored: every level runs.
    assert_eq!(Level::available().count(), Level::ALL.iter().filter(|l| l.is_available()).count());
}

/// `CORE_SIMD_MAX` caps this crate's dispatch (in a child process per value: the variable is
/// read once), and a value that is no level is reported on standard error.
#[test]
fn core_simd_max_caps_the_dispatch() {
    if core_cpu::testing::is_child() {
        return;
    }
    for level in Level::available() {
        let (ok, out) = core_cpu::testing::run_capped("capped_child", level.name());
        assert!(ok, "CORE_SIMD_MAX={level}:\n{out}");
    }
    let (ok, out) = core_cpu::testing::run_capped("misspelt_child", "avx-512");
    assert!(ok, "{out}");
    assert!(out.contains("core-cpu: ignoring CORE_SIMD_MAX=\"avx-512\""), "{out}");
}

#[cfg(target_arch = "aarch64")]
#[test]
fn aarch64_detection() {
    assert!(Level::Neon.is_available(), "NEON is the aarch64 baseline");
    assert!(!Level::Sse2.is_available() && !Level::Avx2.is_available());
    if cap().is_none() {
        assert_eq!(Level::best(), Level::Neon);
    }
}

/// The AVX-512 level is there exactly when the CPU has every feature its kernels use, so a
/// machine with them runs (and tests) the AVX-512 transcoders.
#[cfg(target_arch = "x86_64")]
#[test]
fn avx512_follows_the_cpu() {
    let has = |f: &str| match f {
        "avx2" => std::is_x86_feature_detected!("avx2"),
        "bmi2" => std::is_x86_feature_detected!("bmi2"),
        "avx512f" => std::is_x86_feature_detected!("avx512f"),
        "avx512bw" => std::is_x86_feature_detected!("avx512bw"),
        "avx512vl" => std::is_x86_feature_detected!("avx512vl"),
        "avx512vbmi" => std::is_x86_feature_detected!("avx512vbmi"),
        "avx512vbmi2" => std::is_x86_feature_detected!("avx512vbmi2"),
        _ => unreachable!(),
    };
    let features = ["avx2", "bmi2", "avx512f", "avx512bw", "avx512vl", "avx512vbmi", "avx512vbmi2"];
    let expected = features.iter().all(|f| has(f));
    assert_eq!(Level::Avx512.is_available(), expected);
    eprintln!("avx512 level available: {expected}");
}
