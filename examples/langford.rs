//! Langford pairs L(2, n): the numbers 1, 1, 2, 2, …, n, n in a row of 2n places, the two k's
//! with k numbers between them. Counted as OEIS A014552 counts them, a sequence and its
//! reversal once: 26 for n = 7, 150 for 8, 17,792 for 11 (none unless n ≡ 0 or 3 mod 4).
//! One slot a number, largest first (it has the fewest places); a pair is two bits of a mask.
//! Reversal is broken on one pair: its first place in the left half of the places it may take.
//!
//! `cargo run --release --example langford -- 8 --count`, and every tool of `backtrack::run`.

use backtrack::{Attempt, run::Problem, run::Tools};
use clap::Parser;
use std::cell::Cell;
use std::fmt::Display;

/// Langford pairings of 1..=N, up to reversal.
#[derive(Parser)]
#[command(name = "langford")]
struct Langford {
    /// The largest number, 1 to 31.
    #[arg(value_parser = clap::value_parser!(u8).range(1..=31))]
    n: u8,
    #[command(flatten)]
    tools: Tools,
}

/// The shared state: the places taken, and the number in each place.
struct Row {
    taken: Cell<u64>,
    places: Vec<Cell<u8>>,
}

impl Langford {
    /// The number of slot `slot`: n, n - 1, …, 1.
    fn number(&self, slot: usize) -> usize {
        usize::from(self.n) - slot
    }
    /// The pair that breaks reversal: an odd one (n or n - 1). Reversed, the pair of k at i
    /// and i + k + 1 is at 2n - 2 - k - i and back; for k odd that is never i itself, so
    /// one of a sequence and its reversal has it in the left half.
    fn breaker(&self) -> usize {
        let n = usize::from(self.n);
        if n % 2 == 1 { n } else { n - 1 }
    }
}

impl Problem for Langford {
    type State = Row;
    fn name(&self) -> String {
        format!("Langford pairs of 1 to {}", self.n)
    }
    fn state(&self) -> Row {
        Row { taken: Cell::new(0), places: (0..2 * self.n).map(|_| Cell::new(0)).collect() }
    }
    fn slots(&self) -> usize {
        self.n.into()
    }
    fn candidates<'s>(&'s self, row: &'s Row, slot: usize) -> impl Iterator<Item = impl Display + 's> + 's {
        let (k, places) = (self.number(slot), 2 * usize::from(self.n));
        let end = places.saturating_sub(k + 1); // the first of the pair at i < end, the second at i + k + 1
        let end = if k == self.breaker() { end.div_ceil(2) } else { end };
        (0..end).filter(move |&i| row.taken.get() & (1 << i | 1 << (i + k + 1)) == 0).map(move |i| {
            let pair = 1 << i | 1 << (i + k + 1);
            row.taken.set(row.taken.get() | pair);
            row.places[i].set(k as u8);
            row.places[i + k + 1].set(k as u8);
            Attempt::new(format!("{k} at {} and {}", i + 1, i + k + 2), move |_| {
                row.taken.set(row.taken.get() & !pair)
            })
        })
    }
    fn show(&self, row: &Row) -> Option<String> {
        Some(row.places.iter().map(|k| k.get().to_string()).collect::<Vec<_>>().join(" "))
    }
    fn dead_end(&self, _: &Row, slot: usize) -> String {
        format!("no two free places {} apart for the {}s", self.number(slot) + 1, self.number(slot))
    }
}

fn main() -> std::process::ExitCode {
    let langford = Langford::parse();
    langford.tools.run(&langford)
}
