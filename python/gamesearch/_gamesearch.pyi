# The C side of the package: private; use gamesearch's own names.
from typing import Any

ParseError: type
GameState: type
def version() -> str: ...
def __getattr__(name: str) -> Any: ...
