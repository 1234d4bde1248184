//! No heap allocation per search node: once the stack is built, a whole search allocates nothing.
//! (A test binary of its own, because the counting allocator is global.) Each thread counts its
//! own allocations: the test harness's other threads allocate when they like.

use backtrack::{Attempt, Ones, stack_assumptions};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    /// Allocations made by this thread (a `const` initialiser: reading it never allocates).
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// This thread's allocations so far.
fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // `try_with`: a thread being torn down has no counter left, and is not the test's.
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn a_whole_search_allocates_nothing_once_built() {
    // Ten queens as bit masks: 35,539 nodes, 724 solutions.
    const N: usize = 10;
    let (cols, diags, antis) = (Cell::new(0u32), Cell::new(0u32), Cell::new(0u32));
    let toggle = |row: usize, col: usize| {
        cols.set(cols.get() ^ 1 << col);
        diags.set(diags.get() ^ 1 << (row + col));
        antis.set(antis.get() ^ 1 << (row + N - col));
    };
    let gens: Vec<_> = (0..N)
        .map(|row| {
            let (cols, diags, antis, toggle) = (&cols, &diags, &antis, &toggle);
            move || {
                let free = (0..N).filter(|&c| {
                    (cols.get() >> c | diags.get() >> (row + c) | antis.get() >> (row + N - c)) & 1 == 0
                });
                Ones(free.fold(0u64, |mask, c| mask | 1 << c)).map(move |col| {
                    toggle(row, col);
                    Attempt::new((row, col), move |&(r, c)| toggle(r, c))
                })
            }
        })
        .collect();

    for fewest in [false, true] {
        let before = allocations();
        let (solutions, nodes) = if fewest {
            let mut search = stack_assumptions(&gens).fewest_first();
            let built = allocations();
            let solutions = search.by_ref().count();
            assert_eq!(allocations(), built, "allocated while searching (fewest first)");
            (solutions, search.stats().nodes())
        } else {
            let mut search = stack_assumptions(&gens);
            let built = allocations();
            let solutions = search.by_ref().count();
            assert_eq!(allocations(), built, "allocated while searching");
            (solutions, search.stats().nodes())
        };
        assert_eq!(solutions, 724);
        assert!(nodes > 10_000);
        // Building: the frames, the guards, the counters, and for fewest-first the slot order
        // and the swaps that put it in place.
        assert!(allocations() - before <= 5);
    }
}
