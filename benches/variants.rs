//! cargo bench --bench variants -- [DATA_DIR] [--max-guesses N] [--only NAME]
//!
//! Sudoku of other sizes and rules: every puzzle of each set of DATA_DIR (default
//! `../shared/data/variants`: line files and variant files) solved and proved unique (up to two
//! solutions), one thread, by the general engine, by the seed's driver over the engine's
//! propagating guards, and by Dancing Links on the geometry's matrix.
//! Prints puzzles a second over the whole set (reading excluded), guesses (engine) or nodes
//! (DLX) a puzzle, the slowest puzzle, and the puzzles a search gave up on: each search is
//! stopped after `--max-guesses` guesses or nodes (default 10^6), so that a set ends. Puzzles a
//! solver refuses are counted apart (Dancing Links: those with killer cages or rules between
//! cells). The peer is
//! `../shared/bench/peers/variants/cpsat.py` on the same files (BENCHMARKS.md §5).

use backtrack::stack_assumptions;
use backtrack::sudoku::bitboard::{Budget, Outcome};
use backtrack::sudoku::search::{Propagation, Solutions};
use backtrack::sudoku::variant::Variant;
use backtrack::sudoku::{Board, ExactCover};
use std::path::PathBuf;
use std::time::{Duration, Instant};

mod common;

const SETS: [&str; 9] = [
    "gecode_16x16.txt",
    "janko_16x16.txt",
    "gecode_25x25.txt",
    "jigsaw_janko.jsonl",
    "sizes_janko.jsonl",
    "x_janko.jsonl",
    "x2d_janko.jsonl",
    "mixed_rules.jsonl",
    "killer_janko.jsonl",
];

/// What a solver did on a set: puzzles, time, nodes, the slowest, those given up.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    time: Duration,
    nodes: u64,
    slowest: Duration,
    given_up: usize,
}

impl Tally {
    fn add(&mut self, time: Duration, nodes: u64, finished: bool) {
        self.puzzles += 1;
        self.time += time;
        self.nodes += nodes;
        self.slowest = self.slowest.max(time);
        self.given_up += usize::from(!finished);
    }

    fn row(&self, set: &str, solver: &str, refused: usize) {
        println!(
            "| {set} | {solver} | {} | {:.1} | {:.0} | {:.1} | {} | {refused} |",
            self.puzzles,
            self.puzzles as f64 / self.time.as_secs_f64().max(1e-9),
            self.nodes as f64 / self.puzzles.max(1) as f64,
            self.slowest.as_secs_f64() * 1e3,
            self.given_up,
        );
    }
}

fn main() {
    let mut dir = PathBuf::from("../shared/data/variants");
    let mut max_guesses = 1_000_000u64;
    let mut only: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--max-guesses" => max_guesses = args.next().and_then(|a| a.parse().ok()).expect("a number"),
            "--only" => only = args.next(),
            "--bench" => {}
            _ => dir = common::given_path(&arg),
        }
    }
    println!(
        "| set | solver | puzzles | puzzles/s | guesses or nodes/puzzle | slowest ms | given up | refused |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    let mut read_sets = 0;
    for set in SETS.iter().filter(|s| only.as_deref().is_none_or(|o| s.contains(o))) {
        let Ok(text) = std::fs::read_to_string(dir.join(set)) else {
            eprintln!("skipping {set}: not in {}", dir.display());
            continue;
        };
        read_sets += 1;
        // Each solver reads the set anew: the tables of a grid (a jigsaw's, a killer's: each
        // puzzle's own) are made by the first search on it and kept by its geometry, and each
        // solver pays for them in its own time.
        // A grid shared by a set's puzzles (a size, X-Sudoku) keeps its tables in a cache of
        // the crate's: made once here, untimed, so that the first solver measured does not pay
        // for them alone.
        for board in read(&text).0 {
            let _ = Solutions::new(&board);
        }
        let (boards, refused) = read(&text);
        let mut engine = Tally::default();
        for board in &boards {
            let start = Instant::now();
            let mut search = Solutions::new(board).budget(&Budget::nodes(max_guesses));
            let found = search.by_ref().take(2).count();
            let finished = found == 2 || search.outcome() == Outcome::Exhausted;
            engine.add(start.elapsed(), search.stats().guesses, finished && found >= 1);
        }
        engine.row(set, "engine", refused);
        // The seed's driver over the engine's propagating guards: the same propagation, its
        // own search loop (its nodes are its assumptions).
        let mut driver = Tally::default();
        for board in &read(&text).0 {
            let start = Instant::now();
            let grid = Propagation::new(board);
            let generators = grid.generators();
            let budget = Budget::nodes(max_guesses);
            let mut search = stack_assumptions(&generators).observe(&budget);
            let found = search.by_ref().take(2).count();
            let nodes = search.stats().nodes();
            driver.add(start.elapsed(), nodes, !budget.exceeded() && found >= 1);
        }
        driver.row(set, "driver", refused);
        // Dancing Links takes houses only: the puzzles with rules between cells or cages are
        // the engine's alone.
        let boards = read(&text).0;
        let houses_only: Vec<&Board> =
            boards.iter().filter(|b| b.geometry().beyond_houses().is_none()).collect();
        if houses_only.is_empty() {
            continue;
        }
        let mut dlx = Tally::default();
        let mut cover = ExactCover::of(
            houses_only.first().map_or(&backtrack::sudoku::Geometry::classic(), |b| b.geometry()),
        );
        for board in houses_only.iter().copied() {
            // Each solver makes its tables of a grid it has not seen (a jigsaw's every puzzle)
            // in the time of the puzzle: the engine's tables, the matrix here.
            let start = Instant::now();
            if cover.geometry() != board.geometry() {
                cover = ExactCover::of(board.geometry());
            }
            let mut solver = cover.solver(board);
            solver.set_budget(&Budget::nodes(max_guesses));
            let mut found = 0;
            while found < 2 && solver.next_solution().is_some() {
                found += 1;
            }
            let finished = solver.outcome() != backtrack::dlx::Outcome::OutOfBudget;
            dlx.add(start.elapsed(), solver.stats().nodes, finished && found >= 1);
        }
        dlx.row(set, "dlx", refused + boards.len() - houses_only.len());
        // The fastest Rust exact-cover crate (BENCHMARKS.md §4), as a Sudoku solver on the same
        // matrix: it has no bound on its search, so the sets where ours give up are left out.
        if dlx.given_up > 0 {
            println!("| {set} | dlx crate | (left out: unbounded) | | | | | |");
            continue;
        }
        let mut peer = Tally::default();
        let boards = read(&text).0;
        for board in boards.iter().filter(|b| b.geometry().beyond_houses().is_none()) {
            let start = Instant::now();
            let (found, nodes) = dlx_crate(board);
            peer.add(start.elapsed(), nodes, found >= 1);
        }
        peer.row(set, "dlx crate", refused + boards.len() - houses_only.len());
    }
    if read_sets == 0 {
        eprintln!("error: no set in {} (give the folder of the variant sets as the argument)", dir.display());
        std::process::exit(2);
    }
}

/// The puzzles of a set's text (a line file or a variant file), and how many lines are refused.
fn read(text: &str) -> (Vec<Board>, usize) {
    let mut refused = 0;
    let mut boards = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let board = if line.starts_with('{') {
            Variant::from_json(line).map(|v| v.board).ok()
        } else {
            line.parse().ok()
        };
        match board {
            Some(board) => boards.push(board),
            None => refused += 1,
        }
    }
    (boards, refused)
}

/// Solve `board` with the `dlx` crate (0.8, Algorithm X, its MRV chooser) up to two solutions:
/// one option a candidate of an open cell, covering the cell and the value in each of the
/// cell's houses (those not already holding it), items numbered densely. (solutions, 0: the
/// crate does not count its nodes.)
fn dlx_crate(board: &Board) -> (usize, u64) {
    use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
    let geometry = board.geometry();
    let side = geometry.side();
    let mut number = std::collections::HashMap::new();
    let mut item = |key: usize| {
        let next = number.len() as dlx::Uint;
        *number.entry(key).or_insert(next)
    };
    let cells = geometry.cells();
    let mut options: Vec<Vec<dlx::Uint>> = Vec::new();
    for cell in board.empty_cells() {
        for digit in board.candidates(cell).digits() {
            let mut option = vec![item(cell.index())];
            for &house in geometry.homes(cell) {
                option.push(item(cells + house as usize * side + digit.get() as usize - 1));
            }
            options.push(option);
        }
    }
    let items = number.len() as dlx::Uint;
    let mut problem = dlx::x::make_problem(items, 0, &options, dlx::OptOrder::Seq);
    let mut solver = dlx::Solver::new(&mut problem);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut found = 0;
    while found < 2 && solver.next_solution(&mut chooser) {
        found += 1;
    }
    (found, 0)
}
