//! Grids of every size and shape as text: the side, the boxes or a region map, extra houses,
//! and the variant file's lines, from bytes.
//!
//! A geometry is built from the first bytes (a side 1 to 25, boxes of any shape or a region
//! map drawn from the bytes, with or without the diagonals and windoku); the rest is read as a
//! grid on it, as a grid of its own size, and as a line of the variant file. Nothing panics;
//! a board read writes out and reads back the same; a refused geometry or text says why.

#![no_main]

use backtrack::sudoku::variant::Variant;
use backtrack::sudoku::{Board, Extra, Geometry};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [side, shape, extras, rest @ ..] = data else { return };
    let side = usize::from(side % 26);
    let geometry = match shape % 3 {
        0 => Geometry::boxed(usize::from(shape / 3 % 6), side.max(1) / usize::from(shape / 3 % 6).max(1)),
        1 => Geometry::latin(side),
        // A region map from the bytes: often refused (regions of the wrong size), which is
        // what the checks of the map are for.
        _ => {
            let map: String =
                rest.iter().take(side * side).map(|b| (b'A' + b % side.max(1) as u8) as char).collect();
            Geometry::jigsaw(side, &map)
        }
    };
    let text = String::from_utf8_lossy(rest);
    if let Ok(geometry) = geometry {
        let extras: Vec<Extra> = Extra::ALL
            .into_iter()
            .enumerate()
            .filter(|(i, _)| extras >> i & 1 != 0)
            .map(|(_, e)| e)
            .collect();
        let geometry = geometry.with_extras(&extras).unwrap_or(geometry);
        // Values for every cell from the bytes, then the board they make, if they keep the rules.
        let values: Vec<u8> =
            rest.iter().cycle().take(geometry.cells()).map(|b| b % (geometry.side() as u8 + 1)).collect();
        if !rest.is_empty()
            && let Ok(board) = Board::from_values(&geometry, &values)
        {
            assert_eq!(Board::parse_in(&format!("{board:#}"), &geometry).as_ref(), Ok(&board));
            assert_eq!(board.values(), values);
        }
        if let Ok(board) = Board::parse_in(&text, &geometry) {
            assert_eq!(board.geometry(), &geometry);
            assert_eq!(Board::parse_in(&format!("{board:#}"), &geometry).as_ref(), Ok(&board));
            assert_eq!(Board::parse_in(&board.to_string(), &geometry).as_ref(), Ok(&board), "{board}");
        }
    }
    if let Ok(board) = text.parse::<Board>() {
        assert_eq!(format!("{board:#}").parse::<Board>().as_ref(), Ok(&board));
    }
    if let Ok(variant) = Variant::from_json(&text) {
        let geometry = variant.board.geometry();
        assert_eq!(Board::parse_in(&format!("{:#}", variant.board), geometry).as_ref(), Ok(&variant.board));
    }
});
