//! Output into a pipe that the reader closes early (`| head`): the programs end quietly with
//! status 0, as Unix tools do, and never panic (`println!` panics on a closed pipe).

use std::io::{Read, Write};
use std::process::{Command, Stdio};

/// Run `command`, read the first `first` bytes of its output, close the pipe, then send `input`
/// to its standard input and wait: its exit status and standard error.
fn into_closed_pipe(mut command: Command, first: usize, input: &str) -> (Option<i32>, String) {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program runs");
    let mut stdout = child.stdout.take().unwrap();
    stdout.read_exact(&mut vec![0; first]).expect("some output first");
    drop(stdout);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Run `command`, read the first bytes of its output, close the pipe, and wait. The output
/// asked of each command is megabytes, far more than a pipe holds, so the command is still
/// writing when the pipe closes.
fn closed_early(command: Command) -> (Option<i32>, String) {
    into_closed_pipe(command, 100, "")
}

/// Run `command` with its output going into a pipe whose reader is gone before it writes:
/// every write fails, whatever its size.
///
/// The reader is dropped as soon as the program has started. The command line reads its
/// puzzle from `input` on standard input, sent after that, so it cannot write first. An
/// example under `cargo run` starts tens of milliseconds after the drop; were it ever to write
/// first, the write would succeed and the test pass: it cannot fail by chance.
fn closed_before(command: Command, input: &str) -> (Option<i32>, String) {
    into_closed_pipe(command, 0, input)
}

#[test]
fn the_command_line_ends_quietly_when_its_reader_has_had_enough() {
    // 100,000 solutions of the empty grid, 82 bytes each.
    let mut command = Command::new(env!("CARGO_BIN_EXE_backtrack"));
    command.args(["sudoku", "--all", "--limit", "100000", "--format", "line", &".".repeat(81)]);
    let (code, stderr) = closed_early(command);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, "");
}

#[test]
fn the_examples_end_quietly_when_their_reader_has_had_enough() {
    // 14,200 boards of 12 queens (about 4 MB); a 300×300 knight's tour drawn as text (0.5 MB).
    for (example, args) in [("queens", &["12", "--all"][..]), ("knights_tour", &["300"])] {
        let mut command = Command::new(env!("CARGO"));
        command
            .args(["run", "-q", "--example", example, "--"])
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        let (code, stderr) = closed_early(command);
        assert_eq!(code, Some(0), "{example}: {stderr}");
        assert!(!stderr.contains("panicked"), "{example}: {stderr}");
    }
}

#[test]
fn a_short_answer_into_a_closed_pipe_ends_quietly_too() {
    // A page of output fits in a pipe, so only a pipe closed from the start is sure to refuse it.
    let mut command = Command::new(env!("CARGO_BIN_EXE_backtrack"));
    command.args(["sudoku", "--explain", "-"]);
    let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let (code, stderr) = closed_before(command, puzzle);
    assert_eq!(code, Some(0), "the command line: {stderr}");
    assert!(!stderr.contains("panicked"), "the command line: {stderr}");
    for example in ["sudoku", "own_technique", "queens", "knights_tour"] {
        let mut command = Command::new(env!("CARGO"));
        command.args(["run", "-q", "--example", example]).current_dir(env!("CARGO_MANIFEST_DIR"));
        let (code, stderr) = closed_before(command, "");
        assert_eq!(code, Some(0), "{example}: {stderr}");
        assert!(!stderr.contains("panicked"), "{example}: {stderr}");
    }
}
