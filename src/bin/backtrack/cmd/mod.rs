//! One module a subcommand, and the input they share: files or standard input, read whole or
//! streamed line by line.

pub mod cover;
pub mod sudoku;

use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;

/// Where input comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A file.
    File(PathBuf),
    /// Standard input (`-`).
    Stdin,
}

impl Source {
    /// The source as a buffered reader; the error says which could not be opened.
    pub fn open(&self) -> Result<Box<dyn BufRead + Send>, String> {
        match self {
            Source::Stdin => Ok(Box::new(BufReader::new(io::stdin()))),
            Source::File(path) => std::fs::File::open(path)
                .map(|f| Box::new(BufReader::with_capacity(1 << 16, f)) as Box<dyn BufRead + Send>)
                .map_err(|e| format!("cannot read {}: {e}", path.display())),
        }
    }

    /// The whole text; the error says which could not be read, or that it is not UTF-8.
    pub fn read_to_string(&self) -> Result<String, String> {
        let mut bytes = Vec::new();
        self.open()?.read_to_end(&mut bytes).map_err(|e| format!("cannot read {self}: {e}"))?;
        let text = String::from_utf8(bytes).map_err(|e| format!("{self}: not UTF-8 text: {e}"))?;
        Ok(text.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(text))
    }
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::File(path) => write!(f, "{}", path.display()),
            Source::Stdin => f.write_str("standard input"),
        }
    }
}

/// The lines of a reader as bytes, numbered from 1, without their line ends (`\n` or `\r\n`);
/// a UTF-8 byte-order mark at the start is dropped. Bytes, not text: a line that is not UTF-8
/// is one bad line, not a refused input.
pub struct Lines<R> {
    reader: R,
    number: u64,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R) -> Self {
        Lines { reader, number: 0 }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<(u64, Vec<u8>)>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut line = Vec::new();
        match self.reader.read_until(b'\n', &mut line) {
            Ok(0) => None,
            Ok(_) => {
                self.number += 1;
                if line.last() == Some(&b'\n') {
                    line.pop();
                    if line.last() == Some(&b'\r') {
                        line.pop();
                    }
                }
                if self.number == 1 && line.starts_with("\u{feff}".as_bytes()) {
                    line.drain(..3);
                }
                Some(Ok((self.number, line)))
            }
            Err(e) => Some(Err(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_drop_the_mark_and_the_line_ends() {
        let input = "\u{feff}a\r\nb\n\nc".as_bytes();
        let lines: Vec<(u64, Vec<u8>)> = Lines::new(input).map(Result::unwrap).collect();
        assert_eq!(lines, [(1, b"a".to_vec()), (2, b"b".to_vec()), (3, vec![]), (4, b"c".to_vec())]);
    }
}
