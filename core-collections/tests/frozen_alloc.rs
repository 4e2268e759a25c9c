//! Construction cost: building a frozen map of 4,096 integer pairs allocates at most twice the
//! map's final heap size. Its own test binary, for the counting global allocator.

use core_collections::frozen::{FrozenMap, Strategy};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATED: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards every call to the system allocator unchanged; it only counts bytes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's obligations for `alloc` are passed on as they are.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout`, as the caller guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATED.fetch_add(new_size, Ordering::Relaxed);
        // SAFETY: the caller's obligations for `realloc` are passed on as they are.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocated_while<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATED.load(Ordering::Relaxed);
    let t = f();
    (t, ALLOCATED.load(Ordering::Relaxed) - before)
}

#[test]
fn building_4096_int_pairs_allocates_at_most_twice_the_final_size() {
    let mut x = 1u64;
    let sparse: Vec<(u64, u64)> = (0..4096)
        .map(|i| {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (x, i)
        })
        .collect();
    let dense: Vec<(u64, u64)> = (0..4096).map(|i| (i * 3, i)).collect();
    for (pairs, strategy) in [(sparse, Strategy::SparseInts), (dense, Strategy::DenseInts)] {
        // From an exact-size iterator and from one with no size hint.
        let (map, bytes) = allocated_while(|| FrozenMap::new(pairs.iter().copied()));
        assert_eq!(map.strategy(), strategy);
        assert!(bytes <= 2 * map.heap_size(), "{strategy:?}: {bytes} > 2 × {}", map.heap_size());
        let (map, bytes) =
            allocated_while(|| FrozenMap::new(pairs.iter().copied().filter(|_| true)));
        // Without a size hint the entry buffer grows by doubling: allow for the copies.
        assert!(
            bytes <= 3 * map.heap_size(),
            "{strategy:?} unsized: {bytes} > 3 × {}",
            map.heap_size()
        );
    }
}
