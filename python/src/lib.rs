//! The `queens` crate as the Python extension module `queens._queens`; `queens/__init__.py`
//! re-exports it with the textbook's `queens` generator and `prettyprint`.
//!
//! Every call that can take long (counting, sampling, building large boards) runs on a
//! worker thread with the GIL released, while the calling thread checks for signals every
//! 20 ms, so Ctrl-C raises `KeyboardInterrupt` at once. Errors become the exceptions of
//! `queens._errors`, with the crate's messages; nothing here panics.

pub(crate) use std::sync::Arc;
pub(crate) use std::sync::atomic::{AtomicBool, Ordering};
pub(crate) use std::time::Duration;

pub(crate) use pyo3::basic::CompareOp;
pub(crate) use pyo3::exceptions::{PyIndexError, PyOverflowError, PyTypeError, PyValueError};
pub(crate) use pyo3::prelude::*;
pub(crate) use pyo3::types::{PyBool, PyList, PySlice, PyString, PyTuple};
pub(crate) use queens::puzzle::Uniqueness;

// The package by concern, each module taking what it needs from here (`use crate::*`): the
// imports above and every module's items below.
mod args;
mod board;
mod enums;
mod errors;
mod functions;
mod memory;
mod puzzle;
mod records;
mod solution;
mod trace;
mod worker;
pub(crate) use args::*;
pub(crate) use board::*;
pub(crate) use enums::*;
pub(crate) use errors::*;
pub(crate) use memory::*;
pub(crate) use puzzle::*;
pub(crate) use solution::*;
pub(crate) use trace::*;
pub(crate) use worker::*;

#[pymodule]
fn _queens(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Solution>()?;
    m.add_class::<PyQueens>()?;
    m.add_class::<Solutions>()?;
    m.add_class::<Completions>()?;
    m.add_class::<Event>()?;
    m.add_class::<Trace>()?;
    m.add_class::<Puzzle>()?;
    m.add_class::<PuzzleIterator>()?;
    m.add_function(wrap_pyfunction!(puzzle::puzzle, m)?)?;
    m.add_function(wrap_pyfunction!(board::completions, m)?)?;
    m.add_function(wrap_pyfunction!(trace::animated_svg, m)?)?;
    m.add_function(wrap_pyfunction!(functions::count, m)?)?;
    m.add_function(wrap_pyfunction!(functions::plan, m)?)?;
    m.add_function(wrap_pyfunction!(records::count_shard, m)?)?;
    m.add_function(wrap_pyfunction!(records::merge, m)?)?;
    m.add_function(wrap_pyfunction!(records::verify, m)?)?;
    m.add_function(wrap_pyfunction!(functions::sample, m)?)?;
    m.add_function(wrap_pyfunction!(functions::construct, m)?)?;
    m.add_function(wrap_pyfunction!(functions::random, m)?)?;
    m.add_function(wrap_pyfunction!(functions::check, m)?)?;
    m.add_function(wrap_pyfunction!(functions::_rust_iteration_seconds, m)?)?;
    Ok(())
}
