//! `core-collections`: read-optimised frozen maps and sets, persistent immutable collections
//! with structural sharing, and slice aggregates.

pub mod frozen;
pub mod hash;
pub mod immutable;
pub mod slice;
