package game

import (
	"errors"
	"fmt"
	"slices"
)

// A Swapper is a Player that can answer the questions of Swap2, the opening rule of
// gomoku's championships: on the empty board it puts three stones (black, white,
// black); after three, it takes black (swap), stays white and plays white's move (one
// stone), or puts a white and a black stone (two) and leaves the choice of colour to
// the other side; after five, it takes black (swap) or plays white's move. Swap2 is
// given the board of the opening so far and does not change it.
type Swapper interface {
	Player
	Swap2(b *Board) (swap bool, stones []Cell, err error)
}

// swap2Game plays game number i opened by Swap2, Players[X] opening the odd games and
// Players[O] the even ones, and returns its outcome and whether Players[O] played X
// (black). A player that forfeits in the opening loses, as X when no colour was chosen.
func (a *Arena) swap2Game(i int) (o Outcome, swapped bool, err error) {
	opener, other := X, O // indexes into Players
	if i%2 == 0 {
		opener, other = O, X
	}
	b, err := NewBoard(a.Size, X)
	if err != nil {
		return Outcome{}, false, err
	}
	if a.Verbose {
		fmt.Fprintf(a.Out, "Game %d's Swap2 opening:\n", i)
	}
	var role [3]string
	role[opener], role[other] = "opener", "second"
	// ask asks who at this point of the opening and plays the stones it puts, one of
	// counts of them, unless it swaps (where swap is allowed).
	ask := func(who Mark, swapAllowed bool, counts ...int) (swap bool, err error) {
		p, ok := a.Players[who].(Swapper)
		if !ok {
			return false, fmt.Errorf("%s does not answer Swap2", a.Names[who])
		}
		swap, stones, err := p.Swap2(b.Clone())
		switch {
		case err != nil:
		case swap && !swapAllowed:
			err = fmt.Errorf("%w: swapped on the empty board", ErrForfeit)
		case !swap && !slices.Contains(counts, len(stones)):
			err = fmt.Errorf("%w: put %s where Swap2 wants %v", ErrForfeit, Plural(len(stones), "stone"), counts)
		}
		for _, c := range stones {
			if err == nil {
				if err = b.Play(c); err != nil {
					err = fmt.Errorf("%w: put a stone in %v: %v", ErrForfeit, c, err)
				}
			}
		}
		if err == nil && a.Verbose {
			what := "swaps: takes black"
			if !swap {
				what = "puts " + JoinCells(stones)
			}
			fmt.Fprintln(a.Out, Wrap(fmt.Sprintf("  %s (%s) %s", a.Names[who], role[who], what), Width, "    "))
		}
		return swap, err
	}
	black := Empty // the player, by index, who plays X
	asked := opener
	_, err = ask(opener, false, 3) // a swap here is refused: it forfeits
	if err == nil {
		asked = other
		var swap bool
		if swap, err = ask(other, true, 1, 2); err == nil {
			switch {
			case swap:
				black = other
			case len(b.Moves()) == 4:
				black = opener
			default:
				asked = opener
				if swap, err = ask(opener, true, 1); err == nil {
					black = other
					if swap {
						black = opener
					}
				}
			}
		}
	}
	if errors.Is(err, ErrForfeit) {
		if black == Empty {
			black = asked
		}
		loser := X
		if asked != black {
			loser = O
		}
		forfeited(a.Out, i, loser, a.Names[asked], err)
		return Outcome{Status: Won, Winner: loser.Opponent()}, black == O, nil
	}
	if err != nil {
		return Outcome{}, false, err
	}
	players, names := a.Players, a.Names
	if black == O {
		players[X], players[O] = players[O], players[X]
		names[X], names[O] = names[O], names[X]
	}
	o, err = a.play(i, players, names, b)
	return o, black == O, err
}
