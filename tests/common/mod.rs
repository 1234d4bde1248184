//! Shared by the integration tests: the fixtures, and a checker that knows only the rules.
#![allow(dead_code)] // each test binary uses its own part

pub mod instances;

pub const EASY50: &str = include_str!("../data/easy50.txt");
pub const TOP95: &str = include_str!("../data/top95.txt");
pub const HARDEST: &str = include_str!("../data/hardest.txt");
pub const SEVENTEEN: &str = include_str!("../data/17_clue_sample.txt");
pub const TOP1465: &str = include_str!("../data/top1465_sample.txt");
pub const UNBIASED: &str = include_str!("../data/unbiased_sample.txt");
pub const SERG: &str = include_str!("../data/serg_sample.txt");

/// Up to `limit` solutions of a classic board by Dancing Links, as 81-character lines.
pub fn by_dlx(
    cover: &mut backtrack::sudoku::ExactCover,
    board: &backtrack::sudoku::Board,
    limit: usize,
) -> Vec<String> {
    let mut solver = cover.solver(board);
    let mut found = Vec::new();
    while found.len() < limit {
        let Some(options) = solver.next_solution() else { break };
        found.push(format!("{:#}", backtrack::sudoku::ExactCover::board(options)));
    }
    found
}

/// The puzzles of a fixture.
pub fn puzzles(set: &str) -> impl Iterator<Item = &str> {
    set.lines().filter(|l| !l.trim().is_empty())
}

/// Check a solution against the puzzle by the rules alone, on the 81-character strings: every
/// cell a digit, every given kept, each of the 27 houses holding 1 to 9 once. Independent of the
/// crate's board, masks and parser.
pub fn check_solution(puzzle: &str, solution: &str) -> Result<(), String> {
    let p: Vec<char> = puzzle.chars().collect();
    let s: Vec<u8> = solution.bytes().collect();
    if p.len() != 81 || s.len() != 81 {
        return Err(format!("length {} / {}", p.len(), s.len()));
    }
    for i in 0..81 {
        if !(b'1'..=b'9').contains(&s[i]) {
            return Err(format!("cell {i} holds {:?}", s[i] as char));
        }
        if p[i].is_ascii_digit() && p[i] != '0' && p[i] as u8 != s[i] {
            return Err(format!("given {} at cell {i} changed to {}", p[i], s[i] as char));
        }
    }
    let houses = (0..9).flat_map(|k| {
        [
            (0..9).map(|i| k * 9 + i).collect::<Vec<_>>(),
            (0..9).map(|i| i * 9 + k).collect(),
            (0..9).map(|i| (k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3).collect(),
        ]
    });
    for house in houses {
        let mut seen = [false; 10];
        for &i in &house {
            let d = (s[i] - b'0') as usize;
            if std::mem::replace(&mut seen[d], true) {
                return Err(format!("digit {d} twice in house {house:?}"));
            }
        }
    }
    Ok(())
}

/// Run the built command with `args`, `stdin` on its standard input.
pub fn run_backtrack(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_backtrack"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The command may refuse its arguments and end before reading: a closed pipe is no error.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

/// Start the built command with `args` on a search that does not end, wait for the first
/// `lines` lines of its standard error (a minute at most, for a machine under load), check it
/// is still running, and stop it: the lines.
pub fn said_while_running(args: &[&str], lines: usize) -> Vec<String> {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_backtrack"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let (send, said) = std::sync::mpsc::channel();
    std::thread::spawn(move || stderr.lines().map_while(Result::ok).try_for_each(|l| send.send(l)));
    let mut heard = Vec::new();
    while heard.len() < lines {
        match said.recv_timeout(std::time::Duration::from_secs(60)) {
            Ok(line) => heard.push(line),
            Err(e) => {
                let _ = child.kill();
                panic!("backtrack {}: {e} after {heard:?}", args.join(" "));
            }
        }
    }
    assert_eq!(child.try_wait().unwrap(), None, "backtrack {}: ended, {heard:?}", args.join(" "));
    child.kill().unwrap();
    child.wait().unwrap();
    heard
}

/// Run the built command as [`run_backtrack`] does; its standard output, which a success must
/// have given (the failure shows its standard error).
pub fn backtrack_ok(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let out = run_backtrack(args, stdin);
    assert!(out.status.success(), "backtrack {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// Replay the explorer page at `page` (what `--html` wrote): its cells' labels, and what the
/// cells show at each solution and at the end. Each move changes cells from one text to
/// another; the replay checks it starts from what the board shows.
pub fn replay_page(page: &std::path::Path) -> (Vec<String>, Vec<Vec<String>>, Vec<String>) {
    let html = std::fs::read_to_string(page).unwrap();
    let data = html.split("const DATA = ").nth(1).unwrap().split(";</script>").next().unwrap();
    let data: serde_json::Value = serde_json::from_str(data).unwrap();
    let strings = |v: &serde_json::Value| -> Vec<String> {
        v.as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect()
    };
    let (texts, labels) = (strings(&data["texts"]), strings(&data["labels"]));
    let numbers = |v: &serde_json::Value| -> Vec<usize> {
        v.as_array().unwrap().iter().map(|t| t.as_u64().unwrap() as usize).collect()
    };
    let mut board = numbers(&data["start"]);
    let mut solutions = Vec::new();
    for event in data["events"].as_array().unwrap() {
        for change in numbers(&event[3]).chunks(3) {
            assert_eq!(board[change[0]], change[1], "a move starts from what the board shows");
            board[change[0]] = change[2];
        }
        if event[0] == 3 {
            solutions.push(board.iter().map(|&t| texts[t].clone()).collect());
        }
    }
    let end = board.iter().map(|&t| texts[t].clone()).collect();
    (labels, solutions, end)
}

/// Output as text (the command writes UTF-8).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

pub const VARIANTS_SIGH: &str = include_str!("../data/variants_sigh.jsonl");
pub const KILLERS_HARD: &str = include_str!("../data/killers_hard.jsonl");
pub const GECODE_25: &str = include_str!("../data/gecode_25x25_sample.txt");

/// A grid's rules as plain lists of cells, built from the fields of the variant file without
/// the crate's geometry: rows, columns, R×C boxes or a region map (which replaces the boxes),
/// and the extra houses.
pub struct Rules {
    pub side: usize,
    pub houses: Vec<Vec<usize>>,
    /// Steps (rows, columns) to cells that may not hold the same value: a knight's, a king's.
    pub moves: Vec<(isize, isize)>,
    /// Side-by-side cells may not hold values one apart.
    pub non_consecutive: bool,
    /// Killer cages: cells of different values, adding up to the sum if there is one.
    pub cages: Vec<(Vec<usize>, Option<usize>)>,
}

impl Rules {
    /// `boxes` as (rows, columns), `regions` as N² letters, `rules` by name.
    pub fn new(side: usize, boxes: Option<(usize, usize)>, regions: Option<&str>, rules: &[&str]) -> Rules {
        let n = side;
        let mut houses: Vec<Vec<usize>> = (0..n).map(|r| (0..n).map(|c| r * n + c).collect()).collect();
        houses.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect::<Vec<_>>()));
        if let Some(map) = regions {
            let letters: Vec<char> = map.chars().collect();
            let mut names: Vec<char> = letters.clone();
            names.sort();
            names.dedup();
            for name in names {
                houses.push((0..n * n).filter(|&i| letters[i] == name).collect());
            }
        } else if let Some((br, bc)) = boxes {
            for top in (0..n).step_by(br) {
                for left in (0..n).step_by(bc) {
                    houses
                        .push((0..br).flat_map(|i| (0..bc).map(move |j| (top + i) * n + left + j)).collect());
                }
            }
        }
        if rules.contains(&"diagonals") {
            houses.push((0..n).map(|i| i * n + i).collect());
            houses.push((0..n).map(|i| i * n + n - 1 - i).collect());
        }
        if rules.contains(&"windoku") {
            let b = (1..=n).find(|b| b * b == n).expect("windoku on a square side");
            for top in (1..n - b).step_by(b + 1) {
                for left in (1..n - b).step_by(b + 1) {
                    houses.push((0..b).flat_map(|i| (0..b).map(move |j| (top + i) * n + left + j)).collect());
                }
            }
        }
        let mut moves = Vec::new();
        if rules.contains(&"anti-knight") {
            moves.extend([(1, 2), (2, 1), (1, -2), (2, -1)]);
        }
        if rules.contains(&"anti-king") {
            moves.extend([(1, 1), (1, -1)]);
        }
        Rules { side, houses, moves, non_consecutive: rules.contains(&"non-consecutive"), cages: Vec::new() }
    }

    /// The rules of a line of the variant file.
    pub fn of_json(line: &serde_json::Value) -> Rules {
        let side = line["size"].as_u64().unwrap() as usize;
        let boxes = line["boxes"].as_str().map(|b| {
            let (r, c) = b.split_once('x').unwrap();
            (r.parse().unwrap(), c.parse().unwrap())
        });
        let rules: Vec<&str> =
            line["rules"].as_array().map_or(vec![], |r| r.iter().filter_map(|v| v.as_str()).collect());
        let mut checker = Rules::new(side, boxes, line["regions"].as_str(), &rules);
        for cage in line["cages"].as_array().into_iter().flatten() {
            let cells =
                cage["cells"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap() as usize).collect();
            checker.cages.push((cells, cage["sum"].as_u64().map(|s| s as usize)));
        }
        checker
    }

    /// Check a solution against the puzzle (N² characters each, `.` blank, `1`-`9` then `A`…):
    /// every cell a value 1 to N, every given kept, every house holding each value once.
    pub fn check(&self, puzzle: &str, solution: &str) -> Result<(), String> {
        let value = |c: char| c.to_digit(36).filter(|&v| v >= 1).map(|v| v as usize);
        let (p, s): (Vec<char>, Vec<char>) = (puzzle.chars().collect(), solution.chars().collect());
        let cells = self.side * self.side;
        if p.len() != cells || s.len() != cells {
            return Err(format!("length {} / {}, expected {cells}", p.len(), s.len()));
        }
        for i in 0..cells {
            match value(s[i]) {
                Some(v) if v <= self.side => {}
                _ => return Err(format!("cell {i} holds {:?}", s[i])),
            }
            if value(p[i]).is_some() && p[i].to_ascii_uppercase() != s[i] {
                return Err(format!("given {} at cell {i} changed to {}", p[i], s[i]));
            }
        }
        for house in &self.houses {
            let mut seen = vec![false; self.side + 1];
            for &i in house {
                if std::mem::replace(&mut seen[value(s[i]).unwrap()], true) {
                    return Err(format!("{} twice in house {house:?}", s[i]));
                }
            }
        }
        for (cells, sum) in &self.cages {
            let values: Vec<usize> = cells.iter().map(|&i| value(s[i]).unwrap()).collect();
            if (1..values.len()).any(|i| values[..i].contains(&values[i])) {
                return Err(format!("a value twice in the cage {cells:?}"));
            }
            if sum.is_some_and(|sum| values.iter().sum::<usize>() != sum) {
                return Err(format!(
                    "the cage {cells:?} adds up to {}, not {sum:?}",
                    values.iter().sum::<usize>()
                ));
            }
        }
        let n = self.side as isize;
        let at = |r: isize, c: isize| {
            ((0..n).contains(&r) && (0..n).contains(&c)).then(|| value(s[(r * n + c) as usize]).unwrap())
        };
        for r in 0..n {
            for c in 0..n {
                let here = at(r, c).unwrap();
                for &(dr, dc) in &self.moves {
                    if at(r + dr, c + dc) == Some(here) {
                        return Err(format!(
                            "r{}c{} and r{}c{} hold {here}, a move apart",
                            r + 1,
                            c + 1,
                            r + dr + 1,
                            c + dc + 1
                        ));
                    }
                }
                for (dr, dc) in [(0, 1), (1, 0)] {
                    if self.non_consecutive && at(r + dr, c + dc).is_some_and(|v| v.abs_diff(here) == 1) {
                        return Err(format!(
                            "r{}c{} and its neighbour r{}c{} are consecutive",
                            r + 1,
                            c + 1,
                            r + dr + 1,
                            c + dc + 1
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

impl Rules {
    /// Up to `limit` solutions of `puzzle` (N² characters, `.` blank), by a plain search that
    /// knows only these rules: the open cell with the fewest values the rules leave, each value
    /// in turn. A solver apart from the crate's, for the grids Dancing Links cannot take
    /// (relations between cells), on grids small enough for it.
    pub fn solutions(&self, puzzle: &str, limit: usize) -> Vec<String> {
        let n = self.side;
        let value = |c: char| c.to_digit(36).filter(|&v| v >= 1).map_or(0, |v| v as usize);
        let mut grid: Vec<usize> = puzzle.chars().map(value).collect();
        assert_eq!(grid.len(), n * n, "{puzzle}");
        // The cells each cell may not share a value with, and its side-by-side neighbours.
        let mut apart: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        let groups = self.houses.iter().chain(self.cages.iter().map(|(cells, _)| cells));
        for group in groups {
            for &a in group {
                apart[a].extend(group.iter().copied().filter(|&b| b != a));
            }
        }
        let mut beside: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        let (side, step) = (n as isize, |r: isize, c: isize| r * n as isize + c);
        for r in 0..side {
            for c in 0..side {
                let inside = |r: isize, c: isize| (0..side).contains(&r) && (0..side).contains(&c);
                for &(dr, dc) in &self.moves {
                    for (r2, c2) in [(r + dr, c + dc), (r - dr, c - dc)] {
                        if inside(r2, c2) {
                            apart[step(r, c) as usize].push(step(r2, c2) as usize);
                        }
                    }
                }
                for (r2, c2) in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
                    if self.non_consecutive && inside(r2, c2) {
                        beside[step(r, c) as usize].push(step(r2, c2) as usize);
                    }
                }
            }
        }
        let allowed = |grid: &[usize], cell: usize, v: usize| {
            apart[cell].iter().all(|&o| grid[o] != v)
                && beside[cell].iter().all(|&o| grid[o] == 0 || grid[o].abs_diff(v) != 1)
        };
        let sums_hold = |grid: &[usize]| {
            self.cages.iter().all(|(cells, sum)| {
                let total: usize = cells.iter().map(|&i| grid[i]).sum();
                let full = cells.iter().all(|&i| grid[i] != 0);
                sum.is_none_or(|sum| if full { total == sum } else { total < sum })
            })
        };
        let mut found = Vec::new();
        let givens: Vec<usize> = (0..n * n).filter(|&i| grid[i] != 0).collect();
        let givens_hold = givens.into_iter().all(|i| {
            let v = std::mem::replace(&mut grid[i], 0);
            let held = allowed(&grid, i, v);
            grid[i] = v;
            held
        });
        if givens_hold && sums_hold(&grid) {
            self.search(&mut grid, &allowed, &sums_hold, limit, &mut found);
        }
        found
    }

    fn search(
        &self,
        grid: &mut Vec<usize>,
        allowed: &dyn Fn(&[usize], usize, usize) -> bool,
        sums_hold: &dyn Fn(&[usize]) -> bool,
        limit: usize,
        found: &mut Vec<String>,
    ) {
        let values = |grid: &[usize], cell: usize| -> Vec<usize> {
            (1..=self.side).filter(|&v| allowed(grid, cell, v)).collect()
        };
        let open = (0..grid.len()).filter(|&i| grid[i] == 0);
        let Some((cell, choices)) = open.map(|i| (i, values(grid, i))).min_by_key(|(_, v)| v.len()) else {
            let digit = |v: usize| std::char::from_digit(v as u32, 36).unwrap().to_ascii_uppercase();
            found.push(grid.iter().map(|&v| digit(v)).collect());
            return;
        };
        for v in choices {
            grid[cell] = v;
            if sums_hold(grid) {
                self.search(grid, allowed, sums_hold, limit, found);
            }
            grid[cell] = 0;
            if found.len() >= limit {
                return;
            }
        }
    }
}

/// Build the crate's examples (`which`: `--examples`, or `--example NAME`) with this test
/// run's profile, so that `cargo test` and `cargo test --release` both find them; their folder.
pub fn build_examples(which: &[&str]) -> std::path::PathBuf {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_backtrack"));
    let dir = bin.parent().expect("the binary is in a profile's folder");
    // The `test` profile (and `dev`) build into `debug`; any other into its own name.
    let profile = match dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") | None => "test",
        Some(other) => other,
    };
    let built = std::process::Command::new(env!("CARGO"))
        .args(["build", "-q", "--profile", profile])
        .args(which)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .unwrap();
    assert!(built.success());
    dir.join("examples")
}
