package ai

import (
	"testing"

	"tictactoe/game"
)

// TestMemoryBoundsTable checks that Minimax.Memory bounds the transposition table, down
// to its least size, and that the table is made again when the bound shrinks.
func TestMemoryBoundsTable(t *testing.T) {
	big := game.Size{Rows: 15, Cols: 15, Win: 5}
	tests := []struct {
		memory int64
		want   int // entries
	}{
		{0, 1 << 20},
		{1 << 30, 1 << 20},
		{10 << 20, 1 << 18}, // 6 MiB of 24-byte entries fit in 10 MiB, 12 MiB do not
		{1, 1 << 10},
	}
	m := &Minimax{}
	b, _ := game.NewBoard(big, game.X)
	for _, tt := range tests {
		m.Memory = tt.memory
		if _, err := m.Move(b); err != nil {
			t.Fatal(err)
		}
		if got := len(m.s.table); got != tt.want {
			t.Errorf("Memory %d: %d entries (%d bytes), want %d", tt.memory, got, uint64(got)*entryBytes, tt.want)
		}
	}
	if entryBytes != 24 {
		t.Errorf("an entry takes %d bytes; the docs say 24", entryBytes)
	}
}
