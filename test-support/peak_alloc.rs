//! A counting global allocator for the hostile-input tests of several crates (each test file
//! includes this one with `#[path]` and is its own test binary, so the allocator sees only that
//! binary's allocations): the peak of live heap bytes while one call runs. Tests take
//! [`one_at_a_time`] first, so the peak is the call's own.

// Each including binary uses only some of the helpers.
#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

struct Peak;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(bytes: usize) {
    let live = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

// SAFETY: every call is forwarded to the system allocator unchanged; the counters only
// record sizes.
unsafe impl GlobalAlloc for Peak {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        // SAFETY: the caller's obligations for `alloc` are passed on as they are.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` was allocated by `System` with `layout`, as the caller guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        grew(new_size);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's obligations for `realloc` are passed on as they are.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Peak = Peak;

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Holds the other measuring tests of this binary off while it lives.
pub fn one_at_a_time() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// `f`'s result, the peak of heap bytes it held beyond what was live before, and its time.
pub fn measured<T>(f: impl FnOnce() -> T) -> (T, usize, Duration) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let start = Instant::now();
    let t = f();
    let elapsed = start.elapsed();
    (t, PEAK.load(Ordering::Relaxed) - base, elapsed)
}

/// `f`'s result and the peak of heap bytes it held beyond what was live before.
pub fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let (t, peak, _) = measured(f);
    (t, peak)
}
