//! The tutorial's commands print what the tutorial shows.
//!
//! Each `console` block of `docs/tutorial.md` holds commands (`$ ...`) each followed by its
//! output. Every command runs here (through `bash`, from the repository's root, with the
//! build profile of this test run instead of `--release`), and its standard output must match
//! line for line; `…` in an expected line matches any text.

use std::process::Command;

/// `…` matches any run of characters; the rest must match exactly.
fn matches(expected: &str, actual: &str) -> bool {
    let parts: Vec<&str> = expected.split('…').collect();
    if parts.len() == 1 {
        return expected == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || !actual[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &actual[first.len()..actual.len() - last.len()];
    for middle in &parts[1..parts.len() - 1] {
        match rest.find(middle) {
            Some(at) => rest = &rest[at + middle.len()..],
            None => return false,
        }
    }
    true
}

/// The commands of the tutorial with their expected output.
fn examples(markdown: &str) -> Vec<(String, Vec<String>)> {
    let mut examples: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_block = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            in_block = line == "```console";
            continue;
        }
        if !in_block {
            continue;
        }
        match line.strip_prefix("$ ") {
            Some(command) => examples.push((command.to_string(), Vec::new())),
            None => examples.last_mut().expect("a block starts with a command").1.push(line.to_string()),
        }
    }
    examples
}

#[test]
fn the_tutorial_shows_what_the_commands_print() {
    let root = env!("CARGO_MANIFEST_DIR");
    let markdown = std::fs::read_to_string(format!("{root}/docs/tutorial.md")).unwrap();
    let examples = examples(&markdown);
    assert!(examples.len() >= 12, "the tutorial has its examples");
    for (command, expected) in examples {
        assert!(command.contains("cargo run --release -q "), "{command}");
        let local = command.replace("cargo run --release -q ", &format!("{} run -q ", env!("CARGO")));
        let out = Command::new("bash").arg("-c").arg(&local).current_dir(root).output().unwrap();
        assert!(out.status.success(), "{command}: {}", String::from_utf8_lossy(&out.stderr));
        let stdout = String::from_utf8(out.stdout).unwrap();
        let actual: Vec<&str> = stdout.lines().collect();
        assert_eq!(actual.len(), expected.len(), "{command}: printed\n{stdout}");
        for (a, e) in actual.iter().zip(&expected) {
            assert!(matches(e, a), "{command}:\n  expected {e:?}\n  printed  {a:?}");
        }
    }
}

#[test]
fn the_wildcard() {
    assert!(matches("a … b", "a 12 ms b"));
    assert!(matches("(1000 probes, … ms)", "(1000 probes, 0.4 ms)"));
    assert!(matches("| x | … | y | … |", "| x | 1 ms | y | 2 ms |"));
    assert!(!matches("a … b", "a 12 ms c"));
    assert!(matches("exact", "exact") && !matches("exact", "exactly"));
}
