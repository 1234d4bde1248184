//! Dancing Links against published counts: Knuth's DLX1 figures, OEIS, the Sudoku sets.

mod common;

use backtrack::dlx::{BitMultiSolver, BitSolver, Budget, DlxError, Matrix, MultiSolver, Named, Outcome};
use backtrack::sudoku::{Board, ExactCover};
use common::instances;
use common::*;

fn knuth_toy() -> Matrix {
    // "Dancing Links" (2000), the 6x7 example: items A..G.
    let mut m = Matrix::new(7, 0);
    for items in [&[2, 4, 5][..], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
        m.add_option(items).unwrap();
    }
    m
}

#[test]
fn knuths_example_has_one_solution() {
    let mut m = knuth_toy();
    let before = m.clone();
    let mut solutions: Vec<Vec<usize>> = m.solver().collect();
    for s in &mut solutions {
        s.sort();
    }
    assert_eq!(solutions, [vec![0, 3, 4]]); // {C E F}, {A D}, {B G}
    assert_eq!(m, before, "the matrix is restored");
    m.sanity().unwrap();
}

/// Run a file in Knuth's format to exhaustion: (solutions, nodes, updates).
fn run(text: &str) -> (u64, u64, u64) {
    let mut p = Named::from_knuth_format(text).unwrap();
    let before = p.matrix_ref().clone();
    let mut solver = p.matrix().solver();
    let n = solver.count_solutions();
    assert_eq!(solver.outcome(), Outcome::Exhausted);
    let stats = solver.stats();
    assert_eq!(stats.solutions, n);
    drop(solver);
    assert_eq!(p.matrix_ref(), &before, "restored after the search");
    (n, stats.nodes, stats.updates)
}

#[test]
fn queens8_matches_knuths_dlx1() {
    assert_eq!(run(include_str!("data/queens8.dlx")), (92, 1049, 16680));
}

#[test]
fn queens12_matches_knuths_dlx1() {
    assert_eq!(run(include_str!("data/queens12.dlx")), (14200, 211716, 3594752));
}

#[test]
fn pent3x20_matches_knuths_dlx1() {
    assert_eq!(run(include_str!("data/pent3x20.dlx")), (8, 32576, 10901833));
}

#[test]
fn pent6x10_sym_matches_knuths_dlx1() {
    let (solutions, nodes, _) = run(include_str!("data/pent6x10-sym.dlx"));
    assert_eq!((solutions, nodes), (2339, 892248));
}

#[test]
fn n_queens_built_in_code_match_oeis() {
    // Rows and columns primary, diagonals secondary (at most one queen each).
    const A000170: [u64; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for n in 1..=10 {
        let diagonals = 2 * n - 1;
        let mut m = Matrix::new(2 * n, 2 * diagonals);
        for r in 0..n {
            for c in 0..n {
                let (d, a) = (r + c, r + n - 1 - c);
                m.add_option(&[r, n + c, 2 * n + d, 2 * n + diagonals + a]).unwrap();
            }
        }
        assert_eq!(m.solver().count_solutions(), A000170[n - 1], "n = {n}");
    }
}

#[test]
fn dominosa_puzzles_count_as_dlx1_counts_and_every_solution_lays_each_domino_once() {
    // (pips, seed) and DLX1's solutions, nodes and updates on the same text.
    for ((n, seed), expected) in [
        ((3, 1), (10, 41, 281)),
        ((4, 2), (4, 33, 275)),
        ((6, 1), (3, 124, 1207)),
        ((6, 2), (16, 115, 979)),
        ((6, 3), (24, 146, 1124)),
        ((7, 1), (8, 67, 551)),
        ((9, 1), (2, 80, 826)),
    ] {
        let (text, grid) = instances::dominosa(n, seed);
        assert_eq!(run(&text), expected, "dominosa {n} seed {seed}");
        // Each solution by the rules: every cell in one domino, of two neighbours whose numbers
        // it shows, and every domino 0-0 to n-n laid once.
        let mut p = Named::from_knuth_format(&text).unwrap();
        let mut solver = p.solver();
        let mut solutions = 0;
        while let Some(options) = solver.next_solution() {
            let (mut cells, mut dominoes) = (Vec::new(), Vec::new());
            for option in options {
                let [a, b, domino]: [&str; 3] = option.split(' ').collect::<Vec<_>>().try_into().unwrap();
                let at = |cell: &str| -> (usize, usize) {
                    let (r, c) = cell.split_once('.').unwrap();
                    (r.parse().unwrap(), c.parse().unwrap())
                };
                let ((r1, c1), (r2, c2)) = (at(a), at(b));
                assert_eq!(r1.abs_diff(r2) + c1.abs_diff(c2), 1, "{option}: neighbours");
                let (x, y) = (grid[r1][c1], grid[r2][c2]);
                assert_eq!(domino, format!("{}-{}", x.min(y), x.max(y)), "{option}");
                cells.extend([(r1, c1), (r2, c2)]);
                dominoes.push(domino.to_string());
            }
            cells.sort();
            cells.dedup();
            dominoes.sort();
            dominoes.dedup();
            assert_eq!((cells.len(), dominoes.len()), ((n + 1) * (n + 2), (n + 1) * (n + 2) / 2));
            solutions += 1;
        }
        assert_eq!(solutions, expected.0);
    }
}

#[test]
fn langford_pairs() {
    // Knuth's encoding: items 1..n and slots s1..s2n; option "i s_j s_k" for k = j + i + 1.
    // Each pairing and its reverse are both found: twice OEIS A014552 (26, 150 for n = 7, 8).
    for (n, expected) in [(3, 2), (4, 2), (5, 0), (7, 52), (8, 300)] {
        let mut m = Matrix::new(3 * n, 0);
        for i in 1..=n {
            for j in 0..2 * n {
                let k = j + i + 1;
                if k < 2 * n {
                    m.add_option(&[i - 1, n + j, n + k]).unwrap();
                }
            }
        }
        assert_eq!(m.solver().count_solutions(), expected, "n = {n}");
    }
}

#[test]
fn a_budget_stops_the_search_and_the_matrix_is_restored() {
    let mut p = Named::from_knuth_format(include_str!("data/queens12.dlx")).unwrap();
    let before = p.matrix_ref().clone();
    let mut solver = p.matrix().solver().budget(&Budget::nodes(1000));
    let found = solver.count_solutions();
    assert_eq!(solver.outcome(), Outcome::OutOfBudget);
    assert_eq!(solver.stats().nodes, 1000);
    assert!(found < 14200);
    drop(solver);
    assert_eq!(p.matrix_ref(), &before);
    p.matrix_ref().sanity().unwrap();

    let mut solver = p.matrix().solver().budget(&Budget::new().max_updates(50_000));
    solver.count_solutions();
    assert_eq!(solver.outcome(), Outcome::OutOfBudget);
    drop(solver);
    assert_eq!(p.matrix_ref(), &before);
}

#[test]
fn dropping_mid_search_restores_the_matrix() {
    let mut p = Named::from_knuth_format(include_str!("data/pent3x20.dlx")).unwrap();
    let before = p.matrix_ref().clone();
    for take in [0, 1, 3, 7] {
        let mut solver = p.matrix().solver();
        for _ in 0..take {
            assert!(solver.next_solution().is_some());
        }
        drop(solver);
        assert_eq!(p.matrix_ref(), &before, "after {take} solutions");
    }
}

#[test]
fn sanity_holds_between_solutions() {
    // Each solution is checked: every primary item covered exactly once, secondary at most once.
    let text = include_str!("data/queens8.dlx");
    let mut p = Named::from_knuth_format(text).unwrap();
    let primary = p.matrix_ref().primary_items();
    let options: Vec<Vec<usize>> =
        (0..p.matrix_ref().options()).map(|o| p.matrix_ref().option_items(o).collect()).collect();
    let items = p.matrix_ref().items();
    let mut solver = p.matrix().solver();
    let mut n = 0;
    while let Some(solution) = solver.next_solution() {
        let mut covered = vec![0; items];
        for &o in solution {
            for &i in &options[o] {
                covered[i] += 1;
            }
        }
        assert!(covered[..primary].iter().all(|&c| c == 1));
        assert!(covered[primary..].iter().all(|&c| c <= 1));
        n += 1;
    }
    assert_eq!(n, 92);
    drop(solver);
    p.matrix_ref().sanity().unwrap();
}

#[test]
fn givens_and_conflicts() {
    let mut m = knuth_toy();
    let mut solver = m.solver();
    solver.choose(3).unwrap(); // A D
    assert_eq!(solver.choose(1), Err(DlxError::Conflict { option: 1, item: 0 })); // A D G clashes on A
    assert_eq!(solver.choose(9), Err(DlxError::NoSuchOption { option: 9, options: 6 }));
    let solution = solver.next_solution().unwrap().to_vec();
    assert_eq!(solution[0], 3);
    assert_eq!(solver.choose(4), Err(DlxError::SearchStarted));
    drop(solver);
    assert_eq!(m, knuth_toy());

    let mut solver = m.solver();
    solver.choose(0).unwrap(); // C E F
    solver.choose(3).unwrap(); // A D
    solver.choose(4).unwrap(); // B G: every item covered, the givens are the solution
    assert_eq!(solver.next_solution(), Some(&[0, 3, 4][..]));
    assert_eq!(solver.next_solution(), None);
    drop(solver);
    assert_eq!(m, knuth_toy());
}

#[test]
fn building_errors() {
    let mut m = Matrix::new(2, 1);
    assert_eq!(m.add_option(&[]), Err(DlxError::EmptyOption { option: 0 }));
    assert_eq!(m.add_option(&[0, 3]), Err(DlxError::NoSuchItem { option: 0, item: 3, items: 3 }));
    assert_eq!(m.add_option(&[1, 1]), Err(DlxError::RepeatedItem { option: 0, item: 1 }));
    assert_eq!(m.add_option(&[2, 0]), Ok(0));
}

#[test]
fn format_errors_say_where() {
    let err = |text: &str| Named::from_knuth_format(text).unwrap_err().to_string();
    assert_eq!(err(""), "line 1: no item line");
    assert_eq!(err("| only a comment\n"), "line 1: no item line");
    assert_eq!(err("A B\nA C\n"), "line 2: \"C\" is not an item");
    assert_eq!(err("A B\nA B\nB A B\n"), "line 3: item \"B\" appears twice in the option");
    assert_eq!(err("A B A\n"), "line 1: item \"A\" is listed twice");
    assert_eq!(err("| x\nA | B | C\n"), "line 2: more than one '|' in the item line");
    assert_eq!(err("| B\n"), "line 1: no item line");
    assert_eq!(err("A B\n\n| comment\nA\n\nB\nC A\n"), "line 7: \"C\" is not an item");
    assert_eq!(err("A | B\nA:1 B\n"), "line 2: \"A\" is a primary item: only secondary items take colours");
    assert_eq!(err("A | B\nA B:\n"), "line 2: \"B:\": a colour is written item:colour");
    assert_eq!(
        err("A B:1\nA\n"),
        "line 1: item \"B:1\": an item's name has no ':' (colours go on the options' items, x:red)"
    );
    assert_eq!(err("0|A\nA\n"), "line 1: \"0|A\": bounds need 1 <= hi and lo <= hi");
    assert_eq!(err("A | 2|B\nA B\n"), "line 1: \"2|B\": only primary items take bounds");
    assert_eq!(err("2|`:a\n"), "line 1: \"2|`:a\": an item needs a name, without ':'");
}

#[test]
fn knuth_format_round_trip() {
    for text in [include_str!("data/queens8.dlx"), include_str!("data/pent3x20.dlx")] {
        let p = Named::from_knuth_format(text).unwrap();
        let written = p.to_knuth_format();
        let q = Named::from_knuth_format(&written).unwrap();
        assert_eq!(p.matrix_ref(), q.matrix_ref());
        assert_eq!(q.to_knuth_format(), written);
    }
}

#[test]
fn sudoku_by_dlx_agrees_with_the_driver() {
    let mut cover = ExactCover::new();
    let pristine = cover.clone();
    for set in [EASY50, TOP95, HARDEST, SEVENTEEN, UNBIASED] {
        for puzzle in puzzles(set) {
            let board: Board = puzzle.parse().unwrap();
            let mut solver = cover.solver(&board);
            let solution = ExactCover::board(solver.next_solution().expect("solvable"));
            assert!(solver.next_solution().is_none(), "unique: {puzzle}");
            drop(solver);
            let line = format!("{solution:#}");
            check_solution(puzzle, &line).unwrap();
            let driver = board.solve().unwrap();
            assert_eq!(line, format!("{driver:#}"), "{puzzle}");
        }
    }
    assert_eq!(format!("{:?}", cover), format!("{:?}", pristine), "one matrix served every puzzle");
}

#[test]
fn sudoku_counts_agree_on_puzzles_with_several_solutions() {
    let mut cover = ExactCover::new();
    for puzzle in puzzles(SERG).take(60) {
        let board: Board = puzzle.parse().unwrap();
        let by_dlx = cover.solver(&board).count_solutions();
        assert!(by_dlx >= 2);
        assert_eq!(by_dlx as usize, board.count_solutions(usize::MAX), "{puzzle}");
    }
}

#[test]
fn sudoku_with_the_seeds_names() {
    let mut named = ExactCover::named();
    assert_eq!((named.matrix_ref().items(), named.matrix_ref().options()), (324, 729));
    let mut solver = named.solver();
    // The newspaper puzzle's givens, by name.
    let board: Board =
        "006007403000906020500304006740000010809000304010000057200603005030208000405700200".parse().unwrap();
    for cell in backtrack::sudoku::Cell::all() {
        if let Some(d) = board.get(cell) {
            solver.choose(&format!("R{}C{}#{d}", cell.row() + 1, cell.col() + 1)).unwrap();
        }
    }
    let names: Vec<&str> = solver.next_solution().unwrap().collect();
    assert_eq!(names.len(), 81);
    assert!(names.contains(&"R1C1#9") && names.contains(&"R9C9#8"));
    assert_eq!(solver.choose("R1C1#0").unwrap_err().to_string(), "\"R1C1#0\" is not an item");
}

/// Knuth's DLX1 on instances of the repository: solutions, nodes, updates.
const DLX1_COUNTS: [(&str, (u64, u64, u64)); 3] = [
    (include_str!("data/queens8.dlx"), (92, 1049, 16680)),
    (include_str!("data/queens12.dlx"), (14200, 211716, 3594752)),
    (include_str!("data/pent3x20.dlx"), (8, 32576, 10901833)),
];

#[test]
fn counting_in_parallel_matches_the_single_search() {
    for (text, expected) in DLX1_COUNTS {
        let mut p = Named::from_knuth_format(text).unwrap();
        let before = p.matrix_ref().clone();
        for threads in [1, 2, 3] {
            let stats = p.matrix().count_in_parallel(threads);
            assert_eq!((stats.solutions, stats.nodes, stats.updates), expected, "{threads} threads");
        }
        assert_eq!(p.matrix_ref(), &before);
    }
    // Degenerate problems: no option, a single option, an empty problem.
    let mut m = Matrix::new(2, 0);
    assert_eq!(m.count_in_parallel(2).solutions, 0);
    m.add_option(&[0, 1]).unwrap();
    assert_eq!(m.count_in_parallel(2).solutions, 1);
    assert_eq!(Matrix::new(0, 1).count_in_parallel(2).solutions, 1);
}

/// A count on several threads stops where one on one thread stops: at `--limit` solutions
/// exactly, at a budget of nodes within 2,048 nodes a thread, at a deadline; and where no bound
/// is met it is the whole count, node for node (DLX1's counters).
#[test]
fn a_count_on_threads_stops_at_its_limit_its_budget_and_its_deadline() {
    for (text, (solutions, nodes, updates)) in DLX1_COUNTS {
        let mut p = Named::from_knuth_format(text).unwrap();
        let before = p.matrix_ref().clone();
        for threads in [1, 2, 3] {
            let mut within =
                |budget: &Budget, limit: u64| p.matrix().count_in_parallel_within(threads, budget, limit);
            let (s, outcome) = within(&Budget::new(), solutions + 1);
            assert_eq!(
                (s.solutions, s.nodes, s.updates, outcome),
                (solutions, nodes, updates, Outcome::Exhausted)
            );
            for limit in [1, solutions / 2, solutions] {
                let (s, outcome) = within(&Budget::new(), limit);
                assert_eq!(s.solutions, limit, "{threads} threads, limit {limit}");
                assert!(s.nodes <= nodes, "{threads} threads, limit {limit}: {} nodes", s.nodes);
                if limit < solutions {
                    assert_eq!(outcome, Outcome::Running, "{threads} threads, limit {limit}");
                }
                // The first solution ends the count before the tree does: on one thread long
                // before; on several, how far the others get before they are told depends on
                // how the threads are scheduled (on a loaded machine, 10,918 nodes of the
                // 32,576 of pent3x20 on three threads), so only the end is held.
                let most = if threads == 1 { nodes / 4 } else { nodes - 1 };
                assert!(limit > 1 || s.nodes <= most, "{threads} threads: {} nodes for one", s.nodes);
            }
            for max in [nodes / 10, nodes / 2] {
                let (s, outcome) = within(&Budget::new().max_nodes(max), u64::MAX);
                assert_eq!(outcome, Outcome::OutOfBudget, "{threads} threads, {max} nodes");
                assert!(
                    s.nodes >= max && s.nodes <= max + 2048 * threads as u64,
                    "{threads} threads: {} nodes for {max}",
                    s.nodes
                );
                assert!(s.solutions <= solutions);
            }
            let past = Budget::new().deadline(std::time::Instant::now());
            let (s, outcome) = within(&past, u64::MAX);
            assert_eq!(outcome, Outcome::OutOfBudget);
            assert!(s.solutions < solutions && s.nodes < nodes, "{threads} threads: {s:?}");
        }
        assert_eq!(p.matrix_ref(), &before);
    }
}

/// Options chosen up front (a puzzle's givens): the count on threads, or in shards, is that of
/// a search on one thread that chose them, node for node and update for update; options that clash, or
/// options up front with multiplicities, are refused as `Solver::choose` refuses them.
#[test]
fn a_count_on_threads_from_options_chosen_up_front_counts_as_one_search() {
    let mut p = Named::from_knuth_format(include_str!("data/queens12.dlx")).unwrap();
    let options = p.matrix_ref().options();
    for preset in [vec![], vec![0], vec![3, options - 1]] {
        let one = {
            let mut one = p.matrix().solver();
            for &option in &preset {
                one.choose(option).unwrap();
            }
            one.count_solutions();
            one.stats()
        };
        let mut shards = backtrack::dlx::Stats::default();
        for i in 1..=3 {
            let shard = backtrack::split::Shard::new(i, 3).unwrap();
            let (part, outcome) = p.matrix().count_shard_given(&preset, 64, shard, &Budget::new()).unwrap();
            assert_eq!(outcome, Outcome::Exhausted);
            shards.add(&part);
        }
        assert_eq!(shards, one, "{preset:?} in three shards");
        for threads in [1, 2, 3] {
            let (s, outcome) =
                p.matrix().count_in_parallel_given(&preset, threads, &Budget::new(), u64::MAX).unwrap();
            assert_eq!((s, outcome), (one, Outcome::Exhausted), "{preset:?} on {threads} threads");
        }
    }
    // Two queens on the first row clash (options 0 and 1 put one in each of its first cells).
    let err = p.matrix().count_in_parallel_given(&[0, 1], 2, &Budget::new(), u64::MAX).unwrap_err();
    assert!(matches!(err, DlxError::Conflict { .. }), "{err}");
    let err = p.matrix().count_in_parallel_given(&[options], 2, &Budget::new(), u64::MAX).unwrap_err();
    assert!(matches!(err, DlxError::NoSuchOption { .. }), "{err}");
    let mut bounded = Named::from_knuth_format("A 1:2|B\nA\nA B\n").unwrap();
    let err = bounded.matrix().count_in_parallel_given(&[0], 2, &Budget::new(), u64::MAX).unwrap_err();
    assert!(matches!(err, DlxError::Unsupported { .. }), "{err}");
}

#[test]
fn a_long_option_is_read_and_its_repeats_found() {
    // Reading is linear in the option's length (BENCHMARKS.md has the times); here, that long
    // options are right: one item twice among 100,000 is found and named.
    let items: Vec<String> = (0..100_000).map(|k| format!("i{k}")).collect();
    let line = items.join(" ");
    let text = format!("{line}\n{line}\n");
    let mut problem = Named::from_knuth_format(&text).unwrap();
    assert_eq!(problem.solver().count_solutions(), 1);
    let text = format!("{line}\n{line} i99999\n");
    let error = Named::from_knuth_format(&text).unwrap_err().to_string();
    assert_eq!(error, "line 2: item \"i99999\" appears twice in the option");
}

#[test]
fn a_watcher_stops_the_search_at_any_event_and_the_matrix_is_restored() {
    use backtrack::Event;
    use std::ops::ControlFlow;
    let mut p = Named::from_knuth_format(include_str!("data/queens8.dlx")).unwrap();
    // Stop at the k-th event of every kind the search tells: an option chosen, taken back, a
    // dead end, a solution. Each time the matrix comes back whole: the next search is Knuth's.
    for k in 1..400 {
        let (seen, solutions) = (std::cell::Cell::new(0), std::cell::Cell::new(0));
        let matrix = p.matrix();
        let mut solver = matrix.solver().watch(|e: Event<'_, usize>| {
            seen.set(seen.get() + 1);
            if let Event::Solution { .. } = e {
                solutions.set(solutions.get() + 1);
            }
            if seen.get() == k { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        let found = std::iter::from_fn(|| solver.next_solution().map(<[usize]>::to_vec)).count();
        assert_eq!(solver.outcome(), Outcome::Stopped, "k = {k}");
        assert_eq!(found, solutions.get(), "k = {k}: a solution stopped at is still reported");
        drop(solver);
        let mut again = matrix.solver();
        assert_eq!(again.by_ref().count(), 92, "k = {k}");
        assert_eq!((again.stats().nodes, again.stats().updates), (1049, 16680), "k = {k}");
    }
}

/// Langford pairs as exact cover: twice OEIS A014552 (each sequence and its reversal), and
/// Knuth's DLX1's nodes and updates on the same text (run once, kept here); every sequence
/// checked by its rule, two copies of i with i numbers between them.
#[test]
fn langford_pairs_count_as_oeis_and_dlx1_count() {
    for (n, expected) in [
        (3, (2, 7, 49)),
        (4, (2, 18, 184)),
        (7, (52, 607, 8339)),
        (8, (300, 2789, 37_241)),
        (11, (35_584, 439_747, 5_974_979)),
    ] {
        let mut p = Named::from_knuth_format(&instances::langford(n)).unwrap();
        let mut solver = p.solver();
        let mut sequences = std::collections::BTreeSet::new();
        while let Some(options) = solver.next_solution() {
            let mut sequence = vec![0usize; 2 * n];
            for option in options {
                let words: Vec<&str> = option.split(' ').collect();
                let i: usize = words[0].parse().unwrap();
                let at: Vec<usize> =
                    words[1..].iter().map(|w| w[1..].parse::<usize>().unwrap() - 1).collect();
                assert_eq!(at[1] - at[0], i + 1, "{option}");
                for a in at {
                    assert_eq!(sequence[a], 0, "one value a position");
                    sequence[a] = i;
                }
            }
            sequences.insert(sequence);
        }
        let stats = solver.stats();
        assert_eq!(stats.solutions, expected.0, "n = {n}");
        assert_eq!(sequences.len() as u64, expected.0);
        assert!(sequences.iter().all(|s| sequences.contains(&s.iter().rev().copied().collect::<Vec<_>>())));
        assert_eq!((stats.nodes, stats.updates), (expected.1, expected.2), "n = {n}: DLX1's counters");
    }
}

/// The solutions, counters and outcome of Algorithm M on dancing links and on bit sets, for a
/// matrix and a budget of nodes.
fn both_ways_m(m: &Matrix, nodes: u64) -> [(Vec<Vec<usize>>, backtrack::dlx::Stats, Outcome); 2] {
    let budget = Budget::nodes(nodes);
    let mut links = m.clone();
    let mut solver = MultiSolver::new(&mut links).budget(&budget);
    let mut found = Vec::new();
    let stats = solver.search(|options| {
        found.push(options.to_vec());
        true
    });
    let dancing = (found, stats, solver.outcome());
    drop(solver);
    links.sanity().unwrap();
    let mut bits = BitMultiSolver::new(m).budget(&budget);
    let found: Vec<Vec<usize>> = std::iter::from_fn(|| bits.next_solution().map(<[usize]>::to_vec)).collect();
    [dancing, (found, bits.stats(), bits.outcome())]
}

/// The solutions, counters and outcome of Algorithm X on dancing links and on bit sets, for a
/// matrix and a budget of nodes.
fn both_ways(m: &Matrix, nodes: u64) -> [(Vec<Vec<usize>>, backtrack::dlx::Stats, Outcome); 2] {
    let budget = Budget::nodes(nodes);
    let mut links = m.clone();
    let mut solver = links.solver().budget(&budget);
    let found: Vec<Vec<usize>> =
        std::iter::from_fn(|| solver.next_solution().map(<[usize]>::to_vec)).collect();
    let dancing = (found, solver.stats(), solver.outcome());
    let mut bits = BitSolver::new(m).unwrap().budget(&budget);
    let found: Vec<Vec<usize>> = std::iter::from_fn(|| bits.next_solution().map(<[usize]>::to_vec)).collect();
    [dancing, (found, bits.stats(), bits.outcome())]
}

#[test]
fn bit_sets_count_as_knuths_dlx1() {
    // Knuth's DLX1 figures (solutions, nodes, updates), and the dancing links' solutions in
    // their order with their dead ends, on bit sets.
    for (text, expected) in DLX1_COUNTS {
        let p = Named::from_knuth_format(text).unwrap();
        assert!(p.matrix_ref().takes_bits());
        let [dancing, bits] = both_ways(p.matrix_ref(), u64::MAX);
        assert_eq!((bits.1.solutions, bits.1.nodes, bits.1.updates), expected);
        assert_eq!(bits, dancing);
    }
    let p = Named::from_knuth_format(include_str!("data/pent6x10-sym.dlx")).unwrap();
    let stats = BitSolver::new(p.matrix_ref()).unwrap().count_solutions();
    assert_eq!(stats, 2339);
}

#[test]
fn bit_sets_below_a_prefix_and_refusals() {
    // Each subtree below the dancing links' prefixes at depth 2, counted on bit sets, adds up
    // with the top to the whole search's counters (DLX1's on queens 8).
    let mut p = Named::from_knuth_format(include_str!("data/queens8.dlx")).unwrap();
    let mut top = p.matrix().solver().to_depth(2);
    let mut prefixes = Vec::new();
    while let Some(prefix) = top.next_prefix() {
        prefixes.push(prefix.to_vec());
    }
    let mut total = top.stats();
    drop(top);
    let mut bits = BitSolver::new(p.matrix_ref()).unwrap();
    for prefix in &prefixes {
        bits.below(prefix).unwrap();
        while let Some(solution) = bits.next_solution() {
            assert_eq!(&solution[..2], &prefix[..], "a solution below a prefix begins with it");
        }
        total.add(&bits.stats());
    }
    assert_eq!((total.solutions, total.nodes, total.updates), (92, 1049, 16680));
    // Two options that share an item; an option that does not exist; colours.
    let m = knuth_toy();
    let mut bits = BitSolver::new(&m).unwrap();
    assert_eq!(bits.below(&[1, 3]), Err(DlxError::Conflict { option: 3, item: 0 }));
    assert_eq!(bits.below(&[9]), Err(DlxError::NoSuchOption { option: 9, options: 6 }));
    assert_eq!(bits.count_solutions(), 1, "a refused prefix leaves the search as it was");
    let mut bounded = Matrix::new(1, 0);
    bounded.add_option(&[0]).unwrap();
    bounded.set_bounds(0, 1, 2).unwrap();
    // Bounds are Algorithm M's: on bit sets too, but not as Algorithm X.
    assert!(bounded.takes_bits());
    assert!(matches!(BitSolver::new(&bounded), Err(DlxError::Unsupported { .. })));
    assert_eq!(BitMultiSolver::new(&bounded).count_solutions(), 1);
}

/// A matrix of random options (items taken modulo the number of items, colours 0 to 3 on the
/// secondary items when `colours`), and `bounds` (`lo` and `hi - lo`) on its first primary
/// items.
fn random_matrix(
    primary: usize,
    secondary: usize,
    raw: Vec<Vec<(usize, u32)>>,
    colours: bool,
    bounds: &[(u32, u32)],
) -> Matrix {
    let items = primary + secondary;
    let mut m = Matrix::new(primary, secondary);
    for (item, &(lo, extra)) in bounds.iter().take(primary).enumerate() {
        m.set_bounds(item, lo, (lo + extra).max(1)).unwrap();
    }
    for option in raw {
        let mut option: Vec<(usize, u32)> = option
            .into_iter()
            .map(|(i, c)| (i % items, if colours && i % items >= primary { c } else { 0 }))
            .collect();
        option.sort_unstable_by_key(|&(i, _)| i);
        option.dedup_by_key(|&mut (i, _)| i);
        // Items in an order of the option's own, not sorted: the order DLX2 and DLX3 commit
        // them.
        let half = option.len() / 2;
        option.rotate_left(half);
        m.add_colored_option(&option).unwrap();
    }
    m
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    #[test]
    fn bit_sets_search_the_tree_of_the_dancing_links(
        primary in 1usize..80,
        secondary in 0usize..6,
        raw in proptest::collection::vec(proptest::collection::vec((0usize..100, 0u32..4), 1..6), 0..150),
        colours in proptest::bool::ANY,
        nodes in 1u64..20_000,
    ) {
        // Matrices of more than 64 primary items and 128 options (several words a set), the
        // options random sets of items, and budgets of nodes: the same solutions in the same
        // order, the same counters, the same outcome (a bound on every search: a matrix of
        // many small options can have more solutions than a test can list).
        // With colours (0 to 3, 0 none) on the secondary items: Algorithm C, DLX2's counts.
        let m = random_matrix(primary, secondary, raw, colours, &[]);
        let [dancing, bits] = both_ways(&m, nodes);
        proptest::prop_assert_eq!(bits, dancing);
    }

    #[test]
    fn algorithm_m_on_bit_sets_searches_the_tree_of_the_dancing_links(
        primary in 1usize..70,
        secondary in 0usize..6,
        raw in proptest::collection::vec(proptest::collection::vec((0usize..100, 0u32..4), 1..6), 0..140),
        bounds in proptest::collection::vec((0u32..3, 0u32..3), 70),
        colours in proptest::bool::ANY,
        nodes in 1u64..20_000,
    ) {
        // As above, with bounds on the primary items (0 to 4 covers, some with slack, some
        // exactly once): Algorithm M, DLX3's tree and counts, null moves included.
        let m = random_matrix(primary, secondary, raw, colours, &bounds);
        let [dancing, bits] = both_ways_m(&m, nodes);
        proptest::prop_assert_eq!(bits, dancing);
    }
}
