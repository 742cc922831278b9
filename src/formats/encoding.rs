//! Text encodings of what the readers are given: UTF-8 with or without a byte-order mark
//! (editors on Windows write one), and UTF-16 marked by one.

use std::borrow::Cow;

use crate::error::Error;

/// The byte-order mark, as a character.
const BOM: char = '\u{feff}';

/// `text` without the byte-order mark it may start with.
pub(crate) fn without_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// The byte-order mark of UTF-16 that `bytes` start with, little-endian first.
fn utf16_bom(bytes: &[u8]) -> Option<bool> {
    match bytes {
        [0xff, 0xfe, ..] => Some(true),
        [0xfe, 0xff, ..] => Some(false),
        _ => None,
    }
}

/// Why a stream that starts with `first` cannot be read line by line, if it is UTF-16.
pub(crate) fn refuse_utf16(first: &[u8]) -> Option<Error> {
    utf16_bom(first).map(|_| Error::Read {
        reason: "the input is UTF-16 text; convert it to UTF-8 (iconv -f UTF-16 -t UTF-8)".into(),
    })
}

/// Whole text as a reader of puzzles and solutions takes it: UTF-8, with or without a
/// byte-order mark, or UTF-16 with one (as some Windows editors save).
///
/// # Errors
///
/// [`Error::Parse`] for bytes that are neither, naming where the bad bytes are.
///
/// # Examples
///
/// ```
/// assert_eq!(queens::formats::decode_text(b"\xef\xbb\xbfQ .")?, "Q .");
/// assert_eq!(queens::formats::decode_text(b"\xff\xfeQ\0 \0.\0")?, "Q .");
/// assert!(queens::formats::decode_text(b"Q \xff").is_err());
/// # Ok::<(), queens::Error>(())
/// ```
pub fn decode_text(bytes: &[u8]) -> Result<Cow<'_, str>, Error> {
    if let Some(little) = utf16_bom(bytes) {
        let body = &bytes[2..];
        if !body.len().is_multiple_of(2) {
            return Err(Error::parse("UTF-16 text with an odd number of bytes"));
        }
        let units = body.chunks_exact(2).map(|pair| match little {
            true => u16::from_le_bytes([pair[0], pair[1]]),
            false => u16::from_be_bytes([pair[0], pair[1]]),
        });
        return char::decode_utf16(units)
            .collect::<Result<String, _>>()
            .map(Cow::Owned)
            .map_err(|_| Error::parse("UTF-16 text with a broken surrogate pair"));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(Cow::Borrowed(without_bom(text))),
        Err(err) => Err(Error::parse(format!(
            "not UTF-8 or UTF-16 text (bad bytes at byte {})",
            err.valid_up_to()
        ))),
    }
}
