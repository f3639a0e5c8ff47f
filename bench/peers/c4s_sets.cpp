// bench/peers/c4s_sets.cpp: Christophe Steininger's Connect Four solver
// (github.com/ChristopheSteininger/c4) on positions read from standard
// input, in the format of Pascal Pons's solver and test sets, so that
// bench/c4_peers.sh can run the three programs on the same file.
//
// Built by bench/c4_peers.sh against a copy of his src/solver/ whose
// settings.h it has set (one thread, 8388617 entries = 64 MB, no book or
// table file); this file holds none of his code.
//
//   c4s_sets [-w] < POSITIONS
//
// A position is the columns played from the empty board, 1-7, one digit a
// move (an empty line is the empty board). For each line it prints
//   POSITION SCORE NODES MICROSECONDS
// as Pons's c4solver does: SCORE for the player to move (his scale and
// Pons's are the same), NODES as his solver counts them (its stats: every
// call of its negamax), MICROSECONDS the wall time of the solve call alone
// on a steady clock (his own stats keep milliseconds). The table and the
// stats are emptied before each position, outside the time, as Pons's
// c4solver empties its table. -w solves weakly (win 1, draw 0, loss -1).
// A line that is not a position gets one message on standard error and an
// empty line on standard output; the exit status is then 2.
#include <chrono>
#include <iostream>
#include <string>

#include "solver/position.h"
#include "solver/settings.h"
#include "solver/solver.h"

static_assert(NUM_THREADS == 1, "c4_peers.sh measures one thread");
static_assert(NUM_TABLE_ENTRIES == 8388617, "c4_peers.sh measures a 64 MB table");
static_assert(!LOAD_BOOK_FILE && !LOAD_TABLE_FILE && !UPDATE_TABLE_FILE,
              "c4_peers.sh measures the search alone");

// Plays LINE on POS; returns the index of the first bad character (and
// sets WHY), or LINE's length when every move was played.
static size_t play(Position &pos, const std::string &line, std::string &why) {
    for (size_t i = 0; i < line.size(); i++) {
        char c = line[i];
        if (c < '1' || c > '0' + BOARD_WIDTH) {
            why = std::string("'") + c + "' is not a column";
            return i;
        }
        int col = c - '1';
        if (!pos.is_move_valid(col)) {
            why = "column " + std::string(1, c) + " is full";
            return i;
        }
        pos.move(col);
        if (pos.has_opponent_won()) {
            why = "the game is won at this move";
            return i;
        }
    }
    return line.size();
}

int main(int argc, char **argv) {
    bool weak = argc > 1 && std::string(argv[1]) == "-w";
    Solver solver{};
    int status = 0;
    std::string line;

    for (int l = 1; std::getline(std::cin, line); l++) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        Position pos{};
        std::string why;
        size_t at = play(pos, line, why);
        if (at != line.size()) {
            std::cerr << "c4s_sets: line " << l << ", character " << at + 1 << ": " << why << std::endl;
            std::cout << std::endl;
            status = 2;
            continue;
        }
        if (pos.is_draw()) {
            std::cerr << "c4s_sets: line " << l << ": the board is full" << std::endl;
            std::cout << std::endl;
            status = 2;
            continue;
        }
        solver.clear_state();
        auto start = std::chrono::steady_clock::now();
        int score = weak ? solver.solve_weak(pos) : solver.solve_strong(pos);
        auto end = std::chrono::steady_clock::now();
        long long us = std::chrono::duration_cast<std::chrono::microseconds>(end - start).count();
        std::cout << line << " " << score << " " << solver.get_merged_stats().get_num_nodes() << " " << us
                  << std::endl;
    }
    return status;
}
