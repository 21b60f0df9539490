"""The dashboard's commands, in one list: the keys, the footer and the command palette all come from it
(every other screen, each dialog, and a widget with keys, has its own list of the same records:
`Commanded`, below).
No key is bound but as a command.

A command knows its key (none for a palette-only one), its binding id (what a keymap file names to
move it to another key), its footer label, its palette title and help, what it runs (its own
`run(app)`, or an `action_` of the app or screen), and when it applies: a command that does not
apply is neither in the footer nor in the palette, and its key does nothing, so nothing the ruleset
lacks is offered. The dashboard's list is everyone's (`COMMON`, `ui/common.py`) and the commands of
the session's procedures (each procedure's `UI.commands`, see `ui/procedures.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast, runtime_checkable

from textual.actions import parse
from textual.app import SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from hammertui.kernel.rules.records import record
from hammertui.kernel.ruleset import Ruleset
from hammertui.kernel.session.procedures import fight_under_way
from hammertui.kernel.session.state import State
from hammertui.kernel.ui.view import View

Moment = TypeVar("Moment")
"""What a command asks to know whether it applies: the `View` on the dashboard; on a screen, what
that screen knows besides (the fight screen's highlighted combatant)."""
Words = str | Callable[[State, Ruleset], str]
"""Words that can follow the ruleset: "{unit}" and "{units}" are filled in, or a function of the
state and ruleset for words that change with the moment (or with what a procedure reads in it)."""


ROSTER = "party"
"""The id of the characters procedure's pane: the roster whose highlighted row a character's command
acts on."""


@runtime_checkable
class Roster(Protocol):
    """The characters procedure's pane, as a command asks it who is highlighted."""

    @property
    def selected_id(self) -> str | None: ...


@runtime_checkable
class OneCharacter(Protocol):
    """A character's sheet: a character's command acts on the character it shows."""

    @property
    def sheet_of(self) -> str: ...


def always(moment: object) -> bool:
    return True


@record
class Command(Generic[Moment]):
    """One thing the 'Smith can ask for, by key or by name."""

    key: str | None
    id: str
    """The binding id; an empty one names a key no keymap moves (a table's Home and End)."""
    action: str
    label: str
    title: Words
    help: Words
    show: bool = False
    applies: Callable[[Moment], bool | None] = always
    """Whether the command applies now: False hides it, None leaves its key greyed out in the footer."""
    key_display: str | None = None
    priority: bool = False
    run: Callable[..., object] | None = None
    """What the command runs, given the app, through the app's `do` action: everyone's commands
    run code of the kernel module named for what they do, a procedure's its own."""
    in_palette: bool = True
    """A screen's key the palette does not offer: its words are its footer's label and tooltip."""
    by_name: Words | None = None
    """Its help where the palette offers it for each living character by name (`Damage Darla`),
    run with their id; None: it acts on the highlighted character alone."""

    @property
    def bound_action(self) -> str:
        """What the key runs: the app's or screen's `action_`, or `do('<id>')` for one with a `run`."""
        return f"do({self.id!r})" if self.run is not None else self.action

    def binding(self) -> Binding:
        assert self.key is not None
        return Binding(
            self.key,
            self.bound_action,
            self.label,
            show=self.show,
            key_display=self.key_display,
            priority=self.priority,
            id=self.id or None,
            tooltip=_plain(self.help),
        )

    def words(self, state: State, ruleset: Ruleset) -> tuple[str, str]:
        """The palette's title and help, in the ruleset's words."""
        return fill(self.title, state, ruleset), fill(self.help, state, ruleset)


def fill(words: Words, state: State, ruleset: Ruleset) -> str:
    """The words as they read under this ruleset and state."""
    if callable(words):
        return words(state, ruleset)
    return words.format(unit=ruleset.time.unit, units=ruleset.time.unit_plural)


def _plain(words: Words) -> str:
    """A footer key's tooltip: the help, when it needs no ruleset to be said (else none, Textual's "")."""
    return words if isinstance(words, str) and "{" not in words else ""


def calm(view: View) -> bool:
    """No fight is on."""
    return not fight_under_way(view.state)


FIGHT_SCREEN_KEYS = frozenset({"app.quit", "store.redo", "session.rules"})
"""The dashboard's commands that still act under a fight screen (its `DASHBOARD_KEYS`): the rest
(passing time, another fight, the highlighted character's) wait for the dashboard."""


def screen_palette(screen: Screen[Any], commands: Iterable[Command[Any]], view: View | None) -> Iterator[SystemCommand]:
    """A screen's commands that apply now, each by name and the key it has now (`Turn Unholy (t)`),
    one entry for each action however many keys run it."""
    if view is None:
        return
    seen: set[str] = set()
    for command in commands:
        if not command.in_palette or command.action in seen or not screen.check_action(command.action, ()):
            continue
        seen.add(command.action)
        title, help = command.words(view.state, view.ruleset)
        key = bound_key(screen, command.action)
        yield SystemCommand(f"{title} ({key})" if key else title, help, getattr(screen, f"action_{command.action}"))


def shown_keys(screen: Screen[Any], commands: Iterable[Command[Any]]) -> tuple[bool | None, ...]:
    """Which of the footer's keys apply now: the footer is redrawn only when this changes (it is
    rebuilt whole each time; a hidden key is checked when pressed)."""
    return tuple(screen.check_action(command.action, ()) for command in commands if command.show)


def reaches(command: Command[Any] | None, screen: Screen[Any]) -> bool:
    """Whether a dashboard command (None: any of the dashboard's, such as a character's by name)
    acts while `screen` is up. A screen with keys of its own names the few that still do
    (`DASHBOARD_KEYS`): under a fight, time does not pass nor a second fight start by the dashboard's keys."""
    kept = getattr(screen, "DASHBOARD_KEYS", None)
    return kept is None or (command is not None and command.id in kept)


def bound_key(screen: Screen[Any], action: str) -> str | None:
    """The key `screen` itself has for `action` now, as the footer shows it: the keymap's if it moved
    the key, none if nothing on the screen runs it."""
    for active in screen.active_bindings.values():
        if active.node is screen and active.binding.action == action:
            return screen.app.get_key_display(active.binding)
    return None


# A screen's or widget's own commands -----------------------------------------------------------


def key(
    key: str,
    id: str,
    action: str,
    label: str,
    help: str = "",
    *,
    show: bool = True,
    priority: bool = False,
    key_display: str | None = None,
    applies: Callable[[Any], bool | None] = always,
) -> Command[Any]:
    """A key of one screen that the palette does not offer: its label and tooltip are all it says."""
    return Command(
        key,
        id,
        action,
        label,
        label,
        help,
        show=show,
        applies=applies,
        key_display=key_display,
        priority=priority,
        in_palette=False,
    )


class Commanded:
    """Named first among a screen's, dialog's or widget's bases: its `COMMAND_LIST` (each class its
    own, added to those it inherits, as Textual adds up `BINDINGS`) become its bindings, and a key
    whose command does not apply to the moment (`now`) is hidden, or greyed out, and does nothing.
    (Textual's own `COMMANDS` are the palette's providers: another thing.)"""

    COMMAND_LIST: ClassVar[tuple[Command[Any], ...]] = ()
    _by_action: ClassVar[dict[tuple[str, tuple[object, ...]], Command[Any]]] = {}
    """Its commands by the action and parameters Textual checks them with (`set_action('rest')`)."""
    _footer_keys: tuple[bool | None, ...] = ()
    """The footer's keys that applied when it was last drawn."""

    def __init_subclass__(cls, **options: Any) -> None:
        own = cls.__dict__.get("COMMAND_LIST")
        if own is not None:
            assert "BINDINGS" not in cls.__dict__, f"{cls.__name__}'s keys are its COMMAND_LIST"
            cls.BINDINGS = [command.binding() for command in own if command.key is not None]  # type: ignore[attr-defined]
        super().__init_subclass__(**options)
        cls._by_action = {_checked(command.action): command for command in cls.every_command()}

    @classmethod
    def every_command(cls) -> tuple[Command[Any], ...]:
        """Its commands and those it inherits, the furthest ancestor's first."""
        return tuple(command for klass in reversed(cls.__mro__) for command in vars(klass).get("COMMAND_LIST", ()))

    def now(self) -> object | None:
        """What the commands ask whether they apply: the screen itself, unless it has more to say;
        None while there is nothing to ask (every key applies)."""
        return self

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key, its footer entry and its palette entry are there only when its command applies."""
        command = self._by_action.get((action, parameters))
        moment = self.now() if command is not None else None
        applies = True if command is None or moment is None else command.applies(moment)
        return super().check_action(action, parameters) if applies is True else applies  # type: ignore[misc]

    def refresh_keys(self) -> None:
        """Redraw the footer only when a key it shows came or went."""
        keys = shown_keys(self._screen, self.every_command())
        if keys != self._footer_keys:
            self._footer_keys = keys
            self._screen.refresh_bindings()

    def palette(self) -> Iterator[SystemCommand]:
        """Each command of the palette's that applies now, by name and the key it has now: `Turn Unholy (t)`."""
        return screen_palette(self._screen, self.every_command(), getattr(self._screen.app, "view", None))

    @property
    def _screen(self) -> Screen[Any]:
        """The screen this is (a widget's keys are asked of it the same way, but have no palette)."""
        return cast("Screen[Any]", self)


def _checked(action: str) -> tuple[str, tuple[object, ...]]:
    """The action and parameters a key's action string is checked as: `app.undo` on another node."""
    namespace, name, parameters = parse(action)
    return f"{namespace}.{name}" if namespace else name, parameters
