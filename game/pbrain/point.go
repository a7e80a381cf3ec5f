package pbrain

import (
	"fmt"
	"strconv"
	"strings"

	"tictactoe/game"
)

// parsePoint reads the protocol's coordinates "X,Y", X the column and Y the row, both
// 0-based, as a Cell.
func parsePoint(s string) (game.Cell, error) {
	n, err := parseNumbers(s, 2)
	if err != nil {
		return game.Cell{}, err
	}
	return game.Cell{Row: n[1], Col: n[0]}, nil
}

// parseNumbers reads want whole numbers separated by commas, with blanks around them.
func parseNumbers(s string, want int) ([]int, error) {
	parts := strings.Split(s, ",")
	if len(parts) != want {
		return nil, fmt.Errorf("%s is not %d numbers separated by commas", game.Quote(s), want)
	}
	n := make([]int, want)
	for i, p := range parts {
		p = strings.TrimSpace(p)
		v, err := strconv.Atoi(p)
		if !game.IsInteger(p) || err != nil {
			return nil, fmt.Errorf("%s in %s is not a number we can use", game.Quote(p), game.Quote(s))
		}
		n[i] = v
	}
	return n, nil
}

// pointString writes a cell in the protocol's form, "X,Y".
func pointString(c game.Cell) string { return fmt.Sprintf("%d,%d", c.Col, c.Row) }
