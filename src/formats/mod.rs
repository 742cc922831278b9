//! Solutions as text and pictures: the styles and their rendering, parsing every style back,
//! SVG pictures, and reading input line by line in bounded memory.

pub(crate) mod animation;
pub(crate) mod encoding;
pub(crate) mod input_lines;
pub(crate) mod parse;
pub(crate) mod picture;
pub(crate) mod puzzle;
pub(crate) mod render;
