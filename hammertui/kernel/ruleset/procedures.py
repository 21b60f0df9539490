"""`[procedures]`: the procedure each part of play uses, from those registered in
`hammertui.kernel.rules.procedures` (the modifier dice name theirs in `[modifier_dice] mode`)."""

from typing import Annotated

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset.schema import registered


@record
class Procedures:
    """How the party explores ("none": no exploring procedure), camps ("none": no camp), spends light
    ("none": no light rules), makes characters and fights ("none": no fight procedure)."""

    explore: Annotated[str, registered("explore", none=True, none_named=False)]
    camp: Annotated[str, registered("camp", none=True)]
    light: Annotated[str, registered("light", none=True)]
    characters: Annotated[str, registered("characters")]
    fight: Annotated[str, registered("fight", none=True, none_named=False)]
