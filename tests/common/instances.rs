//! Exact-cover instances made by code (word rectangles with colours, tilings with
//! multiplicities, Langford pairs): shared by the tests, which count them against Knuth's
//! DLX1, DLX2 and DLX3, and by `benches/dlx.rs`, which times the crates on them.
#![allow(dead_code)] // each test binary and the bench use some of them

/// Word rectangles of `rows` × `cols` from the first `limit` words of each length of
/// `examples/data/words.txt`, as XCC: each row and column an item that takes one word, each
/// cell a secondary item whose colour is its letter. (The same lines, in the same order, as
/// the files DLX2 counted.)
pub fn word_rectangles(rows: usize, cols: usize, limit: usize) -> String {
    let text = include_str!("../../examples/data/words.txt");
    let words = |len: usize| -> Vec<&str> {
        text.lines().filter(|w| !w.starts_with('#') && w.len() == len).take(limit).collect()
    };
    let cell = |i: usize, j: usize, letter: char| format!("{i}.{j}:{letter}");
    let mut out =
        (1..=rows).map(|i| format!("r{i}")).chain((1..=cols).map(|j| format!("c{j}"))).collect::<Vec<_>>();
    out.push("|".into());
    out.extend((1..=rows).flat_map(|i| (1..=cols).map(move |j| format!("{i}.{j}"))));
    let mut lines = vec![out.join(" ")];
    for i in 1..=rows {
        for w in words(cols) {
            let cells: Vec<String> = w.chars().enumerate().map(|(j, l)| cell(i, j + 1, l)).collect();
            lines.push(format!("r{i} {}", cells.join(" ")));
        }
    }
    for j in 1..=cols {
        for w in words(rows) {
            let cells: Vec<String> = w.chars().enumerate().map(|(i, l)| cell(i + 1, j, l)).collect();
            lines.push(format!("c{j} {}", cells.join(" ")));
        }
    }
    lines.join("\n") + "\n"
}

/// Cover a `rows` × `cols` board with `pieces`, each used exactly its number of times: the
/// L-tromino in its four turns and their mirror images (`L`), the monomino (`M`). A piece is
/// a primary item with that bound (`4|L`); the squares are primary items.
pub fn tiling(rows: usize, cols: usize, pieces: &[(&str, usize)]) -> String {
    let norm = |shape: Vec<(i32, i32)>| {
        let (r, c) = (shape.iter().map(|s| s.0).min().unwrap(), shape.iter().map(|s| s.1).min().unwrap());
        let mut shape: Vec<(i32, i32)> = shape.iter().map(|&(a, b)| (a - r, b - c)).collect();
        shape.sort();
        shape
    };
    let mut shapes = std::collections::BTreeSet::new();
    let mut shape = vec![(0, 0), (1, 0), (1, 1)];
    for _ in 0..4 {
        shape = shape.iter().map(|&(i, j)| (j, -i)).collect();
        shapes.insert(norm(shape.clone()));
        shapes.insert(norm(shape.iter().map(|&(i, j)| (i, -j)).collect()));
    }
    let mut items: Vec<String> = pieces.iter().map(|(name, n)| format!("{n}|{name}")).collect();
    items.extend((0..rows).flat_map(|i| (0..cols).map(move |j| format!("{i}{j}"))));
    let mut lines = vec![items.join(" ")];
    for (name, _) in pieces {
        let shapes: Vec<Vec<(i32, i32)>> =
            if *name == "L" { shapes.iter().cloned().collect() } else { vec![vec![(0, 0)]] };
        for shape in shapes {
            for i in 0..rows as i32 {
                for j in 0..cols as i32 {
                    let placed: Vec<(i32, i32)> = shape.iter().map(|&(a, b)| (i + a, j + b)).collect();
                    if placed.iter().all(|&(a, b)| a < rows as i32 && b < cols as i32) {
                        let squares: Vec<String> = placed.iter().map(|(a, b)| format!("{a}{b}")).collect();
                        lines.push(format!("{name} {}", squares.join(" ")));
                    }
                }
            }
        }
    }
    lines.join("\n") + "\n"
}

/// Langford pairs of 1..=n as exact cover (TAOCP 7.2.2.1): an item for each value and for each
/// of the 2n positions; the option `i sj sk` puts the two copies of i at positions j and
/// k = i + j + 1.
pub fn langford(n: usize) -> String {
    let mut lines = vec![format!("| Langford pairs, n={n}")];
    let values = (1..=n).map(|i| i.to_string());
    let slots = (1..=2 * n).map(|j| format!("s{j}"));
    lines.push(values.chain(slots).collect::<Vec<_>>().join(" "));
    for i in 1..=n {
        for j in 1..2 * n - i {
            lines.push(format!("{i} s{j} s{}", i + j + 1));
        }
    }
    lines.join("\n") + "\n"
}
