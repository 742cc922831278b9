//! Shards of a count as records: counted, merged, and their audits counted again.

use crate::functions::counter;
use crate::*;
use queens::counting::ShardRecord;

/// Shard `shard` of `of` of the count of `n` queens (as `queens count --shard I/K --json`
/// counts it), returned as its record: one line of JSON with a checksum, for `merge()` to
/// add up. With `audit` (the default) a sample of the shard's own parts is counted again by
/// another path in about 1% of its time, a disagreement raising `Disagreement`, and the
/// record lists them for `verify()`. Other arguments as `count()` takes them; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (n, shard, of, fundamental = false, threads = None, memory = None, engine = "auto", audit = true))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn count_shard(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    shard: &Bound<'_, PyAny>,
    of: &Bound<'_, PyAny>,
    fundamental: bool,
    threads: Option<&Bound<'_, PyAny>>,
    memory: Option<&Bound<'_, PyAny>>,
    engine: &str,
    audit: bool,
) -> PyResult<String> {
    let (counter, memory) = counter(n, fundamental, threads, memory, engine, "count_shard()")?;
    let of = arg(of, "of", "count_shard()", (1, u64::MAX))?;
    let shard = noted_arg(
        shard,
        "shard",
        "count_shard()",
        (0, of - 1),
        " (below `of`)",
    )?;
    let (shard, of) = (
        usize::try_from(shard).unwrap_or(usize::MAX),
        usize::try_from(of).unwrap_or(usize::MAX),
    );
    let stop = Arc::new(AtomicBool::new(false));
    let counter = counter
        .shard(shard, of)
        .audit(audit)
        .cancel_when(Arc::clone(&stop));
    let started = std::time::Instant::now();
    let counts = interruptible(py, Some(stop), move || Ok(counter.run()))?
        .map_err(|err| count_error(err, memory))?;
    Ok(ShardRecord::new(&counts, started.elapsed().as_secs_f64()).to_json())
}

/// The record of the whole count, from the records of all its shards (strings of one or
/// more lines, as `count_shard()` or `queens count --json` write them, or one such string),
/// each checked as `queens merge` checks it: a shard counted twice whose records disagree
/// raises `Disagreement`, naming both counts and where each came from (`records[2]`, or
/// `records[0] line 3` in a string of several).
#[pyfunction]
pub(crate) fn merge(records: &Bound<'_, PyAny>) -> PyResult<String> {
    let texts: Vec<Bound<'_, PyAny>> = match records.is_instance_of::<pyo3::types::PyString>() {
        true => vec![records.clone()],
        false => records.try_iter()?.collect::<PyResult<_>>()?,
    };
    let (mut read, mut sources) = (Vec::new(), Vec::new());
    for (item, text) in texts.iter().enumerate() {
        let text: &str = text
            .extract()
            .map_err(|_| invalid("merge() takes records as strings of JSON lines".into()))?;
        let numbered = ShardRecord::read_numbered(text.as_bytes()).map_err(|err| match err {
            // A line too long for a record is a malformed record here, not a failed read.
            queens::Error::Read { reason } => invalid(format!("records[{item}]: {reason}")),
            // Named as `queens merge` names a file: which of `records`, and its line.
            queens::Error::ShardRecords { reason } => {
                invalid(format!("shard records: records[{item}] {reason}"))
            }
            err => error(err),
        })?;
        let several = numbered.len() > 1;
        for (line, record) in numbered {
            read.push(record);
            sources.push(match several {
                true => format!("records[{item}] line {line}"),
                false => format!("records[{item}]"),
            });
        }
    }
    Ok(ShardRecord::merge_from(&read, &sources)
        .map_err(error)?
        .to_json())
}

/// Counts again here, on the portable code, the parts a shard record's audit lists (as
/// `queens verify` does), and returns what it did: a dict of `n`, `shard`, `of`, the
/// `parts` that agreed, whether the shard was counted again `whole` (boards up to n = 12)
/// and the `seconds` it took. Raises `Disagreement` naming the part where this machine
/// counts otherwise, and `InvalidInput` for a record with no audit, not written by this
/// version or by this revision of its engine's cut; with the GIL released.
#[pyfunction]
pub(crate) fn verify<'py>(py: Python<'py>, record: &str) -> PyResult<Bound<'py, PyAny>> {
    let record = ShardRecord::parse(record.trim()).map_err(error)?;
    let (n, shard, of) = (record.n, record.shard, record.of);
    let whole = record.counted_again_whole();
    let again = interruptible(py, None, move || Ok(record.verify()))?.map_err(error)?;
    if let Some(why) = again.why_empty().filter(|_| !whole) {
        let message = std::ffi::CString::new(format!(
            "verify(): shard {shard}/{of} of n = {n}: its audit counted no part again ({why}): \
             count the shard twice instead"
        ))
        .unwrap_or_default();
        let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
        PyErr::warn(py, category.as_any(), &message, 1)?;
    }
    let result = pyo3::types::PyDict::new(py);
    result.set_item("n", n)?;
    result.set_item("shard", shard)?;
    result.set_item("of", of)?;
    result.set_item("parts", again.agreed.len())?;
    result.set_item("whole", whole)?;
    result.set_item("seconds", again.time.as_secs_f64())?;
    Ok(result.into_any())
}
