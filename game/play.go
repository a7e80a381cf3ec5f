package game

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Player chooses the moves of one side.
type Player interface {
	// Move returns the cell to play on b, where it is this player's turn. It does not
	// change b, except that a Human's undo takes moves back and returns ErrUndone.
	Move(b *Board) (Cell, error)
}

// The errors that end or interrupt a Player's Move.
var (
	// ErrQuit is returned when the person abandons the game.
	ErrQuit = errors.New("game abandoned")
	// ErrInputEnded is returned when the input ends before the game does.
	ErrInputEnded = errors.New("input ended before the game finished")
	// ErrUndone is returned by a Move that took moves back: ask whoever's turn it now is.
	ErrUndone = errors.New("moves taken back")
)

// Game is one game between two players on a board: Run asks the player whose turn it is
// for a move until the game is over, drawing the board for the people at the keyboard.
type Game struct {
	Board   *Board
	Players [3]Player // indexed by Mark: Players[X] and Players[O]
	Out     io.Writer
	Color   bool  // highlight the winning line: green when a person won, red when a computer did
	Style   Style // how the board is drawn
	// Notes, if set, receives a comment line for each computer move, "# computer (O): 2 2",
	// for a record of the session that replays itself.
	Notes io.Writer
	// Explain, if set, returns a line on why the computer chose c on b, the board before
	// the move, written after the line of the move; "" writes nothing.
	Explain func(b *Board, c Cell) string
}

// Run plays the game to its end and returns the outcome. It stops early with ErrQuit or
// ErrInputEnded from a person, or with the error of a computer player that failed or
// chose an illegal move; the board then holds the moves so far.
func (g *Game) Run() (Outcome, error) {
	b := g.Board
	shown := false // the board on screen is up to date
	for !b.Over() {
		m := b.Turn()
		p := g.Players[m]
		_, human := p.(*Human)
		if human && !shown {
			fmt.Fprint(g.Out, b.Draw(g.Style, ""))
			shown = true
		}
		var before *Board
		if !human && g.Explain != nil {
			before = b.Clone()
		}
		c, err := p.Move(b)
		if errors.Is(err, ErrUndone) {
			shown = false
			continue
		}
		if err != nil {
			return b.Outcome(), err
		}
		if err := b.Play(c); err != nil {
			if human {
				fmt.Fprintf(g.Out, "error: %v\n", err)
				continue
			}
			return b.Outcome(), fmt.Errorf("computer (%v): %w", m, err)
		}
		shown = false
		if human {
			g.noWin(c)
		}
		if !human {
			fmt.Fprintf(g.Out, "%s%v) plays %v\n", computerPhrase, m, c)
			if before != nil {
				if why := g.Explain(before, c); why != "" {
					fmt.Fprintln(g.Out, Wrap(why, Width, "  "))
				}
			}
			if g.Notes != nil {
				fmt.Fprintf(g.Notes, "# computer (%v): %v\n", m, c)
			}
		}
	}
	o := b.Outcome()
	highlight := ""
	if g.Color && o.Status == Won {
		highlight = Red
		if _, human := g.Players[o.Winner].(*Human); human {
			highlight = Green
		}
	}
	fmt.Fprint(g.Out, b.Draw(g.Style, highlight))
	return o, nil
}

// noWin says so when the person's move in c made a row that is no win: longer than Win
// under Exact, or under the caro rules exactly Win and blocked at both ends (or longer
// under ExactCaro); unless the move won all the same, along another line.
func (g *Game) noWin(c Cell) {
	b := g.Board
	rule := b.Size().Rule
	if rule != Exact && !rule.IsCaro() || b.Outcome().Status == Won {
		return
	}
	switch n := b.longest(c); {
	case n > b.Size().Win && rule.LongLoses(true):
		fmt.Fprintf(g.Out, "%d in a row is no win under the %v rule\n", n, rule)
	case n == b.Size().Win && rule.IsCaro():
		fmt.Fprintf(g.Out, "%d in a row blocked at both ends is no win under the %v rule\n", n, rule)
	}
}

// HumanHelp lists what a person can type at a move prompt, within Width columns. undoReply
// says what undo does, as Human.UndoReply: with it, undo takes back the person's last move
// and the reply; without it, as between two people, the last move.
func HumanHelp(undoReply bool) string {
	undo := "the last move"
	if undoReply {
		undo = "your last move and the reply"
	}
	return Wrap(`Type a move as ROW COL, 1-based, row first: "2 3" or "2,3".
Commands: help (this list), hint (the best move and its value), undo (take back `+undo+
		`), quit (abandon the game and go back to the menu).`, Width, "")
}

// Human is the person at the keyboard: it prompts on its Console and reads moves and
// commands until it has a move that is on the board.
type Human struct {
	Console *Console
	Prompt  string // "Your move (X)"; Ask adds ": "
	// Hint, if set, answers the hint command with a move and its value.
	Hint func(b *Board) string
	// UndoReply makes undo take back the opponent's reply as well as this player's move,
	// as against a computer. Without it undo takes back the last move, whoever made it.
	UndoReply bool
}

// Move prompts until the person types a move that is on the board, or a command that
// ends the game or takes moves back. A taken cell is for Board.Play to refuse.
func (h *Human) Move(b *Board) (Cell, error) {
	out := h.Console.Out
	for {
		line, err := h.Console.Ask(h.Prompt)
		switch {
		case errors.Is(err, ErrLineTooLong):
			fmt.Fprintf(out, "error: %s is not a move: %v\n", QuoteN(line, quoteLong), err)
			continue
		case errors.Is(err, io.EOF):
			return Cell{}, ErrInputEnded
		case err != nil:
			return Cell{}, fmt.Errorf("reading input: %w", err)
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "help", "?":
			fmt.Fprintln(out, HumanHelp(h.UndoReply))
		case "quit":
			return Cell{}, ErrQuit
		case "hint":
			if h.Hint == nil {
				fmt.Fprintln(out, "no hint available")
			} else {
				fmt.Fprintln(out, Wrap("hint: "+h.Hint(b), Width, "  "))
			}
		case "undo":
			if h.undo(b) {
				return Cell{}, ErrUndone
			}
		default:
			c, err := ParseMove(line, b.Size())
			if err != nil {
				fmt.Fprintf(out, "error: %v\n", err)
				continue
			}
			return c, nil
		}
	}
}

// undo takes back moves for the undo command and says which; it reports whether any were.
func (h *Human) undo(b *Board) bool {
	out := h.Console.Out
	moves := b.Moves()
	n := min(1, len(moves))
	if h.UndoReply {
		// Back to and including this player's last move: moves by b.First() are the even ones.
		n = 0
		for i := len(moves) - 1; i >= 0; i-- {
			if (i%2 == 0) == (b.First() == b.Turn()) {
				n = len(moves) - i
				break
			}
		}
	}
	if n == 0 {
		fmt.Fprintln(out, "nothing to undo")
		return false
	}
	var taken []string
	for range n {
		c, _ := b.Undo()
		taken = append(taken, c.String())
	}
	fmt.Fprintf(out, "took back %s\n", strings.Join(taken, " and "))
	return true
}
