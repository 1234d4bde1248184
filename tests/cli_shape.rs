//! The command line's shape: JSON read back, streaming batches, real-world files, budgets, and
//! the combinations it refuses.

mod common;

use common::*;
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

fn backtrack(args: &[&str], stdin: &[u8]) -> Output {
    run_backtrack(args, stdin)
}

fn json_lines(out: &Output) -> Vec<Value> {
    text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

const EMPTY: &str = ".................................................................................";

#[test]
fn json_lines_for_a_batch_read_back() {
    let serg = puzzles(SERG).next().unwrap();
    let puzzles: Vec<&str> = puzzles(TOP95).take(3).collect();
    let input = format!("{}\n12x\n{}\n{serg}\n", puzzles[0], puzzles[1]);
    for solver in ["bitboard", "dlx", "backtrack", "logic"] {
        let out =
            backtrack(&["sudoku", "--format", "json", "--stats", "--solver", solver, "-"], input.as_bytes());
        assert_eq!(out.status.code(), Some(2), "an invalid line: {}", text(&out.stderr));
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 5, "four puzzles and the summary");
        for (i, &line) in [0usize, 2, 3].iter().enumerate() {
            let report = &lines[line];
            assert_eq!(report["line"], line as u64 + 1);
            assert_eq!(report["verdict"], "solved");
            let solution = report["solutions"][0].as_str().unwrap();
            check_solution([puzzles[0], puzzles[1], serg][i], solution).unwrap();
        }
        assert_eq!(lines[0]["unique"], true, "{solver}");
        assert_eq!(lines[3]["unique"], false, "{solver}: serg puzzles have more than one solution");
        assert_eq!(lines[1]["verdict"], "invalid");
        assert_eq!(lines[1]["reason"], "line 2, column 3: 'x' is not a digit or an empty mark");
        let summary = &lines[4]["summary"];
        assert_eq!((summary["lines"].as_u64(), summary["solved"].as_u64()), (Some(4), Some(3)));
        assert_eq!(summary["invalid"], 1);
        if solver == "logic" {
            assert!(lines[0]["grade"]["grade"].is_string());
            assert_eq!(lines[0]["grade"]["score"].as_f64().map(|s| s * 10.0 % 1.0 < 1e-9), Some(true));
        }
    }
}

#[test]
fn json_for_single_puzzles_and_the_learners_modes() {
    let puzzle = puzzles(TOP95).next().unwrap();
    let out = backtrack(&["sudoku", "--format", "json", puzzle], b"");
    let report = &json_lines(&out)[0];
    check_solution(puzzle, report["solutions"][0].as_str().unwrap()).unwrap();
    assert!(report["counters"]["guesses"].is_u64());

    let out = backtrack(&["sudoku", "--count", "--format", "json", "--solver", "dlx", puzzle], b"");
    assert_eq!(json_lines(&out)[0]["count"], 1);

    let out = backtrack(&["sudoku", "--explain", "--format", "json", puzzle], b"");
    let explained = &json_lines(&out)[0];
    let steps = explained["steps"].as_array().unwrap();
    assert!(steps.len() > 10 && steps.iter().all(|s| s["sentence"].is_string()));
    check_solution(puzzle, explained["solution"].as_str().unwrap()).unwrap();

    let out = backtrack(&["sudoku", "--hint=2", "--format", "json", puzzle], b"");
    assert_eq!(json_lines(&out)[0]["technique"], "hidden single");

    let out = backtrack(&["sudoku", "--compare", "--format", "json", puzzle], b"");
    assert_eq!(json_lines(&out)[0]["solvers"].as_array().unwrap().len(), 6);

    let out = backtrack(&["sudoku", "--estimate", "--format", "json", "--order", "fewest", puzzle], b"");
    assert!(json_lines(&out)[0]["search"]["nodes"].as_u64().unwrap() > 1);

    let queens8 = include_str!("data/queens8.dlx");
    let out = backtrack(&["cover", "--count", "--format", "json", "-"], queens8.as_bytes());
    let report = &json_lines(&out)[0];
    assert_eq!((report["count"].as_u64(), report["nodes"].as_u64()), (Some(92), Some(1049)));
}

#[test]
fn real_world_files() {
    let puzzles: Vec<&str> = common::puzzles(TOP95).take(2).collect();
    let short = &puzzles[0][..80];
    let mut input = b"\xef\xbb\xbf".to_vec(); // a byte-order mark
    input.extend(format!("{}\r\n\n# a comment\n   \n", puzzles[0]).bytes());
    input.extend(short.bytes());
    input.extend(b"\xff\n"); // not UTF-8
    input.extend(format!("{}\n", puzzles[1]).bytes());
    let out = backtrack(&["sudoku", "-"], &input);
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "blank and comment lines are skipped: {stdout}");
    check_solution(puzzles[0], lines[0]).unwrap();
    assert_eq!(lines[1], "invalid");
    check_solution(puzzles[1], lines[2]).unwrap();
    assert_eq!(
        text(&out.stderr),
        "line 5: not UTF-8 text (byte 81)\n",
        "the line once, the input's own number"
    );

    // Nine lines of 80 cells are nine bad lines, not one bad grid.
    let nine = format!("{short}\n").repeat(9);
    let out = backtrack(&["sudoku", "-"], nine.as_bytes());
    assert_eq!(text(&out.stdout), "invalid\n".repeat(9));
    assert!(text(&out.stderr).starts_with("line 1: 80 cells, expected 81\nline 2: 80 cells"));
    assert_eq!(out.status.code(), Some(2));

    let out = backtrack(&["sudoku", "-"], b"\n# nothing here\n");
    assert_eq!(
        (out.status.code(), text(&out.stderr).as_str()),
        (Some(2), "error: the input holds no puzzle\n")
    );
}

#[test]
fn a_batch_streams_its_first_answer_before_the_input_ends() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_backtrack"))
        .args(["sudoku", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let puzzle = puzzles(TOP95).next().unwrap();
    writeln!(stdin, "{puzzle}").unwrap();
    stdin.flush().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (send, first) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = send.send(line);
    });
    // Standard input is still open: the answer must come anyway.
    let answer = first.recv_timeout(Duration::from_secs(60));
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    let answer = answer.expect("the first answer came while the input was still open");
    check_solution(puzzle, answer.trim_end()).unwrap();
}

#[test]
fn budgets_stop_with_their_own_exit_status() {
    for solver in ["bitboard", "dlx", "backtrack"] {
        let out = backtrack(&["sudoku", "--count", "--max-nodes", "50", "--solver", solver, EMPTY], b"");
        assert_eq!(out.status.code(), Some(3), "{solver}");
        assert!(text(&out.stderr).contains("stopped at --max-nodes 50"), "{}", text(&out.stderr));
        let out = backtrack(
            &["sudoku", "--all", "--timeout", "0.05", "--solver", solver, "--format", "line", EMPTY],
            b"",
        );
        assert_eq!(out.status.code(), Some(3), "{solver}");
        for solution in text(&out.stdout).lines() {
            check_solution(EMPTY, solution).unwrap();
        }
    }
    // The stop is not "no solution": a batch says "stopped" for that line and solves the rest.
    let hard = puzzles(TOP95).next().unwrap();
    let input = format!("{EMPTY}\n{hard}\n");
    let out =
        backtrack(&["sudoku", "--count", "--max-nodes", "5", "--solver", "backtrack", "-"], input.as_bytes());
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(text(&out.stdout).lines().next(), Some("stopped"));
    // A count stopped after one solution of several says it in the singular (the driver
    // with propagation finds the first of this puzzle's within 80 nodes, the second later).
    let several = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........";
    let out = backtrack(&["sudoku", "--count", "--solver", "backtrack", "--max-nodes", "80", several], b"");
    assert_eq!((out.status.code(), text(&out.stdout).trim()), (Some(3), "1"));
    assert!(text(&out.stderr).contains("(at least 1 solution)"), "{}", text(&out.stderr));

    // The logic solver too: its steps are the nodes, those of its trials included. A puzzle of
    // serg's (several solutions: the solver guesses, and guesses inside its guesses) stops; in a
    // batch, the next line is still solved.
    let serg = puzzles(SERG).next().unwrap();
    let out = backtrack(&["sudoku", "--solver", "logic", "--max-nodes", "50", serg], b"");
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stdout).ends_with("stopped\n"), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("stopped at --max-nodes 50"), "{}", text(&out.stderr));
    let out = backtrack(&["sudoku", "--explain", "--timeout", "0.0001", serg], b"");
    assert_eq!(out.status.code(), Some(3));
    assert!(
        text(&out.stdout).ends_with("stopped: the budget ran out (47 cells empty)\n"),
        "{}",
        text(&out.stdout)
    );
    let input = format!("{serg}\n{hard}\n");
    let out = backtrack(&["sudoku", "--solver", "logic", "--max-nodes", "500", "-"], input.as_bytes());
    assert_eq!(out.status.code(), Some(3));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines[0], "stopped");
    check_solution(hard, lines[1].split_whitespace().next().unwrap()).unwrap();

    let queens12 = include_str!("data/queens12.dlx");
    let out = backtrack(&["cover", "--count", "--max-nodes", "100", "-"], queens12.as_bytes());
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stderr).contains("stopped at --max-nodes 100:"), "{}", text(&out.stderr));
    let out = backtrack(&["cover", "--count", "--timeout", "0.001", "--jobs", "1", "-"], queens12.as_bytes());
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stderr).contains("stopped at --timeout 0.001:"), "{}", text(&out.stderr));
    // With several bounds, the one met: updates long before a minute and a billion nodes.
    let out = backtrack(
        &["cover", "--count", "--max-updates", "1000", "--max-nodes", "1000000000", "--timeout", "60", "-"],
        queens12.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stderr).contains("stopped at --max-updates 1000:"), "{}", text(&out.stderr));
}

#[test]
fn a_search_with_both_bounds_names_the_one_it_met() {
    // Fifty nodes come long before a minute; ten billion nodes (hours) long after 50 ms.
    for solver in ["bitboard", "dlx", "backtrack"] {
        let out = backtrack(
            &["sudoku", "--count", "--max-nodes", "50", "--timeout", "60", "--solver", solver, EMPTY],
            b"",
        );
        assert_eq!(out.status.code(), Some(3), "{solver}");
        let err = text(&out.stderr);
        assert!(err.contains("stopped at --max-nodes 50") && !err.contains("--timeout"), "{solver}: {err}");
        let out = backtrack(
            &[
                "sudoku",
                "--count",
                "--max-nodes",
                "10000000000",
                "--timeout",
                "0.05",
                "--solver",
                solver,
                EMPTY,
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(3), "{solver}");
        let err = text(&out.stderr);
        assert!(err.contains("stopped at --timeout 0.05") && !err.contains("--max-nodes"), "{solver}: {err}");
    }
    // The logic solver's steps (a puzzle of serg's with several solutions: it guesses, and
    // guesses inside its guesses, past 50 steps and past 0.1 ms).
    let serg = puzzles(SERG).next().unwrap();
    let out = backtrack(&["sudoku", "--solver", "logic", "--max-nodes", "50", "--timeout", "60", serg], b"");
    let err = text(&out.stderr);
    assert!(err.contains("stopped at --max-nodes 50") && !err.contains("--timeout"), "{err}");
    let out = backtrack(
        &["sudoku", "--solver", "logic", "--max-nodes", "10000000000", "--timeout", "0.0001", serg],
        b"",
    );
    let err = text(&out.stderr);
    assert!(err.contains("stopped at --timeout 0.0001") && !err.contains("--max-nodes"), "{err}");
    // --estimate's real search: a 17-clue puzzle with two or three clues taken out has a tree
    // of millions or hundreds of millions of nodes (Knuth's estimate: 5·10^6 and 2·10^8).
    let seventeen = puzzles(SEVENTEEN).next().unwrap();
    let without = |clues: usize| {
        let mut taken = 0;
        seventeen
            .chars()
            .map(|c| match c {
                '1'..='9' if taken < clues => {
                    taken += 1;
                    '.'
                }
                c => c,
            })
            .collect::<String>()
    };
    let out =
        backtrack(&["sudoku", "--estimate", "--max-nodes", "100000", "--timeout", "60", &without(2)], b"");
    assert!(
        text(&out.stdout).contains("search:   stopped at its bound of 100000 nodes"),
        "{}",
        text(&out.stdout)
    );
    let out = backtrack(&["sudoku", "--estimate", "--timeout", "0.05", &without(3)], b"");
    assert!(
        text(&out.stdout).contains("search:   stopped at --timeout 0.05 after "),
        "{}",
        text(&out.stdout)
    );
    let out = backtrack(&["sudoku", "--estimate", "--timeout", "0.05", "--format", "json", &without(3)], b"");
    let report: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(report["search"]["stopped"], true, "{report}");
    assert_eq!(report["search"]["timed_out"], true, "{report}");
    assert!(report["search"]["nodes"].as_u64().unwrap() < 20_000_000, "{report}");
}

#[test]
fn watching_a_batch_never_turns_a_solution_into_none() {
    let input: String = puzzles(TOP95).take(2).map(|p| format!("{p}\n")).collect();
    let out = backtrack(
        &["sudoku", "--trace", "--limit", "3", "--order", "fewest", "--format", "line", "-"],
        input.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let answers: Vec<&str> = stdout.lines().filter(|l| l.len() == 81).collect();
    assert_eq!(answers.len(), 2, "{stdout}");
    for (p, s) in puzzles(TOP95).zip(answers) {
        check_solution(p, s).unwrap();
    }
    assert_eq!(stdout.matches("(the trace stopped at --limit 3; the search went on)").count(), 2);
}

#[test]
fn nonsense_is_refused_with_a_reason() {
    for (args, reason) in [
        (&["--compare", "-"][..], "--compare looks at one puzzle; the input holds 2"),
        (&["--explain", "--solver", "dlx"], "--explain and --hint are the logic solver's"),
        (&["--estimate", "--solver", "dlx"], "--estimate measures the driver's tree"),
        (&["--tree", "t.png"], "the tree is written as Graphviz DOT"),
        (&["--tree", "t.dot", "-"], "--tree looks at one puzzle; the input holds 2"),
        (&["--count", "--limit", "0"], "--limit 0 asks for no solution"),
        (&["--estimate", "--probes", "0"], "'0' for '--probes <N>': give 1 or more"),
    ] {
        let two: String = puzzles(TOP95).take(2).map(|p| format!("{p}\n")).collect();
        let out = backtrack(&[&["sudoku"][..], args].concat(), two.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains(reason), "{args:?}: {}", text(&out.stderr));
    }
    let out = backtrack(&["sudoku", "--jobs", "0", "-"], b"");
    assert_eq!(out.status.code(), Some(2));
    // The hint's level is written with `=`, so the puzzle may follow `--hint`.
    let puzzle = puzzles(TOP95).next().unwrap();
    let out = backtrack(&["sudoku", "--hint", puzzle], b"");
    assert_eq!(text(&out.stdout), "hidden single: 4 can only go in r6c2 in box 4\n");
    // One puzzle on standard input is fine for a mode that looks at one.
    let out = backtrack(&["sudoku", "--hint=1", "-"], format!("{puzzle}\n").as_bytes());
    assert_eq!(text(&out.stdout), "try: hidden single\n");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_backtrack"))
        .args(["sudoku", "--jobs", "1", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let puzzle = puzzles(EASY50).next().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for _ in 0..20_000 {
            if writeln!(stdin, "{puzzle}").is_err() {
                break;
            }
        }
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap(); // then close it
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    check_solution(puzzle, first.trim_end()).unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn the_examples_answer_help() {
    for (example, usage) in
        [("queens", "N queens"), ("knights_tour", "A knight's tour"), ("sudoku", "usage: sudoku")]
    {
        let out = Command::new(env!("CARGO"))
            .args(["run", "-q", "--example", example, "--", "--help"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{example}: {}", text(&out.stderr));
        assert!(text(&out.stdout).starts_with(usage), "{example}: {}", text(&out.stdout));
    }
}
