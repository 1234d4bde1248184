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

/// Run the command line with `args` (and `input` on standard input), let `read` take what it
/// wants of its output, then read its peak memory (Linux's VmHWM) and close the pipe: the peak
/// in kB, and whether it then ended within a minute (it is killed if not: the test cannot hang).
#[cfg(target_os = "linux")]
fn peak_after(args: &[&str], input: &str, read: impl FnOnce(&mut dyn std::io::BufRead)) -> (u64, bool) {
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_backtrack"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the program runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    read(&mut stdout);
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let peak = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc");
    drop(stdout);
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        if child.try_wait().unwrap().is_some() {
            return (peak, true);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    let _ = child.wait();
    (peak, false)
}

/// Read `lines` lines, or `bytes` bytes when `lines` is 0.
#[cfg(target_os = "linux")]
fn take(lines: usize, bytes: usize) -> impl FnOnce(&mut dyn std::io::BufRead) {
    move |out| {
        if lines == 0 {
            out.read_exact(&mut vec![0; bytes]).expect("that much output");
        }
        let mut line = String::new();
        for _ in 0..lines {
            line.clear();
            assert!(out.read_line(&mut line).unwrap() > 0, "the output ended early");
        }
    }
}

/// The most a listing may take, in kB: one search's tables and buffers, far below what the
/// solutions read would take were they kept.
#[cfg(target_os = "linux")]
const FLAT: u64 = 40_000;

#[cfg(target_os = "linux")]
#[test]
fn a_listing_streams_in_flat_memory_and_ends_with_its_reader() {
    // The empty grid has 6.67×10^21 solutions. The 300,000 read here, kept, would take
    // hundreds of megabytes (a board is over a kilobyte).
    let empty = ".".repeat(81);
    for solver in ["bitboard", "dlx", "backtrack"] {
        for format in ["line", "json", "grid"] {
            let mut args = vec!["sudoku", "--all", "--solver", solver, "--format", format, &empty];
            if solver == "backtrack" {
                args.extend(["--order", "fewest"]);
            }
            // A JSON answer is one line, its solutions first: 24 MB of it. A grid is 13 lines.
            let read = match format {
                "json" => take(0, 300_000 * 84),
                "grid" => take(300_000 * 13, 0),
                _ => take(300_000, 0),
            };
            let (peak, ended) = peak_after(&args, "", read);
            assert!(peak < FLAT, "{args:?}: a peak of {peak} kB");
            assert!(ended, "{args:?}: still running a minute after its reader left");
        }
    }
    // A batch lists each line's solutions as they are found too (one thread, in line order).
    let batch = format!("{}\n{empty}\n", ".".repeat(16));
    for format in ["line", "json"] {
        let args = ["sudoku", "--all", "--format", format, "-"];
        // The 4×4 grid's 288 solutions, then the empty 9×9 grid's (in JSON, 24 MB of them).
        let read = if format == "json" { take(0, 300_000 * 80) } else { take(300_000, 0) };
        let (peak, ended) = peak_after(&args, &batch, read);
        assert!(peak < FLAT, "{args:?}: a peak of {peak} kB");
        assert!(ended, "{args:?}: still running a minute after its reader left");
    }
    // A matrix with 2^30 solutions: thirty items, each with two options that cover it alone.
    let mut matrix: String = (1..=30).map(|i| format!("x{i} ")).collect();
    matrix.push('\n');
    for i in 1..=30 {
        matrix.push_str(&format!("x{i}\nx{i}\n"));
    }
    for format in ["text", "json"] {
        let args = ["cover", "--all", "--format", format, "-"];
        // Text: 31 lines a solution (its options, a blank line); JSON: 150 bytes and more.
        let read = if format == "json" { take(0, 300_000 * 150) } else { take(300_000 * 31, 0) };
        let (peak, ended) = peak_after(&args, &matrix, read);
        assert!(peak < FLAT, "{args:?}: a peak of {peak} kB");
        assert!(ended, "{args:?}: still running a minute after its reader left");
    }
}
