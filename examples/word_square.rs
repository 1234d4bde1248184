//! Word squares: k words of k letters stacked so that the columns read the same words as the
//! rows (`bit / ice / tea`). One slot a row; row i must begin with the letters the rows above
//! already put in column i, and each candidate is kept only if every later column still begins
//! some word: a dead end shows as early as the letters allow. The words come from a file, one a
//! line (`examples/data/words.txt`: SCOWL's words of three to five letters).
//!
//! `cargo run --release --example word_square -- 4 --count`, and every tool of `backtrack::run`.

use backtrack::{Attempt, run::Problem, run::Tools};
use clap::Parser;
use std::cell::Cell;
use std::collections::{HashMap, HashSet};
use std::fmt::Display;

/// Word squares of K letters from a list of words.
#[derive(Parser)]
#[command(name = "word_square")]
struct Args {
    /// The side of the square: the words' length.
    #[arg(value_parser = clap::value_parser!(u8).range(2..=8))]
    k: u8,
    /// The words, one a line (lines starting with # are comments).
    #[arg(long, default_value = "examples/data/words.txt")]
    words: std::path::PathBuf,
    #[command(flatten)]
    tools: Tools,
}

struct Squares {
    k: usize,
    words: Vec<Vec<u8>>,
    /// The words that begin with each prefix (the empty one too), by number.
    starting: HashMap<Vec<u8>, Vec<u32>>,
    prefixes: HashSet<Vec<u8>>,
}

impl Problem for Squares {
    type State = Vec<Cell<u32>>; // the word of each row
    fn name(&self) -> String {
        format!("word squares of {} letters", self.k)
    }
    fn state(&self) -> Self::State {
        vec![Cell::new(0); self.k]
    }
    fn slots(&self) -> usize {
        self.k
    }
    fn candidates<'s>(
        &'s self,
        rows: &'s Self::State,
        i: usize,
    ) -> impl Iterator<Item = impl Display + 's> + 's {
        // Each column so far, read once a node: the letters the rows above put there. A
        // candidate's letter is pushed on, looked up, and popped: no allocation a candidate.
        let mut columns: Vec<Vec<u8>> = (0..self.k)
            .map(|c| rows[..i].iter().map(|r| self.words[r.get() as usize][c]).collect())
            .collect();
        let words = self.starting.get(&columns[i]).map_or(&[][..], Vec::as_slice);
        let fits = move |&&w: &&u32| {
            (i + 1..self.k).all(|c| {
                columns[c].push(self.words[w as usize][c]);
                let begins = self.prefixes.contains(&columns[c]);
                columns[c].pop();
                begins
            })
        };
        words.iter().filter(fits).map(move |&w| {
            rows[i].set(w);
            Attempt::new(String::from_utf8_lossy(&self.words[w as usize]).into_owned(), |_| ())
        })
    }
    fn show(&self, rows: &Self::State) -> Option<String> {
        Some(rows.iter().map(|r| String::from_utf8_lossy(&self.words[r.get() as usize]) + "\n").collect())
    }
    fn dead_end(&self, _: &Self::State, i: usize) -> String {
        format!(
            "no word for row {} begins with the letters above it and keeps every column a word's start",
            i + 1
        )
    }
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let k = usize::from(args.k);
    let text = match std::fs::read_to_string(&args.words) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("word_square: cannot read {}: {e}", args.words.display());
            return std::process::ExitCode::from(2);
        }
    };
    let words: Vec<Vec<u8>> = (text.lines().map(str::trim))
        .filter(|w| !w.starts_with('#') && w.len() == k && w.bytes().all(|b| b.is_ascii_lowercase()))
        .map(|w| w.as_bytes().to_vec())
        .collect();
    let mut starting: HashMap<Vec<u8>, Vec<u32>> = HashMap::new();
    for (n, word) in words.iter().enumerate() {
        for len in 0..=k {
            starting.entry(word[..len].to_vec()).or_default().push(n as u32);
        }
    }
    let prefixes = starting.keys().cloned().collect();
    let squares = Squares { k, words, starting, prefixes };
    args.tools.run(&squares)
}
