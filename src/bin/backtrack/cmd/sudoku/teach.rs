//! The learners' modes: `--compare`, `--estimate`, `--explain`, `--hint`, as text or JSON.

use super::plan::{Format, Order, Plan};
use crate::Status;
use backtrack::sudoku::logic::{self, Grade};
use backtrack::sudoku::{Board, ExactCover, bitboard};
use backtrack::{Assumptions, Event, SlotOrder, stack_assumptions};
use serde::Serialize;
use serde_json::json;
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// The most nodes `--compare` and `--estimate` let the driver search before giving up.
const NODE_BUDGET: u64 = 20_000_000;

fn ms(t: Duration) -> f64 {
    (t.as_secs_f64() * 1e6).round() / 1e3
}

fn json_line(mut out: impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut out, value)?;
    writeln!(out)?;
    out.flush()
}

/// Search to the end (every solution), or to the first solution, stopping at `NODE_BUDGET`
/// nodes: (stats, stopped, time).
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

/// One row of `--compare`.
#[derive(Serialize)]
struct Row {
    solver: &'static str,
    /// Nodes (the driver, DLX), guesses (the band engine) or steps (logic).
    nodes: u64,
    /// Dead ends, or the logic solver's guesses.
    dead_ends: u64,
    time_ms: f64,
    note: String,
}

/// `--compare`: the same puzzle, six ways, in one table.
pub(super) fn compare(board: &Board, json: bool, mut out: impl Write) -> io::Result<Status> {
    let mut rows = Vec::new();
    let generators = board.generators();
    for (solver, fewest) in [("backtrack, static order", false), ("backtrack, fewest candidates", true)] {
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
        rows.push(Row {
            solver,
            nodes: stats.nodes(),
            dead_ends: stats.dead_ends(),
            time_ms: ms(time),
            note,
        });
    }
    let start = Instant::now();
    let grid = bitboard::Propagation::new(board);
    let generators = grid.generators();
    let (stats, stopped, time) = full_search(stack_assumptions(&generators), true);
    rows.push(Row {
        solver: "backtrack, propagating",
        nodes: stats.nodes(),
        dead_ends: stats.dead_ends(),
        time_ms: ms(time.max(start.elapsed())),
        note: if stopped {
            format!("gave up at {NODE_BUDGET} nodes")
        } else {
            format!("{} decisions at most", generators.len())
        },
    });
    let start = Instant::now();
    let mut bands = bitboard::Solutions::new(board);
    let found = bands.next().is_some();
    let stats = bands.stats();
    rows.push(Row {
        solver: "bitboard",
        nodes: stats.guesses,
        dead_ends: stats.dead_ends,
        time_ms: ms(start.elapsed()),
        note: "locked candidates and singles on bit masks, then guesses".to_string(),
    });
    let start = Instant::now();
    let mut cover = ExactCover::new();
    let built = start.elapsed();
    let start = Instant::now();
    let mut solver = cover.solver(board);
    solver.next_solution();
    let stats = solver.stats();
    rows.push(Row {
        solver: "dancing links",
        nodes: stats.nodes,
        dead_ends: stats.dead_ends,
        time_ms: ms(start.elapsed()),
        note: format!("{} updates; {:.3} ms to build the matrix once", stats.updates, ms(built)),
    });
    drop(solver);
    let start = Instant::now();
    let report = logic::solve(board);
    rows.push(Row {
        solver: "logic",
        nodes: report.steps.len() as u64,
        dead_ends: count_bifurcations(&report.steps) as u64,
        time_ms: ms(start.elapsed()),
        note: report.outcome_sentence(),
    });
    let status = if found { Status::Solved } else { Status::NoSolution };
    if json {
        json_line(out, &json!({ "puzzle": format!("{board:#}"), "solvers": rows }))?;
        return Ok(status);
    }
    writeln!(out, "The problem:\n{board}\n")?;
    writeln!(out, "| solver | nodes | dead ends | time | note |")?;
    writeln!(out, "|---|---:|---:|---:|---|")?;
    for row in &rows {
        let (nodes, dead_ends) = match row.solver {
            "logic" => (format!("{} steps", row.nodes), format!("{} guesses", row.dead_ends)),
            "bitboard" => (format!("{} guesses", row.nodes), row.dead_ends.to_string()),
            _ => (row.nodes.to_string(), row.dead_ends.to_string()),
        };
        writeln!(out, "| {} | {nodes} | {dead_ends} | {:.3} ms | {} |", row.solver, row.time_ms, row.note)?;
    }
    writeln!(
        out,
        "\nNodes count assumptions (and the root); the first solution of each search. Dancing links\n\
         branches on the constraint with the fewest options, so it can place a digit in a cell\n\
         where the driver sees several candidates; the band engine fills every forced cell before\n\
         it guesses."
    )?;
    out.flush()?;
    Ok(status)
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
pub(super) fn estimate(
    plan: &Plan,
    board: &Board,
    probes: u64,
    seed: u64,
    json: bool,
    mut out: impl Write,
) -> io::Result<Status> {
    let generators = board.generators();
    let start = Instant::now();
    let order = plan.order.unwrap_or(Order::Fewest);
    let guess = match order {
        Order::Static => backtrack::estimate(&generators, probes, seed),
        Order::Fewest => backtrack::estimate_fewest_first(&generators, probes, seed),
    };
    let estimated_in = start.elapsed();
    let search = stack_assumptions(&generators);
    let (stats, stopped, time) = match order {
        Order::Static => full_search(search, false),
        Order::Fewest => full_search(search.fewest_first(), false),
    };
    let order = match order {
        Order::Static => "static order",
        Order::Fewest => "fewest candidates first",
    };
    if json {
        json_line(
            out,
            &json!({
                "order": order,
                "estimate": { "nodes": guess.nodes, "solutions": guess.solutions, "probes": guess.probes,
                              "time_ms": ms(estimated_in) },
                "search": { "nodes": stats.nodes(), "solutions": stats.solutions(), "stopped": stopped,
                            "time_ms": ms(time) },
            }),
        )?;
        return Ok(Status::Solved);
    }
    writeln!(out, "search tree, {order}:")?;
    writeln!(
        out,
        "  estimate: {:.0} nodes, {:.2} solutions ({} probes, {:.1} ms)",
        guess.nodes,
        guess.solutions,
        guess.probes,
        estimated_in.as_secs_f64() * 1e3
    )?;
    if stopped {
        writeln!(out, "  search:   more than {NODE_BUDGET} nodes (stopped there)")?;
    } else {
        writeln!(
            out,
            "  search:   {} nodes, {} solutions ({:.1} ms); estimate / real = {:.2}",
            stats.nodes(),
            stats.solutions(),
            time.as_secs_f64() * 1e3,
            guess.ratio_to(&stats)
        )?;
    }
    out.flush()?;
    Ok(Status::Solved)
}

/// A step as data, for JSON: the technique, the sentence, what it placed and removed.
fn step_json(step: &logic::Step) -> serde_json::Value {
    let pairs = |list: &[(backtrack::sudoku::Cell, backtrack::sudoku::Digit)]| -> Vec<String> {
        list.iter().map(|(cell, digit)| format!("{cell}={digit}")).collect()
    };
    let mut value = json!({
        "technique": step.technique().to_string(),
        "sentence": step.to_string(),
        "placements": pairs(&step.placements),
        "eliminations": pairs(&step.eliminations),
    });
    if let logic::Evidence::Bifurcation { steps, .. } = &step.evidence {
        value["trial"] = steps.iter().map(step_json).collect();
    }
    value
}

/// `--explain`: every step, numbered (a bifurcation's trial indented under it), then the grid.
pub(super) fn explain(plan: &Plan, board: &Board, mut out: impl Write) -> io::Result<Status> {
    let report = logic::solve(board);
    let solved = report.outcome == logic::Outcome::Solved;
    let status = if solved { Status::Solved } else { Status::NoSolution };
    let unique = solved && bitboard::Solutions::new(board).take(2).count() == 1;
    if plan.format == Some(Format::Json) {
        let hardest = report.hardest();
        json_line(
            out,
            &json!({
                "puzzle": format!("{board:#}"),
                "steps": report.steps.iter().map(step_json).collect::<Vec<_>>(),
                "verdict": if solved { "solved" } else { "no_solution" },
                "solution": solved.then(|| format!("{:#}", report.board())),
                "unique": solved.then_some(unique),
                "grade": solved.then(|| json!({ "grade": report.grade().to_string(),
                                                "score": (f64::from(Grade::score(hardest)) * 10.0).round() / 10.0,
                                                "hardest": hardest.map(|t| t.to_string()) })),
                "reason": (!solved).then(|| report.outcome_sentence()),
            }),
        )?;
        return Ok(status);
    }
    writeln!(out, "The problem:\n{board}\n")?;
    write_steps(&mut out, &report.steps, "")?;
    writeln!(out)?;
    if solved {
        match plan.format.unwrap_or(Format::Grid) {
            Format::Line => writeln!(out, "{:#}", report.board())?,
            _ => writeln!(out, "The solution:\n{}\n", report.board())?,
        }
        if !unique {
            writeln!(out, "more than one solution: this is the one the steps reached")?;
        }
    }
    writeln!(out, "{}", report.outcome_sentence())?;
    out.flush()?;
    Ok(status)
}

fn write_steps(out: &mut impl Write, steps: &[logic::Step], prefix: &str) -> io::Result<()> {
    for (n, step) in steps.iter().enumerate() {
        let number = format!("{prefix}{}", n + 1);
        let indent = "  ".repeat(prefix.matches('.').count());
        writeln!(out, "{indent}{number}. {step}")?;
        if let logic::Evidence::Bifurcation { steps: inner, .. } = &step.evidence {
            write_steps(out, inner, &format!("{number}."))?;
        }
    }
    Ok(())
}

/// `--hint LEVEL`: the next step, revealed progressively.
pub(super) fn hint(board: &Board, level: u8, json: bool, mut out: impl Write) -> io::Result<Status> {
    let Some(step) = logic::next_step(board) else {
        // No step: the grid is full, or it contradicts itself (bifurcation always has a step).
        let (sentence, status) = match logic::Grid::new(board).contradiction() {
            None => ("the puzzle is solved".to_string(), Status::Solved),
            Some(c) => (format!("no solution: {c}"), Status::NoSolution),
        };
        if json {
            json_line(out, &json!({ "hint": null, "verdict": sentence }))?;
        } else {
            writeln!(out, "{sentence}")?;
            out.flush()?;
        }
        return Ok(status);
    };
    let text = match level {
        1 => format!("try: {}", step.technique()),
        2 => format!("try: {}, {}", step.technique(), step.location()),
        _ => step.to_string(),
    };
    if json {
        let mut value = json!({ "level": level, "hint": text, "technique": step.technique().to_string() });
        if level >= 2 {
            value["location"] = step.location().into();
        }
        if level >= 3 {
            value["step"] = step_json(&step);
        }
        json_line(out, &value)?;
    } else {
        writeln!(out, "{text}")?;
        out.flush()?;
    }
    Ok(Status::Solved)
}
