"""A dialog of a few fields that becomes one action, and stays open to say what was wrong.

A value the rules refuse (a STR of 19, a Magic-User in plate) is named under the fields and the
'Smith fixes it in place: nothing typed is lost to a refusal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import ActiveBinding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select

from hammertui.kernel.session.acting import Action
from hammertui.kernel.ui import plain
from hammertui.kernel.ui.answer import DialogAnswer
from hammertui.kernel.ui.commands import Command, Commanded, key
from hammertui.kernel.ui.dialogs.base import CANCEL
from hammertui.kernel.ui.footer import KeysFooter
from hammertui.kernel.ui.numbers import whole_number
from hammertui.kernel.ui.styles import STYLES

if TYPE_CHECKING:
    from hammertui.kernel.ui.hammer import Hammer

SUBMIT: Command[Any] = key("ctrl+s", "dialog.submit", "submit", "Done", "Take the form's action")

ENTER_ROLLS: Command[Any] = key("enter", "", "enter", "Roll", "Roll the dice", show=False, priority=True)
"""A priority key (that no keymap moves), so Enter reaches the form before the focused field: a
checkbox would tick on it, a list untick. A dropdown the 'Smith went to still opens on it (see
`action_enter`)."""


class FormDialog(Commanded, ModalScreen[bool]):
    """Subclasses yield their widgets from `fields` and turn them into an action in `build`, which
    the app does (`DialogAnswer`) while the form stays open to hear how it went (`settle`)."""

    CSS_PATH = STYLES

    COMMAND_LIST = (CANCEL, SUBMIT)
    """The form's own keys; a subclass's own commands are bound beside these."""
    OK = "Done"
    WIDE = True
    ROLLS = False
    """A form whose main act is a roll: Enter rolls from any field, as the table expects."""

    def __init_subclass__(cls, **options: Any) -> None:
        """A form that rolls has Enter roll, a command after its own."""
        if cls.__dict__.get("ROLLS"):
            cls.COMMAND_LIST = (*cls.__dict__.get("COMMAND_LIST", ()), ENTER_ROLLS)
        super().__init_subclass__(**options)

    def __init__(self, title: str, prompt: str) -> None:
        super().__init__()
        self._title = title
        self._prompt = prompt
        self._submit_words = self.OK
        self._asking: Action | None = None
        """The action the app is doing for the form: another submit waits for it to be settled."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide" if self.WIDE else "dialog") as box:
            plain.title(box, self._title)
            yield Label(self._prompt, markup=False)
            yield from self.fields()
            yield Label("", id="problem", classes="problem", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(self.OK, variant="primary", id="ok")
                yield Button("Cancel", id="cancel")
        yield KeysFooter()

    def name_submit(self, word: str) -> None:
        """The footer names the submit key by what it does here (Roll, Hire, Close), as the button does."""
        self._submit_words = word
        if self.is_mounted:
            self.refresh_bindings()

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys as Textual finds them, the form's submit key named by `name_submit`."""
        return {key: self._named(active) for key, active in super().active_bindings.items()}

    def _named(self, active: ActiveBinding) -> ActiveBinding:
        if active.node is not self or active.binding.action != "submit":
            return active
        return active._replace(binding=replace(active.binding, description=self._submit_words))

    def fields(self) -> ComposeResult:
        yield from ()

    def build(self) -> Action:
        """The action the fields describe; raise ValueError with the words to show if they cannot."""
        raise NotImplementedError

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_submit()

    def on_input_changed(self, event: Input.Changed) -> None:
        """A field being corrected: the old complaint no longer stands."""
        self._show("")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ok":
            self.action_submit()
        else:
            self.action_cancel()

    def action_enter(self) -> None:
        """Enter rolls, save where it means something else: opening a dropdown the 'Smith went
        to (the one a form opens on, as a check opens on its kind, rolls as it is), choosing in an
        open one, or pressing a button other than the form's own (Cancel, No check)."""
        choosing = any(select.expanded for select in self.query(Select))
        on_list = isinstance(self.focused, Select) and self.focused is not self._opens_on()
        other_button = isinstance(self.focused, Button) and self.focused.id != "ok"
        if choosing or on_list or other_button:
            raise SkipAction()
        self.action_submit()

    def _opens_on(self) -> Widget | None:
        """The field the focus is put on as the form opens (its `AUTO_FOCUS`, else the app's)."""
        selector = self.app.AUTO_FOCUS if self.AUTO_FOCUS is None else self.AUTO_FOCUS
        if not selector:
            return None
        return next((widget for widget in self.query(selector) if widget.focusable), None)

    def action_submit(self) -> None:
        try:
            action = self.build()
        except ValueError as problem:
            self._show(str(problem))
            return
        self.ask(action)

    def ask(self, action: Action) -> None:
        """Have the app do `action`; the form hears how it went in `settle`."""
        if self._asking is None:
            self._asking = action
            self.app.post_message(DialogAnswer(self, action))

    def settle(self, action: Action, refusal: str | None) -> None:
        """A refusal is said under the fields, what was typed kept to be corrected; done, the form
        closes (or keeps its result to be read, see `done`)."""
        self._asking = None
        if self.app.screen is not self:
            return
        if refusal:
            self._show(refusal[0].upper() + refusal[1:] + ".")
            return
        self.done()

    def done(self) -> None:
        """The action was taken; most forms close, one with news to read stays."""
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)

    def _show(self, problem: str) -> None:
        self.query_one("#problem", Label).update(problem)

    def keep_result(self, result: str | Text, ok: str, submit: str = "") -> None:
        """The roll stays to be read: its result takes the `#preview` line's place, the fields lock,
        and the button (`ok`) and the submit key (`submit`, or the same words) say what comes next."""
        self._show("")
        self.query_one("#preview", Label).update(result)
        for widget in self.query("SelectionList, Select, Input"):
            widget.disabled = True
        button = self.query_one("#ok", Button)
        button.label = ok
        button.focus()
        self.name_submit(submit or ok)

    def latest_events(self) -> list[str]:
        """What the action just taken logged: every event of the latest state."""
        store = cast("Hammer", self.app).store
        if store is None:
            return []
        return [e.text for e in store.recent if e.seq == store.state.seq]

    # Reading fields ------------------------------------------------------------------------

    def text(self, widget_id: str) -> str:
        return self.query_one(f"#{widget_id}", Input).value.strip()

    def whole(self, widget_id: str, what: str, default: int | None = None) -> int:
        """A whole number typed in a field, or a ValueError naming the field and what was typed."""
        return whole_number(self.text(widget_id), what, default)

    def choice(self, widget_id: str) -> str:
        value = self.query_one(f"#{widget_id}", Select).value
        if value is Select.NULL:
            raise ValueError(f"choose a {widget_id.replace('-', ' ')}")
        return str(value)
