//! `core-time`: time zones for the core-* family.
//!
//! This crate will hold IANA time zones (TZif parsing, POSIX TZ rules, cached transitions, an
//! embedded tz database) and ISO-8601 formatting. None of it has landed yet: the crate is an
//! empty placeholder in the workspace so that its issue can fill it without reshaping the
//! repository. It intentionally exports nothing.
#![no_std]
