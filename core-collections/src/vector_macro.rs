//! The [`vector!`](crate::vector!) construction macro.

/// Builds a [`Vector`](crate::Vector) from a list of elements, like `vec!` (and like
/// `imbl::vector!`).
///
/// ```
/// use core_collections::{vector, Vector};
///
/// let empty: Vector<u8> = vector![];
/// let v = vector![1, 2, 3];
/// let w = vector!["x"; 4];
/// assert_eq!((empty.len(), v.len(), v[2]), (0, 3, 3));
/// assert_eq!(w.iter().filter(|s| **s == "x").count(), 4);
/// ```
#[macro_export]
macro_rules! vector {
    () => {
        $crate::Vector::new()
    };
    ($elem:expr; $n:expr) => {
        $crate::Vector::from(::std::vec![$elem; $n])
    };
    ($($x:expr),+ $(,)?) => {
        $crate::Vector::from(::std::vec![$($x),+])
    };
}
