"""The game in progress, written down action by action, so a crash loses nothing: on the next
start the lobby offers to resume it by replaying its event log (the engine is deterministic)."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import IO, Any

from seigneurs.game import Action, DuoGame, RaceGame, replay
from seigneurs.game.factory import AnyGame

log = logging.getLogger(__name__)


class Journal:
    """One file, `current-game.jsonl`: the config header, then every action as it happens."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "current-game.jsonl"
        self._file: IO[str] | None = None
        self.extra: dict[str, Any] = {}

    def start(self, game: AnyGame, extra: dict[str, Any]) -> None:
        """Begin journaling `game` (its actions so far, then each new one as applied)."""
        self.close()
        self.extra = extra
        self._file = self.path.open("w", encoding="utf-8")
        header = json.loads(game.record()[0])
        header["table"] = extra
        self._file.write(json.dumps(header) + "\n")
        for action in game.log:
            self._file.write(json.dumps(action.to_json()) + "\n")
        self._file.flush()
        game.observers.append(self.write)

    def write(self, action: Action) -> None:
        """Append one action; flushed at once so a killed process still leaves it."""
        if self._file is not None:
            self._file.write(json.dumps(action.to_json()) + "\n")
            self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def finish(self) -> None:
        """The game ended (and is in the history) or was abandoned: forget it."""
        self.close()
        self.path.unlink(missing_ok=True)

    def pending(self) -> tuple[RaceGame | DuoGame, dict[str, Any]] | None:
        """A game a crash interrupted, replayed to where it was, with its table extras."""
        if not self.path.exists():
            return None
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
            extra = json.loads(lines[0]).get("table", {})
            if lines and not lines[-1].endswith("}"):
                lines = lines[:-1]  # a line cut short by the crash
            game = replay(lines)
        except (OSError, ValueError, IndexError) as error:
            broken = self.path.with_suffix(".broken")
            self.path.replace(broken)
            log.warning("the interrupted game's log is unreadable (%s); kept as %s", error,
                        broken)
            return None
        if game.over:
            self.finish()
            return None
        assert isinstance(game, RaceGame | DuoGame)
        return game, extra
