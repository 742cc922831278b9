//! One square read from text: its chess name (`e4`) or its row and column counted from 0
//! (`4,4`), as the command line's `--queen` and `--block` take it.

use crate::error::{Error, excerpt};
use crate::formats::number::plain_number;
use crate::squares::{Square, file_index, square_name};

/// Reads one square of an `n` x `n` board: its chess name (`e4`: file letters, then the rank
/// counted from the bottom) or `ROW,COL` counted from 0 at the top left, as [`Square`] is.
///
/// # Errors
///
/// [`Error::Parse`] for text that is neither, and [`Error::OffBoard`] for a square the board
/// does not have.
///
/// # Examples
///
/// ```
/// use queens::formats::parse_square;
///
/// assert_eq!(parse_square(8, "e4")?, (4, 4));
/// assert_eq!(parse_square(8, "0,7")?, (0, 7));
/// assert_eq!(parse_square(8, "a9").unwrap_err().to_string(), "square a9 is off the 8x8 board");
/// assert!(parse_square(8, "a0").unwrap_err().to_string().contains("ranks count from 1"));
/// # Ok::<(), queens::Error>(())
/// ```
pub fn parse_square(n: usize, text: &str) -> Result<Square, Error> {
    let text = text.trim();
    let wrong = || {
        Error::parse(format!(
            "expected a square as a chess name like e4 or as ROW,COL like 4,4, found {}",
            excerpt(text)
        ))
    };
    if let Some((row, col)) = text.split_once(',') {
        let square = (
            plain_number(row.trim()).ok_or_else(wrong)?,
            plain_number(col.trim()).ok_or_else(wrong)?,
        );
        if square.0 >= n || square.1 >= n {
            return Err(Error::OffBoard { square, n });
        }
        return Ok(square);
    }
    let digits = text.trim_start_matches(|c: char| c.is_ascii_lowercase());
    let file = &text[..text.len() - digits.len()];
    let (Some(col), Some(rank)) = (
        (!file.is_empty()).then(|| file_index(file)).flatten(),
        plain_number(digits),
    ) else {
        return Err(wrong());
    };
    if rank == 0 {
        return Err(Error::parse(format!(
            "square {text} does not exist: ranks count from 1 (a1 is the bottom left corner)"
        )));
    }
    if col >= n || rank > n {
        // Letters and a number that both fit a usize: short enough to show whole.
        return Err(Error::parse(format!(
            "square {text} is off the {n}x{n} board"
        )));
    }
    let square = (n - rank, col);
    debug_assert_eq!(square_name(n, square), text);
    Ok(square)
}

#[cfg(test)]
mod tests {
    use super::parse_square;
    use crate::squares::square_name;

    #[test]
    fn every_square_reads_back_from_its_name_and_its_indices() {
        for n in [1, 8, 27, 64] {
            for row in 0..n {
                for col in 0..n {
                    let square = (row, col);
                    assert_eq!(parse_square(n, &square_name(n, square)), Ok(square));
                    assert_eq!(parse_square(n, &format!("{row},{col}")), Ok(square));
                }
            }
        }
    }

    #[test]
    fn what_is_not_a_square_of_the_board_is_refused_by_name() {
        for bad in [
            "",
            "e",
            "4",
            "E4",
            "e04",
            "e+4",
            "4,",
            ",4",
            "e4,",
            "é4",
            "a99999999999999999999999",
            "zzzzzzzzzzzzzzzzzz1",
        ] {
            let err = parse_square(8, bad).unwrap_err().to_string();
            assert!(
                err.contains("expected a square") || err.contains("off the"),
                "{bad:?}: {err}"
            );
        }
        for off in ["i1", "a9", "8,0", "0,8"] {
            let err = parse_square(8, off).unwrap_err().to_string();
            assert!(err.contains("off the 8x8 board"), "{off:?}: {err}");
        }
        // Rank 0 is no square of any board, whatever its size (issue 77).
        for n in [8, usize::MAX] {
            let err = parse_square(n, "a0").unwrap_err().to_string();
            assert!(err.contains("ranks count from 1"), "{err}");
        }
    }
}
