"""The checks that cross sections, run once every section has been read: a class's prime stats
are stats, a face's symbols are symbols, a camp's watch die is a divining die... A reference into a
section that itself failed to read is not checked (its problems are already listed)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hammertui.kernel.rules import procedures
from hammertui.kernel.ruleset.kit import KIT_SUPPLIES
from hammertui.kernel.ruleset.model import Ruleset
from hammertui.kernel.ruleset.report import Report, dig
from hammertui.kernel.ruleset.schema import KeyPath, show
from hammertui.kernel.ruleset.sections import owners


class _Refs:
    """Checks a reference against a known set, unless that set itself failed to load."""

    def __init__(self, report: Report, names: Iterable[str], what: str, failed: bool) -> None:
        self.report = report
        self.names = list(names)
        self.what = what
        self.failed = failed

    def check(self, path: KeyPath, value: str | None) -> None:
        if self.failed or value is None or value in self.names:
            return
        listed = ", ".join(self.names) if self.names else "none are defined"
        self.report.expected(path, f"one of the {self.what} ({listed})", value)

    def check_all(self, path: KeyPath, values: Iterable[str]) -> None:
        for i, value in enumerate(values):
            self.check((*path, i), value)


def cross_check(r: Ruleset, report: Report) -> None:
    """References from one section to another: stats, saves, classes, colours, symbols."""
    stats = _Refs(report, r.stats, "stats", report.failed_under(("stats",)))
    saves = _Refs(report, r.save_names, "saves", report.failed_under(("saves",)))
    _check_classes(r, report, stats, saves)
    if r.class_table is not None:
        class_refs = _Refs(report, r.classes, "classes", report.failed_under(("classes",)))
        tables: list[tuple[KeyPath, Any]] = [(("class_roll",), r.class_table)]
        tables += [(("class_roll", "tables", k), v) for k, v in r.class_table.tables.items()]
        for table_path, table in tables:
            for i, row in enumerate(table.rows):
                class_refs.check((*table_path, "rows", i, "class"), row.class_id)
    for save, stat in r.save_stat.items():
        saves.check(("saves", "stats", save), save)
        stats.check(("saves", "stats", save), stat)
    _check_combat(r, report, stats, saves)
    _check_tiers(r, report, saves)
    if r.skills is not None:
        stats.check(("skills", "random", "stat"), r.skills.random.stat if r.skills.random else None)
        for i, skill in enumerate(r.skills.thief_skills):
            stats.check(("skills", "thief", i, "stat"), skill.stat)
    if r.hirelings is not None:
        saves.check(("hirelings", "save"), r.hirelings.save)
    if r.encumbrance is not None:
        stats.check(("encumbrance", "stat"), r.encumbrance.stat)
        stats.check(("encumbrance", "add_mod_of"), r.encumbrance.add_mod_of)
    if r.divining is not None:
        _check_divining(r, report)
    if r.exploration_die is not None:
        stats.check(("exploration_die", "reaction", "stat"), r.exploration_die.reaction.stat)
    if r.individual_initiative is not None:
        fight = r.individual_initiative
        stats.check(("individual_initiative", "initiative_stat"), fight.initiative_stat)
        stats.check(("individual_initiative", "melee_damage_stat"), fight.melee_damage_stat)
        stats.check(("individual_initiative", "ranged_damage_stat"), fight.ranged_damage_stat)
        stats.check(("individual_initiative", "guts", "employer_stat"), fight.guts.employer_stat)
        stats.check(("individual_initiative", "bleeding_out", "stat"), fight.bleeding_out.stat)
        stats.check(("individual_initiative", "bleeding_out", "stabilise_stat"), fight.bleeding_out.stabilise_stat)
    _check_kit(r, report)
    _check_procedures(r, report)
    exploring = r.camp is not None or r.explore is not None
    if r.divining is None and exploring and not report.failed_under(("divining",)):
        report.problem((), "expected a [divining] section for exploring and camping")


def _check_combat(r: Ruleset, report: Report, stats: _Refs, saves: _Refs) -> None:
    if r.combat is None:
        return
    stats.check_all(("combat", "initiative", "stats"), r.combat.initiative.stats)
    stats.check(("combat", "armour_class", "stat"), r.combat.armour_class.stat)
    for table in ("attack_stats", "damage_stats"):
        for kind, stat in getattr(r.combat, table).items():
            stats.check(("combat", table, kind), stat)
            if kind not in r.combat.attack_kinds and not report.failed_under(("combat",)):
                kinds = ", ".join(r.combat.attack_kinds)
                report.problem(("combat", table, kind), f"expected one of the attack kinds {kinds}, got {show(kind)}")
    saves.check(("combat", "critical", "chain_save"), r.combat.critical.chain_save)
    saves.check(("combat", "surprise_save"), r.combat.surprise_save)


def _check_tiers(r: Ruleset, report: Report, saves: _Refs) -> None:
    """Tier tables and Turn Unholy have one value per tier difference the tiers allow."""
    if report.failed_under(("tiers",)):
        return
    rules = r.tier_rules
    if rules is None and r.tier_tables:
        report.problem(("tier_tables",), "expected a [tiers] section to say how tier differences are clamped")
    if rules is not None:
        cap = rules.difference_cap
        n = 2 * cap + 1
        lowest = f"-{cap}" if cap else "0"
        for key, values in r.tier_tables.items():
            if len(values) != n:
                words = f"an array of {n} values, one per tier difference from {lowest} to +{cap}"
                report.expected(("tier_tables", key), words, dig(report.raw, ("tier_tables", key)))
    if r.turn_unholy is not None:
        saves.check(("turn_unholy", "save"), r.turn_unholy.save)
        if rules is None:
            report.problem(("turn_unholy",), "expected a [tiers] section: Turn Unholy is keyed by tier difference")
        elif len(r.turn_unholy.results) != 2 * rules.difference_cap + 1:
            cap = rules.difference_cap
            report.problem(
                ("turn_unholy", "results"),
                f"expected {2 * cap + 1} results, one per tier difference from -{cap}"
                f" to +{cap}, got {len(r.turn_unholy.results)}",
            )


def _check_classes(r: Ruleset, report: Report, stats: _Refs, saves: _Refs) -> None:
    ranks = _Refs(report, r.attack_rank_divisor, "attack ranks", r.combat is None or report.failed_under(("combat",)))
    qualities = list(r.save_quality_divisor)
    thief_ids = [s.id for s in r.skills.thief_skills] if r.skills else []
    thief = _Refs(report, thief_ids, "thief skills", report.failed_under(("skills",)))
    armour = _Refs(report, [a.id for a in r.armour], "armour kinds", report.failed_under(("armour",)))
    for cid, cls in r.classes.items():
        path: KeyPath = ("classes", cid)
        stats.check_all((*path, "prime_stats"), cls.prime_stats)
        armour.check_all((*path, "armour_forbidden"), cls.armour_forbidden)
        armour.check_all((*path, "no_dex_penalty_in"), cls.no_dex_penalty_in)
        ranks.check((*path, "attack_rank"), cls.attack_rank)
        if cls.spellcasting is not None:
            stats.check((*path, "spellcasting", "stat"), cls.spellcasting.stat)
        if cls.rage is not None:
            saves.check((*path, "rage", "save"), cls.rage.save)
        if cls.thief_skills is not None:
            for key in ("skills", "advantage", "disadvantage"):
                thief.check_all((*path, "thief_skills", key), getattr(cls.thief_skills, key))
        if not saves.failed:
            _check_class_saves(r, report, path, qualities, saves)


def _check_class_saves(r: Ruleset, report: Report, path: KeyPath, qualities: list[str], saves: _Refs) -> None:
    """Every save once, each under a quality of the ruleset, as the file lists them."""
    raw = dig(report.raw, (*path, "saves"))
    entries = [
        (quality, i, save)
        for quality, names in (raw.items() if isinstance(raw, dict) else ())
        if isinstance(names, list)
        for i, save in enumerate(names)
        if isinstance(save, str)
    ]
    for quality in dict.fromkeys(q for q, _, _ in entries):
        if qualities and quality not in qualities:
            report.expected((*path, "saves", quality), f"one of the save qualities ({', '.join(qualities)})", quality)
    counted: dict[str, int] = {}
    for quality, i, save in entries:
        if save not in r.save_names:
            saves.check((*path, "saves", quality, i), save)
        counted[save] = counted.get(save, 0) + 1
    for save, n in counted.items():
        if n > 1 and save in r.save_names:
            report.problem((*path, "saves"), f"expected each save once, got {save} {n} times")
    absent = [s for s in r.save_names if s not in counted]
    if absent:
        report.problem(
            (*path, "saves"),
            f"expected every save ({', '.join(r.save_names)}) to be listed once; missing {', '.join(absent)}",
        )


def _check_kit(r: Ruleset, report: Report) -> None:
    """Every kit item is a supply the session counts or a light source a pack can hold.

    A Light spell is cast, not packed, and a source without a set duration cannot be handed out
    fresh; a character has a Bedroll or not.
    """
    if report.failed_under(("light",)):
        return
    packable = [k for k, d in r.light_sources.items() if d.duration is not None and not d.needs_caster]
    for item, count in r.kit.items():
        path: KeyPath = ("kit", item)
        if item == "bedroll" and count > 1:
            report.expected(path, "0 or 1: a Bedroll is had or not", count)
        elif item in r.light_sources and item not in packable:
            report.problem(path, "expected a light source that burns for a set time and needs no caster")
        elif item not in KIT_SUPPLIES and item not in r.light_sources:
            known = ", ".join([*KIT_SUPPLIES, *packable])
            report.problem(path, f"unknown supply; expected one of: {known}")


def _check_divining(r: Ruleset, report: Report) -> None:
    d = r.divining
    assert d is not None
    symbols = _Refs(report, d.symbols, "symbols", False)
    colours = _Refs(report, d.dice, "divining dice", False)
    for colour, die in d.dice.items():
        for i, face in enumerate(die.faces):
            for j, symbol in enumerate(face):
                symbols.check(("divining", "dice", colour, "faces", i, j), symbol)
    symbols.check(("divining", "chain_symbol"), d.chain_symbol)
    colours.check(("divining", "chain_colour"), d.chain_colour)
    if (d.chain_symbol is None) != (d.chain_colour is None):
        report.problem(("divining",), "expected both chain_symbol and chain_colour, or neither")
    elif d.chain_colour in d.dice and d.chain_chance(d.chain_colour) == 1:
        report.problem(
            ("divining", "dice", d.chain_colour, "faces"),
            f"expected at least one face without {d.chain_symbol}: every face chains, so the chain never ends",
        )
    colours.check(("divining", "challenge_colour"), d.challenge_colour)
    for colour in d.base_pool:
        colours.check(("divining", "base", colour), colour)
    for i, addition in enumerate(d.additions):
        for colour in addition.dice:
            colours.check(("divining", "additions", i, "dice", colour), colour)
    if d.accrual is not None:
        colours.check(("divining", "accrual", "reward_colour"), d.accrual.reward_colour)
        colours.check(("divining", "accrual", "risk_colour"), d.accrual.risk_colour)
    for symbol, also in d.counts_as.items():
        symbols.check(("divining", "counts_as", symbol), symbol)
        symbols.check_all(("divining", "counts_as", symbol), also)
    for symbol, adds in d.bonus.items():
        symbols.check(("divining", "bonus", symbol), symbol)
        for other in adds:
            symbols.check(("divining", "bonus", symbol, other), other)
    for i, pair in enumerate(d.cancel):
        symbols.check_all(("divining", "cancel", i), pair)
    if r.explore is not None:
        symbols.check(("explore", "challenge_symbol"), r.explore.challenge_symbol)
        symbols.check(("explore", "reward_symbol"), r.explore.reward_symbol)
        for symbol, rows in r.explore.outcomes.items():
            symbols.check(("explore", "outcomes", symbol), symbol)
            for i, row in enumerate(rows):
                if row.colour:
                    colours.check(("explore", "outcomes", symbol, i, "colour"), row.colour)
                symbols.check_all(("explore", "outcomes", symbol, i, "ignore"), row.ignore)
        for symbol, other in r.explore.also.items():
            symbols.check(("explore", "also", symbol), symbol)
            symbols.check(("explore", "also", symbol), other)
    if r.camp is not None:
        colours.check(("camp", "stand_watch", "colour"), r.camp.stand_watch.colour)
        colours.check(("camp", "scout_ahead", "success_colour"), r.camp.scout_ahead.success_colour)
        colours.check(("camp", "scout_ahead", "failure_colour"), r.camp.scout_ahead.failure_colour)


def _check_procedures(r: Ruleset, report: Report) -> None:
    """Each procedure has the sections it reads and the procedures it works with, and no section
    is there that no procedure of this ruleset reads: nothing is loaded to be ignored."""
    if report.failed_under(("procedures",)) or report.failed_under(("modifier_dice",)):
        return
    chosen = r.procedures
    playing = [procedures.procedure(part, name) for part, name in chosen.items() if name != procedures.NONE]
    read = {section for proc in playing for section in (*proc.reads, *proc.sections)}
    for proc in playing:
        where: KeyPath = ("procedures", proc.part)
        for section in proc.reads:
            if section not in report.raw:
                report.problem(where, f"{proc.name} reads [{section}], which this ruleset does not have")
        for role in () if report.failed_under(("stats",)) else proc.roles:
            stat = r.stat_rules.role(role)
            if stat not in r.stats:
                report.problem(
                    ("stats", "roles", role),
                    f"{proc.name} reads the {role}: expected one of the stats {', '.join(r.stats)} given it,"
                    f" got none ({show(stat)} is not one)",
                )
        for part, name in proc.needs:  # a part done without leaves the need unasked
            if chosen.get(part, procedures.NONE) not in (name, procedures.NONE):
                report.problem(
                    where, f"{proc.name} works only with {part} = {show(name)}, got {show(chosen.get(part))}"
                )
    for section in sorted(owners()):
        if section in report.raw and section not in read:
            report.problem(
                (section,),
                "read by no procedure of this ruleset (a section of another way of playing); expected it dropped"
                " with `_replace = true` alone",
            )
