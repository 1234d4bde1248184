//! Input streamed line by line and handed over in batches: a file read as the batches are
//! asked for, an input that may keep its reader waiting (a terminal, a pipe) on a thread of its
//! own.
//!
//! Lines are bytes, not text: a line that is not UTF-8 is one bad line, not a refused input.
//! They are numbered from 1 and lose their line ends (`\n` or `\r\n`); a UTF-8 byte-order mark
//! at the start is dropped.

use backtrack::split::InputHash;
use std::io::{self, BufRead, BufReader, Read};
use std::sync::mpsc::{Receiver, TryRecvError, sync_channel};
use std::sync::{Arc, Mutex};

/// A numbered line, or the error that ended the reading.
pub type Line = io::Result<(u64, Vec<u8>)>;

/// Lines at most in a batch.
const BATCH: usize = 256;

/// Lines read together: their bytes one after the other in one buffer, and where each ends. A
/// batch is one allocation, not one a line: read on a thread, each line was allocated there
/// and freed where it was solved. (With a vector a line, serg's 10,000 lines took 3% longer
/// through the command line, and the reading thread half as much again of the processor.)
#[derive(Debug)]
pub struct Batch {
    text: Vec<u8>,
    /// Each line's number and where its bytes end in `text` (they start where the line before
    /// ends).
    ends: Vec<(u64, usize)>,
    /// The lines before this one have been handed out one by one ([`Incoming::recv`]).
    first: usize,
}

impl Batch {
    fn new() -> Batch {
        // Room for a batch of puzzle lines (81 cells, a line end, a few more) without growing.
        Batch { text: Vec::with_capacity(BATCH * 96), ends: Vec::with_capacity(BATCH), first: 0 }
    }

    /// A batch of one line.
    pub fn one((number, line): (u64, Vec<u8>)) -> Batch {
        let end = line.len();
        Batch { text: line, ends: vec![(number, end)], first: 0 }
    }

    /// The number and bytes of each line, in order.
    pub fn lines(&self) -> impl Iterator<Item = (u64, &[u8])> {
        let mut start = self.first.checked_sub(1).map_or(0, |i| self.ends[i].1);
        self.ends[self.first..].iter().map(move |&(number, end)| {
            let line = &self.text[start..end];
            start = end;
            (number, line)
        })
    }

    /// How many lines it holds.
    pub fn len(&self) -> usize {
        self.ends.len() - self.first
    }

    /// The number of its last line.
    pub fn last(&self) -> Option<u64> {
        self.ends[self.first..].last().map(|&(number, _)| number)
    }

    /// Its next line, taken out.
    fn take_line(&mut self) -> Option<(u64, Vec<u8>)> {
        let line = self.lines().next().map(|(number, line)| (number, line.to_vec()));
        self.first += usize::from(line.is_some());
        line
    }

    /// Read lines of `reader` onto the batch until it is ready to go: full, or some lines and
    /// nothing more in the reader's buffer (the next read may wait for a slow writer, and what
    /// was read should not). `Ok(false)` at the end of the input; an error leaves the lines read
    /// before it in the batch.
    fn fill(
        &mut self,
        reader: &mut BufReader<Box<dyn Read + Send>>,
        number: &mut u64,
        keep: &dyn Fn(u64) -> bool,
    ) -> io::Result<bool> {
        loop {
            if !self.read(reader, number, keep)? {
                return Ok(false);
            }
            if self.len() == BATCH || (self.len() > 0 && reader.buffer().is_empty()) {
                return Ok(true);
            }
        }
    }

    /// Read one more line of `reader` onto the end of the batch, if `keep` takes its number;
    /// `Ok(false)` at the end of the input.
    fn read(
        &mut self,
        reader: &mut impl BufRead,
        number: &mut u64,
        keep: &dyn Fn(u64) -> bool,
    ) -> io::Result<bool> {
        let start = self.text.len();
        match reader.read_until(b'\n', &mut self.text) {
            Ok(0) => Ok(false),
            Ok(_) => {
                *number += 1;
                let mut end = self.text.len();
                if self.text[start..end].ends_with(b"\n") {
                    end -= 1;
                    if self.text[start..end].ends_with(b"\r") {
                        end -= 1;
                    }
                }
                self.text.truncate(end);
                if *number == 1 && self.text[start..].starts_with("\u{feff}".as_bytes()) {
                    self.text.drain(start..start + 3);
                }
                if keep(*number) {
                    self.ends.push((*number, self.text.len()));
                } else {
                    self.text.truncate(start);
                }
                Ok(true)
            }
            Err(e) => {
                self.text.truncate(start);
                Err(e)
            }
        }
    }
}

/// A reader as it goes: the lines it has numbered, the ones it keeps, and how it ended.
struct Reading {
    reader: BufReader<Box<dyn Read + Send>>,
    number: u64,
    keep: Box<dyn Fn(u64) -> bool + Send>,
    ended: bool,
    /// The error that ended the reading, held until the lines read before it have gone.
    error: Option<io::Error>,
}

impl Reading {
    /// The next batch, then the error that ended the reading if one did; `None` at the end.
    fn next(&mut self) -> Option<io::Result<Batch>> {
        while !self.ended {
            let mut batch = Batch::new();
            match batch.fill(&mut self.reader, &mut self.number, &self.keep) {
                Ok(true) => {}
                Ok(false) => self.ended = true,
                Err(e) => {
                    self.ended = true;
                    self.error = Some(e);
                }
            }
            if batch.len() > 0 {
                return Some(Ok(batch));
            }
        }
        self.error.take().map(Err)
    }
}

/// Where the batches come from.
enum Supply {
    /// A thread that reads ahead, for input that can keep a reader waiting (a terminal, a pipe):
    /// the search goes on with what has come while the thread waits for more. At most 16
    /// batches wait: memory stays flat whatever the size of the input.
    Thread(Receiver<io::Result<Batch>>),
    /// Read here, a batch when one is asked for: a file never keeps its reader waiting long, and
    /// starting a thread, then waiting for its first lines, cost more than reading them here
    /// (`backtrack sudoku --count -f FILE`: unbiased and easy50 9% sooner, top1465 and the
    /// 17-clue set 3%, serg 0 to 3%).
    Here(Reading),
}

/// The input's lines, handed over in batches: a batch goes when it is full or when the
/// reader's buffer is empty (the next read may wait for a slow writer), so a file moves in
/// large batches and a line typed at a terminal arrives at once. (One line a message made a
/// reading thread and the solving one wake each other for every line.)
pub struct Incoming {
    supply: Supply,
    /// A batch whose first lines were handed out one by one.
    current: Option<Batch>,
}

impl Incoming {
    /// Start reading `reader`, keeping the lines whose number `keep` accepts (the others are
    /// dropped as they are read): on a thread of its own if it `may_wait` (a terminal, a pipe),
    /// else here, as the lines are asked for.
    pub fn start(
        reader: BufReader<Box<dyn Read + Send>>,
        may_wait: bool,
        keep: impl Fn(u64) -> bool + Send + 'static,
    ) -> Incoming {
        let mut reading = Reading { reader, number: 0, keep: Box::new(keep), ended: false, error: None };
        let supply = if may_wait {
            let (send, batches) = sync_channel(16);
            std::thread::spawn(move || {
                while let Some(batch) = reading.next() {
                    if send.send(batch).is_err() {
                        return; // the receiver is gone
                    }
                }
            });
            Supply::Thread(batches)
        } else {
            Supply::Here(reading)
        };
        Incoming { supply, current: None }
    }

    /// The next line, waiting for it if need be; `None` at the end of the input.
    pub fn recv(&mut self) -> Option<Line> {
        loop {
            if let Some(line) = self.current.as_mut().and_then(Batch::take_line) {
                return Some(Ok(line));
            }
            match self.next_batch()? {
                Ok(batch) => self.current = Some(batch),
                Err(e) => return Some(Err(e)),
            }
        }
    }

    /// The lines not handed out yet, a batch at a time, waiting for them if need be; `None` at
    /// the end of the input.
    pub fn recv_batch(&mut self) -> Option<io::Result<Batch>> {
        match self.current.take() {
            Some(batch) if batch.len() > 0 => Some(Ok(batch)),
            _ => self.next_batch(),
        }
    }

    /// The next batch if one is ready: `Err(Empty)` if the reader has none yet,
    /// `Err(Disconnected)` at the end of the input.
    pub fn try_recv_batch(&mut self) -> Result<io::Result<Batch>, TryRecvError> {
        match self.current.take() {
            Some(batch) if batch.len() > 0 => Ok(Ok(batch)),
            _ => match &mut self.supply {
                Supply::Thread(batches) => batches.try_recv(),
                Supply::Here(reading) => reading.next().ok_or(TryRecvError::Disconnected),
            },
        }
    }

    /// The next batch from the supply, waiting for it if need be.
    fn next_batch(&mut self) -> Option<io::Result<Batch>> {
        match &mut self.supply {
            Supply::Thread(batches) => batches.recv().ok(),
            Supply::Here(reading) => reading.next(),
        }
    }
}

impl Iterator for Incoming {
    type Item = Line;

    fn next(&mut self) -> Option<Line> {
        self.recv()
    }
}

/// A reader that hashes every byte it reads ([`InputHash`]), for a shard to name its input:
/// the hash is read once the input has ended.
pub struct Hashing {
    inner: Box<dyn Read + Send>,
    hash: Arc<Mutex<InputHash>>,
}

impl Hashing {
    /// `inner`, hashed into `hash`.
    pub fn new(inner: Box<dyn Read + Send>, hash: Arc<Mutex<InputHash>>) -> Hashing {
        Hashing { inner, hash }
    }
}

impl Read for Hashing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hash.lock().unwrap_or_else(std::sync::PoisonError::into_inner).write(&buf[..n]);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The input read both ways: here, and on a thread.
    fn both(input: impl Read + Send + Clone + 'static, keep: fn(u64) -> bool) -> [Incoming; 2] {
        [false, true].map(|may_wait| {
            Incoming::start(BufReader::with_capacity(8, Box::new(input.clone())), may_wait, keep)
        })
    }

    #[test]
    fn lines_drop_the_mark_and_the_line_ends() {
        for lines in both("\u{feff}a\r\nb\n\nc\r".as_bytes(), |_| true) {
            let lines: Vec<(u64, Vec<u8>)> = lines.map(Result::unwrap).collect();
            assert_eq!(lines, [(1, b"a".to_vec()), (2, b"b".to_vec()), (3, vec![]), (4, b"c\r".to_vec())]);
        }
    }

    #[test]
    fn lines_taken_one_by_one_then_by_batches_come_once_each_in_order() {
        // Lines 2, 4, 6, ... of 1,000 (some kept, some dropped), the first three one by one.
        let text: &'static str = (1..=1000).map(|n| format!("line {n}\n")).collect::<String>().leak();
        let expected: Vec<(u64, Vec<u8>)> =
            (1..=500).map(|k| (2 * k, format!("line {}", 2 * k).into_bytes())).collect();
        for mut lines in both(text.as_bytes(), |n| n % 2 == 0) {
            let mut seen: Vec<(u64, Vec<u8>)> = lines.by_ref().take(3).map(Result::unwrap).collect();
            while let Some(batch) = lines.recv_batch() {
                let batch = batch.unwrap();
                assert!(batch.len() <= BATCH);
                assert_eq!(batch.last(), batch.lines().last().map(|(n, _)| n));
                seen.extend(batch.lines().map(|(n, line)| (n, line.to_vec())));
            }
            assert_eq!(seen, expected);
            assert!(matches!(lines.try_recv_batch(), Err(TryRecvError::Disconnected)));
        }
    }

    /// A reader that gives its bytes and then fails.
    #[derive(Clone)]
    struct Failing(&'static [u8]);

    impl Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("the disk is gone"));
            }
            self.0.read(buf)
        }
    }

    #[test]
    fn a_read_error_comes_after_the_lines_read_before_it() {
        for mut lines in both(Failing(b"a\nb\nhalf a lin"), |_| true) {
            let mut got: Vec<(u64, Vec<u8>)> = Vec::new();
            let error = loop {
                match lines.recv_batch() {
                    Some(Ok(batch)) => got.extend(batch.lines().map(|(n, l)| (n, l.to_vec()))),
                    Some(Err(e)) => break e,
                    None => panic!("the error was lost"),
                }
            };
            assert_eq!(got, [(1, b"a".to_vec()), (2, b"b".to_vec())]);
            assert_eq!(error.to_string(), "the disk is gone");
            assert!(lines.recv_batch().is_none());
        }
    }
}
