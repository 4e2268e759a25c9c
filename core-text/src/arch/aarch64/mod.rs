//! aarch64 backend: NEON (baseline on aarch64).

pub(crate) mod neon;
