"""Times, side by side in one run: the chapter's pure-Python generator against
`queens.queens` for n = 8..12 (every solution as tuples), and the cost per solution of
iterating from Python against the Rust iterator alone.

    python python/bench.py
"""

import os
import sys
import time

# Beside this script is the package's source, without its compiled part: import the
# installed package instead.
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]
sys.path.insert(0, os.path.join(HERE, "tests"))

import queens  # noqa: E402
import textbook  # noqa: E402


def seconds(work, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def main():
    print("| n | solutions | textbook generator (s) | queens.queens (s) | speed-up |")
    print("| --- | --- | --- | --- | --- |")
    for n in range(8, 13):
        solutions = sum(1 for _ in queens.queens(n))
        theirs = seconds(lambda: sum(1 for _ in textbook.queens(n)), repeat=1 if n > 10 else 3)
        ours = seconds(lambda: sum(1 for _ in queens.queens(n)))
        print(f"| {n} | {solutions} | {theirs:.4f} | {ours:.5f} | {theirs / ours:.0f}x |")
    print()
    n = 14
    solutions = sum(1 for _ in queens.queens(n))
    rust = min(queens._queens._rust_iteration_seconds(n) for _ in range(3))
    tuples = seconds(lambda: sum(1 for _ in queens.queens(n)))
    objects = seconds(lambda: sum(1 for _ in queens.Queens(n)))
    per = lambda s: s / solutions * 1e9  # noqa: E731
    print(f"n = {n}, {solutions} solutions, ns per solution (best of 3):")
    print("| iterating | ns per solution | over the Rust iterator |")
    print("| --- | --- | --- |")
    print(f"| the Rust iterator alone | {per(rust):.0f} | |")
    print(f"| queens.queens(n), tuples | {per(tuples):.0f} | {per(tuples - rust):.0f} |")
    print(f"| queens.Queens(n), Solution objects | {per(objects):.0f} | {per(objects - rust):.0f} |")


if __name__ == "__main__":
    main()
