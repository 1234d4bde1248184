//! Grids of every size and shape: published counts, published solutions, and the solvers held
//! to each other and to a checker that knows only the rules (tests/common).

mod common;

use backtrack::Budget;
use backtrack::split::Shard;
use backtrack::stack_assumptions;
use backtrack::sudoku::bitboard::Outcome;
use backtrack::sudoku::search::{Propagation, Solutions};
use backtrack::sudoku::variant::Variant;
use backtrack::sudoku::{Board, Cage, Candidate, Digit, ExactCover, Extra, Geometry, logic};
use common::Rules;
use proptest::prelude::*;

/// The solutions of `board` as lines, up to `limit`, by the general engine.
fn by_engine(board: &Board, limit: usize) -> Vec<String> {
    lines_of(Solutions::new(board), limit)
}

/// The solutions a search of the general engine finds, as lines, up to `limit`.
fn lines_of(mut search: Solutions, limit: usize) -> Vec<String> {
    let mut found = Vec::new();
    while found.len() < limit && search.next().is_some() {
        found.push(format!("{:#}", search.board()));
    }
    found
}

/// The same by Dancing Links on the geometry's exact-cover matrix; on bit sets too, which
/// must find the same solutions in the same order, node for node, also when the sets served
/// another board's search before (as a batch's puzzles share them).
fn by_dlx(board: &Board, limit: usize) -> Vec<String> {
    let geometry = board.geometry();
    let mut cover = ExactCover::of(geometry);
    let mut solver = cover.solver(board);
    let mut found = Vec::new();
    while found.len() < limit {
        let Some(options) = solver.next_solution() else { break };
        found.push(format!("{:#}", ExactCover::board_of(geometry, options)));
    }
    let stats = solver.stats();
    drop(solver);
    for (n, puzzle) in [board.clone(), Board::empty_of(geometry), board.clone()].iter().enumerate() {
        let bits = cover.bit_solver(puzzle).expect("grids up to 16×16 are searched on bit sets");
        let mut again = Vec::new();
        while again.len() < limit {
            let Some(options) = bits.next_solution() else { break };
            again.push(format!("{:#}", ExactCover::board_of(geometry, options)));
        }
        if n != 1 {
            assert_eq!(again, found, "{board:#}");
            assert_eq!(bits.stats(), stats, "{board:#}");
        }
    }
    found
}

/// The same by the seed's driver over the board's own generators, fewest candidates first.
fn by_driver(board: &Board, limit: usize) -> Vec<String> {
    let generators = board.generators();
    let mut search = stack_assumptions(&generators).fewest_first();
    let mut found = Vec::new();
    while found.len() < limit && search.next().is_some() {
        found.push(format!("{board:#}"));
    }
    found
}

/// The same by the driver over the general engine's propagating generators.
fn by_propagation(board: &Board, limit: usize) -> Vec<String> {
    let grid = Propagation::new(board);
    let generators = grid.generators();
    let mut search = stack_assumptions(&generators);
    let mut found = Vec::new();
    while found.len() < limit && search.next().is_some() {
        found.push(format!("{:#}", grid.solution().expect("a full grid while the search holds it")));
    }
    drop(search);
    // Every guard dropped: the grid is the board's with its givens' consequences, as it began.
    assert_eq!(grid.board(), Propagation::new(board).board());
    found
}

/// What two searches for up to `limit` solutions must agree on, whatever order each finds them
/// in: how many (up to the limit), and which, when they found them all.
fn same_up_to(mut found: Vec<String>, limit: usize) -> (usize, Vec<String>) {
    if found.len() >= limit {
        return (limit, Vec::new());
    }
    found.sort();
    (found.len(), found)
}

#[test]
fn every_4x4_grid_288() {
    // The published count of 4×4 Sudoku grids (2×2 boxes).
    let empty = Board::empty_of(&Geometry::of_side(4).unwrap());
    assert_eq!(Solutions::new(&empty).count(), 288);
    assert_eq!(ExactCover::of(empty.geometry()).solver(&empty).count(), 288);
    let generators = empty.generators();
    assert_eq!(stack_assumptions(&generators).count(), 288);
    let rules = Rules::new(4, Some((2, 2)), None, &[]);
    for solution in by_engine(&empty, 300) {
        rules.check(&".".repeat(16), &solution).unwrap();
    }
}

#[test]
fn the_6x6_grids_with_a_first_row_fixed() {
    // 28,200,960 grids of 6×6 with 2×3 boxes (published); relabelling the values maps the
    // grids with any first row one to one onto those with the first row 123456: 28,200,960 / 6!.
    let board: Board = format!("123456{}", ".".repeat(30)).parse().unwrap();
    assert_eq!(board.geometry().boxes(), Some((2, 3)));
    assert_eq!(28_200_960 / 720, 39_168);
    assert_eq!(Solutions::new(&board).count(), 39_168);
    let mut cover = ExactCover::of(board.geometry());
    let links = {
        let mut links = cover.solver(&board);
        assert_eq!(links.count_solutions(), 39_168);
        links.stats()
    };
    // On bit sets: the same tree, node for node and update for update.
    let bits = cover.bit_solver(&board).unwrap();
    assert_eq!(bits.count_solutions(), 39_168);
    assert_eq!(bits.stats(), links);
    assert_eq!(by_propagation(&board, usize::MAX).len(), 39_168);
}

#[test]
fn latin_squares() {
    // OEIS A002860: 576 Latin squares of order 4, 161,280 of order 5.
    let four = Board::empty_of(&Geometry::latin(4).unwrap());
    assert_eq!(Solutions::new(&four).count(), 576);
    let five = Board::empty_of(&Geometry::latin(5).unwrap());
    assert_eq!(ExactCover::of(five.geometry()).solver(&five).count(), 161_280);
}

#[test]
fn the_published_solutions_of_the_variant_sample() {
    // sigh's Interactive Sudoku Solver examples (MIT): windoku 9×9, X-Sudoku 16×16 (three),
    // windoku 16×16, anti-knight, anti-knight with anti-king, anti-knight with non-consecutive,
    // non-consecutive, and four killers (9×9); each found, proved unique and checked by the
    // rules (the cages' sums by the checker's own arithmetic), and equal to its published
    // solution where it has one.
    for line in common::puzzles(common::VARIANTS_SIGH) {
        let fields: serde_json::Value = serde_json::from_str(line).unwrap();
        let variant = Variant::from_json(line).unwrap();
        let found = by_engine(&variant.board, 2);
        assert_eq!(found.len(), 1, "{}", fields["id"]);
        if let Some(published) = fields["solution"].as_str() {
            assert_eq!(found, [published], "{}", fields["id"]);
            assert_eq!(variant.solution.as_deref(), Some(published));
        }
        Rules::of_json(&fields).check(fields["givens"].as_str().unwrap(), &found[0]).unwrap();
    }
}

#[test]
fn rules_between_cells_keep_exactly_the_grids_they_allow() {
    // Every 4×4 grid (288) and every 5×5 Latin square (161,280), each filtered by the checker
    // of tests/common (knight's and king's moves, side-by-side values counted on the grid
    // itself): the engine with the rule finds the grids the filter keeps, and only them.
    let four = (Geometry::of_side(4).unwrap(), Some((2, 2)));
    let five = (Geometry::latin(5).unwrap(), None);
    for (base, boxes) in [four, five] {
        let side = base.side();
        let every = by_engine(&Board::empty_of(&base), usize::MAX);
        let empty = ".".repeat(side * side);
        let mut kept_any = false;
        for rules in [
            &[Extra::AntiKnight][..],
            &[Extra::AntiKing],
            &[Extra::NonConsecutive],
            &[Extra::AntiKing, Extra::NonConsecutive],
            &[Extra::AntiKnight, Extra::Diagonals],
        ] {
            let names: Vec<&str> = rules.iter().map(|r| r.name()).collect();
            let checker = Rules::new(side, boxes, None, &names);
            let mut expected: Vec<&String> =
                every.iter().filter(|g| checker.check(&empty, g).is_ok()).collect();
            let board = Board::empty_of(&base.with_extras(rules).unwrap());
            let mut found = by_engine(&board, usize::MAX);
            let mut propagated = by_propagation(&board, usize::MAX);
            expected.sort();
            found.sort();
            propagated.sort();
            assert_eq!(found.iter().collect::<Vec<_>>(), expected, "{side}×{side} {names:?}");
            assert_eq!(propagated, found, "the driver with propagation: {side}×{side} {names:?}");
            // In shards (the grid cut into puzzles, dealt out): as many grids, each once.
            let mut shards = 0;
            for i in 1..=3 {
                let shard = Shard::new(i, 3).unwrap();
                let count = Solutions::count_shard(&board, 8, shard, &Budget::new());
                assert_eq!(count.outcome, Outcome::Exhausted);
                shards += count.solutions;
            }
            assert_eq!(shards, expected.len() as u64, "in shards: {side}×{side} {names:?}");
            kept_any |= !found.is_empty() && found.len() < every.len();
        }
        assert!(kept_any, "on {side}×{side}, some rule keeps some grids and not others");
    }
    // More parts asked for than the search has: cut where it is widest (here, every grid of
    // the 4×4 anti-king's own, each once), and the shards still add up.
    let board = Board::empty_of(&Geometry::of_side(4).unwrap().with_extras(&[Extra::AntiKing]).unwrap());
    let whole = Solutions::new(&board).count_within(u64::MAX).solutions;
    let shards: u64 = (1..=3)
        .map(|i| Solutions::count_shard(&board, 1 << 40, Shard::new(i, 3).unwrap(), &Budget::new()).solutions)
        .sum();
    assert_eq!(shards, whole);
    // A deadline stops the cut itself.
    let past = Budget::new().deadline(std::time::Instant::now());
    let count = Solutions::count_shard(&board, 1 << 40, Shard::new(1, 2).unwrap(), &past);
    assert_eq!((count.solutions, count.outcome), (0, Outcome::OutOfBudget));
    // A shard bounded by guesses stops within them, its count a part of the whole.
    let board = Board::empty_of(&Geometry::latin(5).unwrap().with_extras(&[Extra::AntiKing]).unwrap());
    let count = Solutions::count_shard(&board, 8, Shard::new(1, 2).unwrap(), &Budget::nodes(50));
    assert_eq!(count.outcome, Outcome::OutOfBudget);
    assert!(count.stats.guesses <= 50, "{:?}", count.stats);
}

#[test]
fn killer_cages_keep_exactly_the_grids_whose_sums_they_hold() {
    // Cages laid over the 4×4 grid (each within a house, some without a sum), their sums read
    // off one grid of the 288 at a time: the engine finds the grids that the checker's
    // arithmetic keeps among all 288, and only them; the grid the sums came from among them.
    let base = Geometry::of_side(4).unwrap();
    let every = by_engine(&Board::empty_of(&base), usize::MAX);
    let layout: [&[usize]; 8] =
        [&[0, 1], &[2, 3, 7], &[4, 8], &[5, 6], &[9, 13], &[10, 14], &[12], &[11, 15]];
    let empty = ".".repeat(16);
    for (n, grid) in every.iter().enumerate().step_by(37) {
        let value = |i: usize| grid.as_bytes()[i] - b'0';
        let cages: Vec<Cage> = layout
            .iter()
            .enumerate()
            .map(|(k, cells)| {
                let sum = cells.iter().map(|&i| u32::from(value(i))).sum();
                Cage::new(cells.to_vec(), ((k + n) % 3 != 0).then_some(sum))
            })
            .collect();
        let mut checker = Rules::new(4, Some((2, 2)), None, &[]);
        checker.cages = cages.iter().map(|c| (c.cells.clone(), c.sum.map(|s| s as usize))).collect();
        let mut expected: Vec<&String> = every.iter().filter(|g| checker.check(&empty, g).is_ok()).collect();
        let geometry = base.with_cages(cages).unwrap();
        let board = Board::empty_of(&geometry);
        let mut found = by_engine(&board, usize::MAX);
        expected.sort();
        found.sort();
        assert_eq!(found.iter().collect::<Vec<_>>(), expected, "the sums of grid {n}");
        assert!(found.contains(grid) && found.len() < every.len());
        // Dancing Links, the cages as their value combinations, finds the same grids.
        let mut cover = backtrack::sudoku::ExactCover::with_cages(&geometry).unwrap();
        let mut by_dlx: Vec<String> = cover
            .solver(&board)
            .map(|options| format!("{:#}", backtrack::sudoku::ExactCover::board_of(&geometry, &options)))
            .collect();
        by_dlx.sort();
        assert_eq!(by_dlx.iter().collect::<Vec<_>>(), expected, "Dancing Links, the sums of grid {n}");
        // On bit sets, the same count and counters (the combinations' options included).
        let links = {
            let mut links = cover.solver(&board);
            links.count_solutions();
            links.stats()
        };
        let bits = cover.bit_solver(&board).unwrap();
        assert_eq!((bits.count_solutions(), bits.stats()), (expected.len() as u64, links));
        // So does the driver over the engine's propagating generators.
        let mut propagated = by_propagation(&board, usize::MAX);
        propagated.sort();
        assert_eq!(propagated, found, "the driver with propagation, the sums of grid {n}");
    }
}

#[test]
fn killer_cages_across_houses_keep_exactly_the_grids_their_sums_allow() {
    // Random cages over 6×6 grids, crossing rows, columns and boxes as a hard killer's do, some
    // cells left out and some cages without a sum; the sums read off a grid. What the engine
    // finds (with the sums it derives over bands of houses once it guesses) is what Dancing
    // Links finds on the cages' value combinations, grid for grid; each kept by the checker's
    // arithmetic; the grid the sums came from among them.
    let base = Geometry::boxed(2, 3).unwrap();
    let grids = by_engine(&Board::empty_of(&base), 4_000);
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let empty = ".".repeat(36);
    let mut guessed = 0;
    for round in 0..24 {
        let grid = &grids[next(grids.len())];
        let value = |i: usize| grid.as_bytes()[i] - b'0';
        let mut caged = [false; 36];
        let mut cages = Vec::new();
        for _ in 0..40 {
            let start = next(36);
            if caged[start] {
                continue;
            }
            let (mut cells, size) = (vec![start], 2 + next(4));
            caged[start] = true;
            while cells.len() < size {
                let from = cells[next(cells.len())];
                let (row, col) = (from / 6, from % 6);
                let step = [(0, 1), (2, 1), (1, 0), (1, 2)][next(4)];
                let (r, c) = (row + step.0, col + step.1);
                if r < 1 || c < 1 || r > 6 || c > 6 {
                    continue;
                }
                let cell = (r - 1) * 6 + c - 1;
                if caged[cell] || cells.iter().any(|&o| value(o) == value(cell)) {
                    break;
                }
                caged[cell] = true;
                cells.push(cell);
            }
            let sum = cells.iter().map(|&i| u32::from(value(i))).sum();
            cages.push(Cage::new(cells, (next(6) != 0).then_some(sum)));
        }
        let mut checker = Rules::new(6, Some((2, 3)), None, &[]);
        checker.cages = cages.iter().map(|c| (c.cells.clone(), c.sum.map(|s| s as usize))).collect();
        let geometry = base.with_cages(cages).unwrap();
        let board = Board::empty_of(&geometry);
        let mut search = Solutions::new(&board);
        let mut found = Vec::new();
        while search.next().is_some() {
            found.push(format!("{:#}", search.board()));
        }
        guessed += usize::from(search.stats().guesses > 0);
        let mut cover = ExactCover::with_cages(&geometry).unwrap();
        let mut by_dlx: Vec<String> = cover
            .solver(&board)
            .map(|options| format!("{:#}", ExactCover::board_of(&geometry, &options)))
            .collect();
        found.sort();
        by_dlx.sort();
        assert_eq!(found, by_dlx, "round {round}");
        assert!(found.contains(grid), "round {round}");
        for solution in &found {
            checker.check(&empty, solution).unwrap();
        }
    }
    // The derived sums are read only once the search guesses: most rounds must.
    assert!(guessed > 12, "{guessed} of 24 rounds guessed");
}

#[test]
fn the_hard_killers_are_solved_and_proved_unique_within_a_bound() {
    // Wecoc #1, Wecoc #2 and tarek's "unsolvable #41" (tests/data/killers_hard.jsonl): no
    // givens, cages across boxes. Found, proved unique and checked, each within 100,000
    // guesses: the sums over bands of rows, columns and boxes and a guess in a cell (not among
    // a value's places in a house) bring them there; without the bands they take up to
    // 165,000, with places among the guesses up to a million.
    for line in common::puzzles(common::KILLERS_HARD) {
        let fields: serde_json::Value = serde_json::from_str(line).unwrap();
        let variant = Variant::from_json(line).unwrap();
        let mut search = Solutions::new(&variant.board).budget(&backtrack::Budget::nodes(100_000));
        let mut found = Vec::new();
        while found.len() < 2 && search.next().is_some() {
            found.push(format!("{:#}", search.board()));
        }
        assert_eq!(search.outcome(), backtrack::sudoku::bitboard::Outcome::Exhausted, "{}", fields["id"]);
        assert_eq!(found, [fields["solution"].as_str().unwrap()], "{}", fields["id"]);
        Rules::of_json(&fields).check(fields["givens"].as_str().unwrap(), &found[0]).unwrap();
    }
}

/// Dancing Links on bit sets is the links' search, node for node and update for update, on
/// each puzzle of the variant sample that is exact cover (windoku, X-Sudoku 16×16, killers),
/// the sets of a matrix serving every puzzle after the first; the 25×25 grid stays on the links.
#[test]
fn dancing_links_on_bit_sets_is_the_links_search() {
    let mut covers: Vec<ExactCover> = Vec::new();
    let (mut checked, mut solved) = (0, 0);
    for line in common::puzzles(common::VARIANTS_SIGH) {
        let board = Variant::from_json(line).unwrap().board;
        let Ok(fresh) = ExactCover::with_cages(board.geometry()) else { continue };
        let at = covers.iter().position(|c| c.geometry() == board.geometry()).unwrap_or_else(|| {
            covers.push(fresh);
            covers.len() - 1
        });
        let cover = &mut covers[at];
        let (links, stats) = {
            let mut solver = cover.solver(&board).budget(&Budget::nodes(200_000));
            (solver.by_ref().take(2).collect::<Vec<_>>(), solver.stats())
        };
        let bits = cover.bit_solver(&board).unwrap();
        bits.set_budget(&Budget::nodes(200_000));
        assert_eq!(bits.by_ref().take(2).collect::<Vec<_>>(), links, "{line}");
        assert_eq!(bits.stats(), stats, "{line}");
        checked += 1;
        if links.len() == 1 && bits.outcome() == backtrack::dlx::Outcome::Exhausted {
            // Solved and proved unique: the rules kept, and the published solution where
            // there is one.
            let fields: serde_json::Value = serde_json::from_str(line).unwrap();
            let found = format!("{:#}", ExactCover::board_of(board.geometry(), &links[0]));
            Rules::of_json(&fields).check(fields["givens"].as_str().unwrap(), &found).unwrap();
            if let Some(published) = fields["solution"].as_str() {
                assert_eq!(found, published);
            }
            solved += 1;
        }
    }
    // The others stopped at the budget, at the same node on both.
    assert_eq!((checked, solved), (9, 5), "windoku, X-Sudoku and the killers");
    let grid = Board::empty_of(&Geometry::of_side(25).unwrap());
    assert!(ExactCover::of(grid.geometry()).bit_solver(&grid).is_none());
}

#[test]
fn a_large_cage_on_a_large_grid_is_read_by_its_bounds() {
    // 12 cells of a 25×25 row adding up to 100 (their values go from 78 to 222): too many
    // combinations to list at every node, so the engine bounds each value by the least and the
    // most the other cells can add; a solution comes within a few guesses, and keeps the sum.
    let cells: Vec<usize> = (25..37).collect();
    let geometry =
        Geometry::boxed(5, 5).unwrap().with_cages(vec![Cage::new(cells.clone(), Some(100))]).unwrap();
    let board = Board::empty_of(&geometry);
    let mut search = Solutions::new(&board).budget(&backtrack::Budget::nodes(10_000));
    assert!(search.next().is_some(), "{:?}", search.outcome());
    let values = search.values();
    assert_eq!(cells.iter().map(|&c| u32::from(values[c])).sum::<u32>(), 100);
    let mut checker = Rules::new(25, Some((5, 5)), None, &[]);
    checker.cages = vec![(cells, Some(100))];
    checker.check(&".".repeat(625), &format!("{:#}", search.board())).unwrap();
}

#[test]
fn givens_that_break_a_rule_between_cells_have_no_solution() {
    // 1 in r1c1 and in r2c3, a knight's move apart; 1 and 2 side by side.
    let knight = Geometry::of_side(4).unwrap().with_extras(&[Extra::AntiKnight]).unwrap();
    let board = Board::parse_in(&format!("1.....1{}", ".".repeat(9)), &knight).unwrap();
    assert!(by_engine(&board, 1).is_empty());
    let consecutive = Geometry::of_side(4).unwrap().with_extras(&[Extra::NonConsecutive]).unwrap();
    let board = Board::parse_in(&format!("12{}", ".".repeat(14)), &consecutive).unwrap();
    assert!(by_engine(&board, 1).is_empty());
}

#[test]
fn gecode_25x25() {
    // Four of Gecode's 25×25 examples (MIT), solved, proved unique and checked by the rules.
    // The last two take the depth-first search past 200,000 guesses (BENCHMARKS.md §8): they
    // are solved once clause learning takes over, within a bound of contradictions a hundred
    // times what they need.
    let rules = Rules::new(25, Some((5, 5)), None, &[]);
    for (number, line) in common::puzzles(common::GECODE_25).enumerate() {
        let board: Board = line.parse().unwrap();
        assert_eq!(board.geometry().side(), 25);
        let mut search = Solutions::new(&board).budget(&Budget::nodes(2_000_000));
        let mut found = Vec::new();
        while search.next().is_some() {
            found.push(format!("{:#}", search.board()));
        }
        assert_eq!(search.outcome(), Outcome::Exhausted, "puzzle {number}: {:?}", search.stats());
        assert_eq!(found.len(), 1, "puzzle {number}");
        rules.check(line, &found[0]).unwrap();
    }
}

/// A count of solutions ends with its budget: a deadline already past stops the proof of each
/// of the four (every one needs guesses), where a budget that lets it end proves each unique.
#[test]
fn a_count_of_solutions_ends_with_its_budget() {
    for (number, line) in common::puzzles(common::GECODE_25).enumerate() {
        let board: Board = line.parse().unwrap();
        let past = Budget::new().timeout(std::time::Duration::ZERO);
        assert_eq!(board.count_solutions_within(2, &past), None, "puzzle {number}");
        assert_eq!(board.count_solutions_within(2, &Budget::nodes(2_000_000)), Some(1), "puzzle {number}");
    }
}

#[test]
fn gecode_25x25_explained() {
    // The logic solver on the same four: each needs guessing, and each bifurcation tries the
    // digit the engines' solution has there, so the solve is one line of trials, not a search
    // (a wrong digit's refutation can need one: minutes on two of these). Solved within ten
    // times the steps it takes (those of the trials and of the forcing chains' ways count), the
    // answer the engines' (unique, proved above), kept by the rules; no step removes a digit
    // of it, and every step places only its digits.
    let rules = Rules::new(25, Some((5, 5)), None, &[]);
    for (number, line) in common::puzzles(common::GECODE_25).enumerate() {
        let board: Board = line.parse().unwrap();
        let budget = Budget::nodes(1_000_000);
        let report = logic::solve_within(&board, logic::standard(), &budget);
        assert_eq!(report.outcome, logic::Outcome::Solved, "puzzle {number}: {} steps", budget.spent());
        assert_eq!(report.grade(), logic::Grade::NeedsGuessing, "puzzle {number}");
        let answer = format!("{:#}", report.board());
        rules.check(line, &answer).unwrap();
        let mut search = Solutions::new(&board);
        search.next().unwrap();
        assert_eq!(answer, format!("{:#}", search.board()), "puzzle {number}");
        let holds = |c: &Candidate| answer.chars().nth(c.cell.index()) == Some(c.digit.symbol());
        for step in &report.steps {
            assert!(step.placements.iter().all(holds), "puzzle {number}: {step}");
            assert!(!step.eliminations.iter().any(holds), "puzzle {number}: {step}");
        }
    }
}

/// The solutions of `board` up to `limit`, by the depth-first search alone or by clause
/// learning from the first guess.
fn learned(board: &Board, limit: usize, learns: bool) -> Vec<String> {
    learned_on(board, limit, learns, 1)
}

/// The same, clause learning split into parts searched on `threads` threads (two or more).
fn learned_on(board: &Board, limit: usize, learns: bool, threads: usize) -> Vec<String> {
    let mut search = Solutions::new(board).learn_after(if learns { 0 } else { u64::MAX }).threads(threads);
    let mut found = Vec::new();
    while found.len() < limit && search.next().is_some() {
        found.push(format!("{:#}", search.board()));
    }
    found
}

#[test]
fn clause_learning_counts_published_totals() {
    // 288 grids of 4×4 and 576 Latin squares of order 4 (OEIS A002860), each solution found
    // once by clause learning, which excludes each grid it finds; every grid keeps the rules.
    let four = Board::empty_of(&Geometry::of_side(4).unwrap());
    let grids = learned(&four, 1_000, true);
    assert_eq!(grids.len(), 288);
    let rules = Rules::new(4, Some((2, 2)), None, &[]);
    for grid in &grids {
        rules.check(&".".repeat(16), grid).unwrap();
    }
    let mut distinct = grids.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 288);
    assert_eq!(learned(&Board::empty_of(&Geometry::latin(4).unwrap()), 1_000, true).len(), 576);
    // Split into parts on two threads (and on three): the same 288 grids, each once, and the
    // same order each time (the first part's grids, then the second's, whatever the threads'
    // timing).
    let split = learned_on(&four, 1_000, true, 2);
    let mut sorted = split.clone();
    sorted.sort();
    assert_eq!(sorted, distinct);
    assert_eq!(learned_on(&four, 1_000, true, 2), split);
    let mut three = learned_on(&four, 1_000, true, 3);
    assert_eq!(learned_on(&four, 1_000, true, 3), three);
    three.sort();
    assert_eq!(three, distinct);
    // The first split: some cell holds some value in every grid of its first side (a quarter of
    // them: a cell's value of four), read first, and in none of the other side's.
    let halves = (0..16).any(|cell| {
        let value = split[0].as_bytes()[cell];
        let first = split.iter().take_while(|g| g.as_bytes()[cell] == value).count();
        first == 72 && split[first..].iter().all(|g| g.as_bytes()[cell] != value)
    });
    assert!(halves, "no cell's value parts the grids in two");
    assert_eq!(learned_on(&Board::empty_of(&Geometry::latin(4).unwrap()), 1_000, true, 2).len(), 576);
}

#[test]
fn clause_learning_counts_a_large_space_once_each() {
    // The 161,280 Latin squares of order 5 (OEIS A002860), every one found by clause learning
    // from the first guess, each once: the search moves its guiding path past each solution
    // rather than keeping a clause against it, and still finds none twice nor misses one.
    let five = Board::empty_of(&Geometry::latin(5).unwrap());
    let mut search = Solutions::new(&five).learn_after(0);
    let mut seen = std::collections::HashSet::new();
    let rules = Rules::new(5, None, None, &[]);
    while search.next().is_some() {
        let square = format!("{:#}", search.board());
        assert_eq!(rules.check(&".".repeat(25), &square), Ok(()));
        assert!(seen.insert(square), "a square found twice");
    }
    assert_eq!(seen.len(), 161_280);
    assert!(search.learns());
    assert_eq!(search.outcome(), Outcome::Exhausted);
}

#[test]
fn a_split_search_counts_every_part_and_keeps_its_budget() {
    // Gecode's 25×25 samples, each handed to clause learning from its first guess and split on
    // two threads: one solution, the engine's, and the search exhausted; its counters add up
    // every part's (each of which guesses). A budget of a few guesses stops it, shared between
    // the parts, and says so.
    for line in common::puzzles(common::GECODE_25) {
        let board: Board = line.parse().unwrap();
        let mut alone = Solutions::new(&board);
        alone.next().unwrap();
        let mut split = Solutions::new(&board).learn_after(0).threads(2);
        split.next().unwrap();
        assert_eq!(format!("{:#}", split.board()), format!("{:#}", alone.board()));
        assert!(split.next().is_none());
        assert_eq!(split.outcome(), Outcome::Exhausted);
        assert_eq!(split.stats().solutions, 1);
        assert!(split.stats().guesses >= 2, "{:?}", split.stats());
        let mut bounded = Solutions::new(&board).learn_after(0).threads(2).budget(&Budget::nodes(3));
        assert!(bounded.next().is_none());
        assert_eq!(bounded.outcome(), Outcome::OutOfBudget);
        assert!(bounded.stats().guesses <= 4, "{:?}", bounded.stats());
    }
}

#[test]
fn a_count_on_two_threads_counts_each_grid_once() {
    // The 161,280 Latin squares of order 5 (OEIS A002860) and the 39,168 6×6 grids with their
    // first row fixed (28,200,960 / 6!): the depth-first search, shared out over two threads
    // once it has made a thousand guesses, counts each once.
    let five = Board::empty_of(&Geometry::latin(5).unwrap());
    let six: Board = format!("123456{}", ".".repeat(30)).parse().unwrap();
    for (board, total) in [(&five, 161_280), (&six, 39_168)] {
        let alone = Solutions::new(board).count_within(u64::MAX);
        let shared = Solutions::new(board).threads(2).count_within(u64::MAX);
        assert_eq!((alone.solutions, alone.outcome), (total, Outcome::Exhausted));
        assert_eq!((shared.solutions, shared.outcome), (total, Outcome::Exhausted));
        assert_eq!(shared.stats.solutions, total);
        // Each part's guesses are counted, none twice: as many as the search makes alone,
        // give or take the cells each part's own contradictions lead it to choose.
        let ratio = shared.stats.guesses as f64 / alone.stats.guesses as f64;
        assert!((0.8..1.25).contains(&ratio), "{:?} against {:?}", shared.stats, alone.stats);
        // A limit and a budget of guesses hold for the threads together.
        let limited = Solutions::new(board).threads(2).count_within(20_000);
        assert_eq!((limited.solutions, limited.outcome), (20_000, Outcome::Running));
        let bounded = Solutions::new(board).threads(2).budget(&Budget::nodes(5_000)).count_within(u64::MAX);
        assert_eq!(bounded.outcome, Outcome::OutOfBudget);
        assert!(bounded.solutions < total && (5_000..=5_002).contains(&bounded.stats.guesses), "{bounded:?}");
    }
}

#[test]
fn a_killer_counted_on_two_threads_counts_what_one_thread_counts() {
    // The first hard killer of tests/data with its last cages left out: two grids, then
    // thousands. Clause learning never takes a killer over, so the search is shared out once
    // it has made a thousand guesses, whatever it has found.
    let line = include_str!("data/killers_hard.jsonl").lines().next().unwrap();
    let mut killer: serde_json::Value = serde_json::from_str(line).unwrap();
    let cages = killer["cages"].as_array().unwrap().clone();
    let mut counts = Vec::new();
    for kept in [18, 16] {
        killer["cages"] = serde_json::Value::Array(cages[..kept].to_vec());
        let board = Variant::from_json(&killer.to_string()).unwrap().board;
        let alone = Solutions::new(&board).count_within(u64::MAX);
        let shared = Solutions::new(&board).threads(2).count_within(u64::MAX);
        assert!(alone.stats.guesses > 10_000, "{:?}", alone.stats);
        assert_eq!((shared.solutions, shared.outcome), (alone.solutions, Outcome::Exhausted), "{kept} cages");
        counts.push(alone.solutions);
    }
    assert!(counts[0] >= 2 && counts[1] > 1_000, "{counts:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_count_on_two_threads_is_the_count_on_one(
        shape in 0usize..9,
        extra in 0usize..RULES.len(),
        picks in proptest::collection::vec((0usize..64, 0usize..8), 0..10),
    ) {
        // Every shape, with or without rules between cells (where clause learning never takes
        // over, so the search is shared out after a thousand guesses whatever it has found):
        // the same count, up to a limit, on one thread and on two.
        let Some((board, _)) = drawn(shape, extra, &picks) else { return Ok(()) };
        let alone = Solutions::new(&board).count_within(30_000);
        let shared = Solutions::new(&board).threads(2).count_within(30_000);
        prop_assert_eq!(shared.solutions, alone.solutions, "{:#}", board);
        prop_assert_eq!(shared.outcome, alone.outcome, "{:#}", board);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn clause_learning_finds_the_grids_of_the_depth_first_search(
        shape in 0usize..9,
        extra in 0usize..RULES.len(),
        picks in proptest::collection::vec((0usize..64, 0usize..8), 0..14),
    ) {
        // Every shape, with each rule the learning reads (an extra house, a knight's or a
        // king's move, values side by side): both searches find the same grids, each once,
        // and the checker of tests/common keeps every one.
        let Some((board, map)) = drawn(shape, extra, &picks) else { return Ok(()) };
        let limit = 40;
        let plain = learned(&board, limit, false);
        let learning = learned(&board, limit, true);
        prop_assert_eq!(same_up_to(learning.clone(), limit), same_up_to(plain.clone(), limit));
        // Split on two threads: the same grids again.
        let split = learned_on(&board, limit, true, 2);
        prop_assert_eq!(same_up_to(split, limit), same_up_to(plain, limit));
        let mut distinct = learning.clone();
        distinct.sort();
        distinct.dedup();
        prop_assert_eq!(distinct.len(), learning.len());
        let names: Vec<&str> = RULES[extra].iter().map(|e| e.name()).collect();
        let rules = Rules::new(board.geometry().side(), board.geometry().boxes(), map, &names);
        let puzzle = format!("{board:#}");
        for solution in &learning {
            prop_assert!(rules.check(&puzzle, solution).is_ok(), "{} {}", puzzle, solution);
        }
    }
}

#[test]
fn the_classic_grid_through_the_general_engine() {
    // The general engine on the classic grid agrees with the band engine on every puzzle of
    // top95 and of the two-solution set.
    for set in [common::TOP95, common::SERG] {
        for line in common::puzzles(set).take(60) {
            let board: Board = line.parse().unwrap();
            let band: Vec<String> =
                backtrack::sudoku::bitboard::Solutions::new(&board).take(3).map(|s| s.to_string()).collect();
            assert_eq!(same_up_to(by_engine(&board, 3), 3), same_up_to(band, 3), "{line}");
        }
    }
}

/// The shapes the property test draws from: boxes of every shape up to 8 cells a side,
/// Latin squares, and jigsaw maps (written here).
fn shapes() -> Vec<(Geometry, Option<&'static str>)> {
    let maps = ["ABBBAABCADCCDDDC", "AAABBAACBBCCCDBEEDDDEEEDC", "AAABBBAACCBBACCCDBECDDDFEEDDFFEEEFFF"];
    let mut shapes: Vec<_> = [(2, 2), (2, 3), (3, 2), (2, 4)]
        .into_iter()
        .map(|(r, c)| (Geometry::boxed(r, c).unwrap(), None))
        .chain([4, 5].map(|side| (Geometry::latin(side).unwrap(), None)))
        .collect();
    for map in maps {
        let side = (1..=6).find(|s| s * s == map.len()).unwrap();
        shapes.push((Geometry::jigsaw(side, map).unwrap(), Some(map)));
    }
    shapes
}

/// The rules the property tests draw from: none, an extra house, each relation between
/// cells, and two of them at once.
const RULES: [&[Extra]; 6] = [
    &[],
    &[Extra::Diagonals],
    &[Extra::AntiKnight],
    &[Extra::AntiKing],
    &[Extra::NonConsecutive],
    &[Extra::AntiKing, Extra::NonConsecutive],
];

/// A board of `shapes()[shape]` under `RULES[rules]`, its givens drawn from `picks`
/// ([`givens`]), with the shape's region map; `None` where the rules do not fit the shape.
fn drawn(shape: usize, rules: usize, picks: &[(usize, usize)]) -> Option<(Board, Option<&'static str>)> {
    let (geometry, map) = shapes()[shape].clone();
    let geometry = geometry.with_extras(RULES[rules]).ok()?;
    let board = Board::from_values(&geometry, &givens(&geometry, picks)).ok()?;
    Some((board, map))
}

/// Values for the cells of `geometry` (0 empty) drawn from `picks`: a random cell gets a
/// random candidate when the board stays solvable, so the givens come from a grid that exists
/// (none if the geometry has none).
fn givens(geometry: &Geometry, picks: &[(usize, usize)]) -> Vec<u8> {
    let board = Board::empty_of(geometry);
    for &(cell, value) in picks {
        let cell = geometry.cell_checked(cell % geometry.cells()).unwrap();
        let candidates: Vec<_> = board.candidates(cell).digits().collect();
        if candidates.is_empty() {
            continue;
        }
        let digit = candidates[value % candidates.len()];
        let trial = board.clone();
        trial.place(cell, digit).unwrap();
        if Solutions::new(&trial).next().is_some() {
            board.place(cell, digit).unwrap();
        }
    }
    board.values()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn the_solvers_agree_on_every_shape(
        shape in 0usize..9,
        diagonals in any::<bool>(),
        picks in proptest::collection::vec((0usize..64, 0usize..8), 0..14),
    ) {
        let (mut geometry, map) = shapes()[shape].clone();
        if diagonals {
            geometry = geometry.with_extras(&[Extra::Diagonals]).unwrap();
        }
        let values = givens(&geometry, &picks);
        let board = Board::from_values(&geometry, &values).unwrap();
        let before = board.clone();
        let engine = by_engine(&board, 3);
        prop_assert_eq!(same_up_to(by_dlx(&board, 3), 3), same_up_to(engine.clone(), 3));
        prop_assert_eq!(same_up_to(by_driver(&board, 3), 3), same_up_to(engine.clone(), 3));
        prop_assert_eq!(same_up_to(by_propagation(&board, 3), 3), same_up_to(engine.clone(), 3));
        // The driver's search left the board as it found it.
        prop_assert_eq!(&board, &before);
        // Every solution keeps the rules, written from the shape without the crate's geometry.
        let side = geometry.side();
        let rules = Rules::new(side, geometry.boxes(), map, if diagonals { &["diagonals"] } else { &[] });
        let puzzle = format!("{board:#}");
        for solution in &engine {
            prop_assert!(rules.check(&puzzle, solution).is_ok(), "{} {}", puzzle, solution);
        }
        // A board with givens from a grid that exists has a solution.
        if values.iter().any(|&v| v != 0) {
            prop_assert!(!engine.is_empty());
        }
        // The logic solver reasons on the shape's own houses: no step removes a value that a
        // solution holds; with every solution known (fewer than the limit), each placement
        // but a guess is theirs, and the grid it ends on is one of them.
        if !engine.is_empty() {
            let report = logic::solve(&board);
            prop_assert_eq!(report.outcome, logic::Outcome::Solved, "{}", puzzle);
            let solved = format!("{:#}", report.board());
            prop_assert!(rules.check(&puzzle, &solved).is_ok(), "{} {}", puzzle, solved);
            let all = engine.len() < 3;
            if all {
                prop_assert!(engine.contains(&solved), "{} {}", puzzle, solved);
            }
            let holds = |s: &String, c: Candidate| s.chars().nth(c.cell.index()) == Some(c.digit.symbol());
            for step in &report.steps {
                for &gone in &step.eliminations {
                    prop_assert!(!engine.iter().any(|s| holds(s, gone)), "{}: {}", puzzle, step);
                }
                if all && step.builtin() != Some(logic::Builtin::Bifurcation) {
                    for &placed in &step.placements {
                        prop_assert!(engine.iter().all(|s| holds(s, placed)), "{}: {}", puzzle, step);
                    }
                }
            }
        }
    }
}

#[test]
fn the_logic_solver_on_the_variant_sample() {
    // sigh's windoku 9×9 and an X-Sudoku 16×16 (MIT), solved by logic as published, every
    // step true of the solution; the 16×16 without a guess, in locked candidates between a
    // diagonal and the boxes among others.
    for (n, line) in common::puzzles(common::VARIANTS_SIGH).take(2).enumerate() {
        let fields: serde_json::Value = serde_json::from_str(line).unwrap();
        let variant = Variant::from_json(line).unwrap();
        let published = fields["solution"].as_str().unwrap();
        let report = logic::solve(&variant.board);
        assert_eq!(report.outcome, logic::Outcome::Solved, "{}", fields["id"]);
        assert_eq!(format!("{:#}", report.board()), published, "{}", fields["id"]);
        assert!(report.grade() < logic::Grade::NeedsGuessing, "{}", fields["id"]);
        for step in &report.steps {
            for c in step.placements.iter() {
                assert_eq!(published.chars().nth(c.cell.index()), Some(c.digit.symbol()), "{step}");
            }
            for c in step.eliminations.iter() {
                assert_ne!(published.chars().nth(c.cell.index()), Some(c.digit.symbol()), "{step}");
            }
        }
        if n == 1 {
            assert_eq!(variant.board.geometry().side(), 16);
            assert!(report.steps.iter().any(|s| s.to_string().contains("diagonal")), "{:#?}", report.steps);
        }
    }
}

#[test]
fn extra_regions_on_top_of_the_boxes() {
    // sigh's "Jigsaw boxes, disconnected" (MIT): the boxes and nine regions at once. Read so,
    // one solution, the published one; its regions alone (a jigsaw) leave several.
    let givens = "4.......7.........15......4..3...7..9.1...8.6..8...4..2.......8.........7.......9";
    let map = "AABBCCCCCAAABADDDCBAABEDDDCBBBBEDDDCFAEEEEEGCFHHHEIIIIFHHHEIGGIFHHHGIGGGFFFFFIIGG";
    let published = "432659187869714253157823964543968712921475836678231495216397548394582671785146329";
    let line = |boxes: &str| {
        format!(r#"{{"size":9,"boxes":{boxes},"givens":"{givens}","regions":"{map}","rules":[]}}"#)
    };
    let board = Variant::from_json(&line("\"3x3\"")).unwrap().board;
    assert_eq!(board.geometry().extra_region_map().as_deref(), Some(map));
    assert!(!board.geometry().is_classic(), "the band engine's grid has no extra house");
    let found = by_engine(&board, 2);
    assert_eq!(found, [published]);
    assert_eq!(by_dlx(&board, 2), found);
    let logic = logic::solve(&board);
    assert_eq!(format!("{:#}", logic.board()), published);
    // Each kind of house by the checker that knows only the rules.
    for rules in [Rules::new(9, Some((3, 3)), None, &[]), Rules::new(9, None, Some(map), &[])] {
        rules.check(givens, &found[0]).unwrap();
    }
    let jigsaw = Variant::from_json(&line("null")).unwrap().board;
    assert_eq!(jigsaw.geometry().extra_region_map(), None);
    assert_eq!(by_engine(&jigsaw, 3).len(), 3, "its regions alone leave more than one");
    // On 4×4, "disjoint groups" (the cells at one place of each box, a region): the engine and
    // Dancing Links find exactly the grids of the 288 that the checker's filter keeps.
    let groups = "ABABCDCDABABCDCD";
    let every = by_engine(&Board::empty_of(&Geometry::of_side(4).unwrap()), usize::MAX);
    let checker = Rules::new(4, None, Some(groups), &[]);
    let mut expected: Vec<&String> =
        every.iter().filter(|g| checker.check(&".".repeat(16), g).is_ok()).collect();
    let grid = Board::empty_of(&Geometry::of_side(4).unwrap().with_extra_regions(groups).unwrap());
    let (mut found, mut covers) = (by_engine(&grid, usize::MAX), by_dlx(&grid, usize::MAX));
    expected.sort();
    found.sort();
    covers.sort();
    assert_eq!(found.iter().collect::<Vec<_>>(), expected);
    assert_eq!((found.len(), covers), (168, found.clone()));
    // A region map that is not N regions of N cells is refused, as a jigsaw's.
    let bad = format!(r#"{{"size":9,"boxes":"3x3","givens":"{givens}","regions":"{}"}}"#, "A".repeat(81));
    assert!(Variant::from_json(&bad).unwrap_err().to_string().starts_with("field `regions`"));
}

#[test]
fn a_search_without_a_value_finds_the_solutions_that_do_not_hold_it() {
    // Every solution holds the value in the cell or does not: the search without it finds
    // exactly the solutions of the whole search that do not, on a grid of houses, under a
    // rule between cells (anti-knight), with a killer's cages, by the depth-first search and
    // by clause learning from its first guess. A given of the value leaves none; a cell left
    // with one value (r1c3 of "12..", without 3) is placed with all it forces.
    let four = Geometry::of_side(4).unwrap();
    let six_knight = Geometry::of_side(6).unwrap().with_extras(&[Extra::AntiKnight]).unwrap();
    let caged = four.with_cages(vec![Cage::new(vec![0, 1], Some(3)), Cage::new(vec![10, 14], None)]).unwrap();
    let cases = [
        (&four, "1..............."),
        (&four, "12.............."),
        (&six_knight, ".2.4..............6................."),
        (&caged, "................"),
    ];
    for (geometry, givens) in cases {
        let board = Board::parse_in(givens, geometry).unwrap();
        let all = by_engine(&board, usize::MAX);
        assert!(all.len() > 10, "{} solutions", all.len());
        for learn in [u64::MAX, 0] {
            for cell in geometry.all_cells() {
                for value in 1..=geometry.side() as u8 {
                    let search = Solutions::new(&board).learn_after(learn).without(cell, Digit::new(value));
                    let mut found = lines_of(search, usize::MAX);
                    found.sort();
                    let symbol = Geometry::symbol(value);
                    let mut expected: Vec<String> =
                        all.iter().filter(|g| g.chars().nth(cell.index()) != Some(symbol)).cloned().collect();
                    expected.sort();
                    assert_eq!(found, expected, "{cell} without {value}, learning after {learn}");
                }
            }
        }
    }
}
