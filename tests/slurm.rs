//! The README's Slurm lines, run on a real cluster: a job array for a batch and one for a
//! count, then `backtrack merge`, checked against one run and against Knuth's counts.
//!
//! `.ci/slurm` starts a one-node cluster (Debian's `slurm-wlm` and `munge`); `.ci/run` calls
//! it before the tests. Where no cluster answers (no root to start one, no packages), the test
//! says so on standard error and passes without trying.

mod common;

use common::{run_backtrack, text};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// Whether a Slurm node is idle and takes jobs.
fn cluster_answers() -> bool {
    Command::new("sinfo")
        .args(["-h", "-o", "%t"])
        .output()
        .is_ok_and(|o| o.status.success() && text(&o.stdout).lines().any(|l| l.trim() == "idle"))
}

/// The README's lines that start with `sbatch --array`.
fn readme_sbatch_lines() -> Vec<String> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    readme.lines().filter(|l| l.starts_with("sbatch --array")).map(str::to_string).collect()
}

/// The answers of a batch's JSON lines, without their times; and the summary.
fn answers(output: &str) -> (Vec<Value>, Value) {
    let mut answers = Vec::new();
    let mut summary = Value::Null;
    for line in output.lines() {
        let mut value: Value = serde_json::from_str(line).unwrap();
        match value.get("summary") {
            Some(s) => summary = s.clone(),
            None => {
                value.as_object_mut().unwrap().remove("time_ms");
                answers.push(value);
            }
        }
    }
    (answers, summary)
}

#[test]
fn the_readme_slurm_job_arrays_run_and_merge_to_one_run() {
    let lines = readme_sbatch_lines();
    assert_eq!(lines.len(), 2, "the README's two job arrays: {lines:?}");
    if !cluster_answers() {
        eprintln!(
            "no Slurm cluster answers (sinfo): the README's job arrays are not tried (.ci/slurm starts one)"
        );
        return;
    }
    // The jobs run in a directory of their own, where `tests/data` is the repository's and
    // `backtrack` on the PATH is this build's (sbatch passes the environment to the jobs).
    let dir = std::env::temp_dir().join(format!("backtrack-slurm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests"), dir.join("tests"))
        .unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_backtrack")).parent().unwrap().to_path_buf();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    for line in &lines {
        // --wait: sbatch returns when every task of the array has ended (and fails if one did).
        let line = line.replacen("sbatch ", "sbatch --wait --time=10 ", 1);
        let out =
            Command::new("bash").arg("-c").arg(&line).current_dir(&dir).env("PATH", &path).output().unwrap();
        assert!(out.status.success(), "{line}: {}{}", text(&out.stdout), text(&out.stderr));
    }
    let merge = |glob: &str| {
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("backtrack merge {glob}"))
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .unwrap();
        assert!(out.status.success(), "merge {glob}: {}", text(&out.stderr));
        text(&out.stdout)
    };
    // The batch: the answers of one run, in its order, every shard there.
    let (merged, summary) = answers(&merge("shard*.json"));
    let whole = run_backtrack(&["sudoku", "-f", "tests/data/top95.txt", "--format", "json"], b"");
    assert_eq!(merged, answers(&text(&whole.stdout)).0);
    assert_eq!((summary["shards"].as_u64(), summary["complete"].as_bool()), (Some(8), Some(true)));
    // The count: Knuth's DLX1 on the 6×10 pentomino box, 9,356 solutions in 3,615,972 nodes.
    let summary = answers(&merge("count*.json")).1;
    assert_eq!((summary["shards"].as_u64(), summary["complete"].as_bool()), (Some(16), Some(true)));
    assert_eq!((summary["solutions"].as_u64(), summary["nodes"].as_u64()), (Some(9356), Some(3_615_972)));
    std::fs::remove_dir_all(&dir).unwrap();
}
