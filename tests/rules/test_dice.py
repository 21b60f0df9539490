"""Tests for hammertui.kernel.rules.dice: notation, rolls, modifier dice and divining pools (stacking
Advantage and Boons and Banes from their procedures' rules)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hammertui.kernel.rules.dice import (
    MAX_CHAIN,
    DiceExpr,
    DiceNotationError,
    DiceSource,
    DiviningDie,
    DiviningRoll,
    DiviningThrow,
    Roll,
    ScriptedDice,
    ScriptExhausted,
    SeededDice,
    Term,
    parse,
    roll,
    roll_3x6,
    roll_divining,
    roll_double_advantage,
)
from hammertui.procedures.advantage.rules import roll_advantage
from hammertui.procedures.beans.rules import BEAN_DICE, bean_die, roll_beans

# --------------------------------------------------------------------------------------------
# Strategies
# --------------------------------------------------------------------------------------------


@st.composite
def dice_exprs(draw: st.DrawFn, max_count: int = 100) -> DiceExpr:
    """Any expression `parse` accepts, in the normal form `parse` produces."""
    count = draw(st.integers(1, max_count))
    sides = draw(st.one_of(st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20, 100]), st.integers(2, 1000)))
    modifier = draw(st.integers(-99, 99))
    keep = draw(st.one_of(st.none(), st.integers(1, count)))
    keep_highest = True if keep is None else draw(st.booleans())
    return DiceExpr(count, sides, modifier, keep, keep_highest)


# Enough examples to shake out edge cases while keeping the whole file to about a second.
QUICK = settings(max_examples=50, deadline=None)

seeds = st.integers(min_value=0, max_value=2**32)
sequences = st.integers(min_value=0, max_value=10_000)


def dropped(dice: tuple[int, ...], kept: tuple[int, ...]) -> list[int]:
    rest = Counter(dice)
    rest.subtract(Counter(kept))
    return sorted(rest.elements())


def is_sub_multiset(small: tuple[int, ...], big: tuple[int, ...]) -> bool:
    return not Counter(small) - Counter(big)


def quoted(text: str, message: str) -> bool:
    return f"'{text}'" in message or f'"{text}"' in message


# --------------------------------------------------------------------------------------------
# Notation
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("notation", "expected"),
    [
        ("2d6", DiceExpr(2, 6)),
        ("2d6+1", DiceExpr(2, 6, 1)),
        ("3d8-2", DiceExpr(3, 8, -2)),
        ("d20", DiceExpr(1, 20)),
        ("d20+5", DiceExpr(1, 20, 5)),
        ("1d100", DiceExpr(1, 100)),
        ("4d6kh3", DiceExpr(4, 6, 0, 3, True)),
        ("2d20kl1-1", DiceExpr(2, 20, -1, 1, False)),
        ("2d20kh1+3", DiceExpr(2, 20, 3, 1, True)),
        ("4d6kh4", DiceExpr(4, 6, 0, 4, True)),
        ("2d6+0", DiceExpr(2, 6)),
        ("2d6-0", DiceExpr(2, 6)),
        ("02d06", DiceExpr(2, 6)),
        ("100d1000", DiceExpr(100, 1000)),
        ("1d2", DiceExpr(1, 2)),
        # spaces
        (" 2d6 ", DiceExpr(2, 6)),
        ("2 d 6", DiceExpr(2, 6)),
        ("2d6 + 1", DiceExpr(2, 6, 1)),
        ("2d6 - 1", DiceExpr(2, 6, -1)),
        ("4d6 kh 3", DiceExpr(4, 6, 0, 3, True)),
        ("  2d20 kl1 -1  ", DiceExpr(2, 20, -1, 1, False)),
        ("2d6\t+1", DiceExpr(2, 6, 1)),
        # case
        ("D20", DiceExpr(1, 20)),
        ("4D6KH3", DiceExpr(4, 6, 0, 3, True)),
        ("2D20Kl1-1", DiceExpr(2, 20, -1, 1, False)),
        ("2d20kL1", DiceExpr(2, 20, 0, 1, False)),
    ],
)
def test_parse_reads_notation(notation: str, expected: DiceExpr) -> None:
    assert parse(notation) == expected


@pytest.mark.parametrize(
    "notation",
    [
        "",
        " ",
        "abc",
        "2d",
        "d",
        "2",
        "d1",
        "2d1",
        "2d0",
        "0d6",
        "101d6",
        "2d1001",
        "4d6kh5",
        "4d6kh0",
        "4d6kl5",
        "4d6k3",
        "4d6kx3",
        "4d6kh",
        "2d6+",
        "2d6+1+1",
        "2d6*2",
        "-1d6",
        "+2d6",
        "2d6 1",
        "2x6",
        "2d6.5",
        "1.5d6",
        "2d6kh1kh1",
        "3x6",
    ],
)
def test_parse_rejects_bad_notation_quoting_it(notation: str) -> None:
    with pytest.raises(DiceNotationError) as caught:
        parse(notation)
    assert quoted(notation, str(caught.value))


def test_notation_error_is_a_value_error() -> None:
    assert issubclass(DiceNotationError, ValueError)


@pytest.mark.parametrize("notation", ["2d6+\t1", "2d6-\u00a01", "2d6 +\n1"])
def test_parse_accepts_any_whitespace_after_the_modifier_sign(notation: str) -> None:
    expected = DiceExpr(2, 6, 1 if "+" in notation else -1)
    assert parse(notation) == expected


@QUICK
@given(dice_exprs())
def test_str_round_trips_through_parse(expr: DiceExpr) -> None:
    assert parse(str(expr)) == expr


@QUICK
@given(dice_exprs(), st.data())
def test_parse_ignores_case_and_spaces(expr: DiceExpr, data: st.DataObject) -> None:
    text = str(expr)
    size = len(text) + 1
    gaps = data.draw(st.lists(st.sampled_from(["", " ", "  "]), min_size=size, max_size=size))
    # Spaces may go between tokens, never inside a number or inside "kh"/"kl".
    out = gaps[0]
    for i, ch in enumerate(text):
        out += ch
        nxt = text[i + 1] if i + 1 < len(text) else ""
        splits_number = ch.isdigit() and nxt.isdigit()
        splits_keep = ch in "k"
        out += "" if splits_number or splits_keep else gaps[i + 1]
    if data.draw(st.booleans()):
        out = out.upper()
    assert parse(out) == expr


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="0123456789dDkKhHlL+- x.", max_size=14))
def test_parse_either_reads_or_raises_notation_error(text: str) -> None:
    try:
        expr = parse(text)
    except DiceNotationError as error:
        assert quoted(text, str(error))
    else:
        assert 1 <= expr.count <= 100
        assert 2 <= expr.sides <= 1000
        assert expr.keep is None or 1 <= expr.keep <= expr.count


# --------------------------------------------------------------------------------------------
# Plain rolls
# --------------------------------------------------------------------------------------------


def test_roll_3d6_shows_every_die_and_the_total() -> None:
    result = roll(ScriptedDice([4, 2, 6]), "3d6")
    assert result.dice == (4, 2, 6)
    assert result.kept == (4, 2, 6)
    assert result.total == 12
    assert result.describe() == "3d6: [4, 2, 6] = 12"


def test_roll_d20_with_modifier() -> None:
    result = roll(ScriptedDice([13]), "d20+4")
    assert result.label == "1d20+4"
    assert result.total == 17
    assert result.describe() == "1d20+4: [13] +4 = 17"


def test_roll_negative_modifier_in_describe() -> None:
    result = roll(ScriptedDice([3, 5]), "2d6-3")
    assert result.total == 5
    assert result.describe() == "2d6-3: [3, 5] -3 = 5"


def test_keep_highest_leaves_kept_dice_in_throw_order() -> None:
    result = roll(ScriptedDice([6, 1, 4, 5]), "4d6kh3")
    assert result.dice == (6, 1, 4, 5)
    assert result.kept == (6, 4, 5)
    assert result.total == 15
    assert result.describe() == "4d6kh3: [6, 1, 4, 5] keep [6, 4, 5] = 15"


def test_keep_lowest_with_modifier() -> None:
    result = roll(ScriptedDice([12, 7]), "2d20kl1-1")
    assert result.kept == (7,)
    assert result.total == 6
    assert result.describe() == "2d20kl1-1: [12, 7] keep [7] -1 = 6"


def test_keep_with_ties_keeps_the_right_number() -> None:
    result = roll(ScriptedDice([3, 3, 3, 1]), "4d6kh2")
    assert result.kept == (3, 3)
    assert result.total == 6
    low = roll(ScriptedDice([2, 5, 2, 2]), "4d6kl3")
    assert low.kept == (2, 2, 2)


def test_keeping_every_die_does_not_say_keep() -> None:
    result = roll(ScriptedDice([1, 2, 3, 4]), "4d6kh4")
    assert result.kept == (1, 2, 3, 4)
    assert "keep" not in result.describe()


def test_roll_takes_a_parsed_expression() -> None:
    assert roll(ScriptedDice([5, 6]), DiceExpr(2, 6, 1)).total == 12


def test_roll_asks_the_source_for_the_right_die() -> None:
    source = ScriptedDice([7, 19, 1])
    roll(source, "3d20")
    assert source.thrown == [(20, 7), (20, 19), (20, 1)]
    assert source.remaining == 0


def test_roll_with_too_few_scripted_faces_raises() -> None:
    with pytest.raises(ScriptExhausted):
        roll(ScriptedDice([1, 2]), "3d6")


def test_roll_total_counts_terms() -> None:
    result = Roll("1d20", (10,), (10,), 2, (Term("d4", 3), Term("d6", 5, sign=-1)))
    assert result.total == 10 + 2 + 3 - 5
    assert result.describe() == "1d20: [10] +2 + d4 [3] - d6 [5] = 10"


@QUICK
@given(dice_exprs(), seeds)
def test_roll_properties(expr: DiceExpr, seed: int) -> None:
    result = roll(SeededDice(seed), expr)
    kept_count = expr.keep if expr.keep is not None else expr.count
    assert len(result.dice) == expr.count
    assert all(1 <= d <= expr.sides for d in result.dice)
    assert len(result.kept) == kept_count
    assert is_sub_multiset(result.kept, result.dice)
    assert result.modifier == expr.modifier
    assert kept_count + expr.modifier <= result.total <= kept_count * expr.sides + expr.modifier
    assert result.total == sum(result.kept) + expr.modifier
    rest = dropped(result.dice, result.kept)
    if rest:
        if expr.keep_highest:
            assert min(result.kept) >= max(rest)
        else:
            assert max(result.kept) <= min(rest)
    text = result.describe()
    assert text.startswith(f"{expr}: [")
    assert text.endswith(f"= {result.total}")
    assert "[" + ", ".join(map(str, result.dice)) + "]" in text


@QUICK
@given(dice_exprs(max_count=20), seeds)
def test_kept_dice_keep_their_throw_order(expr: DiceExpr, seed: int) -> None:
    result = roll(SeededDice(seed), expr)
    remaining = iter(result.dice)
    # kept is a subsequence of dice, not just a sub-multiset
    assert all(any(k == d for d in remaining) for k in result.kept)


@QUICK
@given(dice_exprs(max_count=20), seeds, sequences)
def test_same_seed_replays_the_same_roll(expr: DiceExpr, seed: int, sequence: int) -> None:
    assert roll(SeededDice(seed, sequence), expr) == roll(SeededDice(seed, sequence), expr)


# --------------------------------------------------------------------------------------------
# Sources
# --------------------------------------------------------------------------------------------


@QUICK
@given(seeds, sequences)
def test_seeded_dice_repeat_for_the_same_seed_and_sequence(seed: int, sequence: int) -> None:
    a, b = SeededDice(seed, sequence), SeededDice(seed, sequence)
    sides = [4, 6, 8, 10, 12, 20, 100] * 4
    assert [a.roll(s) for s in sides] == [b.roll(s) for s in sides]


@QUICK
@given(seeds, sequences)
def test_seeded_dice_differ_between_sequences(seed: int, sequence: int) -> None:
    a, b = SeededDice(seed, sequence), SeededDice(seed, sequence + 1)
    # 40 d20s agreeing by chance has odds 20**-40
    assert [a.roll(20) for _ in range(40)] != [b.roll(20) for _ in range(40)]


def test_seeded_dice_differ_between_seeds() -> None:
    a, b = SeededDice(1, 0), SeededDice(2, 0)
    assert [a.roll(20) for _ in range(40)] != [b.roll(20) for _ in range(40)]


def test_seeded_dice_default_sequence_is_zero() -> None:
    a, b = SeededDice(99), SeededDice(99, 0)
    assert [a.roll(6) for _ in range(20)] == [b.roll(6) for _ in range(20)]


@QUICK
@given(seeds, st.integers(2, 1000))
def test_seeded_dice_stay_on_the_die(seed: int, sides: int) -> None:
    source = SeededDice(seed)
    assert all(1 <= source.roll(sides) <= sides for _ in range(20))


def test_seeded_dice_show_every_face() -> None:
    source = SeededDice(7)
    assert {source.roll(6) for _ in range(300)} == {1, 2, 3, 4, 5, 6}


def test_scripted_dice_return_faces_in_order_and_record_them() -> None:
    source = ScriptedDice([3, 1, 20])
    assert source.remaining == 3
    assert source.roll(6) == 3
    assert source.roll(4) == 1
    assert source.roll(20) == 20
    assert source.thrown == [(6, 3), (4, 1), (20, 20)]
    assert source.remaining == 0


def test_scripted_dice_raise_when_exhausted() -> None:
    source = ScriptedDice([2])
    source.roll(6)
    with pytest.raises(ScriptExhausted):
        source.roll(6)
    with pytest.raises(ScriptExhausted):
        ScriptedDice([]).roll(20)


@pytest.mark.parametrize(("face", "sides"), [(7, 6), (0, 6), (-1, 20), (21, 20), (5, 4)])
def test_scripted_dice_refuse_impossible_faces(face: int, sides: int) -> None:
    with pytest.raises(ValueError, match=f"d{sides}"):
        ScriptedDice([face]).roll(sides)


def test_scripted_dice_accept_a_generator() -> None:
    source = ScriptedDice(iter([1, 2]))
    assert (source.roll(2), source.roll(2)) == (1, 2)


# --------------------------------------------------------------------------------------------
# Advantage / Disadvantage (HC, B3A)
# --------------------------------------------------------------------------------------------


def test_two_net_adds_on_2d6_roll_4d6_drop_lowest_two() -> None:
    source = ScriptedDice([1, 5, 3, 6])
    result = roll_advantage(source, "2d6", 2)
    assert source.thrown == [(6, 1), (6, 5), (6, 3), (6, 6)]
    assert result.dice == (1, 5, 3, 6)
    assert result.kept == (5, 6)
    assert result.total == 11
    assert result.describe() == "2d6 adv x2: [1, 5, 3, 6] keep [5, 6] = 11"


def test_three_net_disadds_on_d20_roll_4d20_keep_lowest() -> None:
    source = ScriptedDice([15, 7, 19, 3])
    result = roll_advantage(source, "d20", -3)
    assert source.thrown == [(20, 15), (20, 7), (20, 19), (20, 3)]
    assert result.kept == (3,)
    assert result.total == 3
    assert result.describe() == "1d20 disadv x3: [15, 7, 19, 3] keep [3] = 3"


def test_one_add_on_d20_keeps_the_better() -> None:
    assert roll_advantage(ScriptedDice([4, 17]), "d20", 1).total == 17
    assert roll_advantage(ScriptedDice([17, 4]), "d20", 1).total == 17


def test_one_disadd_on_a_pool_drops_the_highest() -> None:
    result = roll_advantage(ScriptedDice([2, 6, 4]), "2d6", -1)
    assert result.kept == (2, 4)
    assert result.total == 6


def test_advantage_carries_the_modifier() -> None:
    result = roll_advantage(ScriptedDice([4, 17]), "d20+3", 1)
    assert result.modifier == 3
    assert result.total == 20
    assert result.describe() == "1d20+3 adv x1: [4, 17] keep [17] +3 = 20"
    assert roll_advantage(ScriptedDice([4, 17]), "d20-2", -1).total == 2


def test_advantage_on_a_keep_expression_keeps_the_same_number() -> None:
    result = roll_advantage(ScriptedDice([6, 1, 4, 5, 2]), "4d6kh3", 1)
    assert result.kept == (6, 4, 5)


@pytest.mark.parametrize("notation", ["2d6", "d20+3", "4d6kh3", "2d20kl1-1"])
def test_net_zero_is_a_plain_roll(notation: str) -> None:
    faces = [5, 2, 6, 1]
    expected = roll(ScriptedDice(faces), notation)
    source = ScriptedDice(faces)
    result = roll_advantage(source, notation, 0)
    assert result == expected
    assert source.remaining == len(faces) - parse(notation).count


def test_advantage_takes_a_parsed_expression() -> None:
    assert roll_advantage(ScriptedDice([1, 5, 3, 6]), DiceExpr(2, 6), 2).total == 11


@QUICK
@given(dice_exprs(max_count=20), st.integers(-6, 6), seeds)
def test_advantage_properties(expr: DiceExpr, net: int, seed: int) -> None:
    result = roll_advantage(SeededDice(seed), expr, net)
    kept_count = expr.keep if expr.keep is not None else expr.count
    assert len(result.dice) == expr.count + abs(net)
    assert all(1 <= d <= expr.sides for d in result.dice)
    assert len(result.kept) == kept_count
    assert is_sub_multiset(result.kept, result.dice)
    assert kept_count + expr.modifier <= result.total <= kept_count * expr.sides + expr.modifier
    rest = dropped(result.dice, result.kept)
    assert len(rest) == expr.count + abs(net) - kept_count
    highest = expr.keep_highest if net == 0 else net > 0
    if rest:
        if highest:
            assert min(result.kept) >= max(rest)
        else:
            assert max(result.kept) <= min(rest)


# --------------------------------------------------------------------------------------------
# Beans: Boons and Banes (B3)
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("net", "size"),
    [(0, None), (1, 4), (2, 6), (3, 8), (4, 10), (5, 12), (6, 20), (7, 20), (9, 20), (100, 20)],
)
def test_bean_die_size(net: int, size: int | None) -> None:
    assert bean_die(net) == size
    assert bean_die(-net) == size


def test_bean_dice_table() -> None:
    assert BEAN_DICE == (4, 6, 8, 10, 12, 20)


def test_bean_die_with_custom_sizes() -> None:
    assert bean_die(1, (6, 8)) == 6
    assert bean_die(-5, (6, 8)) == 8


def test_boons_add_the_bean_die() -> None:
    source = ScriptedDice([13, 4])
    result = roll_beans(source, "d20+2", 2)
    assert source.thrown == [(20, 13), (6, 4)]
    assert result.dice == (13,)
    assert result.total == 13 + 2 + 4
    assert len(result.terms) == 1
    assert result.terms[0].value == 4
    text = result.describe()
    assert "d6" in text and "[4]" in text and "Boon" in text and "+ d6" in text
    assert text.endswith("= 19")


def test_banes_subtract_the_bean_die() -> None:
    source = ScriptedDice([13, 8])
    result = roll_beans(source, "d20+2", -3)
    assert source.thrown == [(20, 13), (8, 8)]
    assert result.total == 13 + 2 - 8
    assert result.terms[0].value == -8
    text = result.describe()
    assert "- d8" in text and "[8]" in text and "Bane" in text
    assert text.endswith("= 7")


def test_one_boon_is_singular() -> None:
    text = roll_beans(ScriptedDice([10, 3]), "d20", 1).describe()
    assert "1 Boon)" in text


def test_beans_beyond_six_throw_a_d20() -> None:
    source = ScriptedDice([10, 20])
    result = roll_beans(source, "d20", 9)
    assert source.thrown == [(20, 10), (20, 20)]
    assert result.total == 30
    source = ScriptedDice([10, 20])
    assert roll_beans(source, "d20", -9).total == -10


def test_no_net_beans_is_a_plain_roll() -> None:
    source = ScriptedDice([13, 4])
    result = roll_beans(source, "d20+2", 0)
    assert result == roll(ScriptedDice([13]), "d20+2")
    assert result.terms == ()
    assert source.remaining == 1


def test_beans_on_a_pool() -> None:
    result = roll_beans(ScriptedDice([6, 1, 4, 5, 2]), "4d6kh3", -1)
    assert result.kept == (6, 4, 5)
    assert result.total == 15 - 2


@QUICK
@given(dice_exprs(max_count=20), st.integers(-9, 9), seeds)
def test_bean_properties(expr: DiceExpr, net: int, seed: int) -> None:
    result = roll_beans(SeededDice(seed), expr, net)
    base = sum(result.kept) + expr.modifier
    size = bean_die(net)
    if size is None:
        assert result.terms == ()
        assert result.total == base
    else:
        (term,) = result.terms
        assert 1 <= term.face <= size
        assert term.sign == (1 if net > 0 else -1)
        assert result.total == base + term.sign * term.face
        assert f"d{size}" in result.describe()


# --------------------------------------------------------------------------------------------
# Double Advantage (RHR)
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("net", "faces", "kept", "total"),
    [
        (1, [5, 17], (17,), 17),
        (-1, [5, 17], (5,), 5),
        (2, [5, 17], (17,), 21),
        (-2, [5, 17], (5,), 1),
        (3, [5, 17], (17,), 21),
        (9, [5, 17], (17,), 21),
        (-3, [5, 17], (5,), 1),
        (-9, [5, 17], (5,), 1),
    ],
)
def test_double_advantage(net: int, faces: list[int], kept: tuple[int, ...], total: int) -> None:
    source = ScriptedDice(faces)
    result = roll_double_advantage(source, 20, net)
    assert source.thrown == [(20, 5), (20, 17)]
    assert result.dice == (5, 17)
    assert result.kept == kept
    assert result.total == total


def test_double_advantage_labels_and_modifier() -> None:
    result = roll_double_advantage(ScriptedDice([5, 17]), 20, 2, modifier=1)
    assert result.total == 17 + 1 + 4
    assert result.describe() == "1d20 double adv: [5, 17] keep [17] +5 = 22"
    result = roll_double_advantage(ScriptedDice([5, 17]), 20, -2, modifier=1)
    assert result.total == 5 + 1 - 4
    assert "double disadv" in result.describe()
    result = roll_double_advantage(ScriptedDice([5, 17]), 20, 1, modifier=-1)
    assert result.total == 16
    assert result.label == "1d20 adv"
    assert roll_double_advantage(ScriptedDice([5, 17]), 20, -1).label == "1d20 disadv"


def test_double_advantage_net_zero_is_one_die() -> None:
    source = ScriptedDice([11, 3])
    result = roll_double_advantage(source, 20, 0, modifier=2)
    assert result.dice == (11,)
    assert result.total == 13
    assert source.remaining == 1


@QUICK
@given(st.sampled_from([4, 6, 8, 10, 12, 20]), st.integers(-5, 5), st.integers(-5, 5), seeds)
def test_double_advantage_properties(sides: int, net: int, modifier: int, seed: int) -> None:
    result = roll_double_advantage(SeededDice(seed), sides, net, modifier)
    capped = max(-2, min(2, net))
    assert len(result.dice) == (1 if capped == 0 else 2)
    assert all(1 <= d <= sides for d in result.dice)
    expected_die = max(result.dice) if capped > 0 else min(result.dice)
    bonus = {2: 4, -2: -4}.get(capped, 0)
    assert result.total == expected_die + modifier + bonus


# --------------------------------------------------------------------------------------------
# 3x6 (DC)
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "keep", "kept"),
    [
        ([2, 5, 3], "high", 5),
        ([2, 5, 3], "middle", 3),
        ([2, 5, 3], "low", 2),
        ([4, 4, 1], "middle", 4),
        ([4, 1, 1], "middle", 1),
        ([6, 6, 6], "low", 6),
    ],
)
def test_3x6_picks(faces: list[int], keep: str, kept: int) -> None:
    source = ScriptedDice(faces)
    result = roll_3x6(source, keep)  # type: ignore[arg-type]
    assert source.thrown == [(6, f) for f in faces]
    assert result.dice == tuple(faces)
    assert result.kept == (kept,)
    assert result.total == kept


def test_3x6_modifier_and_describe() -> None:
    result = roll_3x6(ScriptedDice([2, 5, 3]), "middle", 2)
    assert result.total == 5
    assert result.describe() == "3x6 keep middle: [2, 5, 3] keep [3] +2 = 5"


@QUICK
@given(st.sampled_from(["high", "middle", "low"]), seeds)
def test_3x6_properties(keep: str, seed: int) -> None:
    result = roll_3x6(SeededDice(seed), keep)  # type: ignore[arg-type]
    assert len(result.dice) == 3
    assert all(1 <= d <= 6 for d in result.dice)
    ordered = sorted(result.dice)
    assert result.kept == ({"low": ordered[0], "middle": ordered[1], "high": ordered[2]}[keep],)


# --------------------------------------------------------------------------------------------
# Divining dice (WFRP3 faces, divining-dice.md)
# --------------------------------------------------------------------------------------------


def _faces(*spec: tuple[int, tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    return tuple(face for count, face in spec for _ in range(count))


BLANK: tuple[str, ...] = ()

WFRP3 = {
    die.color: die
    for die in [
        DiviningDie(
            "blue",
            _faces((2, BLANK), (2, ("falcon",)), (4, ("hammer",))),
        ),
        DiviningDie(
            "red",
            _faces(
                (2, BLANK),
                (2, ("skull",)),
                (1, ("falcon", "falcon")),
                (1, ("hammer", "falcon")),
                (2, ("hammer", "blood_drop")),
                (2, ("hammer", "hammer")),
            ),
        ),
        DiviningDie(
            "green",
            _faces(
                (1, BLANK),
                (2, ("falcon",)),
                (1, ("hammer", "falcon")),
                (2, ("hammer", "hourglass")),
                (4, ("hammer",)),
            ),
        ),
        DiviningDie(
            "yellow",
            _faces(
                (1, BLANK),
                (2, ("falcon",)),
                (1, ("hammer",)),
                (1, ("hammer_plus",)),
                (1, ("comet",)),
            ),
        ),
        DiviningDie("white", _faces((3, BLANK), (1, ("falcon",)), (2, ("hammer",)))),
        DiviningDie(
            "purple",
            _faces(
                (1, BLANK),
                (1, ("skull",)),
                (1, ("skull", "skull")),
                (1, ("chaos_star",)),
                (2, ("crossblade",)),
                (2, ("crossblade", "crossblade")),
            ),
        ),
        DiviningDie("black", _faces((3, BLANK), (1, ("skull",)), (2, ("crossblade",)))),
    ]
}

# Yellow faces by number: 1 blank, 2-3 falcon, 4 hammer, 5 hammer_plus, 6 comet.
Y_BLANK, Y_FALCON, Y_HAMMER, Y_PLUS, Y_COMET = 1, 2, 4, 5, 6


def divine(source: DiceSource, pool: Mapping[str, int]) -> DiviningRoll:
    return roll_divining(source, WFRP3, pool, chain_symbol="hammer_plus", chain_color="yellow")


def test_wfrp3_dice_have_the_right_sides() -> None:
    sides = {color: die.sides for color, die in WFRP3.items()}
    assert sides == {"blue": 8, "red": 10, "green": 10, "yellow": 6, "white": 6, "purple": 8, "black": 6}


def test_one_die_per_pool_entry_in_order() -> None:
    source = ScriptedDice([5, 3, 8, 1])
    result = divine(source, {"blue": 1, "purple": 2, "black": 1})
    assert source.thrown == [(8, 5), (8, 3), (8, 8), (6, 1)]
    assert result.throws == (
        DiviningThrow("blue", ("hammer",)),
        DiviningThrow("purple", ("skull", "skull")),
        DiviningThrow("purple", ("crossblade", "crossblade")),
        DiviningThrow("black", ()),
    )
    assert result.count("hammer") == 1
    assert result.count("crossblade") == 2
    assert result.count("skull") == 2
    assert result.count("falcon") == 0
    assert result.totals() == {"hammer": 1, "skull": 2, "crossblade": 2}
    assert result.describe() == ("[blue:hammer, purple:skull+skull, purple:crossblade+crossblade, black:blank]")


def test_hammer_plus_chains_three_times() -> None:
    source = ScriptedDice([Y_PLUS, Y_PLUS, Y_PLUS, Y_FALCON])
    result = divine(source, {"yellow": 1})
    assert source.remaining == 0
    assert result.throws == (
        DiviningThrow("yellow", ("hammer_plus",), chained=False),
        DiviningThrow("yellow", ("hammer_plus",), chained=True),
        DiviningThrow("yellow", ("hammer_plus",), chained=True),
        DiviningThrow("yellow", ("falcon",), chained=True),
    )
    assert result.count("hammer_plus") == 3
    assert result.count("falcon") == 1
    assert result.totals() == {"hammer_plus": 3, "falcon": 1}
    assert result.describe() == ("[yellow:hammer_plus, yellow*:hammer_plus, yellow*:hammer_plus, yellow*:falcon]")


def test_chained_die_is_thrown_straight_after_its_caller() -> None:
    # blue hammer; yellow hammer-plus -> chained yellow comet; yellow blank; purple skull+skull
    source = ScriptedDice([5, Y_PLUS, Y_COMET, Y_BLANK, 3])
    result = divine(source, {"blue": 1, "yellow": 2, "purple": 1})
    assert [s for s, _ in source.thrown] == [8, 6, 6, 6, 8]
    assert [(t.color, t.face, t.chained) for t in result.throws] == [
        ("blue", ("hammer",), False),
        ("yellow", ("hammer_plus",), False),
        ("yellow", ("comet",), True),
        ("yellow", (), False),
        ("purple", ("skull", "skull"), False),
    ]
    assert result.totals() == {"hammer": 1, "hammer_plus": 1, "comet": 1, "skull": 2}
    assert result.describe() == ("[blue:hammer, yellow:hammer_plus, yellow*:comet, yellow:blank, purple:skull+skull]")


def test_no_chain_without_a_chain_symbol() -> None:
    source = ScriptedDice([Y_PLUS, Y_PLUS])
    result = roll_divining(source, WFRP3, {"yellow": 1})
    assert len(result.throws) == 1
    assert source.remaining == 1
    source = ScriptedDice([Y_PLUS, Y_PLUS])
    result = roll_divining(source, WFRP3, {"yellow": 1}, chain_symbol="hammer_plus")
    assert len(result.throws) == 1


def test_chain_cap_stops_an_endless_chain() -> None:
    source = ScriptedDice([Y_PLUS] * (MAX_CHAIN + 10))
    result = divine(source, {"yellow": 1})
    assert len(result.throws) == MAX_CHAIN + 1
    assert sum(t.chained for t in result.throws) == MAX_CHAIN
    assert source.remaining == 9


def test_chain_cap_is_per_pool_die() -> None:
    source = ScriptedDice([Y_PLUS] * (MAX_CHAIN + 1) + [Y_HAMMER])
    result = divine(source, {"yellow": 2})
    assert len(result.throws) == MAX_CHAIN + 2
    assert result.throws[-1] == DiviningThrow("yellow", ("hammer",), chained=False)


def test_empty_pool() -> None:
    source = ScriptedDice([])
    result = divine(source, {})
    assert result.throws == ()
    assert result.totals() == {}
    assert result.count("hammer") == 0
    assert result.describe() == "[]"
    assert divine(source, {"yellow": 0, "purple": 0}).throws == ()


def test_negative_count_raises() -> None:
    with pytest.raises(ValueError):
        divine(ScriptedDice([1, 1, 1]), {"yellow": -1})


def test_unknown_colour_raises() -> None:
    with pytest.raises(KeyError, match="orange"):
        divine(ScriptedDice([1, 1, 1]), {"orange": 1})


def test_divining_roll_counts_repeated_symbols_on_one_face() -> None:
    result = DiviningRoll(
        (
            DiviningThrow("red", ("hammer", "hammer")),
            DiviningThrow("red", ("hammer", "blood_drop")),
            DiviningThrow("green", ("hammer", "hourglass"), chained=False),
        )
    )
    assert result.count("hammer") == 4
    assert result.count("blood_drop") == 1
    assert result.count("comet") == 0
    assert result.totals() == {"hammer": 4, "blood_drop": 1, "hourglass": 1}
    assert result.describe() == "[red:hammer+hammer, red:hammer+blood_drop, green:hammer+hourglass]"


@QUICK
@given(
    st.fixed_dictionaries({color: st.integers(0, 3) for color in WFRP3}),
    seeds,
)
def test_divining_properties(pool: dict[str, int], seed: int) -> None:
    result = divine(SeededDice(seed), pool)
    originals = [t for t in result.throws if not t.chained]
    assert Counter(t.color for t in originals) == Counter({c: n for c, n in pool.items() if n})
    for throw in result.throws:
        assert throw.face in WFRP3[throw.color].faces
        if throw.chained:
            assert throw.color == "yellow"
    # every Hammer-Plus not at the chain cap is followed by a chained die
    for before, after in zip(result.throws, result.throws[1:] + (None,), strict=False):
        if "hammer_plus" in before.face:
            assert after is not None and after.chained
    assert sum(result.totals().values()) == sum(len(t.face) for t in result.throws)


def test_yellow_die_statistics() -> None:
    n = 20_000
    result = divine(SeededDice(20_240_615, 1), {"yellow": n})
    assert sum(not t.chained for t in result.throws) == n
    assert len(result.throws) / n == pytest.approx(1.2, abs=0.03)
    hammers = result.count("hammer") + result.count("hammer_plus")
    assert hammers / n == pytest.approx(0.4, abs=0.03)
    assert result.count("falcon") / n == pytest.approx(0.4, abs=0.03)
    assert result.count("comet") / n == pytest.approx(0.2, abs=0.03)


def test_purple_die_statistics() -> None:
    n = 20_000
    result = divine(SeededDice(20_240_615, 2), {"purple": n})
    assert len(result.throws) == n
    assert result.count("crossblade") / n == pytest.approx(0.75, abs=0.03)
    assert result.count("skull") / n == pytest.approx(0.375, abs=0.03)
    assert result.count("chaos_star") / n == pytest.approx(0.125, abs=0.03)
