//! `backtrack cover`: any exact-cover problem in Knuth's format.

use crate::Outcome;
use backtrack::dlx::{Budget, Named, Outcome as Search};
use std::io::Write;
use std::path::PathBuf;

/// Solve an exact-cover problem written in Knuth's DLX format.
///
/// The first line that is not a comment (`|` at the start) lists the items: primary first,
/// then `|` and the secondary items (covered at most once). Every further line is an option:
/// the items it covers.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  backtrack cover queens8.dlx                 the first solution, one option a line
  backtrack cover --count pent6x10.dlx        the number of solutions
  backtrack cover --all --limit 3 -           three solutions from standard input
  backtrack cover --count --stats queens12.dlx   nodes and updates, as Knuth's DLX1 counts them

Exit status: 0 solved, 1 no solution, 2 bad input or usage.")]
pub struct Args {
    /// The problem file, or `-` for standard input.
    file: PathBuf,

    /// Print the number of solutions, alone on the last line.
    #[arg(long, conflicts_with = "all")]
    count: bool,

    /// Print every solution, separated by blank lines.
    #[arg(long)]
    all: bool,

    /// Stop after N solutions.
    #[arg(long, value_name = "N")]
    limit: Option<u64>,

    /// Stop the search after N nodes.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,

    /// Stop the search after N updates.
    #[arg(long, value_name = "N")]
    max_updates: Option<u64>,

    /// Print `nodes: N` and `updates: N` on standard error.
    #[arg(long)]
    stats: bool,

    /// Count on N threads (default: one a core). Counting every solution splits the tree
    /// among them; the counts and the counters are the same as on one thread.
    #[arg(long, short, value_name = "N")]
    jobs: Option<usize>,
}

pub fn run(args: Args) -> Outcome {
    let text = match super::read_input(&args.file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: {e}");
            return Outcome::BadInput;
        }
    };
    let mut problem = match Named::from_knuth_format(&text) {
        Ok(problem) => problem,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file.display());
            return Outcome::BadInput;
        }
    };
    let budget = Budget {
        max_nodes: args.max_nodes.unwrap_or(u64::MAX),
        max_updates: args.max_updates.unwrap_or(u64::MAX),
    };
    let wanted = match (args.count || args.all, args.limit) {
        (true, Some(limit)) => limit,
        (true, None) => u64::MAX,
        (false, _) => 1,
    };
    let whole_tree =
        args.count && args.limit.is_none() && args.max_nodes.is_none() && args.max_updates.is_none();
    if whole_tree && args.jobs != Some(1) {
        let stats = problem.matrix().count_in_parallel(args.jobs.unwrap_or(0));
        println!("{}", stats.solutions);
        if args.stats {
            eprintln!("nodes: {}", stats.nodes);
            eprintln!("updates: {}", stats.updates);
        }
        return if stats.solutions == 0 { Outcome::NoSolution } else { Outcome::Solved };
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut solver = problem.solver();
    solver.solver().set_budget(budget);
    let mut found = 0u64;
    while found < wanted {
        let Some(options) = solver.next_solution() else { break };
        if !args.count {
            if found > 0 {
                let _ = writeln!(out);
            }
            for option in options {
                let _ = writeln!(out, "{option}");
            }
        }
        found += 1;
    }
    if args.count {
        let _ = writeln!(out, "{found}");
    }
    let _ = out.flush();
    if args.stats {
        let stats = solver.stats();
        eprintln!("nodes: {}", stats.nodes);
        eprintln!("updates: {}", stats.updates);
    }
    if solver.outcome() == Search::OutOfBudget {
        eprintln!("stopped at the budget: there may be more solutions");
    }
    if found == 0 && solver.outcome() == Search::Exhausted {
        if !args.count {
            eprintln!("no solution");
        }
        return Outcome::NoSolution;
    }
    Outcome::Solved
}
