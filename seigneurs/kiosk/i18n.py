"""The words the table shows adults (the admin menu, its notices, the history), one language
per table; children need none.

A notice is kept as a value (which sentence, and the detail no language changes: a file, a key,
a device) and said in the table's language only when shown, so changing the language in the
admin menu changes every line at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any, Protocol

SENTENCES: dict[str, tuple[str, str, str]] = {
    # key: (French, English, German)
    "pin": ("Code administrateur", "Admin PIN", "Admin-PIN"),
    "exit": ("Quitter", "Exit", "Beenden"),
    "restart": ("Redémarrer", "Restart", "Neu starten"),
    "calibrate": ("Test tactile", "Touch test", "Touch-Test"),
    "volume_down": ("Volume -", "Volume -", "Lautstärke -"),
    "volume_up": ("Volume +", "Volume +", "Lautstärke +"),
    "language": ("Langue : français", "Language: English", "Sprache: Deutsch"),
    "history": ("Historique", "History", "Verlauf"),
    "back": ("Retour", "Back", "Zurück"),
    "no_games": ("Aucune partie enregistrée", "No games recorded yet", "Noch keine Spiele"),
    "volume": ("Volume", "Volume", "Lautstärke"),
    "default_pin": (
        "Le code administrateur est encore celui d'origine ({detail}) : choisissez le vôtre "
        "(./kiosk.sh install, ou admin_pin dans la configuration)",
        "The admin PIN is still the default {detail}: set your own (./kiosk.sh install, or "
        "admin_pin in the configuration)",
        "Die Admin-PIN ist noch die voreingestellte {detail}: bitte eine eigene setzen (./kiosk.sh"
        " install, oder admin_pin in der Konfiguration)"),
    "pin_kept": (
        "La configuration ne donne pas de code utilisable : le dernier bon code reste en "
        "vigueur (seigneurs doctor)",
        "The configuration gives no usable PIN: the last good PIN still holds (seigneurs "
        "doctor)",
        "Die Konfiguration enthält keine gültige PIN: die letzte gute PIN gilt weiter "
        "(seigneurs doctor)"),
    "pin_none": (
        "Aucun code utilisable : le menu reste fermé jusqu'à seigneurs config set-pin",
        "No usable PIN: the menu stays shut until seigneurs config set-pin",
        "Keine gültige PIN: das Menü bleibt zu bis seigneurs config set-pin"),
    "config_value": (
        "Configuration, {detail} : valeur refusée, la valeur par défaut est utilisée (seigneurs "
        "config check)",
        "Configuration, {detail}: value refused, the default is used (seigneurs config check)",
        "Konfiguration, {detail}: Wert abgelehnt, der Standardwert gilt (seigneurs config check)"),
    "config_missing": (
        "La configuration {detail} n'existe pas : réglages par défaut",
        "The configuration {detail} does not exist: default settings",
        "Die Konfiguration {detail} fehlt: Standardeinstellungen"),
    "config_unreadable": (
        "La configuration {detail} ne peut pas être lue : réglages par défaut",
        "The configuration {detail} cannot be read: default settings",
        "Die Konfiguration {detail} ist nicht lesbar: Standardeinstellungen"),
    "config_garbage": (
        "La configuration {detail} est illisible : réglages par défaut",
        "The configuration {detail} is damaged: default settings",
        "Die Konfiguration {detail} ist beschädigt: Standardeinstellungen"),
    "config_moved": (
        "La configuration était illisible : mise de côté sous {detail}, réglages par défaut",
        "The configuration was damaged: moved aside to {detail}, default settings",
        "Die Konfiguration war beschädigt: beiseitegelegt als {detail}, Standardeinstellungen"),
    "small_cards": (
        "Cartes de {card} cm de large sur cet écran de {diagonal} pouces ; la recherche "
        "conseille {advised} cm pour les doigts de trois ans : un écran d'au moins {panel} "
        "pouces (ou vérifiez diagonal_inches)",
        "Cards are {card} cm wide on this {diagonal}-inch panel; research advises {advised} cm "
        "for three-year-olds' fingers: use a panel of {panel} inches or more (or check "
        "diagonal_inches)",
        "Karten {card} cm breit auf diesem {diagonal}-Zoll-Bildschirm; die Forschung rät "
        "{advised} cm für Finger von Dreijährigen: ein Bildschirm ab {panel} Zoll (oder "
        "diagonal_inches prüfen)"),
    "touch_problem": ("Tactile : {detail}", "Touch: {detail}", "Touch: {detail}"),
    "when": ("%d/%m/%Y %H:%M", "%Y-%m-%d %H:%M", "%d.%m.%Y %H:%M"),
    "seat": ("place {seats}", "seat {seats}", "Platz {seats}"),
    "seats": ("places {seats}", "seats {seats}", "Plätze {seats}"),
    "and": ("et", "and", "und"),
    "nobody": ("personne", "nobody", "niemand"),
    "game_line": (
        "{when}   {variant}   trains {trains}   → {winners}   ({reason}, {minutes} min)",
        "{when}   {variant}   trains {trains}   → {winners}   ({reason}, {minutes} min)",
        "{when}   {variant}   Züge {trains}   → {winners}   ({reason}, {minutes} Min.)"),
    "stop-called": ("stop annoncé", "stop called", "Stopp gerufen"),
    "no-fitting-card": (
        "plus aucune carte ne va",
        "no card fits any more",
        "keine Karte passt mehr"),
    "table-empty": ("table vide", "the table is empty", "der Tisch ist leer"),
    "pile-empty": ("une pioche vide", "a pile ran out", "ein Stapel ist leer"),
    "stalemate": (
        "plus personne ne peut jouer",
        "nobody can play any more",
        "niemand kann mehr spielen"),
    "unfinished": ("inachevée", "unfinished", "nicht beendet"),
    # The history and the game in progress's journal (kiosk.trouble): {detail} is a file name.
    "history_broken": (
        "Historique abîmé : mis de côté ({detail}), un nouveau commence",
        "History damaged: kept aside ({detail}), a new one begun",
        "Verlauf beschädigt: beiseitegelegt ({detail}), ein neuer begonnen"),
    "history_locked": (
        "Historique pris par un autre programme : il ne prend plus de partie",
        "History held by another program: it takes no game until it lets go",
        "Verlauf von einem anderen Programm belegt: er nimmt keine Spiele auf"),
    "history_read-only": (
        "Historique non modifiable : il ne prend plus de partie",
        "History cannot be written: it takes no game until it can",
        "Verlauf nicht beschreibbar: er nimmt keine Spiele auf"),
    "history_full": (
        "Disque plein : l'historique ne prend plus de partie",
        "Disk full: the history takes no game until there is room",
        "Festplatte voll: der Verlauf nimmt keine Spiele auf"),
    "history_moved": (
        "Historique déplacé ou remplacé : fermé intact, un nouveau commence",
        "History moved or replaced: closed whole, a new one begun",
        "Verlauf verschoben oder ersetzt: heil geschlossen, ein neuer begonnen"),
    "reserve_read-only": (
        "Aucune place réservée pour les parties (lecture seule)",
        "No room set aside for finished games (read-only)",
        "Kein Platz für beendete Spiele reserviert (schreibgeschützt)"),
    "reserve_full": (
        "Aucune place réservée pour les parties (disque plein)",
        "No room set aside for finished games (disk full)",
        "Kein Platz für beendete Spiele reserviert (Festplatte voll)"),
    "game_read-only": (
        "Une partie finie n'est qu'en mémoire : perdue si la table s'arrête",
        "A finished game is only in memory: lost if the table stops",
        "Ein beendetes Spiel ist nur im Speicher: verloren, wenn der Tisch stoppt"),
    "game_full": (
        "Disque plein : une partie finie n'est qu'en mémoire, perdue si la table s'arrête",
        "Disk full: a finished game is only in memory, lost if the table stops",
        "Festplatte voll: ein beendetes Spiel ist nur im Speicher, verloren beim Stopp"),
    "journal_broken": (
        "Partie interrompue illisible : mise de côté ({detail})",
        "Interrupted game unreadable: kept aside ({detail})",
        "Unterbrochenes Spiel unlesbar: beiseitegelegt ({detail})"),
    "journal_read-only": (
        "La partie en cours ne peut pas être sauvegardée (lecture seule)",
        "The game in progress cannot be saved (read-only)",
        "Das laufende Spiel kann nicht gesichert werden (schreibgeschützt)"),
    "journal_full": (
        "La partie en cours ne peut pas être sauvegardée (disque plein)",
        "The game in progress cannot be saved (disk full)",
        "Das laufende Spiel kann nicht gesichert werden (Festplatte voll)"),
    # The fleet's state (kiosk.fleet.running): never the database's password.
    "fleet_waiting": (
        "Flotte, table « {table} » : {count} partie(s) en attente d'envoi",
        "Fleet, table '{table}': {count} game(s) waiting to be sent",
        "Flotte, Tisch „{table}“: {count} Spiel(e) warten auf den Versand"),
    "fleet_sent": ("dernière partie envoyée {when}", "last game sent {when}",
                   "letztes Spiel gesendet {when}"),
    "fleet_none_sent": ("aucune partie envoyée depuis le démarrage",
                        "no game sent since the start", "seit dem Start kein Spiel gesendet"),
    "fleet_unreachable": ("serveur injoignable depuis {when}", "server unreachable since {when}",
                          "Server nicht erreichbar seit {when}"),
    "fleet_metrics": ("mesures servies sur {address}", "metrics served at {address}",
                      "Messwerte unter {address}"),
    "fleet_no_metrics": ("mesures non servies (seigneurs doctor)",
                         "metrics not served (seigneurs doctor)",
                         "Messwerte nicht verfügbar (seigneurs doctor)"),
    "fleet_table": ("Flotte, table « {table} »", "Fleet, table '{table}'",
                           "Flotte, Tisch „{table}“"),
    "fleet_problem": ("Flotte : {detail}", "Fleet: {detail}", "Flotte: {detail}"),
}
LANGUAGES = ("fr", "en", "de")
"""In the order of each sentence's words, and of the admin menu's language button."""


def text(language: str, key: str) -> str:
    """The admin string `key` in `language` (French when unknown)."""
    words = SENTENCES[key]
    return words[LANGUAGES.index(language)] if language in LANGUAGES else words[0]


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
    def trains(self) -> Sequence[Mapping[str, Any]]: ...
    @property
    def winners(self) -> Sequence[int]: ...
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
    reason = game.end_reason if game.end_reason in SENTENCES else "unfinished"
    return text(language, "game_line").format(
        when=when.strftime(text(language, "when")), variant=spec.title if spec else game.variant,
        trains=trains, winners=seats_words(language, game.winners),
        reason=text(language, reason), minutes=max(1, round(game.duration / 60)))
