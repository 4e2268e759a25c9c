//! x86_64 backends: SSE2 (baseline) and AVX2.

pub(crate) mod avx2;
pub(crate) mod sse2;

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
