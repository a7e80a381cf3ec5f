package ai

// The weights of five in a row under freestyle, fitted: first those of the evaluation,
// to a strong engine's judgement of positions, then those of the move order, to its
// moves.

// The weights of the evaluation (see position.evaluateCells) are a logistic regression,
// on the counts of each quiet position (fitFeatures), of the chance that the side to
// move wins as Rapfi, the open-source engine of the Gomocup champions, judges it: its
// score after a search of about 40 ms (14 plies or so), turned into a chance by its own
// scale (see judgedScale), or a certainty where it found a forced win. The positions,
// 22,535 of them, are those of about 900 games of 15×15: 300 between Rapfi and builds of
// this engine at 1000 ms a move, 600 of this engine against itself at 40 ms (readJudged,
// TestFitEvaluation). A judge's score says more about a position than the result of
// the one game it came from; the weights fitted before, to the results of 6,700 games,
// predicted the judge's chances less well (a mean log-loss of 0.552 on the positions
// held out of the fit, against 0.532; 0.641 for the line counts, 0.693 for a coin, and
// 0.328 for the judge's own chances, the least there is). The unit is that of the line
// counts' evaluation: a score of s predicts a win for the side to move with probability
// 1/(1+e^(-s/7072)).

// cellWeights[side][best][second] is what each empty cell of the class of patterns best
// and second (see cellClass) adds to the score, for side 0 the side to move's cells and
// for side 1 the other side's. Cells where the side to move makes an open four or two
// fours are left out: such a position scores doubleWin. Every empty cell has a class for
// each side, so a constant added to all of one side's weights and taken from all of the
// other's would change no score; the fit's small ridge chose among them, hence the
// offset of about a thousand on most weights, negative for the side to move's.
var cellWeights = [2][patterns][patterns]int32{
	{ // the side to move's cells
		{-1044, 0, 0, 0, 0, 0, 0, 0, 0, 0},                  // best patNone
		{-1271, -914, 0, 0, 0, 0, 0, 0, 0, 0},               // best patB1
		{-1223, -1187, -1224, 0, 0, 0, 0, 0, 0, 0},          // best patF1
		{-1193, -1059, -1229, -1092, 0, 0, 0, 0, 0, 0},      // best patB2
		{-1055, -1108, -1125, -994, -893, 0, 0, 0, 0, 0},    // best patF2
		{-1122, -1583, -969, -862, -497, -136, 0, 0, 0, 0},  // best patB3
		{-637, -1239, -118, 246, 792, 1231, 389, 0, 0, 0},   // best patF3
		{-586, -378, 1063, 1044, 2432, 3106, 8737, 0, 0, 0}, // best patB4
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0},                      // best patF4
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0},                      // best patF5
	},
	{ // the other side's cells
		{1013, 0, 0, 0, 0, 0, 0, 0, 0, 0},                       // best patNone
		{1396, 842, 0, 0, 0, 0, 0, 0, 0, 0},                     // best patB1
		{1216, 1296, 1206, 0, 0, 0, 0, 0, 0, 0},                 // best patF1
		{1068, 1021, 1260, 965, 0, 0, 0, 0, 0, 0},               // best patB2
		{1232, 1384, 1116, 1054, 989, 0, 0, 0, 0, 0},            // best patF2
		{1160, 1321, 1007, 847, 733, 532, 0, 0, 0, 0},           // best patB3
		{1238, 1349, 374, 253, -39, -77, 1711, 0, 0, 0},         // best patF3
		{1066, -479, -699, -1432, -2096, -3052, -6001, 0, 0, 0}, // best patB4
		{0, -27, -1731, -3292, -4764, -3237, 0, 0, 0, 0},        // best patF4
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0},                          // best patF5
	},
}

// The other weights of evaluateCells: for a cell where the side to move makes a four and
// an open three (on top of its class's weight), one where it makes two open threes, each
// cell (up to two) where the other side makes an open four or two fours, whether the
// other side has a cell that makes a four and an open three, or two open threes, and
// the move itself.
const (
	fourThreeWeight       = 7644
	threeThreeWeight      = 1158
	theirDoubleWeight     = -2835
	theirFourThreeWeight  = -4813
	theirThreeThreeWeight = -2530
	toMoveWeight          = 373
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
