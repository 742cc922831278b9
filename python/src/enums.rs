//! `Symmetry` and `Style`: the crate's enums as Python enums, and read back from names.

use crate::*;

/// The eight symmetries of the square.
#[pyclass(eq, eq_int, frozen, from_py_object, module = "queens")]
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Symmetry {
    Identity,
    Rotate90,
    Rotate180,
    Rotate270,
    FlipHorizontal,
    FlipVertical,
    Transpose,
    AntiTranspose,
}

impl Symmetry {
    const ALL: [(Symmetry, queens::Symmetry); 8] = [
        (Symmetry::Identity, queens::Symmetry::Identity),
        (Symmetry::Rotate90, queens::Symmetry::Rotate90),
        (Symmetry::Rotate180, queens::Symmetry::Rotate180),
        (Symmetry::Rotate270, queens::Symmetry::Rotate270),
        (Symmetry::FlipHorizontal, queens::Symmetry::FlipHorizontal),
        (Symmetry::FlipVertical, queens::Symmetry::FlipVertical),
        (Symmetry::Transpose, queens::Symmetry::Transpose),
        (Symmetry::AntiTranspose, queens::Symmetry::AntiTranspose),
    ];

    pub(crate) fn of(symmetry: queens::Symmetry) -> Symmetry {
        Symmetry::ALL
            .iter()
            .find(|(_, s)| *s == symmetry)
            .map_or(Symmetry::Identity, |&(py, _)| py)
    }

    pub(crate) fn crate_symmetry(self) -> queens::Symmetry {
        Symmetry::ALL
            .iter()
            .find(|(py, _)| *py == self)
            .map_or(queens::Symmetry::Identity, |&(_, s)| s)
    }
}

/// The text styles a solution is drawn in.
#[pyclass(eq, eq_int, frozen, from_py_object, module = "queens")]
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    Dots,
    List,
    Matrix,
    Stars,
    Grid,
    Unicode,
    Fen,
    Algebraic,
}

impl Style {
    pub(crate) fn crate_style(self) -> queens::Style {
        queens::Style::ALL[self as usize]
    }
}

#[pymethods]
impl Style {
    /// Every style, in order.
    #[classattr]
    #[pyo3(name = "ALL")]
    pub(crate) fn all() -> Vec<Style> {
        vec![
            Style::Dots,
            Style::List,
            Style::Matrix,
            Style::Stars,
            Style::Grid,
            Style::Unicode,
            Style::Fen,
            Style::Algebraic,
        ]
    }

    /// The style's name, as `Solution.render` also takes it.
    #[getter]
    pub(crate) fn name(&self) -> &'static str {
        self.crate_style().name()
    }

    /// Hashes as its number, which it equals.
    pub(crate) fn __hash__(&self) -> u64 {
        *self as u64
    }

    /// Pickles as the member itself, `getattr(Style, "Fen")`, so that it unpickles to it.
    pub(crate) fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Member<'py>> {
        let member = match slf.get() {
            Style::Dots => "Dots",
            Style::List => "List",
            Style::Matrix => "Matrix",
            Style::Stars => "Stars",
            Style::Grid => "Grid",
            Style::Unicode => "Unicode",
            Style::Fen => "Fen",
            Style::Algebraic => "Algebraic",
        };
        member_of(slf.as_any(), member)
    }
}

#[pymethods]
impl Symmetry {
    /// The eight symmetries, the identity first.
    #[classattr]
    #[pyo3(name = "ALL")]
    pub(crate) fn all() -> Vec<Symmetry> {
        Symmetry::ALL.iter().map(|&(py, _)| py).collect()
    }

    /// Hashes as its number, which it equals.
    pub(crate) fn __hash__(&self) -> u64 {
        *self as u64
    }

    /// Pickles as the member itself, `getattr(Symmetry, "Rotate90")`, so that it unpickles
    /// to it.
    pub(crate) fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Member<'py>> {
        let member = match slf.get() {
            Symmetry::Identity => "Identity",
            Symmetry::Rotate90 => "Rotate90",
            Symmetry::Rotate180 => "Rotate180",
            Symmetry::Rotate270 => "Rotate270",
            Symmetry::FlipHorizontal => "FlipHorizontal",
            Symmetry::FlipVertical => "FlipVertical",
            Symmetry::Transpose => "Transpose",
            Symmetry::AntiTranspose => "AntiTranspose",
        };
        member_of(slf.as_any(), member)
    }
}

/// What an enum member pickles as: `getattr` of its class and its name.
pub(crate) type Member<'py> = (
    Bound<'py, PyAny>,
    (Bound<'py, pyo3::types::PyType>, &'static str),
);

/// `(getattr, (type(value), member))`, the `__reduce__` of an enum member.
pub(crate) fn member_of<'py>(
    value: &Bound<'py, PyAny>,
    member: &'static str,
) -> PyResult<Member<'py>> {
    let getattr = value.py().import("builtins")?.getattr("getattr")?;
    Ok((getattr, (value.get_type(), member)))
}

/// A style given as `Style.LIST` or by name (`"list"`).
pub(crate) fn style_of(style: &Bound<'_, PyAny>) -> PyResult<queens::Style> {
    if let Ok(style) = style.extract::<Style>() {
        return Ok(style.crate_style());
    }
    let name: String = style
        .extract()
        .map_err(|_| PyTypeError::new_err("a style is a queens.Style or its name"))?;
    name.parse().map_err(error)
}

/// A symmetry given as `Symmetry.Rotate90`.
pub(crate) fn symmetry_of(symmetry: &Bound<'_, PyAny>) -> PyResult<queens::Symmetry> {
    symmetry
        .extract::<Symmetry>()
        .map(Symmetry::crate_symmetry)
        .map_err(|_| PyTypeError::new_err("a symmetry is a queens.Symmetry"))
}
