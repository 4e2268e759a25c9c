//! `core-collections`: collections for the core-* family.
//!
//! This crate will hold frozen maps and sets that choose their lookup strategy from the keys they
//! are built with, persistent immutable collections and vectorized slice aggregates. None of it
//! has landed yet: the crate is an empty placeholder in the workspace so that its issue can fill
//! it without reshaping the repository. It intentionally exports nothing.
#![no_std]
