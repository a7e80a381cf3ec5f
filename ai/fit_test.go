package ai

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tictactoe/game"
)

// The evaluation of five in a row (evaluateCells) is a weighted sum of counts of the
// position, its features; its weights (weights.go) were fitted to the results of games
// by TestFitEvaluation, which refits them from the games of `tictactoe arena --verbose`:
//
//	TICTACTOE_FIT='games/*.txt' go test ./ai -run TestFitEvaluation -v
//
// prints the new weights as Go, and how well they and the line counts predict the games
// they were not fitted to. With TICTACTOE_FIT_JUDGED in its place, it fits them to a
// stronger engine's judgement of positions (see readJudged) rather than to results:
//
//	TICTACTOE_FIT_JUDGED='judged/*.tsv' go test ./ai -run TestFitEvaluation -v
//
// Without either it checks the fit on games of a known model, and that the evaluation
// reads its features as the fit does.

// The features, in order: the move itself, the other side's doubles (up to two), whether
// the side to move has a four-three, a three-three, whether the other side has either, then
// each side's cells of each class (see cellClass).
const (
	featToMove = iota
	featTheirDoubles
	featFourThree
	featThreeThree
	featTheirFourThree
	featTheirThreeThree
	featClasses                               // the side to move's cells of class k are feature featClasses+k
	features    = featClasses + 2*cellClasses // the other side's, featClasses+cellClasses+k
)

// fitScale is the unit of the weights (see WinScale).
const fitScale = WinScale

// fitFeatures returns the features of a position of five in a row under freestyle where
// the side to move makes no double (which evaluateCells scores apart).
func fitFeatures(p *position) []float64 {
	me, them := p.turn, p.turn.Opponent()
	ps := p.pat
	f := make([]float64, features)
	one := func(n int) float64 { return float64(min(n, 1)) }
	f[featToMove] = 1
	f[featTheirDoubles] = float64(min(2, ps.doubles[them]))
	f[featFourThree] = one(ps.fourThrees[me])
	f[featThreeThree] = one(ps.threeThrees[me])
	f[featTheirFourThree] = one(ps.fourThrees[them])
	f[featTheirThreeThree] = one(ps.threeThrees[them])
	for k := range cellClasses {
		f[featClasses+k] = float64(ps.classes[me][k])
		f[featClasses+cellClasses+k] = float64(ps.classes[them][k])
	}
	return f
}

// currentWeights returns the weights of evaluateCells as a vector of the features.
func currentWeights() []float64 {
	w := make([]float64, features)
	w[featToMove] = toMoveWeight
	w[featTheirDoubles] = theirDoubleWeight
	w[featFourThree] = fourThreeWeight
	w[featThreeThree] = threeThreeWeight
	w[featTheirFourThree] = theirFourThreeWeight
	w[featTheirThreeThree] = theirThreeThreeWeight
	for best := range patterns {
		for second := range patterns {
			k := cellClass(best, second)
			w[featClasses+k] = float64(cellWeights[0][best][second])
			w[featClasses+cellClasses+k] = float64(cellWeights[1][best][second])
		}
	}
	return w
}

// A fitSample is a quiet position of a game: its features, the game's result for the
// side to move (1 a win, 0.5 a draw, 0 a loss), and the line counts' evaluation of it.
type fitSample struct {
	f      []float64
	result float64
	lines  float64
}

// fitLogistic fits w to the samples: the logistic regression of the results on the
// features, by Newton's method, with a small ridge (l2) that keeps features never seen
// at zero. The weights are in units of the logit.
func fitLogistic(samples []fitSample, l2 float64) []float64 {
	n := len(samples[0].f)
	w := make([]float64, n)
	for range 30 {
		grad := make([]float64, n)
		hess := make([][]float64, n)
		for i := range hess {
			hess[i] = make([]float64, n)
			hess[i][i] = l2
		}
		nz := make([]int, 0, n)
		for _, s := range samples {
			nz = nz[:0]
			z := 0.0
			for i, v := range s.f {
				if v != 0 {
					nz = append(nz, i)
					z += w[i] * v
				}
			}
			q := 1 / (1 + math.Exp(-z))
			r, h := q-s.result, q*(1-q)
			for a, i := range nz {
				grad[i] += r * s.f[i]
				for _, j := range nz[:a+1] {
					hess[i][j] += h * s.f[i] * s.f[j]
				}
			}
		}
		step := 0.0
		for i := range n {
			grad[i] += l2 * w[i]
			for j := range i {
				hess[j][i] = hess[i][j]
			}
		}
		d := solveLinear(hess, grad)
		for i := range w {
			w[i] -= d[i]
			step += d[i] * d[i]
		}
		if step < 1e-12 {
			break
		}
	}
	return w
}

// solveLinear solves a·x = b by Gaussian elimination with partial pivoting; a is
// positive definite here (a ridge is on its diagonal), so no pivot is zero.
func solveLinear(a [][]float64, b []float64) []float64 {
	n := len(b)
	m := make([][]float64, n)
	for i := range m {
		m[i] = append(append([]float64(nil), a[i]...), b[i])
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		m[c], m[p] = m[p], m[c]
		for r := c + 1; r < n; r++ {
			f := m[r][c] / m[c][c]
			for k := c; k <= n; k++ {
				m[r][k] -= f * m[c][k]
			}
		}
	}
	x := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		v := m[i][n]
		for k := i + 1; k < n; k++ {
			v -= m[i][k] * x[k]
		}
		x[i] = v / m[i][i]
	}
	return x
}

// logLoss is the mean log-loss of the predictions of score (a logit) for the samples.
func logLoss(samples []fitSample, score func(s fitSample) float64) float64 {
	sum := 0.0
	for _, s := range samples {
		q := min(max(1/(1+math.Exp(-score(s))), 1e-9), 1-1e-9)
		sum -= s.result*math.Log(q) + (1-s.result)*math.Log(1-q)
	}
	return sum / float64(len(samples))
}

// dot is the score of weights w (in units of fitScale) for the features f, as a logit.
func dot(w, f []float64) float64 {
	z := 0.0
	for i, v := range f {
		z += w[i] * v
	}
	return z / fitScale
}

var (
	fitArena   = regexp.MustCompile(`on a (\d+)×(\d+) board, 5 in a row`)
	fitOpening = regexp.MustCompile(`^Opening \d+: (.*)$`)
	fitPlays   = regexp.MustCompile(`^Computer \(([XO])\) plays (\d+) (\d+)$`)
	fitPlayers = regexp.MustCompile(`^Game \d+ \((.*) as X, (.*) as O\)$`)
	fitGame    = regexp.MustCompile(`^Game \d+ \(`) // a game's first line, which names its players
)

// An arenaGame is a game of an arena --verbose log of five in a row: its board, its
// moves (the opening's first), how many of them the opening placed, the names of the
// players of X and O, and the result for X (1 a win, 0.5 a draw, 0 a loss).
type arenaGame struct {
	size    game.Size
	moves   []game.Cell
	opening int
	players [2]string
	x       float64
}

// readArenaGames reads the games of an arena --verbose log of five in a row. The arena
// wraps its header (with the board's size and the rule) and each game's first line (with
// its players) within 80 columns, the lines after the first indented by two spaces:
// they are joined again here. Games with a forfeit are skipped.
func readArenaGames(r io.Reader) ([]arenaGame, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(data), "\n")
	var size game.Size
	var opening []game.Cell
	var games []arenaGame
	var g *arenaGame
	forfeit := false
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		header, first := strings.HasPrefix(line, "Arena: "), fitGame.MatchString(line) // a game's first line
		if header || first {
			for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "  ") {
				i++
				line += " " + strings.TrimSpace(lines[i])
			}
		}
		if header {
			if m := fitArena.FindStringSubmatch(line); m != nil && !strings.Contains(line, "exactly") {
				rows, _ := strconv.Atoi(m[1])
				cols, _ := strconv.Atoi(m[2])
				size = game.Size{Rows: rows, Cols: cols, Win: 5}
			}
			continue
		}
		if m := fitOpening.FindStringSubmatch(line); m != nil {
			opening = opening[:0]
			for _, stone := range strings.Split(m[1], ", ") {
				var mark string
				var c game.Cell
				if _, err := fmt.Sscanf(stone, "%s %d %d", &mark, &c.Row, &c.Col); err != nil {
					return nil, fmt.Errorf("opening %q: %v", line, err)
				}
				opening = append(opening, game.Cell{Row: c.Row - 1, Col: c.Col - 1})
			}
		}
		switch {
		case first:
			g, forfeit = nil, false
			if size.Rows > 0 {
				g = &arenaGame{size: size, moves: slices.Clone(opening), opening: len(opening)}
				if m := fitPlayers.FindStringSubmatch(line); m != nil {
					g.players = [2]string{m[1], m[2]}
				}
			}
		case g == nil:
		case strings.Contains(line, "forfeit"):
			forfeit = true
		case fitPlays.MatchString(line):
			m := fitPlays.FindStringSubmatch(line)
			row, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			g.moves = append(g.moves, game.Cell{Row: row - 1, Col: col - 1})
		case strings.HasPrefix(line, "Result: "):
			g.x = 0.5
			switch {
			case strings.HasPrefix(line, "Result: X wins"):
				g.x = 1
			case strings.HasPrefix(line, "Result: O wins"):
				g.x = 0
			}
			if !forfeit {
				games = append(games, *g)
			}
			g = nil
		}
	}
	return games, nil
}

// eachFile calls read with the name and contents of each file that pattern names (globs
// separated by spaces), and stops at its first error, which it returns.
func eachFile(pattern string, read func(name string, data []byte) error) error {
	for _, glob := range strings.Fields(pattern) {
		names, err := filepath.Glob(glob)
		if err != nil {
			return err
		}
		for _, name := range names {
			data, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			if err := read(name, data); err != nil {
				return err
			}
		}
	}
	return nil
}

// readFitGames reads the games of the arena --verbose logs that pattern names (globs
// separated by spaces).
func readFitGames(pattern string) ([]arenaGame, error) {
	var games []arenaGame
	err := eachFile(pattern, func(name string, data []byte) error {
		g, err := readArenaGames(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		games = append(games, g...)
		return nil
	})
	return games, err
}

// fitPositions plays moves on an empty board of size and returns its quiet positions
// from the fourth move on (see fitQuiet), with the result for the side to move, x being
// the result for X.
func fitPositions(size game.Size, moves []game.Cell, x float64) ([]fitSample, error) {
	var samples []fitSample
	_, err := replay(size, moves, func(i int, p *position) {
		if i < 3 || p.won || !fitQuiet(p) {
			return
		}
		result := x
		if p.turn == game.O {
			result = 1 - x
		}
		samples = append(samples, sampleOf(p, result))
	})
	return samples, err
}

// replay plays moves on an empty board of size, calling each, when not nil, with the
// index of each move and the position after it, and returns the last position.
func replay(size game.Size, moves []game.Cell, each func(i int, p *position)) (*position, error) {
	b, err := game.NewBoard(size, game.X)
	if err != nil {
		return nil, err
	}
	p := newPosition(b, geometryOf(size), nil, true)
	for i, c := range moves {
		cell, err := replayedMove(b, p, c, moves)
		if err != nil {
			return nil, err
		}
		p.play(cell)
		if each != nil {
			each(i, p)
		}
	}
	return p, nil
}

// sampleOf returns the quiet position p as a sample of the fits with result.
func sampleOf(p *position, result float64) fitSample {
	return fitSample{fitFeatures(p), result, float64(p.evaluateLines())}
}

// fitQuiet reports whether the position p is one the fits learn from: neither side has
// a four and the side to move makes no double, so that neither the blocks nor a win in
// two decide it.
func fitQuiet(p *position) bool {
	return p.threats(game.X) == 0 && p.threats(game.O) == 0 && p.pat.doubles[p.turn] == 0
}

// replayedMove returns the index of c, the next of a game's moves, in p, the game so far
// on b, or an error when c is not an empty cell of a game in play (a log's fault).
func replayedMove(b *game.Board, p *position, c game.Cell, moves []game.Cell) (int, error) {
	if !b.Contains(c) || p.cells[p.g.index(c)] != game.Empty || p.won {
		return 0, fmt.Errorf("move %v of %v: not an empty cell of a game in play", c, moves)
	}
	return p.g.index(c), nil
}

// TestFitEvaluation refits the evaluation's weights from the games in the files that
// TICTACTOE_FIT names, or from the judged positions in those TICTACTOE_FIT_JUDGED names
// (see readJudged); without either, it checks that the fit finds the weights of games
// drawn from a known model.
func TestFitEvaluation(t *testing.T) {
	pattern, judged := os.Getenv("TICTACTOE_FIT"), os.Getenv("TICTACTOE_FIT_JUDGED")
	var samples []fitSample
	var err error
	games := 0
	switch {
	case judged != "":
		pattern = judged
		samples, err = readJudged(judged)
	case pattern != "":
		samples, games, err = gameSamples(pattern)
	default:
		checkFitKnownModel(t)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) == 0 {
		t.Fatalf("no quiet position of five in a row in %s", pattern)
	}
	// One run of 500 positions in five (a few games: whole games, so that a game's other
	// positions, or a judged position's variants, do not stand in for it) is held out to
	// judge the fit.
	var train, held []fitSample
	for i, s := range samples {
		if i/500%5 == 0 {
			held = append(held, s)
		} else {
			train = append(train, s)
		}
	}
	// The weights in use are judged on every feature, before the rare ones are dropped.
	inUse := logLoss(held, func(s fitSample) float64 { return dot(currentWeights(), s.f) })
	// The classes met fewer than 300 times would only fit noise: they keep no weight.
	for k := featClasses; k < features; k++ {
		seen := 0
		for _, s := range train {
			if s.f[k] != 0 {
				seen++
			}
		}
		if seen < 300 {
			for _, s := range samples {
				s.f[k] = 0
			}
		}
	}
	w := fitLogistic(train, fitRidge)
	for i := range w {
		w[i] = math.Round(w[i] * fitScale)
	}
	t.Logf("%d games, %d positions (%d held out)", games, len(samples), len(held))
	t.Logf("mean log-loss of the held-out positions' results: the fit %.4f, the weights in use %.4f, the line counts %.4f, a coin %.4f",
		logLoss(held, func(s fitSample) float64 { return dot(w, s.f) }),
		inUse, logLoss(held, func(s fitSample) float64 { return s.lines / fitScale }),
		logLoss(held, func(fitSample) float64 { return 0 }))
	if judged != "" { // the least log-loss there is: the judge's own
		t.Logf("the judge's own log-loss: %.4f", logLoss(held, func(s fitSample) float64 {
			q := min(max(s.result, 1e-9), 1-1e-9)
			return math.Log(q / (1 - q))
		}))
	}
	var b strings.Builder
	for side := range 2 {
		fmt.Fprintf(&b, "\t{\n")
		for best := range patterns {
			fmt.Fprintf(&b, "\t\t{")
			for second := range patterns {
				if second > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%.0f", w[featClasses+side*cellClasses+cellClass(best, second)])
			}
			fmt.Fprintf(&b, "},\n")
		}
		fmt.Fprintf(&b, "\t},\n")
	}
	t.Logf("cellWeights:\n%s", b.String())
	t.Logf("toMove %.0f, theirDouble %.0f, fourThree %.0f, threeThree %.0f, theirFourThree %.0f, theirThreeThree %.0f",
		w[featToMove], w[featTheirDoubles], w[featFourThree], w[featThreeThree], w[featTheirFourThree], w[featTheirThreeThree])
}

// fitRidge is the ridge (l2) of TestFitEvaluation's fit, the one that fitted the weights
// in use to the results of games. On positions judged by Rapfi (see readJudged), ridges
// from 1 to 50 predicted the judgement of those held out within 0.002 of each other.
const fitRidge = 1

// gameSamples returns the quiet positions of the games in the arena logs that pattern
// names, each with its game's result, and how many games they came from.
func gameSamples(pattern string) ([]fitSample, int, error) {
	games, err := readFitGames(pattern)
	if err != nil {
		return nil, 0, err
	}
	var samples []fitSample
	for _, g := range games {
		s, err := fitPositions(g.size, g.moves, g.x)
		if err != nil {
			return nil, 0, err
		}
		samples = append(samples, s...)
	}
	return samples, len(games), nil
}

// judgedScale is the unit of a judge's scores in the files readJudged reads: a score of
// s says that the side to move wins with probability 1/(1+e^(-s/judgedScale)), as
// Rapfi's classical evaluation counts.
const judgedScale = 200

// readJudged reads the positions that a stronger engine judged, from the files that
// pattern names (globs separated by spaces): one position of 15×15 five in a row a
// line, its moves from X's first ("row,col", from 1, separated by spaces), a tab, and
// the engine's score for the side to move (see judgedScale), or +M or -M and a count
// of plies for a win or a loss it found. It returns the quiet ones (see fitQuiet),
// each with the probability that the side to move wins as its result.
func readJudged(pattern string) ([]fitSample, error) {
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	var samples []fitSample
	err := eachFile(pattern, func(name string, data []byte) error {
		for n, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			moves, score, ok := strings.Cut(line, "\t")
			if !ok {
				return fmt.Errorf("%s:%d: no tab in %q", name, n+1, line)
			}
			var result float64
			switch {
			case strings.HasPrefix(score, "+M"):
				result = 1
			case strings.HasPrefix(score, "-M"):
				result = 0
			default:
				v, err := strconv.Atoi(score)
				if err != nil {
					return fmt.Errorf("%s:%d: score %q: %v", name, n+1, score, err)
				}
				result = 1 / (1 + math.Exp(-float64(v)/judgedScale))
			}
			var cells []game.Cell
			for _, m := range strings.Fields(moves) {
				var c game.Cell
				if _, err := fmt.Sscanf(m, "%d,%d", &c.Row, &c.Col); err != nil {
					return fmt.Errorf("%s:%d: move %q: %v", name, n+1, m, err)
				}
				cells = append(cells, game.Cell{Row: c.Row - 1, Col: c.Col - 1})
			}
			s, err := judgedSample(size, cells, result)
			if err != nil {
				return fmt.Errorf("%s:%d: %v", name, n+1, err)
			}
			if s != nil {
				samples = append(samples, *s)
			}
		}
		return nil
	})
	return samples, err
}

// judgedSample plays moves on an empty board of size and returns the position they
// reach as a sample with result, or nil when the position is not quiet.
func judgedSample(size game.Size, moves []game.Cell, result float64) (*fitSample, error) {
	p, err := replay(size, moves, nil)
	if err != nil || p.won || !fitQuiet(p) {
		return nil, err
	}
	s := sampleOf(p, result)
	return &s, nil
}

// checkFitKnownModel draws results from a logistic model of a few features and checks
// that fitLogistic finds its weights again, and does better than a coin.
func checkFitKnownModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	want := []float64{0.3, -1.2, 0.8, 0}
	var samples []fitSample
	for range 20_000 {
		f := []float64{1, float64(rng.IntN(3)), rng.Float64() * 2, float64(rng.IntN(2))}
		z := 0.0
		for i, v := range f {
			z += want[i] * v
		}
		result := 0.0
		if rng.Float64() < 1/(1+math.Exp(-z)) {
			result = 1
		}
		samples = append(samples, fitSample{f: f, result: result})
	}
	got := fitLogistic(samples, 1)
	for i := range want {
		if math.Abs(got[i]-want[i]) > 0.1 {
			t.Errorf("weight %d: fitted %.3f, want %.3f (all %.3f)", i, got[i], want[i], got)
		}
	}
	fit := logLoss(samples, func(s fitSample) float64 { return dot(got, s.f) * fitScale })
	if coin := logLoss(samples, func(fitSample) float64 { return 0 }); fit >= coin {
		t.Errorf("log-loss of the fit %.4f, of a coin %.4f", fit, coin)
	}
}

// TestEvaluateCellsReadsFeatures checks that evaluateCells scores a position as its
// weights times its features (see fitFeatures), so that what the fit weighs is what the
// search reads, on random 15×15 positions, and doubleWin where the side to move makes a
// double.
func TestEvaluateCellsReadsFeatures(t *testing.T) {
	w := currentWeights()
	checked, doubles := 0, 0
	eachQuietPosition(rand.New(rand.NewPCG(3, 4)), 200, func(p *position) {
		got := p.evaluate()
		if p.pat.doubles[p.turn] > 0 {
			if got != doubleWin {
				t.Fatalf("after %v: evaluate %d with a double to play, want %d", p.moves, got, doubleWin)
			}
			doubles++
			return
		}
		if want := int(math.Round(dot(w, fitFeatures(p)) * fitScale)); got != want {
			t.Fatalf("after %v: evaluate %d, weights times features %d", p.moves, got, want)
		}
		checked++
	})
	if checked == 0 || doubles == 0 {
		t.Fatalf("%d positions checked, %d with a double: too few to check", checked, doubles)
	}
}

// TestReadJudged checks that readJudged reads a judge's scores as chances for the side
// to move, its forced wins and losses as certain, leaves out a position that is not
// quiet, and names a line it cannot read.
func TestReadJudged(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.tsv")
	lines := "8,8 7,7 8,9 7,8\t200\n" + // quiet: X to move, judged ahead
		"8,8 7,7 8,9 7,8 8,10\t-M4\n" + // quiet: O to move, judged lost
		"8,8 7,7 8,9 7,8 8,10 7,9 8,11\t+M1\n" // O to move against X's four: not quiet
	if err := os.WriteFile(good, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	samples, err := readJudged(good)
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != 2 {
		t.Fatalf("read %d quiet positions, want 2", len(samples))
	}
	if want := 1 / (1 + math.Exp(-1)); math.Abs(samples[0].result-want) > 1e-9 {
		t.Errorf("a score of 200 read as %.4f, want %.4f", samples[0].result, want)
	}
	if samples[1].result != 0 {
		t.Errorf("-M4 read as %.4f, want 0", samples[1].result)
	}
	bad := filepath.Join(dir, "bad.tsv")
	if err := os.WriteFile(bad, []byte("8,8 7,7\tgood\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readJudged(bad); err == nil || !strings.Contains(err.Error(), `"good"`) {
		t.Errorf("a score of \"good\": error %v, want one naming it", err)
	}
}

// TestReadArenaGames reads a log as arena --verbose writes it, its header wrapped within
// 80 columns and the boards left out, and finds both games, their moves and results.
func TestReadArenaGames(t *testing.T) {
	log := `Arena: heuristic against random, 1 opening of 3 stones near the centre, each
  played twice with the colours swapped: 2 games on a 15×15 board, 5 in a row,
  seed 3.
Opening 1: X 6 8, O 10 10, X 6 9
Game 1 (heuristic as X, random as O)
Computer (O) plays 5 3
Computer (X) plays 6 10
Computer (O) plays 3 1
Computer (X) plays 6 11
Computer (O) plays 10 2
Computer (X) plays 6 7
Result: X wins
Game 2 (pbrain:/an/engine/whose/path/is/long pbrain as X, pbrain:/another/engine
  --its-flag as O)
Computer (O) plays 6 10
Computer (X) plays 10 15
Computer (O) plays 7 10
Computer (X) plays 13 4
Computer (O) plays 8 10
Computer (X) plays 7 4
Computer (O) plays 9 10
Result: O wins
Game 3 (heuristic as X, random as O)
Computer (O) plays 5 3
Game 3: X (pbrain:/an/engine/whose/path/is/long pbrain --with --its --flags)
  forfeits: answered "hello", not a move X,Y
Result: O wins
Opening 2: X 8 8, O 9 9, X 8 9
Game 4 (random as X, heuristic as O)
Computer (O) plays 7 7
Result: O wins
`
	games, err := readArenaGames(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 {
		t.Fatalf("read %d games, want 3 (the third forfeited)", len(games))
	}
	want := []struct {
		moves int
		x     float64
		last  game.Cell
	}{
		{9, 1, game.Cell{Row: 5, Col: 6}},
		{10, 0, game.Cell{Row: 8, Col: 9}},
		{4, 0, game.Cell{Row: 6, Col: 6}},
	}
	for i, g := range games {
		w := want[i]
		if g.size != (game.Size{Rows: 15, Cols: 15, Win: 5}) || len(g.moves) != w.moves || g.x != w.x || g.moves[len(g.moves)-1] != w.last {
			t.Errorf("game %d: size %v, %d moves ending %v, X's result %v; want 15×15, %d moves ending %v, %v",
				i+1, g.size, len(g.moves), g.moves[len(g.moves)-1], g.x, w.moves, w.last, w.x)
		}
	}
	wantPlayers := [][2]string{
		{"heuristic", "random"},
		{"pbrain:/an/engine/whose/path/is/long pbrain", "pbrain:/another/engine --its-flag"},
		{"random", "heuristic"},
	}
	for i, g := range games {
		if g.players != wantPlayers[i] {
			t.Errorf("game %d: players %q, want %q", i+1, g.players, wantPlayers[i])
		}
	}
	if first := games[2].moves[0]; first != (game.Cell{Row: 7, Col: 7}) {
		t.Errorf("the last game opens at %v, want the second opening's 8 8", first)
	}
	samples, err := fitPositions(games[0].size, games[0].moves, games[0].x)
	if err != nil || len(samples) == 0 {
		t.Errorf("the first game gave %d positions to fit (error %v), want some", len(samples), err)
	}
}
