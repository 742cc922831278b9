"""Ctrl-C stops long work within a fraction of a second, with the GIL released meanwhile."""

import os
import signal
import subprocess
import sys
import threading
import time

import queens

PROGRAM = """
import sys, time, queens
print("ready", flush=True)
try:
    queens.count(int(sys.argv[1]))
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
"""


def test_ctrl_c_interrupts_a_count_of_18_quickly():
    child = subprocess.Popen(
        [sys.executable, "-c", PROGRAM, "18"], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)  # well into the count (about 2 s on both cores)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=10)
    waited = time.monotonic() - sent
    assert child.returncode == 3, out
    assert "interrupted" in out
    assert waited < 0.5, f"{waited:.2f} s from Ctrl-C to KeyboardInterrupt"


def test_other_threads_run_while_rust_counts():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        # About a second on one thread: room for many ticks on any machine.
        assert queens.count(17, threads=1) == 95_815_104
    finally:
        stop.set()
        ticker.join()
    assert len(ticks) > 5, "the GIL was held during the count"
