package game

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Arena plays computer against computer: Games games between Players[X], who moves
// first, and Players[O], on empty boards of Size. A player that forfeits a game (its
// error wraps ErrForfeit) or plays a move the rule forbids loses it, with a line on Out
// that says why.
type Arena struct {
	Size    Size
	Players [3]Player // indexed by Mark
	Names   [3]string // how the table names each player
	Games   int
	Out     io.Writer
	// Verbose prints each game: its number, the computer's moves, the final board and the
	// result.
	Verbose bool
	// Progress, if set, is called before each game with its number, from 1.
	Progress func(game int)
}

// Run plays the games and writes the table of results, ending with the line
// "Totals: N games, X wins A, O wins B, draws D". It fails on the first error of a
// player that is not a forfeit.
func (a *Arena) Run() error {
	var wins [3]int // by winner; draws in Empty
	for i := 1; i <= a.Games; i++ {
		if a.Progress != nil {
			a.Progress(i)
		}
		o, err := a.play(i)
		if err != nil {
			return fmt.Errorf("game %d: %w", i, err)
		}
		wins[o.Winner]++
	}
	pct := func(n int) string { return fmt.Sprintf("%5.1f%%", 100*float64(n)/float64(a.Games)) }
	fmt.Fprintf(a.Out, "%-8s %7s %7s\n", "", "games", "share")
	for _, r := range []struct {
		label string
		mark  Mark
	}{{"X wins", X}, {"O wins", O}, {"draws", Empty}} {
		row := fmt.Sprintf("%-8s %7d %7s  %s", r.label, wins[r.mark], pct(wins[r.mark]), a.Names[r.mark])
		fmt.Fprintln(a.Out, strings.TrimSpace(row))
	}
	fmt.Fprintf(a.Out, "Totals: %d games, X wins %d, O wins %d, draws %d\n", a.Games, wins[X], wins[O], wins[Empty])
	return nil
}

// play plays game number i and returns its outcome, a forfeit counted as a win for the
// other side.
func (a *Arena) play(i int) (Outcome, error) {
	b, err := NewBoard(a.Size, X)
	if err != nil {
		return Outcome{}, err
	}
	g := &Game{Board: b, Players: a.Players, Out: io.Discard}
	if a.Verbose {
		fmt.Fprintf(a.Out, "Game %d\n", i)
		g.Out = a.Out
	}
	o, err := g.Run()
	if f := (*forbiddenError)(nil); errors.As(err, &f) {
		err = fmt.Errorf("%w: played %v, forbidden for %v: %s", ErrForfeit, f.cell, f.mark, f.reason)
	}
	if errors.Is(err, ErrForfeit) {
		loser := b.Turn()
		fmt.Fprintf(a.Out, "Game %d: %v (%s) %v\n", i, loser, a.Names[loser], err)
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
