//! The logic solver's soundness: see `checks::logic_sound`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| backtrack_fuzz::checks::logic_sound(data));
