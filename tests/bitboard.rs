//! The band engine against the rules, against Dancing Links, and on grids nobody chose.

mod common;

use backtrack::sudoku::bitboard::{Budget, Outcome, Solutions};
use backtrack::sudoku::{Board, ExactCover, Geometry};
use common::*;
use proptest::prelude::*;

/// Up to `limit` solutions by the band engine, as 81-character lines.
fn by_bands(board: &Board, limit: usize) -> Vec<String> {
    Solutions::new(board).take(limit).map(|s| s.to_string()).collect()
}

#[test]
fn every_unique_fixture_has_one_solution_that_keeps_the_rules() {
    for set in [EASY50, TOP95, HARDEST, SEVENTEEN, TOP1465, UNBIASED] {
        for (i, puzzle) in puzzles(set).enumerate() {
            let board: Board = puzzle.parse().unwrap();
            let found = by_bands(&board, 2);
            assert_eq!(found.len(), 1, "line {}: {puzzle}", i + 1);
            check_solution(puzzle, &found[0]).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        }
    }
}

#[test]
fn counts_agree_with_dancing_links_on_puzzles_with_many_solutions() {
    let mut cover = ExactCover::new();
    for (i, puzzle) in puzzles(SERG).enumerate() {
        let board: Board = puzzle.parse().unwrap();
        let mut bands = by_bands(&board, 20);
        let mut dlx = by_dlx(&mut cover, &board, 20);
        assert!(bands.len() >= 2, "line {}: serg puzzles have two solutions or more", i + 1);
        for solution in &bands {
            check_solution(puzzle, solution).unwrap();
        }
        // The same set of solutions (when both stop at 20, the first 20 may differ).
        if bands.len() < 20 {
            bands.sort();
            dlx.sort();
            assert_eq!(bands, dlx, "line {}: {puzzle}", i + 1);
        } else {
            assert_eq!(dlx.len(), 20, "line {}", i + 1);
        }
    }
}

#[test]
fn an_unsolvable_puzzle_is_refuted_with_few_guesses() {
    // 255,743,934 nodes for the driver without propagation; a handful here.
    let board: Board =
        ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........".parse().unwrap();
    let mut search = Solutions::new(&board);
    assert!(search.next().is_none());
    assert_eq!(search.outcome(), Outcome::Exhausted);
    // Dancing Links needs 8,342 nodes for it; the band engine about 1,300 guesses.
    assert!(search.stats().guesses < 10_000, "{:?}", search.stats());
    assert_eq!(by_dlx(&mut ExactCover::new(), &board, 1).len(), 0);
}

#[test]
fn a_budget_stops_the_search_and_says_so() {
    let mut search = Solutions::new(&Board::empty()).budget(&Budget::nodes(50));
    let found = search.by_ref().count();
    assert_eq!(search.outcome(), Outcome::OutOfBudget);
    assert_eq!(search.stats().guesses, 50);
    assert_eq!(search.stats().solutions, found as u64);
    assert_eq!(search.next(), None, "fused");
    let past = std::time::Instant::now();
    let mut search = Solutions::new(&Board::empty()).budget(&Budget::new().deadline(past));
    search.by_ref().for_each(drop);
    assert_eq!(search.outcome(), Outcome::OutOfBudget);
}

#[test]
fn the_empty_grid_is_filled_by_the_rules() {
    let solution = Solutions::new(&Board::empty()).next().unwrap();
    check_solution(&".".repeat(81), &solution.to_string()).unwrap();
    assert_eq!(format!("{:#}", solution.to_board()), solution.to_string());
}

/// A grid that keeps the rules so far: a solved grid with most cells emptied, a few cells
/// changed to another digit (often making it unsolvable), so the solvers are reached.
fn grid() -> impl Strategy<Value = String> {
    let solved = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    (prop::collection::vec(0u8..100, 81), prop::collection::vec((0usize..81, 1u8..=9), 0..3), 15u8..45)
        .prop_map(move |(keep, changes, share)| {
            let mut cells: Vec<u8> = solved.bytes().map(|b| b - b'0').collect();
            for (cell, k) in cells.iter_mut().zip(&keep) {
                if *k >= share {
                    *cell = 0;
                }
            }
            for (cell, digit) in changes {
                cells[cell] = digit;
            }
            cells.iter().map(|&d| (b'0' + d) as char).collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_band_engine_and_dancing_links_agree(text in grid()) {
        if let Ok(board) = text.parse::<Board>() {
            let bands = by_bands(&board, 3);
            let dlx = by_dlx(&mut ExactCover::new(), &board, 3);
            prop_assert_eq!(bands.len(), dlx.len(), "{}", text);
            if bands.len() == 1 {
                prop_assert_eq!(&bands[0], &dlx[0]);
            }
            for solution in &bands {
                prop_assert!(check_solution(&text, solution).is_ok());
            }
            let (mut driver, restored) = by_driver(&board, 3);
            prop_assert!(restored);
            // Up to the limit the same solutions; past it, each search finds its own first three.
            let mut bands = bands;
            driver.sort();
            bands.sort();
            if bands.len() < 3 {
                prop_assert_eq!(driver, bands, "the driver with propagation: {}", text);
            } else {
                prop_assert_eq!(driver.len(), 3);
            }
        }
    }
}

/// A text near a puzzle line: a grid of [`grid`] with a few characters replaced (by digits,
/// empty marks, decorations or letters), and sometimes cut short or lengthened.
fn near_a_line() -> impl Strategy<Value = String> {
    let marks = prop::sample::select(vec!['0', '5', '9', '.', '_', 'x', ' ', '|', '-', 'é']);
    (grid(), prop::collection::vec((0usize..81, marks), 0..3), prop::option::of(70usize..90)).prop_map(
        |(text, changes, length)| {
            let mut chars: Vec<char> = text.chars().collect();
            for (at, mark) in changes {
                chars[at] = mark;
            }
            if let Some(length) = length {
                chars.resize(length, '.');
            }
            chars.into_iter().collect()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn a_line_read_straight_into_the_engine_is_read_as_a_board_is(text in near_a_line()) {
        // The straight path and the board's parser accept the same texts, refuse the others
        // with the same error, and what they accept has the same solutions.
        // The band engine reads the classic grid: texts of other sizes are refused as such.
        match (Solutions::from_line(&text), Board::parse_in(&text, &Geometry::classic())) {
            (Ok(straight), Ok(board)) => {
                let straight: Vec<String> = straight.take(3).map(|s| s.to_string()).collect();
                prop_assert_eq!(straight, by_bands(&board, 3), "{}", text);
            }
            (Err(straight), Err(board)) => prop_assert_eq!(straight, board, "{}", text),
            (straight, board) => {
                prop_assert!(false, "{text:?}: straight {:?}, as a board {:?}", straight.map(|_| ()), board.map(|_| ()));
            }
        }
    }
}

#[test]
fn a_line_whose_givens_clash_is_refused_with_the_boards_error() {
    // Two 5s in box 1 (r1c1 and r3c3), and a line of the sets read both ways.
    let clash = format!("5{}5{}", ".".repeat(19), ".".repeat(60));
    let board_error = clash.parse::<Board>().unwrap_err();
    assert_eq!(Solutions::from_line(&clash).unwrap_err(), board_error);
    assert!(board_error.to_string().contains("twice"), "{board_error}");
    for puzzle in puzzles(TOP95) {
        let straight: Vec<String> =
            Solutions::from_line(puzzle).unwrap().take(2).map(|s| s.to_string()).collect();
        assert_eq!(straight, by_bands(&puzzle.parse().unwrap(), 2));
    }
}

#[test]
fn a_search_restarted_line_after_line_finds_what_a_new_one_finds() {
    // One search kept across the lines of the sets, some of them left in the middle (a budget
    // of a few guesses, or one solution of many taken), and lines it refuses between them:
    // each restart answers as a search made for that line alone, counters included.
    let mut kept = Solutions::from_line(&".".repeat(81)).unwrap();
    let lines = [TOP95, SERG, HARDEST].into_iter().flat_map(puzzles);
    for (i, line) in lines.enumerate() {
        let budget = if i % 3 == 0 { Budget::nodes(3) } else { Budget::new() };
        let mut fresh = Solutions::from_line(line).unwrap().budget(&budget);
        kept.restart(line).unwrap();
        kept.set_budget(&budget);
        let take = if i % 2 == 0 { 1 } else { 3 };
        let (a, b): (Vec<String>, Vec<String>) = (
            kept.by_ref().take(take).map(|s| s.to_string()).collect(),
            fresh.by_ref().take(take).map(|s| s.to_string()).collect(),
        );
        assert_eq!(a, b, "line {i}: {line}");
        assert_eq!((kept.stats(), kept.outcome()), (fresh.stats(), fresh.outcome()), "line {i}: {line}");
        if i % 5 == 0 {
            // Refused: the search is left as it was, in the middle of this line's.
            assert_eq!(kept.restart("1 2 3").unwrap_err(), "1 2 3".parse::<Board>().unwrap_err());
            assert_eq!(kept.next().map(|s| s.to_string()), fresh.next().map(|s| s.to_string()));
        }
    }
}

/// The driver over the propagating generators: the first solution and how many there are (up
/// to `limit`), and whether the grid was put back as the givens left it.
fn by_driver(board: &Board, limit: usize) -> (Vec<String>, bool) {
    use backtrack::sudoku::bitboard::Propagation;
    let grid = Propagation::new(board);
    let before = format!("{:#}", grid.board());
    let generators = grid.generators();
    let mut found = Vec::new();
    {
        let mut search = backtrack::stack_assumptions(&generators);
        while found.len() < limit && search.next().is_some() {
            found.push(grid.solution().expect("full while the search holds it").to_string());
        }
    } // dropped, maybe in the middle of the search
    (found, format!("{:#}", grid.board()) == before)
}

#[test]
fn the_propagating_driver_agrees_with_dancing_links_and_restores_the_grid() {
    let mut cover = ExactCover::new();
    for set in [TOP95, SEVENTEEN, SERG] {
        for puzzle in puzzles(set).step_by(3) {
            let board: Board = puzzle.parse().unwrap();
            let (mut found, restored) = by_driver(&board, 5);
            let mut dlx = by_dlx(&mut cover, &board, 5);
            assert!(restored, "{puzzle}: the grid is back as the givens left it");
            found.sort();
            dlx.sort();
            if found.len() < 5 {
                assert_eq!(found, dlx, "{puzzle}");
            }
            for solution in &found {
                check_solution(puzzle, solution).unwrap();
            }
        }
    }
    let board: Board =
        ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........".parse().unwrap();
    assert_eq!(by_driver(&board, 1).0.len(), 0, "refuted");
}
