#include "dice_tree.h"

const char dice_tree[] =
    "agents: max min chance\n"
    "bounds: 0 10\n"
    "root: S\n"
    "S: safe=M1 bold=M2\n"
    "M1: x=C1 y=C2\n"
    "M2: x=C3 y=C4\n"
    "C1: low=L1@0.5 high=H1@0.5\n"
    "C2: low=L2@0.25 high=H2@0.75\n"
    "C3: low=L3@0.9 high=H3@0.1\n"
    "C4: low=L4@0.5 high=H4@0.5\n"
    "L1 = 4\nH1 = 6\nL2 = 6\nH2 = 6\nL3 = 0\nH3 = 10\nL4 = 8\nH4 = 2\n";
