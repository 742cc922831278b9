"""The package README's examples and the module's docstrings run as written."""

import doctest
import pathlib

import queens

README = pathlib.Path(__file__).parent.parent / "README.md"


def test_readme_examples():
    # Code fences end an example's expected output.
    text = "\n".join("" if line.startswith("```") else line for line in README.read_text().splitlines())
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 10


def test_module_docstrings():
    failures, tries = doctest.testmod(queens)
    assert failures == 0 and tries > 0


def test_crate_readme_python_example():
    # The repository's README shows the package in one fenced block; it runs as written.
    text = (README.parent.parent / "README.md").read_text()
    blocks = [block.split("```")[0] for block in text.split("```python\n")[1:]]
    assert blocks, "the crate's README shows Python"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_readme_shows_puzzles_made_graded_explained_and_written_as_json_lines():
    text = README.read_text()
    assert "\n## Puzzles" in text, "puzzles have a section of their own"
    section = text.split("\n## Puzzles", 1)[1].split("\n## ", 1)[0]
    code = "\n".join(block.split("```")[0] for block in section.split("```python\n")[1:])
    for shown in ["queens.puzzle(", "level=", ".level", ".rating", ".explanation", ".to_json()",
                  "PuzzleIterator(", "Puzzle(", ".check(", "json.loads("]:
        assert shown in code, shown
    # The comparison with reasoning-gym, its figures and where they come from.
    assert "reasoning-gym" in section and "examples/puzzle_bench.rs" in section
    rows = [line for line in section.splitlines() if line.startswith("| ") and line.split("|")[1].strip().isdigit()]
    assert [int(row.split("|")[1]) for row in rows] == [8, 9, 10, 11, 12], rows
