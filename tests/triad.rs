//! tdoku's representation in safe Rust (`benches/triad`, measured beside the band engine and not
//! kept in the crate): the same answers as the band engine, and tdoku's own guesses.

// The bench reads `VECTORS`, which the tests do not.
#[allow(dead_code)]
#[path = "../benches/triad/mod.rs"]
mod triad;

use backtrack::sudoku::bitboard;
use triad::lanes::{Shuffle8, Shuffle16, V8, V16, ZERO};
use triad::{TriadSearch, cells};

/// Up to two solutions of a line by each engine: the same solutions (as sets: the engines
/// search in different orders).
fn agree(line: &str) -> (usize, u64) {
    let mut ours: Vec<[u8; 81]> =
        bitboard::Solutions::from_line(line).expect("a line").take(2).map(|s| s.digits()).collect();
    let mut search = TriadSearch::new(&cells(line).expect("a line of 81 cells"));
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
        return (2, search.guesses);
    }
    ours.sort_unstable();
    theirs.sort_unstable();
    assert_eq!(ours, theirs, "{line}");
    (theirs.len(), search.guesses)
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
    let all: usize = TriadSearch::new(&cells(several).unwrap()).count();
    assert_eq!(all, bitboard::Solutions::from_line(several).unwrap().count());
    // Givens that clash, and givens that leave no solution.
    let clash = format!("11{}", ".".repeat(79));
    assert_eq!(TriadSearch::new(&cells(&clash).unwrap()).count(), 0);
    // The unique puzzle with a 6 where its solution has a 1 (r1c2): no clash, no solution.
    let none = "46....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    assert_eq!(agree(none).0, 0);
    // The empty grid: two of its solutions, each a full grid.
    assert_eq!(agree(&".".repeat(81)).0, 2);
}

// The lanes, on arrays in a plain build and on the processor's vectors in a build for it.

fn sample() -> V16 {
    V16::new(std::array::from_fn(|i| (i as u16 * 37 + 5) & 0x1ff))
}

#[test]
fn turns_move_rows_and_columns_of_four() {
    let v = V16::new(std::array::from_fn(|i| i as u16));
    assert_eq!(v.turn_rows().lanes()[..4], [1, 2, 3, 0]);
    assert_eq!(v.turn_rows().lanes()[12..], [13, 14, 15, 12]);
    assert_eq!(v.turn_rows2().lanes()[4..8], [6, 7, 4, 5]);
    assert_eq!(v.turn_columns().lanes()[..4], [4, 5, 6, 7]);
    assert_eq!(v.turn_columns().lanes()[12..], [0, 1, 2, 3]);
    assert_eq!(v.turn_columns2().lanes()[..4], [8, 9, 10, 11]);
}

#[test]
fn shuffles_read_their_own_half() {
    let v = V16::new(std::array::from_fn(|i| i as u16 + 100));
    let mut lanes = [ZERO; 16];
    lanes[0] = 3;
    lanes[9] = 7;
    lanes[15] = 0;
    let out = v.shuffle(&Shuffle16::new(lanes)).lanes();
    assert_eq!((out[0], out[1], out[9], out[15]), (103, 0, 115, 108));
    let w = V8::new([1, 2, 3, 4, 5, 6, 7, 8]).shuffle(&Shuffle8::new([7, ZERO, 0, 0, 1, 2, 3, 4]));
    assert_eq!(w.lanes(), [8, 0, 1, 1, 2, 3, 4, 5]);
}

#[test]
fn counts_tests_and_masks() {
    let v = sample();
    let counts = v.counts().lanes();
    for (c, x) in counts.iter().zip(v.lanes()) {
        assert_eq!(u32::from(*c), x.count_ones());
    }
    assert!(v.is_subset_of(V16::splat(0x1ff)));
    assert!(!V16::splat(0x1ff).is_subset_of(v));
    assert!(v.intersects(V16::splat(1)) || v.lanes().iter().all(|x| x & 1 == 0));
    assert!(!v.and(V16::splat(0)).intersects(v));
    assert!(V16::splat(3).any_below(V16::splat(4)));
    assert!(!V16::splat(4).any_below(V16::splat(4)));
    let eq = v.equal(v.xor(V16::new(std::array::from_fn(|i| (i % 2) as u16)))).lanes();
    assert_eq!(eq[0], 0xffff);
    assert_eq!(eq[1], 0);
    assert_eq!(
        V16::new([0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9]).nonzero().lanes()[..2],
        [0, 0xffff]
    );
    let halves = V16::from_halves(v.lo(), v.hi()).lanes();
    assert_eq!(halves, v.lanes());
    assert_eq!(V8::new([1, 3, 7, 0, 0, 0, 0, 0x1ff]).count(), 15);
    assert_eq!(v.minus(v).lanes(), [0; 16]);
}
