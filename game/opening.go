package game

import (
	"math/rand/v2"
	"strings"
)

// Opening is a position to start games from: its cells, X's and O's alternately from X,
// in the order they are placed.
type Opening []Cell

// String lists the opening's stones as "X 5 5, O 4 6, X 6 4", or "none" when it is empty.
func (op Opening) String() string {
	if len(op) == 0 {
		return "none"
	}
	s := make([]string, len(op))
	for i, c := range op {
		m := X
		if i%2 == 1 {
			m = O
		}
		s[i] = m.String() + " " + c.String()
	}
	return strings.Join(s, ", ")
}

// Board returns a board of size s, X to move first, with the opening's stones played.
func (op Opening) Board(s Size) (*Board, error) {
	b, err := NewBoard(s, X)
	if err != nil {
		return nil, err
	}
	for _, c := range op {
		if err := b.Play(c); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// OpeningStones is the most stones an opening holds: X, O and X, leaving O to move, as
// in the swap openings of five-in-a-row tournaments.
const OpeningStones = 3

// openingSide is the side of the square around the centre of the board where openings
// place their stones (less on a smaller board).
const openingSide = 5

// Balanced reports whether neither side has a threat on b: no line of Win cells holds
// Win−2 or more marks of one side (at least one) and none of the other's, which one or
// two moves would complete.
func Balanced(b *Board) bool {
	k := b.size.Win
	need := max(k-2, 1)
	for _, c := range b.moves {
		m := b.At(c)
		for _, d := range directions {
			// Every line of k cells through c: it starts i cells before c.
			for i := range k {
				start := Cell{c.Row - i*d.Row, c.Col - i*d.Col}
				end := Cell{start.Row + (k-1)*d.Row, start.Col + (k-1)*d.Col}
				if !b.Contains(start) || !b.Contains(end) {
					continue
				}
				own, other := 0, 0
				for j := range k {
					switch b.At(Cell{start.Row + j*d.Row, start.Col + j*d.Col}) {
					case m:
						own++
					case m.Opponent():
						other++
					}
				}
				if own >= need && other == 0 {
					return false
				}
			}
		}
	}
	return true
}

// Openings returns n balanced openings (see Balanced) for boards of size s, drawn with
// rng from every balanced opening whose stones lie in the square of side 5 around the
// centre (the whole board where it is smaller). They hold OpeningStones stones where the
// board has such openings, else the most stones that do (on a board where every stone is
// a threat, such as three in a row, none: every opening is the empty board). They are
// all different while there are enough of them; after that they repeat, each once before
// any twice. The same rng state gives the same openings.
func Openings(s Size, n int, rng *rand.Rand) []Opening {
	var all []Opening
	for stones := OpeningStones; stones >= 0 && len(all) == 0; stones-- {
		all = balancedOpenings(s, stones)
	}
	out := make([]Opening, 0, n)
	for len(out) < n {
		for i := 0; i < len(all) && len(out) < n; i++ {
			j := i + rng.IntN(len(all)-i)
			all[i], all[j] = all[j], all[i]
			out = append(out, all[i])
		}
	}
	return out
}

// balancedOpenings lists, in a fixed order, every balanced opening of the given number of
// stones within the centre square of boards of size s, each set of stones once.
func balancedOpenings(s Size, stones int) []Opening {
	rows, cols := min(openingSide, s.Rows), min(openingSide, s.Cols)
	top, left := (s.Rows-rows)/2, (s.Cols-cols)/2
	var cells []Cell
	for r := range rows {
		for c := range cols {
			cells = append(cells, Cell{top + r, left + c})
		}
	}
	var out []Opening
	nx, no := (stones+1)/2, stones/2
	for _, xi := range subsets(len(cells), nx) {
		for _, oi := range subsets(len(cells), no) {
			var a, o []Cell
			for _, i := range xi {
				a = append(a, cells[i])
			}
			for _, i := range oi {
				o = append(o, cells[i])
			}
			b, err := Setup(s, X, a, o)
			if err != nil || b.Over() || !Balanced(b) {
				continue // a cell given twice, or a line already made
			}
			out = append(out, Opening(b.Moves()))
		}
	}
	return out
}

// subsets returns every set of k indices below n, each in increasing order, the sets in
// lexicographic order.
func subsets(n, k int) [][]int {
	if k == 0 {
		return [][]int{nil}
	}
	var out [][]int
	for first := 0; first < n; first++ {
		for _, rest := range subsets(n-first-1, k-1) {
			set := []int{first}
			for _, i := range rest {
				set = append(set, first+1+i)
			}
			out = append(out, set)
		}
	}
	return out
}
