package pbrain_test

import (
	"errors"
	"io"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tictactoe/game"
	"tictactoe/game/pbrain"
)

// firstFree is an engine's Move that plays the first free cell the rule allows, in reading order, and
// records the limits it was given.
type firstFree struct {
	limits []pbrain.Limits
	boards []string
}

func (f *firstFree) move(b *game.Board, lim pbrain.Limits) (game.Cell, error) {
	f.limits = append(f.limits, lim)
	f.boards = append(f.boards, b.String())
	return b.LegalMoves()[0], nil
}

// serve runs an engine over input and returns its answers, one line each.
func serve(t *testing.T, e *pbrain.Server, input string) []string {
	t.Helper()
	var out strings.Builder
	if err := e.Serve(strings.NewReader(input), &out); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

func newServer(f *firstFree) *pbrain.Server {
	return &pbrain.Server{Win: 5, Think: time.Second, About: `name="test"`, Move: f.move}
}

func TestServerSessions(t *testing.T) {
	tests := []struct {
		name, input string
		want        []string // answers, in order; a want ending in "..." matches a line that starts with it
	}{
		{"documented session", "START 15\nINFO timeout_turn 1000\nINFO rule 0\nBEGIN\nTURN 8,8\nTURN 8,6\nEND\n",
			[]string{"OK", "0,0", "1,0", "2,0"}},
		{"lower case, CRLF and blanks", "start 15\r\n\r\n  begin  \r\nturn 8,8\r\n", []string{"OK", "0,0", "1,0"}},
		{"opponent first", "START 5\nTURN 0,0\nTURN 2,2\n", []string{"OK", "1,0", "2,0"}},
		{"rectangle", "RECTSTART 7,5\nTURN 0,0\n", []string{"OK", "1,0"}},
		{"spaces in a point", "START 15\nTURN 3 , 4\n", []string{"OK", "0,0"}},
		{"restart", "START 15\nBEGIN\nRESTART\nTURN 0,0\n", []string{"OK", "0,0", "OK", "1,0"}},
		{"about", "ABOUT\n", []string{`name="test"`}},
		{"unknown", "HELLO\nPLAY 1,1\n", []string{`UNKNOWN command "HELLO"`, `UNKNOWN command "PLAY"`}},
		{"control characters quoted", "\x1b[2J\n", []string{`UNKNOWN command "\x1b[2J"`}},
		{"end stops", "START 15\nEND\nBEGIN\n", []string{"OK"}},
		{"start too big", "START 21\nBEGIN\n", []string{"ERROR unsupported board 21 wide, 21 high...", "ERROR no board..."}},
		{"start 20", "START 20\nBEGIN\nTURN 19,19\n", []string{"OK", "0,0", "1,0"}},
		{"start too small for five", "START 4\n", []string{"ERROR unsupported board 4 wide, 4 high..."}},
		{"start not a number", "START fifteen\nSTART\nSTART -3\n", []string{"ERROR START wants a board size...", "ERROR START wants...", "ERROR unsupported board -3..."}},
		{"rectstart malformed", "RECTSTART 20\nRECTSTART 20,0\n", []string{"ERROR RECTSTART wants a width and a height...", "ERROR unsupported board 20 wide, 0 high..."}},
		{"failed start keeps the board", "START 15\nBEGIN\nSTART 99\nTURN 0,0\nTURN 1,1\n",
			[]string{"OK", "0,0", "ERROR unsupported...", "ERROR TURN 0,0: the cell is taken", "1,0"}},
		{"moves before start", "BEGIN\nTURN 1,1\nRESTART\nTAKEBACK 1,1\n", []string{"ERROR no board: send START first", "ERROR no board: send START first", "ERROR RESTART before START: no board yet", "ERROR no board: send START first"}},
		{"turn malformed", "START 15\nTURN\nTURN 1\nTURN a,b\nTURN 1,2,3\nTURN 1.5,2\nTURN 0,0\n",
			[]string{"OK", "ERROR TURN wants...", "ERROR TURN wants...", "ERROR TURN wants...", "ERROR TURN wants...", "ERROR TURN wants...", "1,0"}},
		{"turn off the board", "START 15\nTURN 15,0\nTURN 0,15\nTURN -1,3\nTURN 99999999999999999999,1\nTURN 0,0\n",
			[]string{"OK", "ERROR TURN 15,0: off the board, which is 15 wide and 15 high", "ERROR TURN 0,15: off...", "ERROR TURN -1,3: off...", "ERROR TURN wants...", "1,0"}},
		{"turn on a taken cell", "START 15\nBEGIN\nTURN 0,0\nTURN 5,5\n", []string{"OK", "0,0", "ERROR TURN 0,0: the cell is taken", "1,0"}},
		{"begin twice", "START 15\nBEGIN\nBEGIN\nTURN 3,3\n", []string{"OK", "0,0", "ERROR BEGIN on a board with 1 stone: BEGIN starts a game; BOARD sets a position", "1,0"}},
		{"turn after a takeback of the engine's move", "START 15\nBEGIN\nTAKEBACK 0,0\nTURN 3,3\n", []string{"OK", "0,0", "OK", "0,0"}},
		{"turn when it is the engine's move", "START 15\nTURN 3,3\nTAKEBACK 0,0\nTURN 4,4\n",
			[]string{"OK", "0,0", "OK", "ERROR TURN 4,4: it is the engine's move, not the opponent's"}},
		{"takeback", "START 15\nBEGIN\nTURN 5,5\nTAKEBACK 1,0\nTAKEBACK 5,5\nTAKEBACK 0,0\nTAKEBACK 9,9\nBEGIN\n",
			[]string{"OK", "0,0", "1,0", "OK", "OK", "OK", "ERROR TAKEBACK 9,9: there is no stone there", "0,0"}},
		{"takeback not the last", "START 15\nBEGIN\nTURN 5,5\nTAKEBACK 0,0\nTAKEBACK 20,1\nTAKEBACK x\n",
			[]string{"OK", "0,0", "1,0", "ERROR TAKEBACK 0,0: only the last stone played, 1,0, can be taken back", "ERROR TAKEBACK 20,1: off...", "ERROR TAKEBACK wants the stone X,Y..."}},
		{"board, engine first", "START 15\nBOARD\n7,7,1\n8,8,2\nDONE\n", []string{"OK", "0,0"}},
		{"board, opponent first", "START 15\nBOARD\n7,7,2\n8,8,1\n0,0,2\nDONE\nTURN 3,3\n", []string{"OK", "1,0", "2,0"}},
		{"board empty", "START 15\nBOARD\nDONE\n", []string{"OK", "0,0"}},
		{"board replaces the position", "START 15\nBEGIN\nTURN 5,5\nBOARD\n0,1,2\nDONE\n", []string{"OK", "0,0", "1,0", "0,0"}},
		{"board bad count", "START 15\nBOARD\n1,1,1\n2,2,1\nDONE\nBOARD\n1,1,2\n2,2,2\n3,3,1\n4,4,2\nDONE\nTURN 0,0\n",
			[]string{"OK", "ERROR BOARD refused: the engine has 2 stones to 0: want as many or 1 fewer", "ERROR BOARD refused: the engine has 1 stone to 3...", "1,0"}},
		{"board bad lines", "START 15\nBOARD\n1,1,1\n1,1,2\nDONE\nBOARD\n1,1,3\nDONE\nBOARD\nhello\n2,2,2\nDONE\nBOARD\n15,1,2\nDONE\nBOARD\n1,1\nDONE\n",
			[]string{"OK", "ERROR BOARD refused: stone 1,1: given twice", "ERROR BOARD refused: stone \"1,1,3\": F is 1...", "ERROR BOARD refused: want stones as X,Y,F...", "ERROR BOARD refused: stone 15,1: off...", "ERROR BOARD refused: want stones..."}},
		{"board over after a game", "START 15\nBEGIN\nBOARD\n0,0,2\n1,0,2\n2,0,2\n3,0,2\n4,0,2\n0,1,1\n0,2,1\n0,3,1\n0,4,1\nDONE\n",
			[]string{"OK", "0,0", "ERROR BOARD refused: the game is over: the opponent has won"}},
		{"board over", "START 15\nBOARD\n0,0,2\n1,0,2\n2,0,2\n3,0,2\n4,0,2\n0,1,1\n0,2,1\n0,3,1\n0,4,1\nDONE\nBEGIN\n",
			[]string{"OK", "ERROR BOARD refused: the game is over: the opponent has won", "0,0"}},
		{"board before start", "BOARD\n1,1,2\nDONE\n", []string{"ERROR no board: send START first"}},
		{"yxboard sets a position and answers nothing", "START 15\nYXBOARD\n7,7,1\n8,8,2\nDONE\nTAKEBACK 8,8\nTURN 8,8\nYXBOARD\n1,1,1\n1,1,2\nDONE\n",
			[]string{"OK", "OK", "0,0", "ERROR YXBOARD refused: stone 1,1: given twice"}},
		{"yxshowforbid", "YXSHOWFORBID\nSTART 15\nYXSHOWFORBID\nINFO rule 2\nYXBOARD\n5,7,1\n6,7,1\n7,5,1\n7,6,1\n14,14,2\n13,14,2\n12,14,2\n11,13,2\nDONE\nYXSHOWFORBID\n",
			[]string{"FORBID .", "OK", "FORBID .", "FORBID 0707."}},
		{"yxshowinfo, before start too", "YXSHOWINFO\nYXHASHCLEAR\nINFO show_detail 3\nINFO hash_size 262144\n", []string{"MESSAGE INFO MAX_THREAD_NUM 1", "MESSAGE INFO MAX_HASH_SIZE 18"}},
		{"database queries are read whole, answered with nothing", "START 15\nyxquerydatabaseallt\n7,7\n6,9\ndone\nYXQUERYDATABASEONE\ndone\nyxblock\n1,1\ndone\nBEGIN\nyxquerydatabaseall\n7,7\n",
			[]string{"OK", "0,0"}},
		{"start W H, as Yixin Board sends it", "START 15 15\nBEGIN\nSTART 7 5\nTURN 6,4\nTURN 0,5\nSTART 15 15 15\nSTART 15,15\n",
			[]string{"OK", "0,0", "OK", "0,0", "ERROR TURN 0,5: off the board, which is 7 wide and 5 high", "ERROR START wants a board size...", "ERROR START wants a board size..."}},
		{"yxnbest answers a move", "YXNBEST 2\nSTART 15\nYXBOARD\n7,7,1\n8,8,2\nDONE\nYXNBEST 3\nYXNBEST x\nYXNBEST 0\n",
			[]string{"ERROR no board: send START first", "OK", "0,0", "ERROR YXNBEST wants how many lines, such as YXNBEST 3, not \"x\"", "ERROR YXNBEST wants..."}},
		{"a rule set after the position holds for the next position", "START 15\nYXBOARD\n0,0,2\nDONE\nINFO rule 2\nBOARD\n5,7,2\n6,7,2\n7,5,2\n7,6,2\n14,14,1\n13,14,1\n12,14,1\nDONE\nTURN 7,7\n",
			[]string{"OK", "0,0", "ERROR TURN 7,7: forbidden for X, the first player, under renju: double three"}},
		{"show_detail out of range is none", "INFO show_detail 7\nINFO show_detail -1\nINFO show_detail x\nSTART 15\nBEGIN\n",
			[]string{"ERROR INFO show_detail wants 0 to 3, not \"x\"", "OK", "0,0"}},
		{"board ends with end", "START 15\nBOARD\n1,1,2\nEND\nBEGIN\n", []string{"OK"}},
		{"board ends with the input", "START 15\nBOARD\n1,1,2\n", []string{"OK"}},
		{"winning turn", "START 5\nBOARD\n0,1,2\n1,1,2\n2,1,2\n3,1,2\n4,4,1\n0,4,1\n1,4,1\nDONE\nTURN 4,1\n",
			[]string{"OK", "0,0", "ERROR the game is over: the opponent has won"}},
		{"full board", "RECTSTART 5,1\nBOARD\n0,0,1\n1,0,2\n2,0,1\n3,0,2\nDONE\nTURN 1,0\nBEGIN\n",
			[]string{"OK", "4,0", "ERROR TURN 1,0: the game is over: the board is full", "ERROR BEGIN on a board with 5 stones..."}},
		{"engine won", "RECTSTART 5,2\nBOARD\n0,0,1\n1,0,1\n2,0,1\n3,0,1\n0,1,2\n1,1,2\n2,1,2\n3,1,2\nDONE\nTURN 4,1\n",
			[]string{"OK", "4,0", "ERROR TURN 4,1: the game is over: the engine has won"}},
		{"rule", "START 15\nINFO rule 12\nBEGIN\nTURN 1,1\nBOARD\nDONE\nINFO rule 16\nINFO rule 0\nBEGIN\n",
			[]string{"OK", "ERROR rule 12 (renju, caro): we play 0, 1, 2, 4, 8, 9",
				"ERROR rule 12 (renju, caro)...", "ERROR rule 12 (renju, caro)...", "ERROR rule 12 (renju, caro)...", "ERROR rule 16 (16+)...", "0,0"}},
		{"caro: a five blocked at both ends does not win", "RECTSTART 7,2\nINFO rule 8\nBOARD\n1,0,1\n2,0,1\n4,0,1\n5,0,1\n1,1,2\n2,1,2\n4,1,2\n0,0,2\n6,0,2\nDONE\nTURN 5,1\n",
			[]string{"OK", "3,0", "0,1"}},
		{"caro: against the edge a five wins", "RECTSTART 6,2\nINFO rule 8\nBOARD\n0,0,1\n1,0,1\n3,0,1\n4,0,1\n0,1,2\n1,1,2\n3,1,2\n5,0,2\nDONE\n",
			[]string{"OK", "2,0"}},
		{"caro, overline", "RECTSTART 8,2\nINFO rule 8\nBOARD\n1,0,1\n2,0,1\n3,0,1\n5,0,1\n6,0,1\n0,0,2\n7,0,2\n1,1,2\n2,1,2\n5,1,2\n6,1,2\nDONE\nTURN 3,1\n",
			[]string{"OK", "4,0", "ERROR TURN 3,1: the game is over: the engine has won"}},
		{"exact caro, overline", "RECTSTART 8,2\nINFO rule 9\nBOARD\n1,0,1\n2,0,1\n3,0,1\n5,0,1\n6,0,1\n0,0,2\n7,0,2\n1,1,2\n2,1,2\n5,1,2\n6,1,2\nDONE\nTURN 3,1\n",
			[]string{"OK", "4,0", "0,1"}},
		{"rule 2 is renju, as Yixin Board sends it", "START 15\nINFO rule 2\nBOARD\n5,7,2\n6,7,2\n7,5,2\n7,6,2\n14,14,1\n13,14,1\n12,14,1\nDONE\nTURN 7,7\n",
			[]string{"OK", "0,0", "ERROR TURN 7,7: forbidden for X, the first player, under renju: double three"}},
		{"freestyle overline wins", "RECTSTART 7,2\nINFO rule 0\nBOARD\n0,0,1\n1,0,1\n2,0,1\n4,0,1\n5,0,1\n0,1,2\n1,1,2\n2,1,2\n4,1,2\n5,1,2\nDONE\nTURN 6,1\n",
			[]string{"OK", "3,0", "ERROR TURN 6,1: the game is over: the engine has won"}},
		{"exact overline does not win", "RECTSTART 7,2\nINFO rule 1\nBOARD\n0,0,1\n1,0,1\n2,0,1\n4,0,1\n5,0,1\n0,1,2\n1,1,2\n2,1,2\n4,1,2\n5,1,2\nDONE\nTURN 6,1\nTURN 3,1\n",
			[]string{"OK", "3,0", "6,0", "ERROR the game is over: the board is full"}},
		{"exact from the next position", "RECTSTART 7,2\nBEGIN\nINFO rule 1\nBOARD\n0,0,1\n1,0,1\n2,0,1\n4,0,1\n5,0,1\n0,1,2\n1,1,2\n2,1,2\n4,1,2\n5,1,2\nDONE\nTURN 6,1\nRESTART\nBOARD\n0,0,1\n1,0,1\n2,0,1\n4,0,1\n5,0,1\n0,1,2\n1,1,2\n2,1,2\n4,1,2\n5,1,2\nDONE\nTURN 6,1\n",
			[]string{"OK", "0,0", "3,0", "6,0", "OK", "3,0", "6,0"}},
		{"renju refuses black's double three", "START 15\nINFO rule 4\nBOARD\n5,7,2\n6,7,2\n7,5,2\n7,6,2\n14,14,1\n13,14,1\n12,14,1\nDONE\nTURN 7,7\nTURN 8,8\n",
			[]string{"OK", "0,0", "ERROR TURN 7,7: forbidden for X, the first player, under renju: double three", "1,0"}},
		{"renju, no move left for black", "START 6\nINFO rule 4\nBOARD\n0,0,1\n1,0,1\n3,0,1\n4,0,1\n5,0,1\n0,1,2\n1,1,2\n2,1,1\n3,1,2\n4,1,2\n5,1,1\n0,2,1\n1,2,2\n2,2,2\n3,2,1\n4,2,2\n5,2,2\n0,3,1\n1,3,1\n2,3,1\n4,3,1\n5,3,1\n0,4,2\n1,4,1\n2,4,2\n3,4,2\n4,4,1\n5,4,2\n0,5,2\n1,5,2\n2,5,1\n3,5,2\n4,5,2\n5,5,2\nDONE\n",
			[]string{"OK", "ERROR BOARD refused: the game is over: a draw, as every free cell is forbidden to black"}},
		{"renju, the engine black passes over its double four", "START 15\nINFO rule 4\nBOARD\n1,0,1\n2,0,1\n3,0,1\n0,1,1\n0,2,1\n0,3,1\n10,10,2\n12,10,2\n14,10,2\n10,12,2\n12,12,2\n14,12,2\nDONE\n",
			[]string{"OK", "4,0"}},
		{"rule bits", "INFO rule 13\nINFO rule 10\nINFO rule 99\n", []string{"ERROR rule 13 (exact, renju, caro): we play...", "ERROR rule 10 (continuous, caro): we play...", "ERROR rule 99 (exact, continuous, 16+): we play..."}},
		{"info bad values", "INFO timeout_turn soon\nINFO max_memory -5\nINFO\nINFO folder /tmp/x y\nINFO whatever 12\nINFO game_type 1\n",
			[]string{"ERROR INFO timeout_turn wants a whole number of 0 or more, not \"soon\"", "ERROR INFO max_memory wants...", "ERROR INFO wants a key and a value..."}},
		{"long line", strings.Repeat("x", 10000) + "\nSTART 15\n", []string{"ERROR too long: a line of 4096 bytes or more, starting \"xxxxxxxx...", "OK"}},
		{"long line in board", "START 15\nBOARD\n" + strings.Repeat("1", 5000) + "\n1,1,2\nDONE\n", []string{"OK", "ERROR BOARD refused: too long: a line of 4096 bytes or more, starting \"111..."}},
		{"comment is no comment", "START 15\n#TURN 7,7\n  # note\n", []string{"OK", `UNKNOWN command "#TURN"`, `UNKNOWN command "#"`}},
		{"huge info values are no limit", "INFO timeout_turn 99999999999999999999999\nINFO max_memory 99999999999999999999\nINFO time_left -99999999999999999999\n", nil},
		{"a clock run over moves at once", "START 15\nINFO time_left -50\nBEGIN\nINFO time_left -99999999999999999999\nTURN 8,8\n", []string{"OK", "0,0", "1,0"}},
		{"board where the engine has five", "START 15\nBOARD\n0,0,1\n1,0,1\n2,0,1\n3,0,1\n4,0,1\n0,5,2\n1,5,2\n2,5,2\n3,5,2\n9,9,2\nDONE\n",
			[]string{"OK", "ERROR BOARD refused: the game is over: the engine's stones already make 5 in a row"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := serve(t, newServer(&firstFree{}), tt.input)
			if len(tt.want) == 0 {
				tt.want = []string{""}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("%d answers, want %d:\n%s", len(got), len(tt.want), strings.Join(got, "\n"))
			}
			for i, w := range tt.want {
				if p, ok := strings.CutSuffix(w, "..."); ok && strings.HasPrefix(got[i], p) || got[i] == w {
					continue
				}
				t.Errorf("answer %d is %q, want %q\nall answers:\n%s", i+1, got[i], w, strings.Join(got, "\n"))
			}
		})
	}
}

// TestServerBoard checks the position the engine is asked to move in: its own stones and
// the opponent's where the manager put them, and its own mark the one to move.
func TestServerBoard(t *testing.T) {
	f := &firstFree{}
	serve(t, newServer(f), "RECTSTART 6,5\nBOARD\n5,0,2\n1,1,1\n2,2,2\nDONE\nTURN 5,4\nRESTART\nBEGIN\n")
	if strings.Join(f.boards, "\n") != strings.Join([]string{
		".....X|.O....|..X...|......|......",
		"O....X|.O....|..X...|......|.....X",
		"......|......|......|......|......",
	}, "\n") {
		t.Errorf("boards the engine moved on:\n%s", strings.Join(f.boards, "\n"))
	}
}

// TestServerRuleSizes: the board the engine moves on carries the rule the manager set,
// from the game it is set before the first move of; renju with another win length is
// refused and leaves the rule as it was.
func TestServerRuleSizes(t *testing.T) {
	f := &rules{}
	e := &pbrain.Server{Win: 4, Think: time.Second, About: `name="test"`, Move: f.move}
	got := serve(t, e, "START 9\nINFO rule 4\nINFO rule 1\nBEGIN\nINFO rule 0\nTURN 5,5\nRESTART\nBEGIN\n")
	want := []string{"OK", "ERROR rule 4 (renju) is not supported with 4 in a row: renju is played with five", "0,0", "1,0", "OK", "0,0"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("answers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if w := []game.Rule{game.Exact, game.Exact, game.Freestyle}; !slices.Equal(f.rules, w) {
		t.Errorf("rules of the boards moved on: %v, want %v", f.rules, w)
	}
}

// rules is an engine's Move that plays the first free cell and records the rule of each
// board it moves on.
type rules struct{ rules []game.Rule }

func (r *rules) move(b *game.Board, _ pbrain.Limits) (game.Cell, error) {
	r.rules = append(r.rules, b.Size().Rule)
	return b.Empty()[0], nil
}

// TestServerLimits checks the time each move is given: --think, then timeout_turn, and
// no more than time_left over the moves to come; a margin is always kept.
func TestServerLimits(t *testing.T) {
	huge := time.Duration(1<<62) / time.Millisecond * time.Millisecond // the most a timeout is taken for
	tests := []struct {
		name, info string
		want       time.Duration
	}{
		{"default", "", time.Second - time.Second/20 - 30*time.Millisecond},
		{"turn", "INFO timeout_turn 2000\n", 2*time.Second - 100*time.Millisecond - 30*time.Millisecond},
		{"turn zero plays at once", "INFO timeout_turn 0\n", time.Millisecond},
		{"time left spread", "INFO timeout_turn 5000\nINFO timeout_match 100000\nINFO time_left 20000\n", time.Second - 50*time.Millisecond - 30*time.Millisecond},
		{"time left without a match limit", "INFO timeout_turn 5000\nINFO timeout_match 0\nINFO time_left 20000\n", 5*time.Second - 250*time.Millisecond - 30*time.Millisecond},
		{"huge", "INFO timeout_turn 99999999999999999\n", huge - huge/20 - 30*time.Millisecond},
		{"no limit a turn: the match spread", "INFO timeout_turn 99999999\nINFO timeout_match 300000\n", 15*time.Second - 750*time.Millisecond - 30*time.Millisecond},
		{"match without time left", "INFO timeout_turn 5000\nINFO timeout_match 60000\n", 3*time.Second - 150*time.Millisecond - 30*time.Millisecond},
		{"match none: time left ignored", "INFO timeout_match 0\nINFO time_left 100\n", time.Second - 50*time.Millisecond - 30*time.Millisecond},
		{"time left nothing", "INFO timeout_match 60000\nINFO time_left 0\n", time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &firstFree{}
			serve(t, newServer(f), tt.info+"INFO max_memory 1000000\nSTART 15\nBEGIN\n")
			if len(f.limits) != 1 {
				t.Fatalf("%d moves asked for, want 1", len(f.limits))
			}
			if got := f.limits[0]; got.Think != tt.want || got.Memory != 1000000 {
				t.Errorf("limits %+v, want Think %v and Memory 1000000", got, tt.want)
			}
		})
	}
}

// TestServerMoveFails checks that an engine whose Move fails, or answers a taken cell,
// says so with ERROR and keeps the board as it was.
func TestServerMoveFails(t *testing.T) {
	calls := 0
	e := &pbrain.Server{Win: 5, Think: time.Second, Move: func(b *game.Board, _ pbrain.Limits) (game.Cell, error) {
		calls++
		switch calls {
		case 1:
			return game.Cell{}, errors.New("out of ideas")
		case 2:
			return game.Cell{Row: 7, Col: 7}, nil // taken by the opponent's TURN 7,7
		}
		return game.Cell{Row: 0, Col: 1}, nil
	}}
	got := serve(t, e, "START 15\nTURN 7,7\nTAKEBACK 7,7\nTURN 7,7\nTAKEBACK 7,7\nTURN 3,3\n")
	want := []string{"OK", "ERROR no move: out of ideas", "OK", "ERROR no move: the engine chose 7,7: the cell is taken", "OK", "1,0"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("answers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestServerWriteFails(t *testing.T) {
	e := newServer(&firstFree{})
	if err := e.Serve(strings.NewReader("START 15\nBEGIN\n"), failWriter{}); !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("Serve to a closed pipe: %v, want %v", err, io.ErrClosedPipe)
	}
}

// FuzzServer feeds arbitrary lines to an engine: it must never panic or hang, and answer
// only with the protocol's lines, none with a raw control character.
func FuzzServer(f *testing.F) {
	f.Add("START 15\nBEGIN\nTURN 8,8\nTAKEBACK 8,8\nEND\n")
	f.Add("RECTSTART 6,5\nBOARD\n5,0,2\n1,1,1\n2,2,2\nDONE\nINFO rule 1\nTURN 1,1\nINFO rule 0\nABOUT\n")
	f.Add("START 5\nTURN 0,0\nTURN 0,1\nTURN 0,2\nTURN 0,3\nTURN 0,4\nTURN 1,0\nRESTART\nBOARD\n1,1\nDONE\n")
	f.Add("START 9\nINFO rule 4\nBOARD\n3,4,2\n4,3,2\n0,0,1\nDONE\nTURN 4,4\nTURN 2,4\nTURN 4,2\nTURN 4,4\n")
	point := regexp.MustCompile(`^\d+,\d+$`)
	f.Fuzz(func(t *testing.T, input string) {
		var out strings.Builder
		e := &pbrain.Server{Win: 5, Think: time.Second, About: "about", Move: func(b *game.Board, _ pbrain.Limits) (game.Cell, error) {
			return b.Empty()[len(b.Moves())%len(b.Empty())], nil
		}}
		if err := e.Serve(strings.NewReader(input), &out); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			switch {
			case line == "" && out.Len() == 0, line == "OK", line == "about",
				strings.HasPrefix(line, "ERROR "), strings.HasPrefix(line, "UNKNOWN "):
			default:
				if !point.MatchString(line) {
					t.Errorf("answer %q is not a line of the protocol", line)
				}
			}
			if strings.ContainsFunc(line, func(r rune) bool { return r < ' ' || r == 0x7f }) {
				t.Errorf("answer %q holds a raw control character", line)
			}
		}
	})
}

// fakeClock is a clock that moves only when told to.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// TestServerMatchSpent checks that a match limit without time_left is spent by the time
// the engine's own moves take in the game, read from its clock, and time_left by what
// they take after it came, until the next one comes.
func TestServerMatchSpent(t *testing.T) {
	clock := &fakeClock{now: time.Unix(0, 0)}
	var limits []time.Duration
	e := &pbrain.Server{Win: 5, Think: time.Second, Now: clock.Now, Move: func(b *game.Board, lim pbrain.Limits) (game.Cell, error) {
		limits = append(limits, lim.Think)
		clock.advance(10 * time.Second) // every move takes 10 s by the engine's clock
		return b.Empty()[0], nil
	}}
	serve(t, e, "INFO timeout_turn 99999999\nINFO timeout_match 300000\nSTART 15\nBEGIN\nTURN 7,7\n"+
		"INFO time_left 100000\nTURN 8,8\nTURN 9,9\nRESTART\nINFO timeout_match 300000\nBEGIN\n")
	share := func(left time.Duration) time.Duration { // spread over 20 moves, less the margin
		d := left / 20
		return d - d/20 - 30*time.Millisecond
	}
	want := []time.Duration{share(300 * time.Second), share(290 * time.Second), share(100 * time.Second), share(90 * time.Second), share(80 * time.Second)}
	if !slices.Equal(limits, want) {
		t.Errorf("moves given %v, want %v", limits, want)
	}
}

// blocker is an engine's Move that waits until the move is stopped, or until it is
// released by a send on release, and then plays the first free cell. It says on started
// when it begins.
type blocker struct {
	started chan struct{}
	release chan struct{}
	stopped bool // the last move ended by its Stop
	hurried bool // the last move ended by its Hurry
}

func newBlocker() *blocker {
	return &blocker{started: make(chan struct{}, 10), release: make(chan struct{})}
}

func (k *blocker) move(b *game.Board, lim pbrain.Limits) (game.Cell, error) {
	k.started <- struct{}{}
	select {
	case <-lim.Stop:
		k.stopped = true
		return game.Cell{}, errors.New("stopped")
	case <-lim.Hurry:
		k.hurried = true
		return b.Empty()[1], nil
	case <-k.release:
		return b.Empty()[0], nil
	}
}

// pipeSession serves an engine whose Move is k's over a pipe, and returns the pipe's
// writing end and a channel that gets Serve's error when it returns.
func pipeSession(t *testing.T, k *blocker, out io.Writer) (*io.PipeWriter, chan error) {
	t.Helper()
	r, w := io.Pipe()
	t.Cleanup(func() { w.Close() })
	e := &pbrain.Server{Win: 5, Think: time.Hour, About: "about", Move: k.move}
	done := make(chan error, 1)
	go func() { done <- e.Serve(r, out) }()
	return w, done
}

// within waits for Serve to return, failing the test if it takes more than limit.
func within(t *testing.T, done chan error, limit time.Duration) {
	t.Helper()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(limit):
		t.Fatalf("Serve still running %v after the session ended", limit)
	}
}

// TestServerEndStopsMove checks that END sent while the engine thinks stops the move and
// ends the session at once, with no answer to the move or to a line that waits for it,
// and leaves no goroutine behind.
func TestServerEndStopsMove(t *testing.T) {
	for _, end := range []string{"END", "end while lines wait"} {
		t.Run(end, func(t *testing.T) {
			before := runtime.NumGoroutine()
			k := newBlocker()
			var out strings.Builder // read once Serve has returned
			w, done := pipeSession(t, k, &out)
			io.WriteString(w, "START 15\nBEGIN\n")
			<-k.started
			switch end {
			case "END":
				io.WriteString(w, "END\n")
			default:
				io.WriteString(w, "ABOUT\n")
				io.WriteString(w, "end\n")
			}
			within(t, done, 10*time.Second) // a second or less but on a very slow machine
			want := "OK\n"                  // the end ends the session at once: ABOUT, waiting, is not answered
			if !k.stopped || out.String() != want {
				t.Errorf("move stopped %v, answers %q; want stopped and %q", k.stopped, out.String(), want)
			}
			w.Close()
			deadline := time.Now().Add(10 * time.Second)
			for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if n := runtime.NumGoroutine(); n > before {
				t.Errorf("%d goroutines after the session, %d before", n, before)
			}
		})
	}
}

// TestServerEOFAnswersMove checks that the end of the input while the engine thinks does
// not stop or hurry the move: it is answered, and so is a line sent before the end, and
// then the session ends.
func TestServerEOFAnswersMove(t *testing.T) {
	k := newBlocker()
	var out strings.Builder // read once Serve has returned
	w, done := pipeSession(t, k, &out)
	io.WriteString(w, "START 15\nBEGIN\n")
	<-k.started
	io.WriteString(w, "ABOUT\n")
	w.Close()
	time.Sleep(50 * time.Millisecond) // the end reaches the session while it thinks
	close(k.release)
	within(t, done, 10*time.Second)
	if want := "OK\n0,0\nabout\n"; k.stopped || k.hurried || out.String() != want {
		t.Errorf("move stopped %v, hurried %v, answers %q; want neither and %q", k.stopped, k.hurried, out.String(), want)
	}
}

// TestServerStopHurries checks that YXSTOP and STOP while the engine thinks have it answer
// at once with the move it has, and the session goes on; with nothing being searched they
// get no answer at all.
func TestServerStopHurries(t *testing.T) {
	for _, cmd := range []string{"YXSTOP", "stop"} {
		t.Run(cmd, func(t *testing.T) {
			k := newBlocker()
			var out strings.Builder // read once Serve has returned
			w, done := pipeSession(t, k, &out)
			io.WriteString(w, cmd+"\nSTART 15\nBEGIN\n")
			<-k.started
			io.WriteString(w, cmd+"\n")
			time.Sleep(100 * time.Millisecond) // the move is answered: END must not stop the next lines
			io.WriteString(w, "ABOUT\n"+cmd+"\nEND\n")
			within(t, done, 10*time.Second)
			if want := "OK\n1,0\nabout\n"; k.stopped || !k.hurried || out.String() != want {
				t.Errorf("move stopped %v, hurried %v, answers %q; want hurried and %q", k.stopped, k.hurried, out.String(), want)
			}
		})
	}
}

// TestServerLinesWhileThinking checks that lines that arrive while the engine thinks are
// carried out after its move, in order, and that the move is not stopped by them.
func TestServerLinesWhileThinking(t *testing.T) {
	k := newBlocker()
	var out strings.Builder // read once Serve has returned
	w, done := pipeSession(t, k, &out)
	io.WriteString(w, "START 15\nBEGIN\n")
	<-k.started
	io.WriteString(w, "ABOUT\nINFO timeout_turn 1000\nTAKEBACK 0,0\n")
	time.Sleep(20 * time.Millisecond) // most likely read while Move waits; the answers are the same if not
	k.release <- struct{}{}
	io.WriteString(w, "TURN 7,7\n")
	<-k.started
	io.WriteString(w, "END\n")
	within(t, done, 10*time.Second)
	if want := "OK\n0,0\nabout\nOK\n"; out.String() != want {
		t.Errorf("answers %q, want %q", out.String(), want)
	}
}

// TestServerScripts checks that a script, whose lines all come before the engine begins
// to think, gets every answer, whether it ends with END or its input just ends: neither
// stops a move.
func TestServerScripts(t *testing.T) {
	for _, script := range []string{"START 15\nBEGIN\nTURN 7,7\nEND\n", "START 15\nBEGIN\nTURN 7,7\n"} {
		stops := 0
		e := &pbrain.Server{Win: 5, Think: time.Second, Move: func(b *game.Board, lim pbrain.Limits) (game.Cell, error) {
			select {
			case <-lim.Stop:
				stops++
			case <-time.After(20 * time.Millisecond):
			}
			return b.Empty()[0], nil
		}}
		got := serve(t, e, script)
		if strings.Join(got, " ") != "OK 0,0 1,0" || stops != 0 {
			t.Errorf("%q: answers %q with %d moves stopped, want OK 0,0 1,0 and none", script, got, stops)
		}
	}
}

// TestServerEndWhileMovesWait checks that END that arrives while the engine thinks, with
// a move sent together with the one it thinks about still waiting, ends the session at
// once: neither move is answered, nor thought about further.
func TestServerEndWhileMovesWait(t *testing.T) {
	k := newBlocker()
	var out strings.Builder // read once Serve has returned
	w, done := pipeSession(t, k, &out)
	io.WriteString(w, "START 15\nBEGIN\nTURN 7,7\n")
	<-k.started
	time.Sleep(20 * time.Millisecond) // TURN most likely read by now; the answers are the same if not
	io.WriteString(w, "END\n")
	within(t, done, 10*time.Second)
	if !k.stopped || out.String() != "OK\n" {
		t.Errorf("move stopped %v, answers %q; want stopped and only OK", k.stopped, out.String())
	}
}

// TestServerNodeAndDepthLimits checks that INFO max_node and max_depth reach the move's
// Limits, -1 (Yixin Board's unlimited level) as no limit, and that a bad value is an
// ERROR that changes nothing.
func TestServerNodeAndDepthLimits(t *testing.T) {
	var got []pbrain.Limits
	e := &pbrain.Server{Win: 5, Think: time.Second, Move: func(b *game.Board, lim pbrain.Limits) (game.Cell, error) {
		got = append(got, lim)
		return b.Empty()[0], nil
	}}
	var out strings.Builder
	in := "INFO max_node 5000\nINFO max_depth 7\nSTART 15\nBEGIN\nINFO max_node -1\nINFO max_depth lots\nTURN 7,7\nINFO max_depth -1\nTURN 8,8\n"
	if err := e.Serve(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	want := []pbrain.Limits{{Nodes: 5000, Depth: 7}, {Nodes: 0, Depth: 7}, {Nodes: 0, Depth: 0}}
	if len(got) != len(want) {
		t.Fatalf("%d moves, want %d:\n%s", len(got), len(want), out.String())
	}
	for i, w := range want {
		if got[i].Nodes != w.Nodes || got[i].Depth != w.Depth {
			t.Errorf("move %d: nodes %d, depth %d; want %d and %d", i+1, got[i].Nodes, got[i].Depth, w.Nodes, w.Depth)
		}
	}
	if !strings.Contains(out.String(), `ERROR INFO max_depth wants a whole number, -1 for no limit, not "lots"`) {
		t.Errorf("no ERROR for max_depth lots:\n%s", out.String())
	}
}

// thinker is an engine's Move that tells Show what a search would, then plays the first
// free cell; it records the limits it was given.
type thinker struct{ limits []pbrain.Limits }

func (f *thinker) move(b *game.Board, lim pbrain.Limits) (game.Cell, error) {
	f.limits = append(f.limits, lim)
	if lim.Show != nil {
		c := game.Cell{Row: 7, Col: 8}
		lim.Show(pbrain.Report{Kind: pbrain.ReportDepth, Depth: 1})
		lim.Show(pbrain.Report{Kind: pbrain.ReportSearching, Cell: c, Depth: 1}) // too soon to show
		lim.Show(pbrain.Report{Kind: pbrain.ReportBest, Cell: c, Depth: 1})
		lim.Show(pbrain.Report{Kind: pbrain.ReportLost, Cell: game.Cell{Row: 0, Col: 14}, Depth: 1})
		lim.Show(pbrain.Report{Kind: pbrain.ReportLine, Cell: c, Depth: 1, SelDepth: 3, Nodes: 2000,
			Score: -35, WinRate: 0.45, Line: []game.Cell{c, {Row: 6, Col: 6}}})
		lim.Show(pbrain.Report{Kind: pbrain.ReportLine, Cell: c, Rank: 1, Depth: 1, Mate: 7, Line: []game.Cell{c}})
	}
	return b.LegalMoves()[0], nil
}

// TestServerShowsThinking checks what INFO show_detail prints while the engine thinks,
// in the form Yixin Board reads, that YXNBEST asks the engine for its lines, and that
// YXHASHCLEAR empties its tables.
func TestServerShowsThinking(t *testing.T) {
	realtime := []string{"MESSAGE REALTIME REFRESH", "MESSAGE REALTIME BEST 8,7", "MESSAGE REALTIME LOST 14,0"}
	lines := []string{
		"INFO PV 0", "INFO NUMPV 1", "INFO DEPTH 1", "INFO SELDEPTH 3", "INFO NODES 2000", "INFO TOTALNODES 2000",
		"INFO TOTALTIME 0", "INFO SPEED 2000000000", "INFO EVAL -35", "INFO WINRATE 0.4500", "INFO BESTLINE 8,7 6,6", "INFO PV DONE",
		"INFO PV 1", "INFO NUMPV 1", "INFO DEPTH 1", "INFO SELDEPTH 1", "INFO NODES 0", "INFO TOTALNODES 0",
		"INFO TOTALTIME 0", "INFO SPEED 0", "INFO EVAL +M7", "INFO WINRATE 0.0000", "INFO BESTLINE 8,7", "INFO PV DONE",
	}
	still := func() time.Time { return time.Unix(0, 0) } // no time passes: no POS nor DONE
	for _, tt := range []struct {
		detail string
		want   []string
	}{
		{"0", nil},
		{"1", realtime},
		{"2", lines},
		{"3", append(slices.Clone(realtime), lines...)},
	} {
		t.Run("show_detail "+tt.detail, func(t *testing.T) {
			f := &thinker{}
			e := &pbrain.Server{Win: 5, Think: time.Second, Move: f.move, Now: still}
			got := serve(t, e, "INFO show_detail "+tt.detail+"\nSTART 15\nBEGIN\n")
			want := append(append([]string{"OK"}, tt.want...), "0,0")
			if !slices.Equal(got, want) {
				t.Errorf("answers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if shown := f.limits[0].Show != nil; shown != (tt.detail != "0") {
				t.Errorf("Show set %v with show_detail %s", shown, tt.detail)
			}
		})
	}
	t.Run("yxnbest and yxhashclear", func(t *testing.T) {
		f, cleared := &thinker{}, 0
		e := &pbrain.Server{Win: 5, Think: time.Second, Move: f.move, Clear: func() { cleared++ }}
		got := serve(t, e, "START 15\nYXHASHCLEAR\nYXNBEST 4\nTURN 7,7\nYXHASHCLEAR\n")
		if want := []string{"OK", "0,0", "1,0"}; !slices.Equal(got, want) {
			t.Errorf("answers %q, want %q", got, want)
		}
		if len(f.limits) != 2 || f.limits[0].Lines != 4 || f.limits[1].Lines != 1 {
			t.Errorf("lines asked: %+v, want 4 then 1", f.limits)
		}
		if cleared != 2 {
			t.Errorf("tables cleared %d times, want 2", cleared)
		}
	})
}

// TestServerSwap2 checks SWAP2BOARD's answers for what the engine judges: three stones
// for the empty board (the opening judged nearest to even), and after three stones SWAP
// where white is judged to lose, a move where white is judged to win and white's move and
// black's reply in between; after five, SWAP or a move. Both forms of the stone lines
// are read.
func TestServerSwap2(t *testing.T) {
	for _, tt := range []struct {
		name, input string
		chance      func(b *game.Board) float64
		want        []string
	}{
		{"opening nearest to even", "SWAP2BOARD\nDONE\n", func(b *game.Board) float64 {
			if b.At(game.Cell{Row: 5, Col: 6}) == game.X { // black third stone two above the centre, one left
				return 0.52
			}
			return 0.9
		}, []string{"7,7 8,8 6,5"}},
		{"three stones, white lost", "SWAP2BOARD\n7,7\n8,7\n7,9\nDONE\nTURN 0,0\n", func(*game.Board) float64 { return 0.2 },
			[]string{"SWAP", "1,0"}},
		{"three stones as X,Y,F, white won", "SWAP2BOARD\n7,7,2\n8,7,1\n7,9,2\nDONE\nTURN 3,3\n", func(*game.Board) float64 { return 0.8 },
			[]string{"0,0", "1,0"}},
		{"three stones, even: two more", "SWAP2BOARD\n7,7\n8,7\n7,9\nDONE\n", func(*game.Board) float64 { return 0.5 },
			[]string{"0,0 1,0"}},
		{"five stones, white behind", "SWAP2BOARD\n7,7\n8,7\n7,9\n0,0\n1,0\nDONE\n", func(*game.Board) float64 { return 0.4 },
			[]string{"SWAP"}},
		{"five stones, white ahead", "SWAP2BOARD\n7,7\n8,7\n7,9\n0,0\n1,0\nDONE\n", func(*game.Board) float64 { return 0.6 },
			[]string{"2,0"}},
		{"bad stones", "SWAP2BOARD\n7,7\n7,7\n1,1\nDONE\nSWAP2BOARD\n7,7\nDONE\nSWAP2BOARD\nhello\nDONE\n", func(*game.Board) float64 { return 0.5 },
			[]string{"ERROR SWAP2BOARD refused: stone 7,7: the cell is taken", "ERROR SWAP2BOARD refused: 1 stone: Swap2 asks after 0, 3 or 5",
				"ERROR SWAP2BOARD refused: want stones as X,Y or X,Y,F: \"hello\" is not in that form"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := &firstFree{}
			e := newServer(f)
			e.Judge = func(b *game.Board, lim pbrain.Limits) (game.Cell, float64, error) {
				return b.LegalMoves()[0], tt.chance(b), nil
			}
			got := serve(t, e, "START 15\n"+tt.input)
			want := append([]string{"OK"}, tt.want...)
			match := len(got) == len(want)
			for i := 0; match && i < len(want); i++ {
				head, tail, cut := strings.Cut(want[i], "...") // a want with ... matches any text there
				match = got[i] == want[i] || cut && strings.HasPrefix(got[i], head) && strings.HasSuffix(got[i], tail)
			}
			if !match {
				t.Errorf("answers %q, want %q", got, want)
			}
		})
	}
	t.Run("no judge", func(t *testing.T) {
		got := serve(t, newServer(&firstFree{}), "START 15\nSWAP2BOARD\nDONE\n")
		if want := []string{"OK", "ERROR SWAP2BOARD: this engine does not play Swap2"}; !slices.Equal(got, want) {
			t.Errorf("answers %q, want %q", got, want)
		}
	})
}

// TestServerThreads checks that INFO thread_num reaches the move's Limits, more than
// MaxThreadNum as that many and 0 as the engine's own choice, that a bad value is an
// ERROR that changes nothing, and that YXSHOWINFO offers the server's MaxThreads.
func TestServerThreads(t *testing.T) {
	var got []int
	e := &pbrain.Server{Win: 5, Think: time.Second, MaxThreads: 8, Move: func(b *game.Board, lim pbrain.Limits) (game.Cell, error) {
		got = append(got, lim.Threads)
		return b.Empty()[0], nil
	}}
	in := "YXSHOWINFO\nSTART 15\nBEGIN\nINFO thread_num 4\nTURN 7,7\nINFO thread_num many\nINFO thread_num 100000\nTURN 8,8\nINFO thread_num 0\nTURN 9,9\n"
	answers := serve(t, e, in)
	if want := []int{0, 4, pbrain.MaxThreadNum, 0}; !slices.Equal(got, want) {
		t.Errorf("threads %v, want %v; answers:\n%s", got, want, strings.Join(answers, "\n"))
	}
	if answers[0] != "MESSAGE INFO MAX_THREAD_NUM 8" || !slices.Contains(answers, `ERROR INFO thread_num wants a whole number of 0 or more, not "many"`) {
		t.Errorf("answers:\n%s", strings.Join(answers, "\n"))
	}
}
