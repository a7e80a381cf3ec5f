package pbrain

import (
	"fmt"
	"strings"
	"time"

	"tictactoe/game"
)

// Report is one thing the engine tells of the search for its move, which the session
// prints for a GUI that asked to see it (INFO show_detail): Yixin Board draws the best
// move, the moves being searched and those found lost on its board, and the lines in its
// analysis pane.
type Report struct {
	Kind ReportKind
	Cell game.Cell // the move at the root it is about; for a Line, the line's first move
	// For a Line: its rank among the best (0 the best), the depth of the iteration it
	// comes from (0 for a move found without one) and the deepest ply reached, the
	// positions searched in the move so far, what the line is worth to the engine (Mate
	// plies to a proven win, or minus plies to a proven loss; otherwise 0, and Score with
	// the chance of a win WinRate), and the line of moves itself.
	Rank, Depth, SelDepth int
	Nodes                 int64
	Mate, Score           int
	WinRate               float64
	Line                  []game.Cell
}

// ReportKind says what a Report is about.
type ReportKind int

// The kinds of Report.
const (
	ReportDepth     ReportKind = iota + 1 // a new iteration begins
	ReportSearching                       // Cell is being searched
	ReportSearched                        // Cell has been searched
	ReportBest                            // Cell is the best move so far
	ReportLost                            // Cell is proven to lose
	ReportLine                            // a best line, with its value
)

// The bits of INFO show_detail: what the session prints while the engine thinks.
const (
	showRealtime = 1 // MESSAGE REALTIME lines: the best move, the moves searched and lost
	showLines    = 2 // INFO PV blocks: each best line with its depth, value and count
)

// realtimeAfter is how long a move must have taken before the session prints the root
// moves as they are searched (MESSAGE REALTIME POS and DONE): a quick move's iterations
// last microseconds, and a GUI would only flicker.
const realtimeAfter = 200 * time.Millisecond

// shower returns the function that prints the engine's reports for the move that starts
// now, as INFO show_detail asked, with lines the number of best lines searched; nil when
// nothing is to be shown. It writes from the goroutine that chooses the move, while
// Serve writes nothing (see think).
func (s *session) shower(lines int) func(Report) {
	if s.detail&(showRealtime|showLines) == 0 {
		return nil
	}
	now := s.srv.Now
	if now == nil {
		now = func() time.Time { return time.Time{} }
	}
	start := now()
	size := s.b.Size()
	return func(r Report) {
		took := now().Sub(start)
		if s.detail&showRealtime != 0 {
			switch r.Kind {
			case ReportDepth:
				s.reply("MESSAGE REALTIME REFRESH")
			case ReportBest:
				s.reply("MESSAGE REALTIME BEST %s", pointString(r.Cell))
			case ReportLost:
				s.reply("MESSAGE REALTIME LOST %s", pointString(r.Cell))
			case ReportSearching, ReportSearched:
				if took >= realtimeAfter {
					word := "POS"
					if r.Kind == ReportSearched {
						word = "DONE"
					}
					s.reply("MESSAGE REALTIME %s %s", word, pointString(r.Cell))
				}
			}
		}
		if s.detail&showLines != 0 && r.Kind == ReportLine {
			s.printLine(r, lines, took, size)
		}
	}
}

// printLine prints one best line as an INFO PV block, in the form Yixin Board reads.
func (s *session) printLine(r Report, lines int, took time.Duration, size game.Size) {
	ms := took.Milliseconds()
	cells := make([]string, 0, len(r.Line))
	for _, c := range r.Line {
		if c.Row >= 0 && c.Row < size.Rows && c.Col >= 0 && c.Col < size.Cols {
			cells = append(cells, pointString(c))
		}
	}
	s.reply("INFO PV %d", r.Rank)
	s.reply("INFO NUMPV %d", max(lines, 1))
	s.reply("INFO DEPTH %d", r.Depth)
	s.reply("INFO SELDEPTH %d", max(r.SelDepth, r.Depth))
	s.reply("INFO NODES %d", r.Nodes)
	s.reply("INFO TOTALNODES %d", r.Nodes)
	s.reply("INFO TOTALTIME %d", ms)
	s.reply("INFO SPEED %d", r.Nodes*int64(time.Second)/int64(max(took, time.Microsecond)))
	s.reply("INFO EVAL %s", evalString(r))
	s.reply("INFO WINRATE %.4f", r.WinRate)
	s.reply("INFO BESTLINE %s", strings.Join(cells, " "))
	s.reply("INFO PV DONE")
}

// evalString writes a line's value as engines print it: +M5 for a win in 5 plies, -M4
// for a loss in 4, or else the score.
func evalString(r Report) string {
	switch {
	case r.Mate > 0:
		return fmt.Sprintf("+M%d", r.Mate)
	case r.Mate < 0:
		return fmt.Sprintf("-M%d", -r.Mate)
	}
	return fmt.Sprint(r.Score)
}
