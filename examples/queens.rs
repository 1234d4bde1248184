//! cargo run --release --example queens -- 8 [--count | --all | --stats] [--fewest]
//!     [--jobs J | --shard I/N] [--max-nodes N] [--timeout SECONDS]
//!     [--trace | --animate [--delay MS] | --tree FILE | --html FILE] [--limit N] [--estimate [--probes N]]
//!
//! N queens on an N×N board, none attacking another: one slot a row, each row's generator offers
//! the columns that no queen placed so far attacks. The board is three bit masks (columns and the
//! two diagonals) in `Cell`s, shared by all the generators.

use backtrack::split::{self, Part, Shard};
use backtrack::watch::{Counters, Layout, Recorder, Watch, Watcher};
use backtrack::{Attempt, Budget, Event, Ones, Stats, estimate, stack_assumptions};
use std::cell::Cell;
use std::error::Error;
use std::fmt;
use std::io::IsTerminal;
use std::io::Write;
use std::time::Duration;

mod common;
use common::{exit_code, number, one_or_more, say};

/// The shared state: which columns and diagonals are attacked, and each row's queen.
struct Board {
    n: usize,
    cols: Cell<u64>,
    diags: Cell<u128>, // diagonal row + col
    antis: Cell<u128>, // anti-diagonal col - row + n - 1
    queens: Vec<Cell<Option<usize>>>,
}

/// Where a queen stands: `r1c5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Square {
    row: usize,
    col: usize,
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

impl Board {
    fn new(n: usize) -> Board {
        let queens = (0..n).map(|_| Cell::new(None)).collect();
        Board { n, cols: Cell::new(0), diags: Cell::new(0), antis: Cell::new(0), queens }
    }

    /// The columns of `row` that no queen attacks now, lowest first.
    fn free_columns(&self, row: usize) -> Ones {
        // Bit c of each mask: is column c attacked along that line?
        let diags = (self.diags.get() >> row) as u64;
        let antis = (self.antis.get() >> (self.n - 1 - row)) as u64;
        let all = u64::MAX >> (64 - self.n);
        Ones(all & !(self.cols.get() | diags | antis))
    }

    /// Place a queen; the guard removes it again.
    fn place(&self, row: usize, col: usize) -> Attempt<Square, impl FnOnce(&Square)> {
        self.toggle(row, col);
        self.queens[row].set(Some(col));
        Attempt::new(Square { row, col }, move |&Square { row, col }| {
            self.toggle(row, col);
            self.queens[row].set(None);
        })
    }

    fn toggle(&self, row: usize, col: usize) {
        self.cols.set(self.cols.get() ^ 1 << col);
        self.diags.set(self.diags.get() ^ 1 << (row + col));
        self.antis.set(self.antis.get() ^ 1 << (col + self.n - 1 - row));
    }

    fn show(&self) -> String {
        let row =
            |r: usize| (0..self.n).map(move |c| if self.queens[r].get() == Some(c) { "Q" } else { "." });
        (0..self.n).map(|r| row(r).collect::<Vec<_>>().join(" ") + "\n").collect()
    }
}

/// The generators of a board: one a row, a closure over the row, reading the board when the row
/// is reached. (A macro: a closure's type has no name for a function to return.)
macro_rules! generators {
    ($board:expr) => {
        (0..$board.n)
            .map(|row| {
                let board = &$board;
                move || board.free_columns(row).map(move |col| board.place(row, col))
            })
            .collect::<Vec<_>>()
    };
}

const USAGE: &str = "\
usage: queens [N] [--count | --all | --stats] [--fewest]
              [--trace | --animate [--delay MS] | --tree FILE] [--limit N] [--estimate [--probes N]]
              [--max-nodes N] [--timeout SECONDS]

N queens on an N×N board (default 8, up to 64), by stacking assumptions: one slot a row.
  --count      count the solutions (OEIS A000170)     --all     print every solution
  --stats      nodes per level, dead ends              --fewest  the row with fewest columns next
               (one board of more than 20 queens is always searched so)
  --trace      every assumption (to --limit lines, default 200)
  --animate    redraw the board live, --delay MS apart --tree FILE   the search tree (.dot, .svg)
  --html FILE  the explorer: a page that replays the search (its first --limit events, default
               10000) on the board beside its tree, forward and back
  --estimate   Knuth's estimate of the tree size, with --probes N random probes (default 10000)
  --max-nodes N, --timeout SECONDS: stop the search there (exit status 3)
  --jobs J     count (--count, --stats) on J threads, the search cut into subtrees
  --shard I/N  count shard I of N: a JSON line of its counters; `backtrack merge` adds the
               shards' lines up (run them with GNU parallel, a Slurm job array, ...)";

/// From this size on, one board is searched fewest-first even without --fewest.
const FEWEST_FROM: usize = 20;

fn main() -> std::process::ExitCode {
    // 0: answered; 1: no solution; 3: stopped at --max-nodes or --timeout; 2: bad usage.
    exit_code("queens", run())
}

/// Do what the arguments ask: the exit status.
fn run() -> Result<u8, Box<dyn Error>> {
    let mut n = 8;
    let (mut count, mut all, mut fewest, mut guess, mut probes) = (false, false, false, false, 10_000);
    let mut stats = false;
    let mut watch = Watch { limit: 200, delay: Duration::from_millis(150), ..Watch::default() };
    let (mut tree_file, mut html_file) = (None, None::<String>);
    let mut budget = Budget::new();
    let (mut jobs, mut shard) = (1, None::<Shard>);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--help" | "-h" => {
                let _ = writeln!(std::io::stdout(), "{USAGE}"); // quietly, even into a closed pipe
                return Ok(0);
            }
            "--count" => count = true,
            "--all" => all = true,
            "--fewest" => fewest = true,
            "--stats" => stats = true,
            "--trace" => watch.trace = true,
            "--animate" => watch.animate = true,
            "--delay" => watch.delay = Duration::from_millis(number(&mut args, "--delay")?),
            "--limit" => watch.limit = number(&mut args, "--limit")?,
            "--tree" => tree_file = Some(args.next().ok_or("--tree needs a file name")?),
            "--html" => html_file = Some(args.next().ok_or("--html needs a file name")?),
            "--estimate" => guess = true,
            "--probes" => probes = one_or_more(&mut args, "--probes")?,
            "--jobs" => jobs = one_or_more(&mut args, "--jobs")? as usize,
            "--shard" => shard = Some(args.next().ok_or("--shard needs I/N")?.parse()?),
            "--max-nodes" => budget = budget.max_nodes(number(&mut args, "--max-nodes")?),
            "--timeout" => {
                let seconds = args.next().and_then(|a| a.parse().ok());
                let time = seconds.and_then(|s| Duration::try_from_secs_f64(s).ok());
                budget = budget.timeout(time.ok_or("--timeout needs a number of seconds")?);
            }
            _ => n = arg.parse().map_err(|_| format!("'{arg}' is not a board size or a flag"))?,
        }
    }
    if !(1..=64).contains(&n) {
        return Err(format!("board size {n} is out of range 1..=64").into());
    }
    if let Some(file) = &html_file {
        return explore(n, file, if watch.limit == 200 { 10_000 } else { watch.limit as usize });
    }
    watch.tree = tree_file.is_some();
    if watch.animate && !std::io::stdout().is_terminal() {
        (watch.animate, watch.trace) = (false, true); // no terminal: the animation is the trace
    }

    if jobs != 1 || shard.is_some() {
        if !(count || stats) || all || watch.any() || guess || tree_file.is_some() {
            return Err("--jobs and --shard count: give them with --count or --stats".into());
        }
        if jobs != 1 && shard.is_some() {
            return Err("--jobs or --shard, not both (a shard runs on one thread)".into());
        }
        return count_in_parts(n, fewest, jobs, shard, &budget, stats);
    }

    let board = Board::new(n);
    let generators = generators!(board);

    if guess {
        // Knuth's random probes predict the tree; then the search measures it.
        let predicted = estimate(&generators, probes, 1);
        let mut search = stack_assumptions(&generators);
        let solutions = search.by_ref().count();
        let real = search.stats();
        say!(
            "estimate ({probes} probes): {:.0} nodes, {:.1} solutions",
            predicted.nodes,
            predicted.solutions
        );
        say!("search:                {} nodes, {solutions} solutions", real.nodes());
        return Ok(0);
    }

    if stats {
        // Count every solution, then show the tree the search walked, level by level.
        let mut search = stack_assumptions(&generators).observe(&budget);
        let solutions = search.by_ref().count();
        let s = search.stats();
        let profile: Vec<String> = s.profile().iter().map(u64::to_string).collect();
        say!("{solutions} solutions, {} nodes, {} dead ends", s.nodes(), s.dead_ends());
        say!("nodes per level: {}", profile.join(", "));
        return Ok(status(&budget, solutions));
    }

    if watch.any() {
        let draw = |event: &Event<'_, Attempt<Square, _>>, counters: &Counters| {
            format!("{}\n{event}\n{counters}\n", board.show())
        };
        let dead_end = |row: usize| format!("dead end: row {} has no free column", row + 1);
        let mut watcher = Watcher::new(std::io::stdout(), &watch, dead_end, draw);
        let mut search = stack_assumptions(&generators).observe(|e: Event<'_, _>| watcher.see(&e));
        let solutions = search.by_ref().count();
        let stopped = search.is_stopped();
        drop(search);
        if let (Some(tree), Some(file)) = (watcher.tree(), &tree_file) {
            tree.write_to(file.as_ref())?;
            say!("wrote {} nodes of the search tree to {file}", tree.len());
        } else if stopped {
            say!("(stopped at --limit {}; {solutions} solutions so far)", watch.limit);
        }
        return Ok(0);
    }

    // One board of many queens: row by row, the search walks an astronomic tree before the
    // first (64 queens: minutes and more); the row with the fewest free columns first finds
    // one at once.
    let fewest = fewest || (!count && !all && n > FEWEST_FROM);
    let search = stack_assumptions(&generators).observe(&budget);
    let solutions = if fewest {
        report(search.fewest_first(), &board, count, all, &budget)?
    } else {
        report(search, &board, count, all, &budget)?
    };
    Ok(status(&budget, solutions))
}

/// Write the explorer page of the search of `n` queens (its first `limit` events) to `file`.
fn explore(n: usize, file: &str, limit: usize) -> Result<u8, Box<dyn Error>> {
    let board = Board::new(n);
    let generators = generators!(board);
    let cells = || {
        let queen = |r: usize, c: usize| board.queens[r].get() == Some(c);
        (0..n * n).map(|i| if queen(i / n, i % n) { "♛".to_string() } else { String::new() }).collect()
    };
    let dead_end =
        |row: usize| ((row * n..(row + 1) * n).collect(), format!("row {} has no free column", row + 1));
    let mut recorder = Recorder::new(limit, cells, dead_end);
    let mut search = stack_assumptions(&generators).observe(|e: Event<'_, _>| recorder.see(&e));
    while search.next().is_some() {}
    drop(search);
    let page = recorder.page(&format!("{n} queens, one row at a time"), &Layout::chessboard(n));
    std::fs::write(file, page).map_err(|e| format!("cannot write {file}: {e}"))?;
    say!("wrote {} events of the search to {file}", recorder.len());
    Ok(0)
}

/// One part of the search of `n` queens (see `backtrack::split`): each part builds its own
/// board, so that parts run on any thread.
fn part(n: usize, fewest: bool, budget: Option<&Budget>, part: Part<'_>) -> Stats {
    let board = Board::new(n);
    let generators = generators!(board);
    let search = stack_assumptions(&generators);
    match (fewest, budget) {
        (false, None) => part.count(search),
        (true, None) => part.count(search.fewest_first()),
        (false, Some(budget)) => part.count(search.observe(budget)),
        (true, Some(budget)) => part.count(search.observe(budget).fewest_first()),
    }
}

/// Count on `jobs` threads, or shard `shard`: the counts, the counters, or the shard's JSON.
fn count_in_parts(
    n: usize,
    fewest: bool,
    jobs: usize,
    shard: Option<Shard>,
    budget: &Budget,
    stats: bool,
) -> Result<u8, Box<dyn Error>> {
    let total = match shard {
        // A shard's parts run one after the other: one budget bounds them all.
        Some(shard) => split::count_shard(64 * shard.count(), shard, |p| part(n, fewest, Some(budget), p)),
        None if budget.is_bounded() => {
            return Err("--max-nodes and --timeout bound a search on one thread: use --shard".into());
        }
        None => split::count_parallel(jobs, |p| part(n, fewest, None, p)),
    };
    if let Some(shard) = shard {
        // What the shard is a part of: the shards of another board or order are not its kin.
        let run = split::Run::new(format!("queens {n}{}", if fewest { " --fewest" } else { "" }));
        say!("{}", split::shard_summary(&run, shard, &total, budget.exceeded()));
    } else if stats {
        let profile: Vec<String> = total.profile().iter().map(u64::to_string).collect();
        say!("{} solutions, {} nodes, {} dead ends", total.solutions(), total.nodes(), total.dead_ends());
        say!("nodes per level: {}", profile.join(", "));
    } else {
        say!("{}", total.solutions());
    }
    Ok(status(budget, total.solutions() as usize))
}

/// The exit status: 3 if the budget stopped the search (said on standard error, with the
/// solutions found), 1 if it found none, 0 else.
fn status(budget: &Budget, solutions: usize) -> u8 {
    if !budget.exceeded() {
        return u8::from(solutions == 0);
    }
    eprintln!("stopped at the budget after {} nodes: at least {solutions} solutions", budget.spent());
    3
}

/// Print what was asked for: the count, every board, or the first board and the count; give
/// the number of solutions found (or the error of a closed pipe).
fn report<S: Iterator<Item = ()>>(
    mut search: S,
    board: &Board,
    count: bool,
    all: bool,
    budget: &Budget,
) -> std::io::Result<usize> {
    let n = board.n;
    if count {
        let solutions = search.by_ref().count();
        say!("{solutions}");
        Ok(solutions)
    } else if all {
        let mut solutions = 0;
        while search.next().is_some() {
            say!("{}", board.show());
            solutions += 1;
        }
        say!("{solutions} solutions");
        Ok(solutions)
    } else if search.next().is_none() {
        if !budget.exceeded() {
            say!("no solution for {n} queens");
        }
        Ok(0)
    } else if n <= 14 {
        write!(std::io::stdout(), "{}", board.show())?;
        let solutions = 1 + search.count();
        say!("{solutions} solutions for {n} queens");
        Ok(solutions)
    } else {
        write!(std::io::stdout(), "{}", board.show())?;
        say!("(counting every solution for n > 14 takes long: use --count)");
        Ok(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OEIS A000170: the number of ways to place n non-attacking queens.
    const A000170: [usize; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];

    #[test]
    fn counts_match_oeis_a000170() {
        for (n, &expected) in (1..=10).zip(&A000170) {
            let board = Board::new(n);
            let gens = generators!(board);
            assert_eq!(stack_assumptions(&gens).count(), expected, "n = {n}");
            assert_eq!(stack_assumptions(&gens).fewest_first().count(), expected, "n = {n}, fewest first");
        }
    }

    #[test]
    fn eight_queens_reproduce_knuths_profile() {
        let board = Board::new(8);
        let gens = generators!(board);
        let mut search = stack_assumptions(&gens);
        assert_eq!(search.by_ref().count(), 92);
        // Knuth, TAOCP 7.2.2 (OEIS A319284): nodes on levels 0..8 in row order, column order.
        assert_eq!(search.stats().profile(), [1, 8, 42, 140, 344, 568, 550, 312, 92]);
        assert_eq!(search.stats().nodes(), 2057);
        assert_eq!(search.stats().deepest(), 8);
        // A dead end is a node on levels 0..8 without a child: count them by plain recursion.
        fn dead_ends(queens: &mut Vec<usize>, n: usize) -> u64 {
            let safe = |q: &[usize], c: usize| {
                q.iter().enumerate().all(|(r, &qc)| qc != c && qc.abs_diff(c) != q.len() - r)
            };
            let children: Vec<usize> = (0..n).filter(|&c| safe(queens, c)).collect();
            if queens.len() == n {
                return 0;
            }
            if children.is_empty() {
                return 1;
            }
            children
                .into_iter()
                .map(|c| {
                    queens.push(c);
                    let d = dead_ends(queens, n);
                    queens.pop();
                    d
                })
                .sum()
        }
        assert_eq!(search.stats().dead_ends(), dead_ends(&mut Vec::new(), 8));
    }

    /// No two queens share a column or a diagonal (rows are distinct by construction).
    fn is_valid(board: &Board) -> bool {
        let q: Vec<usize> = board.queens.iter().map(|q| q.get().expect("a queen in every row")).collect();
        (0..board.n).all(|a| (a + 1..board.n).all(|b| q[a] != q[b] && q[a].abs_diff(q[b]) != b - a))
    }

    #[test]
    fn first_solution_is_valid_up_to_32() {
        for n in [1, 4, 5, 8, 13, 20, 27, 32] {
            let board = Board::new(n);
            let gens = generators!(board);
            let mut search = stack_assumptions(&gens);
            assert!(search.next().is_some(), "n = {n}");
            assert!(is_valid(&board), "n = {n}:\n{}", board.show());
        }
    }

    #[test]
    fn every_solution_is_valid_and_distinct() {
        let board = Board::new(8);
        let gens = generators!(board);
        let mut seen = std::collections::HashSet::new();
        for () in stack_assumptions(&gens) {
            assert!(is_valid(&board));
            assert!(seen.insert(board.show()));
        }
        assert!(board.queens.iter().all(|q| q.get().is_none()), "every queen taken back");
        assert_eq!(seen.len(), 92);
        assert_eq!((board.cols.get(), board.diags.get(), board.antis.get()), (0, 0, 0), "all taken back");
    }
}

#[test]
fn the_estimate_is_near_knuths_count() {
    // Knuth's estimator over 20,000 probes with a fixed seed: within 3% of the 2,057 nodes,
    // level by level within 10% of the profile 1, 8, 42, 140, 344, 568, 550, 312, 92.
    let board = Board::new(8);
    let gens = generators!(board);
    let guess = estimate(&gens, 20_000, 7);
    assert!((guess.nodes / 2057.0 - 1.0).abs() < 0.03, "{}", guess.nodes);
    for (level, (&est, real)) in
        guess.profile.iter().zip([1.0, 8.0, 42.0, 140.0, 344.0, 568.0, 550.0, 312.0, 92.0]).enumerate()
    {
        assert!((est / real - 1.0).abs() < 0.10, "level {level}: {est} against {real}");
    }
    assert!(board.queens.iter().all(|q| q.get().is_none()));
}
