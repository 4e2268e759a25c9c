//! x86_64 backends: SSE2 (baseline), AVX2 and AVX-512.

pub(crate) mod avx2;
pub(crate) mod avx512;
pub(crate) mod sse2;

/// `n` low bits set, for `n <= 64`.
#[inline(always)]
fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// Whether the AVX2 level (AVX2, BMI1, BMI2, POPCNT) can run.
pub(crate) fn avx2_available() -> bool {
    #[cfg(feature = "std")]
    {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(feature = "std"))]
    {
        cfg!(all(
            target_feature = "avx2",
            target_feature = "bmi1",
            target_feature = "bmi2",
            target_feature = "popcnt"
        ))
    }
}

/// Whether the AVX-512 level (the AVX2 level's features plus AVX-512 F, BW, VL, VBMI and
/// VBMI2) can run.
pub(crate) fn avx512_available() -> bool {
    #[cfg(feature = "std")]
    {
        avx2_available()
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512vbmi")
            && std::is_x86_feature_detected!("avx512vbmi2")
    }
    #[cfg(not(feature = "std"))]
    {
        avx2_available()
            && cfg!(all(
                target_feature = "avx512f",
                target_feature = "avx512bw",
                target_feature = "avx512vl",
                target_feature = "avx512vbmi",
                target_feature = "avx512vbmi2"
            ))
    }
}
