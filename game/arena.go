package game

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// ErrForfeit is wrapped by the error of a player that loses the game by breaking the
// rules of play: an illegal move, an answer that is not a move, or no answer in time.
var ErrForfeit = errors.New("forfeits")

// Arena plays computer against computer: Games games between Players[X], who moves
// first, and Players[O], on empty boards of Size. A player that forfeits a game (its
// error wraps ErrForfeit) or plays a move the rule forbids loses it, with a line on Out
// that says why.
//
// With Openings (one or more), Games is not used: each opening is played twice, first
// with Players[X] as X and Players[O] as O, then with the two swapped, from the same
// stones by mark, and the table also gives each player's wins and the score of
// Players[X] over all the games, with its Elo difference and 95% interval.
//
// With Swap2, Games games are played from the empty board by the Swap2 opening rule (see
// Swapper), Players[X] opening the odd games and Players[O] the even ones, and the table
// is the one of openings, with how many games the opener won.
type Arena struct {
	Size     Size
	Players  [3]Player // indexed by Mark
	Names    [3]string // how the table names each player
	Games    int
	Openings []Opening // each played twice, the players swapped; none: Games games
	Swap2    bool      // Games games opened by Swap2; both players must be Swappers
	Out      io.Writer
	// Verbose prints each game: its number, the computer's moves, the final board and the
	// result, and each opening's stones before its first game.
	Verbose bool
	// Style is how Verbose draws the final boards.
	Style Style
	// Progress, if set, is called before each game with its number, from 1, and with 0
	// when the games are over, before the table is written.
	Progress func(game int)
}

// Run plays the games and writes the table of results, ending with the line
// "Totals: N games, X wins A, O wins B, draws D". It fails on the first error of a
// player that is not a forfeit.
func (a *Arena) Run() error {
	games := a.Games
	if len(a.Openings) > 0 {
		games = 2 * len(a.Openings)
	}
	paired := len(a.Openings) > 0 || a.Swap2 // each player plays both marks
	var wins [3]int                          // by winner; draws in Empty
	var byPlayer [2][3]int                   // wins by player (0 for Players[X], 1 for Players[O]) and mark
	openers := 0                             // with Swap2, the games the opener won
	for i := 1; i <= games; i++ {
		if a.Progress != nil {
			a.Progress(i)
		}
		var o Outcome
		var swapped bool
		var err error
		if a.Swap2 {
			o, swapped, err = a.swap2Game(i)
			if err == nil && o.Winner != Empty && (o.Winner == X) != (swapped == (i%2 == 1)) {
				openers++ // the opener of odd games is Players[X], who plays O when swapped
			}
		} else {
			o, swapped, err = a.openingGame(i)
		}
		if err != nil {
			return fmt.Errorf("game %d: %w", i, err)
		}
		wins[o.Winner]++
		if o.Winner != Empty {
			p := 0
			if swapped != (o.Winner == O) {
				p = 1
			}
			byPlayer[p][o.Winner]++
		}
	}
	if a.Progress != nil {
		a.Progress(0)
	}
	pct := func(n int) string { return fmt.Sprintf("%5.1f%%", 100*float64(n)/float64(games)) }
	row := func(label string, n int, note string) {
		line := strings.TrimSpace(fmt.Sprintf("%-8s %7d %7s  %s", label, n, pct(n), note))
		fmt.Fprintln(a.Out, Wrap(line, Width, strings.Repeat(" ", 26))) // a long name under itself
	}
	fmt.Fprintf(a.Out, "%-8s %7s %7s\n", "", "games", "share")
	names := a.Names
	if paired {
		names = [3]string{} // each played both marks
	}
	row("X wins", wins[X], names[X])
	row("O wins", wins[O], names[O])
	row("draws", wins[Empty], "")
	if a.Swap2 {
		row("openers", openers, "wins by the player who put the first three stones")
	}
	if paired {
		for p, m := range []Mark{X, O} {
			w := byPlayer[p]
			row("wins", w[X]+w[O], fmt.Sprintf("%s: %d as X, %d as O", a.Names[m], w[X], w[O]))
		}
		s := Score{Wins: byPlayer[0][X] + byPlayer[0][O], Draws: wins[Empty], Losses: byPlayer[1][X] + byPlayer[1][O]}
		lo, hi := s.Interval()
		fmt.Fprintf(a.Out, "Score: %s %.1f%% (%g of %d games), Elo %s, 95%% interval %s to %s\n",
			a.Names[X], 100*s.Ratio(), s.Points(), s.Games(), FormatElo(Elo(s.Ratio())), FormatElo(Elo(lo)), FormatElo(Elo(hi)))
	}
	fmt.Fprintf(a.Out, "Totals: %d games, X wins %d, O wins %d, draws %d\n", games, wins[X], wins[O], wins[Empty])
	return nil
}

// openingGame plays game number i from the empty board, or from its opening (each
// played twice, the players swapped in the second game), and returns its outcome and
// whether Players[O] played X.
func (a *Arena) openingGame(i int) (o Outcome, swapped bool, err error) {
	players, names := a.Players, a.Names
	var opening Opening
	if len(a.Openings) > 0 {
		opening = a.Openings[(i-1)/2]
		if a.Verbose && i%2 == 1 {
			fmt.Fprintf(a.Out, "Opening %d: %v\n", (i+1)/2, opening)
		}
		if swapped = i%2 == 0; swapped {
			players[X], players[O] = players[O], players[X]
			names[X], names[O] = names[O], names[X]
		}
	}
	b, err := opening.Board(a.Size)
	if err != nil {
		return Outcome{}, swapped, err
	}
	o, err = a.play(i, players, names, b)
	return o, swapped, err
}

// play plays game number i between players, named names, from b, and returns its
// outcome, a forfeit counted as a win for the other side.
func (a *Arena) play(i int, players [3]Player, names [3]string, b *Board) (Outcome, error) {
	g := &Game{Board: b, Players: players, Out: io.Discard, Style: a.Style}
	if a.Verbose {
		if len(a.Openings) > 0 || a.Swap2 {
			fmt.Fprintln(a.Out, Wrap(fmt.Sprintf("Game %d (%s as X, %s as O)", i, names[X], names[O]), Width, "  "))
		} else {
			fmt.Fprintf(a.Out, "Game %d\n", i)
		}
		g.Out = a.Out
	}
	o, err := g.Run()
	if f := (*ForbiddenError)(nil); errors.As(err, &f) {
		err = fmt.Errorf("%w: played %v, forbidden for %v: %s", ErrForfeit, f.Cell, f.Mark, f.Reason)
	}
	if errors.Is(err, ErrForfeit) {
		loser := b.Turn()
		forfeited(a.Out, i, loser, names[loser], err)
		o, err = Outcome{Status: Won, Winner: loser.Opponent()}, nil
	}
	if err != nil {
		return o, err
	}
	if a.Verbose {
		fmt.Fprintf(a.Out, "Result: %v\n", o)
	}
	return o, nil
}

// forfeited writes the line that says game i was forfeited by the player of loser, named
// name, and why, wrapped within Width as a game's first line is.
func forfeited(out io.Writer, i int, loser Mark, name string, why error) {
	fmt.Fprintln(out, Wrap(fmt.Sprintf("Game %d: %v (%s) %v", i, loser, name, why), Width, "  "))
}
