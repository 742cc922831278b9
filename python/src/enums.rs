//! `Symmetry` and `Style`: the crate's enums as the package's Python enums (defined in
//! `queens/_enums.py`, so that they are `enum.IntEnum`s), and read back.

use crate::*;

/// A member of one of the package's enums (`queens._enums`, Python's `enum.IntEnum`s),
/// numbered in the crate's order.
fn member<'py>(py: Python<'py>, class: &str, number: usize) -> PyResult<Bound<'py, PyAny>> {
    py.import("queens._enums")?.getattr(class)?.call1((number,))
}

/// `value`'s number if it is a member of the enum `class`.
fn number_in(value: &Bound<'_, PyAny>, class: &str) -> PyResult<Option<usize>> {
    let class = value.py().import("queens._enums")?.getattr(class)?;
    match value.is_instance(&class)? {
        true => Ok(Some(value.extract()?)),
        false => Ok(None),
    }
}

/// The crate's symmetry as a `queens.Symmetry`.
pub(crate) fn symmetry_member(
    py: Python<'_>,
    symmetry: queens::Symmetry,
) -> PyResult<Bound<'_, PyAny>> {
    let number = queens::Symmetry::ALL
        .iter()
        .position(|&s| s == symmetry)
        .unwrap_or(0);
    member(py, "Symmetry", number)
}

/// A style given as `Style.LIST` or by name (`"list"`).
pub(crate) fn style_of(style: &Bound<'_, PyAny>) -> PyResult<queens::Style> {
    if let Some(number) = number_in(style, "Style")? {
        return Ok(queens::Style::ALL[number]);
    }
    let name: String = style
        .extract()
        .map_err(|_| PyTypeError::new_err("a style is a queens.Style or its name"))?;
    name.parse().map_err(error)
}

/// A symmetry given as `Symmetry.Rotate90`.
pub(crate) fn symmetry_of(symmetry: &Bound<'_, PyAny>) -> PyResult<queens::Symmetry> {
    number_in(symmetry, "Symmetry")?
        .map(|number| queens::Symmetry::ALL[number])
        .ok_or_else(|| PyTypeError::new_err("a symmetry is a queens.Symmetry"))
}
