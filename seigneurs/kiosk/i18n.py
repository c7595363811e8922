"""The words the table shows adults (the admin menu, its notices, the history), one language
per table; children need none.

A notice is kept as a value (which sentence, and the detail no language changes: a file, a key,
a device) and said in the table's language only when shown, so changing the language in the
admin menu changes every line at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any, Protocol

STRINGS: dict[str, dict[str, str]] = {
    "fr": {"pin": "Code administrateur", "exit": "Quitter", "restart": "Redémarrer",
           "calibrate": "Test tactile", "volume_down": "Volume -", "volume_up": "Volume +",
           "language": "Langue : français", "history": "Historique", "back": "Retour",
           "no_games": "Aucune partie enregistrée", "volume": "Volume",
           "default_pin": "Le code administrateur est encore celui d'origine ({detail}) : "
                          "choisissez le vôtre (./kiosk.sh install, ou admin_pin dans la "
                          "configuration)",
           "config_value": "Configuration, {detail} : valeur refusée, la valeur par défaut "
                           "est utilisée (seigneurs config check)",
           "config_missing": "La configuration {detail} n'existe pas : réglages par défaut",
           "config_unreadable": "La configuration {detail} ne peut pas être lue : réglages "
                                "par défaut",
           "config_garbage": "La configuration {detail} est illisible : réglages par défaut",
           "config_moved": "La configuration était illisible : mise de côté sous {detail}, "
                           "réglages par défaut",
           "touch_problem": "Tactile : {detail}",
           "when": "%d/%m/%Y %H:%M", "seat": "place {seats}", "seats": "places {seats}",
           "and": "et", "nobody": "personne",
           "game_line": "{when}   {variant}   trains {trains}   → {winners}   ({reason}, "
                        "{minutes} min)",
           "stop-called": "stop annoncé", "no-fitting-card": "plus aucune carte ne va",
           "table-empty": "table vide", "pile-empty": "une pioche vide",
           "stalemate": "plus personne ne peut jouer", "unfinished": "inachevée"},
    "en": {"pin": "Admin PIN", "exit": "Exit", "restart": "Restart", "calibrate": "Touch test",
           "volume_down": "Volume -", "volume_up": "Volume +", "language": "Language: English",
           "history": "History", "back": "Back", "no_games": "No games recorded yet",
           "volume": "Volume",
           "default_pin": "The admin PIN is still the default {detail}: set your own "
                          "(./kiosk.sh install, or admin_pin in the configuration)",
           "config_value": "Configuration, {detail}: value refused, the default is used "
                           "(seigneurs config check)",
           "config_missing": "The configuration {detail} does not exist: default settings",
           "config_unreadable": "The configuration {detail} cannot be read: default settings",
           "config_garbage": "The configuration {detail} is damaged: default settings",
           "config_moved": "The configuration was damaged: moved aside to {detail}, default "
                           "settings",
           "touch_problem": "Touch: {detail}",
           "when": "%Y-%m-%d %H:%M", "seat": "seat {seats}", "seats": "seats {seats}",
           "and": "and", "nobody": "nobody",
           "game_line": "{when}   {variant}   trains {trains}   → {winners}   ({reason}, "
                        "{minutes} min)",
           "stop-called": "stop called", "no-fitting-card": "no card fits any more",
           "table-empty": "the table is empty", "pile-empty": "a pile ran out",
           "stalemate": "nobody can play any more", "unfinished": "unfinished"},
    "de": {"pin": "Admin-PIN", "exit": "Beenden", "restart": "Neu starten",
           "calibrate": "Touch-Test", "volume_down": "Lautstärke -",
           "volume_up": "Lautstärke +", "language": "Sprache: Deutsch", "history": "Verlauf",
           "back": "Zurück", "no_games": "Noch keine Spiele", "volume": "Lautstärke",
           "default_pin": "Die Admin-PIN ist noch die voreingestellte {detail}: bitte eine "
                          "eigene setzen (./kiosk.sh install, oder admin_pin in der "
                          "Konfiguration)",
           "config_value": "Konfiguration, {detail}: Wert abgelehnt, der Standardwert gilt "
                           "(seigneurs config check)",
           "config_missing": "Die Konfiguration {detail} fehlt: Standardeinstellungen",
           "config_unreadable": "Die Konfiguration {detail} ist nicht lesbar: "
                                "Standardeinstellungen",
           "config_garbage": "Die Konfiguration {detail} ist beschädigt: "
                             "Standardeinstellungen",
           "config_moved": "Die Konfiguration war beschädigt: beiseitegelegt als {detail}, "
                           "Standardeinstellungen",
           "touch_problem": "Touch: {detail}",
           "when": "%d.%m.%Y %H:%M", "seat": "Platz {seats}", "seats": "Plätze {seats}",
           "and": "und", "nobody": "niemand",
           "game_line": "{when}   {variant}   Züge {trains}   → {winners}   ({reason}, "
                        "{minutes} Min.)",
           "stop-called": "Stopp gerufen", "no-fitting-card": "keine Karte passt mehr",
           "table-empty": "der Tisch ist leer", "pile-empty": "ein Stapel ist leer",
           "stalemate": "niemand kann mehr spielen", "unfinished": "nicht beendet"},
}
LANGUAGES = tuple(STRINGS)


def text(language: str, key: str) -> str:
    """The admin string `key` in `language` (French when unknown)."""
    return STRINGS.get(language, STRINGS["fr"])[key]


def next_language(language: str) -> str:
    """The language after `language`, round the list."""
    return LANGUAGES[(LANGUAGES.index(language) + 1) % len(LANGUAGES)] \
        if language in LANGUAGES else LANGUAGES[0]


class Notice(Protocol):
    """Anything the admin menu tells an adult, said in the table's language when shown."""

    def notice(self, language: str) -> str: ...


@dataclass(frozen=True, slots=True)
class Words:
    """A notice made of one of the table's sentences and a detail that stays as it is."""

    key: str
    detail: str = ""

    def notice(self, language: str) -> str:
        return text(language, self.key).format(detail=self.detail)

    def __str__(self) -> str:
        return self.notice("en")  # the log's language


class Finished(Protocol):
    """A finished game as the history keeps it (kiosk.history.GameRecord)."""

    @property
    def finished_at(self) -> str: ...
    @property
    def variant(self) -> str: ...
    @property
    def trains(self) -> list[dict[str, Any]]: ...
    @property
    def winners(self) -> list[int]: ...
    @property
    def end_reason(self) -> str: ...
    @property
    def duration(self) -> float: ...


def seats_words(language: str, seats: Sequence[int]) -> str:
    """Seats as the players see them, numbered from 1: `place 2`, `places 1 et 3`."""
    if not seats:
        return text(language, "nobody")
    shown = [str(seat + 1) for seat in seats]
    listed = shown[0] if len(shown) == 1 else \
        f"{', '.join(shown[:-1])} {text(language, 'and')} {shown[-1]}"
    return text(language, "seat" if len(shown) == 1 else "seats").format(seats=listed)


def game_line(language: str, game: Finished, zone: tzinfo | None = None) -> str:
    """One finished game for the history screen: local time (`zone`, else this machine's),
    each seat's checked train in seat order, the winners' seats, the end in words."""
    from seigneurs.rules import VARIANTS

    when = datetime.fromisoformat(game.finished_at).astimezone(zone)
    trains = " · ".join("/".join(map(str, t["lengths"])) if "lengths" in t
                        else str(t.get("checked", "?")) for t in game.trains)
    spec = VARIANTS.get(game.variant)
    reason = game.end_reason if game.end_reason in STRINGS["fr"] else "unfinished"
    return text(language, "game_line").format(
        when=when.strftime(text(language, "when")), variant=spec.title if spec else game.variant,
        trains=trains, winners=seats_words(language, game.winners),
        reason=text(language, reason), minutes=max(1, round(game.duration / 60)))
