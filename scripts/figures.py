#!/usr/bin/env python3
"""Regenerates every measured table in README.md and docs/*.md, so that no figure drifts.

A measured table sits between two markers naming the command that prints it:

    <!-- figures: cargo run --release --example navigation -- 16 5000000 -->
    | n = 16 | time |
    ...
    <!-- /figures -->

This script runs each command (from the repository's root, with this environment: set
QUEENS_REFERENCE and the like to fill the columns that compare with other programs) and
writes its markdown table between the markers, stamped with the processor and the date.
`table=K` picks the K-th table a command prints (a command runs once however many tables
it gives); commands joined by ` ;; ` give one table, the first command's header and every
command's rows. `needs=VAR` leaves a table as it is when the environment has no VAR (the
tables comparing with programs built outside this repository, or the Python package).

    python3 scripts/figures.py                 # every table
    python3 scripts/figures.py navigation      # the tables whose command mentions this
    python3 scripts/figures.py docs/web.md     # the tables of one page
    python3 scripts/figures.py --list          # the commands, nothing run
"""
import datetime
import os
import pathlib
import platform
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MARKED = re.compile(
    r"<!-- figures(?: needs=(\w+))?(?: table=(\d+))?: (.+?) -->\n(.*?)<!-- /figures -->", re.S
)
CLOSE = "<!-- /figures -->"
PRINTED = {}
FAILED = []


def processor():
    """The processor's name, its generation where the name does not give it, its widest
    vectors and its level 2 cache a core: two machines may share a name (an "AMD EPYC" may
    be a Zen 3 with AVX2, a Zen 4 or a Zen 5 with AVX-512)."""
    name, flags, info = None, set(), {}
    try:
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            key, _, value = line.partition(":")
            key = key.strip()
            if key == "model name" and name is None:
                name = value.strip()
            elif key == "flags" and not flags:
                flags = set(value.split())
            elif key in ("vendor_id", "cpu family", "model") and key not in info:
                info[key] = value.strip()
    except OSError:
        pass
    name = name or platform.processor() or platform.machine()
    vectors = "AVX-512" if "avx512f" in flags else "AVX2" if "avx2" in flags else None
    l2 = level2_per_core()
    details = [d for d in (generation(info), vectors, l2 and f"{l2} KiB L2 a core") if d]
    return f"{name} ({', '.join(details)})" if details else name


def forced(command):
    """What a command forces that the processor would not choose (`QUEENS_SIMD`,
    `QUEENS_L2`), said beside the processor: such a table hints at another processor, it
    does not measure one."""
    forcing = re.findall(r"\b(QUEENS_(?:SIMD|L2)=\S+)", command)
    if not forcing:
        return ""
    return f"; forced with {' '.join(forcing)}: a hint of another processor, not a measurement of one"


def generation(info):
    """AMD's core generation from /proc/cpuinfo's family and model (AMD's published
    numbering), else the family and model as printed, or None where there are none."""
    try:
        family, model = int(info["cpu family"]), int(info["model"])
    except (KeyError, ValueError):
        return None
    if info.get("vendor_id") == "AuthenticAMD":
        zen = {23: "Zen 2" if model >= 0x30 else "Zen", 26: "Zen 5"}.get(family)
        if family == 25:
            if model <= 0x0F or 0x20 <= model <= 0x5F:
                zen = "Zen 3"
            elif model <= 0x1F or 0x60 <= model <= 0xAF:
                zen = "Zen 4"
        if zen:
            return f"{zen}, family {family} model {model}"
    return f"family {family} model {model}"


def level2_per_core():
    """The level 2 cache of the first core in KiB, as the kernel reports it, or None."""
    for index in range(8):
        base = pathlib.Path(f"/sys/devices/system/cpu/cpu0/cache/index{index}")
        try:
            if (base / "level").read_text().strip() == "2":
                size = (base / "size").read_text().strip()
                return int(size.rstrip("K")) if size.endswith("K") else None
        except (OSError, ValueError):
            return None
    return None


def tables(output):
    """The markdown tables in a command's output, each a list of lines."""
    found, current = [], []
    for line in output.splitlines() + [""]:
        if line.startswith("|"):
            current.append(line)
        elif current:
            found.append(current)
            current = []
    return found


def measure(commands, which):
    rows = []
    for i, command in enumerate(commands):
        if command not in PRINTED:
            print(f"figures: {command}", file=sys.stderr, flush=True)
            run = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True)
            if run.returncode != 0:
                print(f"figures: `{command}` failed:\n{run.stderr}", file=sys.stderr)
            PRINTED[command] = tables(run.stdout) if run.returncode == 0 else []
        printed = PRINTED[command]
        if len(printed) < which:
            FAILED.append(command)
            return None
        table = printed[which - 1]
        rows += table if i == 0 else table[2:]
    return rows


def main():
    args = sys.argv[1:]
    listing = "--list" in args
    wanted = [a for a in args if a != "--list" and not a.endswith(".md")]
    only = [ROOT / a for a in args if a.endswith(".md")]
    stamp = f"{processor()}, {os.cpu_count()} cores, {datetime.date.today()}"
    pages = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    if not listing:
        build = ["cargo", "build", "--release", "--all-features", "--bins", "--examples"]
        subprocess.run(build, cwd=ROOT, check=True)

    for page in [p for p in pages if not only or p in only]:
        text = page.read_text(encoding="utf-8")

        def regenerate(match):
            needs, which, command = match.group(1), int(match.group(2) or 1), match.group(3)
            if listing:
                print(f"{page.relative_to(ROOT)}: {command}" + (f" (needs {needs})" if needs else ""))
            if listing or (wanted and not any(w in command for w in wanted)):
                return match.group(0)
            if needs and needs not in os.environ:
                print(f"figures: left as it is (no {needs}): {command}", file=sys.stderr)
                return match.group(0)
            rows = measure(command.split(" ;; "), which)
            if rows is None:
                return match.group(0)
            body = "\n".join(rows) + f"\n\n<sub>Measured on {stamp}{forced(command)}.</sub>\n"
            marker = match.group(0)
            return marker[: match.start(4) - match.start(0)] + body + CLOSE

        new = MARKED.sub(regenerate, text)
        if new != text:
            page.write_text(new, encoding="utf-8")
            print(f"figures: rewrote {page.relative_to(ROOT)}", file=sys.stderr)
    if FAILED:
        sys.exit("figures: left as they were, their command failing: " + "; ".join(FAILED))


if __name__ == "__main__":
    main()
