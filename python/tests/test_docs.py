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
