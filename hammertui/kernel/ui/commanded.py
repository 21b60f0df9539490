"""A screen or widget whose keys are commands: it declares them (`COMMAND_LIST`) and its bindings, its
footer and its palette are built from them, each key there only while its command applies.

Every key of hammertui is declared so, the dashboard's (`commands.COMMON` and the procedures'),
each screen's and each widget's: a keymap file, the footer and the palette read one list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, ClassVar, cast

from textual.actions import parse
from textual.app import SystemCommand
from textual.screen import Screen

from hammertui.kernel.ui.commands import Command, always, screen_palette, shown_keys


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
    """Named first among a screen's or widget's bases: its `COMMAND_LIST` (each class its own, added to
    those it inherits, as Textual adds up `BINDINGS`) become its bindings, and a key whose command
    does not apply to the moment (`now`) is hidden, or greyed out, and does nothing. (Textual's own
    `COMMANDS` are the palette's providers: another thing.)"""

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
    def _screen(self) -> Screen:
        """The screen this is (a widget's keys are asked of it the same way, but have no palette)."""
        return cast("Screen", self)


def _checked(action: str) -> tuple[str, tuple[object, ...]]:
    """The action and parameters a key's action string is checked as: `app.undo` on another node."""
    namespace, name, parameters = parse(action)
    return f"{namespace}.{name}" if namespace else name, parameters
