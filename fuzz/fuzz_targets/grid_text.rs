//! Puzzle text as people paste it: the newspaper line, a grid of nine lines with or without
//! decorations, and the seed's comma-separated file.
//!
//! Any UTF-8 text is parsed (no panic; an error says where). Then a grid made from the bytes is
//! written in one of the layouts, with noise the reader must ignore, and must read back as the
//! same board, or as the same error when its givens break a rule. The band engine's own reader
//! (`Solutions::from_line`, and `Solutions::restart` on a search left in the middle) must accept
//! the same texts with the same first solution, and refuse the others with the same error.

#![no_main]

use backtrack::sudoku::bitboard::{Budget, Solutions};
use backtrack::sudoku::{Board, Geometry};
use backtrack_fuzz::grids;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(board) = text.parse::<Board>()
    {
        // What was read writes out and reads back unchanged.
        assert_eq!(format!("{board:#}").parse::<Board>().as_ref(), Ok(&board));
        assert_eq!(board.to_string().parse::<Board>().as_ref(), Ok(&board));
    }
    let Some((&layout, rest)) = data.split_first() else { return };
    let cells = grids::grid(rest);
    let expected = Board::try_from(cells);
    let text = write(&cells, layout);
    assert_eq!(text.parse::<Board>(), expected, "{text:?}");
    same_as_a_board(&text);
    if let Ok(text) = std::str::from_utf8(data) {
        same_as_a_board(text);
    }
});

/// The band engine reads `text` as the board's parser reads a classic grid: the same error, or the same first
/// solution (each search bounded: the grids here are any grids, some with no end in sight).
/// So does a search restarted on it, left in the middle of another grid's.
fn same_as_a_board(text: &str) {
    let budget = Budget::nodes(2000);
    let first = |search: &mut Solutions| {
        search.set_budget(&budget);
        search.next().map(|s| s.to_string())
    };
    let mut kept = Solutions::new(&Board::empty());
    kept.next();
    let restarted = kept.restart(text);
    match (Solutions::from_line(text), Board::parse_in(text, &Geometry::classic())) {
        (Ok(mut straight), Ok(board)) => {
            let expected = first(&mut Solutions::new(&board));
            assert_eq!(first(&mut straight), expected, "{text:?}");
            assert_eq!(restarted, Ok(()), "{text:?}");
            assert_eq!(first(&mut kept), expected, "{text:?}: restarted");
        }
        (Err(straight), Err(board)) => {
            assert_eq!(straight, board, "{text:?}");
            assert_eq!(restarted, Err(board), "{text:?}: restarted");
        }
        (straight, board) => {
            panic!("{text:?}: the engine's reader {:?}, the board's {board:?}", straight.is_ok())
        }
    }
}

/// The cells in one of the layouts users paste, picked by `layout`.
fn write(cells: &[u8; 81], layout: u8) -> String {
    let empty = [".", "0", "_"][usize::from(layout / 8) % 3];
    let cell = |d: u8| if d == 0 { empty.to_string() } else { d.to_string() };
    let row = |r: usize| -> Vec<String> { cells[r * 9..r * 9 + 9].iter().map(|&d| cell(d)).collect() };
    match layout % 8 {
        // The newspaper line, with Windows or Unix line ends and surrounding blanks.
        0 => cells.iter().map(|&d| cell(d)).collect(),
        1 => format!("  {}\r\n", cells.iter().map(|&d| cell(d)).collect::<String>()),
        // Nine lines of nine.
        2 => (0..9).map(|r| row(r).concat()).collect::<Vec<_>>().join("\n"),
        // The seed's file: commas, a blank line between bands, `_` for empty.
        3 => (0..9)
            .map(|r| {
                let line = row(r).join(",").replace(empty, "_");
                if r % 3 == 2 && r < 8 { format!("{line}\n") } else { line }
            })
            .collect::<Vec<_>>()
            .join("\n"),
        // A decorated grid, as printed by many programs.
        4 => {
            let mut out = String::new();
            for r in 0..9 {
                if r == 3 || r == 6 {
                    out.push_str("------+-------+------\n");
                }
                let cells = row(r);
                out.push_str(&format!(
                    "{} | {} | {}\n",
                    cells[..3].join(" "),
                    cells[3..6].join(" "),
                    cells[6..].join(" ")
                ));
            }
            out
        }
        // The board's own layouts.
        5 => match Board::try_from(*cells) {
            Ok(board) => board.to_string(),
            Err(_) => cells.iter().map(|&d| cell(d)).collect(),
        },
        // Indented, tab-separated rows with trailing spaces.
        6 => (0..9).map(|r| format!("\t{}  ", row(r).join("\t"))).collect::<Vec<_>>().join("\n"),
        // Cells separated by spaces on one line.
        _ => cells.iter().map(|&d| cell(d)).collect::<Vec<_>>().join(" "),
    }
}
