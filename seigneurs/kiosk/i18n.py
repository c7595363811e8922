"""The words the table shows adults (the admin menu, its notices, the history), one language
per table; children need none.

A notice is kept as a value (which sentence, and the detail no language changes: a file, a key,
a device) and said in the table's language only when shown, so changing the language in the
admin menu changes every line at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

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
           "touch_problem": "Tactile : {detail}"},
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
           "touch_problem": "Touch: {detail}"},
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
           "touch_problem": "Touch: {detail}"},
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
