//! cargo bench --bench sudoku -- [DATA_DIR | FILE] [--static-limit N] [--engines | --fastest | --one-pass] [--only NAME]
//!
//! Puzzles a second and nodes a puzzle for each Sudoku set of DATA_DIR (default
//! `../shared/data`), or for the one set FILE (a list kept elsewhere, one puzzle a line), whole
//! files: the band engine and the driver with propagation, each puzzle
//! proved unique (up to two solutions); then the first solution by Dancing Links (one matrix for
//! the whole set), and by the seed's driver with the fewest-candidates order and with the static
//! (reading) order. The static order is exponential on hard sets: a puzzle is stopped after
//! `--static-limit` nodes (default 10^6) and counted as given up. `--engines` times the band
//! engine (from the text of each line, parsing included, as `../shared/bench/peers` times the
//! peers; in a build with `RUSTFLAGS="-C target-cpu=native"` it hands the puzzles that look
//! hardest to the triad engine), the triad engine alone (tdoku's representation in safe Rust:
//! its lanes are vectors only in such a build) and the driver with propagation only;
//! `--fastest` the band engine and the triad engine only (the driver takes minutes on a hard
//! list of thousands of puzzles); `--only NAME` one set. `--one-pass` times what the command
//! line's `--count --limit 2 --jobs 1 -f FILE` does, and nothing more, in a fresh process: the
//! band engine once over FILE, cold, from the start of the program (reading the file included),
//! to set beside the command line's time less a bare process start.

mod common;

use backtrack::sudoku::bitboard::triad;
use backtrack::sudoku::{ExactCover, bitboard};
use backtrack::{Event, stack_assumptions};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

const SETS: [&str; 7] = [
    "easy50.txt",
    "top95.txt",
    "hardest.txt",
    "magictour_top1465.txt",
    "17_clue.txt",
    "unbiased_first1000.txt",
    "serg_benchmark.txt",
];

/// Puzzles a second of `solve` over whole passes of `boards`, repeated for at least a second,
/// the best of five; and what `solve` returns (its nodes) summed over one pass.
fn passes<T>(boards: &[T], mut solve: impl FnMut(&T) -> u64) -> (f64, u64) {
    let nodes = boards.iter().map(&mut solve).sum();
    let mut best = 0f64;
    for _ in 0..5 {
        let (start, mut solved) = (Instant::now(), 0usize);
        while solved == 0 || start.elapsed().as_secs_f64() < 1.0 {
            for board in boards {
                std::hint::black_box(solve(board));
                solved += 1;
            }
        }
        best = best.max(solved as f64 / start.elapsed().as_secs_f64());
    }
    (best, nodes)
}

fn main() {
    let began = Instant::now();
    let mut dir = PathBuf::from("../shared/data");
    let mut static_limit = 1_000_000u64;
    let mut only: Option<String> = None;
    let mut engines_only = false;
    let mut fastest_only = false;
    let mut one_pass = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--static-limit" => static_limit = args.next().and_then(|a| a.parse().ok()).expect("a number"),
            "--only" => only = args.next(),
            "--engines" => engines_only = true,
            "--fastest" => fastest_only = true,
            "--one-pass" => one_pass = true,
            "--bench" => {}
            _ => dir = common::given_path(&arg),
        }
    }
    if one_pass {
        // One file, read as the command line reads it: its lines, the band engine on each.
        let Ok(text) = std::fs::read_to_string(&dir) else {
            eprintln!("error: --one-pass times one FILE of puzzles, not {}", dir.display());
            std::process::exit(2);
        };
        let (mut puzzles, mut solutions) = (0, 0);
        for line in text.lines() {
            puzzles += 1;
            solutions += bitboard::Solutions::from_line(line).expect("the sets parse").take(2).count();
        }
        let ms = began.elapsed().as_secs_f64() * 1e3;
        println!("{puzzles} puzzles, {solutions} solutions (up to two each), one cold pass {ms:.2} ms");
        return;
    }
    println!("| set | puzzles | order | puzzles/s | nodes/puzzle | given up |");
    println!("|---|---:|---|---:|---:|---:|");
    for (set, text, boards) in common::sudoku_sets(&dir, &SETS, only.as_deref()) {
        // The band engine and the driver with propagation, every puzzle proved unique (or its
        // second solution found): the peers' task, timed as `../shared/bench/peers` times them
        // (whole-file passes repeated for a second, best of five). Nodes: guesses, and the
        // driver's nodes.
        let each = |n: u64| n as f64 / boards.len() as f64;
        // The band engine from the text of each line, as the peers are timed: parsing included
        // (`Solutions::from_line`, which reads a line straight into the engine), and each
        // solution found written out as 81 digits (the `sudoku` crate's harness copies up to
        // two solutions into a buffer).
        let lines: Vec<&str> = text.lines().collect();
        let (rate, guesses) = passes(&lines, |line| {
            let mut search = bitboard::Solutions::from_line(line).expect("the sets parse");
            let mut found = 0;
            for solution in search.by_ref().take(2) {
                std::hint::black_box(solution.digits());
                found += 1;
            }
            assert!(found >= 1);
            search.stats().guesses
        });
        println!("| {set} | {} | bitboard, 2 | {rate:.0} | {:.1} | 0 |", boards.len(), each(guesses));
        // tdoku's representation, the same task: each solution found written out.
        let (rate, guesses) = passes(&lines, |line| {
            let mut search = triad::TriadSearch::from_line(line).expect("the sets parse");
            let mut found = 0;
            for solution in search.by_ref().take(2) {
                std::hint::black_box(solution);
                found += 1;
            }
            assert!(found >= 1);
            search.stats().guesses
        });
        let lanes = if triad::VECTORS { "triad" } else { "triad on arrays" };
        println!("| {set} | {} | {lanes}, 2 | {rate:.0} | {:.1} | 0 |", boards.len(), each(guesses));
        if fastest_only {
            continue;
        }
        let (rate, nodes) = passes(&boards, |board| {
            let grid = bitboard::Propagation::new(board);
            let generators = grid.generators();
            let mut search = stack_assumptions(&generators);
            assert!(search.by_ref().take(2).count() >= 1);
            search.stats().nodes()
        });
        println!("| {set} | {} | propagating, 2 | {rate:.0} | {:.1} | 0 |", boards.len(), each(nodes));
        if engines_only {
            continue;
        }
        let mut cover = ExactCover::new();
        let start = Instant::now();
        let mut nodes = 0;
        for board in &boards {
            let mut solver = cover.solver(board);
            assert!(solver.next_solution().is_some());
            nodes += solver.stats().nodes;
        }
        println!(
            "| {set} | {} | dlx | {:.0} | {:.0} | 0 |",
            boards.len(),
            boards.len() as f64 / start.elapsed().as_secs_f64(),
            nodes as f64 / boards.len() as f64
        );
        for fewest in [true, false] {
            let (mut nodes, mut given_up) = (0u64, 0u64);
            let start = Instant::now();
            for board in &boards {
                let generators = board.generators();
                let mut budget = if fewest { u64::MAX } else { static_limit };
                let stop = |e: Event<'_, _>| {
                    if let Event::Assume { .. } = e {
                        budget -= 1;
                        if budget == 0 {
                            return ControlFlow::Break(());
                        }
                    }
                    ControlFlow::Continue(())
                };
                let search = stack_assumptions(&generators).observe(stop);
                let (found, n) = if fewest {
                    let mut s = search.fewest_first();
                    (s.next().is_some(), s.stats().nodes())
                } else {
                    let mut s = search;
                    (s.next().is_some(), s.stats().nodes())
                };
                nodes += n;
                given_up += u64::from(!found);
            }
            let secs = start.elapsed().as_secs_f64();
            println!(
                "| {set} | {} | {} | {:.0} | {:.0} | {given_up} |",
                boards.len(),
                if fewest { "fewest" } else { "static" },
                boards.len() as f64 / secs,
                nodes as f64 / boards.len() as f64
            );
        }
    }
}
