package pbrain

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"tictactoe/game"
)

// Server is an engine for the programs that manage five-in-a-row games (GUIs, tournament
// managers, referees): Serve answers the protocol, keeping the board and asking Move for
// the engine's moves.
type Server struct {
	Win   int           // marks in a row that win (5 in the protocol), under the rule INFO rule sets
	Think time.Duration // the time for a move until the manager sets timeout_turn
	About string        // the answer to ABOUT: name="...", version="...", author="...", country="..."
	// Move chooses the engine's move on b, where it is the engine's turn, within lim. It
	// runs in a goroutine of its own while Serve watches the input, and Serve touches
	// nothing of the session until it returns.
	Move func(b *game.Board, lim Limits) (game.Cell, error)
	// Now is the clock that measures the time the engine takes, which a match limit
	// without time_left is spent from; nil measures none.
	Now func() time.Time
	// Clear, when set, empties the engine's tables (YXHASHCLEAR).
	Clear func()
	// Judge, when set, returns the engine's move on b, where it is the turn of the side
	// it judges, and that side's chance of winning, 0 to 1, within lim: it answers
	// Swap2's questions (SWAP2BOARD). Like Move, it runs while Serve watches the input.
	Judge func(b *game.Board, lim Limits) (game.Cell, float64, error)
	// MaxThreads is the most threads the engine offers (YXSHOWINFO); 0 says 1.
	MaxThreads int
}

// MaxThreadNum is the most threads INFO thread_num may ask for; more asks for this many.
const MaxThreadNum = 256

// Limits are what a manager allows one move.
type Limits struct {
	Think  time.Duration // the most time the move may take
	Memory int64         // the most bytes the engine may use; 0 for no limit
	Hash   int64         // the bytes of the engine's table (INFO hash_size); 0 for its own choice
	// Threads is INFO thread_num, the threads the move may search on (at most
	// MaxThreadNum); 0 for the engine's own choice.
	Threads int
	// Nodes and Depth are INFO max_node and max_depth: the most positions the move may
	// search and the deepest it may go; 0 for no limit.
	Nodes int64
	Depth int
	// Stop is closed when the session ends (END, or the end of the input) while the move
	// is being chosen: Move should then give up at once. A move it still returns is
	// answered; an error it returns then is not.
	Stop <-chan struct{}
	// Hurry is closed when the manager wants the move now (YXSTOP or STOP, a GUI's stop
	// button): Move should then answer the best move it has found, at once.
	Hurry <-chan struct{}
	// Lines is how many of the best moves to search exactly, each with its line, for
	// YXNBEST; 1 for the best alone.
	Lines int
	// Show, when not nil, is to be told what the search finds as it goes (see Report),
	// which the session prints for the GUI that asked (INFO show_detail).
	Show func(Report)
}

// Margins kept back from the time a manager allows a move, for reading and answering
// the lines and for what the search does after its last look at the clock.
const (
	marginFixed    = 30 * time.Millisecond
	marginFraction = 20 // a twentieth
	// movesToCome is the most moves that time_left is spread over.
	movesToCome = 20
)

// Serve answers the commands read from r on w, one answer a line, until END or the end of
// r. A command that cannot be carried out gets an "ERROR ..." line and one that is not
// known an "UNKNOWN ..." line; either way the session goes on as before the command. It
// fails only when r or w does.
//
// While Move thinks, Serve reads on: END that arrives then stops the move (see
// Limits.Stop) and ends the session at once, with no answer to the move nor to any line
// that came before END. YXSTOP or STOP (a GUI's stop button) hurries the move (see
// Limits.Hurry): it is answered at once with the best found so far, and the session goes
// on; with no move being chosen they do nothing. The end of r stops nothing: the move is
// answered within its limits and the lines before the end are carried out, so that a
// piped script gets every answer. Any other
// line waits until the move is answered, and is then carried out in order. r is read in a
// goroutine of its own, which ends with the session, or when a read of r in progress then
// returns.
func (srv *Server) Serve(r io.Reader, w io.Writer) error {
	f, stop := newFeed(r)
	defer stop()
	s := &session{srv: srv, in: f, out: w, turn: -1, match: -1, left: -1}
	for s.err == nil {
		l := f.next()
		line, err := l.text, l.err
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, game.ErrLineTooLong):
			s.reply("ERROR too long: a %v, starting %s", err, game.Quote(line))
			continue
		case err != nil:
			return err
		}
		if s.command(line) {
			return s.err
		}
	}
	return s.err
}

// session is the state of one Serve: the board and the manager's settings.
type session struct {
	srv *Server
	in  *feed
	out io.Writer
	err error // the first error writing to out

	b    *game.Board // nil before START
	own  game.Mark   // the engine's mark: X when it moved first; Empty until it is known
	rule error       // why the rule the manager set cannot be played, or nil
	next game.Rule   // the rule the manager set last that the engine plays, for the next game

	turn, match, left time.Duration // timeout_turn, timeout_match, time_left; -1 until set
	memory            int64         // max_memory; 0 for no limit
	hash              int64         // hash_size, in bytes; 0 for the engine's own choice
	threads           int           // thread_num; 0 for the engine's own choice
	nodes, depth      int64         // max_node and max_depth; 0 for no limit
	detail            int64         // show_detail: what to print while the engine thinks
	used              time.Duration // the time the engine's moves took in this game
	sinceLeft         time.Duration // the time they took since time_left came
}

// reply writes one line of answer.
func (s *session) reply(format string, args ...any) {
	if s.err == nil {
		_, s.err = fmt.Fprintf(s.out, format+"\n", args...)
	}
}

// command carries out one line; it reports whether the session is over.
func (s *session) command(line string) (end bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	name, arg := commandName(line), strings.Join(fields[1:], " ")
	switch name {
	case "START":
		// START N, or as Yixin Board sends it, START W H.
		n, err := parseNumbers(strings.ReplaceAll(arg, " ", ","), len(fields)-1)
		if err != nil || len(n) > 2 {
			s.reply("ERROR START wants a board size, such as START 15, not %s", game.Quote(arg))
			return false
		}
		s.start(n[0], n[len(n)-1])
	case "RECTSTART":
		p, err := parsePoint(arg)
		if err != nil {
			s.reply("ERROR RECTSTART wants a width and a height, such as RECTSTART 20,15: %v", err)
			return false
		}
		s.start(p.Col, p.Row)
	case "RESTART":
		if s.b == nil {
			s.reply("ERROR RESTART before START: no board yet")
			return false
		}
		s.start(s.b.Size().Cols, s.b.Size().Rows)
	case "BEGIN":
		if s.ready() {
			if n := len(s.b.Moves()); n > 0 {
				s.reply("ERROR BEGIN on a board with %s: BEGIN starts a game; BOARD sets a position", game.Plural(n, "stone"))
				return false
			}
			s.own = s.b.Turn()
			s.move(1)
		}
	case "TURN":
		s.opponentMove(arg)
	case "BOARD":
		return s.position(true)
	case "YXBOARD": // Yixin Board sets a position to analyse: no move
		return s.position(false)
	case "SWAP2BOARD":
		return s.swap2()
	case "YXSHOWFORBID":
		s.forbidden()
	case "YXSHOWINFO":
		s.reply("MESSAGE INFO MAX_THREAD_NUM %d", max(1, s.srv.MaxThreads))
		s.reply("MESSAGE INFO MAX_HASH_SIZE %d", maxHashSize)
	case "YXHASHCLEAR":
		if s.srv.Clear != nil {
			s.srv.Clear()
		}
	case "YXNBEST":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 {
			s.reply("ERROR YXNBEST wants how many lines, such as YXNBEST 3, not %s", game.Quote(arg))
			return false
		}
		if s.ready() {
			s.move(n)
		}
	case "YXQUERYDATABASEALL", "YXQUERYDATABASEALLT", "YXQUERYDATABASEONE", "YXQUERYDATABASETEXT", "YXBLOCK":
		return s.skipBody() // a body up to DONE, for a database we do not keep
	case "TAKEBACK":
		s.takeBack(arg)
	case "INFO":
		s.info(fields[1:])
	case "ABOUT":
		s.reply("%s", s.srv.About)
	case "END":
		return true
	case "YXSTOP", "STOP":
		// Stop a search (see think); with none in progress there is nothing to stop.
	default:
		s.reply("UNKNOWN command %s", game.Quote(fields[0]))
	}
	return false
}

// commandName returns a line's command, in upper case.
func commandName(line string) string {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return ""
	}
	return strings.ToUpper(fields[0])
}

// start sets up an empty board of the given width and height.
func (s *session) start(cols, rows int) {
	size := game.Size{Rows: rows, Cols: cols, Win: s.srv.Win, Rule: s.next}
	if err := size.Validate(); err != nil {
		s.reply("ERROR unsupported board %d wide, %d high: want sides of 1 to %d, one %d or more",
			cols, rows, game.MaxSize, s.srv.Win)
		return
	}
	s.b, _ = game.NewBoard(size, game.X) // the size was just checked; X stands for the first to move
	s.own = game.Empty
	s.used = 0 // a new game
	s.reply("OK")
}

// ready reports whether there is a board to play on and a rule the engine plays, saying
// why not when there is not.
func (s *session) ready() bool {
	if !s.started() {
		return false
	}
	if s.rule != nil {
		s.reply("ERROR %v", s.rule)
		return false
	}
	return true
}

// started reports whether there is a board, saying so when there is not.
func (s *session) started() bool {
	if s.b == nil {
		s.reply("ERROR no board: send START first")
	}
	return s.b != nil
}

// opponentMove carries out TURN: the opponent's stone at arg, then the engine's move.
func (s *session) opponentMove(arg string) {
	if !s.ready() {
		return
	}
	p, err := parsePoint(arg)
	if err != nil {
		s.reply("ERROR TURN wants the opponent's move X,Y: %v", err)
		return
	}
	if s.b.Over() {
		s.reply("ERROR TURN %s: %v", pointString(p), over(s.b, s.own))
		return
	}
	if s.own == s.b.Turn() {
		s.reply("ERROR TURN %s: it is the engine's move, not the opponent's", pointString(p))
		return
	}
	if err := s.b.Play(p); err != nil {
		s.reply("ERROR TURN %s: %v", pointString(p), s.cellError(err))
		return
	}
	if s.own == game.Empty {
		s.own = s.b.Turn()
	}
	s.move(1)
}

// move asks the engine for its move on the board, searching lines best lines (see
// Limits.Lines), plays it and answers it.
func (s *session) move(lines int) {
	if s.b.Over() {
		s.reply("ERROR %v", over(s.b, s.own))
		return
	}
	if s.srv.Now != nil {
		start := s.srv.Now()
		defer func() {
			took := s.srv.Now().Sub(start)
			s.used += took
			s.sinceLeft += took
		}()
	}
	lim := s.limits()
	lim.Lines, lim.Show = lines, s.shower(lines)
	c, stopped, err := s.think(lim)
	switch {
	case err != nil && stopped:
		return // the session is over: no answer
	case err != nil:
		s.reply("ERROR no move: %v", err)
		return
	}
	if err := s.b.Play(c); err != nil {
		s.reply("ERROR no move: the engine chose %s: %v", pointString(c), s.cellError(err))
		return
	}
	s.reply("%s", pointString(c))
}

// think has Move choose the engine's move on the board within lim while it watches the
// input, as Serve says; it reports whether END or the end of the input stopped the move.
func (s *session) think(lim Limits) (c game.Cell, stopped bool, err error) {
	stop, hurry := make(chan struct{}), make(chan struct{})
	lim.Stop, lim.Hurry = stop, hurry
	hurried := false
	hurryUp := func() {
		if !hurried {
			close(hurry)
			hurried = true
		}
	}
	type result struct {
		c   game.Cell
		err error
	}
	done := make(chan result, 1)
	go func(b *game.Board) {
		c, err := s.srv.Move(b, lim)
		done <- result{c, err}
	}(s.b)
	var lines chan inputLine // nil: not watching
	if !s.in.ended {
		s.in.ask()
		lines = s.in.lines
	}
	late := false // a line arrived after Move began
	for {
		select {
		case r := <-done:
			return r.c, stopped, r.err
		case l := <-lines:
			l = s.in.receive(l)
			late = late || l.late
			if name := commandName(l.text); late && l.err == nil && (name == "YXSTOP" || name == "STOP") {
				hurryUp() // a GUI's stop button: the best move so far, now
				s.in.ask()
				continue
			}
			s.in.queue = append(s.in.queue, l)
			switch {
			case late && l.err == nil && commandName(l.text) == "END":
				// The manager ends the session: stop, and carry out nothing before END.
				close(stop)
				stopped, lines, s.in.queue = true, nil, []inputLine{l}
			case l.final():
				// The input ends: the move is still answered, within its limits, and the
				// lines before the end carried out; only END ends without an answer. (A
				// script piped at once ends the same way, and wants full answers.)
				lines = nil
			default:
				s.in.ask()
			}
		}
	}
}

// limits is what the next move may take: timeout_turn (or Think until the manager sets
// it), and no more than what is left of the match spread over the moves to come, less a
// margin.
func (s *session) limits() Limits {
	think := s.srv.Think
	if s.turn >= 0 {
		think = s.turn
	}
	if left, ok := s.matchLeft(); ok {
		free := len(s.b.Empty())
		think = min(think, left/time.Duration(min(max(free/2, 1), movesToCome)))
	}
	think -= think/marginFraction + marginFixed
	return Limits{Think: max(think, time.Millisecond), Memory: s.memory, Hash: s.hash, Threads: s.threads, Nodes: s.nodes, Depth: int(min(s.depth, 1<<20))}
}

// matchLeft returns what is left of the match's time, and false when it has no limit
// (timeout_match 0, or neither it nor time_left sent): time_left less the time the
// engine has taken since it came, or else timeout_match less the time the engine has
// taken in this game.
func (s *session) matchLeft() (time.Duration, bool) {
	switch {
	case s.match == 0:
		return 0, false
	case s.left >= 0:
		return max(0, s.left-s.sinceLeft), true
	case s.match > 0:
		return max(0, s.match-s.used), true
	}
	return 0, false
}

// position carries out BOARD, and with move unset Yixin Board's YXBOARD: it reads stones
// "X,Y,F" up to DONE, sets up the position they make and, for BOARD, answers the engine's
// move in it (YXBOARD answers nothing). A bad line spoils the whole position, which is
// then refused at DONE, keeping the board as it was. It reports whether the session is
// over: END or the end of the input before DONE.
func (s *session) position(move bool) (end bool) {
	name := "BOARD"
	if !move {
		name = "YXBOARD"
	}
	var stones [3][]game.Cell // by F: 1 the engine's, 2 the opponent's
	bad, end := s.body(func(line string) error {
		c, f, err := parseStone(line)
		switch {
		case err != nil:
			return err
		case s.b != nil && !s.b.Contains(c):
			return fmt.Errorf("stone %s: %v", pointString(c), s.cellError(game.ErrOutOfRange))
		case slices.Contains(stones[1], c) || slices.Contains(stones[2], c):
			return fmt.Errorf("stone %s: given twice", pointString(c))
		}
		stones[f] = append(stones[f], c)
		return nil
	})
	if end {
		return true
	}
	if bad != nil {
		s.reply("ERROR %s refused: %v", name, bad)
		return false
	}
	if !s.ready() {
		return false
	}
	own, opp := stones[1], stones[2]
	size := s.b.Size()
	size.Rule = s.next // the rule set last, even after START
	var b *game.Board
	var err error
	switch len(opp) - len(own) {
	case 0:
		b, err = game.Setup(size, game.X, own, opp)
	case 1:
		b, err = game.Setup(size, game.X, opp, own)
	default:
		err = fmt.Errorf("the engine has %s to %d: want as many or 1 fewer", game.Plural(len(own), "stone"), len(opp))
	}
	switch {
	case errors.Is(err, game.ErrGameOver):
		err = fmt.Errorf("the game is over: the engine's stones already make %d in a row", s.srv.Win)
	case err == nil && b.Over():
		err = over(b, b.Turn())
	}
	if err != nil {
		s.reply("ERROR %s refused: %v", name, err)
		return false
	}
	s.b, s.own = b, b.Turn()
	if move {
		s.move(1)
	}
	return false
}

// skipBody reads the lines of a command that has a body, up to DONE, and carries out
// nothing: Yixin Board's queries of an opening database, which we do not keep. It reports
// whether the session is over: END or the end of the input before DONE.
func (s *session) skipBody() (end bool) {
	_, end = s.body(func(string) error { return nil })
	return end
}

// body reads the lines of a command's body up to DONE, handing each to line, until line
// (or a line too long to read whole) gives an error: the lines after it are read and
// skipped. It returns that error, and whether the session is over: END or the end of
// the input before DONE.
func (s *session) body(line func(text string) error) (bad error, end bool) {
	for {
		l := s.in.next()
		if l.final() {
			if !errors.Is(l.err, io.EOF) {
				s.err = l.err
			}
			return bad, true
		}
		word := strings.ToUpper(strings.TrimSpace(l.text))
		switch {
		case word == "DONE" && l.err == nil:
			return bad, false
		case word == "END" && l.err == nil:
			return bad, true
		case bad != nil:
		case l.err != nil:
			bad = fmt.Errorf("too long: a %w, starting %s", l.err, game.Quote(l.text))
		default:
			bad = line(l.text)
		}
	}
}

// maxHashSize is what YXSHOWINFO says of the transposition table's largest size, as Yixin
// Board reads it: a power of two of KiB, 18 for 256 MiB, the largest within the 384 MiB
// the table may take.
const maxHashSize = 18

// forbidden answers YXSHOWFORBID: "FORBID ", then each cell forbidden to black, where
// black is to move under renju, as four digits (X then Y, two each), then ".".
func (s *session) forbidden() {
	var cells strings.Builder
	if s.b != nil && !s.b.Over() && s.b.Size().Rule == game.Renju && s.b.Turn() == game.X {
		for _, c := range s.b.Empty() {
			if _, no := s.b.Forbidden(c); no {
				fmt.Fprintf(&cells, "%02d%02d", c.Col, c.Row)
			}
		}
	}
	s.reply("FORBID %s.", cells.String())
}

// over says how the game on b, where the engine plays own, has ended.
func over(b *game.Board, own game.Mark) error {
	switch o := b.Outcome(); {
	case o.Status == game.Drawn && len(b.Moves()) < b.Size().Rows*b.Size().Cols:
		return errors.New("the game is over: a draw, as every free cell is forbidden to black")
	case o.Status == game.Drawn:
		return errors.New("the game is over: the board is full")
	case o.Winner == own:
		return errors.New("the game is over: the engine has won")
	}
	return errors.New("the game is over: the opponent has won")
}

// takeBack carries out TAKEBACK: the stone at arg goes, if it is the last one played.
func (s *session) takeBack(arg string) {
	if !s.started() {
		return
	}
	p, err := parsePoint(arg)
	if err != nil {
		s.reply("ERROR TAKEBACK wants the stone X,Y: %v", err)
		return
	}
	last, ok := s.b.Last()
	switch {
	case !s.b.Contains(p):
		s.reply("ERROR TAKEBACK %s: %v", pointString(p), s.cellError(game.ErrOutOfRange))
	case s.b.At(p) == game.Empty:
		s.reply("ERROR TAKEBACK %s: there is no stone there", pointString(p))
	case !ok || last != p:
		s.reply("ERROR TAKEBACK %s: only the last stone played, %s, can be taken back", pointString(p), pointString(last))
	default:
		s.b.Undo()
		if len(s.b.Moves()) == 0 {
			s.own = game.Empty
		}
		s.reply("OK")
	}
}

// info carries out INFO KEY VALUE. It answers only a value it cannot use.
func (s *session) info(args []string) {
	if len(args) == 0 {
		s.reply("ERROR INFO wants a key and a value, such as INFO timeout_turn 1000")
		return
	}
	key, value := strings.ToLower(args[0]), strings.Join(args[1:], " ")
	var n int64
	switch key {
	case "max_node", "max_depth", "show_detail":
		// Yixin Board's levels and c-gomoku-cli's nodes= and depth=; -1 (or 0) for none.
		n, err := strconv.ParseInt(value, 10, 64)
		if errors.Is(err, strconv.ErrRange) && game.IsInteger(value) {
			n, err = 0, nil // beyond any limit, or below: none
		}
		switch {
		case err != nil && key == "show_detail":
			s.reply("ERROR INFO show_detail wants 0 to 3, not %s", game.Quote(value))
		case err != nil:
			s.reply("ERROR INFO %s wants a whole number, -1 for no limit, not %s", key, game.Quote(value))
		case key == "max_node":
			s.nodes = max(n, 0)
		case key == "max_depth":
			s.depth = max(n, 0)
		default:
			// Yixin Board's: 1 realtime lines, 2 detail blocks, 3 both; as Rapfi, 0
			// (nothing) for any other number.
			s.detail = n
			if n < 0 || n > showRealtime|showLines {
				s.detail = 0
			}
		}
		return
	case "timeout_turn", "timeout_match", "time_left", "max_memory", "rule", "hash_size", "thread_num":
		var err error
		n, err = strconv.ParseInt(value, 10, 64)
		if errors.Is(err, strconv.ErrRange) && game.IsInteger(value) && value[0] != '-' {
			n, err = math.MaxInt64, nil // more than any limit: none
		}
		if key == "time_left" && game.IsInteger(value) && value[0] == '-' {
			n, err = 0, nil // a clock that ran over: move at once, as it asks, never an ERROR
		}
		if err != nil || n < 0 {
			s.reply("ERROR INFO %s wants a whole number of 0 or more, not %s", key, game.Quote(value))
			return
		}
	default:
		return // game_type, evaluate, folder and keys we do not know change nothing
	}
	ms := time.Duration(min(n, int64(time.Duration(1<<62)/time.Millisecond))) * time.Millisecond
	switch key {
	case "timeout_turn":
		s.turn = ms
	case "timeout_match":
		s.match = ms
	case "time_left":
		s.left, s.sinceLeft = ms, 0
	case "max_memory":
		s.memory = n
	case "thread_num": // Yixin Board's and Rapfi's; 0 for the engine's own choice
		s.threads = int(min(n, MaxThreadNum))
	case "hash_size": // Yixin Board's, in KiB; 0 for the engine's own choice
		s.hash = min(n, math.MaxInt64>>10) << 10
	case "rule":
		var r game.Rule
		r, s.rule = ruleOf(n, s.srv.Win)
		if s.rule != nil {
			s.reply("ERROR %v", s.rule)
			return
		}
		s.next = r
		if s.b != nil && len(s.b.Moves()) == 0 && s.b.Size().Rule != r {
			// Managers set the rule between START and the first move: it is this game's.
			size := s.b.Size()
			size.Rule = r
			s.b, _ = game.NewBoard(size, game.X) // a size the engine started with, under a rule it plays
		}
	}
}

// ruleOf returns the rule that the protocol's rule n names, or why the engine cannot play
// it. The bits combine as Gomocup's manager Piskvork sends them: 1 exactly five, 2
// continuous game, 4 renju, 8 caro. It plays 0, freestyle (win or more in a row); 1,
// exactly win in a row; 4, renju, when win is 5; 8, caro (a row of exactly win blocked at
// both ends by the opponent's stones does not win; longer rows win); and 9, caro with
// exactly win. 2 is renju too, as Yixin Board sends it and Rapfi reads it: Gomocup's
// "continuous game" is played in no league.
func ruleOf(n int64, win int) (game.Rule, error) {
	switch {
	case n == 0:
		return game.Freestyle, nil
	case n == 1:
		return game.Exact, nil
	case (n == 2 || n == 4) && win == 5:
		return game.Renju, nil
	case n == 2 || n == 4:
		return 0, fmt.Errorf("rule %d (renju) is not supported with %d in a row: renju is played with five", n, win)
	case n == 8:
		return game.Caro, nil
	case n == 9:
		return game.ExactCaro, nil
	}
	names := []string{1: "exact", 2: "continuous", 4: "renju", 8: "caro"}
	var named []string
	for bit := int64(1); bit <= 8; bit <<= 1 {
		if n&bit != 0 {
			named = append(named, names[bit])
		}
	}
	if n >= 16 {
		named = append(named, "16+")
	}
	return 0, fmt.Errorf("rule %d (%s): we play 0, 1, 2, 4, 8, 9", n, strings.Join(named, ", "))
}

// parseStone reads a line of BOARD, "X,Y,F": the cell and who holds it, 1 the engine and
// 2 the opponent.
func parseStone(s string) (game.Cell, int, error) {
	n, err := parseNumbers(s, 3)
	if err != nil {
		return game.Cell{}, 0, fmt.Errorf("want stones as X,Y,F: %v", err)
	}
	if f := n[2]; f != 1 && f != 2 {
		return game.Cell{}, 0, fmt.Errorf("stone %s: F is 1 (engine) or 2 (opponent), not %d", game.Quote(s), f)
	}
	return game.Cell{Row: n[1], Col: n[0]}, n[2], nil
}

// cellError rewords Play's error for the protocol, whose cells are X,Y.
func (s *session) cellError(err error) error {
	var f *game.ForbiddenError
	switch {
	case errors.Is(err, game.ErrOutOfRange):
		return fmt.Errorf("off the board, which is %d wide and %d high", s.b.Size().Cols, s.b.Size().Rows)
	case errors.Is(err, game.ErrTaken):
		return errors.New("the cell is taken")
	case errors.As(err, &f):
		return fmt.Errorf("forbidden for %v, the first player, under renju: %s", f.Mark, f.Reason)
	}
	return err
}

// feedBuffer is how much input one read may bring at once: a script's whole input, so
// that the lines it sent together come in one read.
const feedBuffer = 1 << 16

// feed reads the engine's input in a goroutine of its own, a line at a time when asked,
// so that the session can watch the input while the engine thinks. Lines read ahead
// wait in a queue, to be carried out in order.
type feed struct {
	want  chan struct{}  // asks the reader for the next line
	lines chan inputLine // the lines it reads
	done  chan struct{}  // closed when the session is over: the reader stops
	asked bool           // a line was asked for and has not come yet
	ended bool           // the reader has sent the end of the input, or a failure
	queue []inputLine    // lines read ahead, oldest first
}

// inputLine is one line read, or the error that ends the input (io.EOF at its end).
type inputLine struct {
	text string
	err  error
	// late is set when reading the line took a read of the input that happened after it
	// was asked for: the line, or its last part, arrived only then.
	late bool
}

// final reports whether the line ends the input: its end or a failure to read it.
func (l inputLine) final() bool { return l.err != nil && !errors.Is(l.err, game.ErrLineTooLong) }

// watchedReader notes whether it was read.
type watchedReader struct {
	r    io.Reader
	read bool
}

// Read reads from the reader it watches, noting that it did.
func (w *watchedReader) Read(p []byte) (int, error) {
	w.read = true
	return w.r.Read(p)
}

// newFeed starts reading r in a goroutine, which ends after the input does, or when
// stop is called and it is not in the middle of a read of r (then it ends when that read
// returns).
func newFeed(r io.Reader) (f *feed, stop func()) {
	f = &feed{want: make(chan struct{}, 1), lines: make(chan inputLine), done: make(chan struct{})}
	w := &watchedReader{r: r}
	in := game.NewConsole(bufio.NewReaderSize(w, feedBuffer), io.Discard)
	in.Comments = true // a line starting with # is a command we do not know
	go func() {
		for {
			select {
			case <-f.want:
			case <-f.done:
				return
			}
			w.read = false
			text, err := in.ReadLine()
			l := inputLine{text: text, err: err, late: w.read}
			select {
			case f.lines <- l:
			case <-f.done:
				return
			}
			if l.final() {
				return
			}
		}
	}()
	return f, func() { close(f.done) }
}

// ask asks the reader for the next line, unless it has been asked already or the input
// has ended.
func (f *feed) ask() {
	if !f.asked && !f.ended {
		f.asked = true
		f.want <- struct{}{}
	}
}

// receive takes in a line the reader has sent.
func (f *feed) receive(l inputLine) inputLine {
	f.asked = false
	f.ended = f.ended || l.final()
	return l
}

// next returns the next line: the oldest read ahead, or else the next of the input.
func (f *feed) next() inputLine {
	if len(f.queue) > 0 {
		l := f.queue[0]
		f.queue = f.queue[1:]
		return l
	}
	if f.ended {
		return inputLine{err: io.EOF} // cannot happen: the session ends with the input
	}
	f.ask()
	return f.receive(<-f.lines)
}
