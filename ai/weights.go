package ai

// The weights of five in a row under freestyle, fitted to games: first those of the
// evaluation, then those of the move order.

// The weights of the evaluation (see position.evaluateCells) are fitted to the results
// of games: a logistic regression of each game's result for the side to move on the
// counts of its quiet positions, from about 6,700 games of 15×15, mostly between builds
// of this engine, a few hundred against a stronger one, through pbrain (about 165,000
// positions; fitFeatures, TestFitEvaluation). The unit is that of the line counts'
// evaluation: a score of s predicts a win for the side to move with probability
// 1/(1+e^(-s/WinScale)).

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

// The move order's weights are in thousandths of a logit (see orderScale): a difference
// of s in the worth of two moves says that the player they were fitted to chose the
// first e^(s/1000) times as often as the second.

// orderClassWeights[side][best][second] is what the class (best, second) of a cell (see
// cellClass) adds to the worth of a move there, for side 0 the class of the mover's
// patterns and for side 1 the other side's: what the move makes, and what it stops.
// Fitted by TestFitMoveOrder to the moves of Rapfi, the open-source engine of the
// Gomocup champions, in about 1,300 games of 15×15 through pbrain, mostly against builds
// of this engine at 1000 ms a move, a few hundred against itself at 100 ms (about 15,000
// moves; a fifth more held out to check the fit).
var orderClassWeights = [2][patterns][patterns]int32{
	{ // the mover's patterns
		{-226, 0, 0, 0, 0, 0, 0, 0, 0, 0},                 // best patNone
		{-173, -287, 0, 0, 0, 0, 0, 0, 0, 0},              // best patB1
		{-95, -124, -606, 0, 0, 0, 0, 0, 0, 0},            // best patF1
		{-159, -1, -669, -706, 0, 0, 0, 0, 0, 0},          // best patB2
		{-399, -471, -814, -1095, -681, 0, 0, 0, 0, 0},    // best patF2
		{-225, -220, -482, -616, -273, 252, 0, 0, 0, 0},   // best patB3
		{-729, -526, -417, -370, 227, 326, 1392, 0, 0, 0}, // best patF3
		{139, -1050, -33, -61, 474, 716, 4816, 0, 0, 0},   // best patB4
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0},                    // best patF4
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0},                    // best patF5
	},
	{ // the other side's
		{-1395, 0, 0, 0, 0, 0, 0, 0, 0, 0},                    // best patNone
		{-1291, -1235, 0, 0, 0, 0, 0, 0, 0, 0},                // best patB1
		{-1022, -1093, -1278, 0, 0, 0, 0, 0, 0, 0},            // best patF1
		{-1450, -1001, -1232, -1355, 0, 0, 0, 0, 0, 0},        // best patB2
		{-876, -1000, -1210, -1487, -1117, 0, 0, 0, 0, 0},     // best patF2
		{-633, -980, -1007, -1175, -915, -1024, 0, 0, 0, 0},   // best patB3
		{-620, -654, -184, -269, 80, 31, 594, 0, 0, 0},        // best patF3
		{-1279, -912, -222, -223, 185, 314, 1287, 1330, 0, 0}, // best patB4
		{1272, 658, 2426, 2217, 2475, 1996, 1480, 1843, 0, 0}, // best patF4
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0},                        // best patF5
	},
}

// orderPatternWeights[side][p] is what the pattern p adds, in each of the four
// directions, to the worth of a move: for side 0 the mover's, for side 1 the other side's.
var orderPatternWeights = [2][patterns]int32{
	{-1100, -874, -929, -702, 229, 135, 1548, 2095, 0, 0},
	{-805, -699, -888, -833, -568, -405, 201, 952, 2699, 0},
}

// orderBase is the worth of a move that neither makes nor stops anything, so that every
// cell with a line open to either side counts more than 0; orderDouble is what a move
// that makes an open four or two fours adds, which puts it first.
const (
	orderBase   = 1 << 20
	orderDouble = 1 << 24
)
