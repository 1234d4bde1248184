//! Knuth's exact-cover format (`backtrack cover`'s reader), the matrix it builds, and a bounded
//! search of it.
//!
//! Checked: no panic; a problem that reads writes out and reads back as the same problem; every
//! solution found is an exact cover (each primary item once, or within its bounds for Algorithm
//! M; each secondary item at most once, or several times with one colour for Algorithm C); the
//! links are whole again after the search; the search on bit sets finds the same solutions in
//! the same order, with the same counters.

#![no_main]

use backtrack::dlx::{BitMultiSolver, BitSolver, Budget, MultiSolver, Named, Outcome, Stats};
use backtrack_fuzz::timed;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(mut problem) = timed("reading", || Named::from_knuth_format(text)) else { return };
    let written = problem.to_knuth_format();
    let again = Named::from_knuth_format(&written).expect("what was written reads back");
    assert_eq!(again.to_knuth_format(), written);

    let matrix = problem.matrix_ref();
    let (primary, items) = (matrix.primary_items(), matrix.items());
    let bounds: Vec<(u32, u32)> = (0..primary).map(|i| matrix.bounds(i)).collect();
    let options: Vec<Vec<(usize, u32)>> =
        (0..matrix.options()).map(|o| matrix.option_colored_items(o).collect()).collect();
    let check = |solution: &[usize]| {
        let mut covered = vec![0u32; items];
        let mut colour: Vec<Option<u32>> = vec![None; items];
        for &o in solution {
            for &(i, c) in &options[o] {
                covered[i] += 1;
                if i >= primary {
                    // Several times only with one colour, never without one.
                    match colour[i] {
                        None => colour[i] = Some(c),
                        Some(first) => {
                            assert!(c > 0 && first == c, "a secondary item twice, not with one colour")
                        }
                    }
                }
            }
        }
        for (i, &(lo, hi)) in bounds.iter().enumerate() {
            assert!(
                (lo..=hi).contains(&covered[i]),
                "primary item {i} covered {} times, not {lo} to {hi}",
                covered[i]
            );
        }
    };
    if problem.matrix_ref().has_multiplicities() {
        let bits = problem.matrix_ref().takes_bits().then(|| BitMultiSolver::new(problem.matrix_ref()));
        let mut solver = MultiSolver::new(problem.matrix()).budget(&Budget::nodes(5_000));
        let mut found = Vec::new();
        timed("a bounded search", || {
            solver.search(|solution| {
                check(solution);
                found.push(solution.to_vec());
                found.len() < 50
            })
        });
        let (stats, outcome) = (solver.stats(), solver.outcome());
        drop(solver);
        problem.matrix_ref().sanity().expect("the links are whole after the search");
        // Algorithm M on bit sets: the same solutions in the same order, the same counters.
        if let Some(bits) = bits {
            same_search(bits.budget(&Budget::nodes(5_000)), &found, (stats, outcome));
        }
        return;
    }
    let bits = problem
        .matrix_ref()
        .takes_bits()
        .then(|| BitSolver::new(problem.matrix_ref()).expect("Algorithm X or C"));
    let mut solver = problem.matrix().solver().budget(&Budget::nodes(5_000));
    let mut found = Vec::new();
    timed("a bounded search", || {
        for _ in 0..50 {
            let Some(solution) = solver.next_solution() else { break };
            check(solution);
            found.push(solution.to_vec());
        }
    });
    let (stats, outcome) = (solver.stats(), solver.outcome());
    drop(solver);
    problem.matrix_ref().sanity().expect("the links are whole after the search");
    // Algorithms X and C on bit sets: the same solutions in the same order, the same counters.
    if let Some(bits) = bits {
        same_search(bits.budget(&Budget::nodes(5_000)), &found, (stats, outcome));
    }
});

/// A search on bit sets finds the dancing links' solutions `found` (up to 50) in their order,
/// and ends with their counters and outcome when they found fewer.
fn same_search(bits: impl Iterator<Item = Vec<usize>> + Ended, found: &[Vec<usize>], end: (Stats, Outcome)) {
    let mut bits = bits;
    let mut again = Vec::new();
    timed("the search on bit sets", || {
        while again.len() < found.len() {
            let Some(solution) = bits.next() else { break };
            again.push(solution);
        }
    });
    assert_eq!(again, found, "bit sets and dancing links find other solutions");
    if found.len() < 50 {
        assert!(bits.next().is_none());
        assert_eq!(bits.end(), end, "bit sets count otherwise");
    }
}

/// The counters and outcome of a search on bit sets.
trait Ended {
    fn end(&self) -> (Stats, Outcome);
}

impl Ended for BitSolver {
    fn end(&self) -> (Stats, Outcome) {
        (self.stats(), self.outcome())
    }
}

impl Ended for BitMultiSolver {
    fn end(&self) -> (Stats, Outcome) {
        (self.stats(), self.outcome())
    }
}
