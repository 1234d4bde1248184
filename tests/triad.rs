//! The triad engine (tdoku's representation in safe Rust): the same answers as the band engine,
//! and tdoku's own guesses; and the band engine, which hands it the puzzles that look hardest
//! in a build for a processor with AVX2, against Dancing Links on such puzzles. `.ci/run` runs
//! these tests in such a build too (`RUSTFLAGS="-C target-cpu=native"`).

mod common;

use backtrack::sudoku::bitboard;
use backtrack::sudoku::bitboard::triad::TriadSearch;
use backtrack::sudoku::{Board, ExactCover};
use common::by_dlx;

/// Up to two solutions of a line by each engine: the same solutions (as sets: the engines
/// search in different orders).
fn agree(line: &str) -> (usize, u64) {
    let mut ours: Vec<[u8; 81]> =
        bitboard::Solutions::from_line(line).expect("a line").take(2).map(|s| s.digits()).collect();
    let mut search = TriadSearch::from_line(line).expect("a line");
    let mut theirs: Vec<[u8; 81]> = search.by_ref().take(2).collect();
    // Two solutions of a puzzle with more may be different ones: then each must keep the givens.
    if ours.len() == 2 && theirs.len() == 2 {
        for solution in &theirs {
            let text: String = solution.iter().map(|d| char::from(b'0' + d)).collect();
            // A full grid, whose parsing checks the rules, holding the givens.
            assert!(!text.contains('0'), "{text}");
            text.parse::<backtrack::sudoku::Board>().expect("a grid that keeps the rules");
            assert!(line.bytes().zip(text.bytes()).all(|(g, s)| g == b'.' || g == b'0' || g == s), "{line}");
        }
        return (2, search.stats().guesses);
    }
    ours.sort_unstable();
    theirs.sort_unstable();
    assert_eq!(ours, theirs, "{line}");
    (theirs.len(), search.stats().guesses)
}

#[test]
fn the_triad_engine_agrees_with_the_band_engine_and_guesses_as_tdoku() {
    // tdoku's own count on top95, limit 2 (`num_guesses`, ../shared/bench/peers: 11.05 a puzzle).
    let text = include_str!("data/top95.txt");
    let (mut puzzles, mut guesses) = (0, 0);
    for line in text.lines().filter(|l| l.len() == 81) {
        let (found, g) = agree(line);
        assert_eq!(found, 1, "{line}");
        puzzles += 1;
        guesses += g;
    }
    assert_eq!(puzzles, 95);
    assert_eq!(guesses, 1050, "tdoku makes 1,050 guesses on top95");
}

#[test]
fn puzzles_with_several_solutions_or_none() {
    let unique = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    assert_eq!(agree(unique).0, 1);
    // Three givens fewer: several solutions.
    let several = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........";
    assert_eq!(agree(several).0, 2);
    let all: usize = TriadSearch::from_line(several).unwrap().count();
    assert_eq!(all, bitboard::Solutions::from_line(several).unwrap().count());
    // Givens that clash, and givens that leave no solution.
    let clash = format!("11{}", ".".repeat(79));
    let mut digits = [0; 81];
    digits[..2].copy_from_slice(&[1, 1]);
    assert_eq!(TriadSearch::new(&digits).count(), 0);
    // Read as a line, as the band engine reads it: refused, with the board's reason.
    assert_eq!(
        TriadSearch::from_line(&clash).unwrap_err().to_string(),
        bitboard::Solutions::from_line(&clash).unwrap_err().to_string()
    );
    // The unique puzzle with a 6 where its solution has a 1 (r1c2): no clash, no solution.
    let none = "46....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    assert_eq!(agree(none).0, 0);
    // The empty grid: two of its solutions, each a full grid.
    assert_eq!(agree(&".".repeat(81)).0, 2);
}

#[test]
fn the_band_engine_hands_the_puzzles_that_look_hard_to_the_triad_engine() {
    // top95, and each of its puzzles with its last given blanked (several solutions): the band
    // engine's solutions, up to 30, are those of Dancing Links, whichever engine searched. In a
    // build for AVX2 the band engine hands over the puzzles with more than 50 empty cells and
    // at most one cell with two candidates once the givens are drawn (5 of top95's 95, and
    // more of the blanked ones); elsewhere none.
    let mut cover = ExactCover::new();
    let (mut handed, mut searched) = (0, 0);
    for line in include_str!("data/top95.txt").lines().filter(|l| l.len() == 81) {
        let last = line.rfind(|c: char| c.is_ascii_digit()).expect("a given");
        let blanked = format!("{}.{}", &line[..last], &line[last + 1..]);
        for text in [line, blanked.as_str()] {
            let mut search = bitboard::Solutions::from_line(text).expect("a line");
            let mut ours: Vec<String> = search.by_ref().take(30).map(|s| s.to_string()).collect();
            handed += usize::from(search.handed_over());
            searched += 1;
            let board: Board = text.parse().expect("a board");
            let mut dlx = by_dlx(&mut cover, &board, 30);
            if ours.len() < 30 {
                ours.sort();
                dlx.sort();
                assert_eq!(ours, dlx, "{text}");
            } else {
                assert_eq!(dlx.len(), 30, "{text}");
                for solution in &ours {
                    let grid: Board = solution.parse().expect("a grid that keeps the rules");
                    assert!(grid.is_full());
                    assert!(text.bytes().zip(solution.bytes()).all(|(g, s)| g == b'.' || g == s), "{text}");
                }
            }
        }
    }
    assert_eq!(searched, 190);
    if bitboard::triad::VECTORS {
        assert!(handed >= 5, "{handed} handed over");
    } else {
        assert_eq!(handed, 0);
    }
}

#[test]
fn a_search_handed_over_keeps_its_budget() {
    // The empty grid looks hard at the root (81 empty cells, none with two candidates): in a
    // build for AVX2 the triad engine searches it, and a budget of 1,000 guesses stops it.
    let mut search = bitboard::Solutions::from_line(&".".repeat(81))
        .expect("a line")
        .budget(&bitboard::Budget::nodes(1000));
    let found = search.by_ref().count();
    assert!(found > 0);
    assert_eq!(search.outcome(), bitboard::Outcome::OutOfBudget);
    assert_eq!(search.stats().guesses, 1000);
    assert_eq!(search.stats().solutions, found as u64);
    assert_eq!(search.handed_over(), bitboard::triad::VECTORS);
}

#[test]
fn the_triad_engine_alone_keeps_a_budget() {
    // The empty grid has 6,670,903,752,021,072,936,960 solutions: 1,000 guesses cannot count
    // them, and the search says it stopped; its solutions so far are full grids.
    let mut search =
        TriadSearch::from_line(&".".repeat(81)).expect("a line").budget(&bitboard::Budget::nodes(1000));
    let found: Vec<[u8; 81]> = search.by_ref().collect();
    assert!(!found.is_empty());
    assert_eq!(search.outcome(), bitboard::Outcome::OutOfBudget);
    assert_eq!(search.stats().guesses, 1000);
    assert_eq!(search.next(), None, "the search stays stopped");
    for digits in found {
        assert!(Board::try_from(digits).expect("a grid that keeps the rules").is_full());
    }
    // A unique puzzle within the budget: the whole search ends, as without one.
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let mut search = TriadSearch::from_line(line).expect("a line").budget(&bitboard::Budget::nodes(1000));
    assert_eq!(search.by_ref().count(), 1);
    assert_eq!(search.outcome(), bitboard::Outcome::Exhausted);
    // Restarted on another puzzle, the budget holds from its start.
    search.restart(&[0; 81]);
    assert_eq!(search.outcome(), bitboard::Outcome::Running);
    assert!(search.by_ref().count() > 0);
    assert_eq!(search.stats().guesses, 1000);
}
