"""Games an earlier run left waiting, folded into the history once each: journals (finished,
unfinished or unreadable) and the reserve.

Apart from `GameRecords` because it reads what a stopped table left, where the records keep
what the running table plays; both put games into the same `KeptHistory`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from datetime import datetime
from pathlib import Path

from seigneurs.kiosk.history import record_of
from seigneurs.kiosk.journal import Journal, Pending, read
from seigneurs.kiosk.kept_history import KeptHistory
from seigneurs.kiosk.reserve import Reserve
from seigneurs.kiosk.trouble import Kind, Part, Trouble

log = logging.getLogger(__name__)


def take_journal(path: Path, journal: Journal, kept: KeptHistory,
                 tell: Callable[[Trouble | None], None], now: Callable[[], datetime],
                 reserved: AbstractSet[str | None] = frozenset()) -> Pending | None:
    """Read a journal: a finished game goes into the history and its file goes (or waits
    under its identity); an unfinished one is returned, unless its end is in the reserve
    (then the file goes); an unreadable one is moved aside."""
    try:
        pending = read(path)
    except (OSError, ValueError) as error:
        moved = journal.set_aside(path, now(), "broken")
        tell(Trouble(Part.JOURNAL, Kind.BROKEN, path, str(error), moved))
        return None
    if not pending.game.over:
        if pending.game_id in reserved:
            log.info("game %s ended and is kept in the reserve; its unfinished journal goes",
                     pending.game_id)
            journal.forget(path)
            return None
        return pending
    if kept.record(record_of(pending.game, pending.bots, pending.written_at,
                             pending.game_id)):
        log.info("game %s, which ended before the last stop, is in the history",
                 pending.game_id)
        journal.forget(path)
    elif path == journal.path:
        journal.keep_unrecorded(pending.game_id)
    return None


def fold_reserve(reserve: Reserve | None, kept: KeptHistory) -> None:
    """The games the reserve keeps into the history (each once), then the reserve zeroed."""
    if reserve is None:
        return
    games = reserve.games()
    if not games or not all(kept.record(record) for record in games):
        return
    reserve.clear()
    log.info("%d game(s) kept in %s are now in the history", len(games), reserve.path.name)
