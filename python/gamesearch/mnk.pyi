from typing import List, NamedTuple, Optional, Tuple

class Solution(NamedTuple):
    value: int
    best: List[int]

def solve(position: str, size: Tuple[int, int] = ..., k: int = ...,
          depth: Optional[int] = ...) -> Solution: ...
