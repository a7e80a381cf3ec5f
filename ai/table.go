package ai

import (
	"math/rand/v2"
	"unsafe"
)

// zobrist holds the random keys of the position hash: one per symmetry, cell and mark,
// and one for the side to move.
type zobrist struct {
	cell [][][3]uint64 // cell[s][c][m]: the key of mark m in cell c seen through symmetry s
	turn uint64
}

func newZobrist(g *geometry) *zobrist {
	rng := rand.New(rand.NewPCG(0x7a6f62726973, uint64(g.n))) // fixed: hashes do not depend on the game's seed
	base := make([][3]uint64, g.n)
	for c := range base {
		base[c] = [3]uint64{0, rng.Uint64(), rng.Uint64()}
	}
	z := &zobrist{turn: rng.Uint64()}
	for _, perm := range g.syms {
		keys := make([][3]uint64, g.n)
		for c := range keys {
			keys[c] = base[perm[c]]
		}
		z.cell = append(z.cell, keys)
	}
	return z
}

// provenDepth marks a table entry whose subtree was searched to the end of the game.
const provenDepth = 255

// MaxTableEntries bounds the transposition table: 1<<22 entries of 24 bytes, 96 MiB, on
// boards of 18 to 64 cells, the ones that may be solved; a 3×3 board gets 1<<13 entries
// (192 KiB), a 4×4 board 1<<20 (24 MiB), and a board of more than 64 cells, which is
// searched only to a deadline, 1<<20, or with a bound on memory half of it (see
// newSearcher).
const MaxTableEntries = 1 << 22

// fitTable returns the number of entries of a table that wants size entries (a power of
// two) of entryBytes each and may take memory bytes (0 for no bound): size halved until
// it fits, but never below 1<<10 entries.
func fitTable(size, entryBytes uint64, memory int64) uint64 {
	for memory > 0 && size > 1<<10 && int64(size*entryBytes) > memory {
		size /= 2
	}
	return size
}

// entryBytes is the size of an entry.
const entryBytes = uint64(unsafe.Sizeof(entry{}))

// entry is one transposition-table slot: bounds on the value of the position with this
// key, from a search of the given depth, and the best move found, in the frame of the
// symmetry that gives the key.
type entry struct {
	key    uint64
	lo, hi int32 // lo <= value <= hi, node-relative (see toTable)
	depth  uint8 // remaining depth searched, or provenDepth
	move   int16 // best move in the canonical frame, or -1
}

// toTable turns a root-relative score at ply into one relative to the node, so that the
// entry holds for the same position reached at any ply; fromTable undoes it.
func toTable(v, ply int) int32 {
	switch {
	case v >= inf || v <= -inf:
	case v > mate:
		v += ply
	case v < -mate:
		v -= ply
	}
	return int32(v)
}

func fromTable(v int32, ply int) int {
	s := int(v)
	switch {
	case s >= inf || s <= -inf:
	case s > mate:
		s -= ply
	case s < -mate:
		s += ply
	}
	return s
}

// store records a search's result in the table slot e.
func (s *searcher) store(e *entry, key uint64, sym, v, alpha, beta, depth, ply int, proven bool, move int) {
	d := uint8(min(max(depth, 0), provenDepth-1))
	if proven {
		d = provenDepth
	}
	lo, hi := int32(-inf), int32(inf)
	if v > alpha {
		lo = toTable(v, ply)
	}
	if v < beta {
		hi = toTable(v, ply)
	}
	if e.key == key && e.depth == d {
		lo, hi = max(lo, e.lo), min(hi, e.hi) // both bounds hold: keep the tighter of each
	} else if e.key == key && e.depth > d {
		return // what is there was searched deeper
	}
	m := int16(-1)
	if move >= 0 {
		m = int16(s.g.syms[sym][move])
	}
	*e = entry{key: key, lo: lo, hi: hi, depth: d, move: m}
}
