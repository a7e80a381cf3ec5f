package ai

// The weights of the evaluation of five in a row under freestyle (see
// position.evaluateCells), fitted to the results of games: a logistic regression of
// each game's result for the side to move on the counts of its quiet positions, from
// about 6,700 games of 15×15, mostly between builds of this engine, a few hundred
// against a stronger one, through pbrain (about 165,000 positions; fitFeatures,
// TestFitEvaluation). The unit is that of the line counts' evaluation: a score of s
// predicts a win for the side to move with probability 1/(1+e^(-s/7072)).

// cellWeights[side][best][second] is what each empty cell of the class of patterns best
// and second (see cellClass) adds to the score, for side 0 the side to move's cells and
// for side 1 the other side's. Cells where the side to move makes an open four or two
// fours are left out: such a position scores doubleWin.
var cellWeights = [2][patterns][patterns]int32{
	{ // the side to move's cells
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0},                     // best patNone
		{154, -757, 0, 0, 0, 0, 0, 0, 0, 0},                // best patB1
		{133, 28, -176, 0, 0, 0, 0, 0, 0, 0},               // best patF1
		{9, -873, -127, -187, 0, 0, 0, 0, 0, 0},            // best patB2
		{82, -334, -34, 55, 250, 0, 0, 0, 0, 0},            // best patF2
		{-173, -407, 125, -10, 757, 634, 0, 0, 0, 0},       // best patB3
		{-127, -517, 1018, 700, 2018, 2350, 2259, 0, 0, 0}, // best patF3
		{58, -226, 1283, 1112, 3994, 4071, 30713, 0, 0, 0}, // best patB4
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0},                     // best patF4
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0},                     // best patF5
	},
	{ // the other side's cells
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0},                                // best patNone
		{-155, 677, 0, 0, 0, 0, 0, 0, 0, 0},                           // best patB1
		{-76, 55, 173, 0, 0, 0, 0, 0, 0, 0},                           // best patF1
		{13, 744, 167, 180, 0, 0, 0, 0, 0, 0},                         // best patB2
		{-105, 551, 72, 5, -216, 0, 0, 0, 0, 0},                       // best patF2
		{196, 249, -191, -28, -557, -311, 0, 0, 0, 0},                 // best patB3
		{236, 1487, -920, -407, -1550, -1180, 797, 0, 0, 0},           // best patF3
		{-76, -379, -1269, -1595, -3696, -3585, -9715, -7472, 0, 0},   // best patB4
		{-5709, -4425, -7495, -9011, -11185, -10837, -10955, 0, 0, 0}, // best patF4
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0},                                // best patF5
	},
}

// The other weights of evaluateCells: for a cell where the side to move makes a four and
// an open three (on top of its class's weight), one where it makes two open threes, each
// cell (up to two) where the other side makes an open four or two fours, whether the
// other side has a cell that makes a four and an open three, or two open threes, and
// the move itself.
const (
	fourThreeWeight       = -6121
	threeThreeWeight      = 2886
	theirDoubleWeight     = 3011
	theirFourThreeWeight  = -447
	theirThreeThreeWeight = -2860
	toMoveWeight          = 89
)

// doubleWin is what evaluateCells scores for the side to move when one move of its makes
// an open four or two fours: more than any other position scores.
const doubleWin = 60_000
