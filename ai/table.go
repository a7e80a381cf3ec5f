package ai

import (
	"math/rand/v2"
	"sync/atomic"
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

// entryBytes is the size of an entry in the table (a slot).
const entryBytes = uint64(unsafe.Sizeof(ttSlot{}))

// entry is what a transposition-table slot holds: bounds on the value of the position
// with this key, from a search of the given depth, and the best move found, in the frame
// of the symmetry that gives the key.
type entry struct {
	key    uint64
	lo, hi int32 // lo <= value <= hi, node-relative (see toTable)
	depth  uint8 // remaining depth searched, or provenDepth
	move   int16 // best move in the canonical frame, or -1
}

// ttSlot is one entry of the table as it is kept, so that searches on several goroutines
// (see Engine.Threads) can share it without a lock: three words, each read and written
// whole, the first the key XOR the other two. A slot that one goroutine has half written
// when another reads it fails that check and reads as empty, as it does for any other
// key: the lockless hashing of chess engines.
type ttSlot struct {
	check, bounds, rest atomic.Uint64
}

// load returns the entry in t and true when it holds key's.
func (t *ttSlot) load(key uint64) (entry, bool) {
	b, r := t.bounds.Load(), t.rest.Load()
	if t.check.Load()^b^r != key {
		return entry{}, false
	}
	return entry{key: key, lo: int32(uint32(b)), hi: int32(uint32(b >> 32)), depth: uint8(r), move: int16(uint16(r >> 8))}, true
}

// save writes e into t.
func (t *ttSlot) save(e entry) {
	b := uint64(uint32(e.lo)) | uint64(uint32(e.hi))<<32
	r := uint64(e.depth) | uint64(uint16(e.move))<<8
	t.bounds.Store(b)
	t.rest.Store(r)
	t.check.Store(e.key ^ b ^ r)
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

// store records a search's result in the table slot t.
func (s *searcher) store(t *ttSlot, key uint64, sym, v, alpha, beta, depth, ply int, proven bool, move int) {
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
	if e, ok := t.load(key); ok && e.depth == d {
		lo, hi = max(lo, e.lo), min(hi, e.hi) // both bounds hold: keep the tighter of each
	} else if ok && e.depth > d {
		return // what is there was searched deeper
	}
	m := int16(-1)
	if move >= 0 {
		m = int16(s.g.syms[sym][move])
	}
	t.save(entry{key: key, lo: lo, hi: hi, depth: d, move: m})
}
