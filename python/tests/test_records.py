"""Shards of a count as records, from Python: counted, merged, and their audits counted
again; a shard counted twice that disagrees, and an audit that does not hold, are refused
as `Disagreement` (issue 76)."""

import json
import re
import warnings
import zlib

import pytest

import queens


def resigned(line: str, old: str, new: str) -> str:
    """A record with `old` replaced by `new` and a valid checksum, as a faulty machine would
    write it (edited as text: the checksum is of the record's own JSON)."""
    assert line.count(old) == 1, (old, line)
    body = re.sub(r',"crc32":"[0-9a-f]{8}"}$', "}", line.strip()).replace(old, new)
    return f'{body[:-1]},"crc32":"{zlib.crc32(body.encode()):08x}"}}'


def test_shards_merge_to_the_count_and_their_audits_hold_here():
    records = [queens.count_shard(17, i, 6) for i in range(6)]
    merged = json.loads(queens.merge(records))
    assert (merged["total"], merged["of"]) == (95_815_104, 1)
    audited = 0
    for line in records:
        again = queens.verify(line)
        record = json.loads(line)
        assert (again["n"], again["shard"], again["of"]) == (17, record["shard"], 6)
        assert again["parts"] == len(record["audit"]["agreed"])
        audited += again["parts"]
    assert audited > 0
    # Records of several lines in one string read as `queens merge` reads a file.
    assert json.loads(queens.merge(["\n".join(records)]))["total"] == 95_815_104


def test_a_shard_counted_twice_that_disagrees_is_refused_naming_both_totals():
    records = [queens.count_shard(13, i, 3) for i in range(3)]
    total = json.loads(records[1])["total"]
    wrong = resigned(records[1], f'"total":{total},', f'"total":{total + 2},')
    with pytest.raises(queens.Disagreement) as refused:
        queens.merge(records + [wrong])
    said = str(refused.value)
    assert "shard 1/3 was counted twice" in said
    assert f"{total} solutions in records[1]" in said
    assert f"{total + 2} solutions in records[3]" in said
    assert isinstance(refused.value, queens.QueensError)
    # Several records in one string: each named by its line too.
    with pytest.raises(queens.Disagreement) as refused:
        queens.merge(["\n".join(records), wrong])
    said = str(refused.value)
    assert f"{total} solutions in records[0] line 2" in said
    assert f"{total + 2} solutions in records[1]" in said
    # One string of them all, as a file holds them, is one text, not a list of characters.
    assert queens.merge("\n".join(records)) == queens.merge(records)


def test_merge_says_which_record_does_not_fit():
    records = [queens.count_shard(13, 0, 3), queens.count_shard(12, 1, 3)]
    with pytest.raises(queens.InvalidInput, match=r"records\[1\]: cannot merge a record of n = 12"):
        queens.merge(records)
    with pytest.raises(queens.InvalidInput, match="longer than"):
        queens.merge(["x" * 100_000])


def test_a_record_whose_audit_does_not_hold_is_refused_naming_the_part():
    line = queens.count_shard(17, 5, 12)
    subproblem, part, total = json.loads(line)["audit"]["agreed"][0]
    listed = f"[{subproblem},{part},{total}]"
    with pytest.raises(queens.Disagreement) as refused:
        queens.verify(resigned(line, listed, f"[{subproblem},{part},{total + 1}]"))
    said = str(refused.value)
    assert f"lists {total + 1} solutions for part {part} of subproblem {subproblem}" in said
    # A part of another shard cannot stand in for those its identity draws.
    with pytest.raises(queens.InvalidInput, match="does not draw"):
        queens.verify(resigned(line, listed, f"[{subproblem + 1},{part},{total}]"))


def test_a_record_whose_audit_lists_no_part_warns():
    # A shard with no subproblem (n = 14 has 18): nothing audited, nothing counted again.
    line = queens.count_shard(14, 999, 1000)
    assert json.loads(line)["audit"]["agreed"] == []
    with pytest.warns(UserWarning, match="counted no part again"):
        checked = queens.verify(line)
    assert (checked["parts"], checked["whole"]) == (0, False)
    # Boards up to n = 12 are counted again whole: no warning.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert queens.verify(queens.count_shard(9, 0, 2))["whole"]


def test_a_board_past_64_bits_is_an_argument_out_of_range():
    with pytest.raises(queens.InvalidInput, match="up to n = 28"):
        queens.count_shard(29, 0, 2**20)


def test_a_record_without_an_audit_says_so():
    line = queens.count_shard(12, 0, 2, audit=False)
    assert "audit" not in json.loads(line)
    with pytest.raises(queens.InvalidInput, match="carries no audit"):
        queens.verify(line)
    with pytest.raises(queens.InvalidInput, match="checksum"):
        queens.verify(line.replace('"shard":0', '"shard":1'))


def test_a_count_past_64_bits_in_a_record_is_refused_naming_its_field():
    line = queens.count_shard(10, 0, 2)
    total = json.loads(line)["total"]
    past = resigned(line, f'"total":{total}', '"total":18446744073709551616')
    for call in (queens.merge, queens.verify):
        with pytest.raises(queens.InvalidInput, match=r"its `total` is 1\.8446744073709552e\+19, not a count"):
            call(past)


def test_a_record_that_does_not_read_is_named_by_its_place_in_the_list():
    first = queens.count_shard(10, 0, 2)
    damaged = first.replace('"total":', '"total":1')
    with pytest.raises(queens.InvalidInput, match=r"records\[1\] line 1: .*checksum"):
        queens.merge([first, damaged])
    with pytest.raises(queens.InvalidInput, match=r"records\[2\] line 2: .*not a shard record"):
        queens.merge([first, first, first + "\ngarbage"])


def test_records_of_another_cut_or_past_the_boards_known_count_are_refused():
    # A record of an older cut of the join into subproblems (no `revision`): other work
    # under the same numbers.
    records = [queens.count_shard(14, i, 2) for i in range(2)]
    older = resigned(records[0], '"revision":4,', "")
    for call in (lambda r: queens.merge([r, records[1]]), queens.verify):
        with pytest.raises(queens.InvalidInput, match=r"cut the count of n = 14 into other subproblems"):
            call(older)
    # Shards adding up to other than the board's known count, each sound on its own.
    total = json.loads(records[1])["total"]
    short = resigned(records[1], f'"total":{total},', f'"total":{total - 8},')
    with pytest.raises(queens.InvalidInput, match=r"add up to 365588 solutions, where the board has 365596"):
        queens.merge([records[0], short])
    # A key given twice, the first of them what a person reads.
    twice = records[0].replace("{", '{"total":1,', 1)
    with pytest.raises(queens.InvalidInput, match=r"the field `total` is given twice"):
        queens.merge([twice, records[1]])
