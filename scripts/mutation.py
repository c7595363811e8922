#!/usr/bin/env python3
"""Mutation score per package: runs mutmut (configured in pyproject.toml, [tool.mutmut]) on one
package at a time, against that package's own test files only, and prints how many of its
mutants the tests kill.

    nice -n 10 .venv/bin/python scripts/mutation.py [rules] [game] [table] [filters]
    .venv/bin/python scripts/mutation.py --partial game   # the score of what mutants/ holds
    nice -n 10 .venv/bin/python scripts/mutation.py --sample 120 table  # a random sample
    nice -n 10 .venv/bin/python scripts/mutation.py --resume table  # go on where it stopped
    .venv/bin/python scripts/mutation.py --resume game --only 'seigneurs.game.bots.*'
    .venv/bin/python scripts/mutation.py --save table     # keep mutants/'s verdicts in git
    .venv/bin/python scripts/mutation.py --resume game --retest 'NAME,NAME'  # after new tests

A whole package can take longer than a working day on 2 cores (the table: about 7 hours).
`--resume` keeps what mutants/ holds (mutmut records each verdict as it comes, and mutates
again only the functions changed since) and runs only the package's mutants not yet tested,
so a whole run can be spread over several sittings; stopped, it loses at most the mutants
under test. `--only` (mutmut's name patterns, comma-separated) narrows a resumed run to some
modules or functions: the costliest first, when a sitting is too short for the rest.

A sitting's machine may not be the next one's: every run (and `--save`, after one stopped by
hand) writes the package's verdicts to docs/mutation-verdicts/<package>.json, each with the
hash mutmut gives its function's code, and `--resume` on a fresh mutants/ takes back each
saved verdict whose function is unchanged since, as mutmut itself does between runs. Tests
added since can only kill more: a survivor that has a new test is tested again by name
(`--retest`, mutmut's name patterns, forgets their verdicts first).

A sample (where the whole package takes hours on 2 cores) runs that many of the package's
mutants drawn at random (seed MUTATION_SEED, 25 by default) and gives the killed fraction
with its 95 % (Wilson) interval: an estimate of the package's score, not the score.

A surviving mutant either gets a test that names the rule it breaks, or a line in
docs/mutation-equivalents.txt saying why no test can tell it from the original. The score
counts killed and timed-out mutants over all mutants but the equivalent ones; the target is
90 % per package (the exit status is 1 below it). Each package's result is kept in
out/mutation/<package>.txt, since the next package's run starts from a fresh mutants/.
"""

from __future__ import annotations

import fnmatch
import json
import math
import os
import random
import shutil
import subprocess
import sys
import time
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.90
EQUIVALENTS = ROOT / "docs" / "mutation-equivalents.txt"
VERDICTS = ROOT / "docs" / "mutation-verdicts"

# Which mutants (mutmut's names) and which test files guard them.
PACKAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "rules": ("seigneurs.rules.*", (
        "tests/test_rules.py", "tests/test_properties.py", "tests/test_engine_contract.py",
        "tests/test_game_race.py", "tests/test_game_duo.py", "tests/test_train_check.py",
        "tests/test_duo_locomotive_tie.py", "tests/test_outcome_details.py",
        "tests/test_card_values.py", "tests/test_unknown_names.py")),
    "game": ("seigneurs.game.*", (
        "tests/test_game_race.py", "tests/test_game_duo.py", "tests/test_engine_contract.py",
        "tests/test_properties.py", "tests/test_matchup.py", "tests/test_live_fit_mask.py",
        "tests/test_duo_pile_ending.py", "tests/test_classic_offers.py",
        "tests/test_game_kinds.py", "tests/test_bot_choices.py",
        "tests/test_replay_errors.py",
        "tests/test_last_cards.py", "tests/test_paced_bots.py")),
    "table": ("seigneurs.table.*", (
        "tests/test_hands.py", "tests/test_seat_policy.py", "tests/test_controller_properties.py",
        "tests/test_physics.py", "tests/test_matchup.py", "tests/test_nothing_hidden.py",
        "tests/test_session.py", "tests/test_hints.py", "tests/test_duo_layout.py",
        "tests/test_crowd_scorer.py", "tests/test_attribution_constants.py",
        "tests/test_attribution.py", "tests/test_duo_table_edges.py",
        "tests/test_frame_rate.py",
        "tests/test_layout.py", "tests/test_kinds.py", "tests/test_seat_guess.py",
        "tests/test_carried_cards_stay.py", "tests/test_sprite_sync.py", "tests/test_table_ui.py",
        "tests/test_crowd_scenes.py", "tests/test_last_cards.py", "tests/test_paced_bots.py",
        "tests/test_again.py", "tests/test_duo_pile_ending.py",
        "tests/test_chipmunk.py", "tests/test_race_table.py", "tests/test_table_bots.py",
        "tests/test_r9_bad_input.py")),
    "filters": ("seigneurs.input.filters.*", (
        "tests/test_input_filters.py", "tests/test_input_contact.py", "tests/test_coordinates.py",
        "tests/test_filter_regions.py", "tests/test_dejitter.py",
        "tests/test_stuck_and_storm_edges.py", "tests/test_turned_away_fingers_come_back.py")),
}

# A mutant that crashes the test process (a segfault in pymunk's C code) fails its tests too.
KILLED = {"killed", "timeout", "caught by type check", "segfault"}
# mutmut's exit codes (mutmut/stats.py), as the .meta files record them
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests",
          34: "skipped", 36: "timeout", 37: "caught by type check", -24: "timeout",
          24: "timeout", 152: "timeout", 255: "timeout", -11: "segfault", -9: "segfault",
          None: "not checked"}


def equivalents() -> dict[str, str]:
    """Mutant name -> why it is equivalent, from the committed list."""
    known: dict[str, str] = {}
    for line in EQUIVALENTS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, why = line.partition(" ")
            known[name] = why.strip()
    return known


def results(prefix: str) -> dict[str, str]:
    """Mutant name -> status, for the mutants whose names start with `prefix`."""
    found: dict[str, str] = {}
    for _meta, data in metas():
        for name, code in data.get("exit_code_by_key", {}).items():
            if name.startswith(prefix):
                found[name] = STATUS.get(code, "suspicious")
    return found


def metas() -> Iterator[tuple[Path, dict[str, Any]]]:
    """Each of mutants/'s .meta files (mutmut's record of one source file) and its data."""
    for meta in sorted((ROOT / "mutants").rglob("*.meta")):
        yield meta, json.loads(meta.read_text(encoding="utf-8"))


def holds_run_of(package: str) -> bool:
    """Whether mutants/ was made for `package` (mutants/package.txt): mutmut maps tests to
    functions once per mutants/, there with that package's tests only, so another package's
    mutants/ is never resumed nor saved as this one's."""
    marker = ROOT / "mutants" / "package.txt"
    return marker.is_file() and marker.read_text(encoding="utf-8") == package


def function_of(base: str, hashes: dict[str, str]) -> str | None:
    """The function (mutmut's name, as its hashes have it) of a mutant named `base`__mutmut_N."""
    return next((f for f in hashes if base.endswith("." + f)), None)


def save_verdicts(package: str) -> int:
    """Write the package's verdicts, by function and its code's hash, to
    docs/mutation-verdicts/<package>.json; how many. A mutant mutants/ holds untested keeps
    what was saved for its unchanged function: a run that tested nothing (its stats failed,
    it was stopped at once) loses no verdict."""
    if not holds_run_of(package):
        sys.exit(f"mutants/ does not hold a run of {package}: its saved verdicts stay as they are")
    prefix = PACKAGES[package][0].rstrip("*")
    saved = saved_verdicts(package)
    kept: dict[str, dict[str, Any]] = {}
    for _meta, data in metas():
        hashes = data["hash_by_function_name"]
        for key, code in data["exit_code_by_key"].items():
            base, _, number = key.rpartition("__mutmut_")
            function = function_of(base, hashes)
            if not key.startswith(prefix) or function is None:
                continue
            if code is None:
                code = saved_code(saved, base, number, hashes[function])
            if code is not None:
                entry = kept.setdefault(base, {"hash": hashes[function], "codes": {}})
                entry["codes"][number] = code
    VERDICTS.mkdir(parents=True, exist_ok=True)
    lines = (f"{json.dumps(base, ensure_ascii=False)}: {json.dumps(entry, sort_keys=True)}"
             for base, entry in sorted(kept.items()))  # a function a line: diffs read well
    (VERDICTS / f"{package}.json").write_text("{\n" + ",\n".join(lines) + "\n}\n",
                                              encoding="utf-8")
    return sum(len(e["codes"]) for e in kept.values())


def saved_verdicts(package: str) -> dict[str, dict[str, Any]]:
    """docs/mutation-verdicts/<package>.json: function -> its code's hash and its verdicts."""
    path = VERDICTS / f"{package}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def saved_code(saved: dict[str, dict[str, Any]], base: str, number: str,
               hash_now: str) -> int | None:
    """The saved verdict of mutant `number` of function `base`, if its code is unchanged
    (`hash_now`)."""
    entry = saved.get(base)
    if entry is None or entry["hash"] != hash_now:
        return None
    code: int | None = entry["codes"].get(number)
    return code


def take_back_verdicts(package: str) -> int:
    """Give a fresh mutants/ the saved verdicts of the package's functions unchanged since
    (the same hash); how many."""
    saved = saved_verdicts(package)
    taken = 0
    for meta, data in metas():
        hashes = data["hash_by_function_name"]
        before = taken
        for key, code in data["exit_code_by_key"].items():
            base, _, number = key.rpartition("__mutmut_")
            function = function_of(base, hashes)
            if code is not None or function is None:
                continue
            code = saved_code(saved, base, number, hashes[function])
            if code is not None:
                data["exit_code_by_key"][key] = code
                taken += 1
        if taken > before:
            meta.write_text(json.dumps(data), encoding="utf-8")
    return taken


def generate() -> None:
    """A fresh mutants/ holding every mutant (mutmut's own first step, without a run), so a
    sample can be drawn from their names."""
    shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    mutate()


def mutate() -> None:
    """mutmut's own first step, without a run: mutants/ gets every mutant, and a function
    changed since its last mutation loses its verdicts (mutmut compares each function's hash),
    so that a resumed run tests it again."""
    subprocess.run([sys.executable, "-c", (
        "import os\n"
        "from mutmut.__main__ import copy_src_dir, copy_also_copy_files, setup_source_paths, "
        "store_lines_covered_by_tests, create_mutants\n"
        "from mutmut.mutation.trampoline import set_mutant_under_test\n"
        "set_mutant_under_test('mutant_generation')\n"
        "os.makedirs('mutants', exist_ok=True)\n"
        "copy_src_dir(); copy_also_copy_files(); setup_source_paths()\n"
        "store_lines_covered_by_tests(); create_mutants(2)\n")],
        cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def wilson(killed: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % interval of a killed fraction measured on `n` mutants drawn at random."""
    if not n:
        return 0.0, 1.0
    p = killed / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def forget(patterns: tuple[str, ...]) -> int:
    """Make the mutants matching `patterns` untested again (a new test may kill them); how
    many."""
    forgotten = 0
    for meta, data in metas():
        codes = data["exit_code_by_key"]
        names = [n for n in codes if any(fnmatch.fnmatchcase(n, p) for p in patterns)]
        for name in names:
            codes[name] = None
        if names:
            meta.write_text(json.dumps(data), encoding="utf-8")
        forgotten += len(names)
    return forgotten


def run(package: str, workers: int, sample: int = 0, resume: bool = False,
        only: tuple[str, ...] = (), retest: tuple[str, ...] = ()) -> tuple[float, list[str]]:
    """Mutate one package (or `sample` of its mutants, or with `resume` those not yet tested,
    of them those matching a pattern of `only` if any) against its tests; its score and the
    report lines."""
    pattern, tests = PACKAGES[package]
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    selected = config["tool"]["mutmut"]["pytest_add_cli_args_test_selection"]
    missing = [t for t in tests if t not in selected]
    if missing:
        sys.exit(f"add {missing} to [tool.mutmut] pytest_add_cli_args_test_selection")
    others = [t for t in selected if t not in tests]
    env = dict(os.environ, ARCADE_HEADLESS="1",
               PYTEST_ADDOPTS=" ".join(f"--deselect {t}" for t in others))
    started = time.monotonic()
    names = [pattern]
    marker = ROOT / "mutants" / "package.txt"
    if sample:
        generate()
        everyone = sorted(results(pattern.rstrip("*")))
        seed = int(os.environ.get("MUTATION_SEED", "25"))
        names = random.Random(seed).sample(everyone, min(sample, len(everyone)))
    elif resume:
        if holds_run_of(package):
            mutate()  # the functions changed since: untested again, so tested now
        else:
            generate()
            print(f"{package}: {take_back_verdicts(package)} verdicts taken back from "
                  f"{VERDICTS.relative_to(ROOT)}", flush=True)
        if retest:
            print(f"{package}: {forget(retest)} mutants to test again", flush=True)
        wanted = (*only, *retest) if only else ()  # a mutant to test again is tested again
        names = sorted(n for n, s in results(pattern.rstrip("*")).items() if s == "not checked"
                       and (not wanted or any(fnmatch.fnmatchcase(n, w) for w in wanted)))
        if not names:
            return score_of(package, None)
    else:
        shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    marker.parent.mkdir(exist_ok=True)
    marker.write_text(package, encoding="utf-8")
    mutmut = Path(sys.executable).with_name("mutmut")
    log = ROOT / "out" / "mutation" / f"{package}{'-sample' if sample else ''}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("a" if resume else "w", encoding="utf-8") as out:
        subprocess.run([str(mutmut), "run", "--max-children", str(workers), *names],
                       cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, check=False)
    if not sample:
        save_verdicts(package)
    minutes = (time.monotonic() - started) / 60
    return score_of(package, None if resume else minutes, set(names) if sample else None)


def score_of(package: str, minutes: float | None,
             sample: set[str] | None = None) -> tuple[float, list[str]]:
    """The package's score from the mutants mutmut has tested so far (only those of the
    `sample`, if one was drawn), and the report lines (every survivor not known to be
    equivalent by name)."""
    pattern, _tests = PACKAGES[package]
    log = ROOT / "out" / "mutation" / f"{package}{'-sample' if sample else ''}.log"
    found = results(pattern.rstrip("*"))
    if sample is not None:
        found = {n: s for n, s in found.items() if n in sample}
    untested = sum(s == "not checked" for s in found.values())
    found = {n: s for n, s in found.items() if s != "not checked"}
    known = equivalents()
    counts = Counter(found.values())
    equivalent = [n for n, s in found.items() if s not in KILLED and n in known]
    unexplained = sorted(n for n, s in found.items() if s not in KILLED and n not in known)
    counted = len(found) - len(equivalent) - counts["skipped"]
    killed = sum(counts[s] for s in KILLED)
    score = killed / counted if counted else 0.0
    took = f"in {minutes:.0f} min" if minutes is not None else \
        f"so far, {untested} mutants not yet tested"
    low, high = wilson(killed, counted)
    what = f"a random sample of {len(sample)} mutants: " if sample else ""
    interval = f", 95 % interval {low:.1%}-{high:.1%}" if sample else ""
    lines = [f"{package}: {what}{score:.1%} killed ({killed} of {counted}; {len(equivalent)} "
             f"equivalent, not counted{interval}) {took}; "
             + ", ".join(f"{s} {n}" for s, n in sorted(counts.items()))]
    lines += [f"    {found[n]}: {n}" for n in unexplained]
    (log.with_suffix(".txt")).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return score, lines


def option(args: list[str], name: str) -> str:
    """The value given after `name` (which is in `args`); both are taken out of `args`."""
    at = args.index(name)
    value = args[at + 1]
    del args[at:at + 2]
    return value


def main() -> None:
    args = sys.argv[1:]
    partial = "--partial" in args
    if "--save" in args:
        for package in [a for a in args if a != "--save"] or list(PACKAGES):
            print(f"{package}: {save_verdicts(package)} verdicts saved")
        return
    resume = "--resume" in args
    only = tuple(option(args, "--only").split(",")) if "--only" in args else ()
    retest = tuple(option(args, "--retest").split(",")) if "--retest" in args else ()
    if (only or retest) and not resume:
        sys.exit("--only and --retest go with a resumed run: give --resume too")
    sample = int(option(args, "--sample")) if "--sample" in args else 0
    chosen = [a for a in args if a not in ("--partial", "--resume")] or list(PACKAGES)
    unknown = [p for p in chosen if p not in PACKAGES]
    if unknown:
        sys.exit(f"unknown package {unknown}; expected some of {', '.join(PACKAGES)}")
    workers = int(os.environ.get("MUTATION_WORKERS", os.cpu_count() or 2))
    scores = {}
    for package in chosen:
        scores[package], lines = score_of(package, None) if partial else \
            run(package, workers, sample, resume, only, retest)
        print("\n".join(lines), flush=True)
    sys.exit(0 if all(s >= TARGET for s in scores.values()) else 1)


if __name__ == "__main__":
    main()
