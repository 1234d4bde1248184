//! Exact-cover instances made by code (word rectangles and killer Sudoku with colours, tilings
//! with multiplicities, Langford pairs, dominosa): shared by the tests, which count them
//! against Knuth's DLX1, DLX2 and DLX3, and by `benches/dlx.rs`, which times the crates on them.
#![allow(dead_code)] // each test binary and the bench use some of them

use itertools::Itertools;

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

/// A killer Sudoku as XCC (cages as options of value combinations, with colours): each cell's
/// digit the usual Sudoku option (`p{cell} r{row}#{d} c{col}#{d} b{box}#{d}`) that also gives
/// the cell's secondary item `x{cell}` the colour `d`; each cage a primary item `k{n}` whose
/// options are the ways to fill it, every cell's item coloured with its digit: distinct digits
/// adding up to the sum (any digits when the cage has no sum). A cell's option and its cage's
/// option agree on the colour, so each chosen filling is the digits placed. `givens` is the
/// 81-character line, `cages` each cage's sum and cells (0 to 80, row by row).
pub fn killer_xcc(givens: &str, cages: &[(Option<u32>, Vec<usize>)]) -> String {
    let mut items: Vec<String> = (0..81).map(|c| format!("p{c}")).collect();
    for house in ["r", "c", "b"] {
        items.extend((0..9).flat_map(|h| (1..=9).map(move |d| format!("{house}{h}#{d}"))));
    }
    items.extend((0..cages.len()).map(|n| format!("k{n}")));
    items.push("|".into());
    items.extend((0..81).map(|c| format!("x{c}")));
    let mut lines = vec![format!("| a killer Sudoku as XCC, {} cages", cages.len()), items.join(" ")];
    for (cell, given) in givens.bytes().enumerate() {
        let (r, c) = (cell / 9, cell % 9);
        let b = r / 3 * 3 + c / 3;
        // A given's digit, or any digit in an empty cell.
        let digits = match given {
            b'1'..=b'9' => given - b'0'..=given - b'0',
            _ => 1..=9,
        };
        for d in digits {
            lines.push(format!("p{cell} r{r}#{d} c{c}#{d} b{b}#{d} x{cell}:{d}"));
        }
    }
    for (n, (sum, cells)) in cages.iter().enumerate() {
        // Every filling: distinct digits, in order of the cells (lexicographic), with the sum.
        for filling in (1..=9u32).permutations(cells.len()) {
            if sum.is_none_or(|s| filling.iter().sum::<u32>() == s) {
                let coloured = cells.iter().zip(&filling).map(|(c, d)| format!("x{c}:{d}"));
                lines.push(format!("k{n} {}", coloured.collect::<Vec<_>>().join(" ")));
            }
        }
    }
    lines.join("\n") + "\n"
}

/// [`killer_xcc`] of a line of the variant file (`tests/data/variants_sigh.jsonl`): its givens
/// and cages.
pub fn killer_xcc_of_line(line: &str) -> String {
    let puzzle: serde_json::Value = serde_json::from_str(line).expect("a line of the variant file");
    let number = |v: &serde_json::Value| v.as_u64().expect("a number");
    let cages: Vec<(Option<u32>, Vec<usize>)> = (puzzle["cages"].as_array().expect("cages").iter())
        .map(|cage| {
            let cells = cage["cells"].as_array().expect("cells").iter().map(|c| number(c) as usize);
            (cage["sum"].as_u64().map(|s| s as u32), cells.collect())
        })
        .collect();
    killer_xcc(puzzle["givens"].as_str().expect("givens"), &cages)
}

/// A dominosa puzzle (TAOCP 7.2.2.1): the (n+1)(n+2)/2 dominoes with 0..=n pips, laid at
/// random on a grid of n+1 rows and n+2 columns by the generator seeded with `seed`, then hidden:
/// only each cell's number shows. The exact-cover problem finds the dominoes again: an item for
/// each cell (`r.c`) and each domino (`a-b`, a ≤ b), an option for each two neighbouring cells
/// whose numbers make a domino. Returns the problem and the grid of numbers (the planted
/// tiling is one of its solutions).
pub fn dominosa(n: usize, seed: u64) -> (String, Vec<Vec<usize>>) {
    let (rows, cols) = (n + 1, n + 2);
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let mut random = |below: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) % below as u64) as usize
    };
    // A random tiling: in reading order, each free cell pairs with its right or lower
    // neighbour, at random among those free; start again if a cell is left with neither.
    let tiling = loop {
        let mut mate = vec![vec![None; cols]; rows];
        let mut tiles = Vec::new();
        let mut stuck = false;
        for r in 0..rows {
            for c in 0..cols {
                if mate[r][c].is_some() {
                    continue;
                }
                let mut free = Vec::new();
                if c + 1 < cols && mate[r][c + 1].is_none() {
                    free.push((r, c + 1));
                }
                if r + 1 < rows {
                    free.push((r + 1, c));
                }
                if free.is_empty() {
                    stuck = true;
                    break;
                }
                let (r2, c2) = free[random(free.len())];
                mate[r][c] = Some((r2, c2));
                mate[r2][c2] = Some((r, c));
                tiles.push(((r, c), (r2, c2)));
            }
            if stuck {
                break;
            }
        }
        if !stuck {
            break tiles;
        }
    };
    let mut dominoes: Vec<(usize, usize)> = (0..=n).flat_map(|a| (a..=n).map(move |b| (a, b))).collect();
    for i in (1..dominoes.len()).rev() {
        dominoes.swap(i, random(i + 1));
    }
    let mut grid = vec![vec![0; cols]; rows];
    for (&((r1, c1), (r2, c2)), &(a, b)) in tiling.iter().zip(&dominoes) {
        let (a, b) = if random(2) == 0 { (a, b) } else { (b, a) };
        grid[r1][c1] = a;
        grid[r2][c2] = b;
    }
    let mut items: Vec<String> = (0..rows).flat_map(|r| (0..cols).map(move |c| format!("{r}.{c}"))).collect();
    items.extend(dominoes.iter().map(|&(a, b)| format!("{}-{}", a.min(b), a.max(b))));
    let mut lines = vec![format!("| dominosa, pips 0 to {n}, seed {seed}"), items.join(" ")];
    for r in 0..rows {
        for c in 0..cols {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 < rows && c2 < cols {
                    let (a, b) = (grid[r][c], grid[r2][c2]);
                    lines.push(format!("{r}.{c} {r2}.{c2} {}-{}", a.min(b), a.max(b)));
                }
            }
        }
    }
    (lines.join("\n") + "\n", grid)
}
