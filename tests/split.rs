//! One search cut into parts (`backtrack::split`, `dlx::Solver::to_depth`): the parts' counters
//! add up to the whole search's exactly, on threads and in shards, in either slot order, and
//! every part leaves the state as it found it.

mod common;

use backtrack::dlx::{self, Budget, Named};
use backtrack::split::{self, Part, Shard};
use backtrack::sudoku::Board;
use backtrack::{Attempt, Event, Stats, stack_assumptions};
use std::cell::Cell;

/// OEIS A000170.
const QUEENS: [u64; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];

/// Whether no queen of the rows above `row` attacks (`row`, `col`).
fn free(cols: &[Cell<Option<usize>>], row: usize, col: usize) -> bool {
    cols[..row]
        .iter()
        .enumerate()
        .all(|(r, c)| c.get().is_none_or(|c| c != col && c.abs_diff(col) != row - r))
}

/// N queens on a plain board (independent of the example's masks): one generator a row.
macro_rules! generators {
    ($cols:expr) => {{
        let cols = &$cols;
        (0..cols.len())
            .map(|row| {
                move || {
                    (0..cols.len()).filter(move |&col| free(cols, row, col)).map(move |col| {
                        cols[row].set(Some(col));
                        Attempt::new((), move |_| cols[row].set(None))
                    })
                }
            })
            .collect::<Vec<_>>()
    }};
}

/// One part of the search of N queens.
fn queens(n: usize, part: Part<'_>) -> Stats {
    let cols: Vec<Cell<Option<usize>>> = (0..n).map(|_| Cell::new(None)).collect();
    let generators = generators!(cols);
    let stats = part.count(stack_assumptions(&generators));
    assert!(cols.iter().all(|c| c.get().is_none()), "every queen taken back");
    stats
}

fn whole(n: usize) -> Stats {
    queens(n, Part::Top { depth: usize::MAX, leaves: &mut split::Leaves::new() })
}

#[test]
fn shards_add_up_to_the_whole_search() {
    for n in 1..=9 {
        let whole = whole(n);
        assert_eq!(whole.solutions(), QUEENS[n - 1], "n = {n}");
        for count in [1, 2, 3, 5, 16] {
            for parts in [1, 7, 64] {
                let mut total = Stats::default();
                for index in 1..=count {
                    let shard = Shard::new(index, count).unwrap();
                    total.add(&split::count_shard(parts, shard, |part| queens(n, part)));
                }
                assert_eq!(total, whole, "n = {n}, {count} shards, {parts} parts");
            }
        }
    }
}

/// One part of a search of `depth` slots of two choices each: a full binary tree.
fn binary(depth: usize, part: Part<'_>) -> Stats {
    let generators: Vec<_> = (0..depth).map(|_| || (0..2).map(|_| Attempt::new((), |_| ()))).collect();
    part.count(stack_assumptions(&generators))
}

#[test]
fn many_shards_cut_where_each_has_a_subtree_not_sixty_four() {
    // Every shard walks the top above the cut. 100,000 shards of a tree of 2^24 leaves cut at
    // depth 17, the shallowest with 100,000 subtrees (131,072, dealt back and forth: shard 1
    // takes the first only), a top of 2^18 - 2 nodes (depths 1 to 17); 64 a shard would cut at
    // depth 23 (6.4 million subtrees), a top of 2^24 - 2 nodes that every shard walks.
    let shard = Shard::new(1, 100_000).unwrap();
    assert_eq!(shard.parts(), 100_000);
    let stats = split::count_shard(shard.parts(), shard, |part| binary(24, part));
    assert_eq!(stats.solutions(), 1 << (24 - 17), "one subtree below depth 17");
    assert!(stats.nodes() < 1 << 19, "the top and one subtree: {} nodes", stats.nodes());
    // Up to 1,024 shards, 64 a shard, as before: 16 shards cut at depth 10 (1,024 subtrees).
    let shard = Shard::new(1, 16).unwrap();
    assert_eq!(
        split::count_shard(shard.parts(), shard, |part| binary(24, part)).solutions(),
        64 << (24 - 10)
    );
}

#[test]
fn threads_count_what_one_thread_counts() {
    for n in [1, 4, 8, 10] {
        let whole = whole(n);
        for threads in [1, 2, 3] {
            assert_eq!(split::count_parallel(threads, |part| queens(n, part)), whole, "n = {n}");
        }
    }
}

#[test]
fn the_dynamic_order_splits_too() {
    // The seed's generators, fewest candidates first: each part builds its own board.
    for puzzle in common::puzzles(common::TOP95).take(3).chain(common::puzzles(common::SERG).take(3)) {
        let part = |part: Part<'_>| {
            let board: Board = puzzle.parse().unwrap();
            let generators = board.generators();
            let stats = part.count(stack_assumptions(&generators).fewest_first());
            assert_eq!(board.to_string(), puzzle.parse::<Board>().unwrap().to_string(), "board restored");
            stats
        };
        let whole = part(Part::Top { depth: usize::MAX, leaves: &mut split::Leaves::new() });
        assert!(whole.solutions() >= 1);
        assert_eq!(split::count_parallel(2, part), whole, "{puzzle}");
        let mut total = Stats::default();
        for index in 1..=4 {
            total.add(&split::count_shard(32, Shard::new(index, 4).unwrap(), part));
        }
        assert_eq!(total, whole, "{puzzle}");
    }
}

#[test]
fn a_prefix_is_made_again_unseen_and_a_wrong_one_yields_nothing() {
    let cols: Vec<Cell<Option<usize>>> = (0..6).map(|_| Cell::new(None)).collect();
    let generators = generators!(cols);
    // Row 1 in column 2 (the second free column, from 0: candidate 1), then row 2 in its first
    // free column: column 4.
    let mut assumed = 0;
    let mut below = stack_assumptions(&generators).below(&[1, 0]).observe(|e: Event<'_, _>| {
        if let Event::Assume { level, .. } = e {
            assert!(level > 2, "the prefix is not observed");
            assumed += 1;
        }
    });
    assert!(below.next().is_some());
    assert_eq!(cols[0].get(), Some(1));
    assert_eq!(cols[1].get(), Some(3));
    assert_eq!(below.prefix()[..2], [1, 0]);
    drop(below); // in the middle of the subtree: every queen, the prefix's too, taken back
    assert!(assumed > 0);
    assert!(cols.iter().all(|c| c.get().is_none()));
    // A candidate that is not there.
    let mut wrong = stack_assumptions(&generators).below(&[0, 9]);
    assert!(wrong.next().is_none());
    assert_eq!(wrong.stats().nodes(), 0);
    drop(wrong);
    assert!(cols.iter().all(|c| c.get().is_none()));
}

#[test]
fn dlx_shards_and_threads_reproduce_knuths_counts() {
    let mut pent = Named::from_knuth_format(include_str!("data/pent3x20.dlx")).unwrap();
    let whole = pent.matrix().solver().count_solutions();
    assert_eq!(whole, 8);
    let knuth = dlx::Stats { nodes: 32576, updates: 10901833, dead_ends: 0, solutions: 8, cleansings: 0 };
    let dead_ends = {
        let matrix = pent.matrix();
        let mut solver = matrix.solver();
        solver.count_solutions();
        solver.stats().dead_ends
    };
    let knuth = dlx::Stats { dead_ends, ..knuth };
    for count in [1, 2, 4, 16] {
        let mut total = dlx::Stats::default();
        for index in 1..=count {
            let (stats, outcome) =
                pent.matrix().count_shard(64, Shard::new(index, count).unwrap(), &Budget::new());
            assert_eq!(outcome, dlx::Outcome::Exhausted);
            total.add(&stats);
        }
        assert_eq!(total, knuth, "{count} shards");
    }
    assert_eq!(pent.matrix().count_in_parallel(2), knuth);
    // More parts than the tree has leaves: cut where it is widest, and still Knuth's counts.
    let mut total = dlx::Stats::default();
    for index in 1..=3 {
        let (stats, outcome) =
            pent.matrix().count_shard(1 << 40, Shard::new(index, 3).unwrap(), &Budget::new());
        assert_eq!(outcome, dlx::Outcome::Exhausted);
        total.add(&stats);
    }
    assert_eq!(total, knuth, "cut at its widest");
    // A deadline stops the cut itself, which would otherwise walk the whole tree looking for
    // as many parts.
    let past = Budget::new().deadline(std::time::Instant::now());
    let (stats, outcome) = pent.matrix().count_shard(1 << 40, Shard::new(1, 2).unwrap(), &past);
    assert_eq!(outcome, dlx::Outcome::OutOfBudget);
    assert!(stats.solutions < 8, "{stats:?}");
    // The matrix is whole again: a search after the parts counts the same.
    let mut again = pent.matrix().solver();
    again.count_solutions();
    assert_eq!(again.stats(), knuth);
}
