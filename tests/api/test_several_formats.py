"""A deck checked in several formats answers what each format answers alone: read back from
`findings` (tests.support.answers.by_format), each format's verdict has the violations and
warnings its own request gives, but for what the verdict says itself (the format's name,
the date judged), which a finding of several formats names for each of them."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from tests.corpus import lists
from tests.support.answers import by_format
from validators.formats import ORDER

# Real published lists of every era and form, a spread of the corpus (every 40th list).
SPREAD = list(itertools.islice(lists(), 0, None, 40))


def _own(verdict: dict[str, Any], violation: dict[str, Any]) -> dict[str, Any]:
    """A violation's arguments but those a finding of several formats leaves out."""
    return {name: value for name, value in violation["arguments"].items()
            if name != "format" and not (name == "date" and value == verdict["as_of"])}


@pytest.mark.parametrize("item", SPREAD, ids=[item.name for item in SPREAD])
def test_each_format_of_an_answer_in_several_is_its_answer_alone(client, item):
    deck = item.body
    several = client.post("/v1/validate", json={"format": "all", "deck": deck,
                                                "detail": "verdict"}).get_json()
    verdicts = by_format(several)
    assert list(verdicts) == list(ORDER)
    for format_id, verdict in verdicts.items():
        alone = client.post("/v1/validate", json={"format": format_id, "deck": deck,
                                                  "detail": "verdict"}).get_json()
        assert (verdict["legal"], verdict["as_of"]) == (alone["legal"], alone["as_of"])
        assert (format_id in several["legal_in"]) == alone["legal"]
        for kind in ("violations", "warnings"):
            assert verdict.get(f"{kind}_omitted") == alone.get(f"{kind}_omitted")
            assert len(verdict[kind]) == len(alone[kind])
            for found, own in zip(verdict[kind], alone[kind], strict=True):
                assert (found["code"], found["severity"], found["cards"]) == \
                    (own["code"], own["severity"], own["cards"]), format_id
                assert found["arguments"] == _own(alone, own), format_id
                assert {k: v for k, v in found["rule"].items() if k != "formats"} == \
                    own["rule"], format_id
                if len(found["formats"]) == 1:
                    assert found["message"] == own["message"], format_id
                for name in ("format", "date"):  # each format's own, among those named
                    if name in own["arguments"] and name not in found["arguments"]:
                        assert str(own["arguments"][name]) in found["message"], format_id
