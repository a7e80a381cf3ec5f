// Package ai holds the computer's strategies for the m,n,k-game (rows × cols, k in a row
// wins) and the solver behind them. Every strategy is a game.Player: Random, Rules,
// Heuristic, Engine, the engine, and Level, the engine held to a level. The package is
// pure: it never prints, never touches os, draws randomness only from the *rand.Rand it
// is given and reads the time only through the clock it is given.
//
// README.md beside this file is the engine's book, for whoever works on the engine: how
// a move is decided, how the searches, the evaluation, the time manager and the tables
// work and fit together, how to measure a change, and the log of every change tried, kept
// or not, with its measured result. This comment is the map; the book is the guide.
//
// # Rooms
//
// The simple strategies are random.go, rules.go and heuristic.go. The engine (Engine,
// the minimax strategy) is the rest, one file per job, listed from the caller's end down
// to the board:
//
//   - engine.go: Engine, its settings, Move, Hint, Line; Value and Analysis.
//   - level.go: Level, the engine held to a level of strength from 1 to 10.
//   - explain.go, review.go, tree.go: why a move (Explain), where a game turned
//     (Review), and the textbook search tree for teaching (SearchTree).
//   - analyze.go: Analyze, by alpha-beta or, on bitboards with many free cells, by
//     proof-number search.
//   - choose.go: the root decision of a move (below).
//   - lines.go: the forced lines shown with a win (one builder, playLine).
//   - search.go: alpha-beta and iterative deepening; quiesce.go: the search by fours
//     at its horizon; eval.go: the evaluation at the horizon and the order of moves;
//     weights.go: the weights of both for five in a row under freestyle, fitted to
//     games (fit_test.go and order_fit_test.go fit them again); table.go: the
//     transposition table and its keys; threads.go: the helpers that search beside
//     the main search on more than one goroutine (Lazy SMP).
//   - threat.go and fours.go: threat-space search, VCF and VCT; proof.go: df-pn;
//     draws.go: Erdős–Selfridge and pairing strategies.
//   - clock.go: the time manager: deadlines, counts of positions, stopping.
//   - position.go: the board as the searches keep it, updated move by move;
//     pattern.go: on big boards with four or five in a row, each empty cell's patterns
//     (open four, four, open three ...), kept up to date from tables built once;
//     geometry.go: the lines, symmetries and the two modes of a board size: bitboard (at
//     most 64 cells, where sets of cells fit a uint64 and the engine can solve) and big
//     boards (the rest).
//
// # How the engine chooses a move
//
// Engine.Move decides in this order (searcher.choose): a move that wins at once; a block
// of the opponent's win next move; on bitboards with 26 to 40 free cells, a win proven by
// proof-number search; on big boards, a forced win found by threat-space search, or,
// when the opponent has one, only the moves that stop it; then an iteratively deepened
// alpha-beta search over what is left. Only moves the rule allows are considered.
//
// # Words
//
// A line is a run of k cells in a row, a column or a diagonal. A four is a line holding
// k−1 marks of one side and one empty cell: the other side must take that cell at once.
// A three holds k−2 marks and can become a four in two ways (an open three): it must be
// answered too, or it becomes two fours. Two fours at once, or a four and an open three,
// win by force.
//
// A pattern is the shape one side would make on one line through an empty cell by
// playing there, read from the cells within k−1 of it: a five, an open four (two cells
// then complete the row), a four, an open three (one more move makes an open four), a
// three, and so on down to a lone mark with room for a row.
//
// Threat-space search (Allis 1994) looks only at such moves: VCF, victory by continuous
// fours, plays only fours, so that every reply is forced; VCT, victory by continuous
// threats, also plays threes, and then tries each reply that could matter: the cells of
// the threat's zone (the cells of the lines the win needs) and every four of the
// defender's own. Proof-number search (df-pn) proves a win by growing the tree where the
// fewest positions remain to be proven, with threat search, the Erdős–Selfridge bound and
// pairing strategies settling its leaves. Erdős–Selfridge: a side whose open lines, each
// weighted 2^−(marks it still needs), sum below ½ can be stopped from completing any. A
// pairing strategy pairs two cells of every line, so that answering in the pair blocks
// every line: a draw. A relevancy zone is the set of cells that can matter to a threat.
//
// # Published values the engine agrees with
//
// On 3×3, X first, games stopping at a win: perft 9, 72, 504, 3,024, 15,120, 54,720,
// 148,176, 200,448, 127,872; 255,168 games (131,184 X wins, 77,904 O wins, 46,080 draws);
// 5,478 reachable positions (958 finished), 765 up to symmetry; the game tree of plain
// minimax 549,946 positions; a draw, where after the centre O draws only in a corner and
// after a corner only in the centre. On 4×4 with four in a row: 9,722,011 reachable
// positions, a draw. From the empty board, draws: (3,3,3), (4,4,4), (5,4,4), (6,4,4),
// (5,5,4), (5,5,5), (6,6,5), (7,7,5), (8,8,5), and (m,4,4) up to m = 8; first-player wins:
// (4,3,3), (4,4,3), (5,5,3), (6,5,4), (6,6,4), (9,4,4), (10,4,4), and freestyle five in a
// row on 15×15. Never a second-player win; value(m,n,k) = value(n,m,k); any k of 9 or more
// is a draw on any board.
package ai
