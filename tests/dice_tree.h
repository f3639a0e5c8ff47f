/*
 * dice_tree.h: examples/dice.tree as text, for the tests that search it
 * (MAX, MIN, a loaded die, with bounds: Star1 prunes at its chance nodes).
 */
#ifndef GS_TEST_DICE_TREE_H
#define GS_TEST_DICE_TREE_H

extern const char dice_tree[];

#endif /* GS_TEST_DICE_TREE_H */
