//! Exact cover with multiplicities (Knuth's Algorithm M): solutions, nodes, updates and
//! cleansings equal to those of his DLX3, built from his CWEB sources
//! (`../shared/bench/peers/knuth/build.sh`); the figures are kept here. (Before they were
//! written down, 678 random instances with bounds and colours were compared the same way.)

mod common;

use common::instances::tiling;

use backtrack::Budget;
use backtrack::dlx::{BitMultiSolver, DlxError, MultiSolver, Named, Outcome};

/// Solutions, nodes, updates and cleansings of a whole count, and the solutions' options.
fn counts(text: &str) -> ((u64, u64, u64, u64), Vec<Vec<String>>) {
    let mut p = Named::from_knuth_format(text).unwrap();
    let names = p.names().clone();
    let mut solutions = Vec::new();
    let mut solver = MultiSolver::new(p.matrix());
    let s = solver.search(|options| {
        solutions.push(options.iter().map(|&o| names.option(o).to_string()).collect());
        true
    });
    assert_eq!(solver.outcome(), Outcome::Exhausted);
    drop(solver);
    // On bit sets: the same solutions in the same order, and the same counters.
    let mut bits = BitMultiSolver::new(p.matrix_ref());
    let mut on_bits = Vec::new();
    while let Some(options) = bits.next_solution() {
        on_bits.push(options.iter().map(|&o| names.option(o).to_string()).collect::<Vec<_>>());
    }
    assert_eq!(bits.outcome(), Outcome::Exhausted);
    assert_eq!(on_bits, solutions);
    assert_eq!(bits.stats(), s);
    ((s.solutions, s.nodes, s.updates, s.cleansings), solutions)
}

#[test]
fn tilings_with_pieces_used_several_times_count_as_dlx3_counts() {
    // DLX3 on the same text: solutions, nodes, updates, cleansings.
    let (counted, tilings) = counts(&tiling(3, 4, &[("L", 4)]));
    assert_eq!(counted, (4, 16, 271, 0));
    for tiling in &tilings {
        // Four L-trominoes, every square once.
        assert_eq!(tiling.len(), 4);
        let mut squares: Vec<&str> = tiling.iter().flat_map(|o| o.split(' ').skip(1)).collect();
        squares.sort();
        squares.dedup();
        assert_eq!(squares.len(), 12, "{tiling:?}");
    }
    assert_eq!(counts(&tiling(4, 4, &[("L", 4), ("M", 4)])).0, (686, 2048, 19_060, 0));
    assert_eq!(counts(&tiling(4, 5, &[("L", 5), ("M", 5)])).0, (4080, 13_407, 137_511, 0));
}

#[test]
fn bounds_and_colours_together_count_as_dlx3_counts() {
    let small = "2|A 1:2|B C\nA B\nA\nB C\nA C\nB\n";
    assert_eq!(counts(small).0, (4, 11, 18, 0));
    for (text, expected) in [
        (
            "p0 1|p1 p2 0:1|p3 2|p4 | s0 s1\np3 p4 p1\np3 s0:b\np0 p2 p4\np0 p1 s1 p3\np0 p1\np3 p2 p0\np2 p3 p0 s0:a\np4 p2\np4 p3 p1\np4 p1 p3 s1:a\n",
            (3, 99, 1, 10),
        ),
        (
            "p0 1:3|p1 1:2|p2 0:2|p3 | s0 s1 s2\np0 s0\np3 p2\np2 s0:a p1 p0 s1:a\np0 p2\np3 p1 p0 s1:a s2:a\np2 s1:a s2:b s0 p1\np0 s0\np0 s1 p2 s2:b p1\np1 s2\n",
            (12, 174, 19, 36),
        ),
        (
            "p0 1|p1 0:2|p2 0:3|p3 1:2|p4 | s0 s1\np0\np2 p3\np3 s0:b s1 p4\np4 s1:b\np3 p0\np0 p3 p4\np2 p0 s0 p1\np4 p1 p2\n",
            (16, 85, 9, 38),
        ),
        (
            "1:2|p0 1:1|p1 0:1|p2 3|p3 0:1|p4 p5 | s0 s1\np5 p1\np1 p3 s0:a\np3 s1:a p5 p2 p4\np2 p0\np4 p5 p2 s1\np5 p2\np3 p0 p2 p1\np0 p1 p3\np5\np5 p3\np3 p4 p1\np3 p0\np1 p4 s0:a\n",
            (8, 190, 7, 32),
        ),
    ] {
        // As DLX3 prints them: solutions, updates, cleansings, nodes.
        let ((solutions, nodes, updates, cleansings), _) = counts(text);
        assert_eq!((solutions, updates, cleansings, nodes), expected, "{text}");
    }
}

#[test]
fn without_bounds_algorithm_m_finds_what_x_finds() {
    // Every item once: the same solutions as Algorithm X (DLX3 counts its nodes its own way).
    let queens = include_str!("data/queens8.dlx");
    assert_eq!(counts(queens).0.0, 92);
    let mut p = Named::from_knuth_format(queens).unwrap();
    assert!(!p.matrix_ref().has_multiplicities());
    let mut solver = p.solver();
    let mut n = 0;
    while solver.next_solution().is_some() {
        n += 1;
    }
    assert_eq!(n, 92);
}

#[test]
fn a_budget_stops_algorithm_m_and_the_matrix_comes_back_whole() {
    let text = tiling(4, 5, &[("L", 5), ("M", 5)]);
    let mut p = Named::from_knuth_format(&text).unwrap();
    for max in [1, 10, 100, 1000, 5000] {
        let mut solver = MultiSolver::new(p.matrix()).budget(&backtrack::Budget::nodes(max));
        let stats = solver.search(|_| true);
        assert_eq!(solver.outcome(), Outcome::OutOfBudget, "{max}");
        assert!(stats.nodes <= max);
    }
    let mut stop_after = 0;
    let mut solver = MultiSolver::new(p.matrix());
    solver.search(|_| {
        stop_after += 1;
        stop_after < 100
    });
    assert_eq!(solver.outcome(), Outcome::Stopped);
    drop(solver);
    // The matrix is as it was: the whole count again gives DLX3's figures.
    let mut solver = MultiSolver::new(p.matrix());
    let stats = solver.search(|_| true);
    assert_eq!((stats.solutions, stats.nodes, stats.updates), (4080, 13_407, 137_511));
}

#[test]
fn a_stop_with_an_item_covered_but_slack_left_restores_the_matrix() {
    // Found by fuzzing: B (1 to 2 covers) is covered at its last cover with slack left and is
    // then tweaked; stopped there, the search must reactivate it, as the null move ending its
    // level would have.
    let text = "1|A 1:2|B C | x\nA\nA\nA\nA\nB C x:b\nB\n";
    let mut p = Named::from_knuth_format(text).unwrap();
    let whole = MultiSolver::new(p.matrix()).count();
    for stop in 1..=whole.solutions {
        let mut found = 0;
        MultiSolver::new(p.matrix()).search(|_| {
            found += 1;
            found < stop
        });
        assert_eq!(p.matrix_ref().sanity(), Ok(()), "stopped at solution {stop}");
        MultiSolver::new(p.matrix()).budget(&backtrack::Budget::nodes(stop)).count();
        assert_eq!(p.matrix_ref().sanity(), Ok(()), "stopped at node {stop}");
        assert_eq!(MultiSolver::new(p.matrix()).count(), whole);
    }
}

#[test]
fn an_option_without_a_primary_item_is_left_out_as_dlx3_leaves_it() {
    // Found by fuzzing: the last option but one, `x:a`, names no primary item. DLX3 leaves it
    // out ("Option ignored"); kept, it would be purified and counted as cleansings.
    let text = "1|A 1:2|B C | x\nA\nB C x:b\nA x\nA\nB C x:b\nA\nA B x:a\nA\nB C x:b\nA C x:a\nB\nA\nB C x:b\nA C x:a\nA B x:a\nA\nB C x:b\nA C x:a\nB\nA\nB C x:b\nA C x:a\nB\n x:a\nB\n";
    let p = Named::from_knuth_format(text).unwrap();
    assert_eq!(p.ignored(), [(24, "x:a".to_string())]);
    // DLX3: "Altogether 250 solutions, ... 183 updates, 18 cleansings, ... 307 nodes".
    assert_eq!(counts(text).0, (250, 307, 183, 18));
}

#[test]
fn bad_bounds_are_refused_with_their_line() {
    for (bad, line) in
        [("0|A B\nA\n", 1), ("3:2|A\nA\n", 1), ("x|A\nA\n", 1), ("A | 2|s\nA s\n", 1), ("1:|A\nA\n", 1)]
    {
        match Named::from_knuth_format(bad) {
            Err(DlxError::Format { line: at, .. }) => assert_eq!(at, line, "{bad:?}"),
            other => panic!("{bad:?}: {other:?}"),
        }
    }
}

/// The instances above whose counts are DLX3's, with those counts (solutions, nodes, updates,
/// cleansings).
fn dlx3_instances() -> Vec<(String, (u64, u64, u64, u64))> {
    vec![
        (tiling(3, 4, &[("L", 4)]), (4, 16, 271, 0)),
        (tiling(4, 4, &[("L", 4), ("M", 4)]), (686, 2048, 19_060, 0)),
        (tiling(4, 5, &[("L", 5), ("M", 5)]), (4080, 13_407, 137_511, 0)),
        ("2|A 1:2|B C\nA B\nA\nB C\nA C\nB\n".to_string(), (4, 11, 18, 0)),
        (
            "p0 1:3|p1 1:2|p2 0:2|p3 | s0 s1 s2\np0 s0\np3 p2\np2 s0:a p1 p0 s1:a\np0 p2\np3 p1 p0 s1:a s2:a\np2 s1:a s2:b s0 p1\np0 s0\np0 s1 p2 s2:b p1\np1 s2\n".to_string(),
            (12, 36, 174, 19),
        ),
        (
            "1:2|p0 1:1|p1 0:1|p2 3|p3 0:1|p4 p5 | s0 s1\np5 p1\np1 p3 s0:a\np3 s1:a p5 p2 p4\np2 p0\np4 p5 p2 s1\np5 p2\np3 p0 p2 p1\np0 p1 p3\np5\np5 p3\np3 p4 p1\np3 p0\np1 p4 s0:a\n".to_string(),
            (8, 32, 190, 7),
        ),
        ("1|A 1:2|B C | x\nA\nA\nA\nA\nB C x:b\nB\n".to_string(), {
            let s = MultiSolver::new(Named::from_knuth_format("1|A 1:2|B C | x\nA\nA\nA\nA\nB C x:b\nB\n").unwrap().matrix()).count();
            (s.solutions, s.nodes, s.updates, s.cleansings)
        }),
    ]
}

#[test]
fn shards_of_algorithm_m_add_up_to_dlx3_counts() {
    use backtrack::split::Shard;
    for (text, expected) in dlx3_instances() {
        assert_eq!(counts(&text).0, expected, "{text}");
        let mut p = Named::from_knuth_format(&text).unwrap();
        // Cuts at every depth the instances have: one part to more subtrees than they have.
        for parts in [1, 2, 3, 5, 16, 64, 1000] {
            for n in 1..=3 {
                let mut total = backtrack::dlx::Stats::default();
                for i in 1..=n {
                    let shard = Shard::new(i, n).unwrap();
                    let (stats, outcome) = p.matrix().count_shard(parts, shard, &backtrack::Budget::new());
                    assert_eq!(outcome, Outcome::Exhausted);
                    assert_eq!(p.matrix_ref().sanity(), Ok(()), "{text} {parts} {i}/{n}");
                    total.add(&stats);
                }
                let got = (total.solutions, total.nodes, total.updates, total.cleansings);
                assert_eq!(got, expected, "{text}: {parts} parts in {n} shards");
            }
        }
        // And the matrix searches as it did.
        assert_eq!(counts(&text).0, expected, "{text}");
    }
}

#[test]
fn algorithm_m_counts_on_two_threads_as_dlx3_counts() {
    for (text, expected) in dlx3_instances() {
        let mut p = Named::from_knuth_format(&text).unwrap();
        for threads in [1, 2] {
            let s = p.matrix().count_in_parallel(threads);
            assert_eq!((s.solutions, s.nodes, s.updates, s.cleansings), expected, "{text}");
            // Up to a limit: that many, and no more than the whole count's nodes.
            let limit = expected.0.div_ceil(2);
            let (s, _) = p.matrix().count_in_parallel_within(threads, &Budget::new(), limit);
            assert!(s.solutions == limit && s.nodes <= expected.1, "{text}: {s:?}");
        }
    }
}

#[test]
fn a_budget_stops_a_shard_of_algorithm_m_and_the_matrix_comes_back_whole() {
    use backtrack::split::Shard;
    let text = tiling(4, 5, &[("L", 5), ("M", 5)]);
    let mut p = Named::from_knuth_format(&text).unwrap();
    for max in [1, 10, 100, 1000, 5000] {
        let (stats, outcome) =
            p.matrix().count_shard(64, Shard::new(1, 2).unwrap(), &backtrack::Budget::nodes(max));
        assert_eq!(outcome, Outcome::OutOfBudget, "{max}");
        assert!(stats.solutions < 4080);
        assert_eq!(p.matrix_ref().sanity(), Ok(()));
    }
    assert_eq!(counts(&text).0, (4080, 13_407, 137_511, 0));
}

#[test]
fn cover_counts_multiplicities_on_two_threads_and_in_shards_as_dlx3_does() {
    let run = common::backtrack_ok;
    let text = tiling(4, 5, &[("L", 5), ("M", 5)]);
    let shards: Vec<u8> = (1..=3)
        .flat_map(|i| run(&["cover", "--count", "--shard", &format!("{i}/3"), "-"], text.as_bytes()))
        .collect();
    let merged: serde_json::Value = serde_json::from_slice(&run(&["merge"], &shards)).unwrap();
    let s = &merged["summary"];
    assert_eq!(
        (s["solutions"].as_u64(), s["nodes"].as_u64(), s["updates"].as_u64()),
        (Some(4080), Some(13_407), Some(137_511))
    );
    for jobs in ["1", "2"] {
        let whole: serde_json::Value = serde_json::from_slice(&run(
            &["cover", "--count", "--jobs", jobs, "--format", "json", "-"],
            text.as_bytes(),
        ))
        .unwrap();
        assert_eq!(whole["algorithm"].as_str(), Some("M"));
        let counters = (whole["count"].as_u64(), whole["nodes"].as_u64(), whole["updates"].as_u64());
        assert_eq!(counters, (Some(4080), Some(13_407), Some(137_511)), "--jobs {jobs}");
    }
}

#[test]
fn the_explorer_replays_algorithm_m_with_how_many_times_each_item_is_covered() {
    let dir = std::env::temp_dir().join(format!("backtrack-multi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (file, page) = (dir.join("tiling.dlx"), dir.join("tiling.html"));
    let text = tiling(3, 4, &[("L", 4)]);
    std::fs::write(&file, &text).unwrap();
    let listed = common::backtrack_ok(
        &["cover", "--all", "--html", page.to_str().unwrap(), file.to_str().unwrap()],
        b"",
    );
    let listed = String::from_utf8(listed).unwrap();
    let (labels, solutions, end) = common::replay_page(&page);
    assert_eq!(labels[0], "L");
    assert_eq!(solutions.len(), 4, "DLX3's four tilings, each on the page");
    for (shown, tiling) in solutions.iter().zip(listed.split("\n\n")) {
        // The piece item, covered four times, shows the last option and "×4"; every square once.
        assert!(shown[0].ends_with("×4"), "{shown:?}");
        assert!(shown[1..].iter().all(|s| !s.is_empty() && !s.contains('×')), "{shown:?}");
        assert_eq!(tiling.lines().count(), 4);
    }
    assert!(end.iter().all(String::is_empty), "every move taken back at the end");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_watcher_sees_algorithm_m_and_can_stop_it() {
    use backtrack::Event;
    use std::ops::ControlFlow;
    let text = tiling(4, 4, &[("L", 4), ("M", 4)]);
    let mut p = Named::from_knuth_format(&text).unwrap();
    let (mut assumed, mut taken_back, mut solutions) = (0u64, 0u64, 0u64);
    let stats = MultiSolver::new(p.matrix())
        .watch(|e: Event<'_, usize>| match e {
            Event::Assume { .. } => assumed += 1,
            Event::TakeBack { .. } => taken_back += 1,
            Event::Solution { .. } => solutions += 1,
            Event::DeadEnd { .. } => {}
        })
        .count();
    assert_eq!(
        (stats.solutions, stats.nodes, stats.updates),
        (686, 2048, 19_060),
        "watching changes nothing"
    );
    assert_eq!(solutions, 686);
    assert_eq!(assumed, taken_back, "every move is taken back");
    // Every node but the root is entered by one move.
    assert_eq!(assumed, stats.nodes - 1);
    for stop in [1, 10, 100, 1000] {
        let mut seen = 0;
        let mut solver = MultiSolver::new(p.matrix()).watch(|_: Event<'_, usize>| {
            seen += 1;
            if seen == stop { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        solver.count();
        assert_eq!(solver.outcome(), Outcome::Stopped, "{stop}");
        drop(solver);
        assert_eq!(p.matrix_ref().sanity(), Ok(()));
    }
    assert_eq!(counts(&text).0, (686, 2048, 19_060, 0));
}

#[test]
fn a_named_problem_with_bounds_is_searched_with_algorithm_m() {
    // Named::solver reads the bounds: DLX3's counts, every solution within them, and no
    // givens (they are Algorithm X's).
    for (text, expected) in dlx3_instances() {
        let mut p = Named::from_knuth_format(&text).unwrap();
        let (_, listed) = counts(&text);
        let mut solver = p.solver();
        assert!(solver.solver().is_none(), "not the dancing links of Algorithm X");
        let mut found = Vec::new();
        while let Some(options) = solver.next_solution() {
            found.push(options.map(str::to_string).collect::<Vec<_>>());
        }
        assert_eq!(found, listed, "{text}");
        let s = solver.stats();
        assert_eq!((s.solutions, s.nodes, s.updates, s.cleansings), expected, "{text}");
        drop(solver);
        let first_option = p.names().option(0).to_string();
        let mut solver = p.solver();
        assert!(matches!(solver.choose(&first_option), Err(DlxError::Unsupported { .. })));
    }
}
