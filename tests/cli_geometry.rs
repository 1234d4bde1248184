//! `backtrack sudoku` on grids of every size and shape, run as a user runs it.

mod common;

use common::*;
use std::process::Output;

fn backtrack(args: &[&str], stdin: &str) -> Output {
    run_backtrack(args, stdin.as_bytes())
}

/// A 6×6 puzzle (2×3 boxes) with one solution, made from the grid below by taking cells out
/// while the solution stays unique (11 givens left).
const SIX: &str = ".2.4.....1.3....6.5.4....12.....53..";
const SIX_GRID: &str = "123456456123231564564231312645645312";

/// A jigsaw map of our own, 4×4: regions A (r1c1, r2c1, r2c2, r3c1), B, C, D.
const MAP: &str = "ABBBAABCADCCDDDC";

#[test]
fn every_4x4_grid() {
    let out = backtrack(&["sudoku", "--count", "................"], "");
    assert_eq!((text(&out.stdout).as_str(), out.status.code()), ("288\n", Some(0)));
}

#[test]
fn every_latin_square_of_order_5_on_each_number_of_threads() {
    // A side of 5 has no boxes: the 161,280 Latin squares of order 5 (OEIS A002860), the
    // count shared out over the threads as it goes; with a limit, that many.
    let empty = ".".repeat(25);
    for jobs in ["1", "2", "3"] {
        let out = backtrack(&["sudoku", "--count", "--jobs", jobs, &empty], "");
        assert_eq!((text(&out.stdout).as_str(), out.status.code()), ("161280\n", Some(0)), "--jobs {jobs}");
        let out = backtrack(&["sudoku", "--count", "--limit", "100000", "--jobs", jobs, &empty], "");
        assert_eq!((text(&out.stdout).as_str(), out.status.code()), ("100000\n", Some(0)), "--jobs {jobs}");
    }
}

#[test]
fn dancing_links_count_on_each_number_of_threads_node_for_node() {
    // The 6×6 grids with 2×3 boxes and a first row given: 28,200,960 / 6! = 39,168, and the
    // 161,280 Latin squares of order 5 (OEIS A002860). Dancing Links cuts the tree into
    // subtrees for the threads: the count and Knuth's counters are those of one thread; with
    // a limit, that many; with a budget, it stops (exit 3) short of the count.
    let first_row = format!("123456{}", ".".repeat(30));
    let latin = ".".repeat(25);
    for (puzzle, count) in [(first_row.as_str(), "39168"), (latin.as_str(), "161280")] {
        let on = |jobs: &str, more: &[&str]| {
            let args =
                [&["sudoku", "--solver", "dlx", "--count", "--stats", "--jobs", jobs], more, &[puzzle]]
                    .concat();
            let out = backtrack(&args, "");
            let counters: Vec<String> =
                text(&out.stderr).lines().filter(|l| !l.starts_with("time")).map(String::from).collect();
            (text(&out.stdout).trim().to_string(), out.status.code(), counters)
        };
        let one = on("1", &[]);
        assert_eq!((one.0.as_str(), one.1), (count, Some(0)));
        assert!(one.2.iter().any(|l| l.starts_with("updates: ")), "{:?}", one.2);
        for jobs in ["2", "3"] {
            assert_eq!(on(jobs, &[]), one, "--jobs {jobs}");
            let limited = on(jobs, &["--limit", "1000"]);
            assert_eq!((limited.0.as_str(), limited.1), ("1000", Some(0)), "--jobs {jobs}");
            let bounded = on(jobs, &["--max-nodes", "5000"]);
            let found: u64 = bounded.0.parse().unwrap();
            assert!(bounded.1 == Some(3) && found < count.parse().unwrap(), "--jobs {jobs}: {bounded:?}");
        }
    }
}

#[test]
fn a_line_of_the_variant_file_without_boxes_has_those_of_its_size() {
    // Left out, the boxes are those of a line of 16 characters (2×2): the 288 grids; written
    // `null`, there are none: the 576 Latin squares of order 4 (OEIS A002860).
    let count = |boxes: &str| {
        let line = format!(r#"{{"size":4,{boxes}"givens":"................"}}"#);
        let out = backtrack(&["sudoku", "--count", &line], "");
        (text(&out.stdout), out.status.code())
    };
    assert_eq!(count(""), ("288\n".to_string(), Some(0)));
    assert_eq!(count(r#""boxes":null,"#), ("576\n".to_string(), Some(0)));
    assert_eq!(count(r#""boxes":"2x2","#), ("288\n".to_string(), Some(0)));
}

#[test]
fn a_6x6_puzzle_is_solved_and_shown_with_its_boxes() {
    let out = backtrack(&["sudoku", SIX], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("A solution:\n   1 2 3    4 5 6\n   4 5 6    1 2 3\n\n   2 3 1    5 6 4\n"),
        "{stdout}"
    );
    Rules::new(6, Some((2, 3)), None, &[]).check(SIX, SIX_GRID).unwrap();
    // Every solver that takes a 6×6 grid finds the same one solution.
    for solver in [&["--solver", "dlx"][..], &["--solver", "backtrack", "--order", "fewest"], &[]] {
        let args = [&["sudoku", "--format", "line", "--count", "--limit", "2"][..], solver, &[SIX]].concat();
        assert_eq!(text(&backtrack(&args, "").stdout), "1\n", "{solver:?}");
        let args = [&["sudoku", "--format", "line"][..], solver, &[SIX]].concat();
        assert_eq!(text(&backtrack(&args, "").stdout), format!("{SIX_GRID}\n"), "{solver:?}");
    }
    // The same grid pasted as six lines.
    let pasted: String =
        SIX.as_bytes().chunks(6).map(|row| format!("{}\n", std::str::from_utf8(row).unwrap())).collect();
    let out = backtrack(&["sudoku", "--format", "line", "-"], &pasted);
    assert_eq!(text(&out.stdout), format!("{SIX_GRID}\n"), "{}", text(&out.stderr));
}

#[test]
fn boxes_regions_and_rules_from_the_options() {
    // 6×6 with boxes of 3 rows by 2 columns: the 28,200,960 grids of 2×3 boxes transposed,
    // 28,200,960 / 6! of them with a first column fixed.
    let first_column: String =
        (0..36).map(|i| if i % 6 == 0 { (b'1' + i as u8 / 6) as char } else { '.' }).collect();
    let tall = backtrack(&["sudoku", "--boxes", "3x2", "--count", &first_column], "");
    assert_eq!(text(&tall.stdout), "39168\n", "{}", text(&tall.stderr));
    // A jigsaw: every solution keeps the regions.
    let out = backtrack(&["sudoku", "--regions", MAP, "--all", "--format", "line", "................"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rules = Rules::new(4, None, Some(MAP), &[]);
    let solutions: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert!(!solutions.is_empty());
    for solution in &solutions {
        rules.check("................", solution).unwrap();
    }
    let count = backtrack(&["sudoku", "--regions", MAP, "--count", "................"], "");
    assert_eq!(text(&count.stdout), format!("{}\n", solutions.len()));
    // X-Sudoku: fewer 4×4 grids than 288, each with both diagonals right.
    let out =
        backtrack(&["sudoku", "--rules", "diagonals", "--all", "--format", "line", "................"], "");
    let rules = Rules::new(4, Some((2, 2)), None, &["diagonals"]);
    let x: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert!(!x.is_empty() && x.len() < 288, "{}", x.len());
    for solution in x {
        rules.check("................", solution).unwrap();
    }
}

#[test]
fn the_variant_file() {
    let dir = std::env::temp_dir().join(format!("backtrack-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("sample.jsonl");
    // The sample, with a killer whose cage cannot be and a broken line among them.
    let killer = r#"{"size":4,"boxes":"2x2","givens":"................","cages":[{"sum":9,"cells":[0,1]}]}"#;
    let text_in = format!("{}{killer}\n{{\"size\": 4\n", VARIANTS_SIGH);
    std::fs::write(&path, &text_in).unwrap();
    let out = backtrack(&["sudoku", "--format", "json", "-f", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2), "bad lines: bad input");
    let reports: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let n = common::puzzles(VARIANTS_SIGH).count();
    assert_eq!(reports.len(), n + 2);
    for (line, report) in common::puzzles(VARIANTS_SIGH).zip(&reports) {
        let fields: serde_json::Value = serde_json::from_str(line).unwrap();
        if !fields["solution"].is_null() {
            assert_eq!(report["solutions"][0], fields["solution"], "{}", fields["id"]);
        }
        assert_eq!(report["unique"], true);
    }
    assert_eq!(reports[n]["verdict"], "invalid");
    assert_eq!(
        reports[n]["reason"],
        format!("line {}: field `cages`: cage 1: 2 different values make 3 to 7, not 9", n + 1)
    );
    let reason = reports[n + 1]["reason"].as_str().unwrap();
    assert!(reason.starts_with(&format!("line {}: not a puzzle of the variant file", n + 2)), "{reason}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_logic_solver_explains_any_grid_of_houses() {
    // A 6×6 explained step by step: its sentences name its cells, it ends on the solution.
    let out = backtrack(&["sudoku", "--explain", SIX], "");
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("1. naked single: r1c5 can only be 5"), "{stdout}");
    assert!(stdout.contains("solved (easy, 2.3)"), "{stdout}");
    let solution: String = stdout
        .split("The solution:")
        .nth(1)
        .unwrap()
        .split("solved")
        .next()
        .unwrap()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    assert_eq!(solution, SIX_GRID);
    // A 4×4 jigsaw with several solutions: its regions are houses of the logic solver (the
    // first hint is a hidden single in a region), and it guesses for the rest.
    let map = "ABBBAABCADCCDDDC";
    let out = backtrack(&["sudoku", "--solver", "logic", "--regions", map, "1..............2"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("grade: needs guessing (8.0)"), "{}", text(&out.stdout));
    let out = backtrack(&["sudoku", "--hint", "--regions", map, "1..............2"], "");
    assert_eq!(text(&out.stdout).trim(), "hidden single: 1 can only go in r2c3 in region 2");
}

/// The driver with propagation (the general engine's guards), `--compare` and `--estimate` on
/// grids other than the classic one, rules between cells included.
#[test]
fn the_driver_and_the_teaching_modes_on_any_grid() {
    let out = backtrack(&["sudoku", "--solver", "backtrack", "--count", "................"], "");
    assert_eq!((text(&out.stdout).as_str(), out.status.code()), ("288\n", Some(0)), "{}", text(&out.stderr));
    let out = backtrack(&["sudoku", "--solver", "backtrack", "--format", "line", SIX], "");
    assert_eq!(text(&out.stdout).trim(), SIX_GRID, "{}", text(&out.stderr));
    // Under a rule between cells the driver counts what the general engine counts.
    let latin5 = ".".repeat(25);
    for rules in ["anti-king", "anti-knight,diagonals", "non-consecutive"] {
        let count = |solver: &[&str]| {
            let args = [&["sudoku", "--count", "--rules", rules, &latin5][..], solver].concat();
            let out = backtrack(&args, "");
            assert!(out.status.code().is_some_and(|c| c < 2), "{args:?}: {}", text(&out.stderr));
            (text(&out.stdout), out.status.code())
        };
        assert_eq!(count(&["--solver", "backtrack"]), count(&[]), "{rules}");
    }
    let out = backtrack(&["sudoku", "--compare", SIX], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    for row in [
        "| backtrack, static order |",
        "| backtrack, propagating |",
        "| search |",
        "| dancing links |",
        "| logic |",
    ] {
        assert!(table.contains(row), "{row}: {table}");
    }
    assert!(!table.contains("| bitboard |"), "{table}");
    // The solvers that cannot take a rule between cells are left out of the table; the logic
    // solver takes it.
    let out = backtrack(&["sudoku", "--compare", "--rules", "anti-king", &latin5], "");
    let table = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(table.contains("| backtrack, propagating |") && table.contains("| search |"), "{table}");
    assert!(table.contains("| logic |"), "{table}");
    for row in ["static order", "dancing links"] {
        assert!(!table.contains(row), "{row}: {table}");
    }
    // Every search of the table is bounded: by --max-nodes (a hard X-Sudoku 16×16 of sigh's),
    // and by --timeout (a 25×25 of Gecode's that every solver takes over a second on, the
    // logic solver included: its bifurcations wait for the engine's solution).
    let hard = common::puzzles(VARIANTS_SIGH).nth(2).unwrap();
    let out = backtrack(&["sudoku", "--compare", "--max-nodes", "50", hard], "");
    let table = text(&out.stdout);
    assert!(table.matches("gave up at 50 nodes").count() >= 4, "{table}");
    assert!(table.contains("| logic |") && table.contains("stopped: the budget ran out"), "{table}");
    let gecode = common::puzzles(common::GECODE_25).nth(2).unwrap();
    let out = backtrack(&["sudoku", "--compare", "--timeout", "0.2", gecode], "");
    let table = text(&out.stdout);
    assert!(table.contains("--timeout 0.2"), "{table}");
    assert!(table.contains("stopped: the budget ran out"), "{table}");
    // A 25×25 the engine solves in some 800 guesses: past 300, clause learning took over, and
    // its row says so.
    let learned = common::puzzles(common::GECODE_25).next().unwrap();
    let out = backtrack(&["sudoku", "--compare", "--max-nodes", "2000", learned], "");
    let table = text(&out.stdout);
    let search = table.lines().find(|l| l.starts_with("| search |")).unwrap();
    assert!(search.ends_with("then guesses; past 300 it learns a clause from each dead end |"), "{table}");
    let out = backtrack(&["sudoku", "--compare", SIX], "");
    let search = text(&out.stdout).lines().find(|l| l.starts_with("| search |")).unwrap().to_string();
    assert!(search.ends_with("then guesses |"), "{search}");
    let out = backtrack(&["sudoku", "--estimate", "--format", "json", SIX], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(report["search"]["solutions"], 1);
    assert!(report["estimate"]["nodes"].as_f64().unwrap() >= 1.0);
    assert_eq!(report["search"]["skipped"], false);
    // A tree estimated at a thousand times the search's bound and more is not searched (a 25×25
    // of Gecode's: over 10^9 nodes against a bound of 10,000), and the text says why.
    let out = backtrack(&["sudoku", "--estimate", "--max-nodes", "10000", "--format", "json", gecode], "");
    let report: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert!(report["estimate"]["nodes"].as_f64().unwrap() > 1e9, "{report}");
    assert_eq!(
        (&report["search"]["skipped"], &report["search"]["nodes"]),
        (&true.into(), &0.into()),
        "{report}"
    );
    let out = backtrack(&["sudoku", "--estimate", "--max-nodes", "10000", gecode], "");
    let text = text(&out.stdout);
    assert!(text.contains("not run: the estimate is over 1000 times its bound (10000 nodes"), "{text}");
}

#[test]
fn what_cannot_be_done_says_why() {
    let sixteen = format!("G{}", ".".repeat(255));
    let refused = |args: &[&str], stdin: &str, why: &str| {
        let out = backtrack(args, stdin);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(why), "{args:?}: {stderr}");
    };
    refused(&["sudoku", "--solver", "bitboard", &sixteen], "", "the band engine is the classic 9×9 grid's");
    refused(
        &["sudoku", "--estimate", "--rules", "anti-knight", SIX],
        "",
        "--estimate probes the seed's generators, which take houses only, not anti-knight",
    );
    refused(
        &["sudoku", "--solver", "backtrack", "--order", "fewest", "--rules", "anti-king", SIX],
        "",
        "the seed's generators take houses only, not anti-king",
    );
    refused(&["sudoku", "--boxes", "2x", SIX], "", "give boxes as RxC");
    refused(
        &["sudoku", "--boxes", "2x3", &".".repeat(81)],
        "",
        "81 cells, expected 36 for the 6×6 (2×3 boxes) grid of the options",
    );
    refused(
        &["sudoku", "--regions", "AAABBBAACCBBACCCDBECDDDFEEDDFFEEEFFF", &".".repeat(81)],
        "",
        "81 cells, expected 36 for the 6×6 jigsaw grid of the options",
    );
    refused(&["sudoku", "--regions", "AAABB", SIX], "", "--regions: the map has 5 letters, not N²");
    refused(
        &["sudoku", "--regions", "AAAAABBBCCCCDDDD", "................"],
        "",
        "region 'A' has 5 cells; a 4x4 grid's regions have 4 each",
    );
    refused(&["sudoku", "--rules", "sideways", SIX], "", "no rule is called \"sideways\"");
    refused(&["sudoku", "--rules", "windoku", SIX], "", "a 6x6 grid has none");
    refused(&["sudoku", &format!("{}Q", ".".repeat(15))], "", "'Q' is not a digit or an empty mark");
    refused(
        &["sudoku", &format!("{}A", ".".repeat(80))],
        "",
        "'A' is over 9, the largest value of a 9x9 grid",
    );
    refused(&["sudoku", &".".repeat(250)], "", "250 cells, expected 256");
    refused(&["sudoku", ""], "", "the puzzle is empty: no cells, expected 81");
    refused(&["sudoku", "--boxes", "2x3", " "], "", "the puzzle is empty: no cells, expected 36");
    // One of a thing is said in the singular.
    refused(&["sudoku", "5"], "", "1 cell, expected 81");
    refused(
        &["sudoku", "--boxes", "2x3", "5"],
        "",
        "1 cell, expected 36 for the 6×6 (2×3 boxes) grid of the options",
    );
    refused(&["sudoku", "-f", "-"], "1234\n5\n", "line 2 has 1 cell, expected 4");
}

#[test]
fn rules_between_cells_from_the_command_line_and_the_variant_file() {
    // sigh's anti-knight example (MIT), given as a line with --rules and as a line of the
    // variant file: its published solution both ways.
    let line = puzzles(VARIANTS_SIGH).find(|l| l.contains("Anti-knights move")).unwrap();
    let fields: serde_json::Value = serde_json::from_str(line).unwrap();
    let (givens, published) = (fields["givens"].as_str().unwrap(), fields["solution"].as_str().unwrap());
    let out = backtrack(&["sudoku", "--rules", "anti-knight", "--format", "line", givens], "");
    assert_eq!((text(&out.stdout).trim(), out.status.code()), (published, Some(0)), "{}", text(&out.stderr));
    let out = backtrack(&["sudoku", "--format", "line", "-"], line);
    assert_eq!(text(&out.stdout).trim(), published, "{}", text(&out.stderr));
    // Without the rule, the same givens have other solutions.
    let out = backtrack(&["sudoku", "--count", "--limit", "2", givens], "");
    assert_eq!(text(&out.stdout), "2\n");
    // Solvers of houses alone refuse the rule with a sentence; an unknown rule is named.
    for solver in [&["--solver", "dlx"][..], &["--solver", "backtrack", "--order", "fewest"]] {
        let out = backtrack(&[&["sudoku", "--rules", "anti-king"][..], solver, &[givens]].concat(), "");
        assert_eq!(out.status.code(), Some(2), "{solver:?}");
        assert!(text(&out.stderr).contains("take houses only, not anti-king"), "{}", text(&out.stderr));
    }
    let out = backtrack(&["sudoku", "--rules", "anti-bishop", givens], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no rule is called \"anti-bishop\""), "{}", text(&out.stderr));
    // Every 5×5 Latin square without two equal values a king's move apart, checked one by one
    // (on 4×4 with boxes there is none: a box's four cells touch).
    let empty = ".".repeat(25);
    let out = backtrack(&["sudoku", "--rules", "anti-king", "--all", "--format", "line", &empty], "");
    let rules = Rules::new(5, None, None, &["anti-king"]);
    let grids: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert!(!grids.is_empty() && grids.len() < 161_280, "{}", grids.len());
    for grid in &grids {
        rules.check(&empty, grid).unwrap();
    }
}

#[test]
fn a_killer_is_shown_with_its_cages_and_solved() {
    // sigh's "White Room" (MIT): no given, eight cages over 18 cells, one solution.
    let line = puzzles(VARIANTS_SIGH).find(|l| l.contains("White Room")).unwrap();
    let out = backtrack(&["sudoku", line], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Its cages (a letter each, then their sums):"), "{stdout}");
    assert!(stdout.contains("\n   . a .    . . b    b . .\n"), "{stdout}");
    assert!(stdout.contains("\na 7, b 5, c 6, d 6, e 15, f 3, g 17, h 23\n"), "{stdout}");
    let fields: serde_json::Value = serde_json::from_str(line).unwrap();
    let out = backtrack(&["sudoku", "--format", "line", line], "");
    let solution = text(&out.stdout).trim().to_string();
    Rules::of_json(&fields).check(fields["givens"].as_str().unwrap(), &solution).unwrap();
    // The same cages from a file with --cages, on the givens as a plain line: the same answer;
    // a cage off the grid, or a file that is not a list of cages, is refused with its reason.
    let dir = std::env::temp_dir().join(format!("backtrack-cages-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cages.json");
    std::fs::write(&file, fields["cages"].to_string()).unwrap();
    let file = file.to_str().unwrap();
    let out =
        backtrack(&["sudoku", "--cages", file, "--format", "line", fields["givens"].as_str().unwrap()], "");
    assert_eq!(text(&out.stdout).trim(), solution, "{}", text(&out.stderr));
    let out = backtrack(&["sudoku", "--cages", file, "................"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("is off the grid"), "{}", text(&out.stderr));
    // Dancing Links takes the cages as their value combinations: the same answer.
    let givens = fields["givens"].as_str().unwrap();
    let out = backtrack(&["sudoku", "--cages", file, "--solver", "dlx", "--format", "line", givens], "");
    assert_eq!(text(&out.stdout).trim(), solution, "{}", text(&out.stderr));
    // The seed's generators take houses only, and say so.
    let out =
        backtrack(&["sudoku", "--cages", file, "--solver", "backtrack", "--order", "fewest", givens], "");
    assert!(text(&out.stderr).contains("take houses only, not killer cages"), "{}", text(&out.stderr));
    std::fs::write(dir.join("bad.json"), r#"[{"sum": 3}]"#).unwrap();
    let out = backtrack(&["sudoku", "--cages", dir.join("bad.json").to_str().unwrap(), "."], "");
    assert!(text(&out.stderr).contains("missing field `cells`"), "{}", text(&out.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
    // The logic solver reads cages on a grid of any side: two cells of a 16×16 grid that add
    // up to 3 hold 1 and 2, the first thing it sees there.
    let killer16 = format!(
        r#"{{"size":16,"boxes":"4x4","givens":"{}","cages":[{{"sum":3,"cells":[0,1]}}]}}"#,
        ".".repeat(256)
    );
    let out = backtrack(&["sudoku", "--hint=3", &killer16], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout).trim(),
        "cage combination: r1c1 and r1c2 add up to 3 with {1,2}, so r1c1 and r1c2 keep {1,2}"
    );
    // Four cells adding up to 50 there: more sets of values than a classic cage ever has, so
    // they are counted, with the first and the last (as a person lists them). Counted here by
    // hand: 1 + 2 + 3 + 4 = 10 to 13 + 14 + 15 + 16 = 58.
    let sets: Vec<[u32; 4]> = (1..=16u32)
        .flat_map(|a| (a + 1..=16).flat_map(move |b| (b + 1..=16).map(move |c| [a, b, c])))
        .filter_map(|[a, b, c]| (c + 1..=16).find(|&d| a + b + c + d == 50).map(|d| [a, b, c, d]))
        .collect();
    assert_eq!((sets.len(), sets[0], sets[sets.len() - 1]), (15, [5, 14, 15, 16], [11, 12, 13, 14]));
    let killer16 = killer16.replace(r#"{"sum":3,"cells":[0,1]}"#, r#"{"sum":50,"cells":[0,1,2,3]}"#);
    let out = backtrack(&["sudoku", "--hint=3", &killer16], "");
    assert_eq!(
        text(&out.stdout).trim(),
        "cage combination: r1c1, r1c2, r1c3 and r1c4 add up to 50 with 15 sets, {5,E,F,G} to {B,C,D,E}, \
         so r1c1, r1c2, r1c3 and r1c4 keep {5,6,7,8,9,A,B,C,D,E,F,G}"
    );
}

/// The explorer's page and the search tree are written as soon as their recording stops, not
/// when the search ends: the driver counting every 16×16 grid does not end, and both files
/// are there all the same.
#[test]
fn a_page_and_a_tree_are_written_when_their_recording_stops() {
    let dir = std::env::temp_dir().join(format!("backtrack-endless-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (page, tree) = (dir.join("endless.html"), dir.join("endless.dot"));
    let empty = ".".repeat(256);
    let (page_path, tree_path) = (page.to_str().unwrap(), tree.to_str().unwrap());
    let args = ["sudoku", "--count", "--html", page_path, "--tree", tree_path, &empty];
    assert_eq!(
        said_while_running(&args, 3),
        [
            format!("wrote 200 nodes of the search tree to {tree_path}"),
            format!("wrote 200 events of the search to {page_path}"),
            "the search goes on to its end (--timeout or --max-nodes bound it)".to_string(),
        ]
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.trim_end().ends_with("</html>"), "a whole page");
    let dot = std::fs::read_to_string(&tree).unwrap();
    assert_eq!((dot.matches(" -> ").count(), dot.trim_end().ends_with('}')), (199, true), "{dot}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A search of one node is said as one: a 4×4 grid short of one digit, which the driver's
/// propagation fills at the root.
#[test]
fn a_tree_of_one_node_says_so() {
    let dir = std::env::temp_dir().join(format!("backtrack-one-node-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (page, tree) = (dir.join("one.html"), dir.join("one.dot"));
    let (page_path, tree_path) = (page.to_str().unwrap(), tree.to_str().unwrap());
    let out = backtrack(&["sudoku", "--html", page_path, "--tree", tree_path, "413232142341142."], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr).lines().collect::<Vec<_>>(),
        [
            format!("wrote 1 event of the search to {page_path}"),
            format!("wrote 1 node of the search tree to {tree_path}"),
        ]
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// The explorer's page of a jigsaw and of a killer carries their regions and cages, which it
/// draws (thick borders between regions, dashed ones around cages, each sum in the corner of
/// its cage's first cell).
#[test]
fn the_explorer_draws_regions_extra_houses_and_cages() {
    let dir = std::env::temp_dir().join(format!("backtrack-outlines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = |page: &std::path::Path| -> serde_json::Value {
        let html = std::fs::read_to_string(page).unwrap();
        let data = html.split("const DATA = ").nth(1).unwrap().split(";</script>").next().unwrap();
        serde_json::from_str(data).unwrap()
    };
    let map = "AAABBBAACCBBACCCDBECDDDFEEDDFFEEEFFF";
    let page = dir.join("jigsaw.html");
    let args =
        ["sudoku", "--order", "fewest", "--regions", map, "...3.....5..5...4...........61......", "--html"];
    let out = backtrack(&[&args[..], &[page.to_str().unwrap()]].concat(), "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let regions: Vec<u64> =
        data(&page)["regions"].as_array().unwrap().iter().map(|r| r.as_u64().unwrap()).collect();
    // Two cells share a region on the page exactly when they share a letter in the map.
    let letters: Vec<char> = map.chars().collect();
    for i in 0..36 {
        for j in 0..36 {
            assert_eq!(regions[i] == regions[j], letters[i] == letters[j], "cells {i} and {j}");
        }
    }
    let killer = common::puzzles(VARIANTS_SIGH).find(|l| l.contains("White Room")).unwrap();
    let fields: serde_json::Value = serde_json::from_str(killer).unwrap();
    let page = dir.join("killer.html");
    let out = backtrack(&["sudoku", "--explain", "--html", page.to_str().unwrap(), killer], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let killer_page = data(&page);
    let cages = killer_page["cages"].as_array().unwrap();
    for (k, cage) in fields["cages"].as_array().unwrap().iter().enumerate() {
        let cells: Vec<usize> =
            cage["cells"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap() as usize).collect();
        for &c in &cells {
            assert_eq!(cages[c], k as i64, "cell {c} in cage {k}");
        }
        let first = *cells.iter().min().unwrap();
        assert_eq!(killer_page["labels"][first], cage["sum"].to_string(), "cage {k}'s sum in its first cell");
    }
    let caged = cages.iter().filter(|c| c.as_i64() != Some(-1)).count();
    assert_eq!(
        caged,
        fields["cages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["cells"].as_array().unwrap().len())
            .sum::<usize>()
    );
    // The extra houses are tinted: an X-Sudoku's two diagonals, a windoku's four windows
    // (rows and columns 2-4 and 6-8, counted from 1).
    let shaded = |rules: &str, solver: &[&str]| -> Vec<u64> {
        let page = dir.join(format!("{rules}.html"));
        let args = [&["sudoku", "--rules", rules, "--html", page.to_str().unwrap()][..], solver].concat();
        let out = backtrack(&[&args[..], &[".".repeat(81).as_str()]].concat(), "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        data(&page)["shaded"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect()
    };
    let diagonals: Vec<u64> = (0..81u64).filter(|i| i / 9 == i % 9 || i / 9 + i % 9 == 8).collect();
    assert_eq!(shaded("diagonals", &["--solver", "backtrack"]), diagonals);
    let window = |i: u64| [1, 2, 3, 5, 6, 7].contains(&(i / 9)) && [1, 2, 3, 5, 6, 7].contains(&(i % 9));
    let windows: Vec<u64> = (0..81u64).filter(|&i| window(i)).collect();
    assert_eq!(shaded("windoku", &["--order", "fewest"]), windows);
    // The picture shades the same cells: one grey square a cell, at the cell's place.
    let pictured = |rules: &str| -> Vec<u64> {
        let path = dir.join(format!("{rules}.svg"));
        let out =
            backtrack(&["sudoku", "--rules", rules, "--svg", path.to_str().unwrap(), &".".repeat(81)], "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let svg = std::fs::read_to_string(&path).unwrap();
        let number = |l: &str, key: &str| -> u64 {
            l.split(key).nth(1).unwrap().split('"').next().unwrap().parse().unwrap()
        };
        let grey = svg.lines().filter(|l| l.starts_with("<rect") && l.contains("fill=\"#eee\""));
        grey.map(|l| (number(l, "y=\"") - 10) / 40 * 9 + (number(l, "x=\"") - 10) / 40).collect()
    };
    assert_eq!(pictured("diagonals"), diagonals);
    assert_eq!(pictured("windoku"), windows);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--svg` draws the puzzle: each cage's sum once, a dashed outline, the solution's 81 values
/// (the givens bold), thick lines between regions.
#[test]
fn the_picture_shows_cages_sums_and_the_solution() {
    let dir = std::env::temp_dir().join(format!("backtrack-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let killer = common::puzzles(VARIANTS_SIGH).find(|l| l.contains("Killer sudoku [gaps]")).unwrap();
    let fields: serde_json::Value = serde_json::from_str(killer).unwrap();
    let path = dir.join("killer.svg");
    let out = backtrack(&["sudoku", "--svg", path.to_str().unwrap(), killer], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(&path).unwrap();
    let texts: Vec<&str> =
        svg.split("<text").skip(1).map(|t| t.split('>').nth(1).unwrap().split('<').next().unwrap()).collect();
    let cages = fields["cages"].as_array().unwrap();
    let solution = fields["solution"].as_str().unwrap();
    // The sums first, then one value a cell in reading order: the published solution.
    let sums: Vec<String> = cages.iter().map(|c| c["sum"].to_string()).collect();
    assert_eq!(texts.len(), cages.len() + 81);
    let mut drawn: Vec<&str> = texts[..cages.len()].to_vec();
    let mut wanted: Vec<&str> = sums.iter().map(String::as_str).collect();
    drawn.sort_unstable();
    wanted.sort_unstable();
    assert_eq!(drawn, wanted);
    assert_eq!(texts[cages.len()..].concat(), solution);
    assert!(svg.contains("stroke-dasharray"));
    // A jigsaw: the thick lines are the region borders, no more: 6×6 with 6 regions.
    let path = dir.join("jigsaw.svg");
    let map = "AAABBBAACCBBACCCDBECDDDFEEDDFFEEEFFF";
    let out = backtrack(
        &[
            "sudoku",
            "--svg",
            path.to_str().unwrap(),
            "--regions",
            map,
            "...3.....5..5...4...........61......",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(&path).unwrap();
    let letters: Vec<char> = map.chars().collect();
    let borders = (0..36).filter(|&i| i % 6 < 5 && letters[i] != letters[i + 1]).count()
        + (0..30).filter(|&i| letters[i] != letters[i + 6]).count();
    let thick = svg.lines().filter(|l| l.starts_with("<line") && l.contains("stroke-width=\"3\"")).count();
    assert_eq!(thick, borders);
    // One puzzle only, named .svg.
    let out = backtrack(&["sudoku", "--svg", "x.png", killer], "");
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A 25×25 puzzle alone (an argument, or the one line of a file) takes `--jobs` threads once
/// clause learning has taken over: the same one solution as on one thread, kept by the rules,
/// and the same answer each time.
#[test]
fn a_puzzle_alone_on_two_threads() {
    let rules = Rules::new(25, Some((5, 5)), None, &[]);
    let dir = std::env::temp_dir().join(format!("backtrack-alone-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (number, line) in common::puzzles(common::GECODE_25).enumerate() {
        let file = dir.join(format!("{number}.txt"));
        std::fs::write(&file, format!("{line}\n")).unwrap();
        let mut answers = Vec::new();
        for jobs in ["1", "2", "2"] {
            for input in [&["-f", file.to_str().unwrap()][..], &[line]] {
                let args = [&["sudoku", "--format", "line", "--jobs", jobs][..], input].concat();
                let out = backtrack(&args, "");
                assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out.stderr));
                answers.push(text(&out.stdout).trim().to_string());
                let args = [&["sudoku", "--count", "--limit", "2", "--jobs", jobs][..], input].concat();
                assert_eq!(text(&backtrack(&args, "").stdout), "1\n", "{args:?}");
            }
        }
        rules.check(line, &answers[0]).unwrap();
        assert!(answers.iter().all(|a| *a == answers[0]), "puzzle {number}: {answers:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A drawing (--svg, --tree, --html) looks at one puzzle: given as an argument, or in a file
/// or on standard input that holds one (a line of the variant file, a pasted grid). A file of
/// two is refused with nothing written; a drawing that cannot be written is refused before the
/// search.
#[test]
fn drawings_of_the_one_puzzle_of_a_file() {
    let dir = std::env::temp_dir().join(format!("backtrack-drawn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let jigsaw = format!(r#"{{"size":4,"givens":".23..3.........1","regions":"{MAP}"}}"#);
    let file = dir.join("one.jsonl");
    std::fs::write(&file, format!("# a jigsaw of our own\n{jigsaw}\n")).unwrap();
    let file = file.to_str().unwrap();
    for (option, name, holds) in
        [("--svg", "p.svg", "<svg"), ("--tree", "t.svg", "<svg"), ("--html", "e.html", "<html")]
    {
        let path = dir.join(name);
        let out = backtrack(&["sudoku", "--format", "line", option, path.to_str().unwrap(), "-f", file], "");
        assert_eq!(out.status.code(), Some(0), "{option}: {}", text(&out.stderr));
        // The map's solution, checked by the rules of its regions.
        assert_eq!(text(&out.stdout).lines().next(), Some("1234431221433421"), "{option}");
        Rules::new(4, None, Some(MAP), &[]).check(".23..3.........1", "1234431221433421").unwrap();
        let drawn = std::fs::read_to_string(&path).unwrap();
        assert!(drawn.contains(holds), "{option}: {drawn}");
        // Standard input, a pasted grid: the same.
        std::fs::remove_file(&path).unwrap();
        let grid = ". 2 3 .\n. 3 . .\n. . . .\n. . . 1\n";
        let out = backtrack(&["sudoku", "--regions", MAP, option, path.to_str().unwrap(), "-"], grid);
        assert_eq!(out.status.code(), Some(0), "{option}: {}", text(&out.stderr));
        assert!(std::fs::read_to_string(&path).unwrap().contains(holds), "{option}");
        // Two puzzles: refused, nothing written.
        std::fs::remove_file(&path).unwrap();
        let two = format!("{jigsaw}\n{jigsaw}\n");
        let out = backtrack(&["sudoku", option, path.to_str().unwrap(), "-"], &two);
        assert_eq!(out.status.code(), Some(2), "{option}");
        assert_eq!(text(&out.stderr), format!("error: {option} looks at one puzzle; the input holds 2\n"));
        assert!(!path.exists(), "{option}");
        // A drawing that cannot be written: refused before the search.
        let nowhere = dir.join("no such folder").join(name);
        let out = backtrack(&["sudoku", option, nowhere.to_str().unwrap(), "-f", file], "");
        assert_eq!(out.status.code(), Some(2), "{option}");
        assert!(text(&out.stderr).starts_with("error: cannot write"), "{option}: {}", text(&out.stderr));
        assert!(out.stdout.is_empty(), "{option}");
        // A puzzle that is none, as an argument, a pasted grid or a line: refused, and no
        // empty drawing left behind.
        let clash = format!("11{}", ".".repeat(79));
        for (args, input) in [(vec!["12x"], ""), (vec!["-"], "1 2 3\n4 5 6\n"), (vec!["-"], clash.as_str())] {
            let mut words = vec!["sudoku", option, path.to_str().unwrap()];
            words.extend(args);
            let out = backtrack(&words, input);
            assert_eq!(out.status.code(), Some(2), "{option} {input}");
            assert!(text(&out.stderr).starts_with("error: "), "{option}: {}", text(&out.stderr));
            assert!(!path.exists(), "{option} {input}: an empty drawing was left");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A single puzzle's answer names its grid and rules beneath the problem, and maps the cells of
/// its extra houses, so that a user sees it was read as meant.
#[test]
fn the_answer_names_the_rules_and_maps_the_extra_houses() {
    let answer = |args: &[&str]| -> String {
        let out = backtrack(&[&["sudoku"], args, &[".".repeat(81).as_str()]].concat(), "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    // The map's '#' in reading order are the windows' cells: rows and columns 2-4 and 6-8.
    let windoku = answer(&["--rules", "windoku"]);
    assert!(windoku.contains("Its grid and rules: 9×9, windoku\n"), "{windoku}");
    let map = windoku.split("each value once in each:\n").nth(1).unwrap();
    let marks: Vec<usize> = map
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(9)
        .flat_map(|l| l.split_whitespace().map(|c| c == "#").collect::<Vec<_>>())
        .enumerate()
        .filter(|&(_, marked)| marked)
        .map(|(i, _)| i)
        .collect();
    let window = |i: usize| [1, 2, 3, 5, 6, 7].contains(&(i / 9)) && [1, 2, 3, 5, 6, 7].contains(&(i % 9));
    assert_eq!(marks, (0..81).filter(|&i| window(i)).collect::<Vec<_>>());
    // A rule between cells is named; it has no house to map.
    let knight = answer(&["--rules", "anti-knight"]);
    assert!(knight.contains("Its grid and rules: 9×9, anti-knight\n"), "{knight}");
    assert!(!knight.contains("extra houses"), "{knight}");
    // Extra regions on top of the boxes (a line of the variant file with both): named, and
    // drawn letter by letter.
    let map = "AABBCCCCCAAABADDDCBAABEDDDCBBBBEDDDCFAEEEEEGCFHHHEIIIIFHHHEIGGIFHHHGIGGGFFFFFIIGG";
    let line = format!(r#"{{"size":9,"boxes":"3x3","givens":"{}","regions":"{map}"}}"#, ".".repeat(81));
    let out = backtrack(&["sudoku", line.as_str()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let regions = text(&out.stdout);
    assert!(regions.contains("Its grid and rules: 9×9, extra regions\n"), "{regions}");
    let drawn = regions.split("each value once in each:\n").nth(1).unwrap();
    let letters: String =
        drawn.lines().filter(|l| !l.trim().is_empty()).take(9).flat_map(|l| l.split_whitespace()).collect();
    assert_eq!(letters, map);
    // The classic grid says nothing more.
    let classic = answer(&[]);
    assert!(!classic.contains("Its grid and rules"), "{classic}");
}

/// `--extra-regions MAP` lays regions on top of the boxes: sigh's "Jigsaw boxes, disconnected"
/// has one solution so (its published one), where the same map read as a jigsaw (`--regions`)
/// leaves many; the picture and the explorer's page give each region a colour of its own.
#[test]
fn extra_regions_from_the_command_line() {
    let map = "AABBCCCCCAAABADDDCBAABEDDDCBBBBEDDDCFAEEEEEGCFHHHEIIIIFHHHEIGGIFHHHGIGGGFFFFFIIGG";
    let givens = "4.......7.........15......4..3...7..9.1...8.6..8...4..2.......8.........7.......9";
    let published = "432659187869714253157823964543968712921475836678231495216397548394582671785146329";
    let out = backtrack(&["sudoku", "--extra-regions", map, "--format", "line", givens], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), published);
    let count = |option: &str| {
        let out = backtrack(&["sudoku", "--count", "--limit", "5", option, map, givens], "");
        text(&out.stdout).trim().to_string()
    };
    assert_eq!(count("--extra-regions"), "1");
    assert_eq!(count("--regions"), "5");
    // A map of the wrong length, or of regions of the wrong size: refused in words.
    let out = backtrack(&["sudoku", "--extra-regions", "ABC", givens], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--extra-regions: the map has 3 letters"), "{}", text(&out.stderr));
    let lopsided = format!("B{}", &map[1..]);
    let out = backtrack(&["sudoku", "--extra-regions", &lopsided, givens], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("error: --extra-regions: "), "{}", text(&out.stderr));
    // The picture: one coloured square a cell, cells of one region alike, of two regions that
    // meet side by side different.
    let dir = std::env::temp_dir().join(format!("backtrack-extra-regions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg_path = dir.join("jigsaw-boxes.svg");
    let out = backtrack(&["sudoku", "--extra-regions", map, "--svg", svg_path.to_str().unwrap(), givens], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let number = |l: &str, key: &str| -> usize {
        l.split(key).nth(1).unwrap().split('"').next().unwrap().parse().unwrap()
    };
    let mut fill = vec![String::new(); 81];
    for l in svg.lines().filter(|l| l.starts_with("<rect x=") && l.contains("width=\"40\"")) {
        let cell = (number(l, "y=\"") - 10) / 40 * 9 + (number(l, "x=\"") - 10) / 40;
        fill[cell] = l.split("fill=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
    }
    let letters = map.as_bytes();
    for a in 0..81 {
        assert!(!fill[a].is_empty(), "cell {a} has no colour");
        for b in [a + 1, a + 9].into_iter().filter(|&b| b < 81 && (b != a + 1 || a % 9 != 8)) {
            assert_eq!(fill[a] == fill[b], letters[a] == letters[b], "cells {a} and {b}");
        }
    }
    // The explorer's page: each cell's region number, in the map's order.
    let page = dir.join("jigsaw-boxes.html");
    let out = backtrack(&["sudoku", "--extra-regions", map, "--html", page.to_str().unwrap(), givens], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let html = std::fs::read_to_string(&page).unwrap();
    let data: serde_json::Value =
        serde_json::from_str(html.split("const DATA = ").nth(1).unwrap().split(";</script>").next().unwrap())
            .unwrap();
    let tints: Vec<u8> =
        data["tints"].as_array().unwrap().iter().map(|t| t.as_u64().unwrap() as u8).collect();
    assert_eq!(tints, map.bytes().map(|b| b - b'A').collect::<Vec<_>>());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_prime_side_is_solved_as_rows_and_columns_and_says_so() {
    // 49 cells: a 7×7 grid, which has no boxes. Its answer keeps every row and column and
    // says the grid has no boxes, where it would otherwise read as a jigsaw's without its map.
    let line = format!("1{}", ".".repeat(48));
    let out = backtrack(&["sudoku", "--format", "line", &line], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // The first grid found, then the note that there are more.
    let stdout = text(&out.stdout);
    let grid = stdout.lines().next().unwrap_or_default();
    Rules::new(7, None, None, &[]).check(&line, grid).unwrap();
    let out = backtrack(&["sudoku", &line], "");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "Its grid and rules: 7×7 Latin\n\nA side of 7 has no boxes: rows and columns only \
             (--regions MAP gives a jigsaw's regions)."
        ),
        "{stdout}"
    );
    // A Latin square of a side with boxes is the variant file's choice: said as such.
    let out = backtrack(&["sudoku", r#"{"size":4,"boxes":null,"givens":"1..............."}"#], "");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("4×4 Latin\n\nNo boxes: rows and columns only.\n"), "{stdout}");
    // A grid of boxes says nothing of the kind.
    let out = backtrack(&["sudoku", SIX], "");
    assert!(!text(&out.stdout).contains("no boxes"), "{}", text(&out.stdout));
}
