//! The crate's errors as this package's exceptions, in its words.

use crate::*;

/// A crate error as the exception of `queens._errors` that fits it (memory that cannot be
/// had a `NotEnoughMemory`, also a `MemoryError`), its message in this package's terms.
pub(crate) fn error(err: queens::Error) -> PyErr {
    use queens::Error as E;
    let class = match &err {
        E::NotEnoughMemory { .. } | E::OutOfMemory { .. } => "NotEnoughMemory",
        E::Cancelled { .. } => "Cancelled",
        E::ShardsDisagree { .. } | E::AuditFailed { .. } | E::VerifyFailed { .. } => "Disagreement",
        E::Overflow { .. } | E::Checkpoint { .. } | E::Read { .. } => "QueensError",
        _ => "InvalidInput",
    };
    let message = match &err {
        E::NotEnoughMemory {
            needed, available, ..
        } => {
            let ways = ways(
                err.advice()
                    .iter()
                    .map(|&advice| python_advice(advice))
                    .collect(),
            );
            format!(
                "this needs about {} MiB of memory, but only {} MiB is available{}",
                mib(*needed),
                available >> 20,
                if ways.is_empty() {
                    String::new()
                } else {
                    format!("; {ways}")
                }
            )
        }
        _ => err.describe(python_advice),
    };
    exception(class, message)
}

/// An error's advice in this package's terms: the arguments that take it.
pub(crate) fn python_advice(advice: queens::Advice) -> String {
    use queens::Advice;
    match advice {
        Advice::FewerThreads => "count on fewer threads (threads=1)",
        Advice::ConstellationEngine => {
            "count with engine=\"constellations\", which needs almost no memory"
        }
        Advice::SolutionsAlone => "resume it with fundamental=False",
        Advice::Classes => "resume it with fundamental=True",
        Advice::SmallerBoard => "ask for a smaller board",
        Advice::ReadAll => "queens.check() reads them all",
        advice => advice.words(),
    }
    .to_owned()
}

/// Ways out, one or joined by commas and a last "or".
fn ways(ways: Vec<String>) -> String {
    match ways.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
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
    } = err
    else {
        return match err {
            // A board whose total no count holds: an argument out of range, like any other.
            queens::Error::Overflow { reason } => invalid(reason),
            err => error(err),
        };
    };
    let (over, mut ways) = match memory {
        Some(limit) if limit == available => (
            format!("more than memory={limit} (bytes) allows"),
            vec!["allow it more memory".to_owned()],
        ),
        _ => (
            format!("but only {} MiB is available", available >> 20),
            Vec::new(),
        ),
    };
    ways.extend(advice.iter().map(|&advice| python_advice(advice)));
    let ways = self::ways(ways);
    exception(
        "NotEnoughMemory",
        format!(
            "this count needs about {} MiB of memory, {over}; {ways}",
            mib(needed)
        ),
    )
}
