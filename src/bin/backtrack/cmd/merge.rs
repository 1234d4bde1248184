//! `backtrack merge`: the JSON lines of a batch's shards, put back together.

use super::{Source, Status, data_line};
use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;

/// Put shards back together: of a batch (`backtrack sudoku --shard I/N --format json`), or of a
/// count (`backtrack cover --count --shard I/N`, `queens --count --shard I/N`, ...).
///
/// The answers come out in the order of their input lines, then one `{"summary": ...}` line
/// that adds the shards' counters up (the deepest level and the wall time are the largest of
/// the shards', not their sum; nodes per level add up level by level) and says whether every
/// shard of the N is there, once.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  for i in 1 2 3 4; do backtrack sudoku --shard $i/4 --format json -f FILE > shard$i.json; done
  backtrack merge shard*.json
  parallel backtrack sudoku --shard {}/4 --format json -f FILE ::: 1 2 3 4 | backtrack merge
  parallel backtrack cover --count --shard {}/16 FILE ::: $(seq 16) | backtrack merge

Exit status: the highest of the answers' (0 solved, 1 no solution, 2 bad input, 3 stopped);
3 also when a shard is missing, repeated, or stopped at its budget; 2 for a line that is not
a shard's JSON.")]
pub struct Args {
    /// The shards' output: files, or `-` for standard input (the default).
    files: Vec<PathBuf>,
}

pub fn run(args: Args) -> io::Result<Status> {
    let sources: Vec<Source> = if args.files.is_empty() {
        vec![Source::Stdin]
    } else {
        args.files.iter().map(|f| Source::of(f)).collect()
    };
    // The answers as the shards wrote them (their own bytes), with their line numbers.
    let mut answers: Vec<(u64, String)> = Vec::new();
    let mut total = Map::new();
    let mut shards: Vec<String> = Vec::new();
    // Each shard's own summary: kept in the merged one, so that a count can be checked
    // shard by shard.
    let mut parts: Vec<Map<String, Value>> = Vec::new();
    let mut status = Status::Solved;
    for source in &sources {
        let reader = match source.open() {
            Ok(reader) => reader,
            Err(e) => {
                eprintln!("error: {e}");
                return Ok(Status::BadInput);
            }
        };
        for (number, line) in reader.lines().enumerate() {
            let line = match line {
                Ok(line) => line,
                // Not text, or not a file: a fault of the input, not of the output.
                Err(e) => {
                    eprintln!("error: cannot read {source}, line {}: {e}", number + 1);
                    return Ok(Status::BadInput);
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            let value: Value = match serde_json::from_str(&line) {
                Ok(value) => value,
                Err(e) => {
                    eprintln!(
                        "error: {source}, line {}: not JSON ({e}): merge reads --format json",
                        number + 1
                    );
                    return Ok(Status::BadInput);
                }
            };
            if let Some(Value::Object(summary)) = value.get("summary") {
                if let Some(Value::String(shard)) = summary.get("shard") {
                    shards.push(shard.clone());
                }
                parts.push(summary.clone());
            } else if let Some(at) = value.get("line").and_then(Value::as_u64) {
                status = status.max(verdict(&value));
                answers.push((at, line));
            } else {
                eprintln!("error: {source}, line {}: neither an answer nor a summary", number + 1);
                return Ok(Status::BadInput);
            }
        }
    }
    if let Err(why) = one_run(&parts) {
        eprintln!("error: {why}");
        return Ok(Status::BadInput);
    }
    parts.sort_by_key(|part| part.get("shard").and_then(Value::as_str).map(shard_index));
    for part in &parts {
        add(&mut total, part);
    }
    answers.sort_by_key(|(line, _)| *line);
    let (complete, missing) = coverage(&shards);
    if let Some(why) = &missing {
        eprintln!("incomplete: {why}");
    }
    let stopped = total.get("stopped").and_then(Value::as_u64).unwrap_or(0);
    total.remove("shard");
    total.insert("shards".into(), Value::from(shards.len()));
    total.insert("parts".into(), Value::Array(parts.into_iter().map(Value::Object).collect()));
    total.insert("complete".into(), Value::from(complete && stopped == 0));
    if !complete || stopped > 0 {
        status = status.max(Status::Stopped);
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (_, answer) in &answers {
        writeln!(out, "{answer}")?;
    }
    let mut last = Map::new();
    last.insert("summary".into(), Value::Object(total));
    data_line(&mut out, &Value::Object(last))?;
    out.flush()?;
    Ok(status)
}

/// Add the counters of one shard's summary into `total`: numbers add up (but the deepest level
/// and the wall time, which are the largest), lists (nodes per level) add up item by item,
/// objects (counters, grades) add up key by key.
fn add(total: &mut Map<String, Value>, summary: &Map<String, Value>) {
    for (key, value) in summary {
        match (total.get_mut(key), value) {
            (Some(Value::Object(sum)), Value::Object(more)) => add(sum, more),
            (Some(sum @ Value::Number(_)), Value::Number(more)) => {
                let (a, b) = (sum.as_f64().unwrap_or(0.0), more.as_f64().unwrap_or(0.0));
                *sum = match key.as_str() {
                    "deepest" | "wall_s" => Value::from(a.max(b)),
                    _ if sum.is_u64() && more.is_u64() => {
                        Value::from(sum.as_u64().unwrap_or(0) + more.as_u64().unwrap_or(0))
                    }
                    _ => Value::from(a + b),
                };
            }
            (Some(Value::Array(sum)), Value::Array(more)) => {
                // Nodes per level: added level by level.
                if sum.len() < more.len() {
                    sum.resize(more.len(), Value::from(0u64));
                }
                for (a, b) in sum.iter_mut().zip(more) {
                    *a = Value::from(a.as_u64().unwrap_or(0) + b.as_u64().unwrap_or(0));
                }
            }
            (None, _) => {
                total.insert(key.clone(), value.clone());
            }
            _ => {} // a string (the shard's name): kept apart
        }
    }
}

/// The run a shard's summary names ([`backtrack::split::Run`]): its command, its input's
/// hash, and the N of its split.
fn run_of(summary: &Map<String, Value>) -> String {
    let text = |key| summary.get(key).and_then(Value::as_str);
    let split = text("shard").and_then(|s| s.split_once('/')).map_or("?", |(_, n)| n);
    let mut run = format!("`{}`", text("run").unwrap_or("a run that does not say"));
    if let Some(input) = text("input") {
        run.push_str(&format!(" on input {input}"));
    }
    format!("{run}, in {split} shards")
}

/// `Err` with what differs when the shards are not all of one run: each run with its shards.
fn one_run(parts: &[Map<String, Value>]) -> Result<(), String> {
    let mut runs: Vec<(String, Vec<&str>)> = Vec::new();
    for part in parts {
        let run = run_of(part);
        let shard = part.get("shard").and_then(Value::as_str).unwrap_or("?");
        match runs.iter_mut().find(|(r, _)| *r == run) {
            Some((_, shards)) => shards.push(shard),
            None => runs.push((run, vec![shard])),
        }
    }
    if runs.len() <= 1 {
        return Ok(());
    }
    let list: Vec<String> = runs
        .iter()
        .map(|(run, shards)| match shards[..] {
            [shard] => format!("shard {shard} is of {run}"),
            _ => format!("shards {} are of {run}", shards.join(", ")),
        })
        .collect();
    Err(format!("the shards are of {} different runs, not to be added up: {}", runs.len(), list.join("; ")))
}

/// The I of `I/N`, for order.
fn shard_index(shard: &str) -> u64 {
    shard.split_once('/').and_then(|(i, _)| i.parse().ok()).unwrap_or(u64::MAX)
}

/// Whether the shards are 1/N ... N/N, each once; if not, what is wrong.
fn coverage(shards: &[String]) -> (bool, Option<String>) {
    let parsed: Vec<(u64, u64)> = shards
        .iter()
        .filter_map(|s| s.split_once('/').and_then(|(i, n)| Some((i.parse().ok()?, n.parse().ok()?))))
        .collect();
    let Some(&(_, n)) = parsed.first() else {
        return (false, Some("no shard's summary (run the shards with --format json)".into()));
    };
    if parsed.len() != shards.len() || parsed.iter().any(|&(_, m)| m != n) {
        return (false, Some(format!("the shards are not all of one split: {}", shards.join(", "))));
    }
    let seen: BTreeSet<u64> = parsed.iter().map(|&(i, _)| i).collect();
    if seen.len() != parsed.len() {
        return (false, Some(format!("a shard is there twice: {}", shards.join(", "))));
    }
    let missing: Vec<String> = (1..=n).filter(|i| !seen.contains(i)).map(|i| format!("{i}/{n}")).collect();
    if !missing.is_empty() {
        return (false, Some(format!("missing {}", missing.join(", "))));
    }
    (true, None)
}

/// The exit status an answer asks for.
fn verdict(answer: &Value) -> Status {
    match answer.get("verdict").and_then(Value::as_str) {
        Some("no_solution") => Status::NoSolution,
        Some("invalid") => Status::BadInput,
        Some("stopped") => Status::Stopped,
        _ => Status::Solved,
    }
}
