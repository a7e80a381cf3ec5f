package ai

import (
	"slices"
	"unsafe"

	"tictactoe/game"
)

// Proof-number search proves or disproves that one side, the attacker, wins: df-pn, the
// depth-first form (Nagai 2002), with the 1+ε threshold of Pawlewicz and Lew (2007). Each
// position holds a proof number, the fewest positions that must still be settled to prove
// the win, and a disproof number, the fewest to disprove it; the search always grows the
// tree where the numbers are smallest. Its leaves are settled, where they can be, without
// a search of their own: a line already made or made next, two fours at once, the
// Erdős–Selfridge criterion (the attacker can be stopped from completing any line), a win
// by continuous fours of the side to move, either side (see fours.go), and pairing
// strategies (see draws.go). Where the side to move faces the other side's win by
// fours if it passed, it tries only the moves that could stop it: the cells of that
// win's zone, and its own fours (see defences). Positions that are equal under a
// symmetry of the board share one entry.

// pnInf is the proof or disproof number of a settled position: a proven win has proof
// number 0 and disproof number pnInf, a disproven one the reverse.
const pnInf = 1 << 30

// proofEntry is one slot of the proof table: the proof and disproof numbers of the
// position with this key (for one attacker), the positions spent on it, and, once it is
// settled, the plies to the end of the game along the proof.
type proofEntry struct {
	key    uint64
	pn, dn uint32
	work   uint32
	plies  uint16
	proof  uint16 // the proof that wrote it
}

// proofEntryBytes is the size of a proof table entry.
const proofEntryBytes = int64(unsafe.Sizeof(proofEntry{}))

// proofTableSize is the number of slots of the proof table: 1<<20 of 24 bytes, 24 MiB,
// unless Engine.Memory asks for less. A bigger one settles 4×8 with four in a row in
// no fewer positions, and takes longer: its slots are further apart in memory.
const proofTableSize = 1 << 20

// attackerSalt keeps the entries of the two attackers apart.
var attackerSalt = [3]uint64{game.X: 0x6a09e667f3bcc909, game.O: 0xbb67ae8584caa73b}

// leafThreats is how many positions the threat search may visit to settle one leaf or to
// find the zone that a position's moves must answer.
const leafThreats = 4096

// prover is a proof-number search for one board size, sharing its searcher's count of
// positions and deadline and its threat search.
type prover struct {
	s        *searcher
	t        *threatSearch
	pairs    *pairer
	fours    fourSearch
	open     []uint64 // keys of positions that leaf found open, lest it look again
	mobility bool     // whether open positions start with numbers that count their moves
	table    []proofEntry
	attacker game.Mark
	proof    uint16         // counts the proofs, for the entries they write
	kids     [][]proofChild // the children of the position at each ply
}

// proofChild is a move of the position being searched and the key of the position it
// leads to.
type proofChild struct {
	cell   int
	key    uint64
	pn, dn uint32 // its numbers when last known, for when the table has lost them
	plies  int
}

// mobilityWin is the longest line for which a position that no search has reached yet
// starts with numbers that count its moves, as df-pn's usual refinement does, rather
// than 1 and 1: the proof number of a position where the defender is to move, and the
// disproof number of one where the attacker is, is its count of free cells (1 where it
// must block a four). That sends the search down forcing lines first, which pays where
// fours come cheap, with four in a row; with five, where the draws come from pairings, it
// costs more than it saves.
const mobilityWin = 4

// openLeaves is the number of slots of the prover's table of open leaves (2 MiB).
const openLeaves = 1 << 18

// newProver returns the prover of s's board size, a bitboard, with a proof table that
// takes at most half of s.bound when that is set (the transposition table has the other
// half; see newSearcher).
func newProver(s *searcher) *prover {
	if s.threat == nil {
		s.threat = newThreatSearch(s)
	}
	size := fitTable(proofTableSize, uint64(proofEntryBytes), s.bound/2)
	return &prover{
		s: s, t: s.threat, pairs: newPairer(s.g), fours: newFourSearch(s.g),
		open: make([]uint64, openLeaves), table: make([]proofEntry, size),
		mobility: s.g.size.Win <= mobilityWin,
	}
}

// key returns the table key of p for the current attacker.
func (r *prover) key(p *position) uint64 {
	k, _ := p.key()
	return k ^ attackerSalt[r.attacker]
}

// probe returns the entry of key, or nil.
func (r *prover) probe(key uint64) *proofEntry {
	i := key & uint64(len(r.table)-1) &^ 1
	for j := i; j < i+2; j++ {
		if r.table[j].key == key {
			return &r.table[j]
		}
	}
	return nil
}

// after returns the entry of the position that move c leads to from p, or nil.
func (r *prover) after(p *position, c int) *proofEntry {
	p.play(c)
	defer p.undo()
	return r.probe(r.key(p))
}

// store records the numbers of key in its bucket of two, in place of the entry that cost
// less.
func (r *prover) store(key uint64, pn, dn uint32, work int64, plies int) {
	i := key & uint64(len(r.table)-1) &^ 1
	e := &r.table[i]
	if r.table[i+1].key == key || e.key != key && r.worth(&r.table[i+1]) < r.worth(e) {
		e = &r.table[i+1]
	}
	*e = proofEntry{key: key, pn: pn, dn: dn, work: uint32(min(work, 1<<32-1)), plies: uint16(plies), proof: r.proof}
}

// worth is what keeping e is worth, for choosing which entry of a bucket to replace: the
// positions spent on it, but nothing for an open position of an earlier proof, whose
// numbers only guided a search that is over.
func (r *prover) worth(e *proofEntry) uint32 {
	if e.proof != r.proof && e.pn != 0 && e.dn != 0 {
		return 0
	}
	return e.work
}

// prove settles whether attacker wins from p with best play, and in how many plies along
// the proof. It reports settled false when the searcher stopped first.
func (r *prover) prove(p *position, attacker game.Mark) (won, settled bool, plies int) {
	r.attacker = attacker
	r.proof++
	key := r.key(p)
	if e := r.probe(key); e != nil && (e.pn == 0 || e.dn == 0) {
		return e.pn == 0, true, int(e.plies)
	}
	for !r.s.stopped {
		if pn, dn, plies := r.mid(p, 0, key, pnInf-1, pnInf-1); pn == 0 || dn == 0 {
			return pn == 0, !r.s.stopped, plies
		}
	}
	return false, false, 0
}

// leaf settles p, whose key is key, without searching its moves where it can: it returns
// the numbers of a proven or disproven position and the plies to the end, and ok false
// when p needs a search. When listed is set, p is being listed among the children of
// the position being searched, and if the attacker is to move only the cheap tests are
// made: the dear ones wait until the search reaches p, and it reaches every move of the
// defender only in the positions it proves.
func (r *prover) leaf(p *position, key uint64, listed bool) (pn, dn uint32, plies int, ok bool) {
	a := r.attacker
	result := func(winner game.Mark, n int) (uint32, uint32, int, bool) {
		if winner == a {
			return 0, pnInf, n, true
		}
		return pnInf, 0, 0, true
	}
	me, them := p.turn, p.turn.Opponent()
	var buf [2]int
	switch {
	case p.won:
		return result(them, 0)
	case p.threats(me) > 0:
		return result(me, 1)
	case len(p.wins(them, buf[:0])) > 1:
		return result(them, 2)
	case p.drawn() || p.blocked(a):
		return result(game.Empty, 0)
	case listed && me == a:
		return 0, 0, 0, false
	}
	// The dearer tests, unless they found this position open before.
	open := &r.open[key&uint64(len(r.open)-1)]
	if *open == key {
		return 0, 0, 0, false
	}
	if me != a && p.blockedAfterMove(a) {
		return result(game.Empty, 0)
	}
	// A win by fours of the side to move settles the position either way: a proof when
	// it is the attacker's, a disproof when it is the defender's.
	if len(p.shape[me][1].lines) > 0 { // else no move makes a four
		plies, won, nodes := r.fours.win(p, leafThreats)
		r.s.charge(nodes)
		if won {
			return result(me, plies)
		}
	}
	drawn := r.pairs.draws(p, a)
	r.s.charge(int64(r.pairs.tried / pairStepsPerPosition))
	if drawn {
		return result(game.Empty, 0)
	}
	*open = key
	return 0, 0, 0, false
}

// moves returns the moves of p worth searching, best first: the win when the side to
// move has a four; the block when the other side has one; else, when the other side
// would win by fours if it could move again, the cells of that win's zone and the moves
// that make a four; else every empty cell, with one cell through which no line is open
// standing for all such cells. It also returns how soon the other side wins after a
// move left out (0 when none is).
func (r *prover) moves(p *position, ply int) ([]int, int) {
	me, them := p.turn, p.turn.Opponent()
	r.s.scratch(ply)
	if p.threats(me) > 0 {
		return p.winningCells(me, r.s.buf[ply][:0], 1), 0
	}
	if p.threats(them) > 0 {
		return p.winningCells(them, r.s.buf[ply][:0], 1), 0
	}
	r.t.nodes, r.t.limit, r.t.stopped = 0, leafThreats, false
	zone, plies, ok := r.t.defences(p, nil)
	r.t.stopped = false
	moves, all := r.s.order(p, ply, -1, r.s.width(ply, 0, false), false)
	if !ok || !all {
		return moves, 0
	}
	kept := moves[:0]
	for _, c := range moves {
		if slices.Contains(zone, c) {
			kept = append(kept, c)
		}
	}
	return kept, plies
}

// mid is the heart of df-pn: it searches p, whose key is key, until its proof number
// reaches thpn or its disproof number thdn, records them in the table and returns them,
// with the plies of a proven win. The parent keeps what it returns too: the table may
// lose it to a sibling's entry at once, and a parent that read only the table would then
// search the same child again and again.
func (r *prover) mid(p *position, ply int, key uint64, thpn, thdn uint32) (pn, dn uint32, plies int) {
	start := r.s.nodes
	if r.s.count() {
		return 1, 1, 0
	}
	if r.probe(key) == nil { // settled once, perhaps, and lost from the table since
		if pn, dn, plies, ok := r.leaf(p, key, false); ok {
			r.store(key, pn, dn, 1, plies)
			return pn, dn, plies
		}
	}
	or := p.turn == r.attacker
	moves, skipped := r.moves(p, ply)
	for len(r.kids) <= ply {
		r.kids = append(r.kids, nil)
	}
	kids := r.kids[ply][:0]
	for _, c := range moves {
		p.play(c)
		kid := proofChild{cell: c, key: r.key(p), pn: 1, dn: 1}
		if r.probe(kid.key) == nil {
			r.s.charge(1) // a position looked at, as alpha-beta counts its own
			// Only what the leaf settles is kept: an open leaf counts 1 and 1 without
			// an entry, which would crowd out entries that cost a search.
			if pn, dn, plies, ok := r.leaf(p, kid.key, true); ok {
				r.store(kid.key, pn, dn, 1, plies)
				kid.pn, kid.dn, kid.plies = pn, dn, plies
			} else if r.mobility && p.threats(p.turn.Opponent()) == 0 {
				// Not forced to block: its side has about as many moves as free cells,
				// every one of which a proof (at the defender's turn) or a disproof
				// (at the attacker's) must settle.
				if p.turn == r.attacker {
					kid.dn = uint32(p.free)
				} else {
					kid.pn = uint32(p.free)
				}
			}
		}
		p.undo()
		kids = append(kids, kid)
	}
	r.kids[ply] = kids
	for {
		// The numbers of p from its children's: at the attacker's turn, the least proof
		// number and the sum of the disproof numbers; at the defender's, the reverse.
		best, second := -1, uint32(pnInf)
		var bestPn, bestDn uint32
		var least, sum uint64 = pnInf, 0
		plies = -1
		if !or {
			plies = skipped
		}
		for i, c := range kids {
			if e := r.probe(c.key); e != nil {
				c.pn, c.dn, c.plies = e.pn, e.dn, int(e.plies)
				kids[i] = c
			}
			cpn, cdn, cplies := c.pn, c.dn, c.plies
			mine, theirs := cpn, cdn // the number to minimise, and the one to add
			if !or {
				mine, theirs = cdn, cpn
			}
			sum += uint64(theirs)
			switch {
			case uint64(mine) < least:
				if best >= 0 {
					second = uint32(least)
				}
				least, best, bestPn, bestDn = uint64(mine), i, cpn, cdn
			case mine < second:
				second = mine
			}
			if cpn == 0 {
				if or && (plies < 0 || cplies+1 < plies) || !or && cplies+1 > plies {
					plies = cplies + 1
				}
			}
		}
		sum = min(sum, pnInf)
		if or {
			pn, dn = uint32(least), uint32(sum)
		} else {
			pn, dn = uint32(sum), uint32(least)
		}
		if pn >= thpn || dn >= thdn || r.s.stopped || best < 0 {
			break
		}
		// The child's thresholds: enough to overtake the second best by a margin (the
		// 1+ε rule, which saves switching back and forth), and what is left of ours.
		var cthpn, cthdn uint32
		if or {
			cthpn = min(thpn, epsilon(second))
			cthdn = uint32(min(uint64(thdn)-uint64(dn)+uint64(bestDn), pnInf))
		} else {
			cthdn = min(thdn, epsilon(second))
			cthpn = uint32(min(uint64(thpn)-uint64(pn)+uint64(bestPn), pnInf))
		}
		p.play(kids[best].cell)
		cpn, cdn, cplies := r.mid(p, ply+1, kids[best].key, cthpn, cthdn)
		p.undo()
		kids = r.kids[ply]
		kids[best].pn, kids[best].dn, kids[best].plies = cpn, cdn, cplies
	}
	if r.s.stopped {
		return
	}
	if pn != 0 {
		plies = 0
	}
	plies = max(plies, 0)
	r.store(key, pn, dn, r.s.nodes-start, plies)
	return pn, dn, plies
}

// epsilon returns the threshold that lets a child's number grow past n by a quarter,
// without reaching pnInf.
func epsilon(n uint32) uint32 {
	return uint32(min(uint64(n)+uint64(n)/4+1, pnInf-1))
}

// pairStepsPerPosition is how many pairs a pairing search tries in the time alpha-beta
// takes for a position: its steps are counted at that rate, so that a count of positions
// keeps pace with the clock (see searcher.charge).
const pairStepsPerPosition = 2
