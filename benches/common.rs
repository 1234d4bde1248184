//! Shared by the bench programs.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Run `f` `runs` times; its answer (the same every run) and the best time.
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
