package ai

import (
	"cmp"
	"slices"

	"tictactoe/game"
)

// Threat-space search (Allis 1994), as the package doc tells it, for any
// win length k. A four is a line one mark short of done, which the other side must block
// at once; a three is a line two marks short, which can become a four. The attacker is
// the side to move.
//
// VCF, victory by continuous fours: the attacker plays only moves that make a four, so
// every reply of the defender is forced, and the search wins when a move makes two fours
// that need different cells. VCT, victory by continuous threats: the attacker may also
// play a three, a move after which it would win by VCF if it could move again (it tries
// only threes after which one move would make two fours, such as an open three). The
// defender then has a choice, and the search tries every reply that could matter: the
// cells of the zone of that VCF (the lines of its fours, and the lines through the
// defender's forced replies that one more mark would make a four of the defender's), and
// every move that makes a four of the defender's own. A reply elsewhere leaves that VCF
// standing, move for move, so the attacker wins after it too. A win found either way is
// proven; a miss proves nothing.

// threatSearch is the threat-space search of one board size. It counts its positions in
// its searcher's count and stops with it, and it has its own table and its own cap on
// positions, so that the same call on the same position finds the same win.
type threatSearch struct {
	s     *searcher
	g     *geometry
	table []threatEntry
	mask  uint64
	gen   uint32 // entries of other generations are empty

	nodes, limit int64 // positions searched since find began, and the most allowed
	stopped      bool
	kind         int // the kind of the last win find found: kindVCF or kindVCT

	seen  cellMarks // the cells already collected into the list being collected
	score []int     // ordering scores of the list being collected
	lists [][]int   // take's and threatMoves' lists, a stack: in use up to used, kept for reuse
	used  int
}

// threatEntry is one slot of the threat table: what a search of the given kind found
// about the position with this key, with the attacker to move.
type threatEntry struct {
	key   uint64
	gen   uint32
	move  int16 // the winning move in the canonical frame, when won
	kind  uint8
	depth uint8 // the depth a miss was searched to
	plies uint8 // plies to the win, 0 when none was found
}

// The kinds of threat search, and the salts that keep their entries apart.
const (
	kindVCF = 1
	kindVCT = 2
)

var kindSalt = [...]uint64{kindVCF: 0x9e3779b97f4a7c15, kindVCT: 0xc2b2ae3d27d4eb4f}

// Depths of the threat searches: VCF's counts fours, VCT's counts threes (its fours,
// being forced, are free).
const (
	vcfDepth = 40
	vctDepth = 4
)

// threatTableSize is the number of slots of the threat table (6 MiB).
const threatTableSize = 1 << 18

func newThreatSearch(s *searcher) *threatSearch {
	return &threatSearch{
		s:     s,
		g:     s.g,
		table: make([]threatEntry, threatTableSize),
		mask:  threatTableSize - 1,
		seen:  cellMarks{seen: make([]uint32, s.g.n)},
		score: make([]int, s.g.n),
	}
}

// count counts a position and reports whether the search must stop.
func (t *threatSearch) count() bool {
	t.nodes++
	if t.nodes >= t.limit || t.s.count() {
		t.stopped = true
	}
	return t.stopped
}

func (t *threatSearch) probe(key uint64, kind int) (*threatEntry, bool) {
	key ^= kindSalt[kind]
	e := &t.table[key&t.mask]
	return e, e.key == key && e.gen == t.gen
}

func (t *threatSearch) store(e *threatEntry, key uint64, sym, kind, depth, plies, move int) {
	m := int16(-1)
	if move >= 0 {
		m = int16(t.g.syms[sym][move])
	}
	*e = threatEntry{key: key ^ kindSalt[kind], gen: t.gen, move: m, kind: uint8(kind), depth: uint8(depth), plies: uint8(min(plies, 255))}
}

// threatMoves returns the empty cells of m's lines that lack 2 to most+1 marks, the
// moves that make a four (most 1) or also a three (most 2), best first: by the fours and
// then the threes a move makes, then by cell. The list is taken from t.lists: the caller
// gives it back with done, the last taken first.
func (t *threatSearch) threatMoves(p *position, m game.Mark, most int) []int {
	moves := t.take()
	stamp, seen := t.seen.next(1), t.seen.seen
	k := t.g.size.Win
	for j := 1; j <= most; j++ {
		for _, l := range p.shape[m][j].lines {
			for _, c := range t.g.lines[l] {
				if p.cells[c] != game.Empty || seen[c] == stamp {
					continue
				}
				seen[c] = stamp
				score := 0
				for _, l := range t.g.through[c] {
					if p.openFor(m, l) {
						switch p.count[m][l] {
						case k - 2:
							score += 64
						case k - 3:
							score += 8
						case k - 4:
							score++
						}
					}
				}
				t.score[c] = score
				moves = append(moves, c)
			}
		}
	}
	slices.SortFunc(moves, func(a, b int) int {
		if c := cmp.Compare(t.score[b], t.score[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	return moves
}

// take returns an empty list from t.lists, for the caller to give back with done.
func (t *threatSearch) take() []int {
	if t.used == len(t.lists) {
		t.lists = append(t.lists, nil)
	}
	t.used++
	return t.lists[t.used-1][:0]
}

// done gives back the list that the last take or threatMoves still in use returned:
// lists are given back in the order opposite to the one they were taken in.
func (t *threatSearch) done(moves []int) {
	t.used--
	t.lists[t.used] = moves[:0] // it keeps what it grew to
}

// vcf reports whether the side to move wins by continuous fours with at most depth of
// them, and in how many plies.
func (t *threatSearch) vcf(p *position, depth int) (int, bool) {
	if t.count() {
		return 0, false
	}
	a, d := p.turn, p.turn.Opponent()
	if p.threats(a) > 0 {
		return 1, true
	}
	if depth <= 0 {
		return 0, false
	}
	key, sym := p.key()
	e, hit := t.probe(key, kindVCF)
	if hit && (e.plies > 0 || int(e.depth) >= depth) {
		return int(e.plies), e.plies > 0
	}
	then := func() (int, bool) { return t.reply(p, depth) }
	if p.threats(d) > 0 {
		var buf [2]int
		block := p.wins(d, buf[:0])
		if len(block) > 1 || !p.makesFour(p.turn, block[0]) {
			t.store(e, key, sym, kindVCF, provenDepth, 0, -1) // no four can wait for two blocks
			return 0, false
		}
		return t.attack(p, e, key, sym, kindVCF, depth, block, then)
	}
	return t.attackThreats(p, e, key, sym, kindVCF, depth, 1, then)
}

// attackThreats is attack over the side to move's threat moves (see threatMoves, with
// most), whose list it then gives back.
func (t *threatSearch) attackThreats(p *position, e *threatEntry, key uint64, sym, kind, depth, most int, then func() (int, bool)) (int, bool) {
	moves := t.threatMoves(p, p.turn, most)
	plies, ok := t.attack(p, e, key, sym, kind, depth, moves, then)
	t.done(moves)
	return plies, ok
}

// attack plays each of the attacker's moves in turn, with then telling what follows it
// (plies to the win from the defender's move, and whether it wins), and records in e
// what it found: the first move that wins, or a miss at depth.
func (t *threatSearch) attack(p *position, e *threatEntry, key uint64, sym, kind, depth int, moves []int, then func() (int, bool)) (int, bool) {
	for _, c := range moves {
		if !p.legal(c) {
			continue
		}
		p.play(c)
		plies, ok := then()
		p.undo()
		if t.stopped {
			return 0, false
		}
		if ok {
			t.store(e, key, sym, kind, depth, plies+1, c)
			return plies + 1, true
		}
	}
	t.store(e, key, sym, kind, depth, 0, -1)
	return 0, false
}

// reply is vcf after the attacker's four: the defender, who has no four, blocks.
func (t *threatSearch) reply(p *position, depth int) (int, bool) {
	var buf [2]int
	w := p.wins(p.turn.Opponent(), buf[:0])
	if len(w) > 1 || !p.legal(w[0]) {
		return 2, true // it blocks one, or none it may play; the other wins
	}
	p.play(w[0])
	plies, ok := t.vcf(p, depth-1)
	p.undo()
	return plies + 1, ok
}

// vct reports whether the side to move wins by continuous threats (threes and fours)
// with at most depth threes, and in how many plies: the most the defender can delay it.
func (t *threatSearch) vct(p *position, depth int) (int, bool) {
	if plies, ok := t.vcf(p, vcfDepth); ok || t.stopped || depth <= 0 {
		return plies, ok
	}
	a, d := p.turn, p.turn.Opponent()
	key, sym := p.key()
	e, hit := t.probe(key, kindVCT)
	if hit && (e.plies > 0 || int(e.depth) >= depth) {
		return int(e.plies), e.plies > 0
	}
	var buf, blocks [2]int
	then := func() (int, bool) {
		if len(p.wins(a, buf[:0])) == 0 && p.doubles(a, 1) == 0 {
			// A quiet move that leaves no cell making two fours at once is rarely a
			// threat, and the test that it is one (a VCF with a move in hand) is dear.
			return 0, false
		}
		return t.answer(p, depth)
	}
	if p.threats(d) > 0 {
		block := p.wins(d, blocks[:0])
		if len(block) > 1 {
			t.store(e, key, sym, kindVCT, provenDepth, 0, -1)
			return 0, false
		}
		return t.attack(p, e, key, sym, kindVCT, depth, block, then)
	}
	return t.attackThreats(p, e, key, sym, kindVCT, depth, 2, then)
}

// answer is vct after the attacker's move, with the defender to move and no four of its
// own: every reply that could matter must lose.
func (t *threatSearch) answer(p *position, depth int) (int, bool) {
	var buf [2]int
	if w := p.wins(p.turn.Opponent(), buf[:0]); len(w) > 1 || len(w) == 1 && !p.legal(w[0]) {
		return 2, true
	} else if len(w) == 1 {
		p.play(w[0])
		plies, ok := t.vct(p, depth) // a four costs the attacker no depth
		p.undo()
		return plies + 1, ok
	}
	replies, plies, ok := t.defences(p, t.take())
	defer t.done(replies)
	if !ok {
		return 0, false
	}
	for _, r := range replies {
		if !p.legal(r) {
			continue
		}
		p.play(r)
		n, ok := t.vct(p, depth-1)
		p.undo()
		if !ok {
			return 0, false
		}
		plies = max(plies, n+1)
	}
	return plies, true
}

// defences appends to dst, an empty list, with the defender to move after a quiet move
// of the attacker's, the replies that could stop the attacker: the empty cells of the
// zone of the VCF the attacker would have with one more move, and the defender's moves
// that make a four. It also returns how soon the attacker wins after any other reply. It
// fails when the attacker has no such VCF: then the move was no threat.
func (t *threatSearch) defences(p *position, dst []int) ([]int, int, bool) {
	p.pass()
	plies, ok := t.vcf(p, vcfDepth)
	zone := dst
	if ok {
		zone, ok = t.zone(p, dst)
	}
	p.pass()
	if !ok {
		return dst, 0, false
	}
	fours := t.threatMoves(p, p.turn, 1)
	for _, c := range fours {
		if !slices.Contains(zone, c) {
			zone = append(zone, c)
		}
	}
	t.done(fours)
	return zone, plies + 1, true
}

// zone follows the VCF that the table holds for the side to move, and appends to dst, an
// empty list, the empty cells that a mark of the defender's could spoil it from: the
// cells of every four the attacker makes, and the empty cells of the lines through each
// forced reply that would then be a four of the defender's with one more mark. It fails
// when the table no longer leads to the win, which proves nothing.
func (t *threatSearch) zone(p *position, dst []int) ([]int, bool) {
	a, d := p.turn, p.turn.Opponent()
	k := t.g.size.Win
	stamp, seen := t.seen.next(1), t.seen.seen
	zone := dst
	add := func(l int) {
		for _, c := range t.g.lines[l] {
			if seen[c] != stamp {
				seen[c] = stamp
				zone = append(zone, c)
			}
		}
	}
	played, ok := 0, false
	for {
		if p.threats(a) > 0 {
			for _, l := range p.shape[a][0].lines {
				add(int(l))
			}
			ok = true
			break
		}
		key, sym := p.key()
		e, hit := t.probe(key, kindVCF)
		if !hit || e.plies == 0 || e.move < 0 {
			break
		}
		c := t.g.inverse[sym][e.move]
		if p.cells[c] != game.Empty || !p.makesFour(p.turn, c) {
			break
		}
		if p.threats(d) > 0 {
			if w := p.wins(d, nil); len(w) > 1 || w[0] != c {
				break // the attacker must block the defender's four first
			}
		}
		p.play(c)
		played++
		for _, l := range t.g.through[c] {
			if p.openFor(a, l) && p.count[a][l] == k-1 {
				add(l)
			}
		}
		var buf [2]int
		w := p.wins(a, buf[:0])
		if len(w) > 1 {
			for _, l := range p.shape[a][0].lines {
				add(int(l))
			}
			ok = true
			break
		}
		p.play(w[0])
		played++
		for _, l := range t.g.through[w[0]] {
			if p.openFor(d, l) && p.count[d][l] == k-2 {
				add(l)
			}
		}
	}
	for range played {
		p.undo()
	}
	empty := zone[:len(dst)]
	for _, c := range zone[len(dst):] {
		if p.cells[c] == game.Empty {
			empty = append(empty, c)
		}
	}
	return empty, ok
}

// find looks for a forced win of the side to move, by VCF and then by VCT, each with a
// growing depth, and returns its first move and its length in plies.
func (t *threatSearch) find(p *position, limit int64) (move, plies int, ok bool) {
	defer bare(p)()
	t.nodes, t.limit, t.stopped = 0, limit, false
	if p.threats(p.turn) > 0 {
		var buf [2]int
		t.kind = kindVCF
		return p.wins(p.turn, buf[:0])[0], 1, true
	}
	kind := kindVCF
	for _, depth := range [...]int{2, 4, 8, vcfDepth} {
		if plies, ok = t.vcf(p, depth); ok || t.stopped {
			break
		}
	}
	for depth := 1; !ok && !t.stopped && depth <= vctDepth; depth++ {
		kind = kindVCT
		plies, ok = t.vct(p, depth)
	}
	if !ok {
		return -1, 0, false
	}
	t.kind = kind
	key, sym := p.key()
	if e, hit := t.probe(key, kind); hit && e.move >= 0 {
		return t.g.inverse[sym][e.move], plies, true
	}
	return -1, 0, false // the table lost the move; no win is claimed
}

// stops returns, with the attacker to move and a forced win found that starts with move,
// the cells where a mark of the defender's could stop it, and whether they are all: for a
// win by fours its zone (a mark anywhere else leaves it standing, move for move); for one
// with threes the first move and the replies to it that the search tried, which are not.
func (t *threatSearch) stops(p *position, move int) ([]int, bool) {
	defer bare(p)()
	key, _ := p.key()
	if e, hit := t.probe(key, kindVCF); hit && e.plies > 0 {
		if zone, ok := t.zone(p, nil); ok {
			return zone, true
		}
	}
	p.play(move)
	replies, _, _ := t.defences(p, nil)
	p.undo()
	return append(replies, move), false
}

// bare makes p's moves skip what only alpha-beta reads (the patterns) until the function
// it returns is called, which threat search does on entry and on return: every move it
// plays it takes back, so what was skipped is as it was. It visits a third of a move's
// positions and more, each a move and its undo, which the patterns would make dearer.
func bare(p *position) func() {
	if p.lean > 0 {
		panic("ai: threat search within a lean alpha-beta, whose lines are out of date")
	}
	p.bare++
	return func() { p.bare-- }
}
