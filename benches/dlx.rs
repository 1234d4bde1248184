//! cargo bench --bench dlx -- [DATA_DIR]
//!
//! Our Dancing Links against the fastest Rust exact-cover crates, side by side in one run:
//! `dlx` 0.8 (Knuth's DLX1-style arrays, MRV chooser) and `xcov` 0.3 (safe Rust, MRV).
//! - `exact-cover/pent6x10.dlx` and `exact-cover/queens12.dlx`: every solution;
//! - Sudoku: the first 1,000 puzzles of `17_clue.txt` and all of `top95.txt`, each solved to
//!   exhaustion (which proves the solution unique). Ours builds the 729-option matrix once and
//!   chooses each puzzle's givens; for the other two, each puzzle is built with the options its
//!   givens allow, as their own Sudoku examples do.
//!
//! The last two columns count the two whole trees on 2 threads (`Matrix::count_in_parallel`),
//! against `dlx` on one: the same search, split between the cores.
//!
//! DATA_DIR defaults to `../shared/data`. Each figure is the best of `--runs` runs (default 3).

use backtrack::dlx::{Matrix, Named};
use backtrack::sudoku::{Board, Cell, Digit, ExactCover};
use std::path::PathBuf;
use std::time::Duration;

#[path = "common.rs"]
mod common;
use common::best_of;

/// An exact-cover problem as plain data: primary and secondary counts, options as 0-based items.
struct Problem {
    primary: usize,
    secondary: usize,
    options: Vec<Vec<usize>>,
}

impl Problem {
    fn from_knuth(text: &str) -> Problem {
        let named = Named::from_knuth_format(text).expect("the instance parses");
        let m = named.matrix_ref();
        let options = (0..m.options()).map(|o| m.option_items(o).collect()).collect();
        Problem { primary: m.primary_items(), secondary: m.items() - m.primary_items(), options }
    }

    fn ours(&self) -> Matrix {
        let mut m = Matrix::new(self.primary, self.secondary);
        for o in &self.options {
            m.add_option(o).unwrap();
        }
        m
    }
}

fn count_ours(m: &mut Matrix) -> u64 {
    m.solver().count_solutions()
}

fn count_dlx(p: &Problem) -> u64 {
    use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
    let os: Vec<Vec<dlx::Uint>> =
        p.options.iter().map(|o| o.iter().map(|&i| i as dlx::Uint).collect()).collect();
    let mut problem =
        dlx::x::make_problem(p.primary as dlx::Uint, p.secondary as dlx::Uint, &os, dlx::OptOrder::Seq);
    let mut solver = dlx::Solver::new(&mut problem);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut n = 0;
    while solver.next_solution(&mut chooser) {
        n += 1;
    }
    n
}

fn count_xcov(p: &Problem) -> u64 {
    use xcov::ExactCoverProblem;
    let mut builder = xcov::DlxBuilder::new(p.primary, p.secondary);
    for o in &p.options {
        // xcov numbers items from 1 and wants each option sorted.
        let mut items: Vec<usize> = o.iter().map(|&i| i + 1).collect();
        items.sort_unstable();
        builder.add_option(&items);
    }
    let mut search = xcov::MrvExactCoverSearch::new(builder.build());
    let mut n = 0;
    while search.search() {
        n += 1;
    }
    n
}

/// A Sudoku as the other crates take it: the options its givens allow, items renumbered densely.
fn sudoku_problem(board: &Board) -> Problem {
    let mut used = [false; 324];
    let mut options = Vec::new();
    for cell in Cell::all() {
        if let Some(d) = board.get(cell) {
            for i in ExactCover::items(cell, d) {
                used[i] = true;
            }
        }
    }
    let mut number = [usize::MAX; 324];
    let mut next = 0;
    for (i, &u) in used.iter().enumerate() {
        if !u {
            number[i] = next;
            next += 1;
        }
    }
    for cell in Cell::all().filter(|&c| board.get(c).is_none()) {
        for d in Digit::all() {
            let items = ExactCover::items(cell, d);
            if items.iter().all(|&i| !used[i]) {
                options.push(items.iter().map(|&i| number[i]).collect());
            }
        }
    }
    Problem { primary: next, secondary: 0, options }
}

fn main() {
    let mut dir = PathBuf::from("../shared/data");
    let mut runs = 3;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" => runs = args.next().and_then(|a| a.parse().ok()).expect("a number"),
            "--bench" => {}
            _ => dir = PathBuf::from(arg),
        }
    }
    println!(
        "| problem | solutions | ours | dlx 0.8 | xcov 0.3 | dlx / ours | xcov / ours | ours, 2 threads | dlx / ours, 2 threads |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let row = |name: &str, n: u64, ours: Duration, d: Duration, x: Duration, two: Option<Duration>| {
        let parallel = two.map_or("— | —".to_string(), |t| {
            format!("{:.1} ms | {:.2}", ms(t), d.as_secs_f64() / t.as_secs_f64())
        });
        println!(
            "| {name} | {n} | {:.1} ms | {:.1} ms | {:.1} ms | {:.2} | {:.2} | {parallel} |",
            ms(ours),
            ms(d),
            ms(x),
            d.as_secs_f64() / ours.as_secs_f64(),
            x.as_secs_f64() / ours.as_secs_f64()
        );
    };
    for file in ["queens12.dlx", "pent6x10.dlx"] {
        let Ok(text) = std::fs::read_to_string(dir.join("exact-cover").join(file)) else {
            eprintln!("skipping {file}: not in {}", dir.display());
            continue;
        };
        let p = Problem::from_knuth(&text);
        let mut m = p.ours();
        let (n, t_ours) = best_of(runs, || count_ours(&mut m));
        let (n_dlx, t_dlx) = best_of(runs, || count_dlx(&p));
        let (n_xcov, t_xcov) = best_of(runs, || count_xcov(&p));
        let (n_two, t_two) = best_of(runs, || m.count_in_parallel(2).solutions);
        assert_eq!((n, n, n), (n_dlx, n_xcov, n_two), "{file}: all agree");
        row(file, n, t_ours, t_dlx, t_xcov, Some(t_two));
    }
    let mut boards: Vec<Board> = Vec::new();
    for (file, take) in [("17_clue.txt", 1000), ("top95.txt", usize::MAX)] {
        match std::fs::read_to_string(dir.join(file)) {
            Ok(text) => boards.extend(text.lines().take(take).map(|l| l.parse::<Board>().unwrap())),
            Err(_) => eprintln!("skipping {file}: not in {}", dir.display()),
        }
    }
    if !boards.is_empty() {
        let mut cover = ExactCover::new();
        let (n, t_ours) = best_of(runs, || boards.iter().map(|b| cover.solver(b).count_solutions()).sum());
        let (n_dlx, t_dlx) = best_of(runs, || boards.iter().map(|b| count_dlx(&sudoku_problem(b))).sum());
        let (n_xcov, t_xcov) = best_of(runs, || boards.iter().map(|b| count_xcov(&sudoku_problem(b))).sum());
        assert_eq!((n, n), (n_dlx, n_xcov), "sudoku: the three agree");
        assert_eq!(n as usize, boards.len(), "every puzzle is unique");
        row(
            &format!("sudoku 17-clue 1000 + top95 ({} puzzles)", boards.len()),
            n,
            t_ours,
            t_dlx,
            t_xcov,
            None,
        );
    }
}
