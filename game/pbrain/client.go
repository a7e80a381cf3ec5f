package pbrain

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
	"time"

	"tictactoe/game"
)

// Client is a game.Player whose moves come from an engine that speaks the protocol: it
// writes the commands to Out and reads the answers from In. It tells the engine each game
// as it goes: START (or RECTSTART), the INFO settings and BEGIN for a new game, TURN for
// the opponent's move, BOARD (the stones in the order played, 1 for the engine's, 2 for
// the other side's) for a game it joins late or that starts from an opening, and END on
// Close. It skips the MESSAGE and DEBUG lines the engine writes besides its answers.
//
// An engine that answers an illegal move, a line that is not a move, or nothing within
// Wait forfeits: Move fails with an error that wraps game.ErrForfeit and says why, and so
// does every later Move, since the engine may be out of step with the session; Err tells.
type Client struct {
	In    io.Reader     // the engine's output
	Out   io.Writer     // the engine's input
	Think time.Duration // the time a move may take, sent as timeout_turn
	Wait  time.Duration // how long to wait for an answer: Think and a grace
	// After is the clock the waits are read from: time.After.
	After func(time.Duration) <-chan time.Time

	lines chan engineLine
	size  game.Size
	known []game.Cell // the moves of this game that the engine has been told or has made
	err   error
	// checked is set by Check's START, for the next game of the size it checked (the
	// arena's boards are all one size), which then sends none of its own.
	checked bool
}

// engineLine is one line read from the engine, or the error that ended its output.
type engineLine struct {
	text string
	err  error
}

// protocolRule is the protocol's number for each rule, as INFO rule sends it.
var protocolRule = [...]int{game.Freestyle: 0, game.Exact: 1, game.Renju: 4, game.Caro: 8, game.ExactCaro: 9}

// startWait is the least time an engine is given to answer START: some load files first.
const startWait = 5 * time.Second

// Err returns the error of the move that the engine forfeited, or nil.
func (r *Client) Err() error { return r.err }

// Move tells the engine what has happened on b since its last move and returns its answer.
func (r *Client) Move(b *game.Board) (game.Cell, error) {
	if r.err != nil {
		return game.Cell{}, r.err
	}
	c, err := r.move(b)
	if err != nil {
		r.err = fmt.Errorf("%w: %v", game.ErrForfeit, err)
		return game.Cell{}, r.err
	}
	return c, nil
}

// Close ends the session: it sends END.
func (r *Client) Close() error {
	_, err := fmt.Fprintln(r.Out, "END")
	return err
}

// move is Move before its error is made a forfeit.
func (r *Client) move(b *game.Board) (game.Cell, error) {
	moves, n := b.Moves(), len(r.known)
	if b.Size() == r.size && len(moves) == n+1 && slices.Equal(moves[:n], r.known) {
		last := moves[n]
		if err := r.send("TURN %s", pointString(last)); err != nil {
			return game.Cell{}, err
		}
	} else if err := r.newGame(b); err != nil {
		return game.Cell{}, err
	}
	line, err := r.answer(r.Wait)
	if err != nil {
		return game.Cell{}, err
	}
	c, err := parsePoint(line)
	switch {
	case err != nil:
		return game.Cell{}, fmt.Errorf("answered %s, not a move X,Y", game.QuoteN(line, 200))
	case !b.Contains(c):
		return game.Cell{}, fmt.Errorf("answered %s, off the board", pointString(c))
	case b.At(c) != game.Empty:
		return game.Cell{}, fmt.Errorf("answered %s (row and column %v), a cell that is taken", pointString(c), c)
	}
	if why, bad := b.Forbidden(c); bad {
		return game.Cell{}, fmt.Errorf("answered %s (row and column %v), forbidden for %v: %s", pointString(c), c, b.Turn(), why)
	}
	r.known = append(slices.Clone(moves), c)
	return c, nil
}

// Swap2 asks the engine Swap2's question on b, whose stones (none, three or five) are the
// opening so far: a new game on its side, then SWAP2BOARD with the stones in the order
// played, as X,Y lines, and DONE. It returns swap when the engine takes black (SWAP), else
// the stones it puts, in order: three on an empty board; one (it stays white) or two
// (white's and black's) after three; one after five. An answer that is none of those, or
// no answer in time, forfeits, as in Move; a game after Swap2 begins with BOARD.
func (r *Client) Swap2(b *game.Board) (swap bool, stones []game.Cell, err error) {
	if r.err != nil {
		return false, nil, r.err
	}
	swap, stones, err = r.swap2(b)
	if err != nil {
		r.err = fmt.Errorf("%w: %v", game.ErrForfeit, err)
		return false, nil, r.err
	}
	return swap, stones, nil
}

// swap2 is Swap2 before its error is made a forfeit.
func (r *Client) swap2(b *game.Board) (bool, []game.Cell, error) {
	r.known, r.size = nil, game.Size{} // the game that follows is sent whole
	cmds, err := r.settings(b.Size())
	if err != nil {
		return false, nil, err
	}
	cmds = append(cmds, "SWAP2BOARD")
	for _, c := range b.Moves() {
		cmds = append(cmds, pointString(c))
	}
	if err := r.send("%s", strings.Join(append(cmds, "DONE"), "\n")); err != nil {
		return false, nil, err
	}
	line, err := r.answer(r.Wait)
	if err != nil {
		return false, nil, err
	}
	played := len(b.Moves())
	if strings.EqualFold(line, "SWAP") && played > 0 {
		return true, nil, nil
	}
	want := map[int]string{0: "three stones", 3: "SWAP, one stone or two", 5: "SWAP or one stone"}[played]
	words := strings.Fields(line)
	if n := len(words); played == 0 && n != 3 || played == 3 && n != 1 && n != 2 || played == 5 && n != 1 {
		return false, nil, fmt.Errorf("answered %s to SWAP2BOARD with %s, not %s", game.QuoteN(line, 200), game.Plural(played, "stone"), want)
	}
	o := b.Clone()
	var stones []game.Cell
	for _, w := range words {
		c, err := parsePoint(w)
		if err == nil {
			err = o.Play(c)
		}
		if err != nil {
			return false, nil, fmt.Errorf("answered %s to SWAP2BOARD: %s: %v", game.QuoteN(line, 200), game.QuoteN(w, 20), err)
		}
		stones = append(stones, c)
	}
	return false, stones, nil
}

// settings starts a game of size on the engine's side (START, unless Check has) and
// returns the INFO settings it is then sent.
func (r *Client) settings(size game.Size) ([]string, error) {
	if r.checked {
		r.checked = false // Check's START begins this game
	} else if err := r.start(size); err != nil {
		return nil, err
	}
	return []string{
		fmt.Sprintf("INFO timeout_turn %d", r.Think.Milliseconds()),
		"INFO timeout_match 0",
		fmt.Sprintf("INFO rule %d", protocolRule[size.Rule]),
		"INFO game_type 1",
	}, nil
}

// newGame starts a game on the engine's side: the board, the settings, then BEGIN on an
// empty board or the position as BOARD.
func (r *Client) newGame(b *game.Board) error {
	r.known, r.size = nil, b.Size()
	cmds, err := r.settings(b.Size())
	if err != nil {
		return err
	}
	if len(b.Moves()) == 0 {
		cmds = append(cmds, "BEGIN")
	} else {
		cmds = append(cmds, "BOARD")
		for _, c := range b.Moves() {
			f := 2
			if b.At(c) == b.Turn() {
				f = 1
			}
			cmds = append(cmds, fmt.Sprintf("%s,%d", pointString(c), f))
		}
		cmds = append(cmds, "DONE")
	}
	return r.send("%s", strings.Join(cmds, "\n"))
}

// Check asks the engine for a board of size, as every game begins (see start), so that a
// board the engine does not play is found before the first game, which then sends no
// START of its own.
func (r *Client) Check(size game.Size) error {
	if err := r.start(size); err != nil {
		return err
	}
	r.checked = true
	return nil
}

// start sends START (RECTSTART where the board is not square) and fails with the
// engine's answer unless it is OK.
func (r *Client) start(size game.Size) error {
	start := fmt.Sprintf("START %d", size.Rows)
	if size.Rows != size.Cols {
		start = fmt.Sprintf("RECTSTART %d,%d", size.Cols, size.Rows)
	}
	if err := r.send("%s", start); err != nil {
		return err
	}
	ok, err := r.answer(max(r.Wait, startWait))
	if err != nil {
		return err
	}
	if !strings.EqualFold(ok, "OK") {
		return fmt.Errorf("answered %s to %s", game.QuoteN(ok, 200), start)
	}
	return nil
}

// send writes one command, or several on lines of their own.
func (r *Client) send(format string, args ...any) error {
	if _, err := fmt.Fprintf(r.Out, format+"\n", args...); err != nil {
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
			err = pe.Err // the pipe's name says nothing
		}
		return fmt.Errorf("cannot send it a command: %v", err)
	}
	return nil
}

// answer returns the engine's next line that is not a MESSAGE or DEBUG line, waiting at
// most wait for it.
func (r *Client) answer(wait time.Duration) (string, error) {
	if r.lines == nil {
		r.lines = make(chan engineLine, 1)
		go r.read()
	}
	timeout := r.After(wait)
	for {
		select {
		case l := <-r.lines:
			word, _, _ := strings.Cut(strings.TrimSpace(l.text), " ")
			switch {
			case errors.Is(l.err, io.EOF):
				return "", errors.New("its output ended")
			case strings.EqualFold(word, "MESSAGE") || strings.EqualFold(word, "DEBUG"):
				continue // however long
			case l.err != nil:
				return "", fmt.Errorf("reading its answer: %v, starting %s", l.err, game.Quote(l.text))
			}
			return strings.TrimSpace(l.text), nil
		case <-timeout:
			return "", fmt.Errorf("no answer within %v", wait)
		}
	}
}

// read hands the engine's lines to answer until its output ends.
func (r *Client) read() {
	in := game.NewConsole(r.In, io.Discard)
	in.Comments = true
	for {
		line, err := in.ReadLine()
		r.lines <- engineLine{line, err}
		if err != nil && !errors.Is(err, game.ErrLineTooLong) {
			return
		}
	}
}
