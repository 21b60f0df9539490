"""Everyone's commands on the session as a whole: the rules it plays by, its report, its name."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from hammertui.kernel.session.actions import RenameSession
from hammertui.kernel.session.persist import SaveError
from hammertui.kernel.session.store import open_store

if TYPE_CHECKING:
    from hammertui.kernel.session.store import Store
    from hammertui.kernel.ui.hammer import Hammer


def rules(app: Hammer) -> None:
    """The decisions this ruleset takes where its text is silent, each beside the words it reads."""
    from hammertui.kernel.ui.decisions import RulesScreen

    app.push_screen(RulesScreen())


def report(app: Hammer) -> None:
    """Write the session's report beside the saves, in a thread (drawing the charts takes a
    moment), and say where it went."""
    app.run_worker(partial(write_report, app, open_store(app)), thread=True, group="report")


def write_report(app: Hammer, store: Store) -> None:
    """The report of the session as saved now; the app is told where it went, or why it did not."""
    from hammertui.kernel.session.report.files import write_report as write

    if store.files is None:
        app.call_from_thread(
            app.notify, "This session is not saved: there is nothing to report from.", severity="warning"
        )
        return
    try:
        written = write(store.files, app.ruleset_loader)
    except (SaveError, OSError) as error:
        app.call_from_thread(app.notify, f"The report was not written: {error}", severity="error")
        return
    app.call_from_thread(
        app.notify, f"The session report is written: {written.markdown} and {written.html}", timeout=10
    )


def rename(app: Hammer) -> None:
    """A new name for the session (its files keep theirs)."""
    from hammertui.kernel.ui.dialogs.text import TextDialog

    current = open_store(app).state.session.name
    app.push_screen(TextDialog("Rename session", "New name for this session:", current, RenameSession))
