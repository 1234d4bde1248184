//! The logic solver's soundness on killers: see `checks::killer_sound`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| backtrack_fuzz::checks::killer_sound(data));
