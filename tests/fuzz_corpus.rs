//! The fuzz corpus, replayed: every input the fuzzer kept for the two solver targets (and every
//! finding, added there with the input that found it) runs through the same checks as in
//! `fuzz/` — the engines agree, the logic solver is sound — on every `cargo test`, without
//! cargo-fuzz. The checks are the fuzz crate's own files, compiled in here.

#[allow(dead_code)]
#[path = "../fuzz/src/grids.rs"]
mod grids;

#[allow(dead_code)]
#[path = "../fuzz/src/checks.rs"]
mod checks;

use std::path::Path;

/// The inputs kept for `target`, by name (the fuzzer names them by their hash).
fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut inputs: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            (path.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&path).unwrap())
        })
        .collect();
    inputs.sort();
    inputs
}

/// Run `check` on every input of `target`'s corpus, naming the input that fails.
fn replay(target: &str, check: fn(&[u8])) {
    let inputs = corpus(target);
    assert!(inputs.len() >= 100, "{target}: the corpus is kept ({} inputs)", inputs.len());
    for (name, data) in inputs {
        if let Err(panic) = std::panic::catch_unwind(|| check(&data)) {
            let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
            panic!("fuzz/corpus/{target}/{name}: {message}");
        }
    }
}

#[test]
fn the_engines_agree_on_every_kept_grid() {
    replay("engines_agree", checks::engines_agree);
}

#[test]
fn the_logic_solver_is_sound_on_every_kept_grid() {
    replay("logic_sound", checks::logic_sound);
}

#[test]
fn the_logic_solver_is_sound_on_every_kept_killer() {
    replay("killer_sound", checks::killer_sound);
}
