//! Reading input line by line with a bound on each line, so that no input (an endless
//! device, a file without newlines) makes a reader take unbounded memory.

use std::io::{BufRead, Read};

use super::encoding::refuse_utf16;
use crate::error::Error;

/// The lines of a reader, numbered from 1. A line that is not UTF-8 is an error of its own
/// and reading goes on; a line longer than the bound, or a failed read, ends the lines. A
/// byte-order mark before the first line is dropped; UTF-16 input (marked so) is refused
/// at once rather than read as a line of garbage per line.
pub(crate) struct BoundedLines<R> {
    reader: R,
    max: usize,
    number: usize,
    done: bool,
    /// Whether the last line read ended without a newline: the input ended in the middle of
    /// a line, as a stream cut short does.
    unterminated: bool,
}

impl<R: BufRead> BoundedLines<R> {
    pub(crate) fn new(reader: R, max: usize) -> Self {
        BoundedLines {
            reader,
            max,
            number: 0,
            done: false,
            unterminated: false,
        }
    }

    /// Whether the input ended in the middle of a line (no newline after its last), as a
    /// stream cut short does: known once the lines have ended.
    pub(crate) fn unterminated(&self) -> bool {
        self.unterminated
    }
}

impl<R: BufRead> Iterator for BoundedLines<R> {
    type Item = (usize, Result<String, Error>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut bytes = Vec::new();
        let limit = self.max as u64 + 1;
        let read = (&mut self.reader).take(limit).read_until(b'\n', &mut bytes);
        self.number += 1;
        let result = match read {
            Ok(0) => return None,
            Err(err) => Err(Error::Read {
                reason: err.to_string(),
            }),
            Ok(_) if bytes.len() > self.max && bytes.last() != Some(&b'\n') => Err(Error::Read {
                reason: format!(
                    "line {} is longer than {} bytes; reading stops there",
                    self.number, self.max
                ),
            }),
            Ok(_) if self.number == 1 && refuse_utf16(&bytes).is_some() => {
                Err(refuse_utf16(&bytes).expect("checked"))
            }
            Ok(_) => {
                self.unterminated = bytes.last() != Some(&b'\n');
                while matches!(bytes.last(), Some(b'\n' | b'\r')) {
                    bytes.pop();
                }
                if self.number == 1 && bytes.starts_with(b"\xef\xbb\xbf") {
                    bytes.drain(..3);
                }
                return Some((
                    self.number,
                    String::from_utf8(bytes).map_err(|_| Error::Read {
                        reason: format!("line {} is not UTF-8 text", self.number),
                    }),
                ));
            }
        };
        self.done = true;
        Some((self.number, result))
    }
}

impl<R: BufRead> std::iter::FusedIterator for BoundedLines<R> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_are_reported_and_long_ones_end_the_input() {
        let input: &[u8] = b"one\r\n\xff\xfe\nthree\n0123456789abcdef\nnever";
        let lines: Vec<_> = BoundedLines::new(input, 10).collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], (1, Ok("one".to_string())));
        let error = |i: usize| lines[i].1.as_ref().unwrap_err().to_string();
        assert!(error(1).contains("line 2 is not UTF-8"));
        assert_eq!(lines[2], (3, Ok("three".to_string())));
        assert!(error(3).contains("longer than 10"));
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_utf16_refused() {
        let marked: &[u8] = b"\xef\xbb\xbfone\n\xef\xbb\xbftwo\n";
        let lines: Vec<_> = BoundedLines::new(marked, 10).collect();
        assert_eq!(lines[0], (1, Ok("one".to_string())));
        assert_eq!(
            lines[1],
            (2, Ok("\u{feff}two".to_string())),
            "only at the start"
        );
        let utf16: &[u8] = b"\xff\xfeo\0n\0e\0\n\0";
        let lines: Vec<_> = BoundedLines::new(utf16, 100).collect();
        assert_eq!(lines.len(), 1);
        assert!(
            lines[0]
                .1
                .as_ref()
                .unwrap_err()
                .to_string()
                .contains("UTF-16")
        );
    }

    #[test]
    fn an_endless_input_ends() {
        let zeros = std::io::BufReader::new(std::io::repeat(0));
        assert_eq!(BoundedLines::new(zeros, 1 << 16).count(), 1);
    }
}
