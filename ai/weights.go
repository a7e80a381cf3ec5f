package ai

// The weights of five in a row under freestyle: first those of the evaluation, fitted to
// a stronger engine's judgement of positions, then those of the move order, fitted to its
// moves.

// The weights of the evaluation (see position.evaluateCells) are fitted to a stronger
// engine's judgement of positions: a logistic regression of the score that Rapfi (the
// open-source engine of the Gomocup champions, its classical evaluation, searching 10
// plies) gives each position, read as the side to move's chance of a win, on the
// position's features (fitFeatures; TestFitEvaluation with TICTACTOE_FIT_JUDGED). The
// positions, 92,000 quiet ones of 15×15 (of 129,000 judged), are those of about 2,300
// games between the engine's levels 3 to 10 from balanced openings and of 720 games of
// this engine against Rapfi through pbrain, and a third of them again with one or two
// random moves near the stones added, as the search's leaves often are. The unit is that
// of the line counts' evaluation: a score of s predicts a win for the side to move with
// probability 1/(1+e^(-s/WinScale)).

// comboWeights[side][k] is what each empty cell of combo k (see comboOf) adds to the
// score, for side 0 the side to move's cells and for side 1 the other side's. Combos
// seen in fewer than 300 of the positions keep 0; so do those where the side to move
// makes an open four or two fours, for such a position scores doubleWin.
var comboWeights = [2][combos]int32{
	{ // the side to move's cells
		0, -938, -832, -1055, -110, -756, -599, -529, -292, -559, -652, -582,
		-754, -699, -697, -616, -517, -1026, -848, -471, -583, -548, -609, -665,
		-659, -533, -671, -689, -658, -660, -737, -652, -351, -584, -496, -532,
		-896, -664, -536, -587, -600, -255, -481, -493, -574, -773, -534, -247,
		-365, -578, -469, -483, -811, -392, -400, -717, -257, -80, -230, -253,
		-389, -137, -479, -236, 170, 603, 105, 115, 0, -136, -677, -1140,
		-682, -380, -429, -432, -254, -404, -389, -450, -482, -663, -447, -551,
		-470, -263, -305, -437, -203, -669, 195, -75, 293, 304, -9, -174,
		118, 181, -57, 417, 1373, 666, 365, 503, 655, 349, 78, -133,
		763, -348, 128, 65, 457, 281, 808, 1682, 822, 368, 905, 568,
		0, 0, 0, 0, 0, 0, -38, -519, 111, -678, -358, -43,
		349, 773, 346, 363, -225, -64, -35, 911, 364, 486, 1162, 357,
		858, 1498, 1053, 1380, 789, 1227, 1001, 1037, 1808, 974, 913, 1201,
		3370, 1824, 1101, 1422, 1177, 1614, 1614, 2098, 1908, 835, 1372, 2790,
		1204, 2214, 2487, 3196, 1773, 1558, 3051, 3530, 3499, 1072, 0, 0,
		0, 0, -377, 323, -147, 1552, -943, -602, 2685, -1630, -1564, 16,
		4288, 1367, -419, -358, 484, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, -149, 382, 2412, 433, 580, 1068,
		805, 1789, 1646, 1460, 416, 1339, 701, 1405, 2342, 1914, 1732, 2053,
		2294, 1744, 3046, 3418, 2549, 3481, 3600, 3522, 5084, 4030, 3309, 5874,
		5926, 5661, 4371, 2310, 0, 2032, 3188, 1851, 4187, 3815, 4302, 3080,
		3673, 4364, 6747, 6885, 7990, 5019, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 3165, 302, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0,
	},
	{ // the other side's cells
		0, 984, 1132, 1357, 688, 700, 601, 539, 358, 592, 580, 652,
		763, 706, 706, 787, 536, 1007, 1166, 542, 603, 611, 611, 586,
		711, 443, 614, 582, 733, 553, 738, 863, 349, 457, 832, 642,
		1021, 621, 1224, 747, 629, 641, 570, 598, 599, 563, 499, 287,
		363, 589, 613, 668, 856, 513, 377, 423, 304, 283, 466, 272,
		510, 33, 442, 560, 436, -182, 157, -43, 287, -91, 579, 528,
		405, 700, 551, 466, 153, 370, 475, 588, 680, 391, 307, 534,
		254, 540, 607, 356, 468, 510, 90, 100, -377, 219, 24, 380,
		252, 129, 405, -388, -421, -288, -165, -130, 106, 212, 947, -722,
		-552, 3, 153, -846, -513, 667, -309, -607, -249, -149, -123, 689,
		-1260, 0, 0, 0, 0, 0, 693, 344, 627, 1372, 469, 511,
		302, -301, -53, -176, 306, 71, 548, 10, -138, -358, -569, -257,
		-816, -419, -255, -663, -196, -487, -522, -638, -817, -704, -486, -1289,
		-2611, -1413, -911, -1459, -1911, -411, -1000, -99, -1090, -217, -821, -1922,
		-504, -1297, 39, -2774, -1122, -122, -1855, -2774, -1732, -102, -2859, 0,
		0, 0, 1333, 880, 2628, 1402, -638, -845, -370, -809, 1059, -1216,
		-2665, -1193, -1034, -448, -2654, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, -263, -258, -1066, -1218, -953, -1238,
		-1507, -1512, -1615, -1550, -646, -1536, -1103, -1188, -2160, -2260, -2045, -1908,
		-2517, -2321, -1488, -2448, -2194, -2121, -3097, -3185, -3353, -3916, -4252, -4503,
		-5041, -4422, -5041, -6590, 0, -734, -3040, -1325, -3090, -3198, -4725, -2480,
		-4280, -4556, -3029, -6448, -6221, -5822, -4820, 0, 0, 0, 0, 0,
		0, 0, -3499, -5005, -3899, -5377, -5013, -7776, -5633, -3172, -7592, 0,
		0, -4243, -9004, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 1525, 622, 2437, 0, -1913, 650,
		1157, -1680, -877, -1392, -31, -539, 1650, -3336, -1880, -2267, -3976, -1181,
		-2925, 0, -3182, -3378, -576, -1684, -2147, -3528, -7405, -2962, -4724, 0,
		0, -3626, -4076, 0, 0, 0, 0, 0, 0, -2072, -4056, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0,
	},
}

// maskWeights[m] is what a position of threat mask m (see patternState.threatMask) adds
// to the score; masks seen in fewer than 300 of the positions keep 0.
var maskWeights = [threatMasks]int32{
	-3927, 0, -2816, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1400, 473,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 4898, 3466, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, -3498, -6618, -3283, -2351, 0, 0, 0, 3821,
	0, 0, 17188, 16871, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	-1415, -3787, 477, -72, 0, 0, 0, -5384, 0, 0, 5257, 4678,
	0, 0, 0, 0, 0, -985, -1419, -2724, 0, 0, 0, -10316,
	0, 0, -10261, -8329, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3801, 3467,
	0, 0, 0, 0, 0, 0, 0, 483, 0, 0, 0, 0,
	0, 0, -3468, 2034, 0, 0, 0, 0, 0, 0, -13859, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2821, 3746,
	0, 0, 0, 0, 0, 0, 0, 19956, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 2600, 3143, 0, 0, 0, 0,
	0, 0, 0, 6647, 0, 0, 0, 0, 0, 0, -12329, -4065,
	0, 0, 0, 0, 0, 0, -11448, -5240, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 1587, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
}

// The other weights of evaluateCells: whether the side to move has a cell where it makes
// a four and an open three, or two open threes, each cell (up to two) where the other
// side makes an open four or two fours, whether the other side has a cell that makes a
// four and an open three, or two open threes, and the move itself. The threat mask
// tells all of them but the count of doubles too, so the fit splits their weight between
// these and maskWeights as its ridge likes: only the sums mean something.
const (
	fourThreeWeight       = 26841
	threeThreeWeight      = 7100
	theirDoubleWeight     = -3969
	theirFourThreeWeight  = -8585
	theirThreeThreeWeight = -4324
	toMoveWeight          = 603
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

// orderComboWeights[side][k] is what the combo k of a cell (see comboOf) adds to the
// worth of a move there, for side 0 the mover's and for side 1 the other side's: the
// weight of the combo's class (see orderClassWeights), the two patterns the fit read.
var orderComboWeights = byCombo(&orderClassWeights)

// byCombo returns, for each combo (see comboOf), the weight of its class in w, indexed by
// side, best pattern and second best.
func byCombo(w *[2][patterns][patterns]int32) (c [2][combos]int32) {
	for packed := range 1 << 16 {
		var best, second pattern
		for d := range 4 {
			switch p := min(pattern(packed>>(4*d)&15), patF5); {
			case p > best:
				best, second = p, best
			case p > second:
				second = p
			}
		}
		k := comboOf(uint16(packed))
		c[0][k], c[1][k] = w[0][best][second], w[1][best][second]
	}
	return c
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
