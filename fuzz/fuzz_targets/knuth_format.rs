//! Knuth's exact-cover format (`backtrack cover`'s reader), the matrix it builds, and a bounded
//! search of it.
//!
//! Checked: no panic; a problem that reads writes out and reads back as the same problem; every
//! solution found is an exact cover (each primary item once, each secondary item at most once);
//! the links are whole again after the search.

#![no_main]

use backtrack::dlx::{Budget, Named};
use backtrack_fuzz::timed;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(mut problem) = timed("reading", || Named::from_knuth_format(text)) else { return };
    let written = problem.to_knuth_format();
    let again = Named::from_knuth_format(&written).expect("what was written reads back");
    assert_eq!(again.to_knuth_format(), written);

    let (primary, items) = (problem.matrix_ref().primary_items(), problem.matrix_ref().items());
    let options: Vec<Vec<usize>> =
        (0..problem.matrix_ref().options()).map(|o| problem.matrix_ref().option_items(o).collect()).collect();
    let mut solver = problem.matrix().solver().budget(&Budget::nodes(5_000));
    timed("a bounded search", || {
        for _ in 0..50 {
            let Some(solution) = solver.next_solution() else { break };
            let mut covered = vec![0u32; items];
            for &o in solution {
                for &i in &options[o] {
                    covered[i] += 1;
                }
            }
            assert!(covered[..primary].iter().all(|&c| c == 1), "a primary item not covered exactly once");
            assert!(covered[primary..].iter().all(|&c| c <= 1), "a secondary item covered twice");
        }
    });
    drop(solver);
    problem.matrix_ref().sanity().expect("the links are whole after the search");
});
