//! The solvers against each other: see `checks::engines_agree`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| backtrack_fuzz::checks::engines_agree(data));
