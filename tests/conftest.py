"""Every test renders headless, run alone or in the whole suite (the CI sets it too)."""

import os

import pytest

os.environ.setdefault("ARCADE_HEADLESS", "1")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first: with two workers, the kill soak runs beside everything else
    instead of alone at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
