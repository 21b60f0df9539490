"""The whole ruleset: one field per section every ruleset may hold, the sections of its procedures,
and the readings the game asks for."""

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import attrs

from hammertui.kernel.rules.dice import parse
from hammertui.kernel.ruleset.advancement import Advancement, HitPointRules
from hammertui.kernel.ruleset.classes import Classes, ClassTable
from hammertui.kernel.ruleset.decisions import Decision
from hammertui.kernel.ruleset.kit import (
    ArmourDef,
    ArmourRules,
    Encumbrance,
    HirelingRules,
    Kit,
    PartyRules,
)
from hammertui.kernel.ruleset.procedures import Procedures
from hammertui.kernel.ruleset.schema import AnyText, Key, Keyed
from hammertui.kernel.ruleset.stats import (
    SaveRules,
    StatModifier,
    StatRolling,
    StatRules,
)
from hammertui.kernel.ruleset.tiers import TierRules, TierTables, TurnUnholy
from hammertui.kernel.ruleset.time import ModifierDice, TimeRules
from hammertui.kernel.ruleset.traps import (
    DifficultyMode,
    DifficultyRules,
    MoraleRules,
    NamedTarget,
    SkillRules,
    Trap,
    TrapRules,
)


@attrs.frozen(slots=False, repr=False)
class Ruleset:
    """A whole ruleset, loaded and checked; `extends` is already folded in.

    Each field is one section every ruleset may hold (`Key` names the section where the field's
    name differs); `sections` holds those of the procedures it plays, each read as an attribute of
    its name (`ruleset.divining`, None where the ruleset does not hold it); `id`, `source` and
    `digest` come from the file itself.
    """

    name: str
    plays: Annotated[Procedures, Key("procedures")]
    time: TimeRules
    modifier_dice: ModifierDice
    stat_rules: Annotated[StatRules, Key("stats")]
    id: str = ""
    description: AnyText = ""
    extends: str | None = None
    save_rules: Annotated[SaveRules, Key("saves")] | None = None
    classes: Classes = attrs.field(factory=dict)
    class_table: Annotated[ClassTable, Key("class_roll")] | None = None
    advancement: Advancement | None = None
    hit_points: HitPointRules | None = None
    tier_rules: Annotated[TierRules, Key("tiers")] | None = None
    tier_tables: TierTables = attrs.field(factory=dict)
    turn_unholy: TurnUnholy | None = None
    trap_rules: Annotated[TrapRules, Key("traps")] | None = None
    difficulty_rules: Annotated[DifficultyRules, Key("difficulty")] | None = None
    skills: SkillRules | None = None
    morale: MoraleRules | None = None
    encumbrance: Encumbrance | None = None
    armour_rules: Annotated[ArmourRules, Key("armour")] | None = None
    hirelings: HirelingRules | None = None
    party: PartyRules | None = None
    kit: Kit = attrs.field(factory=dict)
    decisions: Annotated[dict[str, Decision], Keyed("decision", titled="title")] = attrs.field(factory=dict)
    sections: Mapping[str, Any] = attrs.field(factory=dict)
    """The sections of its procedures, by name, as each procedure's schema module reads them."""
    source: Path | None = attrs.field(default=None, eq=False)
    digest: str = attrs.field(default="", eq=False)
    """A fingerprint of the rules the file and its parents hold (not their comments or layout): a
    session notices when the ruleset it was played by has changed since."""

    def __repr__(self) -> str:
        return f"Ruleset(id={self.id!r}, name={self.name!r})"

    def __attrs_post_init__(self) -> None:
        """Each procedure's section an attribute of its name (`ruleset.camp`), None where the ruleset
        does not hold it, as for a section of its own it may leave out: read as fast as a field (the
        ruleset keeps a `__dict__` for them), and a name no procedure owns is no attribute."""
        from hammertui.kernel.ruleset.sections import owners

        for name in owners():
            if name not in self.__dict__ and not hasattr(type(self), name):
                object.__setattr__(self, name, self.sections.get(name))

    if TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any:
            """A procedure's section (set on each ruleset as it is made): its class is the
            procedure's, which the kernel does not import."""

    @property
    def procedures(self) -> dict[str, str]:
        """The procedure of each part of play (`rules/procedures.PARTS`), "none" for a part left out."""
        p = self.plays
        return {
            "explore": p.explore,
            "camp": p.camp,
            "light": p.light,
            "characters": p.characters,
            "fight": p.fight,
            "modifiers": self.modifier_dice.mode,
        }

    @property
    def stats(self) -> tuple[str, ...]:
        return self.stat_rules.names

    @property
    def stat_names(self) -> dict[str, str]:
        return self.stat_rules.full_names

    @property
    def stat_rolling(self) -> StatRolling:
        return self.stat_rules.rolling

    @property
    def stat_modifiers(self) -> tuple[StatModifier, ...]:
        return tuple(sorted(self.stat_rules.modifiers, key=lambda m: m.low))

    def stat_mod(self, score: int) -> int:
        """The modifier of a stat score; scores beyond the table take its end rows."""
        rows = self.stat_modifiers
        if not rows:
            raise ValueError(f"ruleset {self.id} has no stat-modifier table")
        for row in rows:
            if row.low <= score <= row.high:
                return row.mod
        return rows[0].mod if score < rows[0].low else rows[-1].mod

    @property
    def save_names(self) -> tuple[str, ...]:
        return self.save_rules.names if self.save_rules else ()

    @property
    def save_stat(self) -> dict[str, str]:
        return self.save_rules.stats if self.save_rules else {}

    @property
    def save_quality_divisor(self) -> dict[str, int]:
        return self.save_rules.qualities if self.save_rules else {}

    @property
    def light_sources(self) -> dict[str, Any]:
        """The light sources of `[light]` by id, for the kit they may be packed in ({} without it)."""
        return self.light.sources if self.light else {}

    @property
    def darkness(self) -> Any:
        return self.light.darkness if self.light else None

    @property
    def attack_rank_divisor(self) -> dict[str, int]:
        """Attack rank -> the divisor of the level (0 = no level bonus); none without `[combat]`."""
        return self.combat.attack_ranks if self.combat else {}

    @property
    def trap_dice(self) -> str | None:
        return self.trap_rules.dice if self.trap_rules else None

    @property
    def traps(self) -> tuple[Trap, ...]:
        return self.trap_rules.table if self.trap_rules else ()

    @property
    def trap_die(self) -> int | None:
        return parse(self.trap_dice).sides if self.trap_dice else None

    def trap_for(self, roll: int) -> Trap:
        for trap in self.traps:
            if trap.low <= roll <= trap.high:
                return trap
        raise ValueError(f"no trap of {self.id} covers a roll of {roll}")

    def class_for(self, roll: int, human_roll: int | None = None) -> str:
        """The class a class-table roll gives; a sub-table row (Human) needs its roll too."""
        if self.class_table is None:
            raise ValueError(f"ruleset {self.id} has no class table")
        return self.class_table.class_for(roll, human_roll)

    @property
    def difficulty_modes(self) -> tuple[DifficultyMode, ...]:
        return self.difficulty_rules.modes if self.difficulty_rules else ()

    @property
    def default_difficulty(self) -> str | None:
        return self.difficulty_rules.default if self.difficulty_rules else None

    def difficulty(self, mode_id: str | None = None) -> DifficultyMode | None:
        wanted = mode_id or self.default_difficulty
        return next((m for m in self.difficulty_modes if m.id == wanted), None)

    @property
    def morale_targets(self) -> tuple[NamedTarget, ...]:
        return self.morale.targets if self.morale else ()

    @property
    def party_roles(self) -> tuple[str, ...]:
        return self.party.roles if self.party else ()

    @property
    def armour(self) -> tuple[ArmourDef, ...]:
        return self.armour_rules.kinds if self.armour_rules else ()

    def armour_kind(self, armour_id: str) -> ArmourDef:
        for kind in self.armour:
            if kind.id == armour_id:
                return kind
        raise KeyError(armour_id)

    @property
    def body_armour(self) -> tuple[ArmourDef, ...]:
        return tuple(a for a in self.armour if not a.shield)

    @property
    def shield(self) -> ArmourDef | None:
        return next((a for a in self.armour if a.shield), None)
