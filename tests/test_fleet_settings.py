"""The `[fleet]` settings: declared once in the schema, checked like every key, resolved into a
plan whose broken parts are refusals with their reason (the table keeps its local history),
and the database password never shown."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from seigneurs.kiosk.config import example, load, parse
from seigneurs.kiosk.fleet.plan import plan
from seigneurs.kiosk.fleet.secrets import password_of, redact, scrub

URL = "postgresql://table:pa%3Ass@db.example:5432/fleet?sslmode=verify-full&sslrootcert=/ca.pem"


def test_no_fleet_settings_plan_nothing() -> None:
    """A table with no [fleet] section wants nothing of the fleet: nothing is loaded."""
    settings, problems = parse({})
    assert problems == []
    assert not plan(settings).wanted


def test_fleet_keys_are_read_and_shown_in_the_example() -> None:
    settings, problems = parse({"fleet": {"name": "library-2", "history_url": URL,
                                          "metrics": "127.0.0.1:9464"}})
    assert problems == []
    fleet = plan(settings)
    assert (fleet.table, fleet.url, fleet.metrics) == ("library-2", URL, ("127.0.0.1", 9464))
    text = example()
    assert "[fleet]" in text and "# metrics = \"127.0.0.1:9464\"" in text


def test_a_wrong_url_is_a_problem_that_never_echoes_the_value() -> None:
    """A mistyped URL may hold the password: the problem says what was expected, not what
    was there; the table runs on with the fleet off."""
    settings, problems = parse({"fleet": {"history_url": "mysql://u:topsecret@h/db"}})
    assert len(problems) == 1 and "postgresql://" in problems[0].message
    assert "topsecret" not in str(problems[0])
    assert settings.history_url == ""


def test_a_wrong_metrics_address_falls_back_to_off() -> None:
    settings, problems = parse({"fleet": {"metrics": "everywhere"}})
    assert "HOST:PORT" in problems[0].message and settings.metrics == ""
    assert plan(settings).metrics is None


def test_the_url_file_must_be_its_owners_alone(tmp_path: Path) -> None:
    """history_url_file: mode 0600 or refused, with the chmod that mends it."""
    secret = tmp_path / "history-url"
    secret.write_text(URL + "\n")
    secret.chmod(0o644)
    config = tmp_path / "config.toml"
    config.write_text(f'[fleet]\nhistory_url_file = "{secret}"\n')
    refused = plan(load(config)[0])
    assert refused.url is None
    assert "chmod 600" in str(refused.refusals[0]) and "local history" in str(refused.refusals[0])
    secret.chmod(0o600)
    assert plan(load(config)[0]).url == URL


def test_a_missing_url_file_is_refused_with_its_reason(tmp_path: Path) -> None:
    settings, _ = parse({"fleet": {"history_url_file": str(tmp_path / "none")}})
    refused = plan(settings)
    assert refused.url is None and "cannot be read" in str(refused.refusals[0])
    assert refused.wanted  # the doctor and the log say so


def test_url_and_file_together_are_refused() -> None:
    settings, _ = parse({"fleet": {"history_url": URL, "history_url_file": "/x"}})
    assert plan(settings).url is None


@pytest.mark.parametrize("url", [URL, "postgresql://t:p%40ss@h/db",
                                 "postgresql://h/db?user=t&password=qwerty123"])
def test_redact_hides_every_form_of_the_password(url: str) -> None:
    password = password_of(url)
    assert password
    shown = redact(url)
    assert password not in shown and "***" in shown
    assert scrub(f"FATAL for {url} and {password}", url).count(password) == 0


def test_redact_keeps_tls_settings_visible() -> None:
    assert "sslmode=verify-full" in redact(URL) and "db.example:5432" in redact(URL)


def test_the_table_name_defaults_to_the_host_name() -> None:
    import socket

    assert plan(parse({})[0]).table == socket.gethostname()


def test_no_log_line_while_planning(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    plan(parse({"fleet": {"history_url": URL}})[0])
    assert "pa:ss" not in caplog.text and "pa%3Ass" not in caplog.text
