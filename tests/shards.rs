//! Shards of a Sudoku batch: `--shard I/N` solves the lines I, I + N, ...; `backtrack merge`
//! puts the answers back in input order and adds the counters up. The N shards together are
//! the whole batch: the same answers, the same counters.

mod common;

use common::{run_backtrack, text};
use serde_json::Value;
use std::process::Command;

const SET: &str = "tests/data/top1465_sample.txt";

fn shard(i: u64, n: u64, extra: &[&str]) -> String {
    let spec = format!("{i}/{n}");
    let args = [
        &[
            "sudoku", "-f", SET, "--count", "--limit", "2", "--jobs", "1", "--format", "json", "--shard",
            &spec,
        ][..],
        extra,
    ]
    .concat();
    let out = run_backtrack(&args, b"");
    // Solved, or stopped (3) when a budget is given.
    let expected = if extra.is_empty() { 0 } else { 3 };
    assert_eq!(out.status.code(), Some(expected), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// The answers without their times (which differ from run to run), and the summary.
fn split(output: &str) -> (Vec<Value>, Value) {
    let mut answers = Vec::new();
    let mut summary = Value::Null;
    for line in output.lines() {
        let mut value: Value = serde_json::from_str(line).unwrap();
        if let Some(s) = value.get("summary") {
            summary = s.clone();
        } else {
            value.as_object_mut().unwrap().remove("time_ms");
            answers.push(value);
        }
    }
    (answers, summary)
}

fn merge(input: &str, files: &[&str]) -> (Option<i32>, String, String) {
    let out = run_backtrack(&[&["merge"][..], files].concat(), input.as_bytes());
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn the_shards_together_are_the_whole_batch() {
    let whole = run_backtrack(
        &["sudoku", "-f", SET, "--count", "--limit", "2", "--jobs", "1", "--format", "json", "--stats"],
        b"",
    );
    let (whole_answers, whole_summary) = split(&text(&whole.stdout));
    let shards: Vec<String> = (1..=3).map(|i| shard(i, 3, &[])).collect();
    for (i, output) in shards.iter().enumerate() {
        let (answers, summary) = split(output);
        assert_eq!(summary["shard"], format!("{}/3", i + 1));
        for answer in &answers {
            assert_eq!((answer["line"].as_u64().unwrap() - 1) % 3, i as u64, "each shard its own lines");
        }
    }
    // Given out of order: merge orders the answers by their lines.
    let (code, merged, err) = merge(&[&shards[2][..], &shards[0], &shards[1]].concat(), &[]);
    assert_eq!(code, Some(0), "{err}");
    let (answers, summary) = split(&merged);
    assert_eq!(answers, whole_answers);
    for key in ["lines", "puzzles", "solved", "no_solution", "invalid", "stopped"] {
        assert_eq!(summary[key], whole_summary[key], "{key}");
    }
    assert_eq!(summary["counters"], whole_summary["counters"]);
    assert_eq!((summary["shards"].as_u64(), summary["complete"].as_bool()), (Some(3), Some(true)));
}

#[test]
fn merge_refuses_shards_of_different_runs_and_says_what_differs() {
    let sudoku = |i: u64, n: u64, file: &str, mode: &[&str]| {
        let spec = format!("{i}/{n}");
        let args = [&["sudoku", "-f", file, "--format", "json", "--shard", &spec][..], mode].concat();
        text(&run_backtrack(&args, b"").stdout)
    };
    let cover = |spec: &str, file: &str| {
        text(&run_backtrack(&["cover", "--count", "--shard", spec, file], b"").stdout)
    };
    let count = ["--count", "--limit", "2"];
    // Another input, another mode, another split, another problem: each refused, with both
    // runs named, and no total printed.
    for (shards, differs) in [
        ([sudoku(1, 2, SET, &count), sudoku(2, 2, "tests/data/top95.txt", &count)], "on input"),
        ([sudoku(1, 2, SET, &count), sudoku(2, 2, SET, &[])], "`sudoku --solver bitboard`"),
        ([sudoku(1, 2, SET, &count), sudoku(2, 3, SET, &count)], "in 3 shards"),
        ([cover("1/2", "tests/data/pent3x20.dlx"), cover("2/2", "tests/data/queens8.dlx")], "on input"),
    ] {
        let (code, merged, err) = merge(&shards.concat(), &[]);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains("2 different runs") && err.contains(differs), "{err}");
        assert!(err.contains("shard 1/2 is of") && err.contains("is of"), "{err}");
        assert_eq!(merged, "");
    }
    // One run: each shard's own counters stay in the merged record, in shard order.
    let (code, merged, err) = merge(
        &[cover("2/2", "tests/data/pent3x20.dlx"), cover("1/2", "tests/data/pent3x20.dlx")].concat(),
        &[],
    );
    assert_eq!(code, Some(0), "{err}");
    let summary = split(&merged).1;
    let parts = summary["parts"].as_array().unwrap();
    assert_eq!((parts[0]["shard"].as_str(), parts[1]["shard"].as_str()), (Some("1/2"), Some("2/2")));
    let sum: u64 = parts.iter().map(|p| p["solutions"].as_u64().unwrap()).sum();
    // Knuth's DLX1 on the 3x20 box: 8 solutions (2 up to symmetry).
    assert_eq!((sum, summary["solutions"].as_u64()), (8, Some(8)));
}

#[test]
fn a_missing_or_repeated_shard_makes_the_total_incomplete() {
    let (one, two) = (shard(1, 3, &[]), shard(2, 3, &[]));
    let (code, merged, err) = merge(&[&one[..], &two].concat(), &[]);
    assert_eq!(code, Some(3));
    assert!(err.contains("missing 3/3"), "{err}");
    assert_eq!(split(&merged).1["complete"], false);
    let (code, _, err) = merge(&[&one[..], &one, &two].concat(), &[]);
    assert_eq!(code, Some(3));
    assert!(err.contains("twice"), "{err}");
    // A shard that stopped at its budget makes the total incomplete too.
    let stopped = shard(3, 3, &["--max-nodes", "1"]);
    let (code, merged, _) = merge(&[&one[..], &two, &stopped].concat(), &[]);
    assert_eq!(code, Some(3));
    assert_eq!(split(&merged).1["complete"], false);
}

#[test]
fn bad_lines_keep_their_own_numbers_and_merge_refuses_what_is_not_json() {
    let input = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
                 # a comment\n\
                 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....x\n\
                 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let out = run_backtrack(&["sudoku", "-", "--shard", "1/2", "--format", "json"], input.as_bytes());
    assert_eq!(out.status.code(), Some(2), "line 3 is bad");
    let (answers, summary) = split(&text(&out.stdout));
    let lines: Vec<u64> = answers.iter().map(|a| a["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [1, 3]);
    assert_eq!(answers[1]["verdict"], "invalid");
    assert!(answers[1]["reason"].as_str().unwrap().starts_with("line 3, column 81"), "{}", answers[1]);
    assert_eq!(summary["invalid"], 1);
    let (code, _, err) = merge("solved\n", &[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("line 1: not JSON"), "{err}");
    let refused = run_backtrack(
        &[
            "sudoku",
            "--shard",
            "1/2",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ],
        b"",
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains("--shard splits a batch"));
}

#[test]
fn gnu_parallel_runs_the_shards() {
    // CI installs GNU parallel (Debian package `parallel`); without it the same shards run one
    // after the other through the shell, and the merge is checked the same way.
    let have = Command::new("parallel").arg("--version").output().is_ok_and(|o| o.status.success());
    let bin = env!("CARGO_BIN_EXE_backtrack");
    let shards = format!("{bin} sudoku -f {SET} --count --limit 2 --jobs 1 --format json --shard");
    let script = if have {
        format!("parallel --will-cite '{shards} {{}}/4' ::: 1 2 3 4 | {bin} merge")
    } else {
        eprintln!("GNU parallel is not installed: running the shards one after the other");
        format!("for i in 1 2 3 4; do {shards} $i/4; done | {bin} merge")
    };
    let out =
        Command::new("bash").arg("-c").arg(&script).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (answers, summary) = split(&text(&out.stdout));
    let puzzles =
        std::fs::read_to_string(format!("{}/{SET}", env!("CARGO_MANIFEST_DIR"))).unwrap().lines().count();
    assert_eq!(answers.len(), puzzles);
    assert!(answers.iter().enumerate().all(|(i, a)| a["line"] == i as u64 + 1 && a["count"] == 1));
    assert_eq!((summary["shards"].as_u64(), summary["complete"].as_bool()), (Some(4), Some(true)));
}

/// Run `shards` (a command with `{}` where `I/N` goes) for I = 1..=n through GNU parallel, or
/// one after the other where it is not installed, into `backtrack merge`; the merged summary.
fn merged_count(shards: &str, n: usize) -> Value {
    let have = Command::new("parallel").arg("--version").output().is_ok_and(|o| o.status.success());
    let bin = env!("CARGO_BIN_EXE_backtrack");
    let script = if have {
        format!("parallel --will-cite '{shards}' ::: $(seq -f '%g/{n}' {n}) | {bin} merge")
    } else {
        eprintln!("GNU parallel is not installed: running the shards one after the other");
        let one = shards.replace("{}", &format!("$i/{n}"));
        format!("for i in $(seq {n}); do {one}; done | {bin} merge")
    };
    let out =
        Command::new("bash").arg("-c").arg(&script).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap();
    assert!(out.status.success(), "{script}: {}", text(&out.stderr));
    let (answers, summary) = split(&text(&out.stdout));
    assert!(answers.is_empty(), "a count's shards give counters only");
    assert_eq!((summary["shards"].as_u64(), summary["complete"].as_bool()), (Some(n as u64), Some(true)));
    summary
}

#[test]
fn gnu_parallel_counts_pentominoes_in_shards_as_knuths_dlx1_does() {
    let bin = env!("CARGO_BIN_EXE_backtrack");
    let summary = merged_count(&format!("{bin} cover --count --shard {{}} tests/data/pent6x10.dlx"), 4);
    // Knuth's DLX1 on the 6x10 box: 9,356 solutions (2,339 up to symmetry, four each).
    assert_eq!(summary["solutions"], 9356);
    assert_eq!(summary["nodes"], 3_615_972);
    assert_eq!(summary["updates"], 1_234_494_906u64);
}

/// One puzzle's count in shards: Dancing Links' tree of the puzzle cut into subtrees, dealt to
/// the shards; merged, the count and the counters of one search on one thread (under a rule
/// between cells, the count of the general engine). The 6×6 grids with 2×3 boxes and a first
/// row given: 28,200,960 / 6! = 39,168; a 4×4 killer whose one cage of two cells sums to 3
/// holds 1 and 2 there: 288 × 2 / 12 = 48 grids.
#[test]
fn one_puzzles_count_in_shards_is_its_count_on_one_thread() {
    let bin = env!("CARGO_BIN_EXE_backtrack");
    let cages = std::env::temp_dir().join(format!("backtrack-shard-cages-{}.json", std::process::id()));
    std::fs::write(&cages, r#"[{"sum":3,"cells":[0,1]}]"#).unwrap();
    let first_row = format!("123456{}", ".".repeat(30));
    let killer = format!("--cages {} ................", cages.display());
    for (puzzle, count) in [(first_row.as_str(), 39_168), (killer.as_str(), 48)] {
        let summary = merged_count(&format!("{bin} sudoku --count --shard {{}} {puzzle}"), 4);
        let words: Vec<&str> = puzzle.split(' ').collect();
        let one = ["sudoku", "--solver", "dlx", "--count", "--stats", "--jobs", "1"];
        let one = run_backtrack(&[&one[..], &words].concat(), b"");
        let stats = text(&one.stderr);
        let counter = |name: &str| -> u64 {
            let line = stats.lines().find_map(|l| l.strip_prefix(&format!("{name}: "))).unwrap();
            line.parse().unwrap()
        };
        assert_eq!(summary["solutions"], count);
        assert_eq!(text(&one.stdout).trim(), count.to_string());
        assert_eq!(
            (summary["nodes"].as_u64(), summary["updates"].as_u64()),
            (Some(counter("nodes")), Some(counter("updates")))
        );
    }
    std::fs::remove_file(&cages).unwrap();
    // A rule between cells is not exact cover: the puzzle is cut into puzzles for the general
    // engine. The 6×6 grids that keep the anti-knight rule, counted whole and in shards.
    let empty = ".".repeat(36);
    let whole = run_backtrack(&["sudoku", "--count", "--jobs", "1", "--rules", "anti-knight", &empty], b"");
    let whole: u64 = text(&whole.stdout).trim().parse().unwrap();
    assert!(whole > 0);
    let summary = merged_count(&format!("{bin} sudoku --count --shard {{}} --rules anti-knight {empty}"), 3);
    assert_eq!(summary["solutions"], whole);
    assert!(summary["guesses"].as_u64().unwrap() > 0 && summary.get("nodes").is_none());
    // Asked of Dancing Links by name, refused with what to do instead.
    let out = run_backtrack(
        &["sudoku", "--count", "--shard", "1/2", "--solver", "dlx", "--rules", "anti-knight", &empty],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("anti-knight is not exact cover: leave out --solver"),
        "{}",
        text(&out.stderr)
    );
}

/// The queens example, built with this test run's profile (optimised: see Cargo.toml).
fn queens_example() -> std::path::PathBuf {
    common::build_examples(&["--example", "queens"]).join("queens")
}

#[test]
fn gnu_parallel_counts_queens_in_shards_with_the_driver() {
    let bin = queens_example();
    let summary = merged_count(&format!("{} 14 --count --shard {{}}", bin.display()), 5);
    assert_eq!(summary["solutions"], 365_596); // OEIS A000170
    // Nodes per level add up to the nodes, and the last level holds the solutions.
    let profile: Vec<u64> =
        summary["profile"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(profile.len(), 15);
    assert_eq!(profile.iter().sum::<u64>(), summary["nodes"].as_u64().unwrap());
    assert_eq!((profile[0], profile[1], profile[14]), (1, 14, 365_596));
    // The same search on one thread (the example's own count) gives the same nodes.
    let whole = Command::new(&bin).args(["14", "--stats"]).output().unwrap();
    let first = text(&whole.stdout).lines().next().unwrap_or_default().to_string();
    assert_eq!(
        first,
        format!("365596 solutions, {} nodes, {} dead ends", summary["nodes"], summary["dead_ends"])
    );
}

#[test]
fn a_count_shard_stopped_by_its_budget_says_so_and_the_merge_is_incomplete() {
    let shard = |spec: &str, extra: &[&str]| {
        let out = run_backtrack(
            &[&["cover", "--count", "--shard", spec][..], extra, &["tests/data/pent3x20.dlx"]].concat(),
            b"",
        );
        (out.status.code(), text(&out.stdout), text(&out.stderr))
    };
    let (code, stopped, err) = shard("2/2", &["--max-nodes", "50"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("stopped at --max-nodes 50:"), "{err}");
    let (_, summary) = split(&stopped);
    assert_eq!(summary["stopped"], 1);
    assert!(summary["nodes"].as_u64().unwrap() <= 50);
    let (code, first, _) = shard("1/2", &[]);
    assert_eq!(code, Some(0));
    let (code, merged, err) = merge(&[&first[..], &stopped].concat(), &[]);
    assert_eq!(code, Some(3), "{err}");
    assert_eq!(split(&merged).1["complete"], false);
    // Refused: a shard of something that is not a whole count.
    for args in [&["cover", "--shard", "1/2"][..], &["cover", "--count", "--limit", "3", "--shard", "1/2"]] {
        let out = run_backtrack(&[args, &["tests/data/pent3x20.dlx"]].concat(), b"");
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains("--shard splits a whole count"), "{}", text(&out.stderr));
    }
}

#[test]
fn a_shard_killed_midway_is_run_again_alone_and_the_merge_is_the_whole_run() {
    let have = Command::new("parallel").arg("--version").output().is_ok_and(|o| o.status.success());
    if !have {
        assert!(std::env::var_os("CI").is_none(), "GNU parallel is required under CI");
        eprintln!("GNU parallel is not installed: the restart with --resume-failed is not tried");
        return;
    }
    let dir = std::env::temp_dir().join(format!("backtrack-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = env!("CARGO_BIN_EXE_backtrack");
    let set = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(SET);
    let shard = format!("{bin} sudoku -f {} --count --limit 2 --format json --shard {{}}/4", set.display());
    // The README's job, but the first run of shard 2 is killed (SIGKILL) after 3,000 bytes
    // of its answers: its file ends in the middle of a line, without its summary.
    let job = format!(
        "if [ {{}} = 2 ] && [ ! -e died ]; then touch died; {shard} | head -c 3000 > shard{{}}.json; kill -9 $$; fi; \
         {shard} > shard{{}}.json"
    );
    let parallel = |resume: bool| {
        let mut command = Command::new("parallel");
        command.args(["--will-cite", "--joblog", "jobs.log"]);
        if resume {
            command.arg("--resume-failed");
        }
        command.args([&job, ":::", "1", "2", "3", "4"]).current_dir(&dir).output().unwrap()
    };
    let merge_files = || {
        let files: Vec<String> =
            (1..=4).map(|i| dir.join(format!("shard{i}.json")).display().to_string()).collect();
        let files: Vec<&str> = files.iter().map(String::as_str).collect();
        merge("", &files)
    };
    assert!(!parallel(false).status.success(), "the killed shard fails its job");
    // Merged now, the cut shard is refused, named with its line.
    let (code, _, err) = merge_files();
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("shard2.json") && err.contains("not JSON"), "{err}");
    // Run again: parallel starts the failed job alone.
    let again = parallel(true);
    assert!(again.status.success(), "{}", text(&again.stderr));
    let log = std::fs::read_to_string(dir.join("jobs.log")).unwrap();
    assert_eq!(log.lines().count(), 1 + 4 + 1, "a header, the four jobs, and shard 2 once more:\n{log}");
    let (code, merged, err) = merge_files();
    assert_eq!(code, Some(0), "{err}");
    let whole = run_backtrack(&["sudoku", "-f", SET, "--count", "--limit", "2", "--format", "json"], b"");
    let (answers, summary) = split(&merged);
    assert_eq!(answers, split(&text(&whole.stdout)).0);
    assert_eq!((summary["shards"].as_u64(), summary["complete"].as_bool()), (Some(4), Some(true)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_small_search_is_dealt_to_every_shard() {
    // 8 queens as exact cover: 1,049 nodes, never 64 × 4 subtrees at any depth. Cut where it is
    // widest, every shard gets solutions; the sum is still the one search's (92, OEIS A000170;
    // 1,049 nodes and 16,680 updates as Knuth's DLX1 counts them).
    let shards: Vec<Value> = (1..=4)
        .map(|i| {
            let spec = format!("{i}/4");
            let out = run_backtrack(&["cover", "--count", "--shard", &spec, "tests/data/queens8.dlx"], b"");
            serde_json::from_str::<Value>(&text(&out.stdout)).unwrap()["summary"].clone()
        })
        .collect();
    let sum = |key: &str| shards.iter().map(|s| s[key].as_u64().unwrap()).sum::<u64>();
    assert_eq!((sum("solutions"), sum("nodes"), sum("updates")), (92, 1049, 16_680));
    for shard in &shards {
        assert!(shard["solutions"].as_u64().unwrap() >= 10, "{shard}");
    }
    // The driver's cut too: 8 queens row by row (2,057 nodes), in 4 shards of the example.
    let bin = queens_example();
    let mut total = (0, 0);
    for i in 1..=4 {
        let out = Command::new(&bin).args(["8", "--count", "--shard", &format!("{i}/4")]).output().unwrap();
        let summary = serde_json::from_str::<Value>(&text(&out.stdout)).unwrap()["summary"].clone();
        let solutions = summary["solutions"].as_u64().unwrap();
        assert!(solutions >= 10, "shard {i}/4: {summary}");
        total = (total.0 + solutions, total.1 + summary["nodes"].as_u64().unwrap());
    }
    assert_eq!(total, (92, 2057));
}
