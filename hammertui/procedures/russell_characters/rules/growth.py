"""Character growth by the Russell House Rules: XP for treasure and for foes killed, the XP each
level needs, and what a level up brings, from `[russell_characters.growth]`.

Pure functions of numbers and the section; XP is never spent: the chart's XP is a running total.
"""

from __future__ import annotations

from hammertui.kernel.rules.records import record
from hammertui.procedures.russell_characters.schema import Growth, LevelRow


def treasure_xp(growth: Growth, coins: int) -> int:
    """ "such treasure is worth 1 XP per Standard Coin of value"."""
    return coins * growth.xp_per_coin


def kill_xp(growth: Growth, hd: int) -> int:
    """ "player characters will receive 25 XP per HD of a dangerous foe killed"."""
    return hd * growth.xp_per_hd


def shares(total: int, among: int) -> int:
    """Each one's even share of an award, the remainder lost; nothing for no one."""
    return total // among if among > 0 else 0


def xp_for(growth: Growth, level: int) -> int:
    """The XP a character needs to be `level`: the chart's, then past its end so much more a level."""
    last = growth.levels[-1]
    if level <= last.level:
        return row(growth, level).xp
    return last.xp + (level - last.level) * growth.past_the_chart.xp


def row(growth: Growth, level: int) -> LevelRow:
    """The chart's row for `level`, or its last for a level past it."""
    return next((r for r in growth.levels if r.level == level), growth.levels[-1])


@record
class LevelUp:
    """What reaching a level brings: the HP die to roll (none past the chart, where `hp` is fixed),
    the Weapon Skill added, the class templates held and the max skill rank."""

    level: int
    hp_die: str
    hp: int
    weapon_skill: int
    templates: int
    max_skill: int
    new_template: bool


def level_up(growth: Growth, reached: int) -> LevelUp:
    """ "Through level 10, roll a new d6 HD ... After level 10, add 2 HP per level"; "At every even
    level, add +1 to your character's Weapon Skill", past the chart as on it; templates to four, max
    skill rank to six."""
    before, now = row(growth, reached - 1), row(growth, reached)
    if reached > growth.levels[-1].level:
        past = growth.past_the_chart
        skill = past.even_weapon_skill if reached % 2 == 0 else 0
        return LevelUp(reached, "", past.hp, skill, now.templates, now.max_skill, False)
    return LevelUp(reached, now.hp, 0, now.weapon_skill, now.templates, now.max_skill, now.templates > before.templates)


def hp_gained(thrown: int, con_mod: int) -> int:
    """The new Hit Die and the CON modifier: "Add your constitution modifier to the roll", at
    least 1 (a decision: a level never costs HP)."""
    return max(1, thrown + con_mod)
