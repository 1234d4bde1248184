//! Watching the search: the tree's DOT has the nodes the counters report, the animation is the
//! trace when no terminal is there, and the estimate predicts real sizes.

mod common;

use backtrack::sudoku::{Board, Placement};
use backtrack::watch::{Counters, NodeKind, Tree, Watch, Watcher};
use backtrack::{Event, estimate, estimate_fewest_first, stack_assumptions};
use std::collections::{HashMap, HashSet};

const NEWSPAPER: &str = "006007403000906020500304006740000010809000304010000057200603005030208000405700200";

/// A small DOT reader, enough for what `Tree::to_dot` writes: comments (the title, which must
/// count the nodes, and the legend), node statements with attributes, and `a -> b` edges.
/// Returns (nodes with their attributes, edges).
fn parse_dot(dot: &str) -> (HashMap<String, String>, Vec<(String, String)>) {
    let mut lines = dot.lines();
    assert_eq!(lines.next(), Some("digraph search {"));
    assert_eq!(dot.lines().last(), Some("}"));
    let (mut nodes, mut edges) = (HashMap::new(), Vec::new());
    for line in lines {
        let line = line.trim();
        if line == "}" || line.starts_with("node [") {
            continue;
        }
        if let Some(comment) = line.strip_prefix("// ") {
            // The title and the legend: the title counts the nodes written.
            if let Some(title) = comment.strip_prefix("The search tree: ") {
                let written = dot.lines().filter(|l| l.contains("[label=")).count();
                let nodes = if written == 1 { "1 node, ".to_string() } else { format!("{written} nodes, ") };
                assert!(title.starts_with(&nodes), "{title}");
            }
            continue;
        }
        let line = line.strip_suffix(';').expect("statements end with ';'");
        if let Some((a, b)) = line.split_once(" -> ") {
            edges.push((a.to_string(), b.to_string()));
        } else {
            let (id, attrs) = line.split_once(" [").expect("a node statement");
            assert!(attrs.ends_with(']'));
            assert!(nodes.insert(id.to_string(), attrs.to_string()).is_none(), "node {id} twice");
        }
    }
    (nodes, edges)
}

#[test]
fn the_tree_has_the_nodes_the_counters_report() {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    for (puzzle, fewest) in [(NEWSPAPER, false), (NEWSPAPER, true), (hard, true)] {
        let board: Board = puzzle.parse().unwrap();
        let generators = board.generators();
        let mut tree = Tree::new(100_000);
        let search = stack_assumptions(&generators).observe(|e: Event<'_, Placement<'_>>| tree.record(&e));
        let stats = if fewest {
            let mut search = search.fewest_first();
            assert!(search.next().is_some());
            search.stats().clone()
        } else {
            let mut search = search;
            assert!(search.next().is_some());
            search.stats().clone()
        };
        assert_eq!(tree.len() as u64, stats.nodes());
        let (nodes, edges) = parse_dot(&tree.to_dot());
        assert_eq!(nodes.len() as u64, stats.nodes());
        assert_eq!(edges.len() as u64, stats.nodes() - 1, "a tree: one edge into every node but the root");
        let targets: HashSet<&String> = edges.iter().map(|(_, b)| b).collect();
        assert_eq!(targets.len(), edges.len(), "every node has one parent");
        assert!(edges.iter().all(|(a, b)| nodes.contains_key(a) && nodes.contains_key(b)));
        let dead = nodes.values().filter(|a| a.contains("color=red")).count() as u64;
        assert_eq!(dead, (0..tree.len()).filter(|&i| tree.kind(i) == NodeKind::DeadEnd).count() as u64);
        assert!(dead <= stats.dead_ends());
        assert_eq!(nodes.values().filter(|a| a.contains("doublecircle")).count(), 1, "one solution");
    }
}

#[test]
fn the_tree_stops_the_search_at_its_limit() {
    let board: Board = NEWSPAPER.parse().unwrap();
    let generators = board.generators();
    let mut tree = Tree::new(40);
    let mut search = stack_assumptions(&generators).observe(|e: Event<'_, Placement<'_>>| tree.record(&e));
    assert!(search.next().is_none());
    assert!(search.is_stopped());
    assert_eq!(search.stats().nodes(), 40);
    drop(search);
    assert_eq!(tree.len(), 40);
    assert_eq!(format!("{board:#}"), NEWSPAPER.replace('0', "."), "the board is restored");
}

#[test]
fn the_animation_without_a_terminal_is_the_trace() {
    let board: Board = NEWSPAPER.parse().unwrap();
    let generators = board.generators();
    let lines = |watch: &Watch| {
        let mut out = Vec::new();
        let draw = |_: &Event<'_, Placement<'_>>, c: &Counters| format!("frame {}", c.nodes);
        let mut watcher = Watcher::new(&mut out, watch, |slot| format!("dead end at slot {slot}"), draw);
        let mut search = stack_assumptions(&generators).observe(|e: Event<'_, _>| watcher.see(&e));
        search.next();
        drop(search);
        String::from_utf8(out).unwrap()
    };
    let trace = lines(&Watch { trace: true, limit: 30, ..Watch::default() });
    assert_eq!(trace.lines().count(), 30);
    assert!(trace.starts_with("assume r1c1=1\n  assume r1c2=2\n"), "{trace}");
    // With frames, each event clears the screen and draws one: as many frames as trace lines.
    let everything = lines(&Watch { trace: true, limit: u64::MAX, ..Watch::default() });
    let frames = lines(&Watch { animate: true, limit: 30, ..Watch::default() });
    let count = frames.matches("\x1b[H\x1b[2J").count();
    assert_eq!(count, everything.lines().count());
    assert!(frames.starts_with("\x1b[H\x1b[2Jframe 1\x1b[H\x1b[2Jframe 2"));
}

#[test]
fn estimates_are_near_the_real_sizes() {
    // The newspaper puzzle, both orders: the mean of many probes is within 10% of the tree.
    let board: Board = NEWSPAPER.parse().unwrap();
    let generators = board.generators();
    let mut search = stack_assumptions(&generators);
    search.by_ref().count();
    let real = search.stats().nodes() as f64;
    drop(search);
    // The static tree is lopsided (a few long paths), so the estimate needs many probes.
    let guess = estimate(&generators, 40_000, 3).nodes;
    assert!((guess / real - 1.0).abs() < 0.10, "static: {guess} against {real}");

    let mut search = stack_assumptions(&generators).fewest_first();
    search.by_ref().count();
    let real = search.stats().nodes() as f64;
    drop(search);
    let guess = estimate_fewest_first(&generators, 2000, 3).nodes;
    assert!((guess / real - 1.0).abs() < 0.10, "fewest: {guess} against {real}");
    // No probes: no estimate, and it says so.
    let none = estimate(&generators, 0, 3);
    assert_eq!((none.probes, none.nodes, none.solutions), (0, 0.0, 0.0));
    assert_eq!(format!("{board:#}"), NEWSPAPER.replace('0', "."));
}
