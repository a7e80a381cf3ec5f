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

// parseNumbers reads want whole numbers separated by commas, with blanks around them. Its
// errors say what is wrong with s in words that follow the form the caller names, "X,Y".
func parseNumbers(s string, want int) ([]int, error) {
	parts := strings.Split(s, ",")
	if len(parts) != want {
		return nil, fmt.Errorf("%s is not in that form", game.Quote(s))
	}
	n := make([]int, want)
	for i, p := range parts {
		p = strings.TrimSpace(p)
		v, err := strconv.Atoi(p)
		switch {
		case !game.IsInteger(p):
			return nil, fmt.Errorf("%s is not a whole number", game.Quote(p))
		case err != nil:
			return nil, fmt.Errorf("%s is out of range", game.Quote(p))
		}
		n[i] = v
	}
	return n, nil
}

// pointString writes a cell in the protocol's form, "X,Y".
func pointString(c game.Cell) string { return fmt.Sprintf("%d,%d", c.Col, c.Row) }
