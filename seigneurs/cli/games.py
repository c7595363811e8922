"""Bots and simulated children playing headless: `simulate` and `crowd`."""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from typing import Any

from seigneurs.cli.common import check_players, command, default_players, need_display
from seigneurs.game.bots import BOT_LEVELS, bot_level
from seigneurs.game.config import GameConfig
from seigneurs.rules import VARIANTS, Rule, variant


def _rule_token(token: str) -> Rule:
    """A seat rule by rule name (`exactly-one`) or by the variant that uses it (`kings`)."""
    token = token.strip()
    if token in VARIANTS:
        return variant(token).rule
    try:
        return Rule(token)
    except ValueError:
        names = sorted({*VARIANTS, *Rule})
        raise ValueError(f"unknown rule {token!r}; expected one of {', '.join(names)}") from None


def _simulate_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", default="lords", choices=sorted(VARIANTS))
    parser.add_argument("--players", type=int, default=None,
                        help="number of seats (default: 6, or 2 for duo)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game; then +1")
    parser.add_argument("--rules", default=None,
                        help="one rule per seat, comma-separated (e.g. kids,kings,kids)")
    parser.add_argument("--mode", choices=("assisted", "classic"), default=None,
                        help="refuse cards that do not fit (assisted) or check at the end (D8)")
    parser.add_argument("--level", default="adult",
                        help=f"bot level per seat, comma-separated ({', '.join(BOT_LEVELS)})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


@command("simulate", "play bot games headless and report results and speed", _simulate_args)
def _simulate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    spec = variant(args.variant)
    players = args.players if args.players is not None else default_players(spec)
    check_players(parser, spec, players)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        rules = [_rule_token(t) for t in args.rules.split(",")] if args.rules else None
        level_names = args.level.split(",")
        if len(level_names) not in (1, players):
            raise ValueError(f"--level needs 1 or {players} levels, got {len(level_names)}")
        levels = [bot_level(n.strip()) for n in level_names] * (players // len(level_names))
        assisted = None if args.mode is None else args.mode == "assisted"
        configs = [GameConfig.for_players(spec.name, players, args.seed + i, rules=rules,
                                          assisted=assisted) for i in range(args.games)]
    except ValueError as error:
        parser.error(str(error))
    from seigneurs.tools.simulate import play_bot_game, summarise

    started = time.perf_counter()
    summaries = [summarise(play_bot_game(config, levels)) for config in configs]
    seconds = time.perf_counter() - started
    report: dict[str, Any] = {
        "variant": spec.name, "players": players, "games": len(summaries), "seed": args.seed,
        "seconds": round(seconds, 4), "games_per_second": round(len(summaries) / seconds, 1),
        "results": [s.to_json() for s in summaries]}
    if args.json:
        print(json.dumps(report))
        return 0
    wins = Counter(seat for s in summaries for seat in s.winners)
    ends = Counter(s.end_reason for s in summaries)
    mean_length = [sum(s.lengths[i] for s in summaries) / len(summaries) for i in range(players)]
    print(f"{len(summaries)} {spec.title} games, {players} players: {seconds:.2f} s, "
          f"{report['games_per_second']} games/s")
    print("wins per seat:   " + "  ".join(f"{i}:{wins[i]}" for i in range(players)))
    print("checked length:  " + "  ".join(f"{i}:{m:.1f}" for i, m in enumerate(mean_length)))
    print("end reasons:     " + "  ".join(f"{k}:{v}" for k, v in sorted(ends.items())))
    return 0


def _crowd_args(parser: argparse.ArgumentParser) -> None:
    from seigneurs.tools.crowd import AGE_CHOICES, DEFAULT_AGE
    from seigneurs.tools.crowd_panel import PANELS

    parser.add_argument("--variant", default="kids", choices=sorted(VARIANTS))
    parser.add_argument("--players", type=int, default=None,
                        help="seats, children and bots (default: 6, or 2 for duo)")
    parser.add_argument("--bots", type=int, default=0, help="how many seats are bots (the last)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game; then +1")
    parser.add_argument("--age", default=DEFAULT_AGE, choices=AGE_CHOICES,
                        help=f"the children's age (mixed: 3, 5 or 8 each; default {DEFAULT_AGE})")
    parser.add_argument("--user-ids", action="store_true",
                        help="an arm tracker names each touch's child: right 95 %% of the time, "
                             "none for 10 %%, two neighbours swapped now and then")
    parser.add_argument("--panel", default="none", choices=PANELS,
                        help="what the panel tells of a contact's shape: nothing, its size and "
                             "axis, or also which way the finger points (default none)")
    parser.add_argument("--no-adult", action="store_true",
                        help="no adult reaching in behind a child")
    parser.add_argument("--no-ghosts", action="store_true", help="no ghost contacts")
    parser.add_argument("--over", default="direct", choices=("direct", "tuio"),
                        help="direct: fingers straight into the controller, headless (default); "
                             "tuio: TUIO 2 bundles over loopback UDP into the real window, "
                             "drawn every frame")
    parser.add_argument("--fps", type=int, default=60,
                        help="with --over direct: frames the table draws a second, each "
                             "bringing the touches since the last (a divisor of 60; default 60)")
    parser.add_argument("--realtime", action="store_true",
                        help="with --over tuio: frames at the wall clock's pace (default: "
                             "simulated time, as fast as it goes)")
    parser.add_argument("--visible", action="store_true",
                        help="with --over tuio: a real X window (needs DISPLAY; default headless)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


@command("crowd", "simulated children play whole games through the real touch path",
         _crowd_args)
def _crowd(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from seigneurs.tools.crowd import CrowdSettings, run_crowd

    spec = variant(args.variant)
    players = args.players if args.players is not None else default_players(spec)
    check_players(parser, spec, players)
    if not 0 <= args.bots < players:
        parser.error("--bots must leave at least one child at the table")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.over != "tuio" and (args.realtime or args.visible):
        parser.error("--realtime and --visible go with --over tuio")
    if args.visible:
        need_display("crowd --visible")
    if args.fps < 1 or 60 % args.fps:
        parser.error("--fps must divide 60 (60, 30, 20, 15, 12, 10, ...)")
    if args.over == "tuio" and args.fps != 60:
        parser.error("--fps goes with --over direct (the real window draws what it can)")
    settings = CrowdSettings(args.bots, args.age, args.user_ids, args.panel,
                             adult=not args.no_adult, ghosts=not args.no_ghosts)
    started = time.perf_counter()
    if args.over == "tuio":
        from seigneurs.tools.crowd_tuio import TuioTable

        table = TuioTable(args.visible, args.realtime)
        try:
            report = run_crowd(spec.name, players, args.games, args.seed, settings, table)
        finally:
            table.close()
    else:
        report = run_crowd(spec.name, players, args.games, args.seed, settings, fps=args.fps)
    report["wall_seconds"] = round(time.perf_counter() - started, 2)
    if args.json:
        print(json.dumps(report))
        return 0
    for key, value in report.items():
        print(f"{key:>32}: {value}")
    return 0


def _matchup_args(parser: argparse.ArgumentParser) -> None:
    from seigneurs.tools.matchup import add_arguments

    add_arguments(parser)


@command("matchup", "every bot level against simulated children of each age (Kids)",
         _matchup_args)
def _matchup(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from seigneurs.tools.matchup import run

    return run(args, parser)
