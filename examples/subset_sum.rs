//! Subset sum: the subsets of a list of numbers that add up to a target. With `--squares`, the
//! list is 1, 4, 9, … up to the target, and the count is the number of ways to write the target
//! as a sum of distinct squares (OEIS A033461: 2 for 25 = 25 = 16 + 9). One slot a number,
//! largest first, two candidates each (take it, leave it), each offered only while the target
//! stays within reach: the sum so far plus what is left must reach it, and never pass it.
//!
//! `cargo run --release --example subset_sum -- 100 --squares --count`, or
//! `subset_sum 15 1 2 3 4 5 6 --all`, and every tool of `backtrack::run`.

use backtrack::{Attempt, run::Problem, run::Tools};
use clap::Parser;
use std::cell::Cell;
use std::fmt::Display;

/// Subsets of NUMBERS adding up to TARGET.
#[derive(Parser)]
#[command(name = "subset_sum")]
struct SubsetSum {
    /// The sum to reach.
    target: u64,
    /// The numbers to choose from (each once).
    numbers: Vec<u64>,
    /// Choose from the squares 1, 4, 9, … up to the target.
    #[arg(long, conflicts_with = "numbers")]
    squares: bool,
    #[command(flatten)]
    tools: Tools,
    /// What the numbers after each slot's add up to.
    #[arg(skip)]
    rest: Vec<u64>,
}

/// The shared state: the sum of the numbers taken, and which are.
struct Chosen {
    sum: Cell<u64>,
    taken: Vec<Cell<bool>>,
}

impl Problem for SubsetSum {
    type State = Chosen;
    fn name(&self) -> String {
        format!("subsets adding up to {}", self.target)
    }
    fn state(&self) -> Chosen {
        Chosen { sum: Cell::new(0), taken: (0..self.numbers.len()).map(|_| Cell::new(false)).collect() }
    }
    fn slots(&self) -> usize {
        self.numbers.len()
    }
    fn candidates<'s>(&'s self, s: &'s Chosen, slot: usize) -> impl Iterator<Item = impl Display + 's> + 's {
        let (x, sum, rest) = (self.numbers[slot], s.sum.get(), self.rest[slot]);
        let take = sum + x <= self.target && sum + x + rest >= self.target;
        let leave = sum + rest >= self.target;
        [take.then_some(true), leave.then_some(false)].into_iter().flatten().map(move |taken| {
            s.sum.set(sum + if taken { x } else { 0 });
            s.taken[slot].set(taken);
            let word = if taken { "take" } else { "leave" };
            Attempt::new(format!("{word} {x}"), move |_| {
                s.sum.set(sum);
                s.taken[slot].set(false);
            })
        })
    }
    fn show(&self, s: &Chosen) -> Option<String> {
        let taken = self.numbers.iter().zip(&s.taken).filter(|(_, t)| t.get()).map(|(x, _)| x.to_string());
        Some(format!("{} = {}", self.target, taken.collect::<Vec<_>>().join(" + ")))
    }
    fn dead_end(&self, s: &Chosen, slot: usize) -> String {
        format!("{} + {} + what is left cannot make {}", s.sum.get(), self.numbers[slot], self.target)
    }
}

fn main() -> std::process::ExitCode {
    let mut problem = SubsetSum::parse();
    if problem.squares {
        problem.numbers = (1..).map(|k: u64| k * k).take_while(|&s| s <= problem.target).collect();
    }
    problem.numbers.sort_unstable_by(|a, b| b.cmp(a));
    // rest[i] = numbers[i + 1] + numbers[i + 2] + …
    let mut rest: Vec<u64> =
        problem.numbers.iter().rev().scan(0, |sum, &x| Some(std::mem::replace(sum, *sum + x))).collect();
    rest.reverse();
    problem.rest = rest;
    problem.tools.run(&problem)
}
