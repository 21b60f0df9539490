"""The divining pool procedure's schema: `[divining]`, `[explore]` and `[search]`."""

from hammertui.procedures.divining_pool.schema.divining import Divining
from hammertui.procedures.divining_pool.schema.exploring import ExploreRules, SearchRules

SECTIONS = {"divining": Divining, "explore": ExploreRules, "search": SearchRules}
"""The ruleset sections this procedure reads, by name: `Procedure.schema` names this module."""
