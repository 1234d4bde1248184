//! Shards of a Sudoku batch: `--shard I/N` solves the lines I, I + N, ...; `backtrack merge`
//! puts the answers back in input order and adds the counters up. The N shards together are
//! the whole batch: the same answers, the same counters.

mod common;

use common::{run_backtrack, text};
use serde_json::Value;
use std::process::Command;

const SET: &str = "tests/data/top1465_sample.txt";

fn shard(i: u64, n: u64, extra: &[&str]) -> String {
    let spec = format!("{i}/{n}");
    let args = [
        &[
            "sudoku", "-f", SET, "--count", "--limit", "2", "--jobs", "1", "--format", "json", "--shard",
            &spec,
        ][..],
        extra,
    ]
    .concat();
    let out = run_backtrack(&args, b"");
    // Solved, or stopped (3) when a budget is given.
    let expected = if extra.is_empty() { 0 } else { 3 };
    assert_eq!(out.status.code(), Some(expected), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// The answers without their times (which differ from run to run), and the summary.
fn split(output: &str) -> (Vec<Value>, Value) {
    let mut answers = Vec::new();
    let mut summary = Value::Null;
    for line in output.lines() {
        let mut value: Value = serde_json::from_str(line).unwrap();
        if let Some(s) = value.get("summary") {
            summary = s.clone();
        } else {
            value.as_object_mut().unwrap().remove("time_ms");
            answers.push(value);
        }
    }
    (answers, summary)
}

fn merge(input: &str, files: &[&str]) -> (Option<i32>, String, String) {
    let out = run_backtrack(&[&["merge"][..], files].concat(), input.as_bytes());
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn the_shards_together_are_the_whole_batch() {
    let whole = run_backtrack(
        &["sudoku", "-f", SET, "--count", "--limit", "2", "--jobs", "1", "--format", "json", "--stats"],
        b"",
    );
    let (whole_answers, whole_summary) = split(&text(&whole.stdout));
    let shards: Vec<String> = (1..=3).map(|i| shard(i, 3, &[])).collect();
    for (i, output) in shards.iter().enumerate() {
        let (answers, summary) = split(output);
        assert_eq!(summary["shard"], format!("{}/3", i + 1));
        for answer in &answers {
            assert_eq!((answer["line"].as_u64().unwrap() - 1) % 3, i as u64, "each shard its own lines");
        }
    }
    // Given out of order: merge orders the answers by their lines.
    let (code, merged, err) = merge(&[&shards[2][..], &shards[0], &shards[1]].concat(), &[]);
    assert_eq!(code, Some(0), "{err}");
    let (answers, summary) = split(&merged);
    assert_eq!(answers, whole_answers);
    for key in ["lines", "puzzles", "solved", "no_solution", "invalid", "stopped"] {
        assert_eq!(summary[key], whole_summary[key], "{key}");
    }
    assert_eq!(summary["counters"], whole_summary["counters"]);
    assert_eq!((summary["shards"].as_u64(), summary["complete"].as_bool()), (Some(3), Some(true)));
}

#[test]
fn a_missing_or_repeated_shard_makes_the_total_incomplete() {
    let (one, two) = (shard(1, 3, &[]), shard(2, 3, &[]));
    let (code, merged, err) = merge(&[&one[..], &two].concat(), &[]);
    assert_eq!(code, Some(3));
    assert!(err.contains("missing 3/3"), "{err}");
    assert_eq!(split(&merged).1["complete"], false);
    let (code, _, err) = merge(&[&one[..], &one, &two].concat(), &[]);
    assert_eq!(code, Some(3));
    assert!(err.contains("twice"), "{err}");
    // A shard that stopped at its budget makes the total incomplete too.
    let stopped = shard(3, 3, &["--max-nodes", "1"]);
    let (code, merged, _) = merge(&[&one[..], &two, &stopped].concat(), &[]);
    assert_eq!(code, Some(3));
    assert_eq!(split(&merged).1["complete"], false);
}

#[test]
fn bad_lines_keep_their_own_numbers_and_merge_refuses_what_is_not_json() {
    let input = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
                 # a comment\n\
                 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....x\n\
                 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let out = run_backtrack(&["sudoku", "-", "--shard", "1/2", "--format", "json"], input.as_bytes());
    assert_eq!(out.status.code(), Some(2), "line 3 is bad");
    let (answers, summary) = split(&text(&out.stdout));
    let lines: Vec<u64> = answers.iter().map(|a| a["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [1, 3]);
    assert_eq!(answers[1]["verdict"], "invalid");
    assert!(answers[1]["reason"].as_str().unwrap().starts_with("line 3, column 81"), "{}", answers[1]);
    assert_eq!(summary["invalid"], 1);
    let (code, _, err) = merge("solved\n", &[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("line 1: not JSON"), "{err}");
    let refused = run_backtrack(
        &[
            "sudoku",
            "--shard",
            "1/2",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ],
        b"",
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains("--shard splits a batch"));
}

#[test]
fn gnu_parallel_runs_the_shards() {
    // CI installs GNU parallel (Debian package `parallel`); without it the same shards run one
    // after the other through the shell, and the merge is checked the same way.
    let have = Command::new("parallel").arg("--version").output().is_ok_and(|o| o.status.success());
    let bin = env!("CARGO_BIN_EXE_backtrack");
    let shards = format!("{bin} sudoku -f {SET} --count --limit 2 --jobs 1 --format json --shard");
    let script = if have {
        format!("parallel --will-cite '{shards} {{}}/4' ::: 1 2 3 4 | {bin} merge")
    } else {
        eprintln!("GNU parallel is not installed: running the shards one after the other");
        format!("for i in 1 2 3 4; do {shards} $i/4; done | {bin} merge")
    };
    let out =
        Command::new("bash").arg("-c").arg(&script).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (answers, summary) = split(&text(&out.stdout));
    let puzzles =
        std::fs::read_to_string(format!("{}/{SET}", env!("CARGO_MANIFEST_DIR"))).unwrap().lines().count();
    assert_eq!(answers.len(), puzzles);
    assert!(answers.iter().enumerate().all(|(i, a)| a["line"] == i as u64 + 1 && a["count"] == 1));
    assert_eq!((summary["shards"].as_u64(), summary["complete"].as_bool()), (Some(4), Some(true)));
}
