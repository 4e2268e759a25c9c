//! `set_equals`, `range_count` and range iteration allocate nothing: checked with a counting
//! global allocator.

use core_collections::immutable::ord::{ImmutableOrdMap, ImmutableOrdSet};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeSet;

/// Counts the bytes the current thread allocates, delegating to the system allocator.
struct Counting;

thread_local! {
    static BYTES: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so
// `System`'s guarantees hold; the counter is a plain thread-local that never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = BYTES.try_with(|b| b.set(b.get() + layout.size()));
        // SAFETY: forwarded from our caller, who upholds `alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` (above) with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = BYTES.try_with(|b| b.set(b.get() + new_size));
        // SAFETY: forwarded from our caller, who upholds `realloc`'s contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Bytes allocated on this thread while `f` runs.
fn allocated<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = BYTES.with(Cell::get);
    let r = f();
    (BYTES.with(Cell::get) - before, r)
}

#[test]
fn set_equals_allocates_nothing() {
    let a: ImmutableOrdSet<i32> = (0..10_000).collect();
    let b: ImmutableOrdSet<i32> = (0..10_000).collect();
    let c = b.without(&5000).update(10_001);
    let std: BTreeSet<i32> = (0..10_000).collect();
    assert_eq!(allocated(|| a.set_equals(&b)), (0, true));
    assert_eq!(allocated(|| a.set_equals(&c)), (0, false));
    assert_eq!(allocated(|| a.set_equals(&a.clone())), (0, true));
    assert_eq!(allocated(|| a.set_equals_btree(&std)), (0, true));
}

#[test]
fn range_count_and_range_iteration_allocate_nothing() {
    let m: ImmutableOrdMap<u64, u64> = (0..100_000).map(|i| (i, i)).collect();
    assert_eq!(allocated(|| m.range_count(1_000..90_000)), (0, 89_000));
    assert_eq!(allocated(|| m.range(1_000..=90_000).count()), (0, 89_001));
    assert_eq!(allocated(|| m.range(..500).map(|(k, _)| k).sum::<u64>()), (0, 124_750));
    assert_eq!(allocated(|| m.iter().rev().nth(10).map(|(k, _)| *k)), (0, Some(99_989)));
}
