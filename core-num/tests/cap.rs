//! `CORE_SIMD_MAX` caps this crate's kernels (in a child process per value: the variable is
//! read once), and a value that is no level is reported.

use core_num::arch::{__kernels, Level};

/// The child side of `core_simd_max_caps_the_kernels`; passes trivially when not that child.
#[test]
fn capped_child() {
    if !core_cpu::testing::is_child() {
        return;
    }
    let cap: Level = std::env::var("CORE_SIMD_MAX").unwrap().parse().unwrap();
    let auto = __kernels::auto_level();
    assert!(cap.includes(auto), "kernels of {auto} run under CORE_SIMD_MAX={cap}");
    assert_eq!(auto, Level::available().next().unwrap());
    if !cap.includes(Level::Avx512) {
        assert!(!__kernels::ifma_ntt(), "the IFMA transform runs under CORE_SIMD_MAX={cap}");
    }
    // Pinned levels ignore the cap: every level the CPU has keeps its kernels.
    for level in Level::ALL {
        assert_eq!(
            __kernels::add_n_at(level, &mut [0], &[1], &[2]).is_some(),
            level.is_available()
        );
    }
    let x = core_num::BigUint::from(3u32).pow(500);
    assert_eq!((&x * &x).to_string(), core_num::BigUint::from(3u32).pow(1000).to_string());
}

/// The child side of the bad-value case.
#[test]
fn misspelt_child() {
    if !core_cpu::testing::is_child() {
        return;
    }
    assert!(Level::from_env().is_err());
    assert_eq!(__kernels::auto_level(), Level::ALL.into_iter().find(|l| l.is_available()).unwrap());
}

#[test]
fn core_simd_max_caps_the_kernels() {
    if core_cpu::testing::is_child() {
        return;
    }
    for level in Level::available() {
        let (ok, out) = core_cpu::testing::run_capped("capped_child", level.name());
        assert!(ok, "CORE_SIMD_MAX={level}:\n{out}");
    }
    let (ok, out) = core_cpu::testing::run_capped("misspelt_child", "sse42");
    assert!(ok, "{out}");
    assert!(out.contains("core-cpu: ignoring CORE_SIMD_MAX=\"sse42\""), "{out}");
}
