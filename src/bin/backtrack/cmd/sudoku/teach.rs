//! The options for learners: `--compare`, `--estimate`, `--explain`, `--hint`.

use super::{Args, Format, Order};
use crate::Outcome;
use backtrack::sudoku::logic;
use backtrack::sudoku::{Board, ExactCover};
use backtrack::{Assumptions, Event, SlotOrder, stack_assumptions};
use std::io::Write;
use std::time::{Duration, Instant};

/// The most nodes `--compare` and `--estimate` let the driver search before giving up.
const NODE_BUDGET: u64 = 20_000_000;

/// Search to the end (every solution), stopping at `NODE_BUDGET` nodes: (stats, stopped).
fn full_search<G, I, S>(
    search: Assumptions<'_, G, I, (), S>,
    first: bool,
) -> (backtrack::Stats, bool, Duration)
where
    G: Fn() -> I,
    I: Iterator,
    S: SlotOrder<G, I>,
{
    let start = Instant::now();
    let mut nodes = 0u64;
    let budget = |event: Event<'_, I::Item>| {
        if let Event::Assume { .. } = event {
            nodes += 1;
            if nodes >= NODE_BUDGET {
                return std::ops::ControlFlow::Break(());
            }
        }
        std::ops::ControlFlow::Continue(())
    };
    let mut search = search.observe(budget);
    if first {
        search.next();
    } else {
        search.by_ref().for_each(drop);
    }
    (search.stats().clone(), search.is_stopped(), start.elapsed())
}

/// `--compare`: the same puzzle, four ways, in one table.
pub(super) fn compare(board: &Board, out: &mut impl Write) -> Outcome {
    let ms = |t: Duration| format!("{:.3} ms", t.as_secs_f64() * 1e3);
    let _ = writeln!(out, "The problem:\n{board}\n");
    let _ = writeln!(out, "| solver | nodes | dead ends | time | note |");
    let _ = writeln!(out, "|---|---:|---:|---:|---|");
    let generators = board.generators();
    for (name, fewest) in [("backtrack, static order", false), ("backtrack, fewest candidates", true)] {
        let search = stack_assumptions(&generators);
        let (stats, stopped, time) =
            if fewest { full_search(search.fewest_first(), true) } else { full_search(search, true) };
        let note = if stopped {
            format!("gave up at {NODE_BUDGET} nodes")
        } else if stats.solutions() == 0 {
            "no solution".to_string()
        } else {
            format!("deepest level {}", stats.deepest())
        };
        let _ =
            writeln!(out, "| {name} | {} | {} | {} | {note} |", stats.nodes(), stats.dead_ends(), ms(time));
    }
    let start = Instant::now();
    let mut cover = ExactCover::new();
    let built = start.elapsed();
    let start = Instant::now();
    let mut solver = cover.solver(board);
    let found = solver.next_solution().is_some();
    let stats = solver.stats();
    let _ = writeln!(
        out,
        "| dancing links | {} | {} | {} | {} updates; {} to build the matrix once |",
        stats.nodes,
        stats.dead_ends,
        ms(start.elapsed()),
        stats.updates,
        ms(built)
    );
    drop(solver);
    let start = Instant::now();
    let report = logic::solve(board);
    let guesses = count_bifurcations(&report.steps);
    let _ = writeln!(
        out,
        "| logic | {} steps | {guesses} guesses | {} | {} |",
        report.steps.len(),
        ms(start.elapsed()),
        report.outcome_sentence()
    );
    let _ = writeln!(
        out,
        "\nNodes count assumptions (and the root); the first solution of each search. Dancing links\nbranches on the constraint with the fewest options, so it can place a digit in a cell\nwhere the driver sees several candidates."
    );
    if found { Outcome::Solved } else { Outcome::NoSolution }
}

fn count_bifurcations(steps: &[logic::Step]) -> usize {
    steps
        .iter()
        .map(|s| match &s.evidence {
            logic::Evidence::Bifurcation { steps, .. } => 1 + count_bifurcations(steps),
            _ => 0,
        })
        .sum()
}

/// `--estimate`: Knuth's estimate of the whole tree, then the real size.
pub(super) fn estimate(args: &Args, board: &Board, out: &mut impl Write) -> Outcome {
    let generators = board.generators();
    let start = Instant::now();
    let guess = match args.order {
        Order::Static => backtrack::estimate(&generators, args.probes, args.seed),
        Order::Fewest => backtrack::estimate_fewest_first(&generators, args.probes, args.seed),
    };
    let estimated_in = start.elapsed();
    let search = stack_assumptions(&generators);
    let (stats, stopped, time) = match args.order {
        Order::Static => full_search(search, false),
        Order::Fewest => full_search(search.fewest_first(), false),
    };
    let order = match args.order {
        Order::Static => "static order",
        Order::Fewest => "fewest candidates first",
    };
    let _ = writeln!(out, "search tree, {order}:");
    let _ = writeln!(
        out,
        "  estimate: {:.0} nodes, {:.2} solutions ({} probes, {:.1} ms)",
        guess.nodes,
        guess.solutions,
        guess.probes,
        estimated_in.as_secs_f64() * 1e3
    );
    if stopped {
        let _ = writeln!(out, "  search:   more than {NODE_BUDGET} nodes (stopped there)");
    } else {
        let _ = writeln!(
            out,
            "  search:   {} nodes, {} solutions ({:.1} ms); estimate / real = {:.2}",
            stats.nodes(),
            stats.solutions(),
            time.as_secs_f64() * 1e3,
            guess.ratio_to(&stats)
        );
    }
    Outcome::Solved
}

/// `--explain`: every step, numbered (a bifurcation's trial indented under it), then the grid.
pub(super) fn explain(args: &Args, board: &Board, out: &mut impl Write) -> Outcome {
    let report = logic::solve(board);
    let _ = writeln!(out, "The problem:\n{board}\n");
    write_steps(out, &report.steps, "");
    let _ = writeln!(out);
    let outcome = if report.outcome == logic::Outcome::Solved {
        match args.format.unwrap_or(Format::Grid) {
            Format::Grid => writeln!(out, "The solution:\n{}\n", report.board()),
            Format::Line => writeln!(out, "{:#}", report.board()),
        }
        .ok();
        Outcome::Solved
    } else {
        Outcome::NoSolution
    };
    let _ = writeln!(out, "{}", report.outcome_sentence());
    outcome
}

fn write_steps(out: &mut impl Write, steps: &[logic::Step], prefix: &str) {
    for (n, step) in steps.iter().enumerate() {
        let number = format!("{prefix}{}", n + 1);
        let indent = "  ".repeat(prefix.matches('.').count());
        let _ = writeln!(out, "{indent}{number}. {step}");
        if let logic::Evidence::Bifurcation { steps: inner, .. } = &step.evidence {
            write_steps(out, inner, &format!("{number}."));
        }
    }
}

/// `--hint LEVEL`: the next step, revealed progressively.
pub(super) fn hint(board: &Board, level: u8, out: &mut impl Write) -> Outcome {
    let Some(step) = logic::next_step(board) else {
        // No step: the grid is full, or it contradicts itself (bifurcation always has a step).
        return match logic::Grid::new(board).contradiction() {
            None => {
                let _ = writeln!(out, "the puzzle is solved");
                Outcome::Solved
            }
            Some(c) => {
                let _ = writeln!(out, "no solution: {c}");
                Outcome::NoSolution
            }
        };
    };
    let _ = match level {
        1 => writeln!(out, "try: {}", step.technique()),
        2 => writeln!(out, "try: {}, {}", step.technique(), step.location()),
        _ => writeln!(out, "{step}"),
    };
    Outcome::Solved
}
