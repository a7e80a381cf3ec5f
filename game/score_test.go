package game_test

import (
	"math"
	"testing"

	"tictactoe/game"
)

func TestElo(t *testing.T) {
	tests := []struct {
		p    float64
		want string
	}{
		{0.75, "+190.8"}, // 400·log10(3)
		{0.25, "-190.8"},
		{0.5, "0.0"},     // not "-0.0": −400·log10(1) is negative zero
		{0.7, "+147.2"},  // 400·log10(7/3)
		{0.9, "+381.7"},  // 400·log10(9)
		{0.50003, "0.0"}, // +0.02
		{0.49997, "0.0"}, // −0.02
		{1, "+inf"},
		{1.2, "+inf"},
		{0, "-inf"},
		{-0.1, "-inf"},
	}
	for _, tt := range tests {
		if got := game.FormatElo(game.Elo(tt.p)); got != tt.want {
			t.Errorf("Elo(%v) = %v, written %q; want %q", tt.p, game.Elo(tt.p), got, tt.want)
		}
	}
}

func TestScoreInterval(t *testing.T) {
	tests := []struct {
		name      string
		s         game.Score
		ratio     float64
		lo, hi    float64
		elo       string
		eloLo     string
		eloHi     string
		tolerance float64
	}{
		// p = 0.7; per-game variance (6·0.3² + 2·0.2² + 2·0.7²)/10 = 0.16; standard error
		// 0.4/√10 = 0.126491; ±1.96 of it: 0.452082 to 0.947918.
		{"6-2-2", game.Score{Wins: 6, Draws: 2, Losses: 2}, 0.7, 0.452082, 0.947918, "+147.2", "-33.4", "+504.0", 1e-6},
		// p = 0.75; variance (3·0.25² + 0.75²)/4 = 0.1875; error 0.216506; ±1.96: 0.325655
		// to 1.174345, cut to 1: an infinite upper end.
		{"3-0-1", game.Score{Wins: 3, Losses: 1}, 0.75, 0.325655, 1, "+190.8", "-126.4", "+inf", 1e-6},
		// Every game alike: the Wilson interval, (p + z²/2n ± z·√(p(1-p)/n + z²/4n²)) /
		// (1 + z²/n) with z² = 3.841459; all of 5 won: 5/8.841459 = 0.565518 to 1.
		{"all draws", game.Score{Draws: 8}, 0.5, 0.215216, 0.784784, "0.0", "-224.8", "+224.8", 1e-6},
		{"all wins", game.Score{Wins: 5}, 1, 0.565518, 1, "+inf", "+45.8", "+inf", 1e-6},
		{"all losses", game.Score{Losses: 5}, 0, 0, 0.434482, "-inf", "-inf", "-45.8", 1e-6},
		{"no games", game.Score{}, 0.5, 0, 1, "0.0", "-inf", "+inf", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lo, hi := tt.s.Interval()
			if r := tt.s.Ratio(); math.Abs(r-tt.ratio) > 1e-12 || math.Abs(lo-tt.lo) > tt.tolerance || math.Abs(hi-tt.hi) > tt.tolerance {
				t.Errorf("%+v: ratio %v, interval %v to %v; want %v, %v to %v", tt.s, r, lo, hi, tt.ratio, tt.lo, tt.hi)
			}
			got := [3]string{game.FormatElo(game.Elo(tt.s.Ratio())), game.FormatElo(game.Elo(lo)), game.FormatElo(game.Elo(hi))}
			if want := [3]string{tt.elo, tt.eloLo, tt.eloHi}; got != want {
				t.Errorf("%+v: Elo %s, interval %s to %s; want %s, %s to %s", tt.s, got[0], got[1], got[2], want[0], want[1], want[2])
			}
		})
	}
}
