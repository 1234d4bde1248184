//! Shared by the integration tests: the fixtures, and a checker that knows only the rules.
#![allow(dead_code)] // each test binary uses its own part

pub const EASY50: &str = include_str!("../data/easy50.txt");
pub const TOP95: &str = include_str!("../data/top95.txt");
pub const HARDEST: &str = include_str!("../data/hardest.txt");
pub const SEVENTEEN: &str = include_str!("../data/17_clue_sample.txt");
pub const TOP1465: &str = include_str!("../data/top1465_sample.txt");
pub const UNBIASED: &str = include_str!("../data/unbiased_sample.txt");
pub const SERG: &str = include_str!("../data/serg_sample.txt");

/// The puzzles of a fixture.
pub fn puzzles(set: &str) -> impl Iterator<Item = &str> {
    set.lines().filter(|l| !l.trim().is_empty())
}

/// Check a solution against the puzzle by the rules alone, on the 81-character strings: every
/// cell a digit, every given kept, each of the 27 houses holding 1 to 9 once. Independent of the
/// crate's board, masks and parser.
pub fn check_solution(puzzle: &str, solution: &str) -> Result<(), String> {
    let p: Vec<char> = puzzle.chars().collect();
    let s: Vec<u8> = solution.bytes().collect();
    if p.len() != 81 || s.len() != 81 {
        return Err(format!("length {} / {}", p.len(), s.len()));
    }
    for i in 0..81 {
        if !(b'1'..=b'9').contains(&s[i]) {
            return Err(format!("cell {i} holds {:?}", s[i] as char));
        }
        if p[i].is_ascii_digit() && p[i] != '0' && p[i] as u8 != s[i] {
            return Err(format!("given {} at cell {i} changed to {}", p[i], s[i] as char));
        }
    }
    let houses = (0..9).flat_map(|k| {
        [
            (0..9).map(|i| k * 9 + i).collect::<Vec<_>>(),
            (0..9).map(|i| i * 9 + k).collect(),
            (0..9).map(|i| (k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3).collect(),
        ]
    });
    for house in houses {
        let mut seen = [false; 10];
        for &i in &house {
            let d = (s[i] - b'0') as usize;
            if std::mem::replace(&mut seen[d], true) {
                return Err(format!("digit {d} twice in house {house:?}"));
            }
        }
    }
    Ok(())
}

/// Run the built command with `args`, `stdin` on its standard input.
pub fn run_backtrack(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_backtrack"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The command may refuse its arguments and end before reading: a closed pipe is no error.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

/// Output as text (the command writes UTF-8).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}
