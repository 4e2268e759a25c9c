//! Allocation counts of the zero-allocation paths, with a counting global allocator:
//! `set_equals` between equal sets with the same hasher, `set_equals_std`, a union into an
//! empty set (which must also share the root), and the bytes a builder allocates for the
//! `FromArray` seed input (4,096 pairs (i, i)).

use core_collections::immutable::hash::{ImmutableHashMap, ImmutableHashSet};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::HashSet;

struct Counting;

thread_local! {
    static BYTES: Cell<usize> = const { Cell::new(0) };
    static CALLS: Cell<usize> = const { Cell::new(0) };
}

fn count(size: usize) {
    // `try_with`: the allocator may run while thread-locals are being torn down.
    let _ = BYTES.try_with(|b| b.set(b.get() + size));
    let _ = CALLS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: forwards every call to `System` unchanged; the counters are thread-local cells.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract, which `System` shares.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc`/`realloc` with this layout (we forward all).
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        // SAFETY: as for `dealloc`; `new_size` obeys the caller's contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// (calls, bytes) allocated on this thread while running `f`.
fn allocated<R>(f: impl FnOnce() -> R) -> (usize, usize, R) {
    let (c0, b0) = (CALLS.with(Cell::get), BYTES.with(Cell::get));
    let r = f();
    (CALLS.with(Cell::get) - c0, BYTES.with(Cell::get) - b0, r)
}

#[test]
fn set_equals_same_hasher_allocates_nothing() {
    // The EqualImmutableHashSet seed: two sets of 0..9,999 built separately.
    let a: ImmutableHashSet<i32> = (0..10_000).collect();
    let b: ImmutableHashSet<i32> = (0..10_000).rev().collect();
    assert!(!a.ptr_eq(&b));
    let (calls, bytes, eq) = allocated(|| a.set_equals(&b));
    assert!(eq);
    assert_eq!((calls, bytes), (0, 0));
    let c = b.without(&5_000).update(10_000);
    let (calls, bytes, eq) = allocated(|| a.set_equals(&c));
    assert!(!eq);
    assert_eq!((calls, bytes), (0, 0));
    let (calls, _, eq) = allocated(|| a == b);
    assert!(eq);
    assert_eq!(calls, 0);
}

#[test]
fn set_equals_std_allocates_nothing() {
    // The EqualHashSet seed.
    let a: ImmutableHashSet<i32> = (0..10_000).collect();
    let std: HashSet<i32> = (0..10_000).collect();
    let (calls, bytes, eq) = allocated(|| a.set_equals_std(&std));
    assert!(eq);
    assert_eq!((calls, bytes), (0, 0));
}

#[test]
fn union_into_empty_allocates_nothing_and_shares_the_root() {
    // The FreshDestinationUnionWith seed: 0..4,095.
    let src: ImmutableHashSet<i32> = (0..4096).collect();
    let (calls, bytes, u) = allocated(|| ImmutableHashSet::with_hasher(*src.hasher()).union(&src));
    assert_eq!((calls, bytes), (0, 0));
    assert!(u.ptr_eq(&src));
    assert!(u.set_equals(&src));
}

#[test]
fn from_array_bytes() {
    // The FromArray seed: 4,096 pairs (i, i). Reported, and bounded so regressions show.
    let pairs: Vec<(i32, i32)> = (0..4096).map(|i| (i, i)).collect();
    let (calls, bytes, map) = allocated(|| {
        let mut b = ImmutableHashMap::builder();
        b.extend(pairs.iter().copied());
        b.build()
    });
    assert_eq!(map.len(), 4096);
    println!("FromArray (builder, 4096 pairs): {bytes} bytes in {calls} allocations");
    let (calls2, bytes2, map2) =
        allocated(|| pairs.iter().copied().collect::<ImmutableHashMap<i32, i32>>());
    assert_eq!(map2, map);
    println!("FromArray (collect, 4096 pairs): {bytes2} bytes in {calls2} allocations");
    assert!(bytes < 400 * 1024, "{bytes} bytes");
}
