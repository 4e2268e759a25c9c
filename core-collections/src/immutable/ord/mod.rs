//! Persistent sorted collections: [`ImmutableOrdMap`] and [`ImmutableOrdSet`].
//!
//! Both are one B-tree (up to 32 entries per node) whose nodes are shared between versions
//! through `Arc`:
//!
//! ```text
//! update(v, k):  clone the root Arc (O(1)), then walk down with Arc::make_mut at each level:
//!                a node shared with an older version is copied, an owned one edited in place;
//!                an overflowing node splits and pushes its middle entry up.
//! without(v, k): the same walk; an underflowing child borrows from a sibling or merges.
//! range(a..b):   two fixed-size cursors (root-to-leaf stacks, no allocation) and the count
//!                between them, from the subtree size stored in every node: O(log n).
//! ```
//!
//! This is path copying as in Okasaki's persistent structures and Clojure/Scala's sorted
//! collections, on a B-tree for cache-friendliness; the per-node subtree sizes make it an
//! order-statistic tree (rank, count, select in O(log n)). `set_equals` follows .NET 11's
//! `ImmutableSortedSet.SetEquals` (dotnet/runtime#126549): compare counts, then one lock-step
//! pass, with no temporary set.

mod entry;
mod iter;
mod map;
mod node;
mod set;

pub use entry::{Entry, OccupiedEntry, VacantEntry};
pub use map::{ImmutableOrdMap, IntoIter as MapIntoIter, Iter as MapIter, Keys, Values};
pub use set::{ImmutableOrdSet, IntoIter as SetIntoIter, Iter as SetIter};
