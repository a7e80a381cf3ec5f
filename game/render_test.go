package game_test

import (
	"fmt"

	"tictactoe/game"
)

func ExampleBoard_Render() {
	b, _ := game.ParseBoard("XO.|.X.|..O", 3, game.X)
	fmt.Print(b.Render(""))
	// Output:
	//     1   2   3
	//  1  X | O |
	//    ---|---|---
	//  2    | X |
	//    ---|---|---
	//  3    |   | O
}
