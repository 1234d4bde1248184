//! The command line, run as a user runs it: the built binary, its output and exit codes.

mod common;

use common::*;
use std::process::Output;

fn backtrack(args: &[&str], stdin: Option<&str>) -> Output {
    run_backtrack(args, stdin.unwrap_or("").as_bytes())
}

const NEWSPAPER: &str = "006007403000906020500304006740000010809000304010000057200603005030208000405700200";
const SOLUTION: &str = "926517483374986521581324796743865912859172364612439857298643175137258649465791238";

#[test]
fn default_solves_the_newspaper_puzzle_in_the_seed_layout() {
    let out = backtrack(&["sudoku"], None);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("The problem:\n   . . 6    . . 7    4 . 3\n"), "{stdout}");
    assert!(
        stdout.contains("A solution:\n   9 2 6    5 1 7    4 8 3\n   3 7 4    9 8 6    5 2 1\n"),
        "{stdout}"
    );
}

#[test]
fn one_puzzle_as_a_line() {
    let out = backtrack(&["sudoku", "--format", "line", NEWSPAPER], None);
    assert_eq!(text(&out.stdout), format!("{SOLUTION}\n"));
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_batch_with_bad_lines_solves_the_others() {
    let puzzles: Vec<&str> = puzzles(TOP95).take(4).collect();
    // line 3: too short; line 4: two 1s in row 1; line 5: r1c9 has no candidate; line 7: a
    // letter in a line of 81 characters (the band engine reads such lines itself, the other
    // solvers through a board: the same words either way)
    let twice = format!("11{}", ".".repeat(79));
    let stuck = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let letter = format!("..x{}", ".".repeat(78));
    let input = [puzzles[0], puzzles[1], "12345", &twice, &stuck, puzzles[2], &letter].join("\n");
    for args in [
        vec!["sudoku", "-"],
        vec!["sudoku", "-f", "-"], // a file named `-` is standard input, as for cover and merge
        vec!["sudoku", "--order", "static", "-"],
        vec!["sudoku", "--jobs", "1", "--solver", "dlx", "-"],
        vec!["sudoku", "--jobs", "2", "--solver", "dlx", "-"],
        vec!["sudoku", "--jobs", "2", "--solver", "logic", "-"],
    ] {
        let out = backtrack(&args, Some(&input));
        let stdout = text(&out.stdout);
        // A logic batch writes the grade after the solution.
        let lines: Vec<&str> = stdout.lines().map(|l| l.get(..81).unwrap_or(l)).collect();
        assert_eq!(lines.len(), 7, "one output line per input line: {stdout}");
        check_solution(puzzles[0], lines[0]).unwrap();
        check_solution(puzzles[1], lines[1]).unwrap();
        assert_eq!(lines[2], "invalid");
        assert_eq!(lines[3], "invalid");
        assert_eq!(lines[4], "no solution");
        check_solution(puzzles[2], lines[5]).unwrap();
        assert_eq!(lines[6], "invalid");
        let stderr = text(&out.stderr);
        assert!(stderr.contains("line 7, column 3: 'x' is not a digit or an empty mark"), "{stderr}");
        assert!(stderr.contains("line 3: 5 cells, expected 81"), "{stderr}");
        assert!(stderr.contains("line 4: digit 1 appears twice in row 1 (r1c1 and r1c2)"), "{stderr}");
        assert!(stderr.contains("line 5: no solution"), "{stderr}");
        assert_eq!(out.status.code(), Some(2), "bad input wins over no solution");
    }
}

/// On several threads a batch is solved a chunk at a time (2,048 lines on two): the answers
/// still come one a line, in input order, across the chunks, and a bad line is named by its
/// own number.
#[test]
fn a_long_batch_on_two_threads_answers_every_line_in_order() {
    let top95: Vec<&str> = puzzles(TOP95).collect();
    // 3,000 lines (more than a chunk of two threads, 2,048), with the puzzles shifted each
    // round so that a line answered out of place meets another puzzle, and a bad line near
    // the end.
    let mut lines: Vec<&str> = (0..3000).map(|i| top95[(i + i / 95) % 95]).collect();
    lines[2900] = "12345";
    let input = lines.join("\n");
    for jobs in ["1", "2"] {
        let out = backtrack(&["sudoku", "--jobs", jobs, "-"], Some(&input));
        let stdout = text(&out.stdout);
        let answers: Vec<&str> = stdout.lines().collect();
        assert_eq!(answers.len(), lines.len(), "--jobs {jobs}");
        for (i, (puzzle, answer)) in lines.iter().zip(&answers).enumerate() {
            if i == 2900 {
                assert_eq!(*answer, "invalid");
            } else {
                check_solution(puzzle, answer)
                    .map_err(|e| format!("--jobs {jobs}, line {}: {e}", i + 1))
                    .unwrap();
            }
        }
        assert!(text(&out.stderr).contains("line 2901: 5 cells, expected 81"), "--jobs {jobs}");
        assert_eq!(out.status.code(), Some(2));
    }
}

/// A short batch of quick puzzles starts on the main thread alone, and its rest goes to the
/// threads once its work is seen to be worth sharing: the answers are the same as on one
/// thread, in input order, whether the batch is shared at once, part way or never (a file of
/// a few easy puzzles, of hard ones, of many, with grids of other sizes among them).
#[test]
fn a_short_batch_on_two_threads_answers_as_on_one() {
    let four = "1.3..4.2.1...32.";
    let nine: Vec<&str> = puzzles(HARDEST).chain(puzzles(TOP95)).collect();
    let large = puzzles(GECODE_25).next().unwrap();
    for lines in [&nine[..3], &nine[..11], &nine[..], &[nine[0], four, nine[1], large, nine[2]][..]] {
        let path =
            std::env::temp_dir().join(format!("backtrack-short-{}-{}.txt", std::process::id(), lines.len()));
        std::fs::write(&path, lines.join("\n")).unwrap();
        let path = path.to_str().unwrap();
        let [one, two] = ["1", "2"]
            .map(|jobs| backtrack(&["sudoku", "--count", "--limit", "2", "--jobs", jobs, "-f", path], None));
        std::fs::remove_file(path).ok();
        assert_eq!(text(&one.stdout), text(&two.stdout));
        assert_eq!(text(&one.stdout), "1\n".repeat(lines.len()), "every puzzle has one solution");
        assert_eq!(two.status.code(), Some(0));
    }
}

#[test]
fn a_file_of_puzzles() {
    let path = std::env::temp_dir().join(format!("backtrack-cli-{}.txt", std::process::id()));
    std::fs::write(&path, EASY50).unwrap();
    let out = backtrack(&["sudoku", "-f", path.to_str().unwrap()], None);
    std::fs::remove_file(&path).ok();
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    let solutions: Vec<&str> = stdout.lines().collect();
    let puzzles: Vec<&str> = puzzles(EASY50).collect();
    assert_eq!(solutions.len(), puzzles.len());
    for (p, s) in puzzles.iter().zip(&solutions) {
        check_solution(p, s).unwrap();
    }
}

#[test]
fn exit_codes() {
    let unsolvable = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let out = backtrack(&["sudoku", &unsolvable], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("no solution"));

    let out = backtrack(&["sudoku", "12x"], None);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "error: line 1, column 3: 'x' is not a digit or an empty mark\n");

    let out = backtrack(&["sudoku", "-f", "/no/such/file.txt"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("error: cannot read /no/such/file.txt"));

    let out = backtrack(&["sudoku", "--order", "sideways"], None);
    assert_eq!(out.status.code(), Some(2), "usage errors exit 2");
}

#[test]
fn counting_with_a_limit() {
    let empty = ".".repeat(81);
    let out = backtrack(&["sudoku", "--count", "--limit", "25", &empty], None);
    assert_eq!(text(&out.stdout), "25\n");
    let out = backtrack(&["sudoku", "--count", NEWSPAPER], None);
    assert_eq!(text(&out.stdout), "1\n");
    let serg = puzzles(SERG).next().unwrap();
    let out = backtrack(&["sudoku", "--count", "--format", "line", serg], None);
    let count: u64 = text(&out.stdout).trim().parse().unwrap();
    assert!(count >= 2);
    let out = backtrack(&["sudoku", "--all", "--format", "line", serg], None);
    let all = text(&out.stdout);
    assert_eq!(all.lines().count() as u64, count);
    for line in all.lines() {
        check_solution(serg, line).unwrap();
    }
}

#[test]
fn a_pasted_grid_on_standard_input() {
    let grid = "
        . . 6 | . . 7 | 4 . 3
        . . . | 9 . 6 | . 2 .
        5 . . | 3 . 4 | . . 6
        ------+-------+------
        7 4 . | . . . | . 1 .
        8 . 9 | . . . | 3 . 4
        . 1 . | . . . | . 5 7
        ------+-------+------
        2 . . | 6 . 3 | . . 5
        . 3 . | 2 . 8 | . . .
        4 . 5 | 7 . . | 2 . .
    ";
    let out = backtrack(&["sudoku", "--format", "line", "-"], Some(grid));
    assert_eq!(text(&out.stdout), format!("{SOLUTION}\n"));
}

#[test]
fn trace_and_stats() {
    let out = backtrack(&["sudoku", "--trace", "--limit", "6", "--order", "static"], None);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[..3], ["assume r1c1=1", "  assume r1c2=2", "    assume r1c4=5"]);
    assert_eq!(lines[6], "(the trace stopped at --limit 6; the search went on)", "six events, then the note");
    assert_eq!(lines[7], "A solution:", "the search went on to the solution: {stdout}");

    let out = backtrack(&["sudoku", "--stats", "--format", "line", "--solver", "backtrack"], None);
    let stderr = text(&out.stderr);
    for key in ["nodes: ", "dead ends: ", "deepest level: ", "time: "] {
        assert!(stderr.contains(key), "{stderr}");
    }
}

#[test]
fn sudoku_by_dlx_in_every_mode() {
    let out = backtrack(&["sudoku", "--solver", "dlx", "--format", "line"], None);
    assert_eq!(text(&out.stdout), format!("{SOLUTION}\n"));
    let input: String = puzzles(TOP95).take(10).map(|p| format!("{p}\n")).collect();
    let out = backtrack(&["sudoku", "--solver", "dlx", "--stats", "-"], Some(&input));
    assert_eq!(out.status.code(), Some(0));
    for (p, s) in puzzles(TOP95).zip(text(&out.stdout).lines()) {
        check_solution(p, s).unwrap();
    }
    let stderr = text(&out.stderr);
    assert!(stderr.contains("updates: ") && stderr.contains("puzzles: 10"), "{stderr}");
    let serg = puzzles(SERG).nth(3).unwrap();
    let by_dlx = backtrack(&["sudoku", "--solver", "dlx", "--count", serg], None);
    let by_driver = backtrack(&["sudoku", "--count", serg], None);
    assert_eq!(text(&by_dlx.stdout), text(&by_driver.stdout));
    let out = backtrack(&["sudoku", "--solver", "dlx", "--trace"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn cover_reads_knuths_format() {
    let queens8 = include_str!("data/queens8.dlx");
    for jobs in ["1", "2"] {
        let out = backtrack(&["cover", "--count", "--stats", "--jobs", jobs, "-"], Some(queens8));
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(text(&out.stdout).lines().last(), Some("92"));
        assert_eq!(text(&out.stderr), "algorithm: X\nnodes: 1049\nupdates: 16680\n", "{jobs} jobs");
        // Bounded: up to a limit (the count ends there), or within a budget (it stops, exit 3).
        let out = backtrack(&["cover", "--count", "--limit", "50", "--jobs", jobs, "-"], Some(queens8));
        assert_eq!((out.status.code(), text(&out.stdout).trim()), (Some(0), "50"), "{jobs} jobs");
        let out = backtrack(&["cover", "--count", "--max-nodes", "300", "--jobs", jobs, "-"], Some(queens8));
        let count: u64 = text(&out.stdout).trim().parse().unwrap();
        assert!(out.status.code() == Some(3) && count < 92, "{jobs} jobs: {count}");
        assert!(text(&out.stderr).contains("stopped at --max-nodes 300:"), "{jobs} jobs");
    }

    // The first solution: one option a line, eight queens on distinct rows and columns.
    let out = backtrack(&["cover", "-"], Some(queens8));
    let stdout = text(&out.stdout);
    let rows: std::collections::HashSet<&str> =
        stdout.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(rows.len(), 8);

    let out = backtrack(&["cover", "--all", "--limit", "3", "-"], Some(queens8));
    assert_eq!(text(&out.stdout).split("\n\n").count(), 3);

    let out = backtrack(&["cover", "--count", "--max-nodes", "100", "-"], Some(queens8));
    assert!(text(&out.stderr).contains("stopped at --max-nodes 100:"));

    let out = backtrack(&["cover", "-"], Some("A B\nA\n"));
    assert_eq!(out.status.code(), Some(1));
    let out = backtrack(&["cover", "-"], Some("A B\nA C\n"));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "error: standard input: line 2: \"C\" is not an item\n");
    let out = backtrack(&["cover", "/no/such.dlx"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = backtrack(&["cover", "--all", "--limit", "0", "-"], Some(queens8));
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("'0' for '--limit <N>': give 1 or more"), "{}", text(&out.stderr));
}

#[test]
fn logic_solver_explain_and_hints() {
    let out = backtrack(&["sudoku", "--solver", "logic"], None);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("A solution:\n   9 2 6    5 1 7    4 8 3\n"), "{stdout}");
    assert!(stdout.ends_with("grade: easy (2.3), hardest technique: naked single\n"), "{stdout}");

    let out = backtrack(&["sudoku", "--explain"], None);
    let stdout = text(&out.stdout);
    assert!(stdout.contains(
        "\n1. naked single: r5c8 can only be 6\n2. hidden single: 4 can only go in r2c3 in box 1\n"
    ));
    assert!(stdout.contains("The solution:\n   9 2 6"));
    let empty = NEWSPAPER.matches('0').count();
    assert_eq!(
        stdout.lines().filter(|l| l.contains(". naked single") || l.contains(". hidden single")).count(),
        empty
    );

    for (level, expected) in [
        ("1", "try: naked single\n"),
        ("2", "try: naked single, look at r5c8\n"),
        ("3", "naked single: r5c8 can only be 6\n"),
    ] {
        let out = backtrack(&["sudoku", NEWSPAPER, &format!("--hint={level}")], None);
        assert_eq!(text(&out.stdout), expected);
    }
    let out = backtrack(&["sudoku", NEWSPAPER, "--hint"], None);
    assert_eq!(text(&out.stdout), "naked single: r5c8 can only be 6\n");
    let out = backtrack(&["sudoku", "--hint=4"], None);
    assert_eq!(out.status.code(), Some(2));
    let stuck = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let out = backtrack(&["sudoku", &stuck, "--hint"], None);
    assert_eq!(
        (out.status.code(), text(&out.stdout).as_str()),
        (Some(1), "no solution: r1c9 has no candidate left\n")
    );
    let out = backtrack(&["sudoku", SOLUTION, "--hint"], None);
    assert_eq!((out.status.code(), text(&out.stdout).as_str()), (Some(0), "the puzzle is solved\n"));

    // A puzzle that needs guessing: the trial is shown, indented under its step.
    let hard = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
    let out = backtrack(&["sudoku", "--explain", hard], None);
    let stdout = text(&out.stdout);
    let number = stdout.lines().find_map(|l| l.split_once(". bifurcation on r").map(|(n, _)| n.to_string()));
    let number = number.unwrap_or_else(|| panic!("no bifurcation: {stdout}"));
    assert!(stdout.contains(&format!("\n  {number}.1. ")), "{stdout}");
    assert!(stdout.contains("solved (needs guessing, 8.0)"));

    // A batch, with grades on standard error.
    let input: String = puzzles(TOP95).take(12).map(|p| format!("{p}\n")).collect();
    let out = backtrack(&["sudoku", "--solver", "logic", "--stats", "-"], Some(&input));
    for (p, s) in puzzles(TOP95).zip(text(&out.stdout).lines()) {
        let (solution, grade) = s.split_once(' ').unwrap();
        check_solution(p, solution).unwrap();
        assert!(["medium", "hard", "fiendish"].iter().any(|g| grade.starts_with(g)), "{s}");
    }
    // A finned X-Wing takes one; the chains and forcing chains solve the seven hardest without
    // guessing.
    assert!(text(&out.stderr).contains("grades: medium 4, hard 1, fiendish 7"), "{}", text(&out.stderr));

    let unsolvable = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let out = backtrack(&["sudoku", "--explain", &unsolvable], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).ends_with("no solution: r1c9 has no candidate left\n"));
    let out = backtrack(&["sudoku", "--solver", "logic", "--count"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn teaching_options() {
    // --animate without a terminal is the trace.
    let animate = backtrack(&["sudoku", "--animate", "--limit", "20", "--order", "static"], None);
    let trace = backtrack(&["sudoku", "--trace", "--limit", "20", "--order", "static"], None);
    assert_eq!(text(&animate.stdout), text(&trace.stdout));
    assert!(text(&trace.stdout).contains("dead end: r"), "{}", text(&trace.stdout));

    // --tree writes DOT with --limit nodes, or a picture.
    let dir = std::env::temp_dir();
    let dot = dir.join(format!("backtrack-tree-{}.dot", std::process::id()));
    let out =
        backtrack(&["sudoku", "--tree", dot.to_str().unwrap(), "--limit", "25", "--order", "static"], None);
    assert_eq!(out.status.code(), Some(0));
    let written = std::fs::read_to_string(&dot).unwrap();
    assert_eq!(written.lines().filter(|l| l.contains("[label=")).count(), 25);
    assert!(written.contains("color=red"), "the first 25 nodes hold a dead end");
    let svg = dir.join(format!("backtrack-tree-{}.svg", std::process::id()));
    backtrack(&["sudoku", "--tree", svg.to_str().unwrap(), "--limit", "10", "--order", "fewest"], None);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains("<svg") && picture.contains("r5c8=6"), "the first assumption is drawn");
    assert!(
        picture.contains(">The search tree: 10 nodes, ") && picture.contains("a red box: a dead end"),
        "title, legend"
    );
    std::fs::remove_file(dot).ok();
    std::fs::remove_file(svg).ok();

    // --compare: six solvers, one table.
    let out = backtrack(&["sudoku", "--compare"], None);
    let stdout = text(&out.stdout);
    for row in [
        "| backtrack, static order | 1155 | 325 |",
        "| backtrack, fewest candidates | 50 | 0 |",
        "| backtrack, propagating | 1 | 0 |",
        "| dancing links | 50 | 0 |",
        "| logic | 49 steps | 0 guesses |",
    ] {
        assert!(stdout.contains(row), "{row} in\n{stdout}");
    }

    // --estimate: the estimate beside the real size.
    let out = backtrack(&["sudoku", "--estimate", "--probes", "2000"], None);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("search:   85 nodes, 1 solution ("), "{stdout}");
    assert!(stdout.contains("estimate: "), "{stdout}");

    let out = backtrack(&["sudoku", "--solver", "dlx", "--tree", "x.dot"], None);
    assert_eq!(out.status.code(), Some(2));
    // A tree that cannot be written is refused before the search.
    let out = backtrack(&["sudoku", "--tree", "/no/such/dir/tree.dot"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("error: cannot write /no/such/dir/tree.dot"));
    assert!(text(&out.stdout).is_empty());
}

#[test]
fn an_input_that_cannot_be_read_is_named_as_the_input() {
    let dir = std::env::temp_dir().join(format!("backtrack-read-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let binary = dir.join("garbage.bin");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x80, b'\n']).unwrap();
    let name = |p: &std::path::Path| p.display().to_string();
    for (args, said) in [
        (vec!["merge", &name(&binary)], format!("cannot read {}, line 1", name(&binary))),
        (vec!["merge", &name(&dir)], format!("cannot read {}: it is a directory", name(&dir))),
        (vec!["sudoku", "-f", &name(&dir)], format!("cannot read {}: it is a directory", name(&dir))),
        (vec!["cover", &name(&dir)], name(&dir)),
    ] {
        let out = backtrack(&args, None);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(&said), "{args:?}: {err}");
        assert!(!err.contains("write"), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_negative_number_is_refused_as_a_number_not_taken_for_a_flag() {
    for args in [
        &["sudoku", "--count", "--limit", "-1", "."][..],
        &["cover", "--count", "--limit", "-1", "-"],
        &["generate", "--count", "-3"],
    ] {
        let out = backtrack(args, None);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("invalid value '-"), "{args:?}: {err}");
        assert!(!err.contains("'-- -"), "{args:?}: {err}");
    }
}

#[test]
fn an_option_without_a_primary_item_is_named_not_kept_silently() {
    // Items a and b are primary, c secondary; the second option holds c alone: no primary item
    // asks for it, so no search can choose it (Knuth's DLX1 says so too).
    let out = backtrack(&["cover", "-"], Some("a b | c\na c\nc\nb\n"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("option 2 (c) names no primary item"), "{err}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "a c\nb\n");
    // A matrix without such an option says nothing of the kind.
    let out = backtrack(&["cover", "tests/data/queens8.dlx"], None);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("warning"));
}

/// `cover --html` writes its page once the recording is full, while the search goes on: here
/// a count that does not end (the ways to cut 40 items into singles and pairs, about 10²⁴).
#[test]
fn the_cover_page_is_written_while_the_search_goes_on() {
    let dir = std::env::temp_dir().join(format!("backtrack-cover-endless-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let items: Vec<String> = (0..40).map(|i| format!("i{i}")).collect();
    let mut instance = items.join(" ") + "\n";
    for (j, a) in items.iter().enumerate() {
        instance += &format!("{a}\n");
        for b in &items[j + 1..] {
            instance += &format!("{a} {b}\n");
        }
    }
    let (file, page) = (dir.join("pairs.dlx"), dir.join("pairs.html"));
    std::fs::write(&file, instance).unwrap();
    let page_path = page.to_str().unwrap();
    let said = said_while_running(&["cover", "--count", "--html", page_path, file.to_str().unwrap()], 2);
    assert_eq!(
        said,
        [
            format!("wrote 10000 moves of the search to {page_path}"),
            "the search goes on to its end (--timeout, --max-nodes or --max-updates bound it)".to_string(),
        ]
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.trim_end().ends_with("</html>"), "a whole page");
    let _ = std::fs::remove_dir_all(dir);
}

/// A file's name given where the puzzle goes is refused as a puzzle, with how to read the file.
#[test]
fn a_file_name_for_a_puzzle_says_how_to_read_the_file() {
    let out = backtrack(&["sudoku", "tests/data/top95.txt"], None);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: line 1, column 1: 't' is not a digit or an empty mark\n\
         (the argument is the puzzle itself; to read puzzles from the file tests/data/top95.txt, \
         give -f tests/data/top95.txt)\n"
    );
    // A name that is no file gets the parser's word alone.
    let out = backtrack(&["sudoku", "no-such-file.txt"], None);
    assert_eq!(text(&out.stderr), "error: line 1, column 4: 's' is not a digit or an empty mark\n");
}
