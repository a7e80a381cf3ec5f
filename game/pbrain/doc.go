// Package pbrain speaks the five-in-a-row engine protocol of Gomocup and piskvork (the
// "pbrain" protocol) on both sides: Server is an engine that managers (GUIs, tournament
// managers, referees) can play, Client plays an engine as a game.Player, and Process runs
// such an engine in a process of its own.
//
// # Lines
//
// The manager writes one command a line to the engine's input; the engine answers on its
// output, one line per answer. Commands are read in any case, with blanks around the
// words and a trailing "\r" allowed. Coordinates are X,Y: X the column and Y the row, both
// 0-based, 0,0 at the top left, so that the console's "R C" is Y+1 X+1.
//
// # Commands
//
// This is the subset spoken here, with the answers:
//
//	START N         a new N×N board (START W H: W×H, as Yixin     OK, or ERROR
//	                Board sends it)
//	RECTSTART W,H   a new board W columns wide, H rows high      OK, or ERROR
//	RESTART         a new game on the same board                 OK
//	BEGIN           the engine moves first on the empty board    its move X,Y
//	TURN X,Y        the opponent played at X,Y                   its move X,Y
//	BOARD           then lines X,Y,F and a line DONE: the whole  its move X,Y
//	                position, F 1 for the engine's stone, 2 for
//	                the opponent's; the engine moves after DONE
//	TAKEBACK X,Y    the last stone played, at X,Y, goes          OK
//	INFO KEY VALUE  a setting, below                             nothing
//	ABOUT           who the engine is                            name="...", version="...", ...
//	END             the session is over                          nothing
//	YXSTOP, STOP    while the engine thinks: move now            its move X,Y, at once
//	SWAP2BOARD      then the stones played, X,Y or X,Y,F lines   0 stones: three X,Y X,Y X,Y;
//	                in play order, and DONE: Swap2's questions   3: SWAP, X,Y, or X,Y X,Y;
//	                                                             5: SWAP or X,Y (Server.Judge)
//
// and Yixin Board's own:
//
//	YXBOARD         as BOARD, but the engine does not move       nothing
//	YXNBEST N       the best N moves, each searched exactly      its move X,Y
//	                (multi-PV), shown as below
//	YXSHOWFORBID    the cells forbidden to black, under renju    FORBID XXYY...., each cell
//	                                                             X then Y, two digits each
//	YXSHOWINFO      the engine's threads and table size          MESSAGE INFO MAX_THREAD_NUM n,
//	                                                             MESSAGE INFO MAX_HASH_SIZE 18
//	YXHASHCLEAR     empty the engine's tables                    nothing
//	YXQUERYDATABASEALL, ...ALLT, ...ONE, ...TEXT, YXBLOCK        nothing: their lines up to
//	                                                             DONE are read and skipped
//
// Server plays boards with sides of 1 to game.MaxSize (20, the tournament size), at least
// one of them Server.Win or longer.
//
// A command that cannot be carried out is answered "ERROR " and why, one not known
// "UNKNOWN " and the command; either way the session goes on as before it. Besides its
// answers an engine may write lines starting with "MESSAGE " or "DEBUG ", for a person
// or a log: Client skips them, and Server writes them only where INFO show_detail asks.
//
// The INFO keys used, times in milliseconds:
//
//	timeout_turn    the most one move may take; 0: play at once
//	timeout_match   the time for the whole game; 0: no limit
//	time_left       what is left of timeout_match, sent before moves; below 0: move at once
//	max_memory      the most bytes the engine may use; 0: no limit
//	max_node        the most positions a move may search (Yixin Board's levels); -1: none
//	max_depth       the deepest iteration a move may search; -1: none
//	hash_size       the engine's table in KiB (Yixin Board's); 0: the engine's choice
//	thread_num      the threads a move may search on (Yixin Board's, Rapfi's), up to
//	                MaxThreadNum; 0: the engine's choice
//	rule            0 freestyle (Server.Win, five, or more in a row win), 1 exactly
//	                that many (a longer row wins for nobody), 4 renju with five (the
//	                first player, black, may not make an overline, a double four or a
//	                double three), and 2 renju too, as Yixin Board sends it; 8 caro
//	                (five or more, but a row of exactly five with the opponent's stones
//	                just beyond both ends wins nothing; the edge blocks nothing) and 9
//	                caro with exactly five, as Piskvork judges them; other rules are
//	                answered ERROR naming their bits. A rule holds from the next game or
//	                position
//	show_detail     what to print while the engine thinks, for Yixin Board: 1 the
//	                realtime lines MESSAGE REALTIME REFRESH (an iteration begins), BEST X,Y
//	                (the best move so far), LOST X,Y (a move proven lost), and after 200 ms
//	                POS X,Y and DONE X,Y (a move entered and left); 2 after each iteration
//	                a block INFO PV i, NUMPV, DEPTH, SELDEPTH, NODES, TOTALNODES,
//	                TOTALTIME (ms), SPEED (positions a second), EVAL (a score, 200 for
//	                odds of e to 1, or +Mn and -Mn for a win or loss in n plies), WINRATE,
//	                BESTLINE X,Y X,Y ..., INFO PV DONE; 3 both; 0, the default, nothing
//	game_type       who the opponent is: 1 another engine; read and not used
//
// Other keys (pondering, caution_factor, time_increment,
// vcthread, ...) change nothing.
//
// # Time
//
// Server gives a move timeout_turn (its Think until the manager sends one), and no more
// than what is left of the match spread over the moves to come: time_left less the time
// the engine has taken since it came, or else timeout_match less the time the engine has
// taken in this game. It keeps a small margin back for reading and answering the lines.
// Client sends timeout_turn from its Think and timeout_match 0, and waits its Wait for
// each answer: an engine that overruns it, answers a cell that is taken, off the board or
// forbidden by the rule, or a line that is not a move, forfeits the game.
package pbrain
