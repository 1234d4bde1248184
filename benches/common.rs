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

/// The Sudoku sets of `sets` that are in the folder `path` (those whose name holds `only`, if
/// given), each with its name, its text and its boards, in order; a set not there is skipped
/// with a word on standard error. A file for `path` is the one set, named by its file name (a
/// list kept elsewhere, one puzzle a line).
#[allow(dead_code)] // not every bench reads Sudoku sets
pub fn sudoku_sets(
    path: &std::path::Path,
    sets: &[&str],
    only: Option<&str>,
) -> Vec<(String, String, Vec<backtrack::sudoku::Board>)> {
    if !path.exists() {
        eprintln!("{}: no such file or folder", path.display());
        return Vec::new();
    }
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
    found
}
