"""The few words the table shows, all in the adults' admin menu (children need none)."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "fr": {"pin": "Code administrateur", "exit": "Quitter", "restart": "Redémarrer",
           "calibrate": "Test tactile", "volume_down": "Volume -", "volume_up": "Volume +",
           "language": "Langue : français", "history": "Historique", "back": "Retour",
           "no_games": "Aucune partie enregistrée", "volume": "Volume",
           "history_broken": "Historique abîmé : mis de côté ({name}), un nouveau commence",
           "history_locked": "Historique pris par un autre programme : les parties attendent",
           "history_read-only": "Historique non modifiable : les parties attendent",
           "history_full": "Disque plein : les parties attendent une place dans l'historique",
           "journal_broken": "Partie interrompue illisible : mise de côté ({name})",
           "journal_read-only": "La partie en cours ne peut pas être sauvegardée (lecture seule)",
           "journal_full": "La partie en cours ne peut pas être sauvegardée (disque plein)",
           },
    "en": {"pin": "Admin PIN", "exit": "Exit", "restart": "Restart", "calibrate": "Touch test",
           "volume_down": "Volume -", "volume_up": "Volume +", "language": "Language: English",
           "history": "History", "back": "Back", "no_games": "No games recorded yet",
           "volume": "Volume",
           "history_broken": "History damaged: kept aside ({name}), a new one begun",
           "history_locked": "History held by another program: games wait until it lets go",
           "history_read-only": "History cannot be written: games wait until it can",
           "history_full": "Disk full: games wait for room in the history",
           "journal_broken": "Interrupted game unreadable: kept aside ({name})",
           "journal_read-only": "The game in progress cannot be saved (read-only)",
           "journal_full": "The game in progress cannot be saved (disk full)",
           },
    "de": {"pin": "Admin-PIN", "exit": "Beenden", "restart": "Neu starten",
           "calibrate": "Touch-Test", "volume_down": "Lautstärke -",
           "volume_up": "Lautstärke +", "language": "Sprache: Deutsch", "history": "Verlauf",
           "back": "Zurück", "no_games": "Noch keine Spiele", "volume": "Lautstärke",
           "history_broken": "Verlauf beschädigt: beiseitegelegt ({name}), ein neuer begonnen",
           "history_locked": "Verlauf von einem anderen Programm belegt: Spiele warten",
           "history_read-only": "Verlauf nicht beschreibbar: Spiele warten",
           "history_full": "Festplatte voll: Spiele warten auf Platz im Verlauf",
           "journal_broken": "Unterbrochenes Spiel unlesbar: beiseitegelegt ({name})",
           "journal_read-only": "Das laufende Spiel kann nicht gesichert werden (schreibgeschützt)",
           "journal_full": "Das laufende Spiel kann nicht gesichert werden (Festplatte voll)",
           },
}
LANGUAGES = tuple(STRINGS)


def text(language: str, key: str) -> str:
    """The admin string `key` in `language` (French when unknown)."""
    return STRINGS.get(language, STRINGS["fr"])[key]


def next_language(language: str) -> str:
    """The language after `language`, round the list."""
    return LANGUAGES[(LANGUAGES.index(language) + 1) % len(LANGUAGES)] \
        if language in LANGUAGES else LANGUAGES[0]
