"""The database URL's password kept out of every line the table writes: each message about
the database goes through `redact` (the URL) or `scrub` (any text, such as a driver's error)."""

from __future__ import annotations

from urllib.parse import parse_qsl, unquote, urlsplit

HIDDEN = "***"


def password_of(url: str) -> str | None:
    """The password a URL carries (in its user part or as `?password=`), if any."""
    try:
        parts = urlsplit(url)
        found = parts.password
    except ValueError:
        return None
    if found:
        return unquote(found)
    for name, value in parse_qsl(parts.query):
        if name == "password" and value:
            return value
    return None


def redact(url: str) -> str:
    """The URL as it may be shown: its password replaced by ***."""
    try:
        parts = urlsplit(url)
        netloc = parts.netloc
        if parts.password is not None:
            user, _, host = netloc.rpartition("@")
            netloc = f"{user.partition(':')[0]}:{HIDDEN}@{host}"
        query = "&".join(
            f"{name}={HIDDEN if name == 'password' else value}"
            for name, value in parse_qsl(parts.query, keep_blank_values=True))
    except ValueError:
        return "(a URL that cannot be read; not shown)"
    return parts._replace(netloc=netloc, query=query).geturl()


def scrub(text: str, url: str) -> str:
    """`text` with the URL's password (as written and decoded) replaced by ***."""
    password = password_of(url)
    if not password:
        return text
    for form in {password, urlsplit(url).password or ""} - {""}:
        text = text.replace(form, HIDDEN)
    return text
