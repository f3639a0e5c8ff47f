"""Tic-tac-toe written in Python as a gamesearch.Game, and the same
alpha-beta written in plain Python, for the tests and docs/python.md's
figures. A state is (board, player): board a tuple of 9 cells ('X', 'O'
or None), player the agent to move (0 X, MAX; 1 O, MIN)."""
import gamesearch

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
         (0, 4, 8), (2, 4, 6)]
EMPTY = ((None,) * 9, 0)


def winner(board):
    for a, b, c in LINES:
        if board[a] is not None and board[a] == board[b] == board[c]:
            return board[a]
    return None


class TicTacToe(gamesearch.Game):
    agents = 2
    roles = ("max", "min")

    def to_move(self, state):
        return state[1]

    def actions(self, state):
        return [i for i, c in enumerate(state[0]) if c is None]

    def result(self, state, action):
        board, player = state
        board = board[:action] + ("XO"[player],) + board[action + 1:]
        return (board, 1 - player)

    def is_terminal(self, state):
        return winner(state[0]) is not None or None not in state[0]

    def value(self, state):
        w = winner(state[0])
        return 1 if w == "X" else -1 if w == "O" else 0


class KeyedTicTacToe(TicTacToe):
    def key(self, state):
        return state


def alphabeta(game, state, alpha=float("-inf"), beta=float("inf"), count=None):
    """Textbook alpha-beta in plain Python over the same Game methods; count
    is a one-element list of nodes visited."""
    count[0] += 1
    if game.is_terminal(state):
        return game.value(state)
    if game.to_move(state) == 0:
        v = float("-inf")
        for a in game.actions(state):
            v = max(v, alphabeta(game, game.result(state, a), alpha, beta, count))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v
    v = float("inf")
    for a in game.actions(state):
        v = min(v, alphabeta(game, game.result(state, a), alpha, beta, count))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v
