//! Graph colouring: give each vertex of a graph one of k colours, neighbours different. The
//! graph is a DIMACS `.col` file (`p edge N M`, then `e U V` lines). `--count` counts the
//! proper k-colourings (120 for the Petersen graph and 3 colours, its chromatic polynomial at
//! 3); `--chromatic` finds the fewest colours that do (4 for myciel3, 5 for myciel4). One slot a
//! vertex, the most connected first; the state is each vertex's colour.
//!
//! `cargo run --release --example colouring -- examples/data/petersen.col 3 --count`, and every
//! tool of `backtrack::run`.

use backtrack::{Attempt, run, run::Problem, run::Tools};
use clap::Parser;
use std::cell::Cell;
use std::fmt::Display;

/// Proper colourings of a graph.
#[derive(Parser)]
#[command(name = "colouring")]
struct Args {
    /// The graph, a DIMACS .col file.
    file: std::path::PathBuf,
    /// The number of colours (not with --chromatic).
    #[arg(required_unless_present = "chromatic", value_parser = clap::value_parser!(u8).range(1..=64))]
    colours: Option<u8>,
    /// Find the chromatic number: the fewest colours of a proper colouring.
    #[arg(long)]
    chromatic: bool,
    #[command(flatten)]
    tools: Tools,
}

struct Colouring {
    neighbours: Vec<Vec<usize>>,
    order: Vec<usize>, // the vertex of each slot: the most neighbours first
    colours: u8,
    /// Colour the slots' vertices only with colours up to one more than those used so far:
    /// each colouring once up to renaming its colours (for --chromatic).
    up_to_renaming: bool,
}

impl Problem for Colouring {
    type State = Vec<Cell<u8>>; // each vertex's colour, 0 for none yet
    fn name(&self) -> String {
        format!("{}-colourings of a graph of {} vertices", self.colours, self.neighbours.len())
    }
    fn state(&self) -> Self::State {
        vec![Cell::new(0); self.neighbours.len()]
    }
    fn slots(&self) -> usize {
        self.neighbours.len()
    }
    fn candidates<'s>(
        &'s self,
        colour: &'s Self::State,
        slot: usize,
    ) -> impl Iterator<Item = impl Display + 's> + 's {
        let v = self.order[slot];
        let taken: u64 = self.neighbours[v].iter().map(|&u| 1u64 << colour[u].get()).fold(0, |a, b| a | b);
        let used = self.order[..slot].iter().map(|&u| colour[u].get()).max().unwrap_or(0);
        let top = if self.up_to_renaming { self.colours.min(used + 1) } else { self.colours };
        (1..=top).filter(move |&c| taken & 1 << c == 0).map(move |c| {
            colour[v].set(c);
            Attempt::new(format!("vertex {} colour {c}", v + 1), move |_| colour[v].set(0))
        })
    }
    fn show(&self, colour: &Self::State) -> Option<String> {
        Some(
            colour
                .iter()
                .enumerate()
                .map(|(v, c)| format!("{}:{}", v + 1, c.get()))
                .collect::<Vec<_>>()
                .join(" "),
        )
    }
    fn dead_end(&self, _: &Self::State, slot: usize) -> String {
        format!("every colour is on a neighbour of vertex {}", self.order[slot] + 1)
    }
}

/// The neighbours of each vertex of a DIMACS `.col` text; the error names the line.
fn graph(text: &str) -> Result<Vec<Vec<usize>>, String> {
    let mut neighbours: Vec<Vec<usize>> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let number =
            |w: &str| w.parse::<usize>().map_err(|_| format!("line {}: '{w}' is not a number", i + 1));
        match words.as_slice() {
            ["p", _, n, _] => neighbours = vec![Vec::new(); number(n)?],
            ["e", u, v] => {
                let (u, v) = (number(u)?, number(v)?);
                if !(1..=neighbours.len()).contains(&u) || !(1..=neighbours.len()).contains(&v) || u == v {
                    return Err(format!(
                        "line {}: no edge {u}-{v} in a graph of {} vertices",
                        i + 1,
                        neighbours.len()
                    ));
                }
                neighbours[u - 1].push(v - 1);
                neighbours[v - 1].push(u - 1);
            }
            [] | ["c", ..] | ["n", ..] => {}
            _ => return Err(format!("line {}: not a DIMACS line: {line}", i + 1)),
        }
    }
    Ok(neighbours)
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let text =
        std::fs::read_to_string(&args.file).map_err(|e| format!("cannot read {}: {e}", args.file.display()));
    let neighbours = match text.and_then(|text| graph(&text)) {
        Ok(neighbours) => neighbours,
        Err(e) => {
            eprintln!("colouring: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let mut order: Vec<usize> = (0..neighbours.len()).collect();
    order.sort_by_key(|&v| std::cmp::Reverse(neighbours[v].len()));
    let mut colouring =
        Colouring { neighbours, order, colours: args.colours.unwrap_or(0), up_to_renaming: false };
    if args.chromatic {
        // One colour more until a colouring exists: the last "none" proves the number.
        colouring.up_to_renaming = true;
        let fewest = (0..=64).find(|&k| {
            colouring.colours = k;
            run::first(&colouring).is_some()
        });
        println!("chromatic number: {}", fewest.unwrap_or(0));
        return std::process::ExitCode::SUCCESS;
    }
    args.tools.run(&colouring)
}
