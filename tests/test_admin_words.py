"""One language per table (issue 17 item 7): the admin menu, its notices and the history
screen all in the table's language; history in local time, seats numbered as the players see
them (1 to 6), the end in words."""

from __future__ import annotations

from datetime import timedelta, timezone
from pathlib import Path

import pytest
from kiosk_scenes import RECORD
from table_driver import Driver

from seigneurs.kiosk.admin_lock import AdminLock, Source, start_notices
from seigneurs.kiosk.config import TableSettings, parse
from seigneurs.kiosk.history import History
from seigneurs.kiosk.i18n import LANGUAGES, SENTENCES, game_line, text
from seigneurs.ui.admin_view import AdminMenu, HistoryView

PARIS = timezone(timedelta(hours=1))


@pytest.mark.parametrize("language, line", [
    ("fr", "23/11/2026 11:34   Le Duo des Rails   trains 2/0   → place 2   (une pioche vide, "
           "1 min)"),
    ("en", "2026-11-23 11:34   Le Duo des Rails   trains 2/0   → seat 2   (a pile ran out, "
           "1 min)"),
    ("de", "23.11.2026 11:34   Le Duo des Rails   Züge 2/0   → Platz 2   (ein Stapel ist leer, "
           "1 Min.)"),
])
def test_a_history_line_reads_in_the_tables_language(language: str, line: str) -> None:
    """The issue's raw record `2026-11-23T10:34:55+00:00 duo [[2, 0], …] → [1] (pile-empty,
    79 s)`: UTC, seats from 0, English reasons."""
    assert game_line(language, RECORD, PARIS) == line


def test_every_sentence_says_the_same_in_every_language() -> None:
    """Each sentence is declared once with its three languages; each fills the same blanks."""
    from string import Formatter

    for key, words in SENTENCES.items():
        assert len(words) == len(LANGUAGES) and all(words), key
        blanks = [{name for _, name, _, _ in Formatter().parse(w) if name} for w in words]
        assert blanks[0] == blanks[1] == blanks[2], key


def test_the_admin_menu_history_and_notices_follow_the_language(tmp_path: Path) -> None:
    """French buttons and an English notice, mixed, was the bug."""
    History(tmp_path / "history.sqlite3").add(RECORD)
    problem = parse({"kiosk": {"volume": 3}}, "config.toml")[1][0]
    notices = (*start_notices(AdminLock(Source.DEFAULT), []), problem)
    for language, button, pin_words, refused in [
            ("fr", "Quitter", "code administrateur", "valeur refusée"),
            ("de", "Beenden", "Admin-PIN", "Wert abgelehnt")]:
        driver = Driver(settings=TableSettings(language=language, notices=notices,
                                               data_dir=tmp_path))
        try:
            driver.window.show_view(AdminMenu(driver.window))
            menu = driver.scene
            assert isinstance(menu, AdminMenu)
            assert button in [b.label.text for b in menu.buttons]
            lines = [line.text for line in menu.lines]
            assert any(pin_words in line for line in lines), lines
            assert any(refused in line for line in lines), lines
            assert not any("default" in line or "expected" in line for line in lines)
            driver.window.show_view(HistoryView(driver.window))
            shown = [line.text for line in driver.scene.lines]
            assert game_line(language, RECORD) in shown
        finally:
            driver.close()


def test_a_history_damaged_under_the_running_table_is_set_aside_when_the_adult_reads_it(
        tmp_path: Path) -> None:
    """The history file is damaged while the table runs (its pages overwritten on disk): the
    adults' history screen shows no games instead of stopping the table, the damaged file is
    kept aside, the notice says so in the table's language, and the next game is recorded in a
    new history."""
    history = History(tmp_path / "history.sqlite3")
    history.add(RECORD)
    history.close()
    driver = Driver(settings=TableSettings(language="en", data_dir=tmp_path))
    try:
        driver.window.show_view(HistoryView(driver.window))
        assert game_line("en", RECORD) in [line.text for line in driver.scene.lines]
        records = driver.window.keeper.records
        assert records.kept.history is not None
        records.kept.history.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        records.kept.history.db.execute("PRAGMA cache_size=1")  # pages read from the disk again
        path = tmp_path / "history.sqlite3"
        size = path.stat().st_size
        with path.open("r+b") as damaged:
            damaged.seek(100)
            damaged.write(b"\xde\xad" * ((size - 100) // 2))
        driver.window.show_view(HistoryView(driver.window))
        assert isinstance(driver.scene, HistoryView)
        driver.frames(2)
        shown = [line.text for line in driver.scene.lines]
        assert text("en", "no_games") in shown
        aside = sorted(tmp_path.glob("history.sqlite3.broken-*"))
        assert len(aside) == 1 and aside[0].stat().st_size == size
        assert any("history" in str(n).lower() and aside[0].name in str(n)
                   for n in driver.window.notices), driver.window.notices
    finally:
        driver.close()
