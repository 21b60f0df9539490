"""The questions asked before play, when the session cannot simply be played: another app plays it
(watch it read-only, or quit), or its ruleset's file changed since it last played (play on by the
new rules, or quit and put the old file back)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hammertui.kernel.session import sessions
from hammertui.kernel.session.actions import AdoptRuleset
from hammertui.kernel.session.store import READ_ONLY
from hammertui.kernel.ui.dialogs.choose import ChooseDialog

if TYPE_CHECKING:
    from hammertui.kernel.session.lock import SessionBusy
    from hammertui.kernel.session.store import Store
    from hammertui.kernel.ui.hammer import Hammer

CHANGES_SHOWN = 12
"""The changed rules the question before play lists; the log keeps them all."""


def ask_read_only(app: Hammer, busy: SessionBusy) -> None:
    """Another app plays this session: watch it here, changing nothing, or leave it be."""
    prompt = (
        f"{busy.files.stem} is open for play in another hammertui ({busy.holder})."
        " Two apps playing one session lose each other's actions."
    )
    choices = [("read", "Open it read-only: see it here, change nothing"), ("quit", "Quit")]
    dialog = ChooseDialog("Open elsewhere", prompt, choices)
    app.push_screen(dialog, lambda choice: _read_only(app) if choice == "read" else app.exit())


def _read_only(app: Hammer) -> None:
    app.notify(READ_ONLY, title="Read-only", timeout=10)


def ask_about_changed_rules(app: Hammer, store: Store) -> None:
    """The ruleset's file was edited since this session last played by it; what changed is named,
    rule by rule, where the rules it played by were kept."""
    where = store.state.session.ruleset_file or (
        str(store.ruleset.source) if store.ruleset.source else store.ruleset.id
    )
    changes = tuple(sessions.rule_changes(store))
    prompt = f"{store.ruleset.name} ({where}) has changed since this session was last played."
    if changes:
        shown = [
            *changes[:CHANGES_SHOWN],
            *([f"... and {len(changes) - CHANGES_SHOWN} more"] if len(changes) > CHANGES_SHOWN else []),
        ]
        prompt += "\n" + "\n".join(f"  {line}" for line in shown)
    choices = [("play", "Play on: the new rules apply from now"), ("quit", "Quit, and put the old file back first")]
    dialog = ChooseDialog("The rules have changed", prompt, choices)
    app.push_screen(dialog, lambda choice: _adopt(app, store, changes) if choice == "play" else app.exit())


def _adopt(app: Hammer, store: Store, changes: tuple[str, ...]) -> None:
    if app.perform(AdoptRuleset(changes)):
        sessions.keep_rules(store)
