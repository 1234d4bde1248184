//! cargo bench --bench driver [-- N...]
//!
//! The driver against hand-written code that explores the same tree, side by side in one run:
//! - N queens (default N = 12, 13, 14), counting every solution: `stack_assumptions` over the
//!   same bit masks as `examples/queens.rs`, against a recursive bitboard backtracker with the
//!   same order (rows top to bottom, columns lowest first) and no symmetry tricks;
//! - the 1000×1000 knight's tour: the driver with Warnsdorff generators against a bare
//!   Warnsdorff loop (same rule, same tie-break, no backtracking).
//!
//! Each figure is the best of several runs, to damp the noise of a shared machine.

use backtrack::{Attempt, Ones, stack_assumptions};
use std::cell::Cell;
use std::time::Duration;

#[path = "common.rs"]
mod common;
use common::best_of;

fn queens_driver(n: usize) -> (u64, u64) {
    let (cols, diags, antis) = (Cell::new(0u64), Cell::new(0u128), Cell::new(0u128));
    let toggle = |row: usize, col: usize| {
        cols.set(cols.get() ^ 1 << col);
        diags.set(diags.get() ^ 1 << (row + col));
        antis.set(antis.get() ^ 1 << (col + n - 1 - row));
    };
    let all = u64::MAX >> (64 - n);
    let gens: Vec<_> = (0..n)
        .map(|row| {
            let (cols, diags, antis, toggle) = (&cols, &diags, &antis, &toggle);
            move || {
                let taken = cols.get() | (diags.get() >> row) as u64 | (antis.get() >> (n - 1 - row)) as u64;
                Ones(all & !taken).map(move |col| {
                    toggle(row, col);
                    Attempt::new((row, col), move |&(r, c)| toggle(r, c))
                })
            }
        })
        .collect();
    let mut search = stack_assumptions(&gens);
    let count = search.count_all();
    (count, search.stats().nodes())
}

/// The driver over the bitboard's own state: the masks of each level, so nothing to undo.
fn queens_driver_levels(n: usize) -> (u64, u64) {
    // masks[r] = (columns, diagonals, anti-diagonals) attacked on row r, as the bitboard has them.
    let masks: Vec<Cell<(u64, u64, u64)>> = (0..=n).map(|_| Cell::new((0, 0, 0))).collect();
    let all = u64::MAX >> (64 - n);
    let gens: Vec<_> = (0..n)
        .map(|row| {
            let masks = &masks;
            move || {
                let (cols, diags, antis) = masks[row].get();
                Ones(all & !(cols | diags | antis)).map(move |col| {
                    let bit = 1 << col;
                    masks[row + 1].set((cols | bit, (diags | bit) >> 1, (antis | bit) << 1));
                    Attempt::new((), |_| ())
                })
            }
        })
        .collect();
    let mut search = stack_assumptions(&gens);
    let count = search.count_all();
    (count, search.stats().nodes())
}

/// The classic bitboard backtracker, same tree: masks shifted per row, lowest column first.
fn queens_bitboard(n: usize) -> (u64, u64) {
    fn go(all: u64, cols: u64, diags: u64, antis: u64, nodes: &mut u64) -> u64 {
        if cols == all {
            return 1;
        }
        let mut free = all & !(cols | diags | antis);
        let mut count = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            *nodes += 1;
            count += go(all, cols | bit, (diags | bit) >> 1, (antis | bit) << 1, nodes);
        }
        count
    }
    let mut nodes = 1;
    let all = u64::MAX >> (64 - n);
    let count = go(all, 0, 0, 0, &mut nodes);
    (count, nodes)
}

const JUMPS: [(isize, isize); 8] = [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)];

fn jumps(n: usize, sq: usize) -> impl Iterator<Item = usize> {
    let (r, c) = ((sq / n) as isize, (sq % n) as isize);
    JUMPS.iter().filter_map(move |&(dr, dc)| {
        let (r, c) = (r + dr, c + dc);
        ((0..n as isize).contains(&r) && (0..n as isize).contains(&c)).then(|| r as usize * n + c as usize)
    })
}

/// Warnsdorff's keys for the free squares a knight's move from `from`, sorted.
fn warnsdorff(n: usize, from: usize, free: impl Fn(usize) -> bool) -> ([u64; 8], usize) {
    let mut keys = [0u64; 8];
    let mut k = 0;
    for sq in jumps(n, from).filter(|&s| free(s)) {
        let onward = jumps(n, sq).filter(|&s| free(s)).count() as u64;
        let centre = (2 * (sq / n)).abs_diff(n - 1).pow(2) + (2 * (sq % n)).abs_diff(n - 1).pow(2);
        keys[k] = onward << 56 | (0xFF_FFFF - centre as u64) << 32 | sq as u64;
        k += 1;
    }
    keys[..k].sort_unstable();
    (keys, k)
}

fn tour_driver(n: usize) -> u64 {
    let moves: Vec<Cell<u32>> = (0..n * n).map(|_| Cell::new(0)).collect();
    let path: Vec<Cell<u32>> = (0..n * n).map(|_| Cell::new(0)).collect();
    let gens: Vec<_> = (0..n * n)
        .map(|i| {
            let (moves, path) = (&moves, &path);
            move || {
                let (keys, k) = if i == 0 {
                    ([0u64; 8], 1)
                } else {
                    warnsdorff(n, path[i - 1].get() as usize, |s| moves[s].get() == 0)
                };
                // Keep 32 bytes a level, not 64: the squares, in the keys' order.
                let squares: [u32; 8] = keys.map(|key| key as u32);
                squares.into_iter().take(k).map(move |sq| {
                    let sq = sq as usize;
                    moves[sq].set(i as u32 + 1);
                    path[i].set(sq as u32);
                    Attempt::new(sq, move |&sq| moves[sq].set(0))
                })
            }
        })
        .collect();
    let mut search = stack_assumptions(&gens);
    search.next().expect("a tour");
    search.stats().nodes()
}

fn tour_bare(n: usize) -> u64 {
    let mut moves = vec![0u32; n * n];
    let mut sq = 0;
    moves[0] = 1;
    for i in 1..n * n {
        let (keys, k) = warnsdorff(n, sq, |s| moves[s] == 0);
        assert!(k > 0, "the bare rule got stuck at move {i}");
        sq = keys[0] as u32 as usize;
        moves[sq] = i as u32 + 1;
    }
    (n * n + 1) as u64
}

fn main() {
    let sizes: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let sizes = if sizes.is_empty() { vec![12, 13, 14] } else { sizes };
    println!(
        "| N queens | solutions | nodes | driver, cells | driver, level masks | bitboard | ratio cells | ratio masks |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for &n in &sizes {
        let runs = if n >= 14 { 5 } else { 11 };
        let ((count, nodes), t_driver) = best_of(runs, || queens_driver(n));
        let ((count2, nodes2), t_bits) = best_of(runs, || queens_bitboard(n));
        let ((count3, nodes3), t_levels) = best_of(runs, || queens_driver_levels(n));
        assert_eq!((count, nodes), (count2, nodes2), "the two explore the same tree");
        assert_eq!((count, nodes), (count3, nodes3), "the two explore the same tree");
        let ms = |t: Duration| t.as_secs_f64() * 1e3;
        println!(
            "| {n} | {count} | {nodes} | {:.1} ms | {:.1} ms | {:.1} ms | {:.2} | {:.2} |",
            ms(t_driver),
            ms(t_levels),
            ms(t_bits),
            t_driver.as_secs_f64() / t_bits.as_secs_f64(),
            t_levels.as_secs_f64() / t_bits.as_secs_f64()
        );
    }
    let n = 1000;
    let (nodes, t_driver) = best_of(3, || tour_driver(n));
    let (nodes2, t_bare) = best_of(3, || tour_bare(n));
    assert_eq!(nodes, nodes2, "no backtracking was needed, so both made n*n moves");
    println!();
    println!("| knight's tour | nodes | driver | bare Warnsdorff loop | ratio |");
    println!("|---|---:|---:|---:|---:|");
    println!(
        "| {n}x{n} | {nodes} | {:.1} ms | {:.1} ms | {:.2} |",
        t_driver.as_secs_f64() * 1e3,
        t_bare.as_secs_f64() * 1e3,
        t_driver.as_secs_f64() / t_bare.as_secs_f64()
    );
}
