//! `count` and `plan`: exact counts and their plans.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use queens::counting::{Counter, Counts, Estimate, Prepared, Shard, ShardRecord, Warning};

use crate::args::{CountArgs, CountChoice, PlanArgs};
use crate::output::Out;
use crate::units::{cpu_time, duration, size, took};
use crate::{Failure, output, progress, say};

pub(crate) fn count(args: &CountArgs) -> Result<(), Failure> {
    // Opened first: a count of hours does not find out at its end that it cannot write.
    let mut out = Out::open(args.output.path())?;
    let prepared = prepared(args)?;
    let subproblems = prepared.subproblems();
    let fundamental = args.count.fundamental;
    let Shard { index, of } = args.shard.unwrap_or(Shard::WHOLE);
    let resumed = prepared.resumed_subproblems();
    let bar = progress::Bar::new(subproblems, resumed, args.quiet);
    let done = Arc::new(AtomicUsize::new(resumed));
    let started = Instant::now();
    let interrupted = Interrupted {
        done: Arc::clone(&done),
        of: subproblems,
        resumed,
        started,
        checkpoint: args.checkpoint.clone(),
        bar: bar.clone(),
    };
    output::on_interrupt(move || say(format_args!("{}", interrupted.report())));
    let report_to = bar.clone();
    let prepared = prepared.on_finished(move |_, progress| {
        done.fetch_max(progress.done, Ordering::Relaxed);
        report_to.update(progress);
    });
    let counts = prepared.run()?;
    let seconds = started.elapsed();
    bar.finish();
    let incomplete = prepared.checkpoint_failure();
    let number = match fundamental {
        true => counts.fundamental.unwrap_or(0),
        false => counts.total,
    };
    let result = match args.json {
        true => ShardRecord::new(&counts, seconds.as_secs_f64()).to_json(),
        false => number.to_string(),
    };
    let written = writeln!(out, "{result}").map_err(Failure::from);
    if let Err(err) = written.and_then(|()| out.finish()) {
        // A count of hours is not lost to a full disk: its result is said where it can be.
        say(format_args!(
            "queens: the count's result, which was not written: {result}"
        ));
        if let Some(incomplete) = &incomplete {
            say(format_args!(
                "queens: warning: the checkpoint is incomplete too: {incomplete}"
            ));
        }
        return Err(err);
    }
    if !args.json && !args.quiet {
        say(format_args!(
            "{number} {}solution{} of {} {}{} counted in {}",
            if fundamental { "fundamental " } else { "" },
            if number == 1 { "" } else { "s" },
            args.count.n,
            if args.count.n == 1 { "queen" } else { "queens" },
            match of {
                1 => String::new(),
                _ => format!(", shard {index}/{of},"),
            },
            took(seconds)
        ));
    }
    if args.verbose {
        let earlier = prepared.resumed_audited_parts();
        say(format_args!("queens: {}", audited(&counts, earlier)));
    }
    match incomplete {
        Some(err) => {
            say(format_args!(
                "queens: warning: the count is right, but the checkpoint is incomplete: {err}"
            ));
            Err(Failure::Flawed)
        }
        None => Ok(()),
    }
}

/// What the count's audit did, in a line; `earlier` of its parts were audited by the run
/// that wrote its checkpoint, whose time it does not know.
fn audited(counts: &Counts, earlier: usize) -> String {
    let Some(audit) = &counts.audit else {
        return "not audited (--no-audit)".into();
    };
    if let Some(why) = audit.why_empty() {
        return format!("audit: no part counted a second time: {why}");
    }
    let parts = match audit.agreed.len() {
        1 => "1 part".to_string(),
        parts => format!("{parts} parts"),
    };
    let (by, time) = (&audit.by, took(audit.time));
    let share = 100.0 * audit.share();
    match earlier.min(audit.agreed.len()) {
        0 => format!(
            "audit: {parts} of the count counted a second time {by}, all agreed, in {time} \
             ({share:.1}% of the count's time)"
        ),
        all if all == audit.agreed.len() => format!(
            "audit: {parts} of the count counted a second time {by}, all agreed, all by the \
             run that wrote the checkpoint (this run audited none)"
        ),
        some => format!(
            "audit: {parts} of the count counted a second time {by}, all agreed: {some} by \
             the run that wrote the checkpoint, the rest by this run in {time} ({share:.1}% \
             of its time)"
        ),
    }
}

/// The count of `args`, checked and sized before any work: refused where it cannot count,
/// warned of where it would take a day or more, resumed from its checkpoint (which it says).
fn prepared(args: &CountArgs) -> Result<Prepared, Failure> {
    let Shard { index, of } = args.shard.unwrap_or(Shard::WHOLE);
    let counter = counter(&args.count)?.shard(index, of).audit(!args.no_audit);
    let fundamental = args.count.fundamental;
    let engine = counter.chosen_engine()?;
    if !engine.shards_count_classes() && fundamental && of > 1 && !args.json {
        return Err(Failure::Refused(
            "a shard of the quadrant join has no symmetry classes of its own: add --json and \
             merge the shards' records with `queens merge`"
                .into(),
        ));
    }
    if let (Some(output), Some(checkpoint)) = (args.output.path(), &args.checkpoint)
        && same_file(output, checkpoint)
    {
        return Err(Failure::Refused(format!(
            "--output and --checkpoint both name {}: the count would replace its checkpoint",
            output.display()
        )));
    }
    // Refused in one line before anything else is said; then a count long enough to be
    // forecast says so, since its sample takes seconds (issue 77: a count of n = 23 sat
    // silent), and Ctrl-C meanwhile says that nothing was counted.
    counter.validate()?;
    if args.count.n >= Estimate::FORECAST_FROM {
        output::on_interrupt(|| {
            say(format_args!(
                "queens: interrupted while the count was being forecast: nothing was counted"
            ))
        });
        if !args.quiet {
            say(format_args!(
                "queens: forecasting the count from a sample of its parts first (seconds; \
                 Ctrl-C stops it)"
            ));
        }
    }
    // Checked and sized once: the checkpoint, the progress bar and the count all number the
    // engine it chose.
    let prepared = counter.prepare()?;
    if args.verbose {
        say(format_args!("queens: {}", prepared.choices()));
    }
    for warning in prepared.warnings() {
        match warning {
            Warning::LongCount(forecast) => say(format_args!(
                "queens: warning: this count would take about {} on {} thread{} ({}; `queens plan {}` \
                 tells more); press Ctrl-C to stop it",
                duration(forecast.hours() * 3600.0),
                forecast.threads,
                if forecast.threads == 1 { "" } else { "s" },
                forecast.error_bar(),
                args.count.n
            )),
            warning => say(format_args!("queens: warning: {warning}")),
        }
    }
    let Some(path) = &args.checkpoint else {
        return Ok(prepared);
    };
    let prepared = prepared.checkpoint(path)?;
    let done = prepared.resumed_subproblems();
    if done > 0 {
        // Said, so that a requeued or restarted job's log shows the work it kept.
        say(format_args!(
            "queens: resuming from {}: {done} of {} subproblems already counted",
            path.display(),
            prepared.subproblems()
        ));
    }
    Ok(prepared)
}

/// What an interrupted count says: what it had done, in how long, and where that is kept,
/// or how it could have been.
pub(crate) struct Interrupted {
    /// Subproblems finished, resumed ones included.
    done: Arc<AtomicUsize>,
    of: usize,
    resumed: usize,
    started: Instant,
    checkpoint: Option<std::path::PathBuf>,
    bar: progress::Bar,
}

impl Interrupted {
    fn report(&self) -> String {
        self.bar.finish();
        let done = self.done.load(Ordering::Relaxed);
        let resumed = match self.resumed {
            0 => String::new(),
            resumed => format!(" ({resumed} of them resumed)"),
        };
        let kept = match &self.checkpoint {
            Some(path) => format!(
                "kept in {} (the same command goes on from there)",
                path.display()
            ),
            None => "and lost (`--checkpoint FILE` would have kept them for the next run to go \
                     on from)"
                .into(),
        };
        format!(
            "queens: interrupted after {}: {done} of {} subproblems counted{resumed}, {kept}",
            took(self.started.elapsed()),
            self.of
        )
    }
}

/// Whether two paths name one file, which may not exist yet.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    // The file itself, or the folder it would be made in and its name.
    let resolved = |path: &Path| {
        std::fs::canonicalize(path).ok().or_else(|| {
            let folder = match path.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent,
                _ => Path::new("."),
            };
            Some(std::fs::canonicalize(folder).ok()?.join(path.file_name()?))
        })
    };
    a == b || matches!((resolved(a), resolved(b)), (Some(a), Some(b)) if a == b)
}

/// The counter of what `choice` asks for.
pub(crate) fn counter(choice: &CountChoice) -> Result<Counter, Failure> {
    let counter = Counter::new(choice.n)?
        .threads(choice.threads)
        .fundamental(choice.fundamental)
        .engine(choice.engine);
    Ok(match choice.memory {
        Some(bytes) => counter.memory(bytes),
        None => counter,
    })
}

pub(crate) fn plan(args: &PlanArgs) -> Result<(), Failure> {
    let counter = counter(&args.count)?;
    // Everything is worked out before a line is printed: a plan refused prints nothing (a
    // board too large to count in 64 bits is planned all the same).
    let subproblems = counter.total_subproblems()?;
    let shards = usize::try_from(args.shards).unwrap_or(usize::MAX);
    let mut out = Out::open(args.output.path())?;
    let estimate = counter.estimate_within(
        usize::try_from(args.sample).unwrap_or(usize::MAX),
        Duration::from_secs(args.seconds),
    )?;
    let (threads, engine) = (estimate.threads, estimate.engine);
    let plan = estimate.plan(shards);
    if args.json {
        let record = serde_json::to_string(&plan).map_err(std::io::Error::other)?;
        writeln!(out, "{record}")?;
        return out.finish();
    }
    let words = engine.plan_words(estimate.streamed);
    let storage = words.storage;
    let measured = estimate.sampled_peak.map_or(String::new(), |bytes| {
        format!("; the sample grew this process by {}", size(bytes, false))
    });
    let plural = if threads == 1 { "" } else { "s" };
    let parts = words.parts;
    let how = if estimate.whole {
        ""
    } else {
        words.partly_timed
    };
    let each = match shards {
        1 => "the count".to_string(),
        _ => format!("each of the {shards} shards"),
    };
    // The largest shard's time (shards of uneven subproblems are sized by it), with the
    // tables each process builds first, which many small shards each pay.
    let setup = match plan.setup_seconds > 0.0 {
        true => format!(
            ", {} of it building the tables",
            duration(plan.setup_seconds)
        ),
        false => String::new(),
    };
    let report = format!(
        "n = {}: the {engine} engine, {}\n\
         memory: {} on {threads} thread{plural}{storage}{measured}\n\
         time: {} of {} {parts} timed here{how} in {:.2} s: about {} in all ({})\n\
         shards: {each} ({} at most) takes about {} on {threads} thread{plural}{setup}\n",
        args.count.n,
        subproblems_of(subproblems),
        match estimate.memory {
            0 => "no tables".to_string(),
            bytes => format!("about {} a process", size(bytes, true)),
        },
        estimate.sampled.len(),
        estimate.parts,
        estimate.seconds,
        cpu_time(estimate.cpu_seconds),
        estimate.error_bar(),
        subproblems_of(plan.subproblems_per_shard),
        duration(plan.seconds_per_shard),
    );
    out.write_all(report.as_bytes())?;
    if !plan.countable {
        writeln!(
            out,
            "count: refused before any work: the total of n = {} exceeds 2^64 - 1, the most a \
             count holds (`queens count` takes n up to {}); this plan only sizes the work",
            args.count.n,
            Counter::MAX_N
        )?;
    }
    // Last, as the clusters guide says.
    writeln!(out, "chosen: {}", plan.chosen)?;
    out.finish()
}

/// `count` subproblems, in words: "1 subproblem", "42 subproblems".
fn subproblems_of(count: usize) -> String {
    match count {
        1 => "1 subproblem".to_string(),
        count => format!("{count} subproblems"),
    }
}
