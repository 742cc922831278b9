//! docs/clusters.md's recipes for counting on many machines, run for real: its GNU parallel line,
//! and its Slurm job array on a one-node cluster that this test starts and stops itself.
//!
//! They need GNU parallel, Slurm and MUNGE installed and root to start the daemons, so they
//! are ignored by a plain `cargo test`; `.ci/run` installs all that and runs them with
//! `cargo test --all-features --test cluster -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use queens::counting::{Counter, Shard, ShardRecord};

const GUIDE: &str = include_str!("../../../docs/clusters.md");
const SOLUTIONS_15: u64 = 2_279_184;
const SOLUTIONS_20: u64 = 39_029_188_884;

/// The first fenced `sh` block of docs/clusters.md holding `needle`.
fn guide_block(needle: &str) -> String {
    GUIDE
        .split("```sh\n")
        .skip(1)
        .map(|rest| rest.split("```").next().unwrap())
        .find(|block| block.contains(needle))
        .unwrap_or_else(|| panic!("docs/clusters.md has no sh block with {needle:?}"))
        .to_string()
}

/// A folder whose `queens` is the binary under test, put first on `PATH`.
fn path_with_queens(bin: &Path) -> String {
    format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

fn run(command: &mut Command) -> Output {
    let out = command.output().expect("the command runs");
    assert!(
        out.status.success(),
        "{command:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn merged_total(dir: &Path, n: usize, files: &[PathBuf]) -> u64 {
    let out = run(Command::new(env!("CARGO_BIN_EXE_queens"))
        .arg("merge")
        .args(files)
        .current_dir(dir));
    let record = ShardRecord::parse(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    assert_eq!((record.n, record.of), (n, 1));
    record.total
}

#[test]
#[ignore = "needs GNU parallel; run by .ci/run"]
fn the_gnu_parallel_recipe_counts_n15() {
    let dir = tempfile::tempdir().unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_queens")).parent().unwrap();
    let block = guide_block("parallel queens count");
    let script = block
        .replace("count 18", "count 15")
        .replace("/64", "/8")
        .replace("seq 0 63", "seq 0 7")
        .replace("n18", "n15");
    assert_ne!(script, block, "docs/clusters.md's recipe changed shape");
    let out = run(Command::new("bash")
        .args(["-euo", "pipefail", "-c", &script])
        .env("PATH", path_with_queens(bin))
        .current_dir(dir.path()));
    let merged: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    let record = ShardRecord::parse(merged.last().unwrap()).unwrap();
    assert_eq!(record.total, SOLUTIONS_15);
    let shards = std::fs::read_to_string(dir.path().join("n15-shards.json")).unwrap();
    assert_eq!(shards.lines().count(), 8);
    assert_eq!(
        merged_total(dir.path(), 15, &[dir.path().join("n15-shards.json")]),
        SOLUTIONS_15
    );
}

#[test]
#[ignore = "needs GNU parallel; run by .ci/run"]
fn the_recipe_that_counts_every_shard_twice_merges_both_rounds() {
    let dir = tempfile::tempdir().unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_queens")).parent().unwrap();
    let block = guide_block("ROUND_B");
    let script = block
        .replace("count 18", "count 15")
        .replace("/64", "/8")
        .replace("seq 0 63", "seq 0 7")
        .replace("n18", "n15");
    assert_ne!(script, block, "docs/clusters.md's recipe changed shape");
    let out = run(Command::new("bash")
        .args(["-euo", "pipefail", "-c", &script])
        .env("PATH", path_with_queens(bin))
        .env("ROUND_A", ":")
        .env("ROUND_B", ":")
        .current_dir(dir.path()));
    let record = ShardRecord::parse(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    assert_eq!((record.total, record.of), (SOLUTIONS_15, 1));
    // A second round with a record gone wrong (checksum and all) is refused by name.
    let round = dir.path().join("n15-b.json");
    let text = std::fs::read_to_string(&round).unwrap();
    let mut wrong: Vec<ShardRecord> = text
        .lines()
        .map(|l| ShardRecord::parse(l).unwrap())
        .collect();
    wrong[3].total -= 8;
    let lines: String = wrong.iter().map(|r| format!("{}\n", r.to_json())).collect();
    std::fs::write(&round, lines).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["merge", "n15-a.json", "n15-b.json"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    let shard = wrong[3].shard;
    assert!(
        said.contains(&format!("shard {shard}/8 was counted twice")) && said.contains("n15-b.json"),
        "{said}"
    );
}

/// The daemons of a one-node cluster, stopped (by their PIDs) when dropped.
struct Cluster {
    dir: PathBuf,
    daemons: Vec<Child>,
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new("scancel")
            .args(["--user", "root"])
            .env("SLURM_CONF", self.conf())
            .status();
        // Asked to stop, each daemon stops its helpers too (slurmctld its script daemon).
        for daemon in self.daemons.iter_mut().rev() {
            stop(&daemon.id().to_string());
            let _ = daemon.wait();
        }
        // munged runs under runuser, as its own process.
        if let Ok(pid) = std::fs::read_to_string(self.dir.join("munge/munged.pid")) {
            stop(pid.trim());
        }
    }
}

impl Cluster {
    fn start(dir: &Path) -> Cluster {
        let host = String::from_utf8(run(&mut Command::new("hostname")).stdout).unwrap();
        let host = host.trim();
        let munge = dir.join("munge");
        for sub in ["munge", "state", "spool", "log"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        run(Command::new("chown").args(["munge:munge", munge.to_str().unwrap()]));
        // Ports of our own, so that a cluster left by another run does not answer.
        let port = 20_000 + std::process::id() % 20_000;
        let d = dir.display();
        let conf = format!(
            "ClusterName=queens\nSlurmctldHost={host}\nSlurmUser=root\nSlurmdUser=root\n\
             AuthType=auth/munge\nAuthInfo=socket={d}/munge/munge.socket\nCredType=cred/munge\n\
             StateSaveLocation={d}/state\nSlurmdSpoolDir={d}/spool\n\
             SlurmctldPidFile={d}/slurmctld.pid\nSlurmdPidFile={d}/slurmd.pid\n\
             SlurmctldPort={port}\nSlurmdPort={}\n\
             SlurmctldLogFile={d}/log/slurmctld.log\nSlurmdLogFile={d}/log/slurmd.log\n\
             ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n\
             SelectType=select/cons_tres\nSelectTypeParameters=CR_CPU\nMpiDefault=none\n\
             ReturnToService=2\nJobRequeue=1\n\
             NodeName={host} CPUs=2 State=UNKNOWN\n\
             PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n",
            port + 1
        );
        std::fs::write(dir.join("slurm.conf"), conf).unwrap();
        let mut cluster = Cluster {
            dir: dir.to_path_buf(),
            daemons: Vec::new(),
        };
        let socket = munge.join("munge.socket");
        cluster.spawn(Command::new("runuser").args([
            "-u",
            "munge",
            "--",
            "munged",
            "--foreground",
            &format!("--socket={}", socket.display()),
            &format!("--pid-file={}", munge.join("munged.pid").display()),
            &format!("--log-file={}", munge.join("munged.log").display()),
            &format!("--seed-file={}", munge.join("seed").display()),
        ]));
        wait_for("munged's socket", || socket.exists());
        let conf = cluster.conf();
        cluster.spawn(Command::new("slurmctld").args(["-D", "-i", "-f", &conf]));
        cluster.spawn(Command::new("slurmd").args(["-D", "-f", &conf]));
        wait_for("an idle node", || {
            let out = cluster.slurm("sinfo", &["-h", "-o", "%t"]);
            String::from_utf8_lossy(&out.stdout).trim() == "idle"
        });
        cluster
    }

    fn conf(&self) -> String {
        self.dir.join("slurm.conf").display().to_string()
    }

    fn spawn(&mut self, command: &mut Command) {
        let child = command
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|err| panic!("{command:?}: {err}"));
        self.daemons.push(child);
    }

    fn slurm(&self, command: &str, args: &[&str]) -> Output {
        Command::new(command)
            .args(args)
            .env("SLURM_CONF", self.conf())
            .output()
            .unwrap_or_else(|err| panic!("{command}: {err}"))
    }

    /// Waits for every task of `job` to leave the queue, starting the requeued `task`
    /// whenever it waits. Slurm holds a task requeued while suspended, and holds any requeued
    /// task back for a while (its begin time), which it may set again once the task's old run
    /// has been cleaned up: so the task is released and started for as long as it waits, not
    /// once. Panics after ten minutes with the queue, the daemons' logs and the tasks' logs
    /// (`slurm-*.out` in `jobs`).
    fn finish(&self, job: &str, task: &str, jobs: &Path) {
        let started = Instant::now();
        let mut last_kick = None::<Instant>;
        loop {
            let queue = self.queue(job);
            if queue.is_empty() {
                return;
            }
            let waiting = queue
                .lines()
                .any(|line| line.starts_with(&format!("{task} PENDING")));
            if waiting && last_kick.is_none_or(|at| at.elapsed() > Duration::from_secs(2)) {
                // Either may be refused when there is nothing to do (a task not held).
                let _ = self.slurm("scontrol", &["release", task]);
                let _ = self.slurm(
                    "scontrol",
                    &["update", &format!("jobid={task}"), "StartTime=now"],
                );
                last_kick = Some(Instant::now());
            }
            assert!(
                started.elapsed() < Duration::from_secs(600),
                "the job array did not finish in ten minutes\n{}",
                self.report(task, &queue, jobs)
            );
            std::thread::sleep(Duration::from_millis(500));
        }
    }

    /// Each task of `job` still queued: its id, state, reason and start time, a line each.
    fn queue(&self, job: &str) -> String {
        let out = self.slurm("squeue", &["-h", "-r", "-j", job, "-o", "%i %T %r %S"]);
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// What a failure needs to be understood: the queue, the task's record, and the ends of
    /// the daemons' and the tasks' logs.
    fn report(&self, task: &str, queue: &str, jobs: &Path) -> String {
        let shown = self.slurm("scontrol", &["show", "job", task]);
        let tail = |path: PathBuf| {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            let from = lines.len().saturating_sub(40);
            format!("--- {}:\n{}", path.display(), lines[from..].join("\n"))
        };
        let mut logs: Vec<PathBuf> = std::fs::read_dir(jobs)
            .map(|entries| entries.flatten().map(|entry| entry.path()).collect())
            .unwrap_or_default();
        logs.retain(|path| path.extension().is_some_and(|ext| ext == "out"));
        logs.sort();
        [
            format!("--- queue:\n{queue}"),
            format!(
                "--- scontrol show job {task}:\n{}",
                String::from_utf8_lossy(&shown.stdout)
            ),
            tail(self.dir.join("log/slurmctld.log")),
            tail(self.dir.join("log/slurmd.log")),
        ]
        .into_iter()
        .chain(logs.into_iter().map(tail))
        .collect::<Vec<_>>()
        .join("\n")
    }
}

/// Sends SIGTERM, and SIGKILL if the process is still there ten seconds later.
fn stop(pid: &str) {
    let _ = Command::new("kill").args(["-TERM", pid]).status();
    let started = Instant::now();
    while Path::new(&format!("/proc/{pid}")).exists() && started.elapsed().as_secs() < 10 {
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = Command::new("kill").args(["-KILL", pid]).status();
}

fn wait_for(what: &str, mut ready: impl FnMut() -> bool) {
    let started = Instant::now();
    while !ready() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no {what} after a minute"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The complete lines of a checkpoint file (a line still being written is left out).
fn checkpoint_lines(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let complete = text.rfind('\n').map_or("", |end| &text[..=end]);
    complete.lines().map(str::to_string).collect()
}

/// Submits `script` (in `jobs`) to `cluster` with the binary under test first on `PATH`,
/// and returns the job's id.
fn submit(cluster: &Cluster, jobs: &Path, script: &str) -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_queens")).parent().unwrap();
    let submitted = Command::new("sbatch")
        .args(["--parsable", "--chdir", jobs.to_str().unwrap(), script])
        .env("SLURM_CONF", cluster.conf())
        .env("PATH", path_with_queens(bin))
        .current_dir(jobs)
        .output()
        .unwrap();
    assert!(
        submitted.status.success(),
        "{}",
        String::from_utf8_lossy(&submitted.stderr)
    );
    String::from_utf8(submitted.stdout)
        .unwrap()
        .trim()
        .to_string()
}

/// The guide's job array, rehearsed past n = 19 on the path a frontier count takes: n = 20
/// in 8 shards on the streamed storage (forced by `--memory`, as where the whole tables do
/// not fit), one task requeued mid-way, one shard counted a second time by another job, one
/// record damaged and refused, every record's audit counted again by `queens verify`, and
/// the merged total OEIS A000170's; the plan of the count printed beside its measured time.
#[test]
#[ignore = "needs Slurm, MUNGE and root; run by .ci/run"]
fn the_slurm_recipe_counts_n20_streamed_through_a_requeue_a_damaged_record_and_a_double_count() {
    const N: usize = 20;
    const K: usize = 8;
    const MEMORY: &str = "200M";
    let dir = tempfile::tempdir().unwrap();
    let cluster = Cluster::start(dir.path());
    let jobs = dir.path().join("jobs");
    std::fs::create_dir_all(&jobs).unwrap();
    let block = guide_block("#SBATCH --array");
    let script = block
        .replace("--array=0-255", &format!("--array=0-{}", K - 1))
        .replace("--cpus-per-task=8", "--cpus-per-task=1")
        .replace("N=20 K=256", &format!("N={N} K={K}"))
        .replace(
            "--threads \"$SLURM_CPUS_PER_TASK\"",
            &format!("--threads \"$SLURM_CPUS_PER_TASK\" --memory {MEMORY}"),
        );
    assert_eq!(
        script.matches(&format!("--memory {MEMORY}")).count(),
        1,
        "docs/clusters.md's recipe changed shape: {block}"
    );
    std::fs::write(jobs.join("count-20.sh"), &script).unwrap();
    // The second round of one shard, as the guide's double count submits it: its own record.
    let again = script
        .replace(&format!("--array=0-{}", K - 1), "--array=3")
        .replace(".json\"", "-b.json\"")
        .replace(".checkpoint\"", "-b.checkpoint\"");
    assert!(again.contains("-b.json"), "{again}");
    std::fs::write(jobs.join("count-20-b.sh"), again).unwrap();
    let started = Instant::now();
    let job = submit(&cluster, &jobs, "count-20.sh");
    let second = submit(&cluster, &jobs, "count-20-b.sh");

    let first = format!("{job}_0");
    let checkpoint = jobs.join("n20-0.checkpoint");
    // Requeued once the count has recorded work (a header and some finished subproblems),
    // suspended first so that the records seen are all it recorded before the requeue.
    wait_for("records in task 0's checkpoint", || {
        checkpoint_lines(&checkpoint).len() > 5
    });
    let control = |args: &[&str]| {
        let out = cluster.slurm("scontrol", args);
        assert!(
            out.status.success(),
            "scontrol {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    control(&["suspend", &first]);
    // The suspension reaches the task a moment after scontrol returns (a run once recorded
    // one more subproblem after it): the records are read once a second passes without one.
    let mut before = checkpoint_lines(&checkpoint);
    wait_for("pause in task 0's records", || {
        std::thread::sleep(Duration::from_secs(1));
        let now = checkpoint_lines(&checkpoint);
        let still = now == before;
        before = now;
        still
    });
    control(&["requeue", &first]);
    cluster.finish(&job, &first, &jobs);
    cluster.finish(&second, &format!("{second}_3"), &jobs);
    let took = started.elapsed();
    let shown = cluster.slurm("scontrol", &["show", "job", &first]);
    assert!(
        String::from_utf8_lossy(&shown.stdout).contains("Restarts=1"),
        "task 0 was not requeued: {}",
        String::from_utf8_lossy(&shown.stdout)
    );

    // The requeued run resumed what the first had recorded, and recorded only the rest.
    let log = std::fs::read_to_string(jobs.join(format!("slurm-{job}_0.out"))).unwrap();
    let subproblems = Shard::new(0, K).unwrap().subproblems_of(
        Counter::new(N)
            .unwrap()
            .fundamental(false)
            .total_subproblems()
            .unwrap(),
    );
    // Subproblems' lines: past the header, but the audit's (`audit SUBPROBLEM PART ...`).
    let of_subproblems = |lines: &[String]| -> Vec<String> {
        (lines.iter().skip(1))
            .filter(|line| !line.starts_with("audit "))
            .cloned()
            .collect()
    };
    let resumed = format!(
        "resuming from n20-0.checkpoint: {} of {subproblems} subproblems already counted",
        of_subproblems(&before).len()
    );
    assert!(
        log.contains(&resumed),
        "{resumed:?} not in task 0's log: {log}"
    );
    let after = checkpoint_lines(&checkpoint);
    assert_eq!(after[..before.len()], before[..], "records were rewritten");
    let recorded = of_subproblems(&after);
    let mut indices: Vec<&str> = (recorded.iter())
        .map(|line| line.split(' ').next().unwrap())
        .collect();
    indices.sort_unstable();
    indices.dedup();
    assert_eq!(
        (indices.len(), recorded.len()),
        (subproblems, subproblems),
        "a subproblem recorded twice, or missing"
    );

    let mut records: Vec<PathBuf> = (0..K).map(|i| jobs.join(format!("n20-{i}.json"))).collect();
    records.push(jobs.join("n20-3-b.json"));
    // Each record audited itself, and its audit holds when counted again here.
    for path in &records {
        let record = ShardRecord::parse(std::fs::read_to_string(path).unwrap().trim()).unwrap();
        let audit = record.audit.expect("records are audited");
        assert!(!audit.agreed.is_empty(), "{audit:?}");
    }
    let verified = run(Command::new(env!("CARGO_BIN_EXE_queens"))
        .arg("verify")
        .args(&records)
        .current_dir(&jobs));
    assert_eq!(
        String::from_utf8_lossy(&verified.stdout)
            .matches("of its audit agree here")
            .count(),
        K + 1
    );

    // A record damaged on its way (one digit of its total) is refused, naming its file.
    let damaged = jobs.join("n20-5-damaged.json");
    let line = std::fs::read_to_string(&records[5]).unwrap();
    let total = ShardRecord::parse(line.trim()).unwrap().total;
    let digit = total % 10;
    let wrong = total - digit + (digit + 1) % 10;
    let edited = line.replace(
        &format!("\"total\":{total},"),
        &format!("\"total\":{wrong},"),
    );
    assert_ne!(edited, line);
    std::fs::write(&damaged, edited).unwrap();
    let mut with_damaged = records.clone();
    with_damaged[5] = damaged.clone();
    let out = Command::new(env!("CARGO_BIN_EXE_queens"))
        .arg("merge")
        .args(&with_damaged)
        .current_dir(&jobs)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains("n20-5-damaged.json") && said.contains("checksum does not match"),
        "{said}"
    );

    // The shard counted twice agrees with itself: merged once, to OEIS's total.
    assert_eq!(merged_total(&jobs, N, &records), SOLUTIONS_20);

    // The plan of this count beside what it took.
    let plan = run(Command::new(env!("CARGO_BIN_EXE_queens")).args([
        "plan",
        "20",
        "--shards",
        "8",
        "--threads",
        "1",
        "--memory",
        MEMORY,
        "--json",
    ]));
    let plan: serde_json::Value = serde_json::from_slice(&plan.stdout).unwrap();
    let planned = plan["seconds_per_shard"].as_f64().unwrap();
    let longest = records
        .iter()
        .map(|path| {
            let line = std::fs::read_to_string(path).unwrap();
            ShardRecord::parse(line.trim()).unwrap().seconds
        })
        .fold(0.0, f64::max);
    eprintln!(
        "n = 20 in {K} shards, streamed: the plan said {planned:.1} s for the largest shard \
         on 1 thread, the longest took {longest:.1} s; the rehearsal took {:.0} s",
        took.as_secs_f64()
    );
    assert!(
        (0.5..2.0).contains(&(planned / longest)),
        "plan {planned} s against {longest} s"
    );
}
