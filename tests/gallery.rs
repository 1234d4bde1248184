//! The gallery: every example, run as a user runs it, answers with its published count, and
//! its solutions obey the rules of its puzzle.

mod common;

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// The examples, built once with this test run's profile (optimised: see Cargo.toml).
fn examples() -> &'static PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| common::build_examples(&["--examples"]))
}

/// Run an example from the repository's root: its exit code and standard output.
fn run(example: &str, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(examples().join(example))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

/// The count an example prints for `args` (with `--count`): status 0, or 1 for none.
fn count(example: &str, args: &[&str]) -> u64 {
    let (code, out) = run(example, &[args, &["--count"]].concat());
    let counted = out.trim().parse().unwrap_or_else(|_| panic!("{example} {args:?}: {out}"));
    assert_eq!(code, Some(i32::from(counted == 0)), "{example} {args:?}: {out}");
    counted
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn queens_count_as_oeis_a000170_in_either_order() {
    const A000170: [u64; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &expected) in (1..=10).zip(&A000170) {
        assert_eq!(count("queens", &[&n.to_string()]), expected, "n = {n}");
        assert_eq!(count("queens", &[&n.to_string(), "--fewest"]), expected, "n = {n}, fewest first");
    }
}

#[test]
fn eight_queens_reproduce_knuths_profile_and_every_board_obeys_the_rules() {
    // Knuth, TAOCP 7.2.2 (OEIS A319284): nodes on levels 0..8, row by row in column order.
    let (_, stats) = run("queens", &["8", "--stats"]);
    assert_eq!(
        stats,
        "92 solutions, 2057 nodes, 644 dead ends\nnodes per level: 1, 8, 42, 140, 344, 568, 550, 312, 92\n"
    );
    let (_, all) = run("queens", &["8", "--all", "--format", "json"]);
    let all = json(&all);
    let boards: Vec<&str> =
        all["solutions"].as_array().unwrap().iter().map(|b| b.as_str().unwrap()).collect();
    assert_eq!(boards.len(), 92);
    assert_eq!(boards.iter().collect::<HashSet<_>>().len(), 92, "every board once");
    for board in boards {
        let q: Vec<usize> = board.lines().map(|row| row.split(' ').position(|s| s == "Q").unwrap()).collect();
        assert_eq!(q.len(), 8);
        assert!((0..8).all(|a| (a + 1..8).all(|b| q[a] != q[b] && q[a].abs_diff(q[b]) != b - a)), "{board}");
    }
    // Knuth's estimator, 20,000 probes with a fixed seed: within 3 % of the tree, level by
    // level within 10 % of the profile.
    let (_, guess) =
        run("queens", &["8", "--estimate", "--probes", "20000", "--seed", "7", "--format", "json"]);
    let guess = json(&guess);
    assert!((guess["nodes"].as_f64().unwrap() / 2057.0 - 1.0).abs() < 0.03, "{guess}");
    let profile = guess["profile"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap());
    for (est, real) in profile.zip([1.0, 8.0, 42.0, 140.0, 344.0, 568.0, 550.0, 312.0, 92.0]) {
        assert!((est / real - 1.0).abs() < 0.10, "{est} against {real}");
    }
}

#[test]
fn queens_shards_merge_to_the_whole_count() {
    let shards: String = (1..=4)
        .map(|i| run("queens", &["12", "--count", "--shard", &format!("{i}/4"), "--format", "json"]).1)
        .collect();
    let merged = Command::new(env!("CARGO_BIN_EXE_backtrack"))
        .arg("merge")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(shards.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let summary = json(&String::from_utf8(merged.stdout).unwrap());
    assert_eq!(summary["summary"]["solutions"], 14_200); // OEIS A000170
    assert_eq!(summary["summary"]["complete"], true);
}

/// The tour a knight's-tour board shows: the square of each move, checked by the rules: every
/// square once, each step a knight's move, the first on the start (and home, when closed).
fn check_tour(board: &str, n: usize, closed: bool) {
    let moves: Vec<usize> = board.split_whitespace().map(|m| m.parse().unwrap()).collect();
    assert_eq!(moves.len(), n * n, "{n}x{n}");
    let mut square = vec![usize::MAX; n * n];
    for (sq, &m) in moves.iter().enumerate() {
        assert_eq!(std::mem::replace(&mut square[m - 1], sq), usize::MAX, "{n}x{n}: move {m} twice");
    }
    assert_eq!(square[0], 0, "the tour starts in the corner");
    let knight = |a: usize, b: usize| {
        let (dr, dc) = ((a / n).abs_diff(b / n), (a % n).abs_diff(b % n));
        (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
    };
    assert!(square.windows(2).all(|w| knight(w[0], w[1])), "{n}x{n}: a step is not a knight's move");
    assert!(!closed || knight(square[n * n - 1], 0), "{n}x{n}: the tour does not close");
}

#[test]
fn knights_tours_obey_the_rules_from_five_squares_to_a_million() {
    // 289 and 533 are among the sizes where the rule meets dead ends and the driver backtracks.
    for n in [5, 6, 7, 8, 9, 10, 11, 12, 15, 16, 23, 32, 49, 64, 100, 101, 255, 256, 289, 533, 1000] {
        let (code, board) = run("knights_tour", &[&n.to_string()]);
        assert_eq!(code, Some(0), "{n}");
        check_tour(&board, n, false);
    }
    for n in [6, 8, 10] {
        check_tour(&run("knights_tour", &[&n.to_string(), "--closed"]).1, n, true);
    }
    for n in ["2", "3", "4"] {
        assert_eq!(run("knights_tour", &[n]).0, Some(1), "no tour of {n}x{n}");
    }
    assert_eq!(run("knights_tour", &["1"]).1, "1\n");
    assert_eq!(count("knights_tour", &["5"]), 304); // open tours from a corner of 5x5
    // A square out of the board, or not a square, is refused.
    for start in ["i1", "a9", "a0", "0,1", "1,9", "x", "1;1"] {
        assert_eq!(run("knights_tour", &["8", "--start", start]).0, Some(2), "{start}");
    }
    assert!(run("knights_tour", &["8", "--start", "h8"]).1.starts_with("22 43"), "h8 is the top right");
}

#[test]
fn langford_pairs_count_as_oeis_a014552() {
    // L(2, n), a sequence and its reversal once: none unless n is 0 or 3 mod 4.
    for (n, expected) in [(1, 0), (2, 0), (3, 1), (4, 1), (5, 0), (6, 0), (7, 26), (8, 150), (11, 17_792)] {
        assert_eq!(count("langford", &[&n.to_string()]), expected, "n = {n}");
    }
    let (_, all) = run("langford", &["7", "--all"]);
    let sequences: Vec<Vec<usize>> = all
        .split("\n\n")
        .filter(|s| !s.contains("solutions"))
        .map(|s| s.split_whitespace().map(|k| k.parse().unwrap()).collect())
        .collect();
    assert_eq!(sequences.len(), 26);
    let mut seen = HashSet::new();
    for s in &sequences {
        for k in 1..=7 {
            let at: Vec<usize> = (0..14).filter(|&i| s[i] == k).collect();
            assert_eq!((at.len(), at[1] - at[0]), (2, k + 1), "{s:?}");
        }
        let reversed: Vec<usize> = s.iter().rev().copied().collect();
        assert!(seen.insert(s.clone()) && !seen.contains(&reversed), "{s:?}: twice, or with its reversal");
    }
}

#[test]
fn latin_squares_count_as_oeis_a002860_and_a000315() {
    assert_eq!(count("latin", &["4"]), 576);
    assert_eq!(count("latin", &["5"]), 161_280);
    assert_eq!(count("latin", &["4", "--reduced"]), 4);
    assert_eq!(count("latin", &["5", "--reduced"]), 56);
    assert_eq!(count("latin", &["6", "--reduced"]), 9_408);
}

#[test]
fn magic_squares_of_order_three_and_four() {
    assert_eq!(count("magic", &["3"]), 8);
    assert_eq!(count("magic", &["4"]), 7_040); // 880 up to rotation and reflection, times 8
    let (_, square) = run("magic", &["5"]);
    let cells: Vec<u32> = square.split_whitespace().map(|v| v.parse().unwrap()).collect();
    let mut sorted = cells.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (1..=25).collect::<Vec<_>>());
    let line = |f: &dyn Fn(usize) -> usize| (0..5).map(|i| cells[f(i)]).sum::<u32>();
    for k in 0..5 {
        assert_eq!((line(&|i| 5 * k + i), line(&|i| 5 * i + k)), (65, 65), "row or column {k}");
    }
    assert_eq!((line(&|i| 6 * i), line(&|i| 4 * i + 4)), (65, 65), "the diagonals");
}

#[test]
fn derangements_count_as_oeis_a000166() {
    const A000166: [u64; 10] = [0, 1, 2, 9, 44, 265, 1_854, 14_833, 133_496, 1_334_961];
    for (n, &expected) in (1..=10).zip(&A000166) {
        assert_eq!(count("derangements", &[&n.to_string()]), expected, "n = {n}");
    }
}

#[test]
fn colourings_and_chromatic_numbers() {
    // The chromatic polynomial of the Petersen graph at 3 and 4: 120 and 12,960.
    assert_eq!(count("colouring", &["examples/data/petersen.col", "3"]), 120);
    assert_eq!(count("colouring", &["examples/data/petersen.col", "4"]), 12_960);
    assert_eq!(run("colouring", &["examples/data/petersen.col", "2"]).0, Some(1));
    for (graph, chromatic) in [("petersen", 3), ("myciel3", 4), ("myciel4", 5)] {
        let (_, out) = run("colouring", &[&format!("examples/data/{graph}.col"), "--chromatic"]);
        assert_eq!(out, format!("chromatic number: {chromatic}\n"), "{graph}");
    }
    assert_eq!(run("colouring", &["examples/data/none.col", "3"]).0, Some(2));
}

#[test]
fn cryptarithms_have_their_published_solutions() {
    assert_eq!(run("cryptarithm", &["SEND+MORE=MONEY"]).1, "9567+1085=10652\n");
    assert_eq!(count("cryptarithm", &["SEND+MORE=MONEY"]), 1);
    // TWO + TWO = FOUR: seven solutions, each checked by its arithmetic.
    let (_, all) = run("cryptarithm", &["TWO+TWO=FOUR", "--all"]);
    let sums: Vec<&str> = all.lines().filter(|l| l.contains('=')).collect();
    assert_eq!(sums.len(), 7);
    for sum in sums {
        let (left, right) = sum.split_once('=').unwrap();
        let total: u64 = left.split('+').map(|n| n.parse::<u64>().unwrap()).sum();
        assert_eq!(total, right.parse::<u64>().unwrap(), "{sum}");
    }
    assert_eq!(run("cryptarithm", &["ABCDEFGHIJK=A"]).0, Some(2), "eleven letters");
}

#[test]
fn sums_of_distinct_squares_count_as_oeis_a033461() {
    // A033461 counted another way: the numbers of subsets of the squares, by dynamic programming.
    let mut ways = vec![0u64; 301];
    ways[0] = 1;
    for square in (1..=17u64).map(|k| k * k) {
        for t in (square as usize..=300).rev() {
            ways[t] += ways[t - square as usize];
        }
    }
    assert_eq!((ways[25], ways[50]), (2, 3)); // 25 = 16 + 9; 50 = 49 + 1 = 36 + 9 + 4 + 1 = 25 + 16 + 9
    for target in (0..=60).chain([100, 200, 300]) {
        let counted = count("subset_sum", &[&target.to_string(), "--squares"]);
        assert_eq!(counted, ways[target], "{target}");
    }
    let (_, all) = run("subset_sum", &["15", "1", "2", "3", "4", "5", "6", "--all"]);
    assert!(all.contains("15 = 6 + 5 + 4\n") && all.ends_with("4 solutions\n"), "{all}");
}

#[test]
fn word_squares_counted_as_plain_loops_count_them() {
    // The symmetric squares of three-letter words of the list, counted by three nested loops
    // over every word: row 2 begins with row 1's second letter, row 3 with the third letters of
    // rows 1 and 2.
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data/words.txt")).unwrap();
    let words: Vec<&[u8]> =
        text.lines().filter(|w| !w.starts_with('#') && w.len() == 3).map(str::as_bytes).collect();
    let mut squares = 0u64;
    for a in &words {
        for b in words.iter().filter(|b| b[0] == a[1]) {
            squares += words.iter().filter(|c| c[0] == a[2] && c[1] == b[2]).count() as u64;
        }
    }
    assert!(squares > 1000);
    assert_eq!(count("word_square", &["3"]), squares);
    // A square of five letters, checked by its rows and columns against the list.
    let (_, square) = run("word_square", &["5"]);
    let rows: Vec<&str> = square.lines().collect();
    assert_eq!(rows.len(), 5);
    for i in 0..5 {
        let column: String = rows.iter().map(|r| r.as_bytes()[i] as char).collect();
        assert_eq!(column, rows[i], "column {i}");
        assert!(text.lines().any(|w| w == rows[i]), "{} is a word of the list", rows[i]);
    }
}

/// A rule of one's own: the thermometer example's solution keeps the Sudoku rules, the givens
/// and every thermometer (read back from what it prints), and is the only one.
#[test]
fn the_thermometer_example_keeps_its_rules() {
    let (code, out) = run("thermometer", &[]);
    assert_eq!(code, Some(0), "{out}");
    // The grids' rows: lines of digits and dots only (the puzzle first, the solution last).
    let cells: String = out
        .lines()
        .filter(|l| !l.trim().is_empty() && l.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ' '))
        .flat_map(|l| l.chars().filter(|c| !c.is_whitespace()))
        .collect();
    assert_eq!(cells.len(), 162, "{out}");
    let (puzzle, solution) = cells.split_at(81);
    assert!(!solution.contains('.'), "{out}");
    for (p, s) in puzzle.chars().zip(solution.chars()) {
        assert!(p == '.' || p == s, "a given changed: {puzzle} {solution}");
    }
    let value = |i: usize| solution.as_bytes()[i] - b'0';
    let houses = (0..9).flat_map(|k| {
        [
            (0..9).map(|j| k * 9 + j).collect::<Vec<_>>(),
            (0..9).map(|j| j * 9 + k).collect(),
            (0..9).map(|j| (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3).collect(),
        ]
    });
    for house in houses {
        let seen: HashSet<u8> = house.iter().map(|&i| value(i)).collect();
        assert_eq!(seen.len(), 9, "{house:?} in {solution}");
    }
    let mut tubes = 0;
    for line in out.lines().filter_map(|l| l.strip_prefix("thermometer: ")) {
        let cells: Vec<usize> = line
            .split(" < ")
            .map(|name| {
                let (r, c) = name.trim_start_matches('r').split_once('c').unwrap();
                (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
            })
            .collect();
        assert!(cells.windows(2).all(|p| value(p[0]) < value(p[1])), "{line} in {solution}");
        tubes += 1;
    }
    assert_eq!(tubes, 8);
    assert!(out.contains("the only solution"), "{out}");
}
