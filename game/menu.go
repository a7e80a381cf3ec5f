package game

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
)

// Menu is one session at the menu: 1 plays a game, 2 shows the rules, review names where
// the person's last game against the computer turned, help says so, 0 (or q, quit, exit)
// exits. Every game reads the same Console as the menu, so piped input is never lost
// between them.
type Menu struct {
	Console  *Console
	Errs     io.Writer // where SeedNote goes
	Size     Size
	Symbol   string // the person's mark: "x", "o" or "random", drawn again for each game
	First    string // who moves first: "human", "computer" or "random"
	Two      bool   // two people at one keyboard: the mark Symbol names moves first
	Label    string // the computer's strategy, as the greeting names it
	Level    int    // the ladder's level the computer plays at, which the rules screen gives; 0 for none
	Computer Player // kept from game to game
	Rand     *rand.Rand
	Color    bool
	Style    Style // how the boards are drawn
	// Hint answers a person's hint command; see Human.
	Hint func(b *Board) string
	// Review returns a line saying where the person playing me on b, a finished game,
	// lost ground, or "" when there is nothing to say: asked is set for the review
	// command, unset after a lost game.
	Review func(b *Board, me Mark, asked bool) string
	// Explain, if set, is the games' Explain: a line on why the computer chose its move.
	Explain func(b *Board, c Cell) string
	// Record, if set, receives comments with the computer's moves and the results.
	Record io.Writer
	// SeedNote, if set, is written to Errs before each game.
	SeedNote string
	// HelpNote, if set, ends the menu's help: where the flags are listed, say.
	HelpNote string

	score      [3]int // wins by mark for two people, else the person's in X and the computer's in O; draws in Empty
	last       *Board // the last game played against the computer, for review
	lastMe     Mark   // the person's mark in it
	reviewable bool   // last can be reviewed (see reviewCells)
}

// reviewCells is the most cells of a board on which any game against the computer can be
// reviewed, as the computer's solver settles it; on bigger boards only a game the person
// lost, where threat search may have found the win against them.
const reviewCells = 64

// Run runs the menu loop until 0 or the end of the input. It fails only when the input
// ends in the middle of a game, or on an error that is not the user's.
func (m *Menu) Run() error {
	if m.Size.Rule == Renju {
		fmt.Fprintf(m.Console.Out, "Tic-tac-toe: %v rules, %d in a row wins.\n", m.Size, m.Size.Win)
	} else {
		fmt.Fprintf(m.Console.Out, "Tic-tac-toe: %v wins.\n", m.Size)
	}
	for {
		if m.reviewable {
			fmt.Fprintln(m.Console.Out, "1) play   2) rules   review) your last game   0) exit")
		} else {
			fmt.Fprintln(m.Console.Out, "1) play   2) rules   0) exit")
		}
		line, err := m.Console.Ask("Choice")
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, ErrLineTooLong):
			fmt.Fprintf(m.Console.Out, "error: %s is not a choice: %v\n", QuoteN(line, quoteLong), err)
			continue
		case err != nil:
			return fmt.Errorf("reading input: %w", err)
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "1":
			if err := m.play(); err != nil {
				return err
			}
		case "2":
			fmt.Fprint(m.Console.Out, m.rules())
		case "review":
			m.review(true)
		case "help", "?":
			fmt.Fprint(m.Console.Out, m.help())
		case "0", "q", "quit", "exit":
			fmt.Fprintln(m.Console.Out, "Bye!")
			return nil
		default:
			want := "1, 2, 0 or help"
			if m.reviewable {
				want = "1, 2, review, 0 or help"
			}
			fmt.Fprintf(m.Console.Out, "error: %s is not a choice: type %s\n", Quote(line), want)
		}
	}
}

// play sets up one game from the flags, plays it and reports the result and the score.
// A game the person quits is not scored; one the input ends in the middle of is an error.
func (m *Menu) play() error {
	me := O
	if m.pick(m.Symbol, "x", "o") == "x" {
		me = X
	}
	first := me
	if m.pick(m.First, "human", "computer") == "computer" {
		first = me.Opponent()
	}
	b, err := NewBoard(m.Size, first)
	if err != nil {
		return err
	}
	g := &Game{Board: b, Out: m.Console.Out, Color: m.Color, Style: m.Style, Explain: m.Explain}
	if m.Record != nil {
		g.Notes = m.Record
	}
	if m.SeedNote != "" {
		fmt.Fprintln(m.Errs, m.SeedNote)
	}
	two := m.Two
	if two {
		for _, mark := range []Mark{X, O} {
			g.Players[mark] = &Human{Console: m.Console, Prompt: fmt.Sprintf("Player %v, your move", mark), Hint: m.Hint}
		}
		fmt.Fprintf(m.Console.Out, "Two players, X and O; %v moves first.\n", first)
	} else {
		g.Players[me] = &Human{Console: m.Console, Prompt: fmt.Sprintf("Your move (%v)", me), UndoReply: true, Hint: m.Hint}
		g.Players[me.Opponent()] = m.Computer
		who := "you move"
		if first != me {
			who = "the computer moves"
		}
		fmt.Fprintf(m.Console.Out, "You are %v, the computer (%s) is %v; %s first.\n", me, m.Label, me.Opponent(), who)
		m.last, m.lastMe = b, me
		m.reviewable = m.Size.Rows*m.Size.Cols <= reviewCells
	}
	o, err := g.Run()
	switch {
	case errors.Is(err, ErrQuit):
		fmt.Fprintln(m.Console.Out, "Game abandoned.")
		return nil
	case err != nil:
		fmt.Fprintln(m.Console.Out, "The game is unfinished.")
		return err
	}
	fmt.Fprintf(m.Console.Out, "Result: %v\n", o)
	if m.Record != nil {
		fmt.Fprintf(m.Record, "# result: %v\n", o)
	}
	m.report(o, me)
	if !two && o.Status == Won && o.Winner != me {
		m.reviewable = true
		m.review(false)
	}
	return nil
}

// review writes where the person's last game against the computer turned, as Review
// words it.
func (m *Menu) review(asked bool) {
	switch {
	case m.last == nil:
		fmt.Fprintln(m.Console.Out, "review: no game against the computer to review yet")
		return
	case !m.reviewable:
		fmt.Fprintf(m.Console.Out, "review: on a board of more than %d cells only a game you lost can be reviewed\n", reviewCells)
		return
	}
	if m.Review == nil {
		return
	}
	if line := m.Review(m.last, m.lastMe, asked); line != "" {
		fmt.Fprintln(m.Console.Out, Wrap(line, Width, "  "))
	}
}

// report writes a sentence about the finished game and the session's score, counting it.
func (m *Menu) report(o Outcome, me Mark) {
	two := m.Two
	var sentence string
	switch {
	case o.Status == Drawn:
		sentence = "A draw: nobody wins."
	case two:
		sentence = fmt.Sprintf("%v wins. Well played!", o.Winner)
	case o.Winner == me:
		sentence = "You win! Well played."
	default:
		sentence = "The computer wins. Better luck next time."
	}
	fmt.Fprintln(m.Console.Out, sentence)
	// Score slots: X and O by mark for two people; the person in X's, the computer in O's.
	slot := o.Winner
	if !two && o.Status == Won {
		slot = X
		if o.Winner != me {
			slot = O
		}
	}
	m.score[slot]++
	if two {
		fmt.Fprintf(m.Console.Out, "Score: X %d, O %d, draws %d\n", m.score[X], m.score[O], m.score[Empty])
	} else {
		fmt.Fprintf(m.Console.Out, "Score: you %d, computer %d, draws %d\n", m.score[X], m.score[O], m.score[Empty])
	}
}

// pick resolves a flag value that may be "random" to a or b, with the session's generator.
func (m *Menu) pick(v, a, b string) string {
	if v != "random" {
		return v
	}
	if m.Rand.IntN(2) == 0 {
		return a
	}
	return b
}

// help is the text of the menu's help: what each choice does.
func (m *Menu) help() string {
	var sb strings.Builder
	sb.WriteString("  1       play a game (in the game, help lists what you can type)\n")
	sb.WriteString("  2       the rules, and what you can type in a game\n")
	if !m.Two {
		sb.WriteString("  review  where your last game against the computer turned\n")
	}
	sb.WriteString("  0       exit; q, quit and exit do the same\n")
	if m.HelpNote != "" {
		sb.WriteString(Wrap(m.HelpNote, Width, "") + "\n")
	}
	return sb.String()
}

// rules is the text of the rules screen, within Width columns.
func (m *Menu) rules() string {
	size := m.Size
	win := fmt.Sprintf("The first to get %d in a row, across, down or diagonally, wins; a longer row counts.", size.Win)
	switch size.Rule {
	case Exact:
		win = fmt.Sprintf("The first to get exactly %d in a row, across, down or diagonally, wins; a longer row wins for nobody, and the game goes on.", size.Win)
	case Renju:
		win = "The first to get 5 in a row, across, down or diagonally, wins, under the renju " +
			"rules for the first player (black): it wins only with exactly five, and may not make " +
			"six or more in a row, two fours at once, or two threes at once (rows that one more " +
			"move turns into an open four, .XXXX.); a move that makes five is always allowed. " +
			"The second player wins with five or more. A forbidden move is refused."
	case Caro, ExactCaro:
		long := "a longer row counts"
		if size.Rule == ExactCaro {
			long = "a longer row wins for nobody"
		}
		win = fmt.Sprintf("The first to get %d in a row, across, down or diagonally, wins, under the caro "+
			"rule: a row of exactly %d with the other player's marks just beyond both ends does not "+
			"win, and the game goes on; the board's edge blocks nothing; %s.", size.Win, size.Win, long)
	}
	how := fmt.Sprintf("  Two players, X and O, take turns putting their mark in a free cell of a %d×%d board. %s When the board is full and nobody has, the game is a draw.",
		size.Rows, size.Cols, win)
	var sb strings.Builder
	undo := "take back your last move and the computer's reply"
	if m.Two {
		undo = "take back the last move, whoever made it"
	}
	sb.WriteString("How to play\n" + Wrap(how, Width, "  ") + "\n")
	if m.Level > 0 && !m.Two {
		level := fmt.Sprintf("level %d of 10", m.Level)
		if name, _, ok := strings.Cut(m.Label, ": "); ok { // "medium: level 5"
			level += " (" + name + ")"
		}
		sb.WriteString(Wrap("  The computer plays at "+level+".", Width, "  ") + "\n")
	}
	sb.WriteString(`
At a move prompt
  ROW COL   a move, row first, as the board numbers them: "2 3" or "2,3"
  help      what you can type
  hint      the best move and what it is worth
  undo      ` + undo + `
  quit      abandon the game and go back to the menu
  # ...     a comment, ignored anywhere, so a recorded game can carry notes

At the menu type 1 to play, 2 for these rules, 0 to exit.
`)
	return sb.String()
}
