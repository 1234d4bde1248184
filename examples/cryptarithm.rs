//! Cryptarithms: SEND + MORE = MONEY, each letter a different digit, no number starting with
//! 0 (one solution: 9567 + 1085 = 10652). One slot a letter, taken column by column from the
//! right; as soon as a column's letters all hold digits, the sum is checked on the digits so
//! far (modulo 10, 100, …), so a wrong guess dies at its column, not at the end.
//!
//! `cargo run --release --example cryptarithm -- SEND+MORE=MONEY`, and every tool of
//! `backtrack::run` (`--count`, `--trace`, …).

use backtrack::{Attempt, run::Problem, run::Tools};
use clap::Parser;
use std::cell::Cell;
use std::fmt::Display;

/// A sum of words, each letter a different digit.
#[derive(Parser)]
#[command(name = "cryptarithm")]
struct Cryptarithm {
    /// The puzzle: WORD+WORD+…=WORD, in capitals.
    #[arg(value_parser = parse)]
    puzzle: Puzzle,
    #[command(flatten)]
    tools: Tools,
}

#[derive(Clone, Debug)]
struct Puzzle {
    words: Vec<String>, // the addends, then the sum
    letters: Vec<u8>,   // in the order of the slots: the rightmost columns' first
    /// Per slot: the column it completes (all its letters known), as the modulus 10^(column+1).
    completes: Vec<Option<i64>>,
    /// Per letter and column c: its weight in the addends minus the sum, up to column c.
    weights: Vec<Vec<i64>>,
    leading: Vec<bool>,
}

fn parse(text: &str) -> Result<Puzzle, String> {
    let (left, sum) = text.split_once('=').ok_or("give WORD+WORD=WORD")?;
    let words: Vec<String> = left.split('+').chain([sum]).map(|w| w.trim().to_string()).collect();
    if words.iter().any(|w| w.is_empty() || !w.bytes().all(|b| b.is_ascii_uppercase())) {
        return Err("each word is one or more capital letters".into());
    }
    let width = words.iter().map(String::len).max().unwrap_or(0);
    let mut letters: Vec<u8> = Vec::new();
    for column in 0..width {
        for w in &words {
            if let Some(&b) = w.as_bytes().iter().rev().nth(column) {
                if !letters.contains(&b) {
                    letters.push(b);
                }
            }
        }
    }
    if letters.len() > 10 {
        return Err(format!("{} letters, but only ten digits", letters.len()));
    }
    let last = words.len() - 1;
    // A letter's weight up to column c: 10^column for each place it holds in an addend, minus
    // that for the sum, counting the places in columns 0..=c.
    let weight = |l: u8, c: usize| -> i64 {
        let places = words
            .iter()
            .enumerate()
            .flat_map(|(k, w)| w.bytes().rev().enumerate().map(move |(i, b)| (k, i, b)));
        let ours = places.filter(|&(_, i, b)| b == l && i <= c);
        ours.map(|(k, i, _)| if k == last { -1 } else { 1 } * 10i64.pow(i as u32)).sum()
    };
    let weights = letters.iter().map(|&l| (0..width).map(|c| weight(l, c)).collect()).collect();
    let column_done = |slot: usize, c: usize| {
        words.iter().all(|w| w.as_bytes().iter().rev().take(c + 1).all(|b| letters[..=slot].contains(b)))
    };
    let completes = (0..letters.len())
        .map(|s| (0..width).rev().find(|&c| column_done(s, c)).map(|c| 10i64.pow(c as u32 + 1)))
        .collect();
    let leading =
        letters.iter().map(|l| words.iter().any(|w| w.len() > 1 && w.as_bytes()[0] == *l)).collect();
    Ok(Puzzle { words, letters, completes, weights, leading })
}

impl Problem for Cryptarithm {
    type State = (Cell<u16>, Vec<Cell<i64>>); // the digits used, each letter's digit
    fn name(&self) -> String {
        let p = &self.puzzle;
        format!("{}={}", p.words[..p.words.len() - 1].join("+"), p.words[p.words.len() - 1])
    }
    fn state(&self) -> Self::State {
        (Cell::new(0), (0..self.slots()).map(|_| Cell::new(-1)).collect())
    }
    fn slots(&self) -> usize {
        self.puzzle.letters.len()
    }
    fn candidates<'s>(
        &'s self,
        s: &'s Self::State,
        slot: usize,
    ) -> impl Iterator<Item = impl Display + 's> + 's {
        let p = &self.puzzle;
        let first = if p.leading[slot] { 1 } else { 0 };
        let fits = move |d: i64| {
            s.0.get() & 1 << d == 0
                && p.completes[slot].is_none_or(|modulus| {
                    let width = modulus.ilog10() as usize - 1;
                    let value = |l: usize| if l == slot { d } else { s.1[l].get() };
                    (0..=slot).map(|l| p.weights[l][width] * value(l)).sum::<i64>() % modulus == 0
                })
        };
        (first..10).filter(move |&d| fits(d)).map(move |d| {
            s.0.set(s.0.get() | 1 << d);
            s.1[slot].set(d);
            Attempt::new(format!("{}={d}", p.letters[slot] as char), move |_| {
                s.0.set(s.0.get() & !(1 << d));
                s.1[slot].set(-1);
            })
        })
    }
    fn show(&self, s: &Self::State) -> Option<String> {
        let p = &self.puzzle;
        let digit = |b: u8| s.1[p.letters.iter().position(|&l| l == b).unwrap_or(0)].get().to_string();
        let number = |w: &String| w.bytes().map(digit).collect::<String>();
        let numbers: Vec<String> = p.words.iter().map(number).collect();
        Some(format!("{}={}", numbers[..numbers.len() - 1].join("+"), numbers[numbers.len() - 1]))
    }
    fn dead_end(&self, _: &Self::State, slot: usize) -> String {
        format!("no digit for {} makes its column add up", self.puzzle.letters[slot] as char)
    }
}

fn main() -> std::process::ExitCode {
    let puzzle = Cryptarithm::parse();
    puzzle.tools.run(&puzzle)
}
