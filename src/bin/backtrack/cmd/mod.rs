//! One module a subcommand, and the input they share: files or standard input, read whole or
//! streamed line by line.

pub mod cover;
pub mod generate;
mod incoming;
pub mod merge;
pub mod sudoku;
pub mod techniques;

use clap::{Parser, Subcommand};
use std::io::{self, BufReader, Read};
use std::path::PathBuf;

pub use incoming::{Batch, Hashing, Incoming};

/// Solve, reuse and learn backtracking: Sudoku by stacking assumptions, and more.
#[derive(Debug, Parser)]
#[command(name = "backtrack", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    // Boxed: the sudoku command's options are many times the others' (clap reads a box as
    // it reads the value).
    Sudoku(Box<sudoku::Args>),
    Cover(cover::Args),
    Generate(generate::Args),
    Techniques(techniques::Args),
    Merge(merge::Args),
}

/// Run a command: `Err` only when standard output cannot be written.
pub fn run(cli: Cli) -> io::Result<Status> {
    match cli.command {
        Command::Sudoku(args) => sudoku::run(*args),
        Command::Cover(args) => cover::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Techniques(args) => techniques::run(args),
        Command::Merge(args) => merge::run(args),
    }
}

/// What the process tells its caller, as the runner of the library tells it: a batch reports
/// the highest status of its puzzles.
pub use backtrack::run::{Status, progress};

/// Where input comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A file.
    File(PathBuf),
    /// Standard input (`-`).
    Stdin,
}

impl Source {
    /// The source a path names: `-` is standard input, as in every command that reads files.
    pub fn of(path: &std::path::Path) -> Source {
        if path.as_os_str() == "-" { Source::Stdin } else { Source::File(path.to_path_buf()) }
    }

    /// The source as a buffered reader; the error says which could not be opened.
    pub fn open(&self) -> Result<BufReader<Box<dyn Read + Send>>, String> {
        let read: Box<dyn Read + Send> = match self {
            Source::Stdin => Box::new(io::stdin()),
            Source::File(path) if path.is_dir() => {
                return Err(format!("cannot read {}: it is a directory, not a file", path.display()));
            }
            Source::File(path) => Box::new(
                std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?,
            ),
        };
        Ok(BufReader::with_capacity(1 << 16, read))
    }

    /// Whether reading it may wait for a writer: standard input (a terminal, a pipe) and any
    /// path that is not a regular file (a named pipe, `/dev/stdin`). A regular file never keeps
    /// its reader waiting long.
    pub fn may_wait(&self) -> bool {
        match self {
            Source::Stdin => true,
            Source::File(path) => std::fs::metadata(path).map_or(true, |m| !m.is_file()),
        }
    }

    /// The whole text; the error says which could not be read, or that it is not UTF-8.
    pub fn read_to_string(&self) -> Result<String, String> {
        let mut bytes = Vec::new();
        self.open()?.read_to_end(&mut bytes).map_err(|e| format!("cannot read {self}: {e}"))?;
        let text = String::from_utf8(bytes).map_err(|e| format!("{self}: not UTF-8 text: {e}"))?;
        Ok(text.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(text))
    }
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::File(path) => write!(f, "{}", path.display()),
            Source::Stdin => f.write_str("standard input"),
        }
    }
}

/// A result the commands print: as data (serde) or as text for a person.
pub trait Show: serde::Serialize {
    /// The text a person reads.
    fn text(&self, out: &mut dyn io::Write) -> io::Result<()>;
}

/// A number of one or more (`--limit`, `--count`, `--max-tries`, `--probes`), with a refusal in
/// words: clap's own range check would answer `0 is not in 1..18446744073709551615`.
pub fn one_or_more(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("give 1 or more".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("not a whole number of 1 or more ({e})")),
    }
}

/// "1 solution", "0 solutions", "2 solutions": for the sentences a person reads.
pub use backtrack::run::solutions;

/// Write `value` as one line of data (JSON lines): the crate's one JSON writer.
pub use backtrack::run::json_line as data_line;

/// Write `value` as data or as text, and flush.
pub fn show(mut out: impl io::Write, data: bool, value: &impl Show) -> io::Result<()> {
    if data {
        data_line(&mut out, value)?;
    } else {
        value.text(&mut out)?;
    }
    out.flush()
}

/// A shard's counters, as one JSON line for `backtrack merge`: Dancing Links' (nodes,
/// updates), or the general engine's (guesses).
#[derive(serde::Serialize)]
struct ShardSummary {
    shard: String,
    /// What the shard is a part of ([`backtrack::split::Run`]): `merge` adds up one run's.
    run: String,
    input: Option<String>,
    solutions: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    updates: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<u64>,
    dead_ends: u64,
    /// Cleansings, with colours (Algorithm C): `merge` adds them up as the other counters.
    #[serde(skip_serializing_if = "Option::is_none")]
    cleansings: Option<u64>,
    /// 1 if the budget stopped this shard: its counts are then a lower bound.
    stopped: u64,
}

impl ShardSummary {
    fn new(
        run: &backtrack::split::Run,
        shard: backtrack::split::Shard,
        solutions: u64,
        dead_ends: u64,
    ) -> Self {
        ShardSummary {
            shard: shard.to_string(),
            run: run.command().to_string(),
            input: run.input_text(),
            solutions,
            nodes: None,
            updates: None,
            guesses: None,
            dead_ends,
            cleansings: None,
            stopped: 0,
        }
    }

    /// Print the line, and say what stopped the shard, if something did.
    fn print(mut self, stopped: Option<String>) -> io::Result<Status> {
        #[derive(serde::Serialize)]
        struct Line {
            summary: ShardSummary,
        }
        self.stopped = u64::from(stopped.is_some());
        let shard = self.shard.clone();
        let mut out = io::BufWriter::new(io::stdout().lock());
        data_line(&mut out, &Line { summary: self })?;
        io::Write::flush(&mut out)?;
        match stopped {
            Some(bound) => {
                eprintln!("shard {shard}: stopped at {bound}: its counts are a lower bound");
                Ok(Status::Stopped)
            }
            None => Ok(Status::Solved),
        }
    }
}

/// The line of a count's shard (`cover --count --shard`, `sudoku --count --shard` of one
/// puzzle): Dancing Links' counters, and the bound that stopped it, if one did.
pub fn shard_line(
    run: &backtrack::split::Run,
    shard: backtrack::split::Shard,
    stats: &backtrack::dlx::Stats,
    colors: bool,
    stopped: Option<String>,
) -> io::Result<Status> {
    let mut summary = ShardSummary::new(run, shard, stats.solutions, stats.dead_ends);
    summary.nodes = Some(stats.nodes);
    summary.updates = Some(stats.updates);
    summary.cleansings = colors.then_some(stats.cleansings);
    summary.print(stopped)
}

/// The line of a shard of one puzzle's count by the general engine (`sudoku --count --shard`
/// under a rule Dancing Links does not take): its guesses and dead ends.
pub fn guesses_shard_line(
    run: &backtrack::split::Run,
    shard: backtrack::split::Shard,
    stats: &backtrack::sudoku::bitboard::Stats,
    stopped: Option<String>,
) -> io::Result<Status> {
    let mut summary = ShardSummary::new(run, shard, stats.solutions, stats.dead_ends);
    summary.guesses = Some(stats.guesses);
    summary.print(stopped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verify_cli() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
