//! The crate's errors as this package's exceptions, in its words.

use crate::*;

/// A crate error as the exception of `queens._errors` that fits it (memory that cannot be
/// had a `NotEnoughMemory`, also a `MemoryError`), its message in this package's terms.
pub(crate) fn error(err: queens::Error) -> PyErr {
    use queens::Error as E;
    let class = match &err {
        E::NotEnoughMemory { .. } | E::OutOfMemory { .. } => "NotEnoughMemory",
        E::Cancelled { .. } => "Cancelled",
        E::Overflow { .. } | E::Checkpoint { .. } | E::Read { .. } => "QueensError",
        _ => "InvalidInput",
    };
    let message = match &err {
        // The advice is the command line's; the way out from Python is `count()`'s engine.
        E::NotEnoughMemory {
            needed,
            available,
            advice,
        } => format!(
            "this needs about {} MiB of memory, but only {} MiB is available; {}",
            mib(*needed),
            available >> 20,
            match advice.contains("constellations") {
                true => "count with queens.count(n, engine=\"constellations\"), which needs almost no memory".to_owned(),
                false => pythonic(advice),
            }
        ),
        _ => pythonic(&err.to_string()),
    };
    exception(class, message)
}

/// What the crate's messages say in the terms of its command line or its Rust API, in this
/// package's: the flags of `queens count` as the arguments of `count()`, the `queens check`
/// command as `check()`. `tests/test_messages.py` makes each of these messages and checks
/// that no flag, Rust path or command is left.
pub(crate) const PYTHON_WORDS: [(&str, &str); 6] = [
    (
        "with --fundamental (`Counter::fundamental(true)`)",
        "with fundamental=True",
    ),
    (
        "without --fundamental (`Counter::fundamental(false)`)",
        "with fundamental=False",
    ),
    ("`--engine constellations`", "engine=\"constellations\""),
    ("`--engine quadrants`", "engine=\"quadrants\""),
    ("`--engine auto`", "engine=\"auto\""),
    ("`queens check`", "queens.check()"),
];

/// A crate message in this package's terms (see [`PYTHON_WORDS`]).
pub(crate) fn pythonic(message: &str) -> String {
    PYTHON_WORDS
        .iter()
        .fold(message.to_owned(), |message, (cli, python)| {
            message.replace(cli, python)
        })
}

/// Bytes in MiB, rounded up.
pub(crate) fn mib(bytes: u64) -> u64 {
    bytes.div_ceil(1 << 20)
}

/// The exception `class` of `queens._errors` with `message`.
pub(crate) fn exception(class: &str, message: String) -> PyErr {
    Python::attach(|py| {
        py.import("queens._errors")
            .and_then(|module| module.getattr(class))
            .and_then(|class| class.call1((message.clone(),)))
            .map_or_else(|_| PyValueError::new_err(message), PyErr::from_value)
    })
}

/// `InvalidInput` (a `ValueError`) with `message`.
pub(crate) fn invalid(message: String) -> PyErr {
    exception("InvalidInput", message)
}

/// A count's error, memory that does not fit said in `count()`'s terms: what the count
/// needs, the limit it is over (`memory=` where the caller's is the one), and each way out
/// the crate advises, as the arguments that take it.
pub(crate) fn count_error(err: queens::Error, memory: Option<u64>) -> PyErr {
    let queens::Error::NotEnoughMemory {
        needed,
        available,
        advice,
    } = &err
    else {
        return error(err);
    };
    let (over, mut ways) = match memory {
        Some(limit) if limit == *available => (
            format!("more than memory={limit} (bytes) allows"),
            vec!["allow it more memory".to_owned()],
        ),
        _ => (
            format!("but only {} MiB is available", available >> 20),
            Vec::new(),
        ),
    };
    if advice.contains("fewer threads") {
        ways.push("count on fewer threads (threads=1)".to_owned());
    }
    if advice.contains("constellations") {
        ways.push("count with engine=\"constellations\", which needs almost no memory".to_owned());
    }
    if ways.is_empty() {
        ways.push(pythonic(advice));
    }
    let ways = match ways.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    exception(
        "NotEnoughMemory",
        format!(
            "this count needs about {} MiB of memory, {over}; {ways}",
            mib(*needed)
        ),
    )
}
