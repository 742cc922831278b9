"""Python under pressure (issue 77): Ctrl-C and memory running out, wherever the package's
streams are drawn from, by Python code or by C code (`tuple`, `set`, `sorted`, `list`)."""

import os
import resource
import signal
import subprocess
import sys
import time

import pytest

DRIVERS = {
    "tuple": "tuple(queens.queens(20))",
    "set": "set(iter(queens.Queens(20)))",
    "sorted": "sorted(iter(queens.Queens(20)))",
    "list": "list(iter(queens.Queens(20)))",
    "list_len": "list(queens.Queens(20))",
    "fundamental": "list(queens.Queens(20).fundamental())",
    "trace": "list(queens.Queens(20).trace())",
    "slice": "queens.Queens(16)[::100_000]",
    "check": "queens.check('[0]\\n' * 3_000_000)",
}

PROGRAM = """
import itertools, signal, sys, queens
signal.signal(signal.SIGINT, signal.default_int_handler)
print("ready", flush=True)
try:
    {call}
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
except MemoryError as err:
    print(type(err).__name__, err, flush=True)
    sys.exit(4)
print("finished", flush=True)
"""


def run(call, **options):
    return subprocess.Popen(
        [sys.executable, "-c", PROGRAM.format(call=call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **options,
    )


@pytest.mark.parametrize("driver", sorted(DRIVERS))
def test_ctrl_c_stops_every_driver_of_a_stream_at_once(driver):
    # Each call runs for many seconds (or fills memory) unless stopped.
    child = run(DRIVERS[driver])
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.8)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=20)
    waited = time.monotonic() - sent
    assert child.returncode == 3, (driver, out, err)
    assert waited < 1.0, f"{driver}: {waited:.2f} s from Ctrl-C to KeyboardInterrupt"


def limited(megabytes):
    def limit():
        size = megabytes << 20
        resource.setrlimit(resource.RLIMIT_AS, (size, size))

    return limit


@pytest.mark.parametrize(
    "call",
    [
        "tuple(queens.queens(20))",
        "list(queens.queens(20))",
        "list(queens.Queens(20).fundamental())",
        "set(iter(queens.Queens(20)))",
        "queens.check('[0]\\n' * 30_000_000)",
        "queens.animated_svg(12, itertools.islice(queens.Queens(12).trace(), 3_000_000))",
        "queens.Queens(20)[:]",
    ],
)
def test_running_out_of_memory_is_a_memory_error(call):
    # Was a PanicException (a BaseException), a hang in the panic hook with
    # RUST_BACKTRACE=1, or SIGABRT.
    child = run(call, preexec_fn=limited(400), env={**os.environ, "RUST_BACKTRACE": "1"})
    out, err = child.communicate(timeout=120)
    assert child.returncode == 4, (call, child.returncode, out, err[-2000:])
    # Ours (NotEnoughMemory, a MemoryError), or Python's own where a container of the
    # results could not grow.
    assert out.split("\n")[1].split()[0] in ("NotEnoughMemory", "MemoryError"), out
