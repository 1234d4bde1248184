//! Output into a pipe that the reader closes early (`| head`): the programs end quietly with
//! status 0, as Unix tools do, and never panic (`println!` panics on a closed pipe).

use std::io::Read;
use std::process::{Command, Stdio};

/// Run `command`, read the first bytes of its output, close the pipe, and wait: its exit status
/// and standard error. The output asked of each command is megabytes, far more than a pipe holds,
/// so the command is still writing when the pipe closes.
fn closed_early(mut command: Command) -> (Option<i32>, String) {
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the program runs");
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0; 100];
    stdout.read_exact(&mut first).expect("some output first");
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
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

/// Run `command` with its output going into a pipe whose reader is gone before it starts:
/// every write fails, whatever its size. Its exit status and standard error.
fn closed_before(mut command: Command) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = command.stdout(writer).stderr(Stdio::piped()).output().expect("the program runs");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_short_answer_into_a_closed_pipe_ends_quietly_too() {
    // A page of output fits in a pipe, so only a pipe closed from the start is sure to refuse it.
    let mut command = Command::new(env!("CARGO_BIN_EXE_backtrack"));
    command.args([
        "sudoku",
        "--explain",
        &format!(
            "{}.",
            &"417369825632158947958724316825437169791586432346912758289643571573291684164875293"[..80]
        ),
    ]);
    let (code, stderr) = closed_before(command);
    assert_eq!(code, Some(0), "the command line: {stderr}");
    assert!(!stderr.contains("panicked"), "the command line: {stderr}");
    for example in ["sudoku", "own_technique", "queens", "knights_tour"] {
        let mut command = Command::new(env!("CARGO"));
        command.args(["run", "-q", "--example", example]).current_dir(env!("CARGO_MANIFEST_DIR"));
        let (code, stderr) = closed_before(command);
        assert_eq!(code, Some(0), "{example}: {stderr}");
        assert!(!stderr.contains("panicked"), "{example}: {stderr}");
    }
}
