package ai

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"tictactoe/game"
)

// The move order of five in a row under freestyle (patternState.moveScore) adds up
// weights of what a move makes and what it stops (orderClassWeights,
// orderPatternWeights), fitted by TestFitMoveOrder to the moves of a player of the games
// of `tictactoe arena --verbose`, a stronger engine for choice:
//
//	TICTACTOE_FIT='games/*.txt' TICTACTOE_FIT_PLAYER=rapfi go test ./ai -run TestFitMoveOrder -v
//
// prints the new weights as Go, and how often the player's move is the first of the order
// and among the orderTop first, the order in use and the fit's, in games the fit did not
// see. The player is every one whose name in the log holds TICTACTOE_FIT_PLAYER. Without
// TICTACTOE_FIT it checks the fit on moves drawn from a known model.

// The order's features of a cell, as indices of its weights: the cell's class for the
// mover and for the other side, then the pattern of each of the four directions, for
// each. A cell has orderCellFeatures of them, some maybe the same.
const (
	orderMineClass     = 0
	orderTheirsClass   = cellClasses
	orderMinePattern   = 2 * cellClasses
	orderTheirsPattern = orderMinePattern + int(patterns)
	orderFeatures      = orderTheirsPattern + int(patterns)
	orderCellFeatures  = 10
)

// orderScale is the unit of the move order's weights: the fit's logits are multiplied
// by it and rounded.
const orderScale = 1000

// orderFeaturesOf returns the order's features of the empty cell c for a move of m's.
func orderFeaturesOf(ps *patternState, c int, m game.Mark) [orderCellFeatures]int {
	mine, theirs := ps.packed(m, c), ps.packed(m.Opponent(), c)
	f := [orderCellFeatures]int{
		orderMineClass + int(ps.shapes.class(mine)),
		orderTheirsClass + int(ps.shapes.class(theirs)),
	}
	for d := range 4 {
		f[2+d] = orderMinePattern + int(min(pattern(mine>>(4*d)&15), patF5))
		f[6+d] = orderTheirsPattern + int(min(pattern(theirs>>(4*d)&15), patF5))
	}
	return f
}

// currentOrderWeights returns the weights of the move order as a vector of the features.
func currentOrderWeights() []float64 {
	w := make([]float64, orderFeatures)
	for side, base := range []int{orderMineClass, orderTheirsClass} {
		for best := range patterns {
			for second := range patterns {
				w[base+cellClass(best, second)] = float64(orderClassWeights[side][best][second])
			}
		}
	}
	for side, base := range []int{orderMinePattern, orderTheirsPattern} {
		for p := range patterns {
			w[base+int(p)] = float64(orderPatternWeights[side][p])
		}
	}
	return w
}

// An orderSample is a position where a move was chosen: the features of each cell it
// could have been played in, the index of the one that was, and the worth the order in
// use gives each.
type orderSample struct {
	cells  [][orderCellFeatures]int
	chosen int
	worth  []int
}

// orderPositions plays the game g and returns the positions where a player whose name
// holds player moved, in quiet positions from the fourth move on (see fitQuiet): there
// the order decides what the search tries first. The
// candidates are the empty cells near the stones, as the search's.
func orderPositions(g arenaGame, player string) ([]orderSample, error) {
	b, err := game.NewBoard(g.size, game.X)
	if err != nil {
		return nil, err
	}
	p := newPosition(b, geometryOf(g.size), nil, true)
	var samples []orderSample
	for i, c := range g.moves {
		x, err := replayedMove(b, p, c, g.moves)
		if err != nil {
			return nil, err
		}
		me := p.turn
		if i >= max(3, g.opening) && strings.Contains(g.players[me-game.X], player) && fitQuiet(p) {
			s := orderSample{chosen: -1}
			for _, y := range p.nearEmpty(nil) {
				if y == x {
					s.chosen = len(s.cells)
				}
				s.cells = append(s.cells, orderFeaturesOf(p.pat, y, me))
				s.worth = append(s.worth, p.pat.moveScore(y, me))
			}
			if s.chosen >= 0 && len(s.cells) > 1 {
				samples = append(samples, s)
			}
		}
		p.play(x)
	}
	return samples, nil
}

// orderScores returns the scores of w for the cells of s.
func orderScores(w []float64, s orderSample) []float64 {
	scores := make([]float64, len(s.cells))
	for i, f := range s.cells {
		for _, k := range f {
			scores[i] += w[k]
		}
	}
	return scores
}

// fitOrder fits w to the samples: the conditional logit of the chosen cell among the
// candidates (the probability of a cell is proportional to the exponential of its
// score), by full-batch gradient descent with Adam's steps, with a small ridge (l2, on
// the mean loss) that keeps features never seen at zero. The weights are in units of the
// logit.
func fitOrder(samples []orderSample, l2 float64) []float64 {
	const rate, beta1, beta2 = 0.05, 0.9, 0.999
	w := make([]float64, orderFeatures)
	m := make([]float64, orderFeatures)
	v := make([]float64, orderFeatures)
	for step := 1; step <= 400; step++ {
		grad := make([]float64, orderFeatures)
		for _, s := range samples {
			scores := orderScores(w, s)
			top := math.Inf(-1)
			for _, x := range scores {
				top = max(top, x)
			}
			z := 0.0
			for i := range scores {
				scores[i] = math.Exp(scores[i] - top)
				z += scores[i]
			}
			// The gradient of the loss is E[x] less the chosen cell's x.
			for i, f := range s.cells {
				q := scores[i] / z
				if i == s.chosen {
					q--
				}
				for _, k := range f {
					grad[k] += q
				}
			}
		}
		for k := range w {
			g := grad[k]/float64(len(samples)) + l2*w[k]
			m[k] = beta1*m[k] + (1-beta1)*g
			v[k] = beta2*v[k] + (1-beta2)*g*g
			mh := m[k] / (1 - math.Pow(beta1, float64(step)))
			vh := v[k] / (1 - math.Pow(beta2, float64(step)))
			w[k] -= rate * mh / (math.Sqrt(vh) + 1e-8)
		}
	}
	return w
}

// orderTop is how many of the order's first moves orderHits counts as near the top: the
// beam the search tried below the root, at every depth, when the order was fitted.
const orderTop = 8

// orderHits returns the share of samples where the chosen cell comes first by score, and
// where it comes among the orderTop first (ties counted against it).
func orderHits(samples []orderSample, score func(s orderSample) []float64) (first, beam float64) {
	for _, s := range samples {
		scores := score(s)
		ahead := 0
		for i, v := range scores {
			if i != s.chosen && v >= scores[s.chosen] {
				ahead++
			}
		}
		if ahead == 0 {
			first++
		}
		if ahead < orderTop {
			beam++
		}
	}
	return first / float64(len(samples)), beam / float64(len(samples))
}

// TestFitMoveOrder refits the move order's weights from the games in the files that
// TICTACTOE_FIT names (see the comment at the top of this file); without it, it checks
// that the fit finds the weights of moves drawn from a known model.
func TestFitMoveOrder(t *testing.T) {
	pattern := os.Getenv("TICTACTOE_FIT")
	if pattern == "" {
		checkOrderKnownModel(t)
		return
	}
	player := os.Getenv("TICTACTOE_FIT_PLAYER")
	games, err := readFitGames(pattern)
	if err != nil {
		t.Fatal(err)
	}
	// One game in five is held out to judge the fit.
	var train, held []orderSample
	for i, g := range games {
		s, err := orderPositions(g, player)
		if err != nil {
			t.Fatal(err)
		}
		if i%5 == 0 {
			held = append(held, s...)
		} else {
			train = append(train, s...)
		}
	}
	if len(train) == 0 || len(held) == 0 {
		t.Fatalf("no move of %q in five in a row in %s", player, pattern)
	}
	w := fitOrder(train, 1e-4)
	for i := range w {
		w[i] = math.Round(w[i] * orderScale)
	}
	t.Logf("%d games, %d moves of %q (%d held out)", len(games), len(train)+len(held), player, len(held))
	inUse := func(s orderSample) []float64 {
		scores := make([]float64, len(s.worth))
		for i, v := range s.worth {
			scores[i] = float64(v)
		}
		return scores
	}
	first, beam := orderHits(held, inUse)
	t.Logf("held out, the move is first and among the %d first: the order in use %.3f, %.3f", orderTop, first, beam)
	first, beam = orderHits(held, func(s orderSample) []float64 { return orderScores(w, s) })
	t.Logf("the fit %.3f, %.3f", first, beam)
	var b strings.Builder
	b.WriteString("orderClassWeights:\n")
	for side, base := range []int{orderMineClass, orderTheirsClass} {
		fmt.Fprintf(&b, "\t{ // side %d\n", side)
		for best := range patterns {
			fmt.Fprintf(&b, "\t\t{")
			for second := range patterns {
				if second > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%.0f", w[base+cellClass(best, second)])
			}
			fmt.Fprintf(&b, "},\n")
		}
		fmt.Fprintf(&b, "\t},\n")
	}
	b.WriteString("orderPatternWeights:\n")
	for _, base := range []int{orderMinePattern, orderTheirsPattern} {
		fmt.Fprintf(&b, "\t{")
		for p := range patterns {
			if p > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%.0f", w[base+int(p)])
		}
		fmt.Fprintf(&b, "},\n")
	}
	t.Log(b.String())
}

// checkOrderKnownModel draws choices from a conditional logit of a few features and
// checks that fitOrder finds its weights again.
func checkOrderKnownModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	want := make([]float64, orderFeatures)
	used := []int{orderMineClass + 3, orderTheirsClass + 7, orderMinePattern + 2, orderTheirsPattern + 5}
	for i, k := range used {
		want[k] = []float64{1.5, -1, 0.7, 2}[i]
	}
	var samples []orderSample
	for range 5000 {
		var s orderSample
		for range 5 + rng.IntN(20) {
			var f [orderCellFeatures]int
			for i := range f {
				f[i] = used[rng.IntN(len(used))]
			}
			s.cells = append(s.cells, f)
		}
		scores := orderScores(want, s)
		z := 0.0
		for _, v := range scores {
			z += math.Exp(v)
		}
		u := rng.Float64() * z
		for i, v := range scores {
			if u -= math.Exp(v); u <= 0 || i == len(scores)-1 {
				s.chosen = i
				break
			}
		}
		samples = append(samples, s)
	}
	got := fitOrder(samples, 1e-4)
	// Only differences between cells count: a weight added to every feature changes
	// no choice, as every cell has the same count of features, so the weights are
	// compared less their mean over the features used.
	center := func(w []float64) []float64 {
		mean := 0.0
		for _, k := range used {
			mean += w[k] / float64(len(used))
		}
		c := make([]float64, len(used))
		for i, k := range used {
			c[i] = w[k] - mean
		}
		return c
	}
	g, wnt := center(got), center(want)
	for i := range g {
		if math.Abs(g[i]-wnt[i]) > 0.15 {
			t.Errorf("weight of feature %d: fitted %.3f, want %.3f (less the mean)", used[i], g[i], wnt[i])
		}
	}
}

// TestMoveScoreReadsOrderWeights checks that moveScore scores a move as the order's
// weights times its features (see orderFeaturesOf), past the bonus of a double, in
// random 15×15 positions of five in a row.
func TestMoveScoreReadsOrderWeights(t *testing.T) {
	w := currentOrderWeights()
	checked, doubles := 0, 0
	eachQuietPosition(rand.New(rand.NewPCG(7, 8)), 50, func(p *position) {
		for c, m := range p.cells {
			if m != game.Empty || p.pat.packed(game.X, c) == 0 && p.pat.packed(game.O, c) == 0 {
				continue
			}
			want := orderBase
			for _, k := range orderFeaturesOf(p.pat, c, p.turn) {
				want += int(w[k])
			}
			if p.pat.shapes.flag(p.pat.packed(p.turn, c))&shapeDouble != 0 {
				want += orderDouble
				doubles++
			}
			if got := p.pat.moveScore(c, p.turn); got != want {
				t.Fatalf("after %v: moveScore(%d) %d, weights times features %d", p.moves, c, got, want)
			}
			checked++
		}
	})
	if checked == 0 || doubles == 0 {
		t.Fatalf("%d cells checked, %d where the mover makes a double: too few to check", checked, doubles)
	}
}
