//! A knight's tour of an n×n board: one slot a move; the generator of move i offers the free
//! squares a knight's move from where move i - 1 left it, in Warnsdorff's order (fewest onward
//! moves first, ties to the farthest from the centre); where the rule meets a dead end, the
//! driver backtracks. `knights_tour 8 [--start a1] [--closed] [--svg FILE]`, and every tool of
//! `backtrack::run` (`--help`): `--count` finds the 304 tours from a corner of 5×5.

use backtrack::{Attempt, run::Problem, run::Tools, watch::Layout};
use clap::{CommandFactory, Parser, builder::RangedU64ValueParser, error::ErrorKind};
use std::{cell::Cell, fmt::Display};

const JUMPS: [(isize, isize); 8] = [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)];

/// A knight's tour of an n×n board (default 8), by Warnsdorff's rule with backtracking.
#[derive(Parser)]
#[command(name = "knights_tour")]
struct Tour {
    /// The side of the board, 1 to 2000.
    #[arg(default_value_t = 8, value_parser = RangedU64ValueParser::<usize>::new().range(1..=2000))]
    n: usize,
    /// The first square: a1 (chess), or row,col from 1,1 at the top left.
    #[arg(long, value_name = "SQUARE", default_value = "1,1")]
    start: String,
    /// End a knight's move from the start.
    #[arg(long)]
    closed: bool,
    /// Draw the tour found to FILE (SVG).
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    #[command(flatten)]
    tools: Tools,
}

/// The shared state: the move number on each square (0: free), and the square of each move.
struct Board {
    moves: Vec<Cell<u32>>,
    path: Vec<Cell<u32>>,
}

impl Problem for Tour {
    type State = Board;
    fn name(&self) -> String {
        let kind = if self.closed { "closed" } else { "open" };
        format!("{kind} knight's tour of the {0}x{0} board from {1}", self.n, self.start)
    }
    fn state(&self) -> Board {
        let squares = || (0..self.n * self.n).map(|_| Cell::new(0)).collect();
        Board { moves: squares(), path: squares() }
    }
    fn slots(&self) -> usize {
        self.n * self.n
    }
    /// Move `i` to each square Warnsdorff's rule offers; dropping the guard frees it again.
    fn candidates<'s>(&'s self, board: &'s Board, i: usize) -> impl Iterator<Item = impl Display + 's> + 's {
        self.warnsdorff(board, i).map(move |sq| {
            board.moves[sq].set(i as u32 + 1);
            board.path[i].set(sq as u32);
            let (row, col) = (sq / self.n + 1, sq % self.n + 1);
            Attempt::new(format!("move {} to r{row}c{col}", i + 1), move |_| board.moves[sq].set(0))
        })
    }
    fn show(&self, board: &Board) -> Option<String> {
        let width = self.slots().to_string().len();
        let cells =
            self.cells(board).into_iter().map(|m| format!("{:>width$}", if m.is_empty() { "." } else { &m }));
        Some(cells.collect::<Vec<_>>().chunks(self.n).map(|row| row.join(" ") + "\n").collect())
    }
    fn solved(&self, board: &Board) -> Result<(), String> {
        let Some(file) = &self.svg else { return Ok(()) };
        std::fs::write(file, self.svg(board)).map_err(|e| format!("cannot write {}: {e}", file.display()))
    }
    fn dead_end(&self, _: &Board, i: usize) -> String {
        let odd = self.closed && i == 0;
        if odd {
            "an odd board has no closed tour".into()
        } else {
            format!("no free square for move {}", i + 1)
        }
    }
    fn layout(&self) -> Option<Layout> {
        Some(Layout::chessboard(self.n))
    }
    fn cells(&self, board: &Board) -> Vec<String> {
        board.moves.iter().map(|m| if m.get() == 0 { String::new() } else { m.get().to_string() }).collect()
    }
}

impl Tour {
    /// The squares a knight's move from `sq`, on the board.
    fn jumps(&self, sq: usize) -> impl Iterator<Item = usize> + '_ {
        let (n, r, c) = (self.n as isize, (sq / self.n) as isize, (sq % self.n) as isize);
        let inside = move |(r, c): (isize, isize)| (0..n).contains(&r) && (0..n).contains(&c);
        let to = JUMPS.iter().map(move |&(dr, dc)| (r + dr, c + dc));
        to.filter(move |&p| inside(p)).map(move |(r, c)| (r * n + c) as usize)
    }
    /// The squares for move `i` in Warnsdorff's order, in an array: no allocation a node.
    fn warnsdorff(&self, board: &Board, i: usize) -> impl ExactSizeIterator<Item = usize> + use<> {
        // Move 1 is to the start. The knight changes colour each move: no closed tour on odd boards.
        let start =
            if i > 0 { board.path[0].get() as usize } else { square(&self.start, self.n).unwrap_or(0) };
        let (n, last, odd) = (self.n, i + 1 == self.slots(), self.closed && self.n % 2 == 1);
        let free = |sq: usize| board.moves[sq].get() == 0;
        let (mut keys, mut k) = ([0u64; 8], 0);
        let jumps = (i > 0).then(|| self.jumps(board.path[i - 1].get() as usize).filter(|&s| free(s)));
        for sq in (i == 0 && !odd).then_some(start).into_iter().chain(jumps.into_iter().flatten()) {
            // A closed tour keeps a square to come home from, and ends on one.
            let home = |to: &dyn Fn(usize) -> bool| self.jumps(if last { sq } else { start }).any(to);
            if self.closed && !if last { home(&|s| s == start) } else { home(&|s| s != sq && free(s)) } {
                continue;
            }
            let onward = self.jumps(sq).filter(|&s| free(s)).count() as u64;
            let centre = (2 * (sq / n)).abs_diff(n - 1).pow(2) + (2 * (sq % n)).abs_diff(n - 1).pow(2);
            keys[k] = onward << 56 | (0xFF_FFFF - centre as u64) << 32 | sq as u64; // the sort key
            k += 1;
        }
        keys[..k].sort_unstable();
        keys.map(|key| key as u32).into_iter().take(k).map(|sq| sq as usize)
    }
    /// The tour as a picture: the board, and the path from a green start to a red end.
    fn svg(&self, board: &Board) -> String {
        let at = |s: &Cell<u32>| (s.get() as usize % self.n * 40 + 20, s.get() as usize / self.n * 40 + 20);
        let path: Vec<String> = board.path.iter().map(at).map(|(x, y)| format!("{x},{y}")).collect();
        let dot = |(x, y), fill| format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"10\" fill=\"{fill}\"/>");
        let (first, last) = (dot(at(&board.path[0]), "green"), dot(at(&board.path[self.slots() - 1]), "red"));
        let (size, path) = (40 * self.n, path.join(" "));
        format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}">
<pattern id="board" width="80" height="80" patternUnits="userSpaceOnUse"><rect width="80" height="80" fill="#f0d9b5"/><path d="M40 0h40v40h-40zM0 40h40v40h-40z" fill="#b58863"/></pattern><rect width="{size}" height="{size}" fill="url(#board)"/>
<polyline points="{path}" fill="none" stroke="#1f4e9c" stroke-width="3"/>{first}{last}</svg>
"##
        )
    }
}

/// `a1` (chess: file a, rank 1 at the bottom) or `row,col` (1-based, row 1 at the top).
fn square(text: &str, n: usize) -> Option<usize> {
    let file = || text.bytes().next().filter(u8::is_ascii_lowercase).map(|file| (file - b'a') as usize + 1);
    let (r, c): (usize, usize) = match text.split_once(',') {
        Some((r, c)) => (r.trim().parse().ok()?, c.trim().parse().ok()?),
        None => ((n + 1).checked_sub(text.get(1..)?.parse().ok()?)?, file()?),
    };
    ((1..=n).contains(&r) && (1..=n).contains(&c)).then(|| (r - 1) * n + c - 1)
}

fn main() -> std::process::ExitCode {
    let tour = Tour::parse();
    if square(&tour.start, tour.n).is_none() {
        Tour::command().error(ErrorKind::InvalidValue, "--start: not a square (a1, 1,1)").exit()
    }
    tour.tools.run(&tour)
}
