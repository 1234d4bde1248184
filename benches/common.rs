//! Shared by the bench programs.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Run `f` `runs` times; its answer (the same every run) and the best time.
#[allow(dead_code)] // not every bench times this way
pub fn best_of<T: PartialEq + std::fmt::Debug>(runs: usize, mut f: impl FnMut() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut answer = None;
    for _ in 0..runs {
        let start = Instant::now();
        let a = black_box(f());
        best = best.min(start.elapsed());
        if let Some(previous) = &answer {
            assert_eq!(previous, &a, "the same answer each run");
        }
        answer = Some(a);
    }
    (answer.expect("at least one run"), best)
}

/// A path given on the command line: the data folder, or one file of it. One that does not
/// exist ends the bench with an error (status 2), as a typo should, before any row is printed.
#[allow(dead_code)] // not every bench reads data
pub fn given_path(arg: &str) -> std::path::PathBuf {
    let path = std::path::PathBuf::from(arg);
    if !path.exists() {
        eprintln!(
            "error: {arg}: no such file or folder (the data folder, e.g. ../shared/data, or a file of it)"
        );
        std::process::exit(2);
    }
    path
}

/// The Sudoku sets of `sets` that are in the folder `path` (those whose name holds `only`, if
/// given), each with its name, its text and its boards, in order; a set not there is skipped
/// with a word on standard error, and none there at all ends the bench with an error (status 2).
/// A file for `path` is the one set, named by its file name (a list kept elsewhere, one puzzle a
/// line).
#[allow(dead_code)] // not every bench reads Sudoku sets
pub fn sudoku_sets(
    path: &std::path::Path,
    sets: &[&str],
    only: Option<&str>,
) -> Vec<(String, String, Vec<backtrack::sudoku::Board>)> {
    let (dir, names): (&std::path::Path, Vec<String>) = match path.file_name() {
        Some(name) if path.is_file() => {
            (path.parent().unwrap_or(std::path::Path::new("")), vec![name.to_string_lossy().into_owned()])
        }
        _ => (path, sets.iter().map(|set| set.to_string()).collect()),
    };
    let mut found = Vec::new();
    for set in names.into_iter().filter(|set| only.is_none_or(|o| set.contains(o))) {
        let Ok(text) = std::fs::read_to_string(dir.join(&set)) else {
            eprintln!("skipping {set}: not in {}", dir.display());
            continue;
        };
        let boards = text.lines().map(|l| l.parse().expect("the sets parse")).collect();
        found.push((set, text, boards));
    }
    if found.is_empty() {
        let which = only.map_or(String::new(), |o| format!(" named like '{o}'"));
        eprintln!("error: no set{which} in {} (give the data folder as the argument)", path.display());
        std::process::exit(2);
    }
    found
}
