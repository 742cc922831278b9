"""What Jupyter shows: a solution's `_repr_svg_` is well-formed SVG of its board."""

import xml.etree.ElementTree as ET

import queens

SVG = "{http://www.w3.org/2000/svg}"


def test_a_solution_draws_itself_as_valid_svg():
    s = next(iter(queens.Queens(8)))
    root = ET.fromstring(s._repr_svg_())
    assert root.tag == f"{SVG}svg"
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    # Every queen is drawn.
    drawn = [e for e in root.iter() if e.get("class") == "queen"]
    assert len(drawn) == 8


def test_an_animated_trace_is_valid_svg():
    events = []
    for event in queens.Queens(5).trace():
        events.append(event)
        if event.kind == "solution":
            break
    root = ET.fromstring(queens.animated_svg(5, events))
    assert root.tag == f"{SVG}svg"
    assert root.iter(f"{SVG}animate") is not None
