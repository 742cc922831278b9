//! The colours every picture shares (the SVG pictures, the animation, puzzles and the web
//! page, which reads them as CSS variables), chosen so that what carries meaning stands out:
//! an attacked square against a safe one of the same colour is at least 3:1 in luminance
//! contrast (WCAG's bar for graphics), with normal colour vision and under deuteranopia.

/// A light square.
pub const LIGHT: &str = "#f0d9b5";
/// A dark square.
pub const DARK: &str = "#b58863";
/// A light square that a queen attacks (4.4:1 against [`LIGHT`]; 4.0:1 under deuteranopia).
pub const ATTACKED_LIGHT: &str = "#9e4a3e";
/// A dark square that a queen attacks (3.7:1 against [`DARK`]; 3.7:1 under deuteranopia).
pub const ATTACKED_DARK: &str = "#5a2a22";
/// A queen.
pub const QUEEN: &str = "#222222";
/// The outline of a queen, and a queen on a dark attacked square.
pub const QUEEN_EDGE: &str = "#ffffff";
/// The disc behind a clue queen, told apart from a solver's queens.
pub const CLUE: &str = "#e8b10e";
/// The frame of a row or column with no open square: a dead end.
pub const DEAD_END: &str = "#cc0000";
/// The frame of the row being tried.
pub const TRIED: &str = "#1a56db";
/// The frame of a board that is a solution.
pub const SOLVED: &str = "#1b7f3b";

/// Every colour by its CSS name, for the web page: `--light`, `--attacked-dark`, ...
///
/// # Examples
///
/// ```
/// let css = queens::formats::palette::css_variables();
/// assert!(css.contains("--attacked-light: #9e4a3e;"));
/// ```
#[must_use]
pub fn css_variables() -> String {
    [
        ("light", LIGHT),
        ("dark", DARK),
        ("attacked-light", ATTACKED_LIGHT),
        ("attacked-dark", ATTACKED_DARK),
        ("queen", QUEEN),
        ("queen-edge", QUEEN_EDGE),
        ("clue", CLUE),
        ("dead-end", DEAD_END),
        ("tried", TRIED),
        ("solved", SOLVED),
    ]
    .iter()
    .map(|(name, colour)| format!("--{name}: {colour};"))
    .collect::<Vec<_>>()
    .join(" ")
}

/// The colour of square `(row, col)`, attacked or not.
pub(crate) fn square(row: usize, col: usize, attacked: bool) -> &'static str {
    match ((row + col).is_multiple_of(2), attacked) {
        (true, false) => LIGHT,
        (false, false) => DARK,
        (true, true) => ATTACKED_LIGHT,
        (false, true) => ATTACKED_DARK,
    }
}
