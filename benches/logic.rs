//! The logic solver on whole sets: how far it gets without guessing, how long a puzzle takes,
//! which technique is the hardest of each solve, and every step checked sound.
//!
//! ```sh
//! cargo bench --bench logic -- ../shared/data            # every set found there
//! cargo bench --bench logic -- ../shared/data --only top95
//! cargo bench --bench logic -- FILE                      # one list kept elsewhere
//! ```
//!
//! Soundness: every placement of every step is the digit of the solution, and no elimination
//! removes it (a bifurcation's trial of a wrong digit reasons from a false premise on purpose:
//! its inner steps are checked only when it tries the true digit). On a puzzle with several
//! solutions, every step is checked against all of them (up to 64): no elimination removes a
//! digit that one of them has, and the solve ends on one of them. The run stops at the first
//! unsound step.

mod common;

use backtrack::sudoku::bitboard::Solutions;
use backtrack::sudoku::logic::{self, Evidence, Grade, Outcome, Step};
use backtrack::sudoku::{Board, Candidate};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

const SETS: &[&str] = &[
    "easy50.txt",
    "17_clue.txt",
    "top95.txt",
    "magictour_top1465.txt",
    "hardest.txt",
    "unbiased_first1000.txt",
    "serg_benchmark.txt",
];

/// The most solutions a step is checked against.
const MOST: usize = 64;

fn main() {
    let mut dir = PathBuf::from("../shared/data");
    let mut only: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--only" => only = args.next(),
            "--bench" => {}
            _ => dir = common::given_path(&arg),
        }
    }
    println!(
        "| set | puzzles | easy | medium | hard | fiendish | needs guessing | without guessing | mean time | \
         slowest | steps checked |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut hardest_of: Vec<(String, BTreeMap<&'static str, usize>)> = Vec::new();
    for (set, _, boards) in common::sudoku_sets(&dir, SETS, only.as_deref()) {
        let mut grades: BTreeMap<Grade, usize> = BTreeMap::new();
        let mut hardest: BTreeMap<&'static str, usize> = BTreeMap::new();
        let (mut total, mut slowest, mut checked) = (Duration::ZERO, Duration::ZERO, 0usize);
        for (line, board) in (1..).zip(&boards) {
            let solutions: Vec<Board> = Solutions::new(board).take(MOST).map(|s| s.to_board()).collect();
            let start = Instant::now();
            let report = logic::solve(board);
            let took = start.elapsed();
            (total, slowest) = (total + took, slowest.max(took));
            assert_eq!(report.outcome, Outcome::Solved, "{set} line {line}");
            // With MOST solutions found there may be more, which the solve may end on.
            let complete = solutions.len() < MOST;
            let end = report.board();
            assert!(
                !complete || solutions.contains(&end),
                "{set} line {line}: the solve ends on a grid that is no solution"
            );
            checked += check(&report.steps, &solutions, complete, &format!("{set} line {line}"));
            *grades.entry(report.grade()).or_default() += 1;
            *hardest.entry(report.hardest().map_or("nothing", |k| k.name)).or_default() += 1;
        }
        let n = boards.len();
        let count = |g: Grade| grades.get(&g).copied().unwrap_or(0);
        let guessed = count(Grade::NeedsGuessing);
        println!(
            "| {} | {n} | {} | {} | {} | {} | {guessed} | {:.1} % | {:.3} ms | {:.1} ms | {checked} |",
            set.trim_end_matches(".txt"),
            count(Grade::Easy),
            count(Grade::Medium),
            count(Grade::Hard),
            count(Grade::Fiendish),
            100.0 * (n - guessed) as f64 / n as f64,
            total.as_secs_f64() * 1e3 / n as f64,
            slowest.as_secs_f64() * 1e3,
        );
        hardest_of.push((set.trim_end_matches(".txt").to_string(), hardest));
    }
    println!("\nThe hardest technique of each solve, puzzles:\n");
    for (set, hardest) in hardest_of {
        let mut by_count: Vec<(&str, usize)> = hardest.into_iter().collect();
        by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let list: Vec<String> = by_count.iter().map(|(name, n)| format!("{name} {n}")).collect();
        println!("- {set}: {}", list.join(", "));
    }
}

/// Check every step against `solutions` (all of them if `complete`, else the first [`MOST`]: a
/// sound step agrees with every solution, so with some of them too); the number of placements
/// and eliminations checked.
fn check(steps: &[Step], solutions: &[Board], complete: bool, what: &str) -> usize {
    let mut checked = 0;
    let has = |s: &Board, c: Candidate| s.get(c.cell) == Some(c.digit);
    for step in steps {
        for &elimination in &step.eliminations {
            assert!(
                !solutions.iter().any(|s| has(s, elimination)),
                "{what}: {step} removes a digit of a solution"
            );
            checked += 1;
        }
        for &placement in &step.placements {
            let agree = solutions.iter().filter(|s| has(s, placement)).count();
            match &step.evidence {
                // A guess that led to a solution: one of them, if all are known.
                Evidence::Bifurcation(_) => {
                    assert!(!complete || agree > 0, "{what}: {step}: no solution has it")
                }
                _ => assert_eq!(agree, solutions.len(), "{what}: {step}: a solution has another digit there"),
            }
            checked += 1;
        }
        if let Evidence::Bifurcation(trial) = &step.evidence {
            // A trial of a digit that every solution has reasons from a true premise.
            let true_premise: Vec<Board> =
                solutions.iter().filter(|s| s.get(trial.cell) == Some(trial.digit)).cloned().collect();
            if !true_premise.is_empty() {
                checked += check(&trial.steps, &true_premise, complete, what);
            }
        }
    }
    checked
}
