package pbrain

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"tictactoe/game"
)

// Swap2's thresholds on the chance that white, to move after three stones, wins, as the
// engine judges it: below swapBelow the engine takes black (SWAP), above stayAbove it
// stays white and plays; in between it puts two more stones and leaves the choice to
// the opponent. After five stones it takes black below one half.
const (
	swapBelow = 0.35
	stayAbove = 0.65
)

// swap2Openings is how many three-stone openings the engine judges when it opens a Swap2
// game: the one it judges nearest to even is put.
const swap2Openings = 8

// swap2 carries out SWAP2BOARD: it reads the stones played so far, in the order played
// (black first), as "X,Y" or "X,Y,F" lines up to DONE, and answers as Swap2 asks: with no
// stone, three (black, white, black); with three, SWAP (the engine takes black), a move
// (it stays white) or two moves (white's, then black's: the opponent chooses a colour);
// with five, SWAP or a move. The engine's judgement (Server.Judge) decides. It reports
// whether the session is over: END or the end of the input before DONE.
func (s *session) swap2() (end bool) {
	var stones []game.Cell
	bad, end := s.body(func(line string) error {
		c, err := parseSwapStone(line)
		stones = append(stones, c)
		return err
	})
	if end {
		return true
	}
	if bad != nil {
		s.reply("ERROR SWAP2BOARD refused: %v", bad)
		return false
	}
	if !s.ready() {
		return false
	}
	if s.srv.Judge == nil {
		s.reply("ERROR SWAP2BOARD: this engine does not play Swap2")
		return false
	}
	size := s.b.Size()
	size.Rule = s.next
	b, err := game.NewBoard(size, game.X)
	for i := 0; err == nil && i < len(stones); i++ {
		if err = b.Play(stones[i]); err != nil {
			err = fmt.Errorf("stone %s: %v", pointString(stones[i]), s.cellError(err))
		}
	}
	switch {
	case err != nil:
	case len(stones) != 0 && len(stones) != 3 && len(stones) != 5:
		err = fmt.Errorf("%s: Swap2 asks after 0, 3 or 5", game.Plural(len(stones), "stone"))
	case b.Over():
		err = over(b, game.Empty)
	}
	if err != nil {
		s.reply("ERROR SWAP2BOARD refused: %v", err)
		return false
	}
	answer, err := s.swapAnswer(b)
	if err != nil {
		s.reply("ERROR SWAP2BOARD: %v", err)
		return false
	}
	s.b = b
	s.reply("%s", answer)
	return false
}

// swapAnswer returns the engine's answer to Swap2 on b, with b's stones (0, 3 or 5) the
// ones played, and plays on b the stones it puts. The engine's colour is then known only
// where it stays white; otherwise the next command says it (see opponentMove).
func (s *session) swapAnswer(b *game.Board) (string, error) {
	lim := s.limits()
	s.own = game.Empty
	played := len(b.Moves())
	swap, stones, err := Swap2Answer(b, func(b *game.Board, shares int) (game.Cell, float64, error) {
		return s.judge(b, lim, shares)
	})
	if err != nil {
		return "", err
	}
	if swap {
		return "SWAP", nil
	}
	if played > 0 && len(stones) == 1 {
		s.own = game.O // it stays white and has played white's move
	}
	words := make([]string, len(stones))
	for i, c := range stones {
		if err := b.Play(c); err != nil {
			return "", err
		}
		words[i] = pointString(c)
	}
	return strings.Join(words, " "), nil
}

// A Swap2Judge returns a side's move on b, where it is that side's turn, and its chance of
// winning, 0 to 1, as the engine judges it, spending one of shares parts of a move's time.
type Swap2Judge func(b *game.Board, shares int) (game.Cell, float64, error)

// Swap2Answer returns the answer to Swap2's question on b, whose stones are the ones
// played so far: with none, the three stones of an opening (black, white, black; see
// swap2Opening); with three, swap (take black) when white's chance is below swapBelow,
// white's move when it is above stayAbove, else white's move and black's reply (the
// other side then chooses a colour); with five, swap when white's chance is below one
// half, else white's move. judge decides; b is left as it was.
func Swap2Answer(b *game.Board, judge Swap2Judge) (swap bool, stones []game.Cell, err error) {
	switch len(b.Moves()) {
	case 0:
		three, err := swap2Opening(b, judge)
		return false, three[:], err
	case 3:
		move, chance, err := judge(b, 3)
		switch {
		case err != nil:
			return false, nil, err
		case chance < swapBelow:
			return true, nil, nil
		case chance > stayAbove:
			return false, []game.Cell{move}, nil
		}
		o := b.Clone()
		if err := o.Play(move); err != nil {
			return false, nil, err
		}
		reply, _, err := judge(o, 3)
		return false, []game.Cell{move, reply}, err
	case 5: // white to move
		move, chance, err := judge(b, 1)
		switch {
		case err != nil:
			return false, nil, err
		case chance < 0.5:
			return true, nil, nil
		}
		return false, []game.Cell{move}, nil
	}
	return false, nil, fmt.Errorf("%s: Swap2 asks after 0, 3 or 5", game.Plural(len(b.Moves()), "stone"))
}

// swap2Opening returns the three stones of a Swap2 opening on the empty board b: of
// swap2Openings openings near the centre (black at the centre, white next to it, black
// within two cells), the first of those judge finds nearest to even for white.
func swap2Opening(b *game.Board, judge Swap2Judge) ([3]game.Cell, error) {
	size := b.Size()
	centre := game.Cell{Row: (size.Rows - 1) / 2, Col: (size.Cols - 1) / 2}
	var candidates [][3]game.Cell
	for _, w := range [][2]int{{0, 1}, {1, 1}} { // white beside or diagonal: the rest by symmetry
		white := game.Cell{Row: centre.Row + w[0], Col: centre.Col + w[1]}
		for dr := -2; dr <= 2; dr++ {
			for dc := -2; dc <= 2; dc++ {
				black := game.Cell{Row: centre.Row + dr, Col: centre.Col + dc}
				if black != centre && black != white && b.Contains(black) && b.Contains(white) {
					candidates = append(candidates, [3]game.Cell{centre, white, black})
				}
			}
		}
	}
	if len(candidates) == 0 {
		return [3]game.Cell{}, errors.New("the board is too small for an opening")
	}
	best, nearest := candidates[0], 2.0
	step := max(1, (len(candidates)+swap2Openings-1)/swap2Openings) // at most swap2Openings judged
	for i := 0; i < len(candidates); i += step {
		o := b.Clone()
		if o.Play(candidates[i][0]) != nil || o.Play(candidates[i][1]) != nil || o.Play(candidates[i][2]) != nil || o.Over() {
			continue
		}
		_, chance, err := judge(o, swap2Openings)
		if err != nil {
			return [3]game.Cell{}, err
		}
		if d := max(chance-0.5, 0.5-chance); d < nearest {
			best, nearest = candidates[i], d
		}
	}
	return best, nil
}

// judge asks the engine for its move on b and the chance that the side to move wins,
// with one of shares parts of the move's time.
func (s *session) judge(b *game.Board, lim Limits, shares int) (game.Cell, float64, error) {
	lim.Think = max(time.Millisecond, lim.Think/time.Duration(shares))
	return s.srv.Judge(b, lim)
}

// parseSwapStone reads a line of SWAP2BOARD: "X,Y", or "X,Y,F" as in BOARD (F is read
// and not needed: the stones come in the order played, black first).
func parseSwapStone(line string) (game.Cell, error) {
	if strings.Count(line, ",") == 2 {
		c, _, err := parseStone(line)
		return c, err
	}
	p, err := parsePoint(line)
	if err != nil {
		return game.Cell{}, fmt.Errorf("want stones as X,Y or X,Y,F: %v", err)
	}
	return p, nil
}
