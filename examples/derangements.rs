//! Derangements: the permutations of 1..=n that leave no number in its place (OEIS A000166:
//! 14,833 for n = 8). One slot a position; its generator offers the numbers still free, but
//! never the position's own. The dead ends are where the last free number is the position's.
//!
//! `cargo run --release --example derangements -- 8 --count`, and every tool of
//! `backtrack::run` (`--help` lists them).

use backtrack::{Attempt, Ones, run::Problem, run::Tools};
use clap::Parser;
use std::cell::Cell;
use std::fmt::Display;

/// Permutations of 1..=N with no fixed point.
#[derive(Parser)]
#[command(name = "derangements")]
struct Derangements {
    /// How many numbers, 1 to 32.
    #[arg(value_parser = clap::value_parser!(u8).range(1..=32))]
    n: u8,
    #[command(flatten)]
    tools: Tools,
}

/// The shared state: the numbers taken (bit v for v + 1), and each position's number.
struct Taken {
    used: Cell<u32>,
    at: Vec<Cell<u8>>,
}

impl Problem for Derangements {
    type State = Taken;
    fn name(&self) -> String {
        format!("derangements of {}", self.n)
    }
    fn state(&self) -> Taken {
        Taken { used: Cell::new(0), at: (0..self.n).map(|_| Cell::new(0)).collect() }
    }
    fn slots(&self) -> usize {
        self.n.into()
    }
    fn candidates<'s>(&'s self, s: &'s Taken, place: usize) -> impl Iterator<Item = impl Display + 's> + 's {
        let all = u32::MAX >> (32 - self.n);
        // Free numbers, but not this place's own (number place + 1 is bit `place`).
        Ones((all & !s.used.get() & !(1 << place)) as u64).map(move |v| {
            s.used.set(s.used.get() | 1 << v);
            s.at[place].set(v as u8 + 1);
            Attempt::new(format!("{} at {}", v + 1, place + 1), move |_| s.used.set(s.used.get() & !(1 << v)))
        })
    }
    fn show(&self, s: &Taken) -> Option<String> {
        Some(s.at.iter().map(|v| v.get().to_string()).collect::<Vec<_>>().join(" "))
    }
    fn dead_end(&self, _: &Taken, place: usize) -> String {
        format!("only {} is left for place {}: its own number", place + 1, place + 1)
    }
}

fn main() -> std::process::ExitCode {
    let derangements = Derangements::parse();
    derangements.tools.run(&derangements)
}
