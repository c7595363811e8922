"""The few words the table shows, all in the adults' admin menu (children need none)."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "fr": {"pin": "Code administrateur", "exit": "Quitter", "restart": "Redémarrer",
           "calibrate": "Test tactile", "volume_down": "Volume -", "volume_up": "Volume +",
           "language": "Langue : français", "history": "Historique", "back": "Retour",
           "no_games": "Aucune partie enregistrée", "volume": "Volume"},
    "en": {"pin": "Admin PIN", "exit": "Exit", "restart": "Restart", "calibrate": "Touch test",
           "volume_down": "Volume -", "volume_up": "Volume +", "language": "Language: English",
           "history": "History", "back": "Back", "no_games": "No games recorded yet",
           "volume": "Volume"},
    "de": {"pin": "Admin-PIN", "exit": "Beenden", "restart": "Neu starten",
           "calibrate": "Touch-Test", "volume_down": "Lautstärke -",
           "volume_up": "Lautstärke +", "language": "Sprache: Deutsch", "history": "Verlauf",
           "back": "Zurück", "no_games": "Noch keine Spiele", "volume": "Lautstärke"},
}
LANGUAGES = tuple(STRINGS)


def text(language: str, key: str) -> str:
    """The admin string `key` in `language` (French when unknown)."""
    return STRINGS.get(language, STRINGS["fr"])[key]


def next_language(language: str) -> str:
    """The language after `language`, round the list."""
    return LANGUAGES[(LANGUAGES.index(language) + 1) % len(LANGUAGES)] \
        if language in LANGUAGES else LANGUAGES[0]
