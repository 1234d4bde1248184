//! A batch: puzzles streamed line by line, solved on `--jobs` threads, answered in input order.
//!
//! The lines come in batches ([`Incoming`]: a file read as they are asked for, standard input
//! and pipes on a reading thread); the main thread takes what has arrived (up to a chunk),
//! solves it (on a rayon pool when `--jobs` > 1 and the chunk is seen to be worth sharing),
//! writes the answers in order, and flushes
//! whenever the reader has nothing more ready. Memory holds one chunk and a few batches,
//! whatever the size of the input, and the first answers come before the input ends.

use super::engines::{Engine, Sink};
use super::plan::{Format, Mode, Plan, Solver};
use super::render::{Renderer, Summary};
use super::report::Report;
use super::shape::ReadError;
use crate::cmd::Status;
use crate::cmd::{Batch, Hashing, Incoming};
use backtrack::split::{InputHash, Run};
use backtrack::sudoku::geometry::CLASSIC_CELLS;
use backtrack::sudoku::{Board, ParseError};
use std::cell::RefCell;
use std::io::{self, BufReader, Read, Write};
use std::sync::mpsc::TryRecvError;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Lines a chunk holds at most, per thread.
const CHUNK: usize = 1024;

/// The work a chunk of small puzzles must be seen to hold before its rest is shared among
/// threads: about twice what starting them costs the main thread (0.1 to 0.25 ms, BENCHMARKS.md
/// §2.1.1), so that `--jobs 2` is not slower than `--jobs 1` on a handful of easy puzzles.
const WORTH_SHARING: Duration = Duration::from_micros(500);

/// Puzzles in a chunk that are worth sharing whatever they are: the quickest take about a
/// microsecond each.
const MANY: usize = 512;

/// Whether `chunk` is a few puzzles known to be quick: fewer than [`MANY`], each a grid of at
/// most the classic grid's cells, not a variant line, searched for at most two solutions by the
/// engines or Dancing Links (not the seed's driver or the logic solver, which can take seconds
/// on one hard puzzle). Only such a chunk starts on the main thread alone, as its first puzzles,
/// solved there, cannot keep a second thread idle for long.
fn few_and_quick(plan: &Plan, chunk: &[(u64, &[u8])]) -> bool {
    chunk.len() < MANY
        && matches!(plan.solver, Solver::Bitboard | Solver::Dlx)
        && plan.wanted() <= 2
        && chunk
            .iter()
            .all(|(_, line)| !line.trim_ascii_start().starts_with(b"{") && cells(line) <= CLASSIC_CELLS)
}

/// Whether the rest of a chunk, `left` puzzles, is worth sharing, `done` puzzles having taken
/// `spent`: the mean so far times those left (after two puzzles, the first one paying for cold
/// caches; or at once if the first took that long alone).
fn worth_sharing(spent: Duration, done: u32, left: usize) -> bool {
    (done >= 2 || spent > WORTH_SHARING)
        && spent.as_nanos() * left as u128 > WORTH_SHARING.as_nanos() * u128::from(done.max(1))
}

/// Characters that count as cells (digits, letters for values past 9, and empty marks).
fn cells(line: &[u8]) -> usize {
    line.iter().filter(|b| b.is_ascii_alphanumeric() || **b == b'.' || **b == b'_').count()
}

/// A line that holds no puzzle: blank, or a comment.
fn skipped(line: &[u8]) -> bool {
    let line = line.trim_ascii_start();
    line.is_empty() || line[0] == b'#'
}

/// Solve the puzzles of `reader`, which `may_wait` for its writer (a terminal, a pipe: see
/// [`Incoming::start`]).
pub fn run(
    plan: &Plan,
    reader: BufReader<Box<dyn Read + Send>>,
    may_wait: bool,
    out: impl Write,
) -> io::Result<Status> {
    let shard = plan.shard;
    // A shard names its input by a hash of all of it (`backtrack merge` compares them).
    let hash = Arc::new(Mutex::new(InputHash::new()));
    let reader = match shard {
        Some(_) => {
            let hashing = Hashing::new(Box::new(reader.into_inner()), Arc::clone(&hash));
            BufReader::with_capacity(1 << 16, Box::new(hashing) as Box<dyn Read + Send>)
        }
        None => reader,
    };
    let mut lines =
        Incoming::start(reader, may_wait, move |line| shard.is_none_or(|s| s.takes(line as usize - 1)));
    // The first line with a puzzle on it tells a batch (a whole puzzle a line, or a bad line)
    // from one pasted grid (a row a line: see below).
    let mut first = None;
    for line in lines.by_ref() {
        let (number, bytes) = match line {
            Ok(line) => line,
            Err(e) => return read_error(plan, e),
        };
        if !skipped(&bytes) {
            first = Some((number, bytes));
            break;
        }
    }
    let Some(first) = first else {
        eprintln!("error: the input holds no puzzle");
        return Ok(Status::BadInput);
    };
    // A pasted grid's first line holds a row: N cells, N the side of --boxes or --regions, or
    // fewer than 16 (a line of 16 or 25 cells is a 4×4 or 5×5 puzzle unless --boxes says the
    // side). A variant file's lines are JSON objects.
    let row = |n: usize| plan.shape.side().map_or(n < 16, |side| n == side && side * side != n);
    if !first.1.trim_ascii_start().starts_with(b"{") && row(cells(&first.1)) && plan.shard.is_none() {
        return one_grid(plan, first.1, lines, out);
    }
    if plan.one_puzzle_only().is_some() {
        // One puzzle a line is fine for the learners' modes and the drawings if there is
        // exactly one.
        return one_line(plan, first, lines, out);
    }
    many(plan, first, lines, &hash, out)
}

/// The whole input is one grid: read it all, then solve it as one puzzle.
fn one_grid(plan: &Plan, first: Vec<u8>, lines: Incoming, out: impl Write) -> io::Result<Status> {
    let mut text = first;
    for line in lines {
        match line {
            Ok((_, bytes)) => {
                text.push(b'\n');
                text.extend(bytes);
            }
            Err(e) => return read_error(plan, e),
        }
    }
    let text = String::from_utf8(text).map_err(|_| "the grid is not UTF-8 text".to_string());
    match text {
        Ok(text) => match plan.shape.read(&text) {
            Ok(board) => super::one(plan, &board, out),
            Err(e) => {
                eprintln!("error: {e}");
                Ok(Status::BadInput)
            }
        },
        Err(e) => {
            eprintln!("error: {e}");
            Ok(Status::BadInput)
        }
    }
}

/// A mode for one puzzle, given a batch: fine if it holds exactly one line with a puzzle.
fn one_line(plan: &Plan, first: (u64, Vec<u8>), lines: Incoming, out: impl Write) -> io::Result<Status> {
    let mut more = 0;
    for line in lines {
        match line {
            Ok((_, bytes)) => more += usize::from(!skipped(&bytes)),
            Err(e) => return read_error(plan, e),
        }
    }
    if let Err(e) = plan.check_batch(1 + more) {
        eprintln!("error: {e}");
        return Ok(Status::BadInput);
    }
    let (number, bytes) = first;
    match parse(plan, number, &bytes) {
        Ok(board) => super::one(plan, &board, out),
        Err(reason) => {
            eprintln!("error: {reason}");
            Ok(Status::BadInput)
        }
    }
}

/// The line's text, or why it is none, placed in the input's own numbering.
fn text(number: u64, bytes: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(bytes)
        .map_err(|e| format!("line {number}: not UTF-8 text (byte {})", e.valid_up_to() + 1))
}

/// Why line `number` could not be read as a board.
fn unreadable(number: u64, error: ReadError) -> String {
    match error {
        // The line is the batch's; the column is the line's.
        ReadError::Parse(ParseError::InvalidCharacter { column, found, .. }) => {
            format!("line {number}, column {column}: {found:?} is not a digit or an empty mark")
        }
        ReadError::Parse(ParseError::OutOfRange { line: 1, column, found, side }) => {
            let e = ParseError::OutOfRange { line: number as usize, column, found, side };
            e.to_string()
        }
        e => format!("line {number}: {e}"),
    }
}

/// The line's board, or why it could not be read, placed in the input's own numbering.
fn parse(plan: &Plan, number: u64, bytes: &[u8]) -> Result<Board, String> {
    plan.shape.read(text(number, bytes)?).map_err(|e| unreadable(number, e))
}

fn solve(plan: &Plan, engine: &mut Engine, line: (u64, &[u8])) -> Report {
    solve_into(plan, engine, line, None, 1)
}

/// The same, each solution found handed to `sink` (a listing, written as it is found), the
/// search on `threads` threads.
fn solve_into(
    plan: &Plan,
    engine: &mut Engine,
    (number, bytes): (u64, &[u8]),
    sink: Option<Sink<'_>>,
    threads: usize,
) -> Report {
    let line = Some(number);
    text(number, bytes)
        .and_then(|text| {
            engine.search_text(plan, text, line, sink, threads).map_err(|e| unreadable(number, e))
        })
        .unwrap_or_else(|reason| Report::invalid(line, reason))
}

/// Many puzzles, one a line.
fn many(
    plan: &Plan,
    first: (u64, Vec<u8>),
    mut lines: Incoming,
    hash: &Mutex<InputHash>,
    out: impl Write,
) -> io::Result<Status> {
    let start = Instant::now();
    let format = plan.format.unwrap_or(Format::Line);
    let mut renderer = Renderer::new(out, format, plan.mode, true, plan.watch.is_some());
    let mut summary =
        Summary { jobs: plan.jobs, shard: plan.shard.map(|s| s.to_string()), ..Summary::default() };
    let mut status = Status::Solved;
    // Started when a chunk is seen to be worth sharing: for most batches, their first. (Started
    // before the first lines are read, its threads starting meanwhile, it was no faster on
    // files of 1,000 and 10,000 lines.)
    let mut pool = None;
    let mut engine = Engine::new(plan.solver);
    let listing = matches!(plan.mode, Mode::All { .. }) && plan.watch.is_none();
    // A trace or an animation writes to the terminal itself: no counter over it.
    let progress = if plan.watch.is_none() { crate::cmd::progress(Some("puzzles")) } else { None };
    let mut last_line = first.0;
    let mut batches = vec![Batch::one(first)];
    let mut ended = false;
    let mut alone = true;
    let mut failure = None;
    loop {
        // Take what has arrived, up to a chunk; wait only when nothing is ready.
        let capacity = CHUNK * plan.jobs;
        let mut waiting = false;
        let mut taken: usize = batches.iter().map(Batch::len).sum();
        while taken < capacity && !ended {
            let batch = if batches.is_empty() {
                lines.recv_batch().ok_or(TryRecvError::Disconnected)
            } else {
                lines.try_recv_batch()
            };
            match batch {
                Ok(Ok(batch)) => {
                    last_line = batch.last().unwrap_or(last_line);
                    taken += batch.len();
                    batches.push(batch);
                }
                Ok(Err(e)) => {
                    failure = Some(e);
                    ended = true;
                }
                Err(TryRecvError::Empty) => {
                    waiting = true;
                    break;
                }
                Err(TryRecvError::Disconnected) => ended = true,
            }
        }
        let chunk: Vec<(u64, &[u8])> =
            batches.iter().flat_map(Batch::lines).filter(|(_, line)| !skipped(line)).collect();
        // A batch of one puzzle is a puzzle alone: its search may take every thread.
        let threads = if alone && ended && chunk.len() == 1 { plan.jobs } else { 1 };
        alone = false;
        // Each answer is written, counted and shown on the progress counter as it comes: on one
        // thread line by line, on several a chunk at a time, in input order.
        let mut emit = |renderer: &mut Renderer<_>, report: &Report| -> io::Result<()> {
            renderer.report(report)?;
            status = status.max(report.verdict.status());
            summary.add(report);
            if let Some(bar) = &progress {
                bar.inc(1);
            }
            Ok(())
        };
        // Quick puzzles are solved on the main thread until the rest is seen to be worth
        // sharing: starting threads costs about what fifty easy puzzles do.
        let mut rest = &chunk[..];
        let may_share = pool.is_none() && plan.jobs > 1 && !listing;
        if may_share && chunk.len() > 1 && few_and_quick(plan, &chunk) {
            let began = Instant::now();
            let mut done = 0;
            while let Some((&line, tail)) = rest.split_first() {
                if worth_sharing(began.elapsed(), done, rest.len()) {
                    break;
                }
                emit(&mut renderer, &solve(plan, &mut engine, line))?;
                done += 1;
                rest = tail;
            }
        }
        if may_share && rest.len() > 1 {
            pool = rayon::ThreadPoolBuilder::new().num_threads(plan.jobs).build().ok();
        }
        match &pool {
            // A listing goes out as it is found, on one thread: a puzzle's solutions are never
            // all held (an empty grid has more than memory), and the lines keep their order.
            _ if listing => {
                for &line in rest {
                    let mut failed = None;
                    let report = {
                        let sink = RefCell::new(|solution: &Board| {
                            renderer.solution(solution).map_err(|e| failed = Some(e)).is_ok()
                        });
                        solve_into(plan, &mut engine, line, Some(&sink), threads)
                    };
                    if let Some(e) = failed {
                        return Err(e);
                    }
                    emit(&mut renderer, &report)?;
                }
            }
            Some(pool) if rest.len() > 1 => {
                let reports: Vec<Report> = pool.install(|| {
                    use rayon::prelude::*;
                    // Each worker keeps an engine of its own (for DLX, its own matrix).
                    rest.par_iter()
                        .map_init(|| Engine::new(plan.solver), |engine, &line| solve(plan, engine, line))
                        .collect()
                });
                reports.iter().try_for_each(|report| emit(&mut renderer, report))?;
            }
            _ => rest.iter().try_for_each(|&line| {
                emit(&mut renderer, &solve_into(plan, &mut engine, line, None, threads))
            })?,
        }
        drop(chunk);
        batches.clear();
        if waiting || ended {
            renderer.flush()?; // the reader has nothing more ready: show what is done
        }
        if ended {
            break;
        }
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if let Some(e) = failure {
        renderer.flush()?;
        eprintln!("error: the input could not be read past line {last_line}: {e}");
        status = status.max(Status::BadInput);
    }
    // A shard's counters are what `backtrack merge` adds up: its JSON always ends with them.
    if plan.stats || (plan.shard.is_some() && format == Format::Json) {
        summary.wall = start.elapsed();
        if plan.shard.is_some() {
            // The input has ended: its hash is whole.
            let hash = hash.lock().unwrap_or_else(std::sync::PoisonError::into_inner).finish();
            let run = Run::new(plan.run_command()).input_hash(hash);
            summary.input = run.input_text();
            summary.run = Some(run.command().to_string());
        }
        renderer.summary(&summary)?;
    }
    renderer.flush()?;
    Ok(status)
}

fn read_error(plan: &Plan, e: io::Error) -> io::Result<Status> {
    match &plan.input {
        super::plan::Input::Source(source) => eprintln!("error: cannot read {source}: {e}"),
        super::plan::Input::Puzzle(_) => eprintln!("error: cannot read the input: {e}"),
    }
    Ok(Status::BadInput)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MICROSECOND: Duration = Duration::from_micros(1);

    fn plan(words: &[&str]) -> Plan {
        super::super::plan::decode(words).unwrap()
    }

    /// Only a few quick puzzles, by an engine that is quick on them, start on the main thread
    /// alone: a slow solver's puzzle could keep the second thread idle for seconds.
    #[test]
    fn only_a_few_quick_puzzles_start_alone() {
        let nine = [b'.'; 81];
        let few = vec![(1, &nine[..]); 10];
        let many = vec![(1, &nine[..]); MANY];
        assert!(few_and_quick(&plan(&["--count", "--limit", "2", "-"]), &few));
        assert!(few_and_quick(&plan(&["--solver", "dlx", "-"]), &few));
        assert!(!few_and_quick(&plan(&["-"]), &many));
        assert!(!few_and_quick(&plan(&["--solver", "backtrack", "--order", "static", "-"]), &few));
        assert!(!few_and_quick(&plan(&["--solver", "logic", "-"]), &few));
        assert!(!few_and_quick(&plan(&["--count", "--limit", "1000", "-"]), &few));
        let large = [b'.'; 256];
        assert!(!few_and_quick(&plan(&["-"]), &[(1, &nine[..]), (2, &large[..])]));
        let variant = br#"{"size":4,"givens":"................"}"#;
        assert!(!few_and_quick(&plan(&["-"]), &[(1, &nine[..]), (2, &variant[..])]));
    }

    #[test]
    fn a_chunk_is_shared_once_its_work_is_seen_to_be_worth_it() {
        // Fifty easy puzzles, a microsecond or two each: never.
        for done in 0..50 {
            assert!(!worth_sharing(MICROSECOND * 2 * done, done, 50 - done as usize));
        }
        // A thousand: after the first two.
        assert!(!worth_sharing(MICROSECOND * 3, 1, 999));
        assert!(worth_sharing(MICROSECOND * 6, 2, 998));
        // Eleven hard ones, 30 µs each: the 300 µs they hold are not worth a thread.
        assert!(!worth_sharing(MICROSECOND * 60, 2, 9));
        // A first puzzle slow enough alone: at once; else a second is awaited.
        assert!(worth_sharing(MICROSECOND * 2000, 1, 5));
        assert!(!worth_sharing(MICROSECOND * 400, 1, 5));
        assert!(!worth_sharing(MICROSECOND * 2000, 3, 0));
    }
}
