//! How much memory a count may use: the least of what the kernel says is available, what
//! the process's control groups (a container's or a batch job's limit, such as Slurm's
//! `--mem`) leave it and what its own resource limits (`ulimit -v`, `ulimit -d`) leave it,
//! so that a count too large is refused rather than killed.

use std::path::Path;

/// Bytes this process may still allocate, where the operating system says (Linux): the
/// least of the kernel's `MemAvailable`, the room left under the memory limits of the
/// process's control groups (a container's or a batch job's) and the room left under its
/// own limits on address space and data (`RLIMIT_AS`, `RLIMIT_DATA`: `ulimit -v`, `-d`);
/// `None` elsewhere. What
/// [`Counter::run`](crate::counting::Counter::run) checks a count's need against.
///
/// # Examples
///
/// ```
/// if let Some(bytes) = queens::counting::available_memory() {
///     assert!(bytes > 0);
/// }
/// ```
#[must_use]
pub fn available_memory() -> Option<u64> {
    available()
}

pub(crate) fn available() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let system = read("/proc/meminfo").and_then(|info| mem_available(&info));
    let limits = read("/proc/self/cgroup")
        .and_then(|membership| cgroup_headroom(Path::new("/sys/fs/cgroup"), &membership));
    let own = read("/proc/self/limits")
        .zip(read("/proc/self/status"))
        .and_then(|(limits, status)| rlimit_headroom(&limits, &status));
    [system, limits, own].into_iter().flatten().min()
}

/// The least room left under the process's soft limits on address space and data, from
/// the texts of `/proc/self/limits` and `/proc/self/status`: what a larger allocation
/// would fail on, whatever the machine has free.
fn rlimit_headroom(limits: &str, status: &str) -> Option<u64> {
    [
        ("Max address space", "VmSize:"),
        ("Max data size", "VmData:"),
    ]
    .into_iter()
    .filter_map(|(limit, used)| {
        let soft = limits
            .lines()
            .find_map(|line| line.strip_prefix(limit))?
            .split_whitespace()
            .next()?;
        // "unlimited" does not parse: no limit here.
        let soft: u64 = soft.parse().ok()?;
        Some(soft.saturating_sub(kib_field(status, used).unwrap_or(0)))
    })
    .min()
}

/// The most memory this process has held (`VmHWM`), where the operating system says
/// (Linux); `None` elsewhere.
pub(crate) fn peak() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    kib_field(&status, "VmHWM:")
}

/// `MemAvailable` of `/proc/meminfo`, in bytes.
fn mem_available(info: &str) -> Option<u64> {
    kib_field(info, "MemAvailable:")
}

/// The field named `name` of a `/proc` text, given in KiB, in bytes.
fn kib_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(name))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// The least room left under any memory limit of the control groups that `membership` (the
/// text of `/proc/self/cgroup`) names, their ancestors included, with the hierarchies
/// mounted under `root`: cgroup v2 (`memory.max`, at `root` or `root/unified`) and v1
/// (`memory.limit_in_bytes`, at `root/memory`). Reclaimable page cache is not counted as
/// used.
fn cgroup_headroom(root: &Path, membership: &str) -> Option<u64> {
    const V2: Files = Files {
        limit: "memory.max",
        usage: "memory.current",
        cache: "inactive_file",
    };
    const V1: Files = Files {
        limit: "memory.limit_in_bytes",
        usage: "memory.usage_in_bytes",
        cache: "total_inactive_file",
    };
    let mut least: Option<u64> = None;
    for line in membership.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(id), Some(controllers), Some(path)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let relative = path.trim_start_matches('/');
        let places: Vec<(std::path::PathBuf, Files)> = if id == "0" && controllers.is_empty() {
            vec![(root.to_path_buf(), V2), (root.join("unified"), V2)]
        } else if controllers.split(',').any(|c| c == "memory") {
            vec![(root.join("memory"), V1)]
        } else {
            continue;
        };
        for (top, files) in places {
            let mut dir = top.join(relative);
            // From the process's own group up to the hierarchy's root: any may set a limit.
            while dir.starts_with(&top) {
                if let Some(room) = files.headroom(&dir) {
                    least = Some(least.map_or(room, |least| least.min(room)));
                }
                if !dir.pop() {
                    break;
                }
            }
        }
    }
    least
}

/// The files of one cgroup version that give a group's limit and use.
#[derive(Clone, Copy)]
struct Files {
    limit: &'static str,
    usage: &'static str,
    /// The line of `memory.stat` giving page cache the kernel can reclaim.
    cache: &'static str,
}

impl Files {
    /// The room left under the limit of the group at `dir`, if it sets one.
    fn headroom(&self, dir: &Path) -> Option<u64> {
        let number = |file: &str| -> Option<u64> {
            std::fs::read_to_string(dir.join(file))
                .ok()?
                .trim()
                .parse()
                .ok()
        };
        // "max" (v2) does not parse: no limit here.
        let limit = number(self.limit)?;
        let usage = number(self.usage).unwrap_or(0);
        let cache = std::fs::read_to_string(dir.join("memory.stat"))
            .ok()
            .and_then(|stat| {
                stat.lines().find_map(|line| {
                    line.strip_prefix(self.cache)?
                        .strip_prefix(' ')?
                        .parse()
                        .ok()
                })
            })
            .unwrap_or(0);
        Some(limit.saturating_sub(usage.saturating_sub(cache)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn write(dir: &Path, file: &str, text: &str) {
        fs::create_dir_all(dir).unwrap();
        fs::write(dir.join(file), text).unwrap();
    }

    #[test]
    fn meminfo_is_read_in_kib() {
        let info = "MemTotal:  100 kB\nMemFree: 10 kB\nMemAvailable:    2048 kB\n";
        assert_eq!(mem_available(info), Some(2 << 20));
        assert_eq!(mem_available("MemTotal: 1 kB\n"), None);
    }

    #[test]
    fn a_cgroup_v2_limit_on_an_ancestor_counts() {
        let root = tempfile::tempdir().unwrap();
        let job = root.path().join("slurm/job_7");
        let step = job.join("step_0");
        write(&job, "memory.max", "1073741824\n");
        write(&job, "memory.current", "104857600\n");
        write(
            &job,
            "memory.stat",
            "anon 1\ninactive_file 4857600\nactive_file 9\n",
        );
        write(&step, "memory.max", "max\n");
        write(&step, "memory.current", "5\n");
        let membership = "0::/slurm/job_7/step_0\n";
        assert_eq!(
            cgroup_headroom(root.path(), membership),
            Some(1_073_741_824 - 100_000_000)
        );
    }

    #[test]
    fn a_cgroup_v1_memory_limit_counts_and_unlimited_groups_do_not_matter() {
        let root = tempfile::tempdir().unwrap();
        let group = root.path().join("memory/docker/abc");
        write(&group, "memory.limit_in_bytes", "536870912\n");
        write(&group, "memory.usage_in_bytes", "36870912\n");
        write(
            &root.path().join("memory"),
            "memory.limit_in_bytes",
            "9223372036854771712\n",
        );
        let membership = "5:cpu:/x\n4:memory:/docker/abc\n0::/\n";
        assert_eq!(cgroup_headroom(root.path(), membership), Some(500_000_000));
        assert_eq!(cgroup_headroom(root.path(), "4:cpu:/docker/abc\n"), None);
        assert_eq!(cgroup_headroom(root.path(), "garbage"), None);
    }

    #[test]
    fn the_soft_address_space_and_data_limits_count() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max data size             unlimited            unlimited            bytes
Max address space         1024000000           unlimited            bytes
";
        let status = "Name:\tqueens\nVmSize:\t   24000 kB\nVmData:\t    1000 kB\n";
        assert_eq!(
            rlimit_headroom(limits, status),
            Some(1_024_000_000 - 24_000 * 1024)
        );
        let data = limits
            .replace(
                "Max data size             unlimited",
                "Max data size             50000000",
            )
            .replace("1024000000", "unlimited ");
        assert_eq!(
            rlimit_headroom(&data, status),
            Some(50_000_000 - 1000 * 1024)
        );
        let none = limits.replace("1024000000", "unlimited ");
        assert_eq!(rlimit_headroom(&none, status), None);
    }

    #[test]
    fn this_machine_reports_some_memory() {
        if cfg!(target_os = "linux") {
            assert!(available().is_some_and(|bytes| bytes > 0));
        }
    }
}
