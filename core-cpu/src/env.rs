//! `CORE_SIMD_MAX`: the process-wide cap on the SIMD level, read once.
//!
//! Unset or empty: no cap. A level name ([`Level::name`], any ASCII case): that level and
//! those ranked below it. Anything else is an error: [`Level::from_env`] returns it, and the
//! first use of the cap prints it once on standard error and runs uncapped (a library does
//! not abort its host process over an environment variable, but neither does it pass over a
//! misspelling in silence).

use crate::Level;
use core::fmt;

/// `CORE_SIMD_MAX` is set to something that is not a level name.
///
/// # Examples
/// ```
/// use core_cpu::Level;
/// // The variable is read once per process: set it before anything asks for a level.
/// std::env::set_var("CORE_SIMD_MAX", "avx-2");
/// let err = Level::from_env().unwrap_err();
/// assert_eq!(err.value(), "avx-2");
/// assert!(err.to_string().starts_with("CORE_SIMD_MAX=\"avx-2\": unknown SIMD level"));
/// // Detection then runs uncapped instead of failing.
/// assert_eq!(Level::available().next(), Some(Level::best()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimdMaxError {
    #[cfg(feature = "std")]
    value: std::string::String,
    /// Why the value is not a level name.
    parse: crate::ParseLevelError,
}

impl SimdMaxError {
    /// The variable's value, as read (lossily decoded if it was not UTF-8).
    ///
    /// # Examples
    /// ```
    /// // Surrounding blanks are kept here, though the parser ignores them.
    /// std::env::set_var("CORE_SIMD_MAX", " avx3 ");
    /// let err = core_cpu::Level::from_env().unwrap_err();
    /// assert_eq!(err.value(), " avx3 ");
    /// ```
    #[cfg(feature = "std")]
    pub fn value(&self) -> &str {
        &self.value
    }
}

impl fmt::Display for SimdMaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(feature = "std")]
        write!(f, "CORE_SIMD_MAX={:?}: ", self.value)?;
        write!(f, "{}", self.parse)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SimdMaxError {
    /// The [`ParseLevelError`](crate::ParseLevelError) of the value.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.parse)
    }
}

/// The variable, parsed (once per process).
#[cfg(feature = "std")]
pub(crate) fn from_env() -> Result<Option<Level>, SimdMaxError> {
    use std::sync::OnceLock;
    static CAP: OnceLock<Result<Option<Level>, SimdMaxError>> = OnceLock::new();
    CAP.get_or_init(|| match std::env::var_os("CORE_SIMD_MAX") {
        None => Ok(None),
        Some(v) => parse(&v.to_string_lossy()),
    })
    .clone()
}

/// The cap a value of the variable sets.
#[cfg(feature = "std")]
fn parse(value: &str) -> Result<Option<Level>, SimdMaxError> {
    if value.trim().is_empty() {
        return Ok(None);
    }
    value.parse().map(Some).map_err(|parse| SimdMaxError { value: value.into(), parse })
}

#[cfg(not(feature = "std"))]
pub(crate) fn from_env() -> Result<Option<Level>, SimdMaxError> {
    Ok(None)
}

/// The cap in force: the variable's level, or none (an invalid value is reported once).
pub(crate) fn cap() -> Option<Level> {
    match from_env() {
        Ok(cap) => cap,
        Err(e) => {
            report(&e);
            None
        }
    }
}

#[cfg(feature = "std")]
fn report(e: &SimdMaxError) {
    use std::sync::Once;
    static ONCE: Once = Once::new();
    ONCE.call_once(|| std::eprintln!("core-cpu: ignoring {e}"));
}

#[cfg(not(feature = "std"))]
fn report(_: &SimdMaxError) {}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use std::prelude::rust_2021::*;

    #[test]
    fn values_parse() {
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse("  "), Ok(None));
        assert_eq!(parse("AVX2"), Ok(Some(Level::Avx2)));
        assert_eq!(parse("sse4.2"), Ok(Some(Level::Sse42)));
        let e = parse("avx-2").unwrap_err();
        assert_eq!(e.value(), "avx-2");
        assert_eq!(
            e.to_string(),
            "CORE_SIMD_MAX=\"avx-2\": unknown SIMD level \"avx-2\" (expected scalar, sse2, \
             sse4.2, avx2, avx512 or neon)"
        );
        let source = std::error::Error::source(&e).expect("the parse error");
        assert_eq!(source.to_string(), "avx-2".parse::<Level>().unwrap_err().to_string());
    }

    /// CI runs the suites with `CORE_SIMD_MAX` set to each level: a misspelt level there
    /// fails here instead of testing the best level again in silence.
    #[test]
    fn the_variable_names_a_level_when_set() {
        if let Err(e) = Level::from_env() {
            std::panic!("{e}");
        }
    }
}
