//! The explorer pages (`--html FILE`), opened in a real browser: headless Chromium runs the
//! page's script and gives back the DOM, which is checked against what the command line's own
//! trace says of the same search (replayed here on the givens, independently of the page).
//!
//! `.ci/run` installs Debian's `chromium`. Without a Chromium on the machine these tests say so
//! and pass, except under CI (`CI` set), where a missing browser is a failure.

mod common;

use common::{run_backtrack, text};
use std::path::{Path, PathBuf};
use std::process::Command;

const NEWSPAPER: &str = "006007403000906020500304006740000010809000304010000057200603005030208000405700200";

/// The browser, or `None` (and why) when there is none outside CI.
fn chromium() -> Option<PathBuf> {
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        if Command::new(name).arg("--version").output().is_ok_and(|o| o.status.success()) {
            return Some(PathBuf::from(name));
        }
    }
    assert!(std::env::var_os("CI").is_none(), "CI must have Chromium (apt-get install chromium)");
    eprintln!("no Chromium on this machine: the explorer's browser tests are skipped");
    None
}

/// The DOM of `page` after its script ran, opened at `fragment` (`step=N&back=K`).
fn dom(browser: &Path, page: &Path, fragment: &str) -> String {
    // A profile of its own for each browser: the tests run side by side.
    static OPENED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = OPENED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let profile = tempdir(&format!("chromium-profile-{n}"));
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}#{fragment}", page.display()))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&profile);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

fn tempdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("backtrack-explorer-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The board cells' texts in the DOM, in reading order.
fn board(dom: &str) -> Vec<String> {
    let mut cells = Vec::new();
    for piece in dom.split("<td data-cell=\"").skip(1) {
        let text = piece.split_once('>').map_or("", |(_, rest)| rest.split('<').next().unwrap_or(""));
        cells.push(text.to_string());
    }
    cells
}

/// The value of `data-NAME` on the body, or of the element with id `id`.
fn attribute(dom: &str, name: &str) -> String {
    let key = format!("data-{name}=\"");
    dom.split_once(&key).and_then(|(_, rest)| rest.split('"').next()).unwrap_or_default().to_string()
}

fn counter(dom: &str, id: &str) -> String {
    let key = format!("id=\"{id}\">");
    dom.split_once(&key).and_then(|(_, rest)| rest.split('<').next()).unwrap_or_default().to_string()
}

/// The tree's nodes shown: circles not hidden.
fn shown_nodes(dom: &str) -> usize {
    dom.split("<circle").skip(1).filter(|c| !c.split('>').next().unwrap_or("").contains("hidden")).count()
}

/// The event lines of a trace.
fn events_of(trace: &str) -> Vec<String> {
    trace
        .lines()
        .filter(|l| {
            let l = l.trim_start();
            ["assume ", "take back ", "dead end", "solution"].iter().any(|p| l.starts_with(p))
        })
        .map(str::to_string)
        .collect()
}

/// The first `n` events of a trace (`assume r1c3=4`, `take back r1c3=4`, `dead end ...`,
/// `solution`), replayed on the givens: the board after them, a text a cell.
fn replay_sudoku(puzzle: &str, trace: &[String], n: usize) -> Vec<String> {
    let mut cells: Vec<String> =
        puzzle.chars().map(|c| if c == '0' || c == '.' { String::new() } else { c.to_string() }).collect();
    for line in &trace[..n] {
        let line = line.trim();
        let (set, what) = if let Some(a) = line.strip_prefix("assume ") {
            (true, a)
        } else if let Some(a) = line.strip_prefix("take back ") {
            (false, a)
        } else {
            continue;
        };
        // r{row}c{col}={digit}
        let (cell, digit) = what.split_once('=').unwrap();
        let (r, c) = cell[1..].split_once('c').unwrap();
        let index = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
        cells[index] = if set { digit.to_string() } else { String::new() };
    }
    cells
}

/// The trace lines of a search, as the command line prints them (no limit in the way).
fn trace(args: &[&str]) -> Vec<String> {
    let out = run_backtrack(&[args, &["--trace", "--limit", "1000000"]].concat(), b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    events_of(&text(&out.stdout))
}

#[test]
fn the_sudoku_page_replays_the_trace_forward_and_back() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir("sudoku");
    let page = dir.join("news.html");
    let out = run_backtrack(
        &["sudoku", NEWSPAPER, "--order", "static", "--html", page.to_str().unwrap(), "--stats"],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stats = text(&out.stderr);
    let trace = trace(&["sudoku", NEWSPAPER, "--order", "static"]);
    assert_eq!(
        trace.len(),
        2585,
        "the whole search: 1,154 assumptions, 1,105 taken back, 325 dead ends, a solution"
    );
    for step in [0, 1, 7, 100, 777, 2000, trace.len()] {
        let shown = dom(&browser, &page, &format!("step={step}"));
        assert_eq!(attribute(&shown, "position"), step.to_string());
        assert_eq!(board(&shown), replay_sudoku(NEWSPAPER, &trace, step), "the board after {step} events");
    }
    // Stepping back returns to the earlier state.
    let back = dom(&browser, &page, "step=900&back=250");
    assert_eq!(attribute(&back, "position"), "650");
    assert_eq!(board(&back), replay_sudoku(NEWSPAPER, &trace, 650));
    assert_eq!(board(&back), board(&dom(&browser, &page, "step=650")));
    // At the end the counters are the search's own (--stats), and the tree has as many nodes.
    let end = dom(&browser, &page, &format!("step={}", trace.len()));
    let line = |key: &str| {
        stats.lines().find_map(|l| l.strip_prefix(&format!("{key}: "))).unwrap_or_default().to_string()
    };
    assert_eq!(counter(&end, "c-nodes"), line("nodes"));
    assert_eq!(counter(&end, "c-dead"), line("dead ends"));
    assert_eq!(counter(&end, "c-solutions"), line("solutions"));
    assert_eq!(shown_nodes(&end).to_string(), line("nodes"));
    // The page says why the search went back at a dead end: the cell and that it has no candidate.
    let first_dead = trace.iter().position(|l| l.trim_start().starts_with("dead end")).unwrap() + 1;
    let at_dead = dom(&browser, &page, &format!("step={first_dead}"));
    let why = trace[first_dead - 1].trim().trim_start_matches("dead end: ").to_string();
    assert!(at_dead.contains(&format!("Dead end: {why}. The search goes back.")), "{why}");
    assert!(at_dead.contains("class=\"dead\""), "the dead end's cell is marked");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_queens_pages_replay_their_searches_and_a_long_one_loads_at_once() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir("examples");
    let queens = common::build_examples(&["--example", "queens"]).join("queens");
    let page = dir.join("queens.html");
    let out = Command::new(&queens).args(["6", "--html", page.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let trace_out = Command::new(&queens).args(["6", "--trace", "--limit", "1000000"]).output().unwrap();
    let trace = events_of(&text(&trace_out.stdout));
    let events: usize = text(&out.stdout).split_whitespace().nth(1).unwrap().parse().unwrap();
    assert_eq!(events, trace.len(), "the page holds the whole search");
    for step in [0, 5, 60, 200, events] {
        let mut queens_at = vec![String::new(); 36];
        for line in &trace[..step] {
            let line = line.trim();
            let (set, square) = match (line.strip_prefix("assume r"), line.strip_prefix("take back r")) {
                (Some(s), _) => (true, s),
                (_, Some(s)) => (false, s),
                _ => continue,
            };
            let (r, c) = square.split_once('c').unwrap();
            let index = (r.parse::<usize>().unwrap() - 1) * 6 + c.parse::<usize>().unwrap() - 1;
            queens_at[index] = if set { "♛".to_string() } else { String::new() };
        }
        assert_eq!(board(&dom(&browser, &page, &format!("step={step}"))), queens_at, "step {step}");
    }
    let end = dom(&browser, &page, &format!("step={events}"));
    assert_eq!(counter(&end, "c-solutions"), "4"); // six queens: four solutions
    // Knuth's profile for 6 queens, row by row: the page's nodes per level.
    let stats = Command::new(&queens).args(["6", "--stats"]).output().unwrap();
    let profile =
        text(&stats.stdout).lines().nth(1).unwrap().trim_start_matches("nodes per level: ").to_string();
    assert_eq!(counter(&end, "c-profile"), profile);

    // A page of 10^4 events (10 queens, deep in its backtracking) loads in under a second.
    let deep = dir.join("queens10.html");
    let out = Command::new(&queens).args(["10", "--html", deep.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("wrote 10000 events"));
    let shown = dom(&browser, &deep, "step=10000");
    let took: f64 = attribute(&shown, "load-ms").parse().unwrap();
    assert!(took < 1000.0, "the page took {took} ms to load and play to its end");
    assert_eq!(attribute(&shown, "position"), "10000");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_logic_page_steps_through_the_explanation() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir("logic");
    let page = dir.join("logic.html");
    let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let out = run_backtrack(&["sudoku", "--explain", "--html", page.to_str().unwrap(), puzzle], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    // The explanation as data, from the same command: each step's sentence, placements and
    // eliminations (`r8c6=1`).
    let json = run_backtrack(&["sudoku", "--explain", "--format", "json", puzzle], b"");
    let explained: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let steps = explained["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 71);
    let cell_of = |name: &str| {
        let (cell, digit) = name.split_once('=').unwrap();
        let (r, c) = cell[1..].split_once('c').unwrap();
        ((r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1, digit.to_string())
    };
    let mut placed: Vec<String> =
        puzzle.chars().map(|c| if c == '.' { String::new() } else { c.to_string() }).collect();
    for (n, step) in steps.iter().enumerate().take(12) {
        for p in step["placements"].as_array().unwrap() {
            let (cell, digit) = cell_of(p.as_str().unwrap());
            placed[cell] = digit;
        }
        let shown = dom(&browser, &page, &format!("step={}", n + 1));
        // The sentence, numbered.
        assert!(
            shown.contains(&format!("{}. {}", n + 1, step["sentence"].as_str().unwrap())),
            "step {}",
            n + 1
        );
        // The digits placed so far (empty cells show their pencil marks).
        let digits: Vec<String> = board_texts(&shown)
            .into_iter()
            .map(|t| if t.starts_with('?') { String::new() } else { t })
            .collect();
        assert_eq!(digits, placed, "the digits after step {}", n + 1);
        // Each candidate the step removed is drawn struck out in its cell, and no other.
        let mut struck: Vec<(usize, String)> = Vec::new();
        for (cell, piece) in shown.split("<td data-cell=\"").skip(1).enumerate() {
            let html = piece.split("</td>").next().unwrap_or("");
            for gone in html.split("class=\"gone\">").skip(1) {
                struck.push((cell, gone.split('<').next().unwrap_or("").to_string()));
            }
        }
        let mut removed: Vec<(usize, String)> =
            step["eliminations"].as_array().unwrap().iter().map(|e| cell_of(e.as_str().unwrap())).collect();
        // A placement removes the other candidates of its peers too: those show as struck where
        // the cell keeps pencil marks; check the step's own eliminations are among them.
        struck.sort();
        removed.sort();
        for r in &removed {
            assert!(struck.contains(r), "step {}: {r:?} removed but not shown struck: {struck:?}", n + 1);
        }
        if step["placements"].as_array().unwrap().is_empty() {
            assert_eq!(struck, removed, "step {}: exactly its eliminations are struck", n + 1);
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// The `data-text` of every board cell: a digit, or `?` and the candidates.
fn board_texts(dom: &str) -> Vec<String> {
    dom.split("<td data-cell=\"")
        .skip(1)
        .map(|piece| {
            let head = piece.split('>').next().unwrap_or("");
            head.split_once("data-text=\"")
                .and_then(|(_, rest)| rest.split('"').next())
                .unwrap_or("")
                .to_string()
        })
        .collect()
}

#[test]
fn the_cover_page_shows_each_solution_as_the_command_lists_it() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir("cover");
    let page = dir.join("queens8.html");
    let file = "tests/data/queens8.dlx";
    let out = run_backtrack(&["cover", "--all", "--html", page.to_str().unwrap(), file], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    // The solutions as the command lists them: options by their items, one a line, a blank line
    // between two solutions; an option's number is its place in the file.
    let listed = text(&out.stdout);
    let solutions: Vec<Vec<&str>> = listed.split("\n\n").map(|s| s.lines().collect()).collect();
    assert_eq!(solutions.len(), 92);
    let source = std::fs::read_to_string(format!("{}/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let options: Vec<&str> =
        source.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('|')).skip(1).collect();
    let number = |option: &str| options.iter().position(|o| *o == option).unwrap() + 1;
    // Where the solutions are in the recording: its events, as the page holds them.
    let html = std::fs::read_to_string(&page).unwrap();
    let data = html.split("const DATA = ").nth(1).unwrap().split(";</script>").next().unwrap();
    let data: serde_json::Value = serde_json::from_str(data).unwrap();
    let events = data["events"].as_array().unwrap();
    let at: Vec<usize> = (0..events.len()).filter(|&i| events[i][0] == 3).collect();
    assert_eq!(at.len(), 92, "the whole search is on the page");
    for k in [0, 1, 45, 91] {
        let shown = dom(&browser, &page, &format!("step={}", at[k] + 1));
        let mut on_board: Vec<usize> =
            board(&shown).into_iter().filter(|t| !t.is_empty()).map(|t| t.parse().unwrap()).collect();
        on_board.sort_unstable();
        on_board.dedup();
        let mut listed: Vec<usize> = solutions[k].iter().map(|o| number(o)).collect();
        listed.sort_unstable();
        assert_eq!(on_board, listed, "solution {}", k + 1);
        assert_eq!(counter(&shown, "c-solutions"), (k + 1).to_string());
    }
    // At the end, the counters are the search's (DLX1's nodes: 1,049 for this file).
    let stats = run_backtrack(&["cover", "--count", "--jobs", "1", "--format", "json", file], b"");
    let stats: serde_json::Value = serde_json::from_slice(&stats.stdout).unwrap();
    let end = dom(&browser, &page, &format!("step={}", events.len()));
    assert_eq!(counter(&end, "c-nodes"), stats["nodes"].to_string());
    assert_eq!(shown_nodes(&end).to_string(), stats["nodes"].to_string());
    let _ = std::fs::remove_dir_all(dir);
}
