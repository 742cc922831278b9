//! Solutions as text and pictures: the [`Style`]s and their [`Drawing`], parsing every style
//! back, JSON Lines, SVG pictures, and reading input line by line in bounded memory.

pub(crate) mod encoding;
pub(crate) mod forms;
pub(crate) mod input_lines;
pub(crate) mod json;
pub(crate) mod number;
pub mod palette;
pub(crate) mod parse;
pub(crate) mod picture;
pub(crate) mod render;
pub(crate) mod square;

pub use encoding::decode_text;
pub use forms::parse_columns;
#[cfg(feature = "serde")]
pub use json::json_record;
pub use parse::{ParseReader, parse_many, parse_reader};
pub use picture::svg;
pub use render::{Drawing, Style};
pub use square::parse_square;

/// Sizes as messages write them.
pub use crate::error::size;
