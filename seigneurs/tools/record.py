"""An animated picture of a whole game for the README (`seigneurs record-game`).

A real headless table: the lobby is tapped through the scripted touch source like fingers
would (a variant's picture, a robot at each place, the whistle), bots play the game through
the race view, and the results view checks it; frames are rendered headless, sampled, shrunk
and written as a looping GIF.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from seigneurs.kiosk.config import TableSettings
from seigneurs.tools.scripted import ScriptedTable
from seigneurs.ui.lobby_view import LobbyView
from seigneurs.ui.race_view import RaceView
from seigneurs.ui.results_view import ResultsView

MAX_GIF_BYTES = 2_000_000
FPS = 60


@dataclass(frozen=True, slots=True)
class Recording:
    """What was written: the file, its frames, how long it plays, how big it is."""

    path: Path
    frames: int
    seconds: float
    size_bytes: int
    winners: tuple[int, ...]


class Recorder(ScriptedTable):
    """The scripted table, keeping sampled frames of what it shows."""

    def __init__(self, size: tuple[int, int], seed: int, scale: float) -> None:
        patient = TableSettings(idle_timeout=3600, attract_after=3600, volume=0.0)
        super().__init__(*size, seed=seed, settings=patient)
        self.scale = scale
        self.kept: list[Image.Image] = []
        self.durations: list[int] = []

    def run(self, seconds: float, every: float | None = None, show_ms: int = 100) -> None:
        """Play `seconds` of table time, keeping a frame each `every` seconds if given."""
        next_shot = 0.0
        for k in range(round(seconds * FPS)):
            self.frames()
            if every is not None and k / FPS >= next_shot:
                next_shot += every
                self.keep(show_ms)

    def keep(self, show_ms: int) -> None:
        """Keep what the table shows now, for `show_ms` milliseconds of the GIF."""
        self.window.step(dt=0.0)
        image = self.window.snapshot().convert("RGB")
        size = (round(image.width * self.scale), round(image.height * self.scale))
        self.kept.append(image.resize(size, Image.Resampling.LANCZOS))
        self.durations.append(show_ms)

    def save(self, out: Path) -> int:
        """Write the kept frames as a looping GIF with one shared palette; its size in bytes."""
        out.parent.mkdir(parents=True, exist_ok=True)
        palette = self.kept[-1].quantize(colors=96, method=Image.Quantize.MEDIANCUT)
        frames = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in self.kept]
        frames[0].save(out, save_all=True, append_images=frames[1:], duration=self.durations,
                       loop=0, optimize=True, disposal=1)
        return out.stat().st_size

    def written_frames(self, out: Path) -> int:
        """Frames in the file (the writer merges identical neighbours)."""
        with Image.open(out) as gif:
            return int(getattr(gif, "n_frames", 1))


def record_game(out: Path, variant_name: str = "kids", places: tuple[int, ...] = (0, 1, 3, 4),
                seed: int = 4, size: tuple[int, int] = (1280, 720), scale: float = 0.5,
                level_taps: int = 4) -> Recording:
    """Lobby (a variant and a robot at each place, tapped), the game played by the robots,
    the check and the winners: a few seconds of GIF under 2 MB."""
    recorder = Recorder(size, seed, scale)
    try:
        lobby = recorder.window.scene
        if not isinstance(lobby, LobbyView):
            raise RuntimeError("the table did not open on the lobby")
        recorder.keep(700)
        recorder.tap(*lobby.tiles[variant_name].position)
        recorder.keep(500)
        for place in places:
            for _ in range(level_taps):  # each tap the next robot: close, toddler ... adult
                recorder.tap(*lobby.buttons[place].bot.position)
            recorder.keep(300)
        recorder.tap(*lobby.start.position)
        recorder.keep(500)
        view = recorder.window.scene
        if not isinstance(view, RaceView):
            raise RuntimeError(f"the whistle did not start a race game ({variant_name}?)")
        game = view.game
        recorder.run(1.0, every=0.25)
        while not game.over and recorder.t < 600:
            recorder.run(1.5, every=1.5)
        while not isinstance(recorder.window.scene, ResultsView) and recorder.t < 700:
            recorder.frames()
        results = recorder.window.scene
        if not isinstance(results, ResultsView):
            raise RuntimeError("the game never reached the results")
        while not results.done and recorder.t < 900:
            recorder.run(0.32, every=0.32, show_ms=70)
        recorder.run(1.2, every=0.1)
        recorder.keep(2500)
        size_bytes = recorder.save(out)
        seconds = sum(recorder.durations) / 1000
        return Recording(out, recorder.written_frames(out), seconds, size_bytes,
                         results.outcome.winners)
    finally:
        recorder.close()
