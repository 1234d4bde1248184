//! No heap allocation per search node: once the stack is built, a whole search allocates nothing.
//! (A test binary of its own, because the counting allocator is global.)

use backtrack::{Attempt, Ones, stack_assumptions};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
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
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let (solutions, nodes) = if fewest {
            let mut search = stack_assumptions(&gens).fewest_first();
            let built = ALLOCATIONS.load(Ordering::Relaxed);
            let solutions = search.by_ref().count();
            assert_eq!(
                ALLOCATIONS.load(Ordering::Relaxed),
                built,
                "allocated while searching (fewest first)"
            );
            (solutions, search.stats().nodes())
        } else {
            let mut search = stack_assumptions(&gens);
            let built = ALLOCATIONS.load(Ordering::Relaxed);
            let solutions = search.by_ref().count();
            assert_eq!(ALLOCATIONS.load(Ordering::Relaxed), built, "allocated while searching");
            (solutions, search.stats().nodes())
        };
        assert_eq!(solutions, 724);
        assert!(nodes > 10_000);
        // Building: the frames, the guards, the counters, and for fewest-first the slot order.
        assert!(ALLOCATIONS.load(Ordering::Relaxed) - before <= 4);
    }
}
