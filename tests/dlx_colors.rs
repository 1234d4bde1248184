//! Exact cover with colours (Knuth's XCC, Algorithm C): solutions, nodes, updates and
//! cleansings equal to those of his DLX2, built from his CWEB sources
//! (`../shared/bench/peers/knuth/build.sh`); the figures are kept here.

mod common;

use common::instances::word_rectangles;

use backtrack::dlx::{DlxError, Named, Outcome};

/// Solutions, nodes, updates and cleansings of a whole count on one thread.
fn counts(text: &str) -> (u64, u64, u64, u64) {
    let mut p = Named::from_knuth_format(text).unwrap();
    let mut solver = p.solver();
    while solver.next_solution().is_some() {}
    assert_eq!(solver.outcome(), Outcome::Exhausted);
    let s = solver.stats();
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
