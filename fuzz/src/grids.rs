//! Sudoku grids made from fuzz bytes.
//!
//! Random bytes read as 81 cells are almost never a valid grid (two equal digits in a house),
//! so a target fed them tests the parser and little else. Here most inputs become a solved grid
//! (a known solution relabelled and shuffled by the bytes) with some cells emptied, then a few
//! cells overwritten: puzzles with one solution, with many, and without any, in proportions the
//! fuzzer steers through the bytes.

use backtrack::SplitMix64;
use backtrack::sudoku::generate::shuffled_lines;

/// The cells, 0 for empty, in reading order. Some grids break the rules (a repeated digit):
/// the targets read them through the library's checks like any other input.
pub fn grid(data: &[u8]) -> [u8; 81] {
    let byte = |i: usize| data.get(i).copied();
    let mut cells = [0u8; 81];
    let Some(mode) = byte(0) else { return cells };
    if mode % 8 == 0 {
        // Raw: each byte a cell (mostly invalid grids: the checks of the givens).
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = byte(1 + i).map_or(0, |b| b % 10);
        }
        return cells;
    }
    // The solution to start from: a valid pattern, its digits relabelled and its rows and
    // columns shuffled within their bands and stacks, the bands and stacks shuffled, by a
    // generator seeded with the next eight bytes.
    let seed = (1..9).fold(0u64, |s, i| (s << 8) | u64::from(byte(i).unwrap_or(0)));
    let mut random = SplitMix64::new(seed);
    let mut digits = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    random.shuffle(&mut digits);
    let rows = shuffled_lines(&mut random);
    let cols = shuffled_lines(&mut random);
    let transpose = random.next_u64() % 2 == 1;
    for r in 0..9 {
        for c in 0..9 {
            let (r0, c0) = (rows[r], cols[c]);
            let (r0, c0) = if transpose { (c0, r0) } else { (r0, c0) };
            cells[r * 9 + c] = digits[(r0 % 3 * 3 + r0 / 3 + c0) % 9] as u8 + 1;
        }
    }
    // Which cells stay: a cell stays when its byte is below the threshold; cells past the end of
    // the input draw their byte from the generator.
    let keep = byte(9).unwrap_or(128);
    for (i, cell) in cells.iter_mut().enumerate() {
        let b = byte(10 + i).unwrap_or_else(|| random.next_u64() as u8);
        if b >= keep {
            *cell = 0;
        }
    }
    // Overwrites: (cell, digit) pairs after the mask, to make grids without a solution.
    let mut at = 91;
    while let (Some(cell), Some(digit)) = (byte(at), byte(at + 1)) {
        cells[usize::from(cell) % 81] = digit % 10;
        at += 2;
    }
    cells
}

/// The cells as the newspaper line: digits and `.`.
pub fn line(cells: &[u8; 81]) -> String {
    cells.iter().map(|&d| if d == 0 { '.' } else { (b'0' + d) as char }).collect()
}
