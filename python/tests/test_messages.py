"""Messages speak Python: advice names this package's arguments, never the command line's
flags or the Rust API; and memory that cannot be had is a MemoryError, never a crash."""

import re
import subprocess
import sys
import textwrap

import pytest

import queens

# What a Python caller cannot type: a command-line flag, a Rust call, the CLI's commands.
FOREIGN = re.compile(r"(?<![\w-])--[a-z]|::|`queens [a-z]")


def python_only(message):
    assert not FOREIGN.search(message), message
    return message


def test_memory_advice_names_count_arguments():
    with pytest.raises(queens.NotEnoughMemory) as caught:
        queens.count(16, memory=1)
    message = python_only(str(caught.value))
    assert 'engine="constellations"' in message and "memory=1" in message
    # On one thread, fewer threads is no advice.
    with pytest.raises(queens.NotEnoughMemory) as caught:
        queens.count(16, threads=1, memory=1)
    message = python_only(str(caught.value))
    assert "threads" not in message and 'engine="constellations"' in message
    # The advice works: the constellation engine needs almost no memory.
    assert queens.count(16, threads=1, memory=1, engine="constellations") == 14_772_512


def test_count_takes_an_engine():
    for engine in ["auto", "constellations", "quadrants"]:
        assert queens.count(12, engine=engine) == 14200
        assert queens.count(12, engine=engine, fundamental=True) == 1787
    with pytest.raises(queens.InvalidInput, match="not an engine"):
        queens.count(8, engine="magic")
    with pytest.raises(queens.InvalidInput, match="quadrants"):
        queens.count(40, engine="quadrants")
    with pytest.raises(TypeError):
        queens.count(8, engine=1)


def test_checkpoint_messages_name_count_arguments(tmp_path):
    path = tmp_path / "n13.checkpoint"
    queens.count(13, checkpoint=path, engine="constellations")
    with pytest.raises(queens.QueensError) as caught:
        queens.count(13, checkpoint=path, engine="quadrants")
    python_only(str(caught.value))
    with pytest.raises(queens.QueensError) as caught:
        queens.count(13, checkpoint=path, engine="constellations", fundamental=True)
    message = python_only(str(caught.value))
    assert "fundamental=False" in message
    fundamental = tmp_path / "n14f.checkpoint"
    queens.count(14, checkpoint=fundamental, fundamental=True, engine="quadrants")
    with pytest.raises(queens.QueensError) as caught:
        queens.count(14, checkpoint=fundamental, engine="quadrants")
    message = python_only(str(caught.value))
    assert "fundamental=True" in message
    # A checkpoint of the format before engines were named.
    legacy = tmp_path / "legacy.checkpoint"
    legacy.write_text("queens checkpoint 2 n=14 shard=0/1\n")
    with pytest.raises(queens.QueensError) as caught:
        queens.count(14, checkpoint=legacy)
    message = python_only(str(caught.value))
    assert 'engine="constellations"' in message
    # Which the constellation engine resumes, as the message says.
    assert queens.count(14, checkpoint=legacy, engine="constellations") == 365596


MEMORY_LIMITED = textwrap.dedent(
    """
    import resource, sys, queens
    s = queens.construct(int(sys.argv[2]))
    # From here on, at most 128 MiB more address space: any output larger must be refused.
    with open("/proc/self/status") as status:
        used = next(int(line.split()[1]) for line in status if line.startswith("VmSize:")) << 10
    limit = used + (128 << 20)
    resource.setrlimit(resource.RLIMIT_AS, (limit, resource.RLIM_INFINITY))
    calls = {
        "str": lambda: str(s),
        "repr": lambda: repr(s),
        "render": lambda: s.render(sys.argv[3]),
        "svg": lambda: s._repr_svg_(),
        "slice": lambda: s[:],
        "construct": lambda: queens.construct(10**12),
        "random": lambda: queens.random(10**9),
    }
    try:
        calls[sys.argv[1]]()
    except MemoryError as err:
        print("MemoryError", type(err).__name__, err)
        sys.exit(0)
    print("no error")
    """
)


@pytest.mark.skipif(sys.platform != "linux", reason="address-space limits as Linux sets them")
@pytest.mark.parametrize(
    "call, n, style",
    [
        ("str", 100_000, ""),
        ("repr", 30_000_000, ""),
        ("render", 100_000, "unicode"),
        ("render", 100_000, "grid"),
        ("render", 30_000_000, "fen"),
        ("render", 30_000_000, "algebraic"),
        ("render", 30_000_000, "list"),
        ("svg", 1000, ""),
        ("slice", 30_000_000, ""),
        ("construct", 1, ""),
        ("random", 1, ""),
    ],
)
def test_memory_that_cannot_be_had_is_a_memory_error(call, n, style):
    run = subprocess.run(
        [sys.executable, "-c", MEMORY_LIMITED, call, str(n), style],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0 and run.stdout.startswith("MemoryError"), (run.returncode, run.stdout, run.stderr[-2000:])
    assert "panicked" not in run.stderr


def test_boards_too_large_to_draw_have_no_picture():
    # As the command line draws none over 1000 x 1000; Jupyter then shows the text.
    assert queens.construct(1001)._repr_svg_() is None
    assert queens.construct(1000)._repr_svg_().startswith("<svg")


def test_a_picture_of_several_boards_points_to_check():
    first, second = queens.Queens(6)[0]._repr_svg_(), queens.Queens(6)[1]._repr_svg_()
    board = lambda svg: svg[svg.index("<g ") : svg.index("</g>") + 5]
    two = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="432" height="224" viewBox="0 0 432 224">\n'
        "<title>2 N-Queens solution(s)</title>\n"
        + board(first)
        + board(second).replace("translate(16 16)", "translate(224 16)")
        + "</svg>\n"
    )
    with pytest.raises(queens.InvalidInput) as caught:
        queens.Solution.parse(two)
    assert "queens.check()" in python_only(str(caught.value))
    assert [item for _, item in queens.check(two)] == queens.Queens(6)[:2]


def test_plan_gives_the_figures_of_queens_plan_json():
    p = queens.plan(14, threads=2, shards=3, seconds=1)
    assert p["engine"] == "quadrants" and p["n"] == 14 and p["threads"] == 2
    assert p["cpu_seconds"] > 0 and p["memory_bytes"] > 0
    # The largest shard's subproblems on its threads, and the tables its process builds.
    setup = p["setup_seconds"]
    assert 0 < setup < p["seconds_per_shard"]
    one = queens.plan(14, threads=1, shards=1, seconds=1)
    assert one["seconds_per_shard"] == pytest.approx(one["cpu_seconds"])
    # More shards than subproblems: each counts one subproblem at most, and builds the tables.
    many = queens.plan(14, threads=1, shards=100_000, seconds=1)
    assert many["subproblems_per_shard"] == 1 and many["seconds_per_shard"] > many["setup_seconds"]
    assert p["error"] is None or 0 <= p["error"] < float("inf")
    # What the count chose for this processor, as `queens count --verbose` says it.
    assert p["chosen"].startswith("the quadrants engine on the ") and "level 2 cache" in p["chosen"]
    streamed = queens.plan(20, threads=1, memory=200 << 20, seconds=1)
    assert "only the rows each subproblem reads" in streamed["chosen"]
    with pytest.raises(ValueError, match="shards"):
        queens.plan(14, shards=0)
    with pytest.raises(queens.QueensError):
        queens.plan(29, engine="quadrants")


def test_a_count_past_64_bits_is_refused_at_once_but_planned():
    with pytest.raises(queens.QueensError, match=r"exceeds 2\^64 - 1"):
        queens.count(29)
    planned = queens.plan(29, seconds=1)
    assert planned["cpu_seconds"] > 0 and planned["countable"] is False
    assert queens.plan(14, seconds=1)["countable"] is True
