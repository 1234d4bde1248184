//! One module a subcommand.

pub mod cover;
pub mod sudoku;

use std::path::Path;

/// The text of a file, or of standard input for `-`; the error says which could not be read.
pub fn read_input(path: &Path) -> Result<String, String> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    }
}
