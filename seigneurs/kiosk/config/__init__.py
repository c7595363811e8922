"""The table's one configuration file (TOML): its keys declared once (`schema`), read and
checked key by key (`reading`), printed as an example (`example`), and the admin PIN stored in
it (`pin`). The game always starts, on the defaults where the file is wrong (but for its
admin lock: `kiosk.admin_lock`)."""

from seigneurs.kiosk.config.example import example
from seigneurs.kiosk.config.pin import set_pin
from seigneurs.kiosk.config.reading import Problem, Trouble, load, parse
from seigneurs.kiosk.config.schema import (
    DEFAULT_PIN,
    PanelSettings,
    TableSettings,
    sections,
    split_host_port,
)

__all__ = ["DEFAULT_PIN", "PanelSettings", "Problem", "TableSettings", "Trouble", "example",
           "load", "parse", "sections", "set_pin", "split_host_port"]
