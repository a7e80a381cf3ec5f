package ai

import (
	"testing"

	"tictactoe/game"
)

// TestMemoryBoundsTable checks that Engine.Memory sizes the transposition table of a big
// board, a quarter of it up to the most and down to the least size, made again whenever
// the bound changes; and that where the proof table is made too, the two together keep
// within it.
func TestMemoryBoundsTable(t *testing.T) {
	big := game.Size{Rows: 15, Cols: 15, Win: 5}
	tests := []struct {
		memory int64
		want   int // entries
	}{
		{0, 1 << 20},
		{1 << 30, MaxTableEntries}, // a quarter of the bound is more than the most
		{350 << 20, 1 << 21},       // 48 MiB of 24-byte entries fit in 87.5 MiB, 96 MiB do not
		{10 << 20, 1 << 16},        // 1.5 MiB fit in 2.5 MiB, 3 MiB do not
		{1, 1 << 10},
		{0, 1 << 20},
	}
	m := &Engine{}
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
	// On a board proof-number search may solve, the two tables share the bound.
	m = &Engine{Memory: 10 << 20}
	b, _ = game.NewBoard(game.Size{Rows: 5, Cols: 6, Win: 4}, game.X)
	m.Analyze(b)
	if got := int64(len(m.s.table))*int64(entryBytes) + int64(len(m.s.prover.table))*proofEntryBytes; got > m.Memory {
		t.Errorf("Memory %d on %v: the tables take %d bytes", m.Memory, b.Size(), got)
	}
	if entryBytes != 24 {
		t.Errorf("an entry takes %d bytes; the docs say 24", entryBytes)
	}
}
