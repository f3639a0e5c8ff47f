import os
from typing import Any, Callable, Dict, Hashable, List, Literal, Optional, Sequence, Tuple, Union

from . import connect4 as connect4, mnk as mnk, pacman as pacman

__version__: str
# docs/python.md where it is installed (share/doc/gamesearch under the
# package's prefix), else its place in the source repository
DOCS: str

# The algorithms, by name
Algo = Literal["minimax", "alphabeta", "expectimax", "expectiminimax", "mcts",
               "pvs", "mtdf", "sss", "maxn", "paranoid", "brs", "pns",
               "dfpn"]

class ParseError(ValueError):
    line: int
    column: int
    message: str

class Result:
    value: float
    best: Any
    pv: List[Any]
    nodes: int
    leaves: int
    cutoffs: int
    # Tree searches
    action: Optional[str]
    visited: List[str]
    pruned: List[str]
    passes: int
    trace: Optional[List[Dict[str, Any]]]
    algo: str
    # searches of a Game
    seconds: float
    stopped: Optional[str]
    depth: int
    table_hits: int
    def __init__(self, **fields: Any) -> None: ...
    def _asdict(self) -> Dict[str, Any]: ...
    # a tree search's: the tree's page opened on it, its drawing (None
    # for other results)
    def page(self) -> Optional[str]: ...
    def svg(self) -> Optional[str]: ...
    def _repr_html_(self) -> Optional[str]: ...
    def _repr_svg_(self) -> Optional[str]: ...

NestedTree = List[Any]

class Tree:
    text: str
    nodes: int
    agents: int
    def __init__(self, source: Union[NestedTree, str, bytes]) -> None: ...
    def search(self, algo: Algo = ..., prune_equal: bool = ...,
               depth: Optional[int] = ...,
               agents: Union[None, str, Sequence[str]] = ...,
               trace: bool = ...) -> Result: ...
    def page(self, algo: Algo = ..., prune_equal: bool = ...,
             depth: Optional[int] = ...,
             agents: Union[None, str, Sequence[str]] = ...,
             title: Optional[str] = ..., practice: bool = ...,
             html: Union[None, str, os.PathLike[str]] = ...) -> str: ...
    def svg(self) -> str: ...
    def _repr_html_(self) -> str: ...
    def _repr_svg_(self) -> Optional[str]: ...

class Game:
    agents: int
    roles: Tuple[str, ...]
    max_actions: int
    def to_move(self, state: Any) -> int: ...
    def actions(self, state: Any) -> Sequence[Any]: ...
    def result(self, state: Any, action: Any) -> Any: ...
    def is_terminal(self, state: Any) -> bool: ...
    def value(self, state: Any) -> float: ...
    def probabilities(self, state: Any) -> Optional[Sequence[float]]: ...
    def key(self, state: Any) -> Hashable: ...
    def order(self, state: Any, actions: List[Any]) -> Sequence[Any]: ...

Hook = Callable[[str, Any, int, Any, Optional[float], Optional[str]], Any]

# the numbers are checked by the extension (TypeError, ValueError,
# OverflowError naming the argument)
def search(game: Game, state: Any, algo: Algo = ..., depth: Optional[int] = ...,
           depth_unit: Literal["plies", "rounds"] = ...,
           prune_equal: bool = ..., table: bool = ...,
           iterative: bool = ..., max_nodes: int = ..., time: float = ...,
           hook: Optional[Hook] = ..., iterations: Optional[int] = ...,
           exploration: Optional[float] = ...,
           seed: Optional[int] = ...) -> Result: ...

def games() -> List[Dict[str, Any]]: ...
def search_game(game: str, position: str = ..., source: Optional[str] = ...,
                algo: Algo = ..., depth: int = ...,
                table: bool = ...) -> Result: ...
