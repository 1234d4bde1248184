//! Exact cover with colours (Knuth's XCC, Algorithm C): solutions, nodes, updates and
//! cleansings equal to those of his DLX2, built from his CWEB sources
//! (`../shared/bench/peers/knuth/build.sh`); the figures are kept here.

mod common;

use common::instances::word_rectangles;

use backtrack::dlx::{BitSolver, DlxError, Named, Outcome};

/// Solutions, nodes, updates and cleansings of a whole count on one thread, on dancing links;
/// the search on bit sets must count the same, with the same solutions in the same order.
fn counts(text: &str) -> (u64, u64, u64, u64) {
    let mut p = Named::from_knuth_format(text).unwrap();
    let mut bits = BitSolver::new(p.matrix_ref()).unwrap();
    let mut solver = p.matrix().solver();
    while let Some(solution) = solver.next_solution() {
        assert_eq!(bits.next_solution(), Some(solution));
    }
    assert_eq!(bits.next_solution(), None);
    assert_eq!(solver.outcome(), Outcome::Exhausted);
    let s = solver.stats();
    assert_eq!(bits.stats(), s, "bit sets count as the dancing links");
    (s.solutions, s.nodes, s.updates, s.cleansings)
}

/// TAOCP 7.2.2.1-(49): the small XCC problem of the text.
const TAOCP_49: &str = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";

#[test]
fn taocps_example_counts_as_dlx2_counts() {
    // DLX2: "Altogether 1 solution, ... 20 updates, 3 cleansings, ... 4 nodes".
    assert_eq!(counts(TAOCP_49), (1, 4, 20, 3));
    let mut p = Named::from_knuth_format(TAOCP_49).unwrap();
    let solution: Vec<&str> = p.solver().next_solution().unwrap().collect();
    assert_eq!(solution, ["q x:A", "p r x:A y"]);
}

#[test]
fn word_rectangles_count_as_dlx2_counts() {
    // DLX2 on the same files: solutions, nodes, updates, cleansings.
    assert_eq!(counts(&word_rectangles(3, 3, 200)), (1350, 8416, 1_210_001, 44_117));
    assert_eq!(counts(&word_rectangles(3, 4, 150)), (11, 547, 314_766, 13_920));
}

#[test]
fn colours_count_the_same_on_threads_and_in_shards() {
    let text = word_rectangles(3, 3, 200);
    let mut p = Named::from_knuth_format(&text).unwrap();
    let stats = p.matrix().count_in_parallel(2);
    assert_eq!(
        (stats.solutions, stats.nodes, stats.updates, stats.cleansings),
        (1350, 8416, 1_210_001, 44_117)
    );
    let (stats, outcome) = p.matrix().count_in_parallel_within(2, &backtrack::Budget::new(), 1000);
    assert_eq!((stats.solutions, outcome), (1000, Outcome::Running));
    assert!(stats.nodes < 8416 && stats.cleansings < 44_117, "{stats:?}");
    let mut total = backtrack::dlx::Stats::default();
    for i in 1..=3 {
        let shard = backtrack::split::Shard::new(i, 3).unwrap();
        let (part, outcome) = p.matrix().count_shard(64, shard, &backtrack::Budget::new());
        assert_eq!(outcome, Outcome::Exhausted);
        total.add(&part);
    }
    assert_eq!(
        (total.solutions, total.nodes, total.updates, total.cleansings),
        (1350, 8416, 1_210_001, 44_117)
    );
}

#[test]
fn every_solution_agrees_on_its_colours_and_covers_its_items() {
    // Each rectangle read back from its options: every cell given one letter by the row and
    // the column through it, each row and column once, and no rectangle twice.
    let text = word_rectangles(3, 3, 200);
    let mut p = Named::from_knuth_format(&text).unwrap();
    let mut solver = p.solver();
    let mut seen = std::collections::HashSet::new();
    while let Some(options) = solver.next_solution() {
        let mut letters = std::collections::HashMap::new();
        let mut lines = Vec::new();
        for option in options {
            let mut words = option.split(' ');
            lines.push(words.next().unwrap().to_string());
            for cell in words {
                let (cell, letter) = cell.split_once(':').unwrap();
                assert_eq!(*letters.entry(cell.to_string()).or_insert(letter.to_string()), letter, "{cell}");
            }
        }
        lines.sort();
        assert_eq!(lines, ["c1", "c2", "c3", "r1", "r2", "r3"]);
        assert_eq!(letters.len(), 9);
        let mut grid: Vec<(String, String)> = letters.into_iter().collect();
        grid.sort();
        assert!(seen.insert(grid), "a rectangle twice");
    }
    assert_eq!(seen.len(), 1350);
}

#[test]
fn a_chosen_option_with_a_clashing_colour_is_refused_and_the_format_keeps_colours() {
    let mut p = Named::from_knuth_format(TAOCP_49).unwrap();
    let mut solver = p.solver();
    solver.choose("q x:A").unwrap();
    // x has colour A now: "p x:B" clashes, "p r x:A y" agrees.
    assert!(matches!(solver.choose("p x:B"), Err(DlxError::Conflict { .. })));
    solver.choose("p r x:A y").unwrap();
    let solution: Vec<&str> = solver.next_solution().unwrap().collect();
    assert_eq!(solution, ["q x:A", "p r x:A y"]);
    drop(solver);
    // The text written back reads as the same problem.
    let again = Named::from_knuth_format(&p.to_knuth_format()).unwrap();
    assert_eq!(again.to_knuth_format(), p.to_knuth_format());
    assert_eq!(counts(&p.to_knuth_format()), (1, 4, 20, 3));
    // A colour on a primary item is refused with its line; so is a colour without a name.
    for (bad, line) in [("p q | x\np:A x\n", 2), ("p | x\np x:\n", 2), ("p | x:A\np x\n", 1)] {
        match Named::from_knuth_format(bad) {
            Err(DlxError::Format { line: at, .. }) => assert_eq!(at, line, "{bad:?}"),
            other => panic!("{bad:?}: {other:?}"),
        }
    }
}

#[test]
fn cover_shards_of_a_coloured_file_merge_to_dlx2s_counts() {
    let run = common::backtrack_ok;
    let text = word_rectangles(3, 3, 200);
    let shards: Vec<u8> = (1..=3)
        .flat_map(|i| run(&["cover", "--count", "--shard", &format!("{i}/3"), "-"], text.as_bytes()))
        .collect();
    let merged: serde_json::Value = serde_json::from_slice(&run(&["merge"], &shards)).unwrap();
    let s = &merged["summary"];
    assert_eq!((s["solutions"].as_u64(), s["nodes"].as_u64()), (Some(1350), Some(8416)));
    assert_eq!((s["updates"].as_u64(), s["cleansings"].as_u64()), (Some(1_210_001), Some(44_117)));
    // The whole count says which algorithm ran, with the same counters.
    let whole: serde_json::Value =
        serde_json::from_slice(&run(&["cover", "--count", "--format", "json", "-"], text.as_bytes()))
            .unwrap();
    assert_eq!((whole["algorithm"].as_str(), whole["cleansings"].as_u64()), (Some("C"), Some(44_117)));
}

#[test]
fn the_explorer_shows_the_colour_an_item_is_given() {
    let dir = std::env::temp_dir().join(format!("backtrack-colours-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (file, page) = (dir.join("taocp49.dlx"), dir.join("taocp49.html"));
    std::fs::write(&file, TAOCP_49).unwrap();
    common::backtrack_ok(&["cover", "--all", "--html", page.to_str().unwrap(), file.to_str().unwrap()], b"");
    let (labels, solutions, end) = common::replay_page(&page);
    assert_eq!(labels, ["p", "q", "r", "x", "y"], "every item is a cell, secondary ones too");
    // The one solution: `q x:A` (option 4) and `p r x:A y` (option 2); x coloured A by both.
    assert_eq!(solutions, [["2", "4", "2", "A×2", "2"]]);
    assert!(end.iter().all(String::is_empty), "every move taken back at the end");
    let _ = std::fs::remove_dir_all(dir);
}

/// Replay `cover --trace` of a whole count of `text` and hold every line to the problem's own
/// rules, read here from the text alone: a stack of the options chosen (taken back where they
/// were chosen), each choice's item among the option's items, each colour said as the options
/// on the stack give it ("takes" the first time, "already" after), each bounded item's covers
/// counted on the stack, and at each `solution` every primary item covered within its bounds
/// and every secondary item given one colour or covered at most once. Returns the choices
/// (null moves included) and the solutions.
fn replay_trace(text: &str) -> (u64, u64) {
    let stdout = common::backtrack_ok(&["cover", "--count", "--trace=1000000", "-"], text.as_bytes());
    let stdout = common::text(&stdout);
    let mut lines = text.lines().filter(|l| !l.starts_with('|') && !l.trim().is_empty());
    let (mut bounds, mut secondary) = (std::collections::HashMap::new(), Vec::new());
    let mut in_secondary = false;
    for token in lines.next().unwrap().split_whitespace() {
        match (token, token.rsplit_once('|')) {
            ("|", _) => in_secondary = true,
            (_, _) if in_secondary => secondary.push(token.to_string()),
            (_, Some((spec, name))) => {
                let (lo, hi) = spec.split_once(':').unwrap_or((spec, spec));
                bounds.insert(name.to_string(), (lo.parse::<u32>().unwrap(), hi.parse::<u32>().unwrap()));
            }
            (_, None) => drop(bounds.insert(token.to_string(), (1, 1))),
        }
    }
    // The stack: each choice's depth and option text ("" for a null move).
    let mut stack: Vec<(usize, String)> = Vec::new();
    let covers = |stack: &[(usize, String)], item: &str| {
        stack.iter().filter(|(_, o)| o.split(' ').any(|i| i.split(':').next() == Some(item))).count()
    };
    let colour_of = |stack: &[(usize, String)], item: &str| -> Vec<String> {
        let given = stack.iter().flat_map(|(_, o)| o.split(' ').filter_map(|i| i.split_once(':')));
        given.filter(|(i, _)| *i == item).map(|(_, c)| c.to_string()).collect()
    };
    let (mut choices, mut solutions) = (0, 0);
    let mut lines = stdout.lines().peekable();
    while let Some(line) = lines.next() {
        let depth = (line.len() - line.trim_start().len()) / 2;
        let line = line.trim_start();
        if let Some(rest) = line.strip_prefix("assume no more covers for ") {
            let (item, said) = rest.split_once(" (").unwrap();
            let (lo, hi) = bounds[item];
            let hi = if lo == hi { String::new() } else { format!("..{hi}") };
            assert_eq!(said, format!("{} of {lo}{hi})", covers(&stack, item)), "{line}");
            stack.push((depth, String::new()));
            choices += 1;
        } else if let Some(rest) = line.strip_prefix("assume ") {
            let (option, said) = rest.rsplit_once(" (").unwrap();
            let said = said.strip_suffix(')').unwrap();
            let mut said = said.split("; ");
            let item = said.next().unwrap().strip_prefix("for ").unwrap();
            assert!(option.split(' ').any(|i| i == item), "{line}: the item chosen is the option's");
            let before = colour_of(&stack, "");
            assert!(before.is_empty());
            for words in said {
                let parts: Vec<&str> = words.split(' ').collect();
                match parts[..] {
                    [item, "takes", colour] => {
                        assert!(colour_of(&stack, item).is_empty(), "{line}: {item} had a colour");
                        assert!(option.split(' ').any(|i| i == format!("{item}:{colour}")), "{line}");
                    }
                    [item, colour, "already"] => {
                        let given = colour_of(&stack, item);
                        assert!(!given.is_empty() && given.iter().all(|c| c == colour), "{line}: {given:?}");
                    }
                    [item, k, "of", b] => {
                        assert_eq!(k.parse::<usize>().unwrap(), covers(&stack, item) + 1, "{line}");
                        let (lo, hi) = bounds[item];
                        assert_eq!(
                            b,
                            if lo == hi { lo.to_string() } else { format!("{lo}..{hi}") },
                            "{line}"
                        );
                    }
                    _ => panic!("{line}: {words:?} says what?"),
                }
            }
            stack.push((depth, option.to_string()));
            choices += 1;
        } else if let Some(option) = line.strip_prefix("take back ") {
            let (at, taken) = stack.pop().expect("a choice to take back");
            assert_eq!(at, depth, "{line}: taken back where it was chosen");
            match option.strip_prefix("no more covers for ") {
                Some(_) => assert!(taken.is_empty(), "{line}"),
                None => assert_eq!(taken, option, "{line}"),
            }
        } else if line == "solution" {
            assert_eq!(depth, stack.len());
            for (item, &(lo, hi)) in &bounds {
                let n = covers(&stack, item) as u32;
                assert!(lo <= n && n <= hi, "{item} covered {n} times, outside {lo}..{hi}");
            }
            for item in &secondary {
                let colours = colour_of(&stack, item);
                let mut distinct = colours.clone();
                distinct.dedup();
                let plain = covers(&stack, item) - colours.len();
                assert!(distinct.len() <= 1 && (colours.is_empty() || plain == 0) && plain <= 1, "{item}");
            }
            solutions += 1;
        } else if line.starts_with("dead end: item ") {
            assert_eq!(depth, stack.len(), "{line}");
        } else {
            assert!(lines.peek().is_none(), "{line}: the count closes the answer");
            assert_eq!(line.parse::<u64>().unwrap(), solutions, "the count is the trace's solutions");
        }
    }
    assert!(stack.is_empty(), "every choice is taken back");
    (choices, solutions)
}

#[test]
fn the_trace_says_each_colour_and_cover_as_the_options_give_them() {
    use common::instances::tiling;
    // The choices are the nodes of Knuth's programs but the root; the solutions theirs (the
    // figures of DLX1, DLX2 and DLX3 above and in tests/dlx.rs and tests/dlx_multi.rs).
    assert_eq!(replay_trace(include_str!("data/queens8.dlx")), (1048, 92));
    assert_eq!(replay_trace(TAOCP_49), (3, 1));
    assert_eq!(replay_trace(&word_rectangles(3, 3, 200)), (8415, 1350));
    assert_eq!(replay_trace(&tiling(3, 4, &[("L", 4)])), (15, 4));
    assert_eq!(replay_trace("2|A 1:2|B C\nA B\nA\nB C\nA C\nB\n"), (10, 4));
    let both = "p0 1:3|p1 1:2|p2 0:2|p3 | s0 s1 s2\np0 s0\np3 p2\np2 s0:a p1 p0 s1:a\np0 p2\np3 p1 p0 s1:a s2:a\np2 s1:a s2:b s0 p1\np0 s0\np0 s1 p2 s2:b p1\np1 s2\n";
    assert_eq!(replay_trace(both), (35, 12)); // DLX3: 12 solutions, 36 nodes
}

#[test]
fn the_trace_stops_at_its_lines_and_the_search_goes_on() {
    let out = common::backtrack_ok(&["cover", "--count", "--trace=5", "tests/data/queens8.dlx"], b"");
    let out = common::text(&out);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    assert_eq!(lines[0], "assume r4 c0 a4 b3 (for r4)");
    assert_eq!(lines[5], "(the trace stopped at --trace=5; the search went on for 2375 more events)");
    assert_eq!(lines[6], "92", "the count is whole");
    for (args, error) in [
        (&["cover", "--trace", "--format", "json", "-"][..], "--trace prints text"),
        (&["cover", "--trace", "--count", "--shard", "1/2", "-"], "--trace tells one whole search"),
        (&["cover", "--trace=x", "-"], "invalid value 'x'"),
    ] {
        let out = common::run_backtrack(args, b"A\nA\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(common::text(&out.stderr).contains(error), "{args:?}: {}", common::text(&out.stderr));
    }
}

#[test]
fn killers_as_xcc_count_as_dlx2_counts_and_find_the_published_solution() {
    // Two of the sample's killers whose cages have at most four cells (a cage's options are
    // its fillings: 9·8·7·6 at most), and DLX2's counts on the same text.
    let sample: Vec<&str> = include_str!("data/variants_sigh.jsonl").lines().collect();
    for (line, expected) in [(9, (1, 145_875, 9_708_301, 347_954)), (10, (1, 79_114, 45_523_353, 1_492_299))]
    {
        let puzzle: serde_json::Value = serde_json::from_str(sample[line]).unwrap();
        let cages = puzzle["cages"].as_array().unwrap();
        assert!(cages.iter().all(|cage| cage["cells"].as_array().unwrap().len() <= 4), "line {line}");
        let text = common::instances::killer_xcc_of_line(sample[line]);
        assert_eq!(counts(&text), expected, "line {line}");
        // The solution's digits are the colours its options give the cells.
        let mut p = Named::from_knuth_format(&text).unwrap();
        let options: Vec<String> = p.solver().next_solution().unwrap().map(str::to_string).collect();
        let mut grid = vec![b'.'; 81];
        for option in options.iter().filter(|o| o.starts_with('p')) {
            let (cell, digit) = option.rsplit_once(' ').unwrap().1.split_once(':').unwrap();
            grid[cell[1..].parse::<usize>().unwrap()] = digit.as_bytes()[0];
        }
        assert_eq!(std::str::from_utf8(&grid).unwrap(), puzzle["solution"].as_str().unwrap(), "line {line}");
        // Each cage's option gives its cells the digits placed there.
        for option in options.iter().filter(|o| o.starts_with('k')) {
            for given in option.split(' ').skip(1) {
                let (cell, digit) = given.split_once(':').unwrap();
                assert_eq!(grid[cell[1..].parse::<usize>().unwrap()], digit.as_bytes()[0], "{option}");
            }
        }
    }
}

#[test]
fn the_readmes_word_square_is_the_first_solution_and_reads_the_same_across_and_down() {
    // `python3 benches/word_rectangles.py 3 3 | backtrack cover -`: its lines are those of
    // `word_rectangles(3, 3, ..)`.
    let stdout = common::backtrack_ok(&["cover", "-"], word_rectangles(3, 3, usize::MAX).as_bytes());
    let words: Vec<&str> =
        include_str!("../examples/data/words.txt").lines().filter(|w| !w.starts_with('#')).collect();
    let mut grid = [[' '; 3]; 3];
    let (mut across, mut down) = (vec![String::new(); 3], vec![String::new(); 3]);
    for option in common::text(&stdout).lines() {
        let (item, cells) = option.split_once(' ').unwrap();
        let mut word = String::new();
        for cell in cells.split(' ') {
            let (at, letter) = cell.split_once(':').unwrap();
            let (r, c) = at.split_once('.').unwrap();
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            let letter = letter.chars().next().unwrap();
            // Two options that share a cell agree on its letter.
            assert!(grid[r - 1][c - 1] == ' ' || grid[r - 1][c - 1] == letter, "{option}");
            grid[r - 1][c - 1] = letter;
            word.push(letter);
        }
        assert!(words.contains(&word.as_str()), "{word} is a word of the list");
        let n: usize = item[1..].parse().unwrap();
        let lines = if item.starts_with('r') { &mut across } else { &mut down };
        lines[n - 1] = word;
    }
    assert_eq!(across, ["ace", "cab", "ebb"], "the README's square");
    assert_eq!(down, across, "a word square: its columns are its rows");
}
