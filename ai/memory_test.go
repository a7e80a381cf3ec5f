package ai

import (
	"testing"

	"tictactoe/game"
)

// TestMemoryBoundsTable checks that Engine.Memory sizes the transposition table of a big
// board, half of it up to the most and down to the least size, and Engine.Hash in its
// place, made again whenever either changes; and that where the proof table is made too,
// the two together keep within it.
func TestMemoryBoundsTable(t *testing.T) {
	big := game.Size{Rows: 15, Cols: 15, Win: 5}
	tests := []struct {
		memory, hash int64
		want         int // entries
	}{
		{0, 0, 1 << 20},
		{1 << 34, 0, maxHashEntries}, // half the bound is more than the most
		{350 << 20, 0, 1 << 22},      // 96 MiB of 24-byte entries fit in 175 MiB, 192 MiB do not
		{10 << 20, 0, 1 << 17},       // 3 MiB fit in 5 MiB, 6 MiB do not
		{1, 0, 1 << 10},
		{0, 0, 1 << 20},
		{0, 64 << 20, 1 << 21},         // 48 MiB fit in 64 MiB, 96 MiB do not
		{0, 1 << 40, maxHashEntries},   // no more than the most
		{100 << 20, 64 << 20, 1 << 21}, // within half the bound: 48 MiB
		{40 << 20, 64 << 20, 1 << 19},  // within half the bound: 12 MiB fit in 20 MiB
	}
	m := &Engine{}
	b, _ := game.NewBoard(big, game.X)
	for _, tt := range tests {
		m.Memory, m.Hash = tt.memory, tt.hash
		if _, err := m.Move(b); err != nil {
			t.Fatal(err)
		}
		if got := len(m.s.table); got != tt.want {
			t.Errorf("Memory %d, Hash %d: %d entries (%d bytes), want %d", tt.memory, tt.hash, got, uint64(got)*entryBytes, tt.want)
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
