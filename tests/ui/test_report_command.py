"""The palette writes the open session's report and says where it went."""

from __future__ import annotations

from pathlib import Path

from hammertui.kernel.ui.app import make_app
from tests.ui.waiting import until


async def test_the_palette_writes_the_session_report(tmp_path: Path) -> None:
    app = make_app(tmp_path, "tuesday", seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        commands = {command.title: command.callback for command in app.get_system_commands(app.screen)}
        commands["Write the session report"]()
        written = [tmp_path / "reports" / "tuesday-report.md", tmp_path / "reports" / "tuesday-report.html"]
        await until(
            pilot, lambda: any("report is written" in n.message for n in app._notifications), "the report's notice"
        )
        notice = next(n.message for n in app._notifications if "report is written" in n.message)
        assert all(path.exists() and str(path) in notice for path in written)
        assert "## Rooms" in written[0].read_text()
