"""A dialog's answer for the app to act on while the dialog stays open.

A dialog whose caller needs only its answer dismisses with it. One whose answer is an action that
may be refused (a name too long, a STR of 19) posts it to the app as a `DialogAnswer`: the app
dispatches it as it does every action and tells the dialog how it went (`Answering.settle`), so a
refusal is said under the fields with what was typed kept, and the dialog closes once it is done.
"""

from __future__ import annotations

from typing import Protocol

from textual import events

from hammertui.kernel.session.acting import Action


class Answering(Protocol):
    """A dialog waiting to hear what became of the action its answer asked for."""

    def settle(self, action: Action, refusal: str | None) -> None:
        """`action` is done (no refusal), or was refused with these words and changed nothing."""


class DialogAnswer(events.Event):
    """The action a dialog's answer asks for. It is posted to the app itself, so it waits in the
    app's queue ahead of the next key, which waits its turn until this one is answered (`type_ahead`).
    An event, as a key is, so that an error in acting on it is a crash the app shows (`ui/crash.py`)."""

    def __init__(self, dialog: Answering, action: Action) -> None:
        super().__init__()
        self.dialog = dialog
        self.action = action
