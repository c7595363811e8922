"""Records and settings are values all the way down (issue 26): their lists and tables are
tuples and read-only mappings, so nothing that holds one can change it under another holder;
what they write is still plain JSON."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from seigneurs.art.assets import table_art
from seigneurs.input.setup import DeviceSettings, InputSettings
from seigneurs.kiosk.config import TableSettings
from seigneurs.kiosk.history import GameRecord, History, as_csv
from seigneurs.kiosk.json_value import frozen, plain

SEATS = [{"seat": 0, "bot": None}, {"seat": 1, "bot": "adult"}]
TRAINS = [{"locomotive": "coach/red/2", "wagons": ["tanker/blue/3"], "checked": 1},
          {"locomotive": "coach/blue/2", "lengths": [2, 0], "winner": True}]


def record() -> GameRecord:
    return GameRecord("2026-11-24T10:00:00+00:00", "lords", SEATS, TRAINS, [1], "stopped",
                      61.5, 7, game_id="g1")


def test_a_game_record_cannot_be_changed_through_its_seats_trains_or_winners() -> None:
    kept = record()
    with pytest.raises(TypeError):
        kept.seats[0]["bot"] = "adult"  # type: ignore[index]
    with pytest.raises(AttributeError):
        kept.trains[0]["wagons"].append("x")  # a tuple inside
    with pytest.raises(AttributeError):
        kept.winners.append(0)  # type: ignore[attr-defined]
    assert kept.seats[1]["bot"] == "adult" and kept.winners == (1,)


def test_a_frozen_record_writes_and_reads_back_the_same_plain_json(tmp_path: Path) -> None:
    kept = record()
    assert kept.to_json()["seats"] == SEATS and kept.to_json()["trains"] == TRAINS
    assert GameRecord.from_json(json.loads(json.dumps(kept.to_json()))) == kept
    history = History(tmp_path / "history.sqlite3")
    history.add(kept)
    (read,) = history.games()
    history.close()
    assert read.to_json() == {**kept.to_json(), "id": read.id}
    (_header, row) = csv.reader(io.StringIO(as_csv([read])))
    assert [json.loads(cell) for cell in row[3:6]] == [SEATS, TRAINS, [1]]


def test_frozen_and_plain_are_inverses_on_json_data() -> None:
    data = {"seats": SEATS, "trains": TRAINS, "n": 3, "none": None}
    assert plain(frozen(data)) == data
    assert json.loads(json.dumps(plain(frozen(data)))) == data


def test_settings_tables_are_read_only() -> None:
    settings = TableSettings(user_seats={1: 0})
    with pytest.raises(TypeError):
        settings.user_seats[2] = 1  # type: ignore[index]
    inputs = InputSettings(devices={"/dev/input/event5": DeviceSettings(x_range=(0, 4095))})
    with pytest.raises(TypeError):
        inputs.devices["/dev/input/event6"] = DeviceSettings()  # type: ignore[index]
    assert settings.inputs.devices == {}
    assert inputs.devices["/dev/input/event5"].x_range == (0, 4095)


def test_a_tables_art_is_a_value() -> None:
    art = table_art("1080p", marks=True)
    assert isinstance(art.wagons, tuple) and len(art.wagons) == 54
    with pytest.raises(TypeError):
        art.tiles["lords"] = art.back  # type: ignore[index]
    assert art.every()[0] == art.locomotives[next(iter(art.locomotives))]
