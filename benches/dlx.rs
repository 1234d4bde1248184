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
//! Ours twice: Algorithm X on dancing links (`Solver`) and on bit sets (`BitSolver`, what
//! `backtrack cover` and `backtrack sudoku --solver dlx` run where it fits; for Sudoku, one
//! set of bit sets serves every puzzle, as in a batch), the same tree and counters. The last two columns
//! count the two whole trees on 2 threads (`Matrix::count_in_parallel`, on bit sets), against
//! `dlx` on one: the same search, split between the cores.
//!
//! Then colours (Algorithm C) and multiplicities (Algorithm M), on instances made by the code
//! the tests count against Knuth's DLX2 and DLX3 (`tests/common/instances.rs`): every 3×3 word
//! rectangle of `examples/data/words.txt` against `dlx` 0.8, `exact-covers` 0.3 (its dancing
//! links: its `DcSolver` is not written yet, `todo!()` in 0.3), `xcc` 0.1 and `algoxcc` 0.1; the tilings of a board by
//! L-trominoes and monominoes used several times against `dlx` 0.8 (the only crate with M).
//!
//! DATA_DIR defaults to `../shared/data`. Each figure is the best of `--runs` runs (default 3).

use backtrack::dlx::{BitMultiSolver, BitSolver, Matrix, Named};
use backtrack::sudoku::{Board, Cell, Digit, ExactCover};
use std::path::PathBuf;
use std::time::Duration;

#[path = "common.rs"]
mod common;
use common::best_of;

#[path = "../tests/common/instances.rs"]
mod instances;

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

/// An instance with colours or bounds as plain data: each item's name and bounds (primary
/// first), each option's items with their colours (0: none).
struct Colored {
    text: String,
    /// The same in Knuth's format with items `i0`, `i1`, ... (and colours `c1`, `c2`, ...): the
    /// `dlx` crate takes letters and digits only in a name.
    plain: String,
    primary: usize,
    secondary: usize,
    options: Vec<Vec<(usize, u32)>>,
}

impl Colored {
    fn from_knuth(text: String) -> Colored {
        let named = Named::from_knuth_format(&text).expect("the instance parses");
        let m = named.matrix_ref();
        let options: Vec<Vec<(usize, u32)>> =
            (0..m.options()).map(|o| m.option_colored_items(o).collect()).collect();
        let (primary, secondary) = (m.primary_items(), m.items() - m.primary_items());
        let bounds = |i: usize| match m.bounds(i) {
            (1, 1) => String::new(),
            (lo, hi) if lo == hi => format!("{hi}|"),
            (lo, hi) => format!("{lo}:{hi}|"),
        };
        let mut plain: Vec<String> = (0..primary).map(|i| format!("{}i{i}", bounds(i))).collect();
        if secondary > 0 {
            plain.push("|".into());
            plain.extend((primary..primary + secondary).map(|i| format!("i{i}")));
        }
        let mut plain = plain.join(" ") + "\n";
        for o in &options {
            let items: Vec<String> =
                o.iter().map(|&(i, c)| if c == 0 { format!("i{i}") } else { format!("i{i}:c{c}") }).collect();
            plain += &(items.join(" ") + "\n");
        }
        Colored { text, plain, primary, secondary, options }
    }

    /// The option's primary items, and its secondary items with their colours.
    fn split(&self, o: &[(usize, u32)]) -> (Vec<usize>, Vec<(usize, Option<u32>)>) {
        let primary = o.iter().filter(|&&(i, _)| i < self.primary).map(|&(i, _)| i).collect();
        let secondary =
            o.iter().filter(|&&(i, _)| i >= self.primary).map(|&(i, c)| (i, (c != 0).then_some(c))).collect();
        (primary, secondary)
    }
}

fn count_ours_colored(p: &Colored) -> u64 {
    let mut named = Named::from_knuth_format(&p.text).unwrap();
    if named.matrix_ref().has_multiplicities() {
        backtrack::dlx::MultiSolver::new(named.matrix()).count().solutions
    } else {
        named.matrix().solver().count_solutions()
    }
}

/// Ours on bit sets (Algorithm C), from the same text.
fn count_bits_colored(p: &Colored) -> u64 {
    let named = Named::from_knuth_format(&p.text).unwrap();
    BitSolver::new(named.matrix_ref()).unwrap().count_solutions()
}

/// Ours on bit sets with multiplicities (Algorithm M), from the same text.
fn count_bits_multi(p: &Colored) -> u64 {
    let named = Named::from_knuth_format(&p.text).unwrap();
    BitMultiSolver::new(named.matrix_ref()).count_solutions()
}

/// `dlx` 0.8 from the same text: its Algorithm C, or M (with Knuth's tiebreak) on bounds.
fn count_dlx_colored(p: &Colored, multiplicities: bool) -> u64 {
    use dlx::choose::{knuth_tiebreak, mrv_chooser, no_tiebreak, prefer_any};
    let mut n = 0;
    if multiplicities {
        let spec = dlx::Spec::new(&p.plain, false).expect("dlx reads Knuth's format");
        let mut problem = dlx::m::Problem::from_spec(&spec, dlx::OptOrder::Seq).unwrap();
        let mut solver = dlx::Solver::new(&mut problem);
        let mut chooser = mrv_chooser(prefer_any(), knuth_tiebreak());
        while solver.next_solution(&mut chooser) {
            n += 1;
        }
    } else {
        // Its reader takes one-letter colours: the options go in as numbers.
        let os: Vec<Vec<(dlx::Uint, dlx::Int)>> = p
            .options
            .iter()
            .map(|o| o.iter().map(|&(i, c)| (i as dlx::Uint, c as dlx::Int)).collect())
            .collect();
        let (np, ns) = (p.primary as dlx::Uint, p.secondary as dlx::Uint);
        let mut problem = dlx::c::make_problem(np, ns, &os, dlx::OptOrder::Seq);
        let mut solver = dlx::Solver::new(&mut problem);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        while solver.next_solution(&mut chooser) {
            n += 1;
        }
    }
    n
}

/// `exact-covers` 0.3, with the solver given (its dancing links, `DlSolver`).
fn count_exact_covers<'i, S: exact_covers::Solver<'i, usize, u32>>(p: &Colored, items: &'i [usize]) -> u64 {
    let mut solver = S::new(&items[..p.primary], &items[p.primary..]);
    for o in &p.options {
        let (primary, secondary) = p.split(o);
        solver.add_option(primary, secondary);
    }
    let mut n = 0;
    solver.solve(|_| {
        n += 1;
        std::ops::ControlFlow::Continue(())
    });
    n
}

fn count_xcc(p: &Colored) -> u64 {
    use xcc::{Color, ColoredItem, ItemId};
    let mut matrix = xcc::Matrix::new(p.primary, p.secondary);
    for o in &p.options {
        let items: Vec<ColoredItem> = o
            .iter()
            .map(|&(i, c)| match c {
                0 => ColoredItem::new(ItemId::new(i)),
                c => ColoredItem::with_color(ItemId::new(i), Color::new(c as usize)),
            })
            .collect();
        matrix.add_option((), &items);
    }
    matrix.solve_all().len() as u64
}

fn count_algoxcc(p: &Colored) -> u64 {
    let name = |i: usize| format!("i{i}");
    let primary: Vec<String> = (0..p.primary).map(name).collect();
    let secondary: Vec<String> = (p.primary..p.primary + p.secondary).map(name).collect();
    let colors: Vec<Vec<(String, String)>> = p
        .options
        .iter()
        .map(|o| {
            p.split(o).1.iter().map(|&(i, c)| (name(i), c.map_or(String::new(), |c| c.to_string()))).collect()
        })
        .collect();
    let options: Vec<algoxcc::Option> = p
        .options
        .iter()
        .zip(&colors)
        .enumerate()
        .map(|(k, (o, colors))| {
            let prim: Vec<String> = p.split(o).0.into_iter().map(name).collect();
            let prim: Vec<&str> = prim.iter().map(String::as_str).collect();
            let sec: Vec<(&str, &str)> = colors.iter().map(|(i, c)| (i.as_str(), c.as_str())).collect();
            algoxcc::Option::new_validated(&format!("o{k}"), &prim, &sec)
        })
        .collect();
    let primary: Vec<&str> = primary.iter().map(String::as_str).collect();
    let secondary: Vec<&str> = secondary.iter().map(String::as_str).collect();
    let problem = algoxcc::Problem::new_validated(&primary, &secondary, &options);
    algoxcc::solve(&problem, true).expect("algoxcc solves it").count() as u64
}

/// The colours and multiplicities tables.
/// Algorithm C: word rectangles and a killer Sudoku, beside the crates that have colours.
fn colours(runs: usize) {
    let ms = |d: Duration| format!("{:.0} ms", d.as_secs_f64() * 1e3);
    let ratio = |peer: Duration, ours: Duration| format!("{:.2}", peer.as_secs_f64() / ours.as_secs_f64());
    println!();
    println!("Colours (Algorithm C), one thread, every solution; peer / ours on bit sets in brackets:");
    println!();
    println!(
        "| instance | solutions | ours, links | ours, bit sets | dlx 0.8 | exact-covers 0.3 | xcc 0.1 | algoxcc 0.1 |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    // A killer Sudoku of the tests' sample (its line 11: cages of 2 to 4 cells, no given).
    let killer =
        include_str!("../tests/data/variants_sigh.jsonl").lines().nth(10).expect("the sample's line 11");
    for (name, text) in [
        ("word rectangles 3×3, 665 words", instances::word_rectangles(3, 3, usize::MAX)),
        ("killer Sudoku (sigh's \"0 cage\", 23 cages)", instances::killer_xcc_of_line(killer)),
    ] {
        let p = Colored::from_knuth(text);
        let items: Vec<usize> = (0..p.primary + p.secondary).collect();
        let (n, links) = best_of(runs, || count_ours_colored(&p));
        let (n_bits, ours) = best_of(runs, || count_bits_colored(&p));
        assert_eq!(n_bits, n, "{name}: bit sets agree");
        let mut cells = vec![ms(links), ms(ours)];
        let peers: [(&str, &dyn Fn() -> u64); 4] = [
            ("dlx", &|| count_dlx_colored(&p, false)),
            ("exact-covers", &|| count_exact_covers::<exact_covers::DlSolver<usize, u32>>(&p, &items)),
            ("xcc", &|| count_xcc(&p)),
            ("algoxcc", &|| count_algoxcc(&p)),
        ];
        for (peer, count) in peers {
            let (m, t) = best_of(runs, count);
            assert_eq!(m, n, "{name}: {peer} agrees");
            cells.push(format!("{} ({})", ms(t), ratio(t, ours)));
        }
        println!("| {name} | {n} | {} |", cells.join(" | "));
    }
}

/// Algorithm M: tilings with pieces used several times, beside `dlx`.
fn multiplicities(runs: usize) {
    let ms = |d: Duration| format!("{:.0} ms", d.as_secs_f64() * 1e3);
    let ratio = |peer: Duration, ours: Duration| format!("{:.2}", peer.as_secs_f64() / ours.as_secs_f64());
    println!();
    println!("Multiplicities (Algorithm M), one thread, every solution:");
    println!();
    println!(
        "| instance | solutions | ours, links | ours, bit sets | dlx 0.8 | dlx / links | dlx / bit sets |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (rows, cols, l, m) in [(5, 6, 8, 6), (6, 6, 10, 6)] {
        let p = Colored::from_knuth(instances::tiling(rows, cols, &[("L", l), ("M", m)]));
        let (n, links) = best_of(runs, || count_ours_colored(&p));
        let (n_bits, ours) = best_of(runs, || count_bits_multi(&p));
        let (n_dlx, dlx) = best_of(runs, || count_dlx_colored(&p, true));
        assert_eq!((n, n), (n_bits, n_dlx), "tiling {rows}x{cols}: bit sets and dlx agree");
        println!(
            "| tile {rows}×{cols}, {l} L + {m} M | {n} | {} | {} | {} | {} | {} |",
            ms(links),
            ms(ours),
            ms(dlx),
            ratio(dlx, links),
            ratio(dlx, ours)
        );
    }
}

fn main() {
    let mut dir = PathBuf::from("../shared/data");
    let mut runs = 3;
    // One algorithm's rows only: x, c or m (all when empty).
    let mut only = String::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" => runs = args.next().and_then(|a| a.parse().ok()).expect("a number"),
            "--only" => only = args.next().expect("x, c or m"),
            "--bench" => {}
            _ => dir = common::given_path(&arg),
        }
    }
    if only.is_empty() || only == "x" {
        algorithm_x(&dir, runs);
    }
    if only.is_empty() || only == "c" {
        colours(runs);
    }
    if only.is_empty() || only == "m" {
        multiplicities(runs);
    }
}

/// Algorithm X: Knuth's instances and Sudoku, beside `dlx` and `xcov`.
fn algorithm_x(dir: &std::path::Path, runs: usize) {
    println!(
        "| problem | solutions | ours, links | ours, bit sets | dlx 0.8 | xcov 0.3 | dlx / links | dlx / bit sets | xcov / bit sets | ours, 2 threads | dlx / ours, 2 threads |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let ratio = |a: Duration, b: Option<Duration>| {
        b.map_or("—".to_string(), |b| format!("{:.2}", a.as_secs_f64() / b.as_secs_f64()))
    };
    let time = |d: Option<Duration>| d.map_or("—".to_string(), |d| format!("{:.1} ms", ms(d)));
    let row = |name: &str,
               n: u64,
               links: Duration,
               bits: Option<Duration>,
               d: Duration,
               x: Duration,
               two: Option<Duration>| {
        println!(
            "| {name} | {n} | {:.1} ms | {} | {:.1} ms | {:.1} ms | {:.2} | {} | {} | {} | {} |",
            ms(links),
            time(bits),
            ms(d),
            ms(x),
            d.as_secs_f64() / links.as_secs_f64(),
            ratio(d, bits),
            ratio(x, bits),
            time(two),
            ratio(d, two),
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
        let (n_bits, t_bits) = best_of(runs, || BitSolver::new(&m).unwrap().count_solutions());
        let (n_dlx, t_dlx) = best_of(runs, || count_dlx(&p));
        let (n_xcov, t_xcov) = best_of(runs, || count_xcov(&p));
        let (n_two, t_two) = best_of(runs, || m.count_in_parallel(2).solutions);
        assert_eq!((n, n, n, n), (n_bits, n_dlx, n_xcov, n_two), "{file}: all agree");
        row(file, n, t_ours, Some(t_bits), t_dlx, t_xcov, Some(t_two));
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
        // One set of bit sets for all the puzzles, as a batch on the command line shares them.
        let (n_bits, t_bits) = best_of(runs, || {
            boards.iter().map(|b| cover.bit_solver(b).expect("the classic grid fits").count_solutions()).sum()
        });
        let (n_dlx, t_dlx) = best_of(runs, || boards.iter().map(|b| count_dlx(&sudoku_problem(b))).sum());
        let (n_xcov, t_xcov) = best_of(runs, || boards.iter().map(|b| count_xcov(&sudoku_problem(b))).sum());
        assert_eq!((n, n, n), (n_bits, n_dlx, n_xcov), "sudoku: the four agree");
        assert_eq!(n as usize, boards.len(), "every puzzle is unique");
        row(
            &format!("sudoku 17-clue 1000 + top95 ({} puzzles)", boards.len()),
            n,
            t_ours,
            Some(t_bits),
            t_dlx,
            t_xcov,
            None,
        );
    }
}
