//! A rule of your own in a page: the thermometer of thermo Sudoku (values rise strictly from
//! the bulb along the tube), written as a [`Rule`] and laid on the classic grid, then solved by
//! the general engine, which proves the solution unique. The puzzle: 15 givens and eight
//! thermometers drawn on a solution grid, givens taken away while one solution is left.
//!
//! `cargo run --release --example thermometer`

use backtrack::sudoku::rule::{Candidates, Contradiction, Rule};
use backtrack::sudoku::search::Solutions;
use backtrack::sudoku::{Board, Geometry};

/// Values rise strictly along the cells (0 to 80, reading order), the bulb first.
#[derive(Debug)]
struct Thermometer(Vec<usize>);

impl Rule for Thermometer {
    fn name(&self) -> &'static str {
        "thermometer"
    }

    fn check(&self, values: &[u8], _side: usize) -> bool {
        self.0.windows(2).all(|pair| values[pair[0]] < values[pair[1]])
    }

    /// Bounds: a cell holds more than the least its predecessor can, and less than the most
    /// its successor can.
    fn prune(&self, grid: &mut Candidates<'_>) -> Result<(), Contradiction> {
        let mut least = 0;
        for &cell in &self.0 {
            grid.keep_between(cell, least + 1, grid.side() as u8)?;
            least = grid.smallest(cell);
        }
        let mut most = grid.side() as u8 + 1;
        for &cell in self.0.iter().rev() {
            grid.keep_between(cell, 1, most - 1)?;
            most = grid.largest(cell);
        }
        Ok(())
    }
}

const GIVENS: &str = ".......9...3...2..1..5................4.6.8.7.......4......6....7.........2..37..";
const TUBES: [&[usize]; 8] = [
    &[70, 71, 80],
    &[12, 13, 22],
    &[15, 14, 23, 32],
    &[50, 49, 48, 47],
    &[17, 8, 7],
    &[38, 29, 30],
    &[73, 64, 65],
    &[0, 9, 10],
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let geometry =
        TUBES.iter().fold(Geometry::classic(), |grid, tube| grid.with_rule(Thermometer(tube.to_vec())));
    let board = Board::parse_in(GIVENS, &geometry)?;
    println!("{board}\n");
    for tube in TUBES {
        let names: Vec<String> = tube.iter().map(|&i| geometry.cell(i / 9, i % 9).to_string()).collect();
        println!("thermometer: {}", names.join(" < "));
    }
    let mut search = Solutions::new(&board);
    search.next().ok_or("no solution")?;
    let solution = search.board();
    let unique = search.next().is_none();
    let stats = search.stats();
    println!("\n{solution}\n");
    println!(
        "{} ({} guesses)",
        if unique { "the only solution" } else { "one of several solutions" },
        stats.guesses
    );
    Ok(())
}
