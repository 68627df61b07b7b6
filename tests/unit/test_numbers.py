import pytest

from catalog.numbers import number_sort_key


def test_numbers_sort_numerically_then_by_prefix():
    printed = ["SWSH068", "21", "H1", "9", "102a", "102", "SWSH9", "TG01", "H10", "?", "A"]
    assert sorted(printed, key=number_sort_key) == [
        "9", "21", "102", "102a", "?", "A", "H1", "H10", "SWSH9", "SWSH068", "TG01"]


@pytest.mark.parametrize(("a", "b"), [("004", "4"), ("SWSH68", "swsh068"), ("sm31", "SM31")])
def test_padding_and_case_do_not_matter(a, b):
    assert number_sort_key(a) == number_sort_key(b)


def test_any_text_has_a_key_a_line_break_too():
    # a card search passes the query's `number` through: a line break in it once raised
    odd = ["5", "4\n", "\n", "4", "ab\ncd 12", "\x02%`0Ð;W½0\nÆë"]
    assert sorted(odd, key=number_sort_key) == [
        "\x02%`0Ð;W½0\nÆë", "\n", "4\n", "4", "5", "ab\ncd 12"]
    assert number_sort_key("4\n") == number_sort_key(" 4")  # white space around is not read
